//! A corpus run accounts for every record exactly once, in input order, whatever the number
//! of threads: each game of each file is a report (finished or unfinished) or an error, and
//! a broken file or game is one error in its place.

use gorules_compare::corpus::{compare_paths, score_columns, GameEntry, RunLimits, Tally};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{fixed, RulesetChoice};
use proptest::prelude::*;

/// The rulesets and options of these runs: Chinese rules, no dead stones.
fn chinese_without_dead_stones() -> (Vec<RulesetChoice>, Options) {
    let rulesets = fixed(vec![gorules_rules::builtin("chinese").unwrap()]);
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    (rulesets, options)
}

/// One file of the generated corpus: its text and what a run must report for it, one word
/// per game (`finished`, `unfinished`, `error`).
fn file_kind() -> impl Strategy<Value = (String, Vec<&'static str>)> {
    prop_oneof![
        Just((
            "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[];W[])".to_string(),
            vec!["finished"]
        )),
        Just((
            "(;GM[1]SZ[5]RE[B+R];B[cc];W[dd])".to_string(),
            vec!["unfinished"]
        )),
        Just((
            "(;GM[1]SZ[5];B[cc];W[];B[])(;GM[1]SZ[5]RE[W+R];B[aa])".to_string(),
            vec!["finished", "unfinished"]
        )),
        // The second game is cut off: an error in its place, the first still read.
        Just((
            "(;GM[1]SZ[5];B[cc];W[];B[])(;GM[1]SZ[5];B[cc];W[dd".to_string(),
            vec!["finished", "error"]
        )),
        // A move onto an occupied point: that game is an error.
        Just((
            "(;GM[1]SZ[5];B[cc];W[cc];B[];W[])".to_string(),
            vec!["error"]
        )),
        Just(("not SGF at all".to_string(), vec!["error"])),
    ]
}

fn kind_of(e: &GameEntry) -> &'static str {
    match e {
        GameEntry::Error { .. } => "error",
        GameEntry::Report(r) if r.game.ended_by_passes => "finished",
        GameEntry::Report(_) => "unfinished",
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn every_record_is_reported_once_in_order(
        files in proptest::collection::vec(file_kind(), 1..24),
        jobs in 1usize..5,
    ) {
        let dir = std::env::temp_dir().join(format!(
            "gorules-corpus-prop-{}-{}",
            std::process::id(),
            files.len() * 10 + jobs
        ));
        let _ = std::fs::remove_dir_all(&dir);
        // Two levels of folders, so the walk goes down and up again.
        let mut expected = Vec::new();
        for (i, (text, kinds)) in files.iter().enumerate() {
            let sub = dir.join(format!("d{}", i / 5));
            std::fs::create_dir_all(&sub).unwrap();
            let path = sub.join(format!("{i:03}.sgf"));
            std::fs::write(&path, text).unwrap();
            for k in kinds {
                expected.push((path.display().to_string(), *k));
            }
        }
        let (rulesets, options) = chinese_without_dead_stones();
        let limits = RunLimits { jobs, ..RunLimits::default() };
        let mut seen = Vec::new();
        let mut tally = Tally::new(score_columns(&rulesets, &options));
        let inputs = compare_paths(std::slice::from_ref(&dir), &rulesets, &options, limits, &|| {}, |e| {
            tally.add(&e);
            let source = match &e {
                GameEntry::Error { source, .. } => source.clone(),
                GameEntry::Report(r) => r.game.source.clone().unwrap_or_default(),
            };
            seen.push((source, kind_of(&e)));
        });
        let _ = std::fs::remove_dir_all(&dir);
        prop_assert_eq!(inputs.paths, files.len());
        prop_assert_eq!(&seen, &expected);
        let s = tally.summary();
        prop_assert_eq!(s.games, expected.len());
        prop_assert_eq!(s.games, s.finished + s.unfinished + s.errors);
        prop_assert_eq!(s.errors, expected.iter().filter(|e| e.1 == "error").count());
    }
}

/// A run its consumer stops: the entries before the stop come in order, none after it, and
/// only a few files past it are ever started (the reorder window), not the whole corpus.
#[test]
fn a_run_stopped_by_its_consumer_hands_out_nothing_more() {
    use gorules_compare::corpus::{compare_paths_map_while, REORDER_WINDOW_PER_JOB};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = std::env::temp_dir().join(format!("gorules-corpus-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files = 400;
    for i in 0..files {
        std::fs::write(
            dir.join(format!("{i:04}.sgf")),
            "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[];W[])",
        )
        .unwrap();
    }
    let (rulesets, options) = chinese_without_dead_stones();
    for jobs in [1, 2, 3] {
        let started = AtomicUsize::new(0);
        let mut seen = Vec::new();
        let inputs = compare_paths_map_while(
            std::slice::from_ref(&dir),
            &rulesets,
            &options,
            RunLimits {
                jobs,
                ..RunLimits::default()
            },
            &|| {
                started.fetch_add(1, Ordering::Relaxed);
            },
            &|e| match e {
                GameEntry::Report(r) => r.game.source.unwrap_or_default(),
                GameEntry::Error { error, .. } => panic!("{error}"),
            },
            |source| {
                seen.push(source);
                seen.len() < 10
            },
        );
        let expected: Vec<String> = (0..10)
            .map(|i| dir.join(format!("{i:04}.sgf")).display().to_string())
            .collect();
        assert_eq!(seen, expected, "jobs {jobs}");
        // The tenth file's entry was handed out, and the run stopped there.
        assert_eq!(inputs.paths, 10, "jobs {jobs}");
        let done = started.load(Ordering::Relaxed);
        assert!(
            done < 10 + REORDER_WINDOW_PER_JOB * jobs + 8,
            "jobs {jobs}: {done} files started"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files of many games each: while the calling thread is held up on the first entry, the
/// other threads stop once the finished files waiting hold a window's worth of entries, not a
/// window's worth of files (which would be fifty times as many entries held).
#[test]
fn the_reorder_window_counts_the_entries_of_files_of_many_games() {
    use gorules_compare::corpus::{compare_paths_map_while, REORDER_WINDOW_PER_JOB};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = std::env::temp_dir().join(format!("gorules-corpus-window-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let games = 50;
    let files = 40;
    let text = "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[];W[])".repeat(games);
    for i in 0..files {
        std::fs::write(dir.join(format!("{i:04}.sgf")), &text).unwrap();
    }
    let (rulesets, options) = chinese_without_dead_stones();
    let jobs = 3;
    let done = AtomicUsize::new(0);
    let mut handed_out = 0;
    let mut done_while_held = 0;
    let inputs = compare_paths_map_while(
        std::slice::from_ref(&dir),
        &rulesets,
        &options,
        RunLimits {
            jobs,
            ..RunLimits::default()
        },
        &|| {
            done.fetch_add(1, Ordering::Relaxed);
        },
        &|e| matches!(e, GameEntry::Report(_)),
        |report| {
            assert!(report);
            if handed_out == 0 {
                // Time for the other threads to fill the window.
                std::thread::sleep(std::time::Duration::from_millis(1500));
                done_while_held = done.load(Ordering::Relaxed);
            }
            handed_out += 1;
            true
        },
    );
    assert_eq!(inputs.paths, files);
    assert_eq!(handed_out, files * games);
    // The file handed out, the window's entries and the two files under way then.
    let window_files = (REORDER_WINDOW_PER_JOB * jobs).div_ceil(games);
    assert!(
        done_while_held <= 1 + window_files + jobs,
        "{done_while_held} files done while the first entry was held; the window holds \
         {window_files} files of {games} games"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
