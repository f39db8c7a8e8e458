//! The single values of a request: counting methods, komi, an output format, a knob's value.

use std::str::FromStr;

use gorules_rules::suggest::UnknownName;
use gorules_rules::{Counting, Komi};

use crate::RequestError;

/// The counting methods' names, `all` last (every method each ruleset allows).
pub const COUNTING_NAMES: [&str; 4] = ["area", "territory", "stone", "all"];

/// Counting methods: `all` (`None`: every method each ruleset allows), or one method by its
/// name (`area`, `territory`, `stone`).
pub fn countings(name: &str) -> Result<Option<Vec<Counting>>, RequestError> {
    if name.trim() == "all" {
        return Ok(None);
    }
    counting(name).map(|c| Some(vec![c]))
}

/// One counting method by its name.
pub fn counting(name: &str) -> Result<Counting, RequestError> {
    knob_value::<Counting>(name).map_err(|_| {
        RequestError::Counting(UnknownName {
            given: name.to_string(),
            names: COUNTING_NAMES.iter().map(|n| n.to_string()).collect(),
        })
    })
}

/// A komi given as a number, checked as every komi is ([`Komi::new`]).
pub fn komi(points: f64) -> Result<Komi, RequestError> {
    Komi::new(points).map_err(|error| RequestError::Komi {
        value: points,
        error,
    })
}

/// An output format by its name: any printer's `Format` (whose `FromStr` lists its names).
pub fn format<F: FromStr<Err = UnknownName>>(name: &str) -> Result<F, RequestError> {
    name.parse().map_err(RequestError::Format)
}

/// A knob's value by its name in a ruleset's TOML file (`positional-superko`): the rules
/// crate's one reading of it.
pub fn knob_value<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RequestError> {
    use serde::de::IntoDeserializer;
    T::deserialize(text.trim().into_deserializer())
        .map_err(|e: serde::de::value::Error| RequestError::KnobValue(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_printers::Format;
    use gorules_rules::ruleset::KoRule;

    #[test]
    fn counting_methods_by_name() {
        assert_eq!(countings(" all"), Ok(None));
        assert_eq!(countings("territory"), Ok(Some(vec![Counting::Territory])));
        let e = countings("teritory").unwrap_err();
        assert_eq!(
            e.to_string(),
            "counting `teritory`: one of area, territory, stone, all (did you mean `territory`?)"
        );
    }

    #[test]
    fn komi_is_whole_or_half() {
        assert_eq!(komi(6.5), Ok(Komi::new(6.5).unwrap()));
        let e = komi(0.3).unwrap_err();
        assert!(matches!(e, RequestError::Komi { value, .. } if value == 0.3));
        assert_eq!(
            e.to_string(),
            "komi 0.3: komi must be a whole or half number from -1000 to 1000"
        );
        assert!(komi(f64::NAN).is_err());
    }

    #[test]
    fn formats_by_name() {
        assert_eq!(format::<Format>("jsonl"), Ok(Format::JsonLines));
        let e = format::<Format>("jsn").unwrap_err();
        assert_eq!(
            e.to_string(),
            "format `jsn`: one of table, markdown, csv, json, jsonl, parquet (did you mean `json`?)"
        );
        assert_eq!(
            format::<gorules_compare::diagram::Format>("svg").map(|f| f.to_string()),
            Ok("svg".to_string())
        );
    }

    #[test]
    fn knob_values_by_their_toml_names() {
        assert_eq!(knob_value::<KoRule>(" simple "), Ok(KoRule::Simple));
        assert!(matches!(
            knob_value::<KoRule>("superko"),
            Err(RequestError::KnobValue(_))
        ));
    }
}
