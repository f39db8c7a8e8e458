//! Helpers for running the `gorules` binary in end-to-end tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `gorules` with `args` from the repository root.
pub fn gorules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("the binary runs")
}

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Standard output as JSON, after checking that the command succeeded.
pub fn json_ok(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

/// The one game of `gorules score --format json` (an array of games, whatever their number),
/// after checking that the command succeeded.
pub fn one_game(o: &Output) -> serde_json::Value {
    let v = json_ok(o);
    let games = v.as_array().expect("an array of games");
    assert_eq!(games.len(), 1, "{v}");
    games[0].clone()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A new empty directory for this test process (`name` must be unique among the tests).
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gorules-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
