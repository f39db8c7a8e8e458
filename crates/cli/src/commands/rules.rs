//! `gorules rules list | show | diff`.

use std::process::ExitCode;

use gorules_rules::printer::{self, Format};
use gorules_rules::{builtin_text, builtins, load, KATAGO_PREFIX};

/// `gorules rules list`.
pub fn list(format: Format) -> Result<ExitCode, String> {
    out!("{}", printer::list(&builtins(), format));
    Ok(ExitCode::SUCCESS)
}

/// `gorules rules show ID|katago:RULES|FILE`.
pub fn show(spec: &str, as_toml: bool, format: Format) -> Result<ExitCode, String> {
    if as_toml {
        let text = match builtin_text(spec) {
            Some(t) => t.to_string(),
            // A KataGo ruleset has no file: every knob, written out.
            None if spec.starts_with(KATAGO_PREFIX) => {
                let rs = load(spec).map_err(|e| e.to_string())?;
                format!(
                    "# {}, written out knob by knob.\n{}",
                    rs.name,
                    printer::toml(&rs)
                )
            }
            None => gorules_rules::read_ruleset_text(std::path::Path::new(spec))
                .map_err(|e| e.to_string())?,
        };
        load(spec).map_err(|e| e.to_string())?;
        out!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    let rs = load(spec).map_err(|e| e.to_string())?;
    out!("{}", printer::show(&rs, format));
    Ok(ExitCode::SUCCESS)
}

/// `gorules rules diff A B`.
pub fn diff(a: &str, b: &str) -> Result<ExitCode, String> {
    let ra = load(a).map_err(|e| e.to_string())?;
    let rb = load(b).map_err(|e| e.to_string())?;
    out!("{}", printer::diff(&ra, &rb));
    Ok(ExitCode::SUCCESS)
}
