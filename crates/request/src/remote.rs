//! A request from another machine (the HTTP service of `gorules serve`): nothing it names may
//! read a file or start a program on this machine. A ruleset is a built-in id or a `katago:`
//! rules string, and a ruleset of one's own is sent as its TOML text ([`ruleset_text`], which
//! may `extends` a built-in one); the dead-stone source `engine`, which starts a program, is
//! not offered. Everything else is read as [`crate::rules_list`] and [`crate::dead`] read it.

use gorules_compare::dead::DeadStones;
use gorules_compare::rules_choice::RulesetChoice;
use gorules_rules::suggest::did_you_mean;
use gorules_rules::{builtin, builtin_ids, load, parse, Ruleset, KATAGO_PREFIX};

use crate::rules_list::{choice_by, choices_by, one_ruleset_by};
use crate::RequestError;

/// A ruleset by its name in a rules list: a built-in id or a `katago:` rules string. Any other
/// name is refused without being looked for on this machine: one that reads as a file
/// ([`RequestError::FileNotRead`]: it has a `/` or `\`, or ends in `.toml`, as
/// `gorules_rules::load` reads a path), else an unknown id.
pub fn ruleset(name: &str) -> Result<Ruleset, RequestError> {
    let name = name.trim();
    if builtin(name).is_some() || name.starts_with(KATAGO_PREFIX) {
        // Neither reads a file.
        return load(name).map_err(|e| RequestError::Ruleset(e.to_string()));
    }
    if name.contains('/') || name.contains('\\') || name.ends_with(".toml") {
        return Err(RequestError::FileNotRead(name.to_string()));
    }
    Err(RequestError::Ruleset(format!(
        "{name}: no built-in ruleset has this id{}; built-in ids: {} (or a `katago:` rules string)",
        did_you_mean(name, builtin_ids().iter().copied()),
        builtin_ids().join(", ")
    )))
}

/// One name of a rules list: `record`, `record:NAME`, or a ruleset ([`ruleset`]).
pub fn choice(name: &str) -> Result<RulesetChoice, RequestError> {
    choice_by(name, ruleset)
}

/// A rules list, as [`crate::rules_list::choices`] reads it, each ruleset by [`ruleset`].
pub fn choices(spec: &str) -> Result<Vec<RulesetChoice>, RequestError> {
    choices_by(spec, ruleset)
}

/// The one ruleset of a request that shows one ruleset's count, as
/// [`crate::rules_list::one_ruleset`] reads it, by [`ruleset`].
pub fn one_ruleset(spec: &str, purpose: &'static str) -> Result<Ruleset, RequestError> {
    one_ruleset_by(spec, purpose, ruleset)
}

/// A ruleset sent as the text of a TOML file (which may `extends` a built-in ruleset); `name`
/// names it in messages. An error keeps its line and column in the text.
pub fn ruleset_text(text: &str, name: &str) -> Result<Ruleset, RequestError> {
    parse(text, name).map_err(RequestError::RulesetText)
}

/// The dead-stone source, as [`crate::dead_stones`] reads it, less `engine`.
pub fn dead_stones(text: &str) -> Result<DeadStones, RequestError> {
    if text.trim() == "engine" {
        return Err(RequestError::EngineNotOffered);
    }
    crate::dead_stones(text, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_ids_and_katago_strings_only() {
        assert_eq!(ruleset(" aga ").unwrap().id, "aga");
        assert!(ruleset("katago:japanese").is_ok());
        for file in ["my.toml", "rulesets/aga.toml", "..\\x", "/etc/passwd"] {
            assert_eq!(
                ruleset(file).unwrap_err(),
                RequestError::FileNotRead(file.into())
            );
        }
        match ruleset("japanse") {
            Err(RequestError::Ruleset(m)) => assert!(m.contains("did you mean `japanese`?"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(choices("all").unwrap().len(), builtin_ids().len());
        assert!(matches!(
            choices("chinese,record:x.toml"),
            Err(RequestError::FileNotRead(_))
        ));
        assert_eq!(
            one_ruleset("chinese", "a diagram shows").unwrap().id,
            "chinese"
        );
        assert!(matches!(
            one_ruleset("a/b.toml", "a diagram shows"),
            Err(RequestError::FileNotRead(_))
        ));
    }

    #[test]
    fn a_ruleset_as_text_keeps_its_line_and_column() {
        let text = "id = \"mine\"\nname = \"Mine\"\nextends = \"concord\"\n[end]\nend-of-play = \"three-passes\"\n";
        match ruleset_text(text, "mine.toml") {
            Err(RequestError::RulesetText(e)) => {
                assert_eq!((e.file.as_str(), e.line), ("mine.toml", Some(5)));
                assert!(e.column.is_some());
            }
            other => panic!("{other:?}"),
        }
        let ok = "id = \"mine\"\nname = \"Mine\"\nextends = \"concord\"\n";
        assert_eq!(ruleset_text(ok, "mine.toml").unwrap().id, "mine");
    }

    #[test]
    fn no_engine() {
        assert_eq!(dead_stones("engine"), Err(RequestError::EngineNotOffered));
        assert_eq!(dead_stones("none"), Ok(DeadStones::None));
        assert_eq!(dead_stones("D4,E5"), Ok(DeadStones::Points("D4,E5".into())));
    }
}
