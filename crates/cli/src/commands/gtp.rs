//! `gorules gtp`: a GTP rules engine on standard input and output.

use std::process::ExitCode;

use gorules_gtp::{serve, Engine};

/// Serves GTP until `quit` or the end of the input.
pub fn run(rules: &str) -> Result<ExitCode, String> {
    let rules = crate::args::one_ruleset(rules, "a GTP engine keeps")?;
    let mut engine = Engine::new(rules);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(&mut engine, stdin.lock(), stdout.lock()).map_err(|e| format!("GTP: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
