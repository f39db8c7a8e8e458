//! `gorules rules list | show | diff`.

use std::process::ExitCode;

use gorules_rules::{builtin_text, builtins, load};

/// `gorules rules list`.
pub fn list() -> Result<ExitCode, String> {
    for rs in builtins() {
        outln!("{:<13} {:<16} {}", rs.id, rs.name, rs.description);
    }
    Ok(ExitCode::SUCCESS)
}

/// `gorules rules show ID|FILE`.
pub fn show(spec: &str, as_toml: bool) -> Result<ExitCode, String> {
    if as_toml {
        let text = match builtin_text(spec) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?,
        };
        load(spec).map_err(|e| e.to_string())?;
        out!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    let rs = load(spec).map_err(|e| e.to_string())?;
    outln!("{} ({})", rs.name, rs.id);
    outln!("{}", rs.description);
    outln!("source: {}\n", rs.source);
    let width = rs.knobs().iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (k, v) in rs.knobs() {
        outln!("{k:<width$}  {v}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `gorules rules diff A B`.
pub fn diff(a: &str, b: &str) -> Result<ExitCode, String> {
    let ra = load(a).map_err(|e| e.to_string())?;
    let rb = load(b).map_err(|e| e.to_string())?;
    let (ka, kb) = (ra.knobs(), rb.knobs());
    let keys: Vec<&str> = {
        let mut k: Vec<&str> = ka.iter().chain(&kb).map(|(k, _)| *k).collect();
        k.dedup();
        let mut seen = Vec::new();
        k.retain(|x| {
            let new = !seen.contains(x);
            seen.push(*x);
            new
        });
        k
    };
    let values = |list: &[(&str, String)], key: &str| {
        list.iter()
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let rows: Vec<(&str, String, String)> = keys
        .into_iter()
        .map(|k| (k, values(&ka, k), values(&kb, k)))
        .filter(|(_, x, y)| x != y)
        .collect();
    if rows.is_empty() {
        outln!("{} and {} set every knob alike.", ra.id, rb.id);
        return Ok(ExitCode::SUCCESS);
    }
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(4);
    let w1 = rows
        .iter()
        .map(|r| r.1.len())
        .max()
        .unwrap_or(0)
        .max(ra.id.len());
    outln!("{:<w0$}  {:<w1$}  {}", "knob", ra.id, rb.id);
    for (k, x, y) in rows {
        outln!("{k:<w0$}  {x:<w1$}  {y}");
    }
    Ok(ExitCode::SUCCESS)
}
