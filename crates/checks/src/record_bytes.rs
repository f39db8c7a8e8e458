//! What must hold for any bytes read as a record, replayed and scored under every built-in
//! ruleset, and written in every output format ([`check_record_bytes`]); the annotate round
//! trip ([`check_annotate_round_trip`]); and the reading of files ([`check_file_read`]). Run
//! by the property test `record_bytes_fuzz` of `gorules-printers` and the cargo-fuzz target
//! `record`.

use std::sync::Arc;

use gorules_compare::annotate::annotate;
use gorules_compare::corpus::{score_columns, GameEntry, Tally, TallyRow};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{compare_chosen, ChoiceError, RulesetChoice};
use gorules_printers::game::render_game;
use gorules_printers::{CorpusPrinter, Format, Sink};
use gorules_rules::Ruleset;
use gorules_sgf::{parse_sgf_bytes, parse_sgf_bytes_games};

/// The output formats.
const FORMATS: [Format; 5] = [
    Format::Table,
    Format::Markdown,
    Format::Csv,
    Format::Json,
    Format::JsonLines,
];

/// The rulesets and options of a run, picked by one byte: `rulesets`, after the record's own
/// (`record`) or not; scoring unfinished games or not, `--strict` or not, point maps or not,
/// and the dead stones:
/// the markup or none, and one time in eight the estimate where the record has no markup (its
/// play-outs take most of the time of an input).
pub fn run_from(pick: u8, rulesets: &[Ruleset]) -> (Vec<RulesetChoice>, Options) {
    let own = (pick & 4 != 0).then_some(RulesetChoice::Record(None));
    let choices = own
        .into_iter()
        .chain(
            rulesets
                .iter()
                .map(|r| RulesetChoice::Fixed(Arc::new(r.clone()))),
        )
        .collect();
    (choices, options_from(pick))
}

fn options_from(pick: u8) -> Options {
    Options {
        komi: None,
        dead: match pick >> 4 {
            0..=6 => DeadStones::Markup,
            7..=13 => DeadStones::None,
            _ => DeadStones::Auto,
        },
        countings: None,
        score_unfinished: pick & 1 != 0,
        strict: pick & 2 != 0,
        point_maps: pick & 8 != 0,
    }
}

/// Reads `bytes` as the file `fuzz.sgf`, compares every game under `rulesets`, and writes the
/// entries in every format, checking what a user of the output relies on. Panics on a fault.
pub fn check_record_bytes(bytes: &[u8], rulesets: &[RulesetChoice], options: &Options) {
    let entries: Vec<GameEntry> = match parse_sgf_bytes_games(bytes, Some("fuzz.sgf")) {
        Ok(games) => games
            .into_iter()
            .enumerate()
            .map(|(k, g)| {
                let compared = g
                    .map_err(ChoiceError::Record)
                    .and_then(|g| compare_chosen(&g, rulesets, options));
                match compared {
                    Ok(r) => GameEntry::Report(Box::new(r)),
                    Err(e) => GameEntry::Error {
                        source: "fuzz.sgf".into(),
                        game_index: Some(k),
                        error: e.message(bytes, "fuzz.sgf", k),
                    },
                }
            })
            .collect(),
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("fuzz.sgf"), "{message}");
            return;
        }
    };
    let columns = score_columns(rulesets, options);
    let mut tally = Tally::new(columns.clone()).examples(2);
    for entry in &entries {
        match entry {
            GameEntry::Report(r) => {
                check_report(r);
                for format in FORMATS {
                    check_text(&render_game(r, format), format);
                }
            }
            GameEntry::Error { error, .. } => {
                assert!(error.starts_with("fuzz.sgf"), "{error}");
            }
        }
        tally.add_row(&TallyRow::with_examples(&columns, entry, true));
    }
    let summary = tally.summary();
    assert_eq!(summary.games, entries.len());
    for format in FORMATS {
        let mut printer = CorpusPrinter::new(format, columns.clone(), Vec::new());
        for entry in &entries {
            printer.game(entry).expect("writing to memory");
        }
        printer.finish(Some(&summary)).expect("writing to memory");
        let text = String::from_utf8(printer.into_inner()).expect("the output is UTF-8");
        check_text(&text, format);
    }
}

/// A report's scores add up: each side's total is the sum of its parts (the group tax taken
/// off), the totals are the breakdown's, and the margin is Black's total less White's, or 0
/// when the result is not a count (no result, forfeit), as the JSON contract says.
fn check_report(report: &gorules_compare::report::GameReport) {
    for rs in &report.rulesets {
        for s in &rs.scores {
            let sides = [(&s.breakdown.black, s.black), (&s.breakdown.white, s.white)];
            for (side, total) in sides {
                let parts = f64::from(side.territory + side.stones + side.prisoners.total())
                    + f64::from(side.cleanup_plays)
                    + side.komi
                    + side.handicap_compensation
                    + side.bonus
                    - f64::from(side.group_tax);
                assert_eq!(parts, side.total, "{}: {side:?}", rs.ruleset);
                assert_eq!(total, side.total, "{}", rs.ruleset);
            }
            let counted = s.result != "Void" && !s.result.ends_with("+F");
            let margin = if counted { s.black - s.white } else { 0.0 };
            assert_eq!(s.margin, margin, "{}: {}", rs.ruleset, s.result);
        }
    }
}

/// The text of a format: JSON and JSON Lines parse, and no control character but a line break
/// reaches a terminal.
pub(crate) fn check_text(text: &str, format: Format) {
    match format {
        Format::Json => {
            serde_json::from_str::<serde_json::Value>(text)
                .unwrap_or_else(|e| panic!("{e}: {text}"));
        }
        Format::JsonLines => {
            for line in text.lines() {
                serde_json::from_str::<serde_json::Value>(line)
                    .unwrap_or_else(|e| panic!("{e}: {line}"));
            }
        }
        _ => {}
    }
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{format:?}: {text:?}"
    );
}

/// The dead-stone sources of the annotate round trip, picked by `k`: the record's markup,
/// none, or points (read off `bytes`).
pub fn annotate_dead(k: u8, bytes: &[u8]) -> DeadStones {
    match k % 3 {
        0 => DeadStones::Markup,
        1 => DeadStones::None,
        // Points that may or may not hold stones on a record's board (off a small one too).
        _ => {
            let pick = |i: usize| bytes.get(i).copied().unwrap_or(0);
            let col = |b: u8| {
                (b'A'..=b'T')
                    .filter(|&c| c != b'I')
                    .nth(usize::from(b % 19))
                    .unwrap_or(b'A')
            };
            DeadStones::Points(format!(
                "{}{},{}{}",
                col(pick(1)) as char,
                1 + pick(2) % 9,
                col(pick(3)) as char,
                1 + pick(4) % 5
            ))
        }
    }
}

/// The annotate round trip: `bytes` annotated under `rules` with dead stones from `dead`
/// (`score_unfinished` as asked), then read back; each game annotated has the same moves and,
/// with its markup as the dead stones, the same scores under `rules` as the original has with
/// `dead`. A game left as it was is left byte for byte (the other games' text aside).
pub fn check_annotate_round_trip(
    bytes: &[u8],
    rules: &Ruleset,
    dead: DeadStones,
    unfinished: bool,
) {
    let text = gorules_sgf::sgf_text(bytes);
    let before = Options {
        dead,
        score_unfinished: unfinished,
        ..Options::default()
    };
    let annotated = match annotate(&text, "fuzz.sgf", rules, &before) {
        Ok(a) => a,
        // A record that cannot be read or replayed is refused as a whole; annotate's own check
        // of what it wrote must never fail.
        Err(e) => {
            assert!(!e.contains("read back"), "{e}\n{text}");
            return;
        }
    };
    let originals = gorules_sgf::parse_sgf(&text, Some("fuzz.sgf")).expect("annotate read it");
    let again = gorules_sgf::parse_sgf(&annotated.text, Some("fuzz.sgf")).unwrap_or_else(|e| {
        panic!(
            "the annotated text does not read back: {e}\n{}",
            annotated.text
        )
    });
    assert_eq!(again.len(), originals.len(), "{}", annotated.text);
    let after = Options {
        dead: DeadStones::Markup,
        score_unfinished: unfinished,
        ..Options::default()
    };
    for (g, (original, read)) in originals.iter().zip(&again).enumerate() {
        assert_eq!(read.moves, original.moves, "game {g}: {}", annotated.text);
        if annotated.left.iter().any(|(k, _)| *k == g) {
            continue;
        }
        let shared = Arc::new(rules.clone());
        let score = |record: &gorules_sgf::GameRecord, options: &Options| {
            let dead = gorules_compare::replay::dead_stones(record, options)
                .expect("no engine here")
                .stones;
            gorules_compare::replay::replay(record, &shared, options, &dead)
                .expect("replayed once already")
                .scores
        };
        assert_eq!(
            score(read, &after),
            score(original, &before),
            "game {g} under {}: {}",
            rules.id,
            annotated.text
        );
    }
}

/// `bytes` written to a file and read back through the one reader of input files: the same
/// games as read from memory; and the special files (a device, a directory) refused without
/// being read.
pub fn check_file_read(bytes: &[u8], dir: &std::path::Path) {
    let path = dir.join("fuzz.sgf");
    std::fs::write(&path, bytes).expect("a scratch file");
    let name = path.display().to_string();
    let from_file = gorules_sgf::read_sgf_file(&path);
    let from_memory = parse_sgf_bytes(bytes, Some(&name));
    assert_eq!(from_file.is_ok(), from_memory.is_ok());
    if let (Ok(a), Ok(b)) = (from_file, from_memory) {
        assert_eq!(a, b);
    }
    for special in [std::path::Path::new("/dev/zero"), dir] {
        if special.exists() {
            let e = gorules_compare::files::read_file(special, 1 << 20).unwrap_err();
            assert!(
                matches!(
                    e.kind,
                    gorules_compare::files::InputErrorKind::NotRegularFile { .. }
                ),
                "{e}"
            );
            assert!(gorules_sgf::read_sgf_file(special).is_err());
        }
    }
}
