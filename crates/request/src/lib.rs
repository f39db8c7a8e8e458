//! What a front end asks gorules for, parsed and checked once: the rules list (ids, TOML
//! files, `katago:` rules strings, `record`, `record:NAME`), the counting methods, the komi,
//! the dead-stone source and its engine, whether unfinished games are scored as they stand,
//! and the output formats.
//!
//! The command line, the Python package and any other front end read their own syntax
//! (flags, keyword arguments, a request body) into the strings and numbers these functions
//! take, build a [`Request`], and hand it to the engine (`gorules_compare`), whose reports a
//! printer writes in the format chosen. A choice that cannot be taken is a [`RequestError`]
//! that names the choice, not a flag or a keyword: each front end words it for its users.
//! A front end that serves other machines reads rulesets and the dead-stone source through
//! [`remote`], which reads no file and starts no program of this machine.

pub mod dead;
pub mod error;
pub mod remote;
pub mod rules_list;
pub mod value;

use gorules_compare::replay::Options;
use gorules_compare::rules_choice::RulesetChoice;
use gorules_rules::Counting;

pub use dead::dead_stones;
pub use error::RequestError;
pub use rules_list::{choices, one_ruleset};
pub use value::{counting, countings, format, knob_value, komi};

/// A comparison asked for: the rulesets (some of which may stand for each record's own) and
/// the options of every replay, built choice by choice, each checked as it is given.
///
/// ```
/// let request = gorules_request::Request::new()
///     .rules("japanese,record:chinese")?
///     .countings("territory")?
///     .komi(Some(6.5))?
///     .dead("none", None)?
///     .unfinished(true);
/// assert_eq!(request.rules.len(), 2);
/// assert_eq!(request.options.komi.map(f64::from), Some(6.5));
/// # Ok::<(), gorules_request::RequestError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Request {
    /// The rulesets, in the order given.
    pub rules: Vec<RulesetChoice>,
    /// The options of every replay.
    pub options: Options,
}

impl Default for Request {
    fn default() -> Request {
        Request::new()
    }
}

impl Request {
    /// Every built-in ruleset, every counting method each allows, each komi from the record
    /// or the ruleset, the dead stones from the record's markup where it has some and else
    /// estimated (`auto`), unfinished games not scored.
    pub fn new() -> Request {
        Request {
            rules: rules_list::all(),
            // The default dead-stone source is `auto`.
            options: Options::default(),
        }
    }

    /// The rulesets of a rules list ([`rules_list::choices`]).
    pub fn rules(self, spec: &str) -> Result<Request, RequestError> {
        Ok(self.rule_choices(choices(spec)?))
    }

    /// The rulesets, chosen already.
    pub fn rule_choices(mut self, rules: Vec<RulesetChoice>) -> Request {
        self.rules = rules;
        self
    }

    /// The counting methods by name ([`countings`]).
    pub fn countings(self, name: &str) -> Result<Request, RequestError> {
        Ok(self.counting_methods(countings(name)?))
    }

    /// The counting methods, chosen already (`None`: every method each ruleset allows).
    pub fn counting_methods(mut self, countings: Option<Vec<Counting>>) -> Request {
        self.options.countings = countings;
        self
    }

    /// A komi for every record and ruleset, overriding the records' `KM` and the rulesets'
    /// defaults (`None`: no override), checked ([`komi`]).
    pub fn komi(mut self, points: Option<f64>) -> Result<Request, RequestError> {
        self.options.komi = points.map(komi).transpose()?;
        Ok(self)
    }

    /// The dead-stone source, with the engine's command line for `engine` ([`dead_stones`]).
    pub fn dead(mut self, source: &str, engine: Option<&str>) -> Result<Request, RequestError> {
        self.options.dead = dead_stones(source, engine)?;
        Ok(self)
    }

    /// Whether a record that did not end in passes is scored as it stands.
    pub fn unfinished(mut self, yes: bool) -> Request {
        self.options.score_unfinished = yes;
        self
    }

    /// Whether a record that implies passes it does not write is refused.
    pub fn strict(mut self, yes: bool) -> Request {
        self.options.strict = yes;
        self
    }

    /// Whether each score carries its point-by-point map (as `score`'s JSON does).
    pub fn point_maps(mut self, yes: bool) -> Request {
        self.options.point_maps = yes;
        self
    }
}
