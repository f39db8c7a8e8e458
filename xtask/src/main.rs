//! `cargo xtask`: repository maintenance, not a user command.
//!
//! - `cargo xtask docs`: regenerates the generated pages of `docs/` (the feature matrix, the
//!   gallery with its SVG diagrams, the rules model, the architecture page);
//! - `cargo xtask docs --check`: fails when they are out of date (so does a unit test of this
//!   crate, which the workspace's `cargo test` runs).

use std::path::PathBuf;
use std::process::ExitCode;

mod docs;

const USAGE: &str = "usage: cargo xtask docs [--check] [--root DIR]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut check = false;
    // The repository root: the workspace of this crate, whatever the working directory.
    let mut root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut words = args.iter();
    match words.next().map(String::as_str) {
        Some("docs") => {}
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    while let Some(w) = words.next() {
        match w.as_str() {
            "--check" => check = true,
            "--root" => match words.next() {
                Some(dir) => root = PathBuf::from(dir),
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ => {
                eprintln!("cargo xtask: unknown argument `{w}`\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match docs::run(check, &root) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cargo xtask docs: {message}");
            ExitCode::from(2)
        }
    }
}
