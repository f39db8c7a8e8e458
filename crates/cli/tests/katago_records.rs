//! KataGo's own records replayed under their own rules: every game of `examples/katago`
//! (KataGo network-against-network games under many rule variants, written by KataGo's
//! `gatekeeper` command) that was not resigned, scored with `--rules record` (the KataGo rules
//! string of its `RU`), gives the result KataGo recorded in `RE`. The expected values are
//! KataGo's, a real peer.

use std::path::PathBuf;

use crate::common::{gorules, one_game, repo};

fn gatekeeper() -> PathBuf {
    repo().join("examples/katago")
}

/// The record's `RE[...]` value.
fn recorded_result(text: &str) -> Option<String> {
    let start = text.find("RE[")? + 3;
    let end = start + text[start..].find(']')?;
    Some(text[start..end].to_string())
}

#[test]
fn every_finished_katago_record_scores_as_katago_recorded() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(gatekeeper())
        .expect("examples/katago")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let mut finished = 0;
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let Some(recorded) = recorded_result(&text) else {
            continue;
        };
        if recorded.ends_with("+R") || recorded.ends_with("+T") || recorded.ends_with("+F") {
            continue;
        }
        finished += 1;
        let path = file.to_string_lossy();
        let game = &one_game(&gorules(&[
            "score", &path, "--rules", "record", "--format", "json",
        ]));
        let ruleset = &game["rulesets"][0];
        assert!(
            ruleset["ruleset"].as_str().unwrap().starts_with("katago:"),
            "{path}: {}",
            ruleset["ruleset"]
        );
        let result = ruleset["scores"][0]["result"]
            .as_str()
            .unwrap_or("not scored");
        if result != recorded {
            wrong.push(format!(
                "{path} ({}): {result}, KataGo {recorded}",
                game["game"]["rules"]
            ));
        }
    }
    // 60 games of the folder ended in passes or with every point pass-alive.
    assert_eq!(finished, 60, "finished records found");
    assert!(
        wrong.is_empty(),
        "{} of {finished} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
