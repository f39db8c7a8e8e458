//! `gorules gtp` driven as a GTP controller drives it: a script of commands written to its
//! standard input through a pipe, its answers read back and split into responses (Go Text
//! Protocol version 2, section 2.6: `=` or `?`, the id, the text, an empty line). Expected
//! answers are worked out by hand from the positions.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::{repo, temp_dir};

/// One response: success or failure, the id, the text.
#[derive(Debug, PartialEq)]
struct Response {
    ok: bool,
    id: Option<u64>,
    text: String,
}

/// Runs `gorules gtp ARGS` on `script` and splits its output into responses.
fn session(args: &[&str], script: &str) -> Vec<Response> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .arg("gtp")
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n")
        .map(|r| {
            let (mark, rest) = r.split_at(1);
            let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            let id = rest[..id_len].parse().ok();
            let body = &rest[id_len..];
            Response {
                ok: mark == "=",
                id,
                text: body.strip_prefix(' ').unwrap_or(body).to_string(),
            }
        })
        .collect()
}

fn ok(text: &str) -> (bool, String) {
    (true, text.to_string())
}

fn answers(rs: &[Response]) -> Vec<(bool, String)> {
    rs.iter().map(|r| (r.ok, r.text.clone())).collect()
}

#[test]
fn the_protocol_basics_answer_as_the_specification_says() {
    let rs = session(
        &[],
        "1 protocol_version\n\
         # a comment line, ignored\n\
         \n\
         2 name\n\
         3 known_command play\n\
         4 known_command genmove\n\
         5 frobnicate\n\
         6 play b\n\
         7 boardsize 26\n\
         8 komi 6.3\n\
         quit\n\
         9 name\n",
    );
    let ids: Vec<Option<u64>> = rs.iter().map(|r| r.id).collect();
    assert_eq!(
        ids,
        [
            Some(1),
            Some(2),
            Some(3),
            Some(4),
            Some(5),
            Some(6),
            Some(7),
            Some(8),
            None
        ],
        "ids echoed; nothing after quit"
    );
    assert_eq!(rs[0].text, "2");
    assert_eq!(rs[1].text, "gorules");
    assert_eq!((rs[2].ok, rs[2].text.as_str()), (true, "true"));
    // A rules engine does not choose moves.
    assert_eq!((rs[3].ok, rs[3].text.as_str()), (true, "false"));
    assert_eq!((rs[4].ok, rs[4].text.as_str()), (false, "unknown command"));
    assert!(!rs[5].ok && rs[5].text.starts_with("syntax error"));
    assert_eq!(
        (rs[6].ok, rs[6].text.as_str()),
        (false, "unacceptable size")
    );
    // Komi is whole or half points.
    assert!(!rs[7].ok);
    assert!(rs[8].ok);
}

#[test]
fn list_commands_names_every_command_the_engine_knows() {
    let rs = session(&[], "list_commands\nquit\n");
    let listed: Vec<&str> = rs[0].text.lines().collect();
    for c in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "showboard",
        "final_score",
        "final_status_list",
        "loadsgf",
        "printsgf",
        "gorules-rules",
        "kata-get-rules",
        "kata-set-rules",
        "kgs-rules",
        "gorules-score",
        "gorules-legal",
    ] {
        assert!(listed.contains(&c), "{c} missing from {listed:?}");
    }
}

/// A ko on the lower edge of a 5x5 board (GTP coordinates): Black's c2 takes White's b2, and
/// White may not take back at once.
const KO: &str = "boardsize 5\nclear_board\n\
    play b b3\nplay w c3\nplay b a2\nplay w b2\nplay b b1\nplay w c1\nplay b e5\nplay w d2\n\
    play b c2\n";

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    // The built-in Chinese ruleset (positional superko, no suicide, as `rules show chinese`
    // lists it): the immediate recapture of the ko repeats a position, and a stone without
    // liberties is a suicide; both are refused with the reason.
    let script = format!(
        "{KO}1 gorules-legal w b2\n2 play w b2\n3 play w a1\n4 play w c2\n5 play w e1\n\
         6 play b a1\n7 gorules-legal w a1\nquit\n"
    );
    let rs = session(&["--rules", "chinese"], &script);
    let tail = &rs[rs.len() - 8..];
    assert!(tail[0].ok && tail[0].text.starts_with("false "), "{tail:?}");
    assert!(
        !tail[1].ok && tail[1].text.starts_with("illegal move: "),
        "{tail:?}"
    );
    // a1 is empty (surrounded by Black's a2 and b1): a White stone there has no liberty.
    assert!(
        !tail[2].ok && tail[2].text.starts_with("illegal move: "),
        "{tail:?}"
    );
    assert_eq!(
        (tail[3].ok, tail[3].text.as_str()),
        (false, "illegal move: the point is occupied")
    );
    assert!(tail[4].ok, "a move elsewhere is legal: {tail:?}");
    assert!(tail[5].ok, "Black may fill its own point: {tail:?}");
    assert_eq!(tail[6].text, "false the point is occupied");
}

#[test]
fn a_suicide_is_legal_where_the_ruleset_allows_it() {
    // The built-in New Zealand ruleset allows every suicide the ko rule allows: White's a1 in
    // Black's corner takes its own stone off. Legal there, refused under the Chinese ruleset.
    let script = "boardsize 5\nplay b a2\nplay w e5\nplay b b1\n\
                  1 gorules-legal w a1\n2 gorules-rules new-zealand\n3 gorules-legal w a1\n\
                  4 kata-get-rules\nquit\n";
    let rs = session(&["--rules", "chinese"], script);
    let tail = &rs[rs.len() - 5..];
    assert!(tail[0].text.starts_with("false "), "{tail:?}");
    assert!(tail[1].ok);
    assert_eq!(tail[2].text, "true");
    assert_eq!(tail[3].text, "new-zealand");
}

/// Both sides alive with eyes on a 5x5 board: Black holds columns A and B (eyes at A1 and A3),
/// White columns C to E (eyes at E1, E3 and E5). Black passes while White fills in.
const SETTLED: &str = "boardsize 5\nclear_board\nkomi 0.5\n\
    play b b1\nplay w c1\nplay b b2\nplay w c2\nplay b b3\nplay w c3\nplay b b4\nplay w c4\n\
    play b b5\nplay w c5\nplay b a2\nplay w d1\nplay b a4\nplay w d2\nplay b a5\nplay w d3\n\
    play b pass\nplay w d4\nplay b pass\nplay w d5\nplay b pass\nplay w e2\nplay b pass\n\
    play w e4\nplay b pass\nplay w pass\n";

#[test]
fn final_score_counts_as_the_ruleset_counts() {
    // Area (Chinese): Black 8 stones + 2 eyes = 10, White 12 stones + 3 eyes + komi 0.5 =
    // 15.5: W+5.5. Territory (Japanese Rules of Go, 1989, Article 10: territory and prisoners;
    // passes cost nothing): Black 2, White 3 + 0.5: W+1.5.
    let script = format!(
        "{SETTLED}1 final_score\n2 gorules-rules japanese\n3 final_score\n\
         4 final_status_list dead\n5 final_status_list alive\n6 final_status_list seki\nquit\n"
    );
    let rs = session(&["--rules", "chinese"], &script);
    let tail = &rs[rs.len() - 7..];
    assert!(rs[..rs.len() - 7].iter().all(|r| r.ok), "{rs:?}");
    assert_eq!(answers(&tail[..3]), [ok("W+5.5"), ok(""), ok("W+1.5")]);
    assert_eq!(tail[3].text, "");
    let alive: BTreeSet<&str> = tail[4].text.split_whitespace().collect();
    let expected: BTreeSet<&str> = [
        "B1", "B2", "B3", "B4", "B5", "A2", "A4", "A5", "C1", "C2", "C3", "C4", "C5", "D1", "D2",
        "D3", "D4", "D5", "E2", "E4",
    ]
    .into_iter()
    .collect();
    assert_eq!(alive, expected);
    assert_eq!(tail[5].text, "");
}

#[test]
fn gorules_score_is_the_json_contract_of_gorules_score() {
    let script = format!("{SETTLED}1 gorules-score\nquit\n");
    let rs = session(&["--rules", "chinese"], &script);
    let r = &rs[rs.len() - 2];
    assert_eq!(r.id, Some(1));
    let v: serde_json::Value = serde_json::from_str(&r.text).expect("one line of JSON");
    assert_eq!(v["rulesets"][0]["ruleset"], "chinese");
    assert_eq!(v["rulesets"][0]["scores"][0]["result"], "W+5.5");
    assert_eq!(v["game"]["ended_by_passes"], true);
    // The dead-stone source is named: every chain here is pass-alive, so the estimate is
    // certain and finds none dead.
    assert_eq!(v["game"]["dead_source"], "estimate");
    assert_eq!(v["game"]["dead_stones"], serde_json::json!([]));
}

#[test]
fn undo_takes_back_the_last_move() {
    let rs = session(
        &[],
        "boardsize 5\nplay b c3\n1 undo\n2 play b c3\n3 undo\n4 undo\nquit\n",
    );
    let tail = &rs[rs.len() - 5..];
    assert_eq!(
        answers(&tail[..4]),
        [ok(""), ok(""), ok(""), (false, "cannot undo".to_string())]
    );
}

#[test]
fn handicap_stones_go_on_the_standard_points() {
    // GTP version 2, section 4.1.1: 2 stones on 9x9 at C3 and G7; White moves next.
    let rs = session(
        &[],
        "boardsize 9\n1 fixed_handicap 2\n2 play b e5\n3 play w e5\n4 fixed_handicap 2\nquit\n",
    );
    let tail = &rs[rs.len() - 5..];
    let stones: BTreeSet<&str> = tail[0].text.split_whitespace().collect();
    assert_eq!(stones, ["C3", "G7"].into_iter().collect());
    // A record's first move says who begins (here Black, after its handicap); White's move on
    // the same point is then refused.
    assert!(tail[1].ok, "{tail:?}");
    assert_eq!(tail[2].text, "illegal move: the point is occupied");
    assert_eq!(tail[3].text, "board not empty");
}

#[test]
fn printsgf_then_loadsgf_gives_the_same_game() {
    let dir = temp_dir("gtp-sgf");
    let file = dir.join("game.sgf");
    let rs = session(
        &["--rules", "chinese"],
        &format!("{SETTLED}1 printsgf\nquit\n"),
    );
    let sgf = &rs[rs.len() - 2].text;
    assert!(sgf.starts_with("(;"), "{sgf}");
    std::fs::write(&file, sgf).unwrap();
    let script = format!(
        "1 loadsgf {}\n2 final_score\n3 loadsgf {} 3\n4 showboard\n5 loadsgf /no/such/file.sgf\nquit\n",
        file.display(),
        file.display()
    );
    let rs = session(&["--rules", "chinese"], &script);
    assert_eq!(answers(&rs[..2]), [ok(""), ok("W+5.5")]);
    // The position before move 3: Black's B1 and White's C1 only.
    let board = &rs[3].text;
    assert_eq!(board.matches('X').count(), 1, "{board}");
    assert_eq!(board.matches('O').count(), 1, "{board}");
    assert!(!rs[4].ok && rs[4].text.starts_with("cannot load file"));
}

#[test]
fn malformed_input_gets_answers_never_a_crash() {
    let long = "x".repeat(70_000);
    let script = format!(
        "{long}\n1 play\n2 play b z99\n3 boardsize x\n4 known_command\n5 loadsgf\n\
         6 final_status_list sideways\n\u{1}\u{2}7 name\n8 play white A1 extra\nquit\n"
    );
    let rs = session(&[], &script);
    assert!(!rs[0].ok && rs[0].text == "command line too long");
    assert!(rs[1..7].iter().all(|r| !r.ok), "{rs:?}");
    assert_eq!((rs[7].id, rs[7].text.as_str()), (Some(7), "gorules"));
    assert!(!rs[8].ok);
}

#[test]
fn a_loaded_records_markup_names_the_dead_stones_until_the_game_changes() {
    // The gallery record marks White's A3 dead inside Black's territory (TB, the CGoban
    // convention): the markup is the source. Once a move is taken back, the markup describes
    // another position, and the dead stones come from the estimate instead.
    let script = "loadsgf examples/gallery/02-dead-stone-agreed.sgf\n1 final_status_list dead\n\
                  2 gorules-score\nundo\n3 gorules-score\nquit\n";
    let rs = session(&["--rules", "concord"], script);
    assert_eq!(rs[1].text, "A3");
    let source = |r: &Response| {
        let v: serde_json::Value = serde_json::from_str(&r.text).unwrap();
        v["game"]["dead_source"].as_str().unwrap().to_string()
    };
    assert_eq!(source(&rs[2]), "territory-markup");
    assert_eq!(source(&rs[4]), "estimate");
}

#[test]
fn kata_set_rules_plays_exactly_the_katago_ruleset() {
    // KataGo's GTP: `kata-set-rules` takes a KataGo rules string (its words joined by spaces)
    // and keeps the komi; `kata-get-rules` answers the rules as JSON without komi, keys in
    // alphabetical order (KataGo gtp.cpp and rules.cpp, `toJsonStringNoKomi`).
    let script = "komi 0.5\n\
                  1 kata-set-rules japanese\n\
                  2 kata-get-rules\n\
                  3 gorules-rules\n\
                  4 kata-set-rules tromp taylor\n\
                  5 gorules-rules\n\
                  6 kata-set-rules {\"ko\":\"SITUATIONAL\", \"scoring\":\"AREA\", \"hasButton\":true}\n\
                  7 kata-get-rules\n\
                  8 kata-set-rules koFOO\n\
                  9 kata-set-rules japanese komi7\n\
                  10 kata-set-rules concord\n\
                  11 kata-get-rules\n\
                  12 gorules-rules katago:chinese\n\
                  13 kata-get-rules\n\
                  quit\n";
    let rs = session(&[], script);
    let tail = &rs[1..rs.len() - 1];
    assert_eq!(tail[0].text, "");
    assert!(tail[0].ok);
    assert_eq!(
        tail[1].text,
        r#"{"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#
    );
    assert_eq!(tail[2].text, "katago:japanese");
    assert_eq!(tail[4].text, "katago:tromp taylor");
    assert_eq!(
        tail[6].text,
        r#"{"friendlyPassOk":false,"hasButton":true,"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#
    );
    assert!(!tail[7].ok);
    assert!(tail[7].text.contains("at character 3"), "{:?}", tail[7]);
    // A komi in the string is refused, as KataGo refuses it.
    assert!(!tail[8].ok, "{:?}", tail[8]);
    // A gorules ruleset that KataGo's rules do not express: its id.
    assert!(tail[9].ok);
    assert_eq!(tail[10].text, "concord");
    assert!(tail[11].ok);
    assert_eq!(
        tail[12].text,
        r#"{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#
    );
}

#[test]
fn kgs_rules_chooses_katago_s_preset_for_each_kgs_name() {
    // KGS sends `kgs-rules` to an engine; KataGo (gtp.cpp, `kgs-rules`) plays its preset
    // `chinese-kgs` for `chinese` (positional superko, area, friendly pass), `aga`,
    // `new_zealand` and `japanese` for the others, any case, keeping the komi, and refuses
    // any other name with "Unknown rules".
    let script = "komi 0.5\n\
                  1 kgs-rules chinese\n\
                  2 kata-get-rules\n\
                  3 kgs-rules New_Zealand\n\
                  4 gorules-rules\n\
                  5 kgs-rules japanese\n\
                  6 gorules-rules\n\
                  7 kgs-rules ing\n\
                  8 kgs-rules\n\
                  quit\n";
    let rs = session(&[], script);
    let tail = &rs[1..rs.len() - 1];
    assert!(tail[0].ok && tail[0].text.is_empty(), "{:?}", tail[0]);
    assert_eq!(
        tail[1].text,
        r#"{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#
    );
    assert_eq!(tail[3].text, "katago:new_zealand");
    assert_eq!(tail[5].text, "katago:japanese");
    assert!(!tail[6].ok);
    assert_eq!(tail[6].text, "Unknown rules 'ing'");
    assert!(!tail[7].ok, "{:?}", tail[7]);
}

#[test]
fn every_response_is_framed_as_gtp_2_spells_it() {
    // GTP version 2, section 2.6: "=[id] result" and "?[id] error_message", each ended by an
    // empty line; the mark and id are followed by a space even before an empty result, as
    // GNU Go, the protocol's reference implementation, writes `= ` and `=1 `.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gorules"))
        .arg("gtp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"boardsize 9\n1 clear_board\n2 name\n3 showboard\nfoo\nquit\n")
                .unwrap();
            child.wait_with_output().unwrap()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("= \n\n=1 \n\n=2 gorules\n\n=3 \n"),
        "{text:?}"
    );
    assert!(text.contains("\n\n? unknown command\n\n"), "{text:?}");
    assert!(text.ends_with("= \n\n"), "{text:?}");
}
