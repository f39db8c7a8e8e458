//! What an SGF `RU` value says about the rules the game was played under.

use gorules_rules::katago::exact_builtin;
pub use gorules_rules::katago::{
    KataGoRules, Ko as KoHint, Scoring as ScoringHint, WhiteHandicapBonus,
};
pub use gorules_rules::ruleset::Tax as TaxHint;
use gorules_rules::{builtin, Ruleset};

/// What [`ruleset_hint`] made of an `RU` value.
#[derive(Clone, Debug, PartialEq)]
pub enum RulesHint {
    /// A common ruleset name, mapped to the built-in ruleset of that name: `"japanese"`,
    /// `"chinese"`, `"aga"`, `"ing"`, `"new-zealand"`, `"korean"`, `"tromp-taylor"` or
    /// `"stone-scoring"`.
    Ruleset(&'static str),
    /// A KataGo rules string in its compact form (`koPOSITIONALscoreAREAtaxNONEsui1`) or its
    /// JSON form: exactly that KataGo ruleset (`katago:` and the string, see
    /// [`gorules_rules::katago`]).
    KataGo {
        /// The `RU` value, trimmed.
        raw: String,
        /// What it says.
        rules: KataGoRules,
    },
    /// Looks like a KataGo rules string but cannot be read: the reason, in words.
    Invalid {
        /// The `RU` value.
        raw: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Nothing this function recognises (kept as written).
    Unknown(String),
}

impl RulesHint {
    /// The ruleset the hint names: the built-in one of a common name, or the KataGo ruleset
    /// of a KataGo rules string; an error in words for a string that names none or that
    /// gorules cannot model (KataGo's `koSPIGHT`, say).
    pub fn ruleset(&self) -> Result<Ruleset, String> {
        match self {
            RulesHint::Ruleset(id) => {
                builtin(id).ok_or_else(|| format!("no built-in ruleset \"{id}\""))
            }
            RulesHint::KataGo { raw, rules } => rules.ruleset(raw).map_err(|e| e.to_string()),
            RulesHint::Invalid { raw, reason } => Err(format!(
                "katago rules \"{}\": {reason}",
                gorules_rules::printer::escape_controls(raw)
            )),
            RulesHint::Unknown(raw) => Err(format!(
                "RU[{}] names no ruleset gorules knows",
                gorules_rules::printer::escape_controls(raw)
            )),
        }
    }

    /// The built-in ruleset id the hint names, or that its KataGo ruleset is exactly (the
    /// same value for every knob, see [`exact_builtin`]), if any.
    pub fn builtin_id(&self) -> Option<&'static str> {
        match self {
            RulesHint::Ruleset(id) => Some(id),
            RulesHint::KataGo { .. } => self.ruleset().ok().and_then(|rs| exact_builtin(&rs)),
            _ => None,
        }
    }

    /// The id of the KataGo ruleset a KataGo rules string names (`katago:koSIMPLE…`), when
    /// gorules can model it.
    pub fn katago_id(&self) -> Option<String> {
        match self {
            RulesHint::KataGo { .. } => self.ruleset().ok().map(|rs| rs.id),
            _ => None,
        }
    }
}

/// Keys that start KataGo's compact rules strings.
const KATAGO_KEYS: [&str; 9] = [
    "ko", "score", "scoring", "tax", "sui", "button", "whb", "fpok", "komi",
];

/// Maps an SGF `RU` value to a hint about the ruleset.
///
/// Names are matched ignoring case, spaces and punctuation: Japanese → `"japanese"`,
/// Chinese → `"chinese"`, AGA → `"aga"`, GOE/Ing → `"ing"`, NZ/New Zealand →
/// `"new-zealand"`, Korean → `"korean"`, Tromp-Taylor/Tromp/Taylor/TT (`Tromp/Taylor`,
/// `TT--`, ...) → `"tromp-taylor"`: the built-in rulesets of those names, even where KataGo
/// has a preset of the same name (a server's "Japanese" means the Japanese rules). KataGo's
/// rules strings in the compact or JSON form become [`RulesHint::KataGo`] (or
/// [`RulesHint::Invalid`] when they cannot be read); anything else is [`RulesHint::Unknown`].
///
/// ```
/// use gorules_sgf::{ruleset_hint, RulesHint, ScoringHint};
///
/// assert_eq!(ruleset_hint("Japanese"), RulesHint::Ruleset("japanese"));
/// assert_eq!(ruleset_hint("Tromp/Taylor"), RulesHint::Ruleset("tromp-taylor"));
/// let hint = ruleset_hint("koSITUATIONALscoreTERRITORYtaxSEKIsui0button1");
/// match &hint {
///     RulesHint::KataGo { rules, .. } => assert_eq!(rules.scoring, ScoringHint::Territory),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(
///     hint.katago_id().as_deref(),
///     Some("katago:koSITUATIONALscoreTERRITORYtaxSEKIsui0button1")
/// );
/// ```
pub fn ruleset_hint(ru: &str) -> RulesHint {
    let t = ru.trim();
    let key: String = t
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let named = match key.as_str() {
        "japanese" | "japan" | "jp" | "jpn" | "nihonkiin" => Some("japanese"),
        "chinese" | "china" | "cn" | "chn" => Some("chinese"),
        "aga" | "american" | "agarules" => Some("aga"),
        "goe" | "ing" | "ingsst" | "ingrules" => Some("ing"),
        "nz" | "newzealand" => Some("new-zealand"),
        "korean" | "korea" | "kr" | "kor" => Some("korean"),
        "tromptaylor" | "tromp" | "taylor" | "tt" | "trompandtaylor" => Some("tromp-taylor"),
        "stonescoring" | "ancientarea" => Some("stone-scoring"),
        _ => None,
    };
    if let Some(id) = named {
        return RulesHint::Ruleset(id);
    }
    // KataGo's other presets (`chinese-ogs`, `aga-button`, `ancient-territory`, ...): names
    // only KataGo gives, so its rules.
    if let Ok(rules) = KataGoRules::parse(t) {
        return RulesHint::KataGo {
            raw: t.to_string(),
            rules,
        };
    }
    if t.starts_with('{') || KATAGO_KEYS.iter().any(|k| t.starts_with(k)) {
        return match KataGoRules::parse(t) {
            Ok(rules) => RulesHint::KataGo {
                raw: t.to_string(),
                rules,
            },
            Err(e) => RulesHint::Invalid {
                raw: t.to_string(),
                reason: e.detail(),
            },
        };
    }
    RulesHint::Unknown(t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for (ru, id) in [
            ("Japanese", "japanese"),
            ("japanese", "japanese"),
            ("Chinese", "chinese"),
            ("AGA", "aga"),
            ("GOE", "ing"),
            ("Ing", "ing"),
            ("NZ", "new-zealand"),
            ("New Zealand", "new-zealand"),
            ("Korean", "korean"),
            ("Tromp-Taylor", "tromp-taylor"),
            ("Tromp/Taylor", "tromp-taylor"),
            ("Tromp", "tromp-taylor"),
            ("TT--", "tromp-taylor"),
            ("tt", "tromp-taylor"),
            // KataGo's preset names (KataGo rules.cpp, `parseRulesHelper`).
            ("stone-scoring", "stone-scoring"),
            ("stone_scoring", "stone-scoring"),
            ("ancient-area", "stone-scoring"),
        ] {
            assert_eq!(ruleset_hint(ru), RulesHint::Ruleset(id), "{ru}");
        }
        assert_eq!(
            ruleset_hint("Cambodian"),
            RulesHint::Unknown("Cambodian".into())
        );
        assert_eq!(ruleset_hint(""), RulesHint::Unknown(String::new()));
    }

    #[test]
    fn katago_compact_and_json_strings_name_katago_rulesets() {
        let hint = ruleset_hint("koPOSITIONALscoreAREAtaxNONEsui1");
        let RulesHint::KataGo { rules, raw } = &hint else {
            panic!("{hint:?}")
        };
        assert_eq!(raw, "koPOSITIONALscoreAREAtaxNONEsui1");
        assert_eq!(*rules, KataGoRules::default());
        assert_eq!(
            hint.katago_id().as_deref(),
            Some("katago:koPOSITIONALscoreAREAtaxNONEsui1")
        );
        // KataGo's Tromp-Taylor-like rules leave dead stones outside pass-alive territory on
        // the board, where gorules' tromp-taylor scores the board as it stands: not the same
        // ruleset, so no built-in id.
        assert_eq!(hint.builtin_id(), None);
        assert_eq!(
            hint.ruleset().unwrap().dead_stones,
            gorules_rules::ruleset::DeadStones::PassAlive
        );

        let hint = ruleset_hint(r#" {"ko":"SIMPLE","scoring":"AREA","suicide":false} "#);
        assert_eq!(
            hint.katago_id().as_deref(),
            Some(r#"katago:{"ko":"SIMPLE","scoring":"AREA","suicide":false}"#)
        );
        // Spight's rule is read but is no ruleset.
        let hint = ruleset_hint("koSPIGHTscoreAREA");
        assert!(matches!(hint, RulesHint::KataGo { .. }));
        assert_eq!(hint.katago_id(), None);
        assert!(hint.ruleset().unwrap_err().contains("SPIGHT"), "{hint:?}");
    }

    /// KataGo rules.cpp, `parseRulesHelper`: names no other program gives, KataGo's rules.
    #[test]
    fn katago_only_preset_names_name_katago_rulesets() {
        for (ru, id) in [
            ("chinese-ogs", "katago:chinese-ogs"),
            ("Chinese_KGS", "katago:Chinese_KGS"),
            ("aga-button", "katago:aga-button"),
            ("ancient-territory", "katago:ancient-territory"),
        ] {
            assert_eq!(ruleset_hint(ru).katago_id().as_deref(), Some(id), "{ru}");
        }
    }

    #[test]
    fn common_names_stay_the_built_in_rulesets() {
        for (ru, id) in [
            ("Japanese", "japanese"),
            ("chinese", "chinese"),
            ("AGA", "aga"),
        ] {
            let hint = ruleset_hint(ru);
            assert_eq!(hint.builtin_id(), Some(id));
            assert_eq!(hint.katago_id(), None);
            assert_eq!(hint.ruleset().unwrap().id, id);
        }
        assert!(ruleset_hint("Cambodian")
            .ruleset()
            .unwrap_err()
            .contains("names no ruleset"));
    }

    #[test]
    fn katago_errors_stay_inside_the_hint() {
        for bad in [
            "koWEIRDscoreAREA",
            "koSIMPLEscoreAREAtaxNONEsui2",
            "koSIMPLEscoreAREAtaxNONEsui1foo1",
            "komiX",
            "{\"ko\":\"SIMPLE\",\"bogus\":1}",
            "{not json",
        ] {
            assert!(
                matches!(ruleset_hint(bad), RulesHint::Invalid { .. }),
                "{bad}: {:?}",
                ruleset_hint(bad)
            );
        }
    }
}
