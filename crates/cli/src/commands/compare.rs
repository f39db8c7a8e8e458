//! `gorules compare PATH...`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use gorules_compare::corpus::{
    compare_paths_map, score_columns, GameEntry, RunLimits, Tally, TallyRow,
};
use gorules_printers::{CorpusPrinter, Sink};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{self, ScoringArgs};
use crate::output::Stdout;

/// Replays every game under each ruleset in parallel, writing each game's row as it is done
/// (in input order) and the summary at the end; exit code 1 when some file or game failed.
pub fn run(
    paths: &[PathBuf],
    scoring: &ScoringArgs,
    dead: &args::DeadArgs,
    jobs: Option<usize>,
    max_file_size: u64,
    examples: usize,
) -> Result<ExitCode, String> {
    let request = scoring.request(dead)?;
    let (rulesets, options) = (request.rules, request.options);
    let jobs = gorules_compare::corpus::jobs(jobs).map_err(|e| format!("--jobs: {e}"))?;
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new_spinner();
        b.set_style(
            ProgressStyle::with_template("{spinner} {pos} files {elapsed} ({per_sec})")
                .expect("a valid template"),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let tick = || bar.inc(1);
    let columns = score_columns(&rulesets, &options);
    let mut printer = CorpusPrinter::new(scoring.format, columns.clone(), Stdout);
    let mut tally = Tally::new(columns).examples(examples);
    let wants_examples = tally.wants_examples();
    let limits = RunLimits {
        jobs,
        max_file_size,
    };
    // Each game's piece of output and summary row are made on the worker that replayed it; the
    // calling thread only counts and writes, in order.
    let layout = printer.layout().clone();
    let prepare = |e: GameEntry| {
        let error = match &e {
            GameEntry::Error { error, .. } => Some(error.clone()),
            GameEntry::Report(_) => None,
        };
        (
            layout.piece(&e),
            TallyRow::with_examples(layout.columns(), &e, wants_examples),
            error,
        )
    };
    let inputs = compare_paths_map(
        paths,
        &rulesets,
        &options,
        limits,
        &tick,
        &prepare,
        |(piece, row, error)| {
            tally.add_row(&row);
            // Standard output never fails here (`Stdout` ends the program on an error).
            let _ = printer.write_piece(piece);
            if let Some(error) = error {
                bar.suspend(|| crate::output::warn(&format!("skipped: {error}")));
            }
        },
    );
    bar.finish_and_clear();
    if inputs.paths == 0 {
        let named: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!("no SGF file (*.sgf) in {}", named.join(", ")));
    }
    let summary = tally.summary();
    let _ = printer.finish(Some(&summary));
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
