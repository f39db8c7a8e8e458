//! `gorules`: score Go games under many rulesets and explain why the scores differ.

// First: its `out!` and `outln!` macros serve the modules below.
#[macro_use]
mod output;

mod args;
mod commands;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use args::ScoringArgs;

/// mimalloc rather than the system allocator: a replay report is many small strings (see
/// docs/performance.md, "Records"); freed memory is kept a second (`main`).
#[global_allocator]
static GLOBAL: gorules_alloc::MiMalloc = gorules_alloc::MiMalloc;

/// Score Go games under many rulesets and see, point by point, why the scores differ.
#[derive(Parser)]
#[command(name = "gorules", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List, show and compare rulesets.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Replay one game record under each ruleset and score it.
    Score {
        /// The SGF file (every game of a collection is scored); `-` reads standard input.
        game: PathBuf,
        #[command(flatten)]
        scoring: ScoringArgs,
        #[command(flatten)]
        dead: args::DeadArgs,
        /// Also score a record that did not end in passes, as it stands.
        #[arg(long)]
        unfinished: bool,
        /// Refuse a file (or standard input) larger than this: bytes, or with K, M, G.
        #[arg(long, default_value = "64M", value_parser = args::byte_size)]
        max_file_size: u64,
    },
    /// Replay many records (files, directories) under each ruleset, in parallel, and
    /// summarise where rulesets disagree.
    Compare {
        /// SGF files and directories (searched recursively for *.sgf).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        scoring: ScoringArgs,
        #[command(flatten)]
        dead: args::DeadArgs,
        /// Threads, from 1 to 256 (default: all cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Refuse files larger than this (an error for that file): bytes, or with K, M, G.
        #[arg(long, default_value = "64M", value_parser = args::byte_size)]
        max_file_size: u64,
        /// For each pair of scores, list the first N games where the winner changes, with
        /// the parts of the score that make it change.
        #[arg(long, default_value_t = 0, value_name = "N")]
        examples: usize,
        /// Write the games (and in a text format the summary) to this file instead of
        /// standard output; needed for `--format parquet`, whose summary then goes to
        /// standard output as a table.
        #[arg(short, long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The summary of `compare` (winner changes, margin differences, splits by size and
    /// handicap, agreement with the records) made from its Parquet files: one run, or the
    /// shards of one run given in input order.
    Summary {
        /// Parquet files written by `compare --format parquet`, in the order of the run.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format: table, markdown, json or jsonl, as `compare` writes its summary.
        #[arg(long, default_value = "table", value_parser = args::format_arg::<gorules_printers::Format>)]
        format: gorules_printers::Format,
        /// For each pair of scores, list the first N games where the winner changes.
        #[arg(long, default_value_t = 0, value_name = "N")]
        examples: usize,
    },
    /// Test an equivalence claim between rulesets on random games; shrink, write and re-check
    /// counterexamples as SGF (`--list`: the named claims).
    Fuzz(commands::fuzz::FuzzArgs),
    /// Draw the board after a move (default: the end of the record) as one ruleset counts it:
    /// stones, the last move, dead stones and territory, as text or SVG.
    Diagram {
        /// The SGF file (the first game of a collection is drawn).
        game: PathBuf,
        /// Draw the position after this move (0: the setup; default: the end of the record).
        #[arg(long = "move", value_name = "N")]
        move_number: Option<usize>,
        /// One built-in id, KataGo rules string (`katago:japanese`), path to a TOML file, or
        /// `record` (the ruleset the record's RU names).
        #[arg(long, default_value = "concord")]
        rules: String,
        #[command(flatten)]
        dead: args::DeadArgs,
        /// Komi for the score line, overriding the record's KM and the ruleset's default.
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<f64>,
        /// Output format: text (with a legend) or svg (a self-contained picture).
        #[arg(long, default_value = "text", value_parser = args::format_arg::<gorules_compare::diagram::Format>)]
        format: gorules_compare::diagram::Format,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Write the settlement into the record: dead stones and territory as TB/TW on the final
    /// node (as one ruleset counts them), and its result as RE where the record has none, so
    /// that SGF editors show the count; reading the file back gives the same score.
    Annotate {
        /// The SGF file (every game of a collection is annotated).
        game: PathBuf,
        /// One built-in id, KataGo rules string (`katago:japanese`) or path to a TOML file.
        #[arg(long, default_value = "concord")]
        rules: String,
        #[command(flatten)]
        dead: args::DeadArgs,
        /// Komi for the result, overriding the record's KM and the ruleset's default.
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<f64>,
        /// Settle a game that does not end in two passes as it stands (else it is left as
        /// it is).
        #[arg(long)]
        unfinished: bool,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Serve the JSON API and the rules explorer page over HTTP (loopback by default) until
    /// Ctrl-C or SIGTERM; the API is described at /api/openapi.json.
    Serve(commands::serve::ServeArgs),
    /// Speak GTP (version 2) on standard input and output as a rules engine: a referee and
    /// scorer that checks every move under the ruleset; it does not choose moves.
    Gtp {
        /// One built-in id, KataGo rules string (`katago:japanese`) or TOML path.
        #[arg(long, default_value = "chinese")]
        rules: String,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// The built-in rulesets.
    List {
        /// Output format: text, json or csv (a row per ruleset).
        #[arg(long, default_value = "text", value_parser = args::format_arg::<gorules_rules::printer::Format>)]
        format: gorules_rules::printer::Format,
    },
    /// Every knob of a ruleset (a built-in id, a KataGo rules string or a TOML file).
    Show {
        /// Built-in id, `katago:` and a KataGo rules string (`katago:japanese`), or path to a
        /// TOML file.
        ruleset: String,
        /// Print the TOML text instead.
        #[arg(long)]
        toml: bool,
        /// Output format: text, json or csv (a row per knob).
        #[arg(long, default_value = "text", value_parser = args::format_arg::<gorules_rules::printer::Format>)]
        format: gorules_rules::printer::Format,
    },
    /// The knobs on which two rulesets differ.
    Diff {
        /// Built-in id, `katago:` rules string or path.
        a: String,
        /// Built-in id, `katago:` rules string or path.
        b: String,
    },
}

fn main() -> ExitCode {
    gorules_alloc::keep_freed_memory();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules(RulesCommand::List { format }) => commands::rules::list(format),
        Command::Rules(RulesCommand::Show {
            ruleset,
            toml,
            format,
        }) => commands::rules::show(&ruleset, toml, format),
        Command::Rules(RulesCommand::Diff { a, b }) => commands::rules::diff(&a, &b),
        Command::Score {
            game,
            scoring,
            dead,
            unfinished,
            max_file_size,
        } => commands::score::run(&game, &scoring, &dead, unfinished, max_file_size),
        Command::Compare {
            paths,
            scoring,
            dead,
            jobs,
            max_file_size,
            examples,
            out,
        } => commands::compare::run(&commands::compare::Request {
            paths: &paths,
            scoring: &scoring,
            dead: &dead,
            jobs,
            max_file_size,
            examples,
            out: out.as_deref(),
        }),
        Command::Summary {
            files,
            format,
            examples,
        } => commands::summary::run(&files, format, examples),
        Command::Fuzz(args) => commands::fuzz::run_command(&args),
        Command::Diagram {
            game,
            move_number,
            rules,
            dead,
            komi,
            format,
            out,
        } => commands::diagram::run(&commands::diagram::Request {
            path: &game,
            move_number,
            rules: &rules,
            dead: &dead,
            komi,
            format,
            out: out.as_deref(),
        }),
        Command::Annotate {
            game,
            rules,
            dead,
            komi,
            unfinished,
            out,
        } => commands::annotate::run(&commands::annotate::Request {
            path: &game,
            rules: &rules,
            dead: &dead,
            komi,
            unfinished,
            out: out.as_deref(),
        }),
        Command::Gtp { rules } => commands::gtp::run(&rules),
        Command::Serve(args) => commands::serve::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            output::warn(&message);
            ExitCode::from(2)
        }
    }
}
