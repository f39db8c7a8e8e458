//! `gorules compare PATH...`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use gorules_compare::corpus::{
    collect_files, compare_files, compare_files_each, summarize, GameEntry, Tally,
};
use gorules_compare::render::{render_corpus, CorpusRows, Format};
use gorules_compare::replay::Options;
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{self, ScoringArgs};

/// Replays every game under each ruleset in parallel; exit code 1 when some file failed.
pub fn run(
    paths: &[PathBuf],
    scoring: &ScoringArgs,
    dead: &args::DeadArgs,
    jobs: Option<usize>,
) -> Result<ExitCode, String> {
    let rulesets = args::rulesets(&scoring.rules)?;
    let files = collect_files(paths)?;
    let options = Options {
        komi: args::komi(scoring.komi)?,
        dead: dead.choice()?,
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
    let format = scoring.format.into();
    // JSON is written from all the reports at once; the other formats keep each game's row
    // and the summary's counts as the games are done, not the reports.
    let mut errors = Vec::new();
    let (summary, out) = if format == Format::Json {
        let entries = compare_files(&files, &rulesets, &options, jobs, &tick);
        bar.finish_and_clear();
        let summary = summarize(&entries);
        errors.extend(entries.iter().filter_map(|e| match e {
            GameEntry::Error { error, .. } => Some(error.clone()),
            GameEntry::Report(_) => None,
        }));
        let out = render_corpus(&entries, &summary, format);
        (summary, out)
    } else {
        let mut tally = Tally::default();
        let mut rows = CorpusRows::new(format);
        compare_files_each(&files, &rulesets, &options, jobs, &tick, |e| {
            tally.add(&e);
            rows.add(&e);
            if let GameEntry::Error { error, .. } = e {
                errors.push(error);
            }
        });
        bar.finish_and_clear();
        let summary = tally.summary();
        let out = rows.render(&summary);
        (summary, out)
    };
    out!("{out}");
    for error in &errors {
        crate::output::warn(&format!("skipped: {error}"));
    }
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
