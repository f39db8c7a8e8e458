//! The built-in rulesets: the TOML files of `crates/rules/rulesets/` (which the repository's
//! `rulesets/` links to, the place users read them), embedded in the binary so that it works
//! from any directory. They live inside the crate so that the crate packages on its own.

use std::path::Path;
use std::sync::OnceLock;

use crate::ruleset::Ruleset;
use crate::toml_file::{parse_ruleset, read_ruleset_file, RulesetError};

/// What starts the name of a KataGo ruleset: `katago:japanese`.
pub const KATAGO_PREFIX: &str = "katago:";

/// `(id, TOML text)` of every built-in ruleset, in display order.
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    ("concord", include_str!("../rulesets/concord.toml")),
    ("aga", include_str!("../rulesets/aga.toml")),
    ("japanese", include_str!("../rulesets/japanese.toml")),
    ("korean", include_str!("../rulesets/korean.toml")),
    ("chinese", include_str!("../rulesets/chinese.toml")),
    ("taiwan", include_str!("../rulesets/taiwan.toml")),
    ("new-zealand", include_str!("../rulesets/new-zealand.toml")),
    (
        "tromp-taylor",
        include_str!("../rulesets/tromp-taylor.toml"),
    ),
    ("ing", include_str!("../rulesets/ing.toml")),
    ("british", include_str!("../rulesets/british.toml")),
    ("two-button", include_str!("../rulesets/two-button.toml")),
    (
        "stone-scoring",
        include_str!("../rulesets/stone-scoring.toml"),
    ),
];

/// The TOML text of a built-in ruleset.
pub fn builtin_text(id: &str) -> Option<&'static str> {
    BUILTIN_FILES
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t)
}

fn parse_builtin(id: &str, text: &str) -> Result<Ruleset, RulesetError> {
    parse_ruleset(text, &format!("rulesets/{id}.toml"), &|name| builtin(name))
}

/// Each built-in ruleset read once, on first use, in the order of [`BUILTIN_FILES`]: one lock
/// per ruleset, so that reading one that `extends` another reads that one in turn.
static PARSED: [OnceLock<Ruleset>; BUILTIN_FILES.len()] =
    [const { OnceLock::new() }; BUILTIN_FILES.len()];

/// A built-in ruleset by id. Each is read from its TOML text once per process and copied
/// from then on: a service or a run over many records that asks for the built-ins again and
/// again does not read them again.
pub fn builtin(id: &str) -> Option<Ruleset> {
    let k = BUILTIN_FILES.iter().position(|(i, _)| *i == id)?;
    let parsed = PARSED[k].get_or_init(|| {
        // The built-in files are checked by the tests; a broken one is a bug in this crate.
        parse_builtin(id, BUILTIN_FILES[k].1)
            .unwrap_or_else(|e| panic!("built-in ruleset is invalid: {e}"))
    });
    Some(parsed.clone())
}

/// Every built-in ruleset, in display order.
pub fn builtins() -> Vec<Ruleset> {
    BUILTIN_FILES
        .iter()
        .map(|(id, _)| builtin(id).expect("listed"))
        .collect()
}

/// Ids of the built-in rulesets.
pub fn builtin_ids() -> Vec<&'static str> {
    BUILTIN_FILES.iter().map(|(id, _)| *id).collect()
}

/// A ruleset named by a built-in id, `katago:` and a KataGo rules string (a preset such as
/// `katago:japanese`, or the compact or JSON form: see [`crate::katago`]), or a path to a TOML
/// file (anything containing `/` or ending in `.toml` is taken as a path).
pub fn load(id_or_path: &str) -> Result<Ruleset, RulesetError> {
    if let Some(rs) = builtin(id_or_path) {
        return Ok(rs);
    }
    if let Some(text) = id_or_path.strip_prefix(KATAGO_PREFIX) {
        return crate::katago::katago_ruleset(text).map_err(|e| RulesetError {
            file: e.subject(),
            line: None,
            column: None,
            message: e.detail(),
        });
    }
    if id_or_path.contains('/') || id_or_path.contains('\\') || id_or_path.ends_with(".toml") {
        return read_ruleset_file(Path::new(id_or_path), &|name| builtin(name));
    }
    Err(RulesetError {
        file: id_or_path.to_string(),
        line: None,
        column: None,
        message: format!(
            "no built-in ruleset has this id{}; built-in ids: {} (or give a path to a .toml file)",
            crate::suggest::did_you_mean(id_or_path, builtin_ids().iter().copied()),
            builtin_ids().join(", ")
        ),
    })
}

/// Parses a ruleset from TOML text; `file` names it in error messages. `extends` may name a
/// built-in ruleset.
pub fn parse(text: &str, file: &str) -> Result<Ruleset, RulesetError> {
    parse_ruleset(text, file, &|name| builtin(name))
}

/// The names of a list of rulesets (`concord,katago:japanese,my.toml`, as `--rules` takes
/// it): split at commas, except inside a KataGo rules string in its JSON form
/// (`katago:{"ko":"SIMPLE","scoring":"AREA"}`), whose commas belong to it: the object runs to
/// its matching `}`, nested objects and arrays and strings (with their escapes) included, so
/// that a malformed object is read whole and refused with what is wrong in it.
pub fn rules_names(spec: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = spec;
    loop {
        let t = rest.trim_start();
        let json = t
            .strip_prefix(KATAGO_PREFIX)
            .is_some_and(|k| k.trim_start().starts_with('{'));
        let from = if json { json_object_end(t) } else { 0 };
        match t[from..].find(',') {
            Some(i) => {
                names.push(t[..from + i].trim());
                rest = &t[from + i + 1..];
            }
            None => {
                names.push(t.trim());
                break;
            }
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// The byte offset just after the JSON object that starts at the first `{` of `text`: where
/// the braces and brackets opened outside strings are all closed again; the end of `text`
/// when they never are (the object is then all the rest, and its reader says what is wrong).
fn json_object_end(text: &str) -> usize {
    let Some(start) = text.find('{') else {
        return 0;
    };
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in text[start..].char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return start + i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_rules_string_is_one_name_whatever_it_holds() {
        assert_eq!(
            rules_names(" concord , katago:japanese,my.toml,"),
            ["concord", "katago:japanese", "my.toml"]
        );
        // Commas inside the object, in a nested object, an array or a string (with a `}` and
        // an escaped quote) belong to it.
        for json in [
            r#"katago:{"ko":"SIMPLE","scoring":"AREA"}"#,
            r#"katago:{"x":{"a":1,"b":2},"ko":"SIMPLE"}"#,
            r#"katago:{"x":[1,{"y":2}],"ko":"SIMPLE"}"#,
            r#"katago:{"ko":"SIM}PLE,x\",}","tax":"NONE"}"#,
        ] {
            let spec = format!("concord,{json},japanese");
            assert_eq!(rules_names(&spec), ["concord", json, "japanese"], "{spec}");
        }
        // An object never closed is all the rest.
        assert_eq!(
            rules_names(r#"japanese,katago:{"ko":{"a":1,"b":2"#),
            ["japanese", r#"katago:{"ko":{"a":1,"b":2"#]
        );
        // So a nested object is refused for what it is, not cut at its first comma.
        let e = load(rules_names(r#"katago:{"x":{"a":1,"b":2},"ko":"SIMPLE"},chinese"#)[0])
            .unwrap_err();
        assert!(e.to_string().contains(r#"unknown key "x""#), "{e}");
    }
}
