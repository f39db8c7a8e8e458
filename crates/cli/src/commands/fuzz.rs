//! `gorules fuzz --claim CLAIM`: test an equivalence claim on random games; `--list` shows the
//! named claims.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use gorules_claims::generate::{parse_sizes, GenOptions, Legality};
use gorules_claims::printer::{self, Format};
use gorules_claims::{run, Claim, RunOptions};
use gorules_rules::ruleset::{KoRule, SuicideRule};
use indicatif::{ProgressBar, ProgressStyle};

/// `gorules fuzz`.
#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// The claim: a name from `--list`, or an expression such as
    /// `concord:area == concord:territory` or `abs(japanese:territory - chinese:area) <= 1`.
    #[arg(long, required_unless_present = "list")]
    claim: Option<String>,
    /// List the named claims and exit.
    #[arg(long)]
    list: bool,
    /// Number of random games.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// The index of the first game: the run tests games N to N + games - 1 of the seed, so
    /// that runs of consecutive ranges test exactly the games of one longer run.
    #[arg(long, value_name = "N", default_value_t = 0)]
    first_game: u64,
    /// Run seed: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Board sizes: `2..9` (inclusive), `9`, or a list `5,7,9`; each from 1 to 25 (square).
    #[arg(long, default_value = "2..9")]
    sizes: String,
    /// Threads, from 1 to 256 (default: all cores). The result does not depend on it.
    #[arg(long)]
    jobs: Option<usize>,
    /// Directory for the counterexamples' SGF files (created if needed).
    #[arg(long, default_value = "counterexamples")]
    out: PathBuf,
    /// Output format: text or json.
    #[arg(long, default_value = "text", value_parser = crate::args::format_arg::<Format>)]
    format: Format,
    /// How many failing games (the first ones) to shrink, write and re-check.
    #[arg(long, default_value_t = 3)]
    counterexamples: usize,
    /// Write the failing games as generated, without shrinking them.
    #[arg(long)]
    no_shrink: bool,
    /// Ko rule of the generated games, a value of the rules' `play.ko` knob: positional-superko,
    /// situational-superko, natural-situational-superko or simple (the default, the strictest,
    /// lets every ruleset replay them; looser ones may give moves some rulesets forbid).
    #[arg(long, default_value = "positional-superko", value_parser = crate::args::knob_value::<KoRule>)]
    ko: KoRule,
    /// Suicide rule of the generated games, a value of the rules' `play.suicide` knob:
    /// illegal, multi-stone or all.
    #[arg(long, default_value = "illegal", value_parser = crate::args::knob_value::<SuicideRule>)]
    suicide: SuicideRule,
    /// The largest handicap (0: even games only).
    #[arg(long, default_value_t = 9)]
    max_handicap: u32,
}

fn list(format: Format) -> Result<ExitCode, String> {
    out!("{}", printer::claims_list(format));
    Ok(ExitCode::SUCCESS)
}

/// Runs `gorules fuzz`: exit code 0 when the claim holds in every game, 1 when it fails
/// (counterexamples written), 2 for a bad claim or option.
pub fn run_command(args: &FuzzArgs) -> Result<ExitCode, String> {
    if args.list {
        return list(args.format);
    }
    let text = args.claim.as_deref().unwrap_or_default();
    let claim = Claim::from_text(text).map_err(|e| e.to_string())?;
    let sizes = parse_sizes(&args.sizes).map_err(|e| format!("--sizes: {e}"))?;
    let jobs = gorules_compare::corpus::jobs(args.jobs).map_err(|e| format!("--jobs: {e}"))?;
    let legality = Legality {
        ko: args.ko,
        suicide: args.suicide,
    };
    if args.first_game.checked_add(args.games).is_none() {
        return Err(format!(
            "--first-game {} with --games {}: game indices end at {}",
            args.first_game,
            args.games,
            u64::MAX
        ));
    }
    let opts = RunOptions {
        games: args.games,
        first_game: args.first_game,
        seed: args.seed,
        gen: GenOptions {
            sizes,
            max_handicap: args.max_handicap,
            legality,
            ..GenOptions::default()
        },
        jobs,
        max_counterexamples: args.counterexamples,
        shrink: !args.no_shrink,
        out_dir: Some(args.out.clone()),
    };
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(args.games);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} {eta}")
                .expect("a valid template"),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let report = run(&claim, &opts, &|n| bar.inc(n));
    bar.finish_and_clear();
    out!("{}", printer::report(&claim, &report, jobs, args.format));
    if report.counterexamples.iter().any(|c| !c.rechecked) {
        eprintln!("gorules: a counterexample did not re-check from its SGF file (see above)");
    }
    Ok(if report.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
