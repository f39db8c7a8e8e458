//! KataGo's rules as rulesets: KataGo's rules strings (its named presets, the compact form
//! `koSIMPLEscoreTERRITORYtaxSEKIsui0` and the JSON form `{"ko":"SIMPLE",...}`), read exactly
//! as KataGo v1.17 reads them (KataGo rules.cpp, `parseRulesHelper`), and turned into a
//! [`Ruleset`](crate::Ruleset) knob by knob ([`KataGoRules::ruleset`]), or back ([`KataGoRules::from_ruleset`]).
//!
//! A ruleset named `katago:` followed by a rules string (`katago:japanese`,
//! `katago:koSIMPLEscoreAREAtaxNONEsui1`) is that KataGo ruleset wherever a ruleset is named
//! ([`crate::load`]).
//!
//! How KataGo's settings map to knobs ("KataGo's Supported Go Rules, Version 2"; KataGo
//! rules.cpp and boardhistory.cpp):
//!
//! | KataGo | knobs |
//! | --- | --- |
//! | `koSIMPLE` | `ko = simple`, `long-cycle = no-result`, `repeated-pass-ends = true` |
//! | `koPOSITIONAL` | `ko = positional-superko` |
//! | `koSITUATIONAL` | `ko = situational-superko` |
//! | `koSPIGHT` | refused: Spight's rule is not modelled |
//! | `scoreAREA` | `counting = ["area"]`, `end-of-play = two-passes` |
//! | `scoreTERRITORY` | `counting = ["territory"]`, `end-of-play = cleanup-phases` |
//! | `taxNONE` / `SEKI` / `ALL` | `tax = none` / `seki` / `all` |
//! | `sui1` / `sui0` | `suicide = multi-stone` / `illegal` |
//! | `button1` | `button = true` |
//! | `whb0` / `whbN` / `whbN-1` | `handicap-compensation = none` / `n` / `n-1` (`N` and `N-1` refused under territory scoring) |
//! | `fpok0` | `dead-stones = pass-alive` |
//! | `fpok1` | `dead-stones = agreement` |
//! | `komi` | `komi` and `handicap-komi` |
//!
//! Every KataGo ruleset also has `pass-stones = false`, `illegal-moves = pass`,
//! `resumption-first = opponent-of-last-passer`, `play-until-captured = false`,
//! `resumption-double-pass-ends = false`, `seki-eyes = count`, `handicap-placement = free` and
//! no bonuses.
//!
//! KataGo's "friendly pass" (`friendlyPassOk`): KataGo itself never removes a dead stone
//! that is not inside pass-alive territory; it scores the board as it stands apart from that.
//! Without a friendly pass (`fpok0`) players must capture what they want removed, which is
//! `dead-stones = pass-alive`. With it (`fpok1`) a player may pass with dead stones left on the
//! board; they are settled afterwards (KataGo's GTP engine estimates them), which is
//! `dead-stones = agreement`.

mod convert;
mod parse;

use std::fmt;

pub use convert::{exact_builtin, katago_ruleset, KATAGO_SOURCE, KATAGO_VERSION};
pub use parse::KataGoError;

use crate::printer::escape_controls;

use crate::ruleset::Tax;

/// KataGo's ko rule (`ko…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ko {
    /// `SIMPLE`: no immediate recapture of a single stone.
    Simple,
    /// `POSITIONAL`: no repeating a board position.
    Positional,
    /// `SITUATIONAL`: no repeating a position with the same player to move.
    Situational,
    /// `SPIGHT`: Spight's rule (read, but refused as a ruleset).
    Spight,
}

impl Ko {
    /// KataGo's spelling: `SIMPLE`, `POSITIONAL`, `SITUATIONAL`, `SPIGHT`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ko::Simple => "SIMPLE",
            Ko::Positional => "POSITIONAL",
            Ko::Situational => "SITUATIONAL",
            Ko::Spight => "SPIGHT",
        }
    }
}

/// KataGo's scoring rule (`score…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// `AREA`: stones plus surrounded points.
    Area,
    /// `TERRITORY`: surrounded points plus prisoners, with KataGo's cleanup phases.
    Territory,
}

impl Scoring {
    /// KataGo's spelling: `AREA`, `TERRITORY`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
        }
    }
}

/// KataGo's spelling of a tax rule: `NONE`, `SEKI`, `ALL`.
pub fn tax_str(tax: Tax) -> &'static str {
    match tax {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
        Tax::All => "ALL",
    }
}

/// KataGo's bonus to White for Black's handicap stones (`whb…`).
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
    /// KataGo's spelling: `0`, `N` or `N-1`.
    pub fn as_str(self) -> &'static str {
        match self {
            WhiteHandicapBonus::Zero => "0",
            WhiteHandicapBonus::N => "N",
            WhiteHandicapBonus::NMinusOne => "N-1",
        }
    }
}

/// KataGo's rules: the eight settings of KataGo's `Rules` (rules.h), every one known once a
/// string is read (a setting the string leaves out takes KataGo's default).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KataGoRules {
    /// `ko…`.
    pub ko: Ko,
    /// `score…` (or `scoring…`).
    pub scoring: Scoring,
    /// `tax…`.
    pub tax: Tax,
    /// `sui1`: multi-stone suicide is legal (a single-stone suicide never is).
    pub multi_stone_suicide: bool,
    /// `button1`: the game's first pass takes the button, half a point.
    pub button: bool,
    /// `whb…`.
    pub white_handicap_bonus: WhiteHandicapBonus,
    /// `fpok1`: a "friendly" pass that leaves dead stones on the board is fine.
    pub friendly_pass_ok: bool,
    /// `komi…` (a single-precision float, as KataGo keeps it).
    pub komi: f32,
}

impl Default for KataGoRules {
    /// KataGo's defaults, "closest match to TT rules" (rules.cpp, `Rules::Rules`): positional
    /// superko, area scoring, no tax, multi-stone suicide legal, komi 7.5.
    fn default() -> KataGoRules {
        KataGoRules {
            ko: Ko::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi: 7.5,
        }
    }
}

/// One of KataGo's named presets: the names KataGo accepts for it (trimmed and lower-cased
/// before matching) and its settings (KataGo rules.cpp, `parseRulesHelper`).
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Every spelling KataGo accepts, the usual one first.
    pub names: &'static [&'static str],
    /// The settings, komi included.
    pub rules: KataGoRules,
}

/// KataGo's named presets, in the order `parseRulesHelper` tries them.
pub const PRESETS: &[Preset] = &[
    Preset {
        names: &["japanese", "korean"],
        rules: KataGoRules {
            ko: Ko::Simple,
            scoring: Scoring::Territory,
            tax: Tax::Seki,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi: 6.5,
        },
    },
    Preset {
        names: &["chinese"],
        rules: KataGoRules {
            ko: Ko::Simple,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::N,
            friendly_pass_ok: true,
            komi: 7.5,
        },
    },
    Preset {
        names: &[
            "chinese-ogs",
            "chineseogs",
            "chinese_ogs",
            "chinese-kgs",
            "chinesekgs",
            "chinese_kgs",
        ],
        rules: KataGoRules {
            ko: Ko::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::N,
            friendly_pass_ok: true,
            komi: 7.5,
        },
    },
    Preset {
        names: &[
            "stone-scoring",
            "stonescoring",
            "stone_scoring",
            "stone scoring",
            "ancient-area",
            "ancientarea",
            "ancient_area",
            "ancient area",
        ],
        rules: KataGoRules {
            ko: Ko::Simple,
            scoring: Scoring::Area,
            tax: Tax::All,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: true,
            komi: 7.5,
        },
    },
    Preset {
        names: &[
            "ancient-territory",
            "ancientterritory",
            "ancient_territory",
            "ancient territory",
        ],
        rules: KataGoRules {
            ko: Ko::Simple,
            scoring: Scoring::Territory,
            tax: Tax::All,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi: 6.5,
        },
    },
    Preset {
        names: &["aga-button", "agabutton", "aga_button", "aga button"],
        rules: KataGoRules {
            ko: Ko::Situational,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: false,
            button: true,
            white_handicap_bonus: WhiteHandicapBonus::NMinusOne,
            friendly_pass_ok: true,
            komi: 7.0,
        },
    },
    Preset {
        names: &["aga", "bga", "french"],
        rules: KataGoRules {
            ko: Ko::Situational,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: false,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::NMinusOne,
            friendly_pass_ok: true,
            komi: 7.5,
        },
    },
    Preset {
        names: &[
            "new-zealand",
            "nz",
            "newzealand",
            "new zealand",
            "new_zealand",
        ],
        rules: KataGoRules {
            ko: Ko::Situational,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: true,
            komi: 7.0,
        },
    },
    Preset {
        names: &[
            "tromp-taylor",
            "tromp_taylor",
            "tromp taylor",
            "tromptaylor",
        ],
        rules: KataGoRules {
            ko: Ko::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi: 7.5,
        },
    },
    Preset {
        names: &["ing", "goe"],
        rules: KataGoRules {
            ko: Ko::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            multi_stone_suicide: true,
            button: false,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: true,
            komi: 7.5,
        },
    },
];

impl KataGoRules {
    /// Reads a KataGo rules string as KataGo does: a preset name (any case, surrounding
    /// whitespace ignored: `japanese`, `Tromp-Taylor`, see [`PRESETS`]), the JSON form
    /// (`{"ko":"SIMPLE","scoring":"AREA"}`) or the compact form
    /// (`koSIMPLEscoreAREAtaxNONEsui1whbN-1fpok1komi7.5`). Settings left out take KataGo's
    /// defaults: the Tromp-Taylor-like ones of [`KataGoRules::default`], the tax `SEKI` under
    /// territory scoring and `NONE` under area scoring, and the komi 6.5 under territory
    /// scoring, 7 with the button, else 7.5.
    ///
    /// One leniency: whitespace before a JSON object is ignored (KataGo takes a string as
    /// JSON only when its very first character is `{`).
    ///
    /// ```
    /// use gorules_rules::katago::{KataGoRules, Ko, Scoring};
    /// use gorules_rules::ruleset::Tax;
    ///
    /// let k = KataGoRules::parse("koSIMPLEscoreTERRITORYsui0").unwrap();
    /// assert_eq!((k.ko, k.scoring, k.tax, k.komi), (Ko::Simple, Scoring::Territory, Tax::Seki, 6.5));
    /// assert_eq!(KataGoRules::parse("Japanese").unwrap(), k);
    /// let e = KataGoRules::parse("koSIMPLEscoreAREAtaxFOOsui1").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "katago rules \"koSIMPLEscoreAREAtaxFOOsui1\": at character 21: expected NONE, SEKI or ALL after \"tax\""
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<KataGoRules, KataGoError> {
        parse::parse(text, true)
    }

    /// As [`KataGoRules::parse`], but a komi in the string is refused and `komi` is used
    /// instead (KataGo rules.cpp, `parseRulesWithoutKomi`, which GTP `kata-set-rules` uses:
    /// the komi stays the game's).
    pub fn parse_without_komi(text: &str, komi: f32) -> Result<KataGoRules, KataGoError> {
        let mut rules = parse::parse(text, false)?;
        rules.komi = komi;
        Ok(rules)
    }

    /// The preset these settings are, komi aside (its usual name), if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS
            .iter()
            .find(|p| p.rules.equals_ignoring_komi(self))
            .map(|p| p.names[0])
    }

    /// Whether every setting but the komi is the same (KataGo rules.cpp,
    /// `equalsIgnoringKomi`).
    pub fn equals_ignoring_komi(&self, other: &KataGoRules) -> bool {
        KataGoRules {
            komi: other.komi,
            ..*self
        } == *other
    }

    /// The compact form without the komi, as KataGo writes it (rules.cpp, `toStringNoKomi`):
    /// `koSIMPLEscoreTERRITORYtaxSEKIsui0`, then `button1`, `whb…` and `fpok1` where they are
    /// not the default.
    pub fn to_string_no_komi(&self) -> String {
        let mut s = format!(
            "ko{}score{}tax{}sui{}",
            self.ko.as_str(),
            self.scoring.as_str(),
            tax_str(self.tax),
            u8::from(self.multi_stone_suicide)
        );
        if self.button {
            s.push_str("button1");
        }
        if self.white_handicap_bonus != WhiteHandicapBonus::Zero {
            s.push_str("whb");
            s.push_str(self.white_handicap_bonus.as_str());
        }
        if self.friendly_pass_ok {
            s.push_str("fpok1");
        }
        s
    }

    /// The JSON form, keys in KataGo's (alphabetical) order and without spaces, as KataGo's
    /// GTP `kata-get-rules` answers (rules.cpp, `toJsonStringNoKomi`) or, with `komi`,
    /// `toJsonString`.
    pub fn to_json(&self, with_komi: bool) -> String {
        let mut s = format!(
            "{{\"friendlyPassOk\":{},\"hasButton\":{},\"ko\":\"{}\"",
            self.friendly_pass_ok,
            self.button,
            self.ko.as_str()
        );
        if with_komi {
            s.push_str(&format!(",\"komi\":{}", self.komi));
        }
        s.push_str(&format!(
            ",\"scoring\":\"{}\",\"suicide\":{},\"tax\":\"{}\",\"whiteHandicapBonus\":\"{}\"}}",
            self.scoring.as_str(),
            self.multi_stone_suicide,
            tax_str(self.tax),
            self.white_handicap_bonus.as_str()
        ));
        s
    }
}

/// The compact form with the komi, as KataGo writes it (rules.cpp, `operator<<`):
/// `koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5`. [`KataGoRules::parse`] reads it back.
impl fmt::Display for KataGoRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}komi{}", self.to_string_no_komi(), self.komi)
    }
}
