//! What an SGF `RU` value says about the rules the game was played under.

use std::fmt;

/// What [`ruleset_hint`] made of an `RU` value.
#[derive(Clone, Debug, PartialEq)]
pub enum RulesHint {
    /// A common ruleset name, mapped to a built-in ruleset id: `"japanese"`, `"chinese"`,
    /// `"aga"`, `"ing"`, `"new-zealand"`, `"korean"`, `"tromp-taylor"` or `"stone-scoring"`.
    Ruleset(&'static str),
    /// A KataGo rules string (compact like `koPOSITIONALscoreAREAtaxNONEsui1`, or JSON).
    KataGo(KataGoRules),
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
    /// The built-in ruleset id this hint names or matches exactly (see
    /// [`KataGoRules::builtin_equivalent`]), if any.
    pub fn builtin_id(&self) -> Option<&'static str> {
        match self {
            RulesHint::Ruleset(id) => Some(id),
            RulesHint::KataGo(k) => k.builtin_equivalent(),
            _ => None,
        }
    }
}

/// KataGo's ko rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoHint {
    /// Simple ko: no immediate recapture of a single stone.
    Simple,
    /// Positional superko: no repeating a board position.
    Positional,
    /// Situational superko: no repeating a position with the same player to move.
    Situational,
    /// Spight's rule (KataGo `SPIGHT`).
    Spight,
}

/// KataGo's scoring rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoringHint {
    /// Area scoring: stones plus surrounded points.
    Area,
    /// Territory scoring: surrounded points plus prisoners.
    Territory,
}

/// KataGo's "tax" on groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaxHint {
    /// No tax.
    None,
    /// Points in seki do not count.
    Seki,
    /// Points in seki do not count and each group pays two points (ancient stone scoring).
    All,
}

/// KataGo's bonus to White for handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhiteHandicapBonus {
    /// `0`: none.
    Zero,
    /// `N`: one point per handicap stone.
    N,
    /// `N-1`: one point per handicap stone after the first.
    NMinusOne,
}

impl WhiteHandicapBonus {
    /// The KataGo spelling: `0`, `N` or `N-1`.
    pub fn as_str(self) -> &'static str {
        match self {
            WhiteHandicapBonus::Zero => "0",
            WhiteHandicapBonus::N => "N",
            WhiteHandicapBonus::NMinusOne => "N-1",
        }
    }
}

/// A KataGo rules string, read the way KataGo reads it: fields in any order, and for a field
/// not given KataGo's default (Tromp-Taylor-like: positional ko, area scoring, suicide legal;
/// the tax defaults to `SEKI` under territory scoring and `NONE` under area scoring).
#[derive(Clone, Debug, PartialEq)]
pub struct KataGoRules {
    /// `ko…`.
    pub ko: KoHint,
    /// `score…` (or `scoring…`).
    pub scoring: ScoringHint,
    /// `tax…`.
    pub tax: TaxHint,
    /// `sui1`: multi-stone suicide is legal.
    pub multi_stone_suicide: bool,
    /// `button1`: button Go (the first player to pass gets half a point).
    pub button: bool,
    /// `whb…`, when given.
    pub white_handicap_bonus: Option<WhiteHandicapBonus>,
    /// `fpok1`: a "friendly" pass that leaves dead stones on the board is fine.
    pub friendly_pass_ok: bool,
    /// `komi…`, when given.
    pub komi: Option<f64>,
}

impl Default for KataGoRules {
    fn default() -> KataGoRules {
        KataGoRules {
            ko: KoHint::Positional,
            scoring: ScoringHint::Area,
            tax: TaxHint::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: None,
            friendly_pass_ok: false,
            komi: None,
        }
    }
}

impl KataGoRules {
    /// Reads KataGo's compact form (`koSITUATIONALscoreTERRITORYtaxSEKIsui0button1`, also with
    /// `whbN-1`, `fpok1`, `komi7.5`) or its JSON form (`{"ko":"SIMPLE","scoring":"AREA",...}`).
    pub fn parse(s: &str) -> Result<KataGoRules, String> {
        let t = s.trim();
        if t.starts_with('{') {
            return parse_json(t);
        }
        if t.is_empty() {
            return Err("empty rules string".into());
        }
        let mut r = KataGoRules::default();
        let mut tax_given = false;
        let mut rest = t;
        fn pick<T: Copy>(rest: &mut &str, options: &[(&str, T)]) -> Option<T> {
            for &(word, value) in options {
                if let Some(r) = rest.strip_prefix(word) {
                    *rest = r.trim_start();
                    return Some(value);
                }
            }
            None
        }
        let bool01 = [("1", true), ("0", false)];
        while !rest.is_empty() {
            let field_start = rest;
            let bad = |what: &str| {
                let shown: String = field_start.chars().take(24).collect();
                Err(format!("{what} at \"{shown}\""))
            };
            // Longer keys first: "scoring" before "score", "komi" before "ko".
            if let Some(r2) = rest.strip_prefix("komi") {
                let end = r2
                    .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                    .unwrap_or(r2.len());
                match r2[..end].parse::<f64>() {
                    Ok(k) if k.is_finite() => r.komi = Some(k),
                    _ => return bad("komi is not a number"),
                }
                rest = r2[end..].trim_start();
            } else if let Some(r2) = rest.strip_prefix("ko") {
                rest = r2.trim_start();
                r.ko = match pick(
                    &mut rest,
                    &[
                        ("SIMPLE", KoHint::Simple),
                        ("POSITIONAL", KoHint::Positional),
                        ("SITUATIONAL", KoHint::Situational),
                        ("SPIGHT", KoHint::Spight),
                    ],
                ) {
                    Some(k) => k,
                    None => return bad("unknown ko rule"),
                };
            } else if let Some(r2) = rest
                .strip_prefix("scoring")
                .or_else(|| rest.strip_prefix("score"))
            {
                rest = r2.trim_start();
                r.scoring = match pick(
                    &mut rest,
                    &[
                        ("AREA", ScoringHint::Area),
                        ("TERRITORY", ScoringHint::Territory),
                    ],
                ) {
                    Some(v) => v,
                    None => return bad("unknown scoring rule"),
                };
            } else if let Some(r2) = rest.strip_prefix("tax") {
                rest = r2.trim_start();
                r.tax = match pick(
                    &mut rest,
                    &[
                        ("NONE", TaxHint::None),
                        ("SEKI", TaxHint::Seki),
                        ("ALL", TaxHint::All),
                    ],
                ) {
                    Some(v) => v,
                    None => return bad("unknown tax rule"),
                };
                tax_given = true;
            } else if let Some(r2) = rest.strip_prefix("sui") {
                rest = r2.trim_start();
                r.multi_stone_suicide = match pick(&mut rest, &bool01) {
                    Some(v) => v,
                    None => return bad("suicide must be sui0 or sui1"),
                };
            } else if let Some(r2) = rest.strip_prefix("button") {
                rest = r2.trim_start();
                r.button = match pick(&mut rest, &bool01) {
                    Some(v) => v,
                    None => return bad("button must be button0 or button1"),
                };
            } else if let Some(r2) = rest.strip_prefix("whb") {
                rest = r2.trim_start();
                r.white_handicap_bonus = match pick(
                    &mut rest,
                    &[
                        ("0", WhiteHandicapBonus::Zero),
                        ("N-1", WhiteHandicapBonus::NMinusOne),
                        ("N", WhiteHandicapBonus::N),
                    ],
                ) {
                    Some(v) => Some(v),
                    None => return bad("white handicap bonus must be whb0, whbN or whbN-1"),
                };
            } else if let Some(r2) = rest.strip_prefix("fpok") {
                rest = r2.trim_start();
                r.friendly_pass_ok = match pick(&mut rest, &bool01) {
                    Some(v) => v,
                    None => return bad("fpok must be fpok0 or fpok1"),
                };
            } else {
                return bad("unknown field");
            }
        }
        if !tax_given {
            r.tax = default_tax(r.scoring);
        }
        Ok(r)
    }

    /// The built-in ruleset these settings match exactly, komi aside, as KataGo defines its
    /// named rules (`japanese`/`korean` → `"japanese"`, `chinese`, `aga`, `new-zealand`,
    /// `tromp-taylor`, `ing`, `stone-scoring`); `None` for any other combination.
    pub fn builtin_equivalent(&self) -> Option<&'static str> {
        use KoHint::*;
        use ScoringHint::*;
        let whb = self
            .white_handicap_bonus
            .unwrap_or(WhiteHandicapBonus::Zero);
        if self.button {
            return None;
        }
        match (
            self.ko,
            self.scoring,
            self.tax,
            self.multi_stone_suicide,
            whb,
            self.friendly_pass_ok,
        ) {
            (Simple, Territory, TaxHint::Seki, false, WhiteHandicapBonus::Zero, false) => {
                Some("japanese")
            }
            (Simple, Area, TaxHint::None, false, WhiteHandicapBonus::N, _) => Some("chinese"),
            (Situational, Area, TaxHint::None, false, WhiteHandicapBonus::NMinusOne, _) => {
                Some("aga")
            }
            (Situational, Area, TaxHint::None, true, WhiteHandicapBonus::Zero, _) => {
                Some("new-zealand")
            }
            (Positional, Area, TaxHint::None, true, WhiteHandicapBonus::Zero, false) => {
                Some("tromp-taylor")
            }
            (Positional, Area, TaxHint::None, true, WhiteHandicapBonus::Zero, true) => Some("ing"),
            // Our stone counting is KataGo's "tax ALL" once the dame are filled (see
            // gorules_rules::group_tax).
            (Simple, Area, TaxHint::All, false, WhiteHandicapBonus::Zero, _) => {
                Some("stone-scoring")
            }
            _ => None,
        }
    }
}

fn default_tax(scoring: ScoringHint) -> TaxHint {
    match scoring {
        ScoringHint::Territory => TaxHint::Seki,
        ScoringHint::Area => TaxHint::None,
    }
}

fn parse_json(t: &str) -> Result<KataGoRules, String> {
    let v: serde_json::Value =
        serde_json::from_str(t).map_err(|e| format!("not valid JSON: {e}"))?;
    let obj = v
        .as_object()
        .ok_or_else(|| "JSON rules must be an object".to_string())?;
    let mut r = KataGoRules::default();
    let mut tax_given = false;
    let string = |key: &str, v: &serde_json::Value| {
        v.as_str()
            .map(|s| s.trim().to_ascii_uppercase())
            .ok_or_else(|| format!("\"{key}\" must be a string"))
    };
    let boolean = |key: &str, v: &serde_json::Value| {
        v.as_bool()
            .ok_or_else(|| format!("\"{key}\" must be true or false"))
    };
    for (key, value) in obj {
        match key.as_str() {
            "ko" => {
                r.ko = match string(key, value)?.as_str() {
                    "SIMPLE" => KoHint::Simple,
                    "POSITIONAL" => KoHint::Positional,
                    "SITUATIONAL" => KoHint::Situational,
                    "SPIGHT" => KoHint::Spight,
                    other => return Err(format!("unknown ko rule \"{other}\"")),
                }
            }
            "score" | "scoring" => {
                r.scoring = match string(key, value)?.as_str() {
                    "AREA" => ScoringHint::Area,
                    "TERRITORY" => ScoringHint::Territory,
                    other => return Err(format!("unknown scoring rule \"{other}\"")),
                }
            }
            "tax" => {
                r.tax = match string(key, value)?.as_str() {
                    "NONE" => TaxHint::None,
                    "SEKI" => TaxHint::Seki,
                    "ALL" => TaxHint::All,
                    other => return Err(format!("unknown tax rule \"{other}\"")),
                };
                tax_given = true;
            }
            "suicide" => r.multi_stone_suicide = boolean(key, value)?,
            "hasButton" => r.button = boolean(key, value)?,
            "friendlyPassOk" => r.friendly_pass_ok = boolean(key, value)?,
            "whiteHandicapBonus" => {
                r.white_handicap_bonus = Some(match string(key, value)?.as_str() {
                    "0" => WhiteHandicapBonus::Zero,
                    "N" => WhiteHandicapBonus::N,
                    "N-1" => WhiteHandicapBonus::NMinusOne,
                    other => return Err(format!("unknown white handicap bonus \"{other}\"")),
                })
            }
            "komi" => match value.as_f64() {
                Some(k) => r.komi = Some(k),
                None => return Err("\"komi\" must be a number".into()),
            },
            other => return Err(format!("unknown field \"{other}\"")),
        }
    }
    if !tax_given {
        r.tax = default_tax(r.scoring);
    }
    Ok(r)
}

/// Writes the compact KataGo form, fields in KataGo's order (`komi` last, when known).
impl fmt::Display for KataGoRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ko = match self.ko {
            KoHint::Simple => "SIMPLE",
            KoHint::Positional => "POSITIONAL",
            KoHint::Situational => "SITUATIONAL",
            KoHint::Spight => "SPIGHT",
        };
        let score = match self.scoring {
            ScoringHint::Area => "AREA",
            ScoringHint::Territory => "TERRITORY",
        };
        let tax = match self.tax {
            TaxHint::None => "NONE",
            TaxHint::Seki => "SEKI",
            TaxHint::All => "ALL",
        };
        write!(
            f,
            "ko{ko}score{score}tax{tax}sui{}",
            u8::from(self.multi_stone_suicide)
        )?;
        if self.button {
            f.write_str("button1")?;
        }
        if let Some(w) = self.white_handicap_bonus {
            write!(f, "whb{}", w.as_str())?;
        }
        if self.friendly_pass_ok {
            f.write_str("fpok1")?;
        }
        if let Some(k) = self.komi {
            write!(f, "komi{k}")?;
        }
        Ok(())
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
/// `TT--`, ...) → `"tromp-taylor"`. KataGo's rules strings become [`RulesHint::KataGo`]
/// (or [`RulesHint::Invalid`] when a field is unknown); anything else is
/// [`RulesHint::Unknown`].
///
/// ```
/// use gorules_sgf::{ruleset_hint, RulesHint, ScoringHint};
///
/// assert_eq!(ruleset_hint("Japanese"), RulesHint::Ruleset("japanese"));
/// assert_eq!(ruleset_hint("Tromp/Taylor"), RulesHint::Ruleset("tromp-taylor"));
/// match ruleset_hint("koSITUATIONALscoreTERRITORYtaxSEKIsui0button1") {
///     RulesHint::KataGo(k) => assert_eq!(k.scoring, ScoringHint::Territory),
///     other => panic!("{other:?}"),
/// }
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
    if t.starts_with('{') || KATAGO_KEYS.iter().any(|k| t.starts_with(k)) {
        return match KataGoRules::parse(t) {
            Ok(k) => RulesHint::KataGo(k),
            Err(reason) => RulesHint::Invalid {
                raw: t.to_string(),
                reason,
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
    fn katago_compact() {
        let RulesHint::KataGo(k) = ruleset_hint("koPOSITIONALscoreAREAtaxNONEsui1") else {
            panic!()
        };
        assert_eq!(k, KataGoRules::default());
        assert_eq!(k.builtin_equivalent(), Some("tromp-taylor"));
        let RulesHint::KataGo(k) = ruleset_hint("koSITUATIONALscoreTERRITORYtaxSEKIsui0button1")
        else {
            panic!()
        };
        assert_eq!(k.ko, KoHint::Situational);
        assert_eq!(k.scoring, ScoringHint::Territory);
        assert_eq!(k.tax, TaxHint::Seki);
        assert!(!k.multi_stone_suicide);
        assert!(k.button);
        assert_eq!(k.builtin_equivalent(), None);
        assert_eq!(
            k.to_string(),
            "koSITUATIONALscoreTERRITORYtaxSEKIsui0button1"
        );

        let k = KataGoRules::parse("koSIMPLEscoreAREAsui0whbN-1fpok1komi7.5").unwrap();
        assert_eq!(k.white_handicap_bonus, Some(WhiteHandicapBonus::NMinusOne));
        assert_eq!(k.tax, TaxHint::None);
        assert!(k.friendly_pass_ok);
        assert_eq!(k.komi, Some(7.5));
        assert_eq!(KataGoRules::parse(&k.to_string()).unwrap(), k);

        // Tax defaults to SEKI under territory scoring, as in KataGo.
        let k = KataGoRules::parse("koSIMPLEscoreTERRITORYsui0").unwrap();
        assert_eq!(k.tax, TaxHint::Seki);
        assert_eq!(k.builtin_equivalent(), Some("japanese"));

        // KataGo's stone-scoring preset (KataGo rules.cpp: SIMPLE, AREA, tax ALL,
        // no suicide, no handicap bonus).
        let k = KataGoRules::parse("koSIMPLEscoreAREAtaxALLsui0").unwrap();
        assert_eq!(k.builtin_equivalent(), Some("stone-scoring"));
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

    #[test]
    fn katago_json() {
        let RulesHint::KataGo(k) = ruleset_hint(
            r#"{"ko":"SIMPLE","scoring":"AREA","suicide":false,"whiteHandicapBonus":"N"}"#,
        ) else {
            panic!()
        };
        assert_eq!(k.builtin_equivalent(), Some("chinese"));
    }
}
