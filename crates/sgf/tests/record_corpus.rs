//! Loads every SGF of the repository's `examples/` and of the public corpus beside the
//! repository (`../shared/corpus`), replays each game, and checks the corpus records against
//! the corpus indexes (`index.json`: `SZ`, `KM`, `HA`, `RU`, `RE` and the move count as the
//! corpus builders read them). The corpus test is skipped, and says so, where the corpus is
//! absent.
//!
//! Run with `--nocapture` to see the statistics.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gorules_board::Color;
use gorules_sgf::{read_sgf_file, GameRecord, GameResult, RulesHint};
use serde_json::Value;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

fn result_class(r: &Option<GameResult>) -> &'static str {
    match r {
        None => "none",
        Some(GameResult::Score { .. }) => "counted",
        Some(GameResult::Resign { .. }) => "resign",
        Some(GameResult::Time { .. }) => "time",
        Some(GameResult::Forfeit { .. }) => "forfeit",
        Some(GameResult::Win { .. }) => "winner only",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Void) => "void",
        Some(GameResult::Unknown) => "unknown",
        Some(GameResult::Other(_)) => "other",
    }
}

/// Territory score (Black minus White) from the final node's TB/TW markup: marked points, plus
/// stones captured during the game, plus dead stones, plus komi for White.
fn markup_score(r: &GameRecord) -> Option<f64> {
    let m = r.territory_markup.as_ref()?;
    let dead = r.dead_stones_from_markup()?;
    let board = r.final_board().ok()?;
    let dead_black = dead
        .iter()
        .filter(|p| board.get(**p) == Some(Color::Black))
        .count();
    let dead_white = dead.len() - dead_black;
    let black = m.black.len() + board.stones_removed(Color::White) as usize + dead_white;
    let white = m.white.len() + board.stones_removed(Color::Black) as usize + dead_black;
    Some(black as f64 - white as f64 - r.komi.map_or(0.0, f64::from))
}

/// Checks one record against its `index.json` entry; returns the disagreements.
fn check_index(rec: &GameRecord, entry: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let s = |k: &str| entry.get(k).and_then(Value::as_str);
    let size = match s("SZ") {
        None => "19".to_string(),
        Some(v) => v.to_string(),
    };
    let ours = if rec.size.is_square() {
        rec.size.width().to_string()
    } else {
        format!("{}:{}", rec.size.width(), rec.size.height())
    };
    if size != ours {
        bad.push(format!("SZ {size} vs {ours}"));
    }
    let km = s("KM").and_then(|k| k.parse::<f64>().ok());
    if km != rec.komi.map(f64::from) {
        bad.push(format!("KM {km:?} vs {:?}", rec.komi));
    }
    let ha = s("HA").map_or(0, |h| h.parse::<u32>().unwrap_or(u32::MAX));
    if entry.get("HA").is_some() && ha != rec.handicap {
        bad.push(format!("HA {ha} vs {}", rec.handicap));
    }
    if s("RU") != rec.rules.as_deref() {
        bad.push(format!("RU {:?} vs {:?}", s("RU"), rec.rules));
    }
    let re = s("RE")
        .filter(|r| !r.trim().is_empty())
        .map(GameResult::parse);
    if re != rec.result {
        bad.push(format!("RE {re:?} vs {:?}", rec.result));
    }
    bad
}

/// The nodes with no property at all in the whole file: GNU Go writes a pass so, and the
/// reader takes them for passes where a record shows that convention.
fn empty_nodes(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    // `;` followed (after blanks) by `;` or `)`, outside property values: good enough for
    // the GNU Go files, whose comments hold no such pattern.
    let bytes: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    bytes
        .windows(2)
        .filter(|w| w[0] == b';' && (w[1] == b';' || w[1] == b')'))
        .count()
}

/// The nodes holding a move (`B` or `W` with an empty value or two letters) in the whole
/// file, variations included: what the index's `moves` counts. Counted by a scan of its own
/// (upper-case letters before a value name the property; lower-case ones, as in FF[3]
/// `CoPyright`, are skipped).
fn all_moves(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let text: String = match String::from_utf8(bytes.clone()) {
        Ok(s) => s,
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    let start = text.find("(;").unwrap_or(0);
    let mut moves = 0;
    let mut node_has_move = false;
    let mut ident = String::new();
    let mut after_value = false;
    let mut chars = text[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            ';' | '(' | ')' => {
                moves += node_has_move as usize;
                node_has_move = false;
                ident.clear();
            }
            '[' => {
                let mut value = String::new();
                while let Some(v) = chars.next() {
                    match v {
                        ']' => break,
                        '\\' => value.extend(chars.next()),
                        _ => value.push(v),
                    }
                }
                let is_move = value.is_empty()
                    || (value.len() == 2 && value.chars().all(|v| v.is_ascii_alphabetic()));
                node_has_move |= (ident == "B" || ident == "W") && is_move;
                after_value = true;
            }
            'A'..='Z' => {
                if after_value {
                    ident.clear();
                    after_value = false;
                }
                ident.push(c);
            }
            _ => {}
        }
    }
    moves + node_has_move as usize
}

#[test]
fn every_example_loads_and_replays() {
    let mut files = Vec::new();
    sgf_files(&repo().join("examples"), &mut files);
    // The records of the README, the gallery, GNU Go's and KataGo's games.
    assert!(files.len() >= 150, "{} records in examples/", files.len());
    for f in &files {
        let records = read_sgf_file(f).unwrap_or_else(|e| panic!("{e}"));
        for r in &records {
            if let Err(e) = r.final_board() {
                panic!("{}: {e}", f.display());
            }
        }
    }
}

#[test]
fn whole_shared_corpus_loads() {
    let Some(dir) = gorules_tests::environment::shared_corpus(&repo()) else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();

    let mut index: BTreeMap<PathBuf, Value> = BTreeMap::new();
    for sub in ["gnugo-regression", "katago-gatekeeper"] {
        let path = dir.join(sub).join("index.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let json: Value = serde_json::from_str(&text).expect("index.json is JSON");
        for e in json["files"].as_array().into_iter().flatten() {
            if let Some(f) = e["file"].as_str() {
                index.insert(dir.join(sub).join(f), e.clone());
            }
        }
    }

    let mut ok = 0;
    let mut games = 0;
    let mut failures = Vec::new();
    let mut replay_failures = Vec::new();
    let mut index_mismatches = Vec::new();
    let mut indexed = 0;
    let mut with_variations = 0;
    let mut results: BTreeMap<&str, usize> = BTreeMap::new();
    let mut hints: BTreeMap<String, usize> = BTreeMap::new();
    let (mut two_passes, mut with_markup, mut dead_total) = (0, 0, 0);
    let (mut markup_counted, mut markup_agrees) = (0, 0);
    let mut japanese_markup = (0, 0);
    for f in &files {
        let recs = match read_sgf_file(f) {
            Ok(recs) => recs,
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains(&f.display().to_string()), "{msg}");
                failures.push(msg);
                continue;
            }
        };
        ok += 1;
        games += recs.len();
        if let (Some(entry), [rec]) = (index.get(f), recs.as_slice()) {
            indexed += 1;
            let mut bad = check_index(rec, entry);
            if let Some(n) = entry.get("moves").and_then(Value::as_u64) {
                let in_file = all_moves(f);
                if n as usize != in_file {
                    bad.push(format!("moves {n} vs {in_file} move nodes in the file"));
                }
                let mut main_line_nodes = rec.move_nodes.clone();
                main_line_nodes.dedup();
                if main_line_nodes.len() > in_file + empty_nodes(f) {
                    bad.push(format!(
                        "main line has {} move nodes of {in_file}",
                        main_line_nodes.len()
                    ));
                }
                if main_line_nodes.len() < in_file {
                    with_variations += 1;
                }
            }
            if !bad.is_empty() {
                index_mismatches.push(format!("{}: {}", f.display(), bad.join("; ")));
            }
        }
        for r in &recs {
            *results.entry(result_class(&r.result)).or_default() += 1;
            let hint = match r.rules_hint() {
                None => "none".to_string(),
                Some(RulesHint::Ruleset(id)) => id.to_string(),
                Some(RulesHint::KataGo { .. }) => "katago".to_string(),
                Some(RulesHint::Invalid { raw, .. }) => format!("invalid {raw}"),
                Some(RulesHint::Unknown(raw)) => format!("unknown {raw}"),
            };
            *hints.entry(hint).or_default() += 1;
            if r.ended_by_two_passes() {
                two_passes += 1;
            }
            if let Some(dead) = r.dead_stones_from_markup() {
                with_markup += 1;
                dead_total += dead.len();
            }
            if let (Some(GameResult::Score { .. }), Some(score)) = (&r.result, markup_score(r)) {
                markup_counted += 1;
                let agrees = Some(score) == r.result.as_ref().and_then(GameResult::black_margin);
                if agrees {
                    markup_agrees += 1;
                }
                if r.rules_hint().and_then(|h| h.builtin_id()) == Some("japanese") {
                    japanese_markup.0 += 1;
                    japanese_markup.1 += usize::from(agrees);
                }
            }
            if let Err(e) = r.final_board() {
                replay_failures.push(e.to_string());
            }
        }
    }
    println!(
        "corpus: {} files, {ok} parsed ({games} games), {} failed",
        files.len(),
        failures.len()
    );
    for m in &failures {
        println!("  parse failure: {m}");
    }
    println!("replay failures: {}", replay_failures.len());
    for m in &replay_failures {
        println!("  replay failure: {m}");
    }
    println!(
        "checked against index.json: {indexed} files, {} disagree",
        index_mismatches.len()
    );
    for m in &index_mismatches {
        println!("  index mismatch: {m}");
    }
    println!("files whose main line has fewer moves than the file (variations): {with_variations}");
    println!("results: {results:?}");
    println!("rules hints: {hints:?}");
    println!(
        "ended by two passes: {two_passes}; with TB/TW markup: {with_markup} ({dead_total} dead \
         stones); counted games with markup: {markup_counted}, territory count from markup equals \
         RE in {markup_agrees} (RU Japanese: {} of {}; the others are mostly area-scored)",
        japanese_markup.1, japanese_markup.0
    );

    // Every corpus file is a real record that other readers accept: all must load and replay,
    // and agree with the index.
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(replay_failures.is_empty(), "{replay_failures:#?}");
    assert!(index_mismatches.is_empty(), "{index_mismatches:#?}");
}
