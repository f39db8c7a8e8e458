//! `gorules compare PATH...`.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gorules_compare::corpus::{
    compare_paths_map, score_columns, GameEntry, RunLimits, Tally, TallyRow,
};
use gorules_printers::{summary_output, CorpusPrinter, Format, Sink};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{self, ScoringArgs};
use crate::output::Stdout;

/// What `compare` was asked.
pub struct Request<'a> {
    /// The files and directories.
    pub paths: &'a [PathBuf],
    /// Rulesets, counting methods, komi, format.
    pub scoring: &'a ScoringArgs,
    /// Where the dead stones come from.
    pub dead: &'a args::DeadArgs,
    /// Threads.
    pub jobs: Option<usize>,
    /// The size cap of a file.
    pub max_file_size: u64,
    /// Examples of winner changes kept per pair.
    pub examples: usize,
    /// The file the games go to (`-o`), instead of standard output.
    pub out: Option<&'a Path>,
}

/// Replays every game under each ruleset in parallel, writing each game's row as it is done
/// (in input order) and the summary at the end; exit code 1 when some file or game failed.
pub fn run(req: &Request) -> Result<ExitCode, String> {
    let format = req.scoring.format;
    if format.is_binary() && req.out.is_none() {
        return Err(format!(
            "--format {format} writes a binary file: name it with -o FILE.{format} (the summary then goes to standard output)"
        ));
    }
    let request = req.scoring.request(req.dead)?;
    let (rulesets, options) = (request.rules, request.options);
    let jobs = gorules_compare::corpus::jobs(req.jobs).map_err(|e| format!("--jobs: {e}"))?;
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
    let out_name = req.out.map(|p| p.display().to_string());
    let cannot_write = |e: std::io::Error| {
        format!(
            "cannot write {}: {e}",
            out_name.as_deref().unwrap_or("standard output")
        )
    };
    let wtr: Box<dyn Write + Send> = match req.out {
        Some(path) => Box::new(BufWriter::with_capacity(
            256 * 1024,
            File::create(path).map_err(cannot_write)?,
        )),
        None => Box::new(Stdout),
    };
    let mut printer = CorpusPrinter::try_new(format, columns.clone(), wtr).map_err(cannot_write)?;
    let mut tally = Tally::new(columns).examples(req.examples);
    let wants_examples = tally.wants_examples();
    let limits = RunLimits {
        jobs,
        max_file_size: req.max_file_size,
    };
    // Each game's piece of output and summary row are made on the worker that replayed it; the
    // calling thread only counts and writes, in order.
    let layout = printer.layout().clone();
    let prepare = |e: GameEntry| {
        let error = match &e {
            GameEntry::Error { error, .. } => Some(error.clone()),
            GameEntry::Report(_) => None,
        };
        let row = TallyRow::with_examples(layout.columns(), &e, wants_examples);
        (layout.into_piece(e), row, error)
    };
    // The first write error, after which nothing more is written.
    let mut write_error = None;
    let inputs = compare_paths_map(
        req.paths,
        &rulesets,
        &options,
        limits,
        &tick,
        &prepare,
        |(piece, row, error)| {
            tally.add_row(&row);
            if write_error.is_none() {
                if let Err(e) = printer.write_piece(piece) {
                    write_error = Some(e);
                }
            }
            if let Some(error) = error {
                bar.suspend(|| crate::output::warn(&format!("skipped: {error}")));
            }
        },
    );
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(cannot_write(e));
    }
    if inputs.paths == 0 {
        let named: Vec<String> = req.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!("no SGF file (*.sgf) in {}", named.join(", ")));
    }
    let summary = tally.summary();
    printer.finish(Some(&summary)).map_err(cannot_write)?;
    if format.is_binary() {
        if let Some(text) = summary_output(&summary, Format::Table) {
            crate::output::print_bytes(&text);
        }
    }
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
