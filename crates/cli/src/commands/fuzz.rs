//! `gorules fuzz --claim CLAIM`: test an equivalence claim on random games; `--list` shows the
//! named claims.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use gorules_board::coords::gtp_move;
use gorules_claims::generate::{parse_sizes, GenOptions, Legality};
use gorules_claims::{run, Claim, RunOptions, RunReport, NAMED_CLAIMS};
use gorules_rules::format_points;
use gorules_rules::params::{KoRule, SuicideRule};
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
    /// Run seed: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Board sizes: `2..9` (inclusive), `9`, or a list `5,7,9`; each from 2 to 25.
    #[arg(long, default_value = "2..9")]
    sizes: String,
    /// Threads (default: all cores). The result does not depend on it.
    #[arg(long)]
    jobs: Option<usize>,
    /// Directory for the counterexamples' SGF files (created if needed).
    #[arg(long, default_value = "counterexamples")]
    out: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: FuzzFormat,
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

/// `--format` of `fuzz`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FuzzFormat {
    /// Aligned text.
    Text,
    /// JSON.
    Json,
}

fn list(format: FuzzFormat) -> Result<ExitCode, String> {
    match format {
        FuzzFormat::Json => {
            let v: Vec<serde_json::Value> = NAMED_CLAIMS
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "name": c.name,
                        "claim": c.claim,
                        "expected": c.expected.word(),
                        "statement": c.statement,
                    })
                })
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&v).expect("JSON of plain values")
            );
        }
        FuzzFormat::Text => {
            let w = NAMED_CLAIMS.iter().map(|c| c.name.len()).max().unwrap_or(0);
            outln!("{:w$}  expected  claim", "name");
            for c in NAMED_CLAIMS {
                outln!("{:w$}  {:8}  {}", c.name, c.expected.word(), c.claim);
                outln!("{:w$}            {}", "", c.statement);
            }
        }
    }
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
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    let legality = Legality {
        ko: args.ko,
        suicide: args.suicide,
    };
    let opts = RunOptions {
        games: args.games,
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
    match args.format {
        FuzzFormat::Json => outln!("{}", json(&report)),
        FuzzFormat::Text => out!("{}", text_report(&claim, &report, jobs)),
    }
    if report.counterexamples.iter().any(|c| !c.rechecked) {
        eprintln!("gorules: a counterexample did not re-check from its SGF file (see above)");
    }
    Ok(if report.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn json(report: &RunReport) -> String {
    let mut v = serde_json::to_value(report).expect("the report serialises");
    v["games_per_second"] = serde_json::json!(report.games as f64 / report.seconds.max(1e-9));
    serde_json::to_string_pretty(&v).expect("JSON of plain values")
}

fn text_report(claim: &Claim, r: &RunReport, jobs: usize) -> String {
    let mut out = String::new();
    let mut line = |k: &str, v: String| out.push_str(&format!("{k:<10}{v}\n"));
    let named = match claim.named_claim() {
        Some(n) => format!(
            "  ({}, expected to {})",
            n.name,
            if n.expected.word() == "holds" {
                "hold"
            } else {
                "fail"
            }
        ),
        None => String::new(),
    };
    line("claim", format!("{}{named}", r.claim));
    let sizes = match (r.sizes.first(), r.sizes.last()) {
        (Some(a), Some(b)) if a == b => format!("{a}x{a}"),
        (Some(a), Some(b)) => format!("{a}x{a} to {b}x{b}"),
        _ => String::new(),
    };
    line(
        "games",
        format!(
            "{} on {sizes}, seed {}, {jobs} thread(s), {:.2} s ({:.0} games/s)",
            r.games,
            r.seed,
            r.seconds,
            r.games as f64 / r.seconds.max(1e-9)
        ),
    );
    let skipped = r.skipped_total();
    let tested = r.games - skipped;
    if r.holds {
        line(
            "result",
            format!("holds in all {tested} games that test it ({skipped} skipped)"),
        );
    } else {
        line(
            "result",
            format!(
                "FAILS in {} of {tested} games that test it ({skipped} skipped)",
                r.failures
            ),
        );
    }
    for (reason, n) in &r.skipped {
        line("skipped", format!("{n}: {reason}"));
    }
    if claim.needs_playout() {
        line(
            "dead",
            format!(
                "{} of the games that test it had agreed-dead stones to capture",
                r.tested_with_dead_stones
            ),
        );
    }
    for (k, c) in r.counterexamples.iter().enumerate() {
        out.push_str(&format!(
            "\ncounterexample {}: game {} (game seed {}), {} moves on {} shrunk to {} moves on {}\n",
            k + 1,
            c.game,
            c.game_seed,
            c.original_moves,
            c.original_size,
            c.moves,
            c.size
        ));
        out.push_str(&format!("  failed   {}\n", c.failed));
        out.push_str(&format!(
            "  left     {} = {}\n",
            c.left.expr,
            plain(&c.left.value)
        ));
        if let Some(right) = &c.right {
            out.push_str(&format!(
                "  right    {} = {}\n",
                right.expr,
                plain(&right.value)
            ));
        }
        for s in &c.scores {
            out.push_str(&format!(
                "  score    {}: Black {} White {} ({})\n",
                s.score,
                format_points(s.black),
                format_points(s.white),
                s.result
            ));
        }
        let g = &c.fuzz_game;
        if g.moves.len() <= 60 {
            let moves: Vec<String> = g
                .colored_moves()
                .map(|m| format!("{} {}", m.color.letter(), gtp_move(m.mv, g.size)))
                .collect();
            out.push_str(&format!("  moves    {}\n", moves.join(", ")));
        }
        if g.handicap > 0 || g.komi != 0.0 {
            out.push_str(&format!(
                "  setup    handicap {}, komi {}\n",
                g.handicap,
                format_points(g.komi)
            ));
        }
        if !g.dead.is_empty() {
            let dead: Vec<String> = g
                .dead
                .iter()
                .map(|&p| gorules_board::coords::gtp_point(p, g.size))
                .collect();
            out.push_str(&format!("  dead     {}\n", dead.join(" ")));
        }
        match (&c.sgf, c.rechecked) {
            (Some(p), true) => out.push_str(&format!(
                "  sgf      {} (re-checked by replaying it)\n",
                p.display()
            )),
            (Some(p), false) => out.push_str(&format!(
                "  sgf      {} NOT confirmed by replaying it: {}\n",
                p.display(),
                c.recheck_error.as_deref().unwrap_or("?")
            )),
            (None, _) => out.push_str(&format!(
                "  sgf      not written: {}\n",
                c.recheck_error.as_deref().unwrap_or("?")
            )),
        }
    }
    out
}

fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), format_points),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
