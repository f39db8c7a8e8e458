//! `gorules compare PATH...`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use gorules_compare::corpus::{collect_files, compare_files, summarize, GameEntry};
use gorules_compare::render::render_corpus;
use gorules_compare::replay::Options;
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{self, ScoringArgs};

/// Replays every game under each ruleset in parallel; exit code 1 when some file failed.
pub fn run(
    paths: &[PathBuf],
    scoring: &ScoringArgs,
    jobs: Option<usize>,
) -> Result<ExitCode, String> {
    let rulesets = args::rulesets(&scoring.rules)?;
    let files = collect_files(paths)?;
    let options = Options {
        komi: args::komi(scoring.komi)?,
        dead: None,
        countings: scoring.counting.filter(),
        score_unfinished: false,
    };
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(files.len() as u64);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}")
                .expect("a valid template"),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let tick = || bar.inc(1);
    let entries = compare_files(&files, &rulesets, &options, jobs, &tick);
    bar.finish_and_clear();
    let summary = summarize(&entries);
    print!(
        "{}",
        render_corpus(&entries, &summary, scoring.format.into())
    );
    for e in &entries {
        if let GameEntry::Error { error, .. } = e {
            eprintln!("gorules: skipped: {error}");
        }
    }
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
