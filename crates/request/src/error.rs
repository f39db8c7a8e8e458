//! Why a request is refused: one variant per choice, naming the choice and the value given,
//! never a front end's spelling of it (a command-line flag, a Python keyword). Each front end
//! words them its own way; [`RequestError`]'s `Display` is the plain wording.

use std::fmt;

use gorules_rules::printer::escape_controls;
use gorules_rules::suggest::{did_you_mean, UnknownName};
use gorules_rules::{KomiError, RulesetError};

use crate::dead::SOURCES;

/// A choice of a request that cannot be taken.
#[derive(Clone, Debug, PartialEq)]
pub enum RequestError {
    /// A rules list that names no ruleset (empty, or only commas).
    NoRuleset,
    /// A ruleset that cannot be loaded (an unknown id, a bad `katago:` string, a TOML file with
    /// an error): the rules crate's message, which names the file, line and column.
    Ruleset(String),
    /// Several rulesets (or `all`) where the request shows one ruleset's count: the list
    /// given, and what the one ruleset is for (`"a diagram shows"`).
    NotOneRuleset {
        /// The rules list given.
        spec: String,
        /// What shows the count (`"a diagram shows"`, `"a record is annotated with"`).
        purpose: &'static str,
    },
    /// `record` (the record's own ruleset) where there is no record: a game played move by
    /// move.
    RecordWithoutRecord,
    /// A counting method that is none of `area`, `territory`, `stone`, `all`.
    Counting(UnknownName),
    /// An output format that is none of its printer's.
    Format(UnknownName),
    /// A knob's value that the knob does not take: the rules crate's message.
    KnobValue(String),
    /// A komi that is not one ([`gorules_rules::Komi`]).
    Komi {
        /// The number given.
        value: f64,
        /// Why it is not a komi.
        error: KomiError,
    },
    /// The dead-stone source `engine` without the engine's command line.
    EngineNeeded,
    /// An engine's command line with a dead-stone source other than `engine`.
    EngineUnused,
    /// A dead-stone source that is neither a source's name nor a list of points: the text
    /// given (a word with no digit, taken as a mistyped source).
    NotADeadSource(String),
    /// A ruleset file named where no file of this machine is read (a request from another
    /// machine, [`crate::remote`]): the name given.
    FileNotRead(String),
    /// A ruleset given as TOML text that cannot be used: the rules crate's error, with its
    /// line and column in the text.
    RulesetText(RulesetError),
    /// The dead-stone source `engine` where no program of this machine is run
    /// ([`crate::remote`]).
    EngineNotOffered,
    /// A list of dead stones with a point that is on no board: the list and why.
    DeadPoint {
        /// The list given.
        given: String,
        /// What is wrong with the point.
        error: String,
    },
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::NoRuleset => f.write_str("the rules list names no ruleset"),
            RequestError::Ruleset(message) | RequestError::KnobValue(message) => {
                f.write_str(message)
            }
            RequestError::NotOneRuleset { spec, purpose } => write!(
                f,
                "rules `{}`: {purpose} one ruleset's count: give one built-in id or TOML file",
                escape_controls(spec)
            ),
            RequestError::RecordWithoutRecord => write!(
                f,
                "rules: \"{}\" stands for a record's own ruleset, and a game played move by move has no record",
                gorules_compare::rules_choice::RECORD
            ),
            RequestError::Counting(e) => write!(f, "counting {e}"),
            RequestError::Format(e) => write!(f, "format {e}"),
            RequestError::Komi { value, error } => write!(f, "komi {value}: {error}"),
            RequestError::EngineNeeded => f.write_str(
                "dead-stone source `engine` needs an engine command (e.g. \"/usr/games/gnugo --mode gtp\")",
            ),
            RequestError::EngineUnused => {
                f.write_str("an engine command is used with the dead-stone source `engine` only")
            }
            RequestError::NotADeadSource(given) => write!(
                f,
                "dead stones `{}`: not a source of dead stones{}; give one of {}, or GTP points separated by commas (D4,E5)",
                escape_controls(given),
                did_you_mean(given, SOURCES),
                SOURCES.join(", ")
            ),
            RequestError::DeadPoint { given, error } => {
                write!(f, "dead stones `{}`: {error}", escape_controls(given))
            }
            RequestError::FileNotRead(name) => write!(
                f,
                "rules `{}`: a ruleset file is not read here; give a built-in id, a `katago:` rules string, or the file's TOML text",
                escape_controls(name)
            ),
            RequestError::RulesetText(e) => e.fmt(f),
            RequestError::EngineNotOffered => write!(
                f,
                "dead-stone source `engine` is not offered here (it runs a program); give one of {}, or GTP points separated by commas (D4,E5)",
                SOURCES.iter().filter(|s| **s != "engine").copied().collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for RequestError {}
