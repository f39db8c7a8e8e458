//! # gorules-claims
//!
//! Fuzzing equivalence claims between Go rulesets. Rules designers claim things like "Concord
//! area and territory counting always give the same result" (the proof in the Concord Rules
//! of Go Commentary). This crate tests such claims on millions of random games and, when one
//! fails, shrinks the game to a small one and writes it as an SGF file that `gorules score`
//! replays.
//!
//! - [`expr`]: the claim language (`concord:area == concord:territory`,
//!   `abs(japanese:territory - chinese:area) <= 1`, ...);
//! - [`named`]: the built-in claims (the seeds' statements and known failures);
//! - [`claim`]: a claim with its rulesets loaded (built-in ids or TOML files);
//! - [`generate`]: random games, reproducible from a seed, legal under every ruleset of the
//!   claim, with passes anywhere, handicaps, resumptions and any set of dead stones;
//! - [`driver`]: one move sequence played in every ruleset at once;
//! - [`playout`]: "play until captured", the `:playout` scores;
//! - [`eval`]: a claim on one game, fast or by replaying a record;
//! - [`shrink`]: delta debugging to a small counterexample;
//! - [`mod@run`]: many games in parallel, deterministic whatever the number of threads;
//! - [`printer`]: a run's report and the named claims as text or JSON.
//!
//! ```
//! use gorules_claims::{claim::Claim, run::{run, RunOptions}};
//!
//! let claim = Claim::from_text("concord-area-territory").unwrap();
//! let report = run(&claim, &RunOptions { games: 200, ..RunOptions::default() }, &|_| {});
//! assert!(report.holds);
//!
//! let claim = Claim::from_text("abs(japanese:territory - chinese:area) <= 1").unwrap();
//! let report = run(&claim, &RunOptions { games: 500, max_counterexamples: 1, ..RunOptions::default() }, &|_| {});
//! assert!(!report.holds);
//! assert!(report.counterexamples[0].rechecked);
//! ```
#![warn(missing_docs)]

pub mod claim;
pub mod driver;
pub mod eval;
pub mod expr;
pub mod game;
pub mod generate;
pub mod named;
pub mod playout;
pub mod printer;
pub mod rng;
pub mod run;
pub mod shrink;

pub use claim::{Claim, ClaimError};
pub use named::{Expected, NamedClaim, NAMED_CLAIMS};
pub use run::{run, run_until, Counterexample, RunOptions, RunReport};
