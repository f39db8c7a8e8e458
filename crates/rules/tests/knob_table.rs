//! The knob table and the TOML reader agree: every knob a ruleset has is in the table, every
//! table key is read, written values read back equal, documented values are the accepted ones,
//! and wrong values and keys are refused naming what is allowed.

use gorules_rules::knob::{Knob, KNOBS};
use gorules_rules::{builtins, parse, Ruleset};

/// A complete ruleset file written from the table: every knob's value as TOML, leaving out
/// the knob with key `skip`.
fn write_file(rs: &Ruleset, skip: &str) -> String {
    let mut file = toml::Table::new();
    for (key, value) in [
        ("id", &rs.id),
        ("name", &rs.name),
        ("description", &rs.description),
        ("source", &rs.source),
    ] {
        file.insert(key.to_string(), toml::Value::String(value.clone()));
    }
    for knob in KNOBS.iter().filter(|k| k.key != skip) {
        let (section, name) = knob.section_and_name();
        file.entry(section)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .expect("a section is a table")
            .insert(name.to_string(), knob.toml_value(rs));
    }
    toml::to_string(&file).expect("a table writes as TOML")
}

/// A file that starts from `base` and sets one knob to `value` (a TOML value, as written).
fn one_knob(base: &str, knob: &Knob, value: &str) -> String {
    let (section, name) = knob.section_and_name();
    format!("id = \"x\"\nextends = \"{base}\"\n[{section}]\n{name} = {value}\n")
}

/// The names an error message gives as allowed: those in backticks after `expected`.
fn expected_names(message: &str) -> Vec<&str> {
    let (_, expected) = message
        .split_once("expected")
        .unwrap_or_else(|| panic!("names nothing allowed: {message}"));
    expected.split('`').skip(1).step_by(2).collect()
}

/// A documented value as it is written in a file: a string, a boolean, or for a list knob a
/// list of one string.
fn literal(value: &str, like: &toml::Value) -> String {
    match like {
        toml::Value::Boolean(_) => value.to_string(),
        toml::Value::Array(_) => format!("[{value:?}]"),
        _ => format!("{value:?}"),
    }
}

#[test]
fn every_builtin_reads_back_equal_from_the_tables_values() {
    for rs in builtins() {
        let text = write_file(&rs, "");
        let read = parse(&text, "written.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read, rs, "{text}");
    }
}

#[test]
fn knobs_lists_the_tables_keys_in_order() {
    for rs in builtins() {
        let mut keys: Vec<&str> = rs.knobs().into_iter().map(|(k, _)| k).collect();
        keys.dedup();
        let table: Vec<&str> = KNOBS.iter().map(|k| k.key).collect();
        assert_eq!(keys, table, "{}", rs.id);
    }
}

#[test]
fn a_knob_left_out_is_missing_unless_it_has_a_default() {
    let concord = builtins().remove(0);
    for knob in KNOBS {
        let text = write_file(&concord, knob.key);
        match parse(&text, "short.toml") {
            Ok(rs) => {
                // The knob has a default: the others read as written.
                for other in KNOBS.iter().filter(|k| k.key != knob.key) {
                    assert_eq!(other.show(&rs), other.show(&concord), "{}", other.key);
                }
            }
            Err(e) => assert_eq!(
                e.to_string(),
                format!(
                    "short.toml: missing key `{}`: set it, or name a ruleset to start from with \
                     `extends = \"ID\"`",
                    knob.key
                )
            ),
        }
    }
}

#[test]
fn every_documented_value_is_read_and_shown_as_written() {
    let all = builtins();
    for knob in KNOBS {
        for (value, _) in knob.values {
            let mut accepted = 0;
            for base in &all {
                let like = knob.toml_value(base);
                let text = one_knob(&base.id, knob, &literal(value, &like));
                match parse(&text, "one.toml") {
                    Ok(rs) => {
                        accepted += 1;
                        assert_eq!(knob.show(&rs), [value.to_string()], "{text}");
                    }
                    // Refused only when it contradicts another knob of the base.
                    Err(e) => assert!(e.message.contains("contradictory"), "{e}\n{text}"),
                }
            }
            assert!(accepted > 0, "{} = {value} is never accepted", knob.key);
        }
    }
}

#[test]
fn a_wrong_value_is_refused_at_its_place_naming_the_allowed_values() {
    let concord = builtins().remove(0);
    for knob in KNOBS {
        let like = knob.toml_value(&concord);
        // A string where a name is expected; for a boolean or a number, the wrong type.
        let wrong = match like {
            toml::Value::Array(_) => "[\"no-such-value\"]",
            _ => "\"no-such-value\"",
        };
        let text = one_knob("concord", knob, wrong);
        let (section, name) = knob.section_and_name();
        let e = parse(&text, "wrong.toml").unwrap_err();
        let column = name.len() + 4 + usize::from(like.is_array());
        assert_eq!(
            (e.line, e.column),
            (Some(4), Some(column)),
            "{section}.{name}: {e}"
        );
        if like.is_bool() {
            assert!(e.message.ends_with("expected a boolean"), "{e}");
        } else if !knob.values.is_empty() {
            assert!(
                e.message.starts_with("unknown variant `no-such-value`"),
                "{e}"
            );
            let allowed: Vec<&str> = knob.values.iter().map(|(v, _)| *v).collect();
            assert_eq!(expected_names(&e.message), allowed, "{e}");
        }
    }
}

#[test]
fn an_unknown_key_is_refused_naming_the_sections_keys() {
    let mut sections: Vec<&str> = KNOBS.iter().map(|k| k.section_and_name().0).collect();
    sections.dedup();
    for section in sections {
        let names: Vec<&str> = KNOBS
            .iter()
            .map(Knob::section_and_name)
            .filter(|(s, _)| *s == section)
            .map(|(_, n)| n)
            .collect();
        let text = format!("id = \"x\"\nextends = \"concord\"\n[{section}]\nno-such-key = 1\n");
        let e = parse(&text, "unknown.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("unknown.toml:4:1: unknown field `no-such-key`, expected"),
            "{e}"
        );
        assert_eq!(expected_names(&e.message), names, "{e}");
    }
}
