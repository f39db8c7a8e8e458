//! `gorules compare PATH...`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use gorules_compare::corpus::{
    compare_paths_map, score_columns, GameEntry, RunLimits, Tally, TallyRow,
};
use gorules_compare::corpus_printer::CorpusPrinter;
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{self, ScoringArgs};

/// Output is written when this much has gathered (and at the end).
const WRITE_AT: usize = 64 * 1024;

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
    let mut printer = CorpusPrinter::new(scoring.format, columns.clone());
    let mut tally = Tally::new(columns).examples(examples);
    let wants_examples = tally.wants_examples();
    let limits = RunLimits {
        jobs,
        max_file_size,
    };
    let mut started = false;
    let mut pending = String::with_capacity(2 * WRITE_AT);
    // Each game's text and summary row are made on the worker that replayed it; the calling
    // thread only counts and writes, in order.
    let shared = CorpusPrinter::new(scoring.format, score_columns(&rulesets, &options));
    let prepare = |e: GameEntry| {
        let error = match &e {
            GameEntry::Error { error, .. } => Some(error.clone()),
            GameEntry::Report(_) => None,
        };
        (
            shared.game_text(&e),
            TallyRow::with_examples(shared.columns(), &e, wants_examples),
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
        |(text, row, error)| {
            if !started {
                pending.push_str(&printer.begin());
                started = true;
            }
            tally.add_row(&row);
            pending.push_str(printer.separator());
            if text.len() >= WRITE_AT / 4 {
                // A large piece (a game's JSON) is not copied: what has gathered is written,
                // and the piece becomes what gathers.
                crate::output::print(&pending);
                pending = text;
            } else {
                pending.push_str(&text);
            }
            // Written in pieces of some 64 KB: one write for many table rows, and the order
            // of standard output and error kept for an error.
            if pending.len() >= WRITE_AT || error.is_some() {
                crate::output::print(&pending);
                pending.clear();
            }
            if let Some(error) = error {
                bar.suspend(|| crate::output::warn(&format!("skipped: {error}")));
            }
        },
    );
    crate::output::print(&pending);
    bar.finish_and_clear();
    if inputs.paths == 0 {
        let named: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!("no SGF file (*.sgf) in {}", named.join(", ")));
    }
    let summary = tally.summary();
    out!("{}", printer.end(&summary));
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
