//! Reading KataGo's rules strings as KataGo's `parseRulesHelper` (rules.cpp) does: presets,
//! the JSON form and the compact form, with errors that say what was expected where.

use std::fmt;

use super::{escape_controls, KataGoRules, Ko, Scoring, WhiteHandicapBonus, PRESETS};
use crate::ruleset::Tax;

/// A KataGo rules string that cannot be read, or cannot be a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KataGoError {
    /// The rules string as given.
    pub text: String,
    /// The 1-based position, in characters of `text`, of the problem, when it has one.
    pub position: Option<usize>,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl fmt::Display for KataGoError {
    /// `katago rules "TEXT": at character N: MESSAGE`, control characters escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject(), self.detail())
    }
}

impl std::error::Error for KataGoError {}

impl KataGoError {
    /// What the error is about: `katago rules "TEXT"`, control characters escaped.
    pub fn subject(&self) -> String {
        format!("katago rules \"{}\"", escape_controls(&self.text))
    }

    /// Where and what: `at character N: MESSAGE` (or only the message), control characters
    /// escaped.
    pub fn detail(&self) -> String {
        match self.position {
            Some(p) => format!("at character {p}: {}", escape_controls(&self.message)),
            None => escape_controls(&self.message),
        }
    }

    /// An error about the whole string.
    pub(crate) fn whole(text: &str, message: impl Into<String>) -> KataGoError {
        KataGoError {
            text: text.to_string(),
            position: None,
            message: message.into(),
        }
    }

    /// An error at byte offset `at` of `text`.
    fn at(text: &str, at: usize, message: impl Into<String>) -> KataGoError {
        KataGoError {
            text: text.to_string(),
            position: Some(char_position(text, at)),
            message: message.into(),
        }
    }
}

/// The 1-based character position of byte offset `at` (clamped to the text).
fn char_position(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.char_indices().take_while(|&(i, _)| i < at).count() + 1
}

/// KataGo's whitespace (core/global.cpp, `Global::trim` and `isWhitespace`).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '\x0b' | '\x0c')
}

/// The settings of the compact form, for messages.
const SETTINGS: &str = "ko, score, tax, sui, button, whb, fpok or komi";

/// The largest komi either way in the JSON form: KataGo's bound on a komi a user gives it
/// (`Rules::MAX_USER_KOMI`, rules.h), with `komiIsIntOrHalfInt`. KataGo's reader of the
/// compact form, "a legacy internal format", takes any finite komi up to 100000 either way
/// (rules.cpp, `parseRulesHelper`), and so does this one: the two forms are read exactly as
/// KataGo reads them. A komi the compact form allows but gorules' half-point scores cannot
/// hold (7.25, or beyond 1000 either way) is refused when the rules become a ruleset, saying
/// why.
const MAX_KOMI: f32 = 400.0;

/// KataGo's bound on the compact form's komi, either way (rules.cpp, `parseRulesHelper`).
const MAX_COMPACT_KOMI: f32 = 1e5;

/// What [`komi_in_range`] accepts, in words.
const KOMI_RANGE: &str = "an integer or half-integer number from -400 to 400";

/// Whether `komi` is an integer or half-integer from `-MAX_KOMI` to `MAX_KOMI`
/// (`Rules::komiIsIntOrHalfInt` and the user bound, rules.cpp).
fn komi_in_range(komi: f32) -> bool {
    komi.is_finite() && (-MAX_KOMI..=MAX_KOMI).contains(&komi) && (komi * 2.0).fract() == 0.0
}

/// `parseRulesHelper`: a preset, the JSON form or the compact form. `allow_komi` false
/// refuses a komi in the string (`parseRulesWithoutKomi`).
pub(super) fn parse(text: &str, allow_komi: bool) -> Result<KataGoRules, KataGoError> {
    let start = text.len() - text.trim_start_matches(is_space).len();
    let trimmed = text.trim_matches(is_space);
    let lower = trimmed.to_ascii_lowercase();
    if let Some(p) = PRESETS.iter().find(|p| p.names.contains(&lower.as_str())) {
        return Ok(p.rules);
    }
    // KataGo takes the JSON form only when the string's very first character is `{`: a space
    // before it makes the string a (malformed) compact one.
    if text.starts_with('{') {
        return parse_json(text, start, allow_komi);
    }
    parse_compact(text, start, allow_komi)
}

/// The compact form, `koSIMPLEscoreAREA...`: settings in any order, case as written, spaces
/// allowed between and inside them.
fn parse_compact(text: &str, start: usize, allow_komi: bool) -> Result<KataGoRules, KataGoError> {
    let end = text.trim_end_matches(is_space).len();
    if start >= end {
        return Err(KataGoError::whole(
            text,
            "empty: expected a KataGo preset (tromp-taylor, chinese, japanese, aga, ...) or settings such as koSIMPLEscoreAREA",
        ));
    }
    let mut rules = KataGoRules::default();
    let mut tax_given = false;
    let mut komi_given = false;
    let mut pos = start;
    // Strips `word` at `pos` if it is there; then skips whitespace (KataGo trims either way).
    let strip = |pos: &mut usize, word: &str| -> bool {
        let found = text[*pos..end].starts_with(word);
        if found {
            *pos += word.len();
        }
        *pos = end - text[*pos..end].trim_start_matches(is_space).len();
        found
    };
    fn choose<T: Copy>(
        text: &str,
        pos: &mut usize,
        strip: &dyn Fn(&mut usize, &str) -> bool,
        key: &str,
        options: &[(&str, T)],
        expected: &str,
    ) -> Result<T, KataGoError> {
        for &(word, value) in options {
            if strip(pos, word) {
                return Ok(value);
            }
        }
        Err(KataGoError::at(
            text,
            *pos,
            format!("expected {expected} after \"{key}\""),
        ))
    }
    let bool01 = [("1", true), ("0", false)];
    while pos < end {
        let field = pos;
        if strip(&mut pos, "komi") {
            if !allow_komi {
                return Err(KataGoError::at(
                    text,
                    field,
                    "a komi cannot be given here: the game's komi is kept",
                ));
            }
            let number_end = text[pos..end]
                .char_indices()
                .find(|&(_, c)| c.is_ascii_alphabetic() || is_space(c))
                .map_or(end, |(i, _)| pos + i);
            let number = &text[pos..number_end];
            let komi = match number.parse::<f32>() {
                Ok(k) => k,
                Err(_) => {
                    return Err(KataGoError::at(
                        text,
                        pos,
                        "expected a number after \"komi\"",
                    ))
                }
            };
            if !komi.is_finite() || komi.abs() > MAX_COMPACT_KOMI {
                return Err(KataGoError::at(
                    text,
                    pos,
                    format!("komi {number} is out of range: at most 100000 either way"),
                ));
            }
            rules.komi = komi;
            komi_given = true;
            pos = number_end;
            strip(&mut pos, "");
        } else if strip(&mut pos, "ko") {
            rules.ko = choose(
                text,
                &mut pos,
                &strip,
                "ko",
                &[
                    ("SIMPLE", Ko::Simple),
                    ("POSITIONAL", Ko::Positional),
                    ("SITUATIONAL", Ko::Situational),
                    ("SPIGHT", Ko::Spight),
                ],
                "SIMPLE, POSITIONAL, SITUATIONAL or SPIGHT",
            )?;
        } else if strip(&mut pos, "scoring") || strip(&mut pos, "score") {
            let key = if text[field..].starts_with("scoring") {
                "scoring"
            } else {
                "score"
            };
            rules.scoring = choose(
                text,
                &mut pos,
                &strip,
                key,
                &[("AREA", Scoring::Area), ("TERRITORY", Scoring::Territory)],
                "AREA or TERRITORY",
            )?;
        } else if strip(&mut pos, "tax") {
            rules.tax = choose(
                text,
                &mut pos,
                &strip,
                "tax",
                &[("NONE", Tax::None), ("SEKI", Tax::Seki), ("ALL", Tax::All)],
                "NONE, SEKI or ALL",
            )?;
            tax_given = true;
        } else if strip(&mut pos, "sui") {
            rules.multi_stone_suicide = choose(text, &mut pos, &strip, "sui", &bool01, "1 or 0")?;
        } else if strip(&mut pos, "button") {
            rules.button = choose(text, &mut pos, &strip, "button", &bool01, "1 or 0")?;
        } else if strip(&mut pos, "whb") {
            rules.white_handicap_bonus = choose(
                text,
                &mut pos,
                &strip,
                "whb",
                &[
                    ("0", WhiteHandicapBonus::Zero),
                    ("N-1", WhiteHandicapBonus::NMinusOne),
                    ("N", WhiteHandicapBonus::N),
                ],
                "0, N or N-1",
            )?;
        } else if strip(&mut pos, "fpok") {
            rules.friendly_pass_ok = choose(text, &mut pos, &strip, "fpok", &bool01, "1 or 0")?;
        } else if field == start {
            let presets: Vec<&str> = PRESETS.iter().map(|p| p.names[0]).collect();
            return Err(KataGoError::at(
                text,
                field,
                format!(
                    "expected a KataGo preset ({}) or a setting ({SETTINGS})",
                    presets.join(", ")
                ),
            ));
        } else {
            return Err(KataGoError::at(
                text,
                field,
                format!("expected a setting ({SETTINGS})"),
            ));
        }
    }
    Ok(with_defaults(rules, tax_given, komi_given))
}

/// KataGo's defaults for what a string leaves out: the tax by the scoring rule, and the komi
/// 6.5 under territory scoring, 7 with the button, else 7.5 (`parseRulesHelper`).
fn with_defaults(mut rules: KataGoRules, tax_given: bool, komi_given: bool) -> KataGoRules {
    if !tax_given {
        rules.tax = match rules.scoring {
            Scoring::Territory => Tax::Seki,
            Scoring::Area => Tax::None,
        };
    }
    if !komi_given {
        if rules.scoring == Scoring::Territory {
            rules.komi = 6.5;
        } else if rules.button {
            rules.komi = 7.0;
        }
    }
    rules
}

/// The JSON form: an object with the keys `ko`, `score` or `scoring`, `tax`, `suicide`,
/// `hasButton`, `whiteHandicapBonus`, `friendlyPassOk` and `komi`, values spelled as KataGo
/// writes them (upper case).
fn parse_json(text: &str, start: usize, allow_komi: bool) -> Result<KataGoRules, KataGoError> {
    let trimmed = &text[start..text.trim_end_matches(is_space).len()];
    let value: serde_json::Value = serde_json::from_str(trimmed).map_err(|e| {
        // serde_json counts lines from 1 and columns from 1 in bytes of the line.
        let line_start: usize = trimmed
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let mut at = start + line_start + e.column().saturating_sub(1);
        while at < text.len() && !text.is_char_boundary(at) {
            at += 1;
        }
        let what = e.to_string();
        let what = what.split(" at line ").next().unwrap_or(&what).to_string();
        KataGoError::at(text, at, format!("not valid JSON: {what}"))
    })?;
    let Some(object) = value.as_object() else {
        return Err(KataGoError::whole(text, "expected a JSON object"));
    };
    let mut rules = KataGoRules::default();
    let mut tax_given = false;
    let mut komi_given = false;
    let err = |key: &str, expected: &str, found: &serde_json::Value| {
        KataGoError::whole(
            text,
            format!("\"{key}\": expected {expected}, found {found}"),
        )
    };
    fn word<T: Copy>(value: &serde_json::Value, options: &[(&str, T)]) -> Option<T> {
        let s = value.as_str()?;
        options.iter().find(|(w, _)| *w == s).map(|&(_, v)| v)
    }
    for (key, value) in object {
        match key.as_str() {
            "ko" => {
                rules.ko = word(
                    value,
                    &[
                        ("SIMPLE", Ko::Simple),
                        ("POSITIONAL", Ko::Positional),
                        ("SITUATIONAL", Ko::Situational),
                        ("SPIGHT", Ko::Spight),
                    ],
                )
                .ok_or_else(|| {
                    err(
                        key,
                        "\"SIMPLE\", \"POSITIONAL\", \"SITUATIONAL\" or \"SPIGHT\"",
                        value,
                    )
                })?
            }
            "score" | "scoring" => {
                rules.scoring = word(
                    value,
                    &[("AREA", Scoring::Area), ("TERRITORY", Scoring::Territory)],
                )
                .ok_or_else(|| err(key, "\"AREA\" or \"TERRITORY\"", value))?
            }
            "tax" => {
                rules.tax = word(
                    value,
                    &[("NONE", Tax::None), ("SEKI", Tax::Seki), ("ALL", Tax::All)],
                )
                .ok_or_else(|| err(key, "\"NONE\", \"SEKI\" or \"ALL\"", value))?;
                tax_given = true;
            }
            "whiteHandicapBonus" => {
                rules.white_handicap_bonus = word(
                    value,
                    &[
                        ("0", WhiteHandicapBonus::Zero),
                        ("N", WhiteHandicapBonus::N),
                        ("N-1", WhiteHandicapBonus::NMinusOne),
                    ],
                )
                .ok_or_else(|| err(key, "\"0\", \"N\" or \"N-1\"", value))?
            }
            "suicide" | "hasButton" | "friendlyPassOk" => {
                let b = value
                    .as_bool()
                    .ok_or_else(|| err(key, "true or false", value))?;
                match key.as_str() {
                    "suicide" => rules.multi_stone_suicide = b,
                    "hasButton" => rules.button = b,
                    _ => rules.friendly_pass_ok = b,
                }
            }
            "komi" => {
                if !allow_komi {
                    return Err(KataGoError::whole(
                        text,
                        "\"komi\": a komi cannot be given here: the game's komi is kept",
                    ));
                }
                // nlohmann's `get<float>` reads a boolean as 0 or 1, and so does KataGo.
                let komi = value
                    .as_f64()
                    .or_else(|| value.as_bool().map(f64::from))
                    .map(|k| k as f32)
                    .filter(|&k| komi_in_range(k))
                    .ok_or_else(|| err(key, KOMI_RANGE, value))?;
                rules.komi = komi;
                komi_given = true;
            }
            other => {
                return Err(KataGoError::whole(
                    text,
                    format!(
                        "unknown key \"{other}\": expected ko, score, scoring, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk or komi"
                    ),
                ))
            }
        }
    }
    Ok(with_defaults(rules, tax_given, komi_given))
}
