//! Fuzzing the SGF-to-record path: arbitrary text and bytes, SGF-flavoured noise, and mutated
//! valid records must never panic. Whatever is accepted must replay without panicking and
//! survive `to_sgf` and a second reading unchanged.
//!
//! Cases per property are set below (`CASES_*`); together about 15,000 inputs per run.

use gorules_board::Point;
use gorules_checks::sgf_mutations::{apply, edit};
use gorules_sgf::{parse_sgf, parse_sgf_bytes, to_sgf, with_markup, GameMarkup, GameRecord};
use proptest::prelude::*;

const CASES_TEXT: u32 = 3_000;
const CASES_SGF_NOISE: u32 = 3_000;
const CASES_BYTES: u32 = 2_000;
const CASES_MUTATED: u32 = 7_000;

/// Valid records to mutate: the fixtures, plus a few shapes the fixtures lack.
const SEEDS: &[&str] = &[
    include_str!("../../../tests/fixtures/sgf/tiny_5x5_two_passes.sgf"),
    include_str!("../../../tests/fixtures/sgf/handicap_ab.sgf"),
    include_str!("../../../tests/fixtures/sgf/variations.sgf"),
    include_str!("../../../tests/fixtures/sgf/collection_two_games.sgf"),
    include_str!("../../../tests/fixtures/sgf/markup_dead_stone.sgf"),
    include_str!("../../../tests/fixtures/sgf/ff3_tt_passes.sgf"),
    "(;FF[4]GM[1]SZ[9:7]KM[7]RU[koSITUATIONALscoreTERRITORYtaxSEKIsui0button1]RE[0]\
     C[startTurnIdx=0];B[ee]C[0.5 v=30];W[dd];B[];W[];B[cc];W[];B[])",
    "(;SZ[25]AB[aa:cc][yy]AW[dd]AE[bb]HA[9]KM[-3.5]PL[W];W[tt];B[];W[xy]TB[ee:gg]TW[])",
    "(;GM[1]SZ[19]HA[2];AB[dp][pd];W[qp];B[tt]W[tt]LB[dd:A]MN[5])",
    // Passes written as empty nodes (GNU Go), the last two ending the game.
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];;B[dc];W[bb];;)",
];

/// Characters that matter to SGF, to insert and substitute.
const ALPHABET: &[char] = &[
    '(', ')', ';', '[', ']', '\\', ':', 'B', 'W', 'A', 'E', 'S', 'Z', 'K', 'M', 'H', 'T', 'G', 'C',
    'a', 'e', 's', 't', 'z', '0', '1', '9', '-', '.', ' ', '\n', 'é', '\u{feff}',
];

/// Exercises everything a caller may do with an accepted record.
fn use_records(games: &[GameRecord]) {
    for g in games {
        let _ = g.final_board();
        let _ = g.dead_stones_from_markup();
        let _ = g.ended_by_two_passes();
        let _ = g.rules_hint();
        let text = to_sgf(g);
        let again = parse_sgf(&text, None)
            .unwrap_or_else(|e| panic!("to_sgf output does not read back: {e}\n{text}"));
        assert_eq!(again.len(), 1);
        let mut want = g.clone();
        want.move_nodes = (1..=g.moves.len()).collect();
        want.source_name = None;
        want.game_index = 0;
        // Written out, the implied passes are passes like any other.
        want.implied_passes = 0;
        assert_eq!(again[0], want, "{text}");
    }
}

fn check_text(text: &str) {
    if let Ok(games) = parse_sgf(text, Some("fuzz.sgf")) {
        use_records(&games);
        check_markup(text, &games);
    }
}

/// `with_markup` on an accepted text: the result reads back as the same games, each with the
/// markup written (the first point of the board as Black's, the last as White's) and the
/// result where it had none; nothing else changes.
fn check_markup(text: &str, games: &[GameRecord]) {
    let markups: Vec<Option<GameMarkup>> = games
        .iter()
        .map(|g| {
            let last = Point::new(g.size.width() - 1, g.size.height() - 1);
            Some(GameMarkup {
                black: vec![Point::new(0, 0)],
                white: if last == Point::new(0, 0) {
                    vec![]
                } else {
                    vec![last]
                },
                result: Some("B+R".into()),
                ..GameMarkup::default()
            })
        })
        .collect();
    let out = with_markup(text, &markups);
    let again = parse_sgf(&out, Some("fuzz.sgf"))
        .unwrap_or_else(|e| panic!("with_markup output does not read back: {e}\n{out}"));
    assert_eq!(again.len(), games.len(), "{out}");
    for ((before, after), m) in games.iter().zip(&again).zip(&markups) {
        let m = m.as_ref().unwrap();
        assert_eq!(after.moves, before.moves, "{out}");
        assert_eq!(
            after.ended_by_two_passes(),
            before.ended_by_two_passes(),
            "{out}"
        );
        assert_eq!(after.setup, before.setup, "{out}");
        let markup = after
            .territory_markup
            .as_ref()
            .unwrap_or_else(|| panic!("no markup read back from {out:?} (from {text:?})"));
        assert_eq!(
            (&markup.black, &markup.white),
            (&m.black, &m.white),
            "{out}"
        );
        // The dead stones a reader takes from it are those the markup says on the board the
        // record's moves make (the half of annotate's round trip this crate holds).
        if let Ok(board) = before.final_board() {
            assert_eq!(
                after.dead_stones_from_markup(),
                Some(markup.dead_stones(&board)),
                "{out}"
            );
        }
        match &before.result {
            Some(r) => assert_eq!(after.result.as_ref(), Some(r), "{out}"),
            None => assert_eq!(
                after.result.as_ref().map(|r| r.to_string()),
                m.result,
                "{out}"
            ),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_TEXT, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_text(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_SGF_NOISE, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn sgf_flavoured_noise_never_panics(
        text in "(\\(;([A-Za-z]{1,3}(\\[([a-z:\\\\\\]0-9.+ -]{0,4})\\]){0,3};?){0,8}\\)?){0,3}[()\\[\\];\\\\]{0,3}"
    ) {
        check_text(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_BYTES, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(games) = parse_sgf_bytes(&bytes, Some("fuzz.sgf")) {
            use_records(&games);
            check_markup(&gorules_sgf::sgf_text(&bytes), &games);
        }
    }
}

/// Mutations of valid records, run by hand to count how many are still accepted (and so go
/// through the replay and round-trip checks too).
#[test]
fn mutated_valid_records_never_panic() {
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;

    let accepted = Cell::new(0u32);
    let mut runner = TestRunner::new(Config {
        cases: CASES_MUTATED,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        0..SEEDS.len(),
        proptest::collection::vec(edit(ALPHABET), 1..6),
    );
    runner
        .run(&strategy, |(seed, edits)| {
            let text = apply(SEEDS[seed], &edits);
            if let Ok(games) = parse_sgf(&text, Some("fuzz.sgf")) {
                accepted.set(accepted.get() + 1);
                use_records(&games);
                check_markup(&text, &games);
            }
            Ok(())
        })
        .unwrap();
    println!(
        "mutated records: {CASES_MUTATED} run, {} accepted and round-tripped",
        accepted.get()
    );
    assert!(
        accepted.get() > CASES_MUTATED / 10,
        "too few mutations accepted ({}) to exercise the round trip",
        accepted.get()
    );
}

#[test]
fn seeds_are_valid() {
    for s in SEEDS {
        let games = parse_sgf(s, None).unwrap_or_else(|e| panic!("{e}\n{s}"));
        use_records(&games);
    }
}

/// Files that are not regular files are refused by the reader without being read: a device
/// that never ends, a directory, a named pipe (whose opening would wait for a writer), and a
/// missing file; each error names the file.
#[cfg(unix)]
#[test]
fn special_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("gorules-sgf-special-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.sgf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut paths = vec![
        std::path::PathBuf::from("/dev/zero"),
        dir.clone(),
        dir.join("missing.sgf"),
    ];
    if made.is_ok_and(|s| s.success()) {
        paths.push(fifo);
    }
    for path in paths {
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || tx.send(gorules_sgf::read_sgf_file(&p).map(|g| g.len())));
        let got = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("{} was waited on", path.display()));
        let e = got.expect_err("refused");
        assert!(e.to_string().contains(&path.display().to_string()), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
