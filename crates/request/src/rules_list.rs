//! The rules list of a request: `all` (every built-in ruleset), or built-in ids, `katago:`
//! rules strings, TOML paths, `record` (the ruleset each record's `RU` names) and
//! `record:NAME` (the same, or NAME for a record whose `RU` names none), separated by commas;
//! and the one ruleset of a request that shows one ruleset's count.

use std::sync::Arc;

use gorules_compare::rules_choice::{RulesetChoice, RECORD, RECORD_OR};
use gorules_rules::{builtins, load, rules_names, Ruleset};

use crate::RequestError;

/// The word of a rules list that stands for every built-in ruleset.
pub const ALL: &str = "all";

/// Every built-in ruleset, as choices.
pub fn all() -> Vec<RulesetChoice> {
    gorules_compare::rules_choice::fixed(builtins())
}

/// A ruleset by its name in a rules list (a built-in id, a `katago:` rules string, a TOML
/// path).
pub fn ruleset(name: &str) -> Result<Ruleset, RequestError> {
    load(name.trim()).map_err(|e| RequestError::Ruleset(e.to_string()))
}

/// One name of a rules list: `record`, `record:NAME` (the record's own ruleset, else the one
/// `NAME` names), or a ruleset ([`ruleset`]).
pub fn choice(name: &str) -> Result<RulesetChoice, RequestError> {
    choice_by(name, ruleset)
}

/// [`choice`], each ruleset loaded by `load`.
pub(crate) fn choice_by(
    name: &str,
    load: fn(&str) -> Result<Ruleset, RequestError>,
) -> Result<RulesetChoice, RequestError> {
    let name = name.trim();
    if name == RECORD {
        return Ok(RulesetChoice::Record(None));
    }
    if let Some(fallback) = name.strip_prefix(RECORD_OR) {
        return Ok(RulesetChoice::Record(Some(Arc::new(load(fallback)?))));
    }
    load(name).map(|r| RulesetChoice::Fixed(Arc::new(r)))
}

/// A rules list: [`ALL`] alone, or names separated by commas ([`choice`]; a `katago:` JSON
/// object may hold commas). A list that names nothing is refused.
pub fn choices(spec: &str) -> Result<Vec<RulesetChoice>, RequestError> {
    choices_by(spec, ruleset)
}

/// [`choices`], each ruleset loaded by `load`.
pub(crate) fn choices_by(
    spec: &str,
    load: fn(&str) -> Result<Ruleset, RequestError>,
) -> Result<Vec<RulesetChoice>, RequestError> {
    if spec.trim() == ALL {
        return Ok(all());
    }
    let list = rules_names(spec)
        .into_iter()
        .map(|name| choice_by(name, load))
        .collect::<Result<Vec<_>, _>>()?;
    if list.is_empty() {
        return Err(RequestError::NoRuleset);
    }
    Ok(list)
}

/// The one ruleset of a request that shows one ruleset's count (`purpose`: what shows it, "a
/// diagram shows"): one built-in id, `katago:` rules string or TOML file; not [`ALL`], not a
/// list.
pub fn one_ruleset(spec: &str, purpose: &'static str) -> Result<Ruleset, RequestError> {
    one_ruleset_by(spec, purpose, ruleset)
}

/// [`one_ruleset`], loaded by `load`.
pub(crate) fn one_ruleset_by(
    spec: &str,
    purpose: &'static str,
    load: fn(&str) -> Result<Ruleset, RequestError>,
) -> Result<Ruleset, RequestError> {
    let spec = spec.trim();
    if spec == ALL || rules_names(spec).len() > 1 {
        return Err(RequestError::NotOneRuleset {
            spec: spec.to_string(),
            purpose,
        });
    }
    load(spec)
}

/// The rulesets of a game played move by move, which has no record: every choice fixed
/// ([`RequestError::RecordWithoutRecord`] for `record`).
pub fn without_record(choices: Vec<RulesetChoice>) -> Result<Vec<Ruleset>, RequestError> {
    choices
        .into_iter()
        .map(|c| match c {
            RulesetChoice::Fixed(r) => Ok(Arc::unwrap_or_clone(r)),
            _ => Err(RequestError::RecordWithoutRecord),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[RulesetChoice]) -> Vec<String> {
        list.iter()
            .map(|c| match c {
                RulesetChoice::Fixed(r) => r.id.clone(),
                RulesetChoice::Record(None) => "record".into(),
                RulesetChoice::Record(Some(r)) => format!("record:{}", r.id),
                RulesetChoice::RecordKataGo => "record-katago".into(),
            })
            .collect()
    }

    #[test]
    fn all_ids_katago_strings_and_the_records_own() {
        assert_eq!(choices(" all ").unwrap().len(), builtins().len());
        let list = choices("japanese, record,record:aga").unwrap();
        assert_eq!(ids(&list), ["japanese", "record", "record:aga"]);
        // A KataGo JSON rules string holds commas of its own.
        let list = choices(r#"katago:{"ko":"SIMPLE","scoring":"AREA"},chinese"#).unwrap();
        assert_eq!(list.len(), 2);
    }

    #[test]
    fn an_empty_list_and_an_unknown_id_are_refused() {
        assert_eq!(choices(" , ").unwrap_err(), RequestError::NoRuleset);
        match choices("concord,japanse") {
            Err(RequestError::Ruleset(m)) => {
                assert!(m.contains("did you mean `japanese`?"), "{m}")
            }
            other => panic!("{other:?}"),
        }
        match choices("record:nosuch") {
            Err(RequestError::Ruleset(_)) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn one_ruleset_is_one() {
        assert_eq!(one_ruleset("aga", "a diagram shows").unwrap().id, "aga");
        for spec in ["all", "aga,chinese"] {
            assert_eq!(
                one_ruleset(spec, "a diagram shows").unwrap_err(),
                RequestError::NotOneRuleset {
                    spec: spec.into(),
                    purpose: "a diagram shows"
                }
            );
        }
    }

    #[test]
    fn a_game_without_a_record_has_no_record_ruleset() {
        assert_eq!(
            without_record(choices("chinese,record").unwrap()).unwrap_err(),
            RequestError::RecordWithoutRecord
        );
        assert_eq!(
            without_record(choices("chinese").unwrap()).unwrap()[0].id,
            "chinese"
        );
    }
}
