//! The claim language: comparisons between scores of one game.
//!
//! ```text
//! concord:area == concord:territory
//! abs(japanese:territory - chinese:area) <= 1
//! winner(concord:area) == winner(aga:area)
//! midgame_passes == 0 => taiwan:area == concord:area
//! concord:area:playout == concord:area && concord:territory:playout == concord:territory
//! rules/my-rules.toml:area == concord:area
//! katago:tromp-taylor:area == tromp-taylor:area
//! ```
//!
//! A **score** is `RULESET:COUNTING`: a built-in ruleset id, `katago:` and a KataGo rules
//! string (`katago:japanese:territory`, `katago:koSIMPLEscoreAREAtaxNONEsui1:area`; quote one
//! with spaces, `"katago:tromp taylor":area`; the JSON form is not read in claims) or the path
//! of a TOML ruleset file (quote it, `"my rules.toml":area`, if it contains spaces or starts
//! with a digit), then `area`, `territory` or `stone`. As a number a score is its **margin** (Black's total minus
//! White's, komi and every adjustment included). `:playout` after it names the score of the
//! same game when the players, instead of agreeing on the dead stones, resume and capture them
//! by play (the capturer plays inside its own area, the owner passes; see [`crate::playout`]).
//!
//! | form | meaning |
//! | --- | --- |
//! | `margin(s)`, `black(s)`, `white(s)` | a score's margin, Black's total, White's total |
//! | `winner(s)` | `black`, `white` or `draw` (compare with `==` to another winner or to those words) |
//! | `abs(x)`, `min(x, y)`, `max(x, y)`, `+`, `-`, `*` | arithmetic |
//! | `==`, `!=`, `<`, `<=`, `>`, `>=` | comparisons (numbers; `==` and `!=` also winners and truth values) |
//! | `!`, `&&`, `\|\|`, `=>` (also `not`, `and`, `or`) | logic; `a => b` is "if a then b" |
//! | `size`, `handicap`, `komi`, `moves`, `plays`, `passes`, `midgame_passes`, `resumptions`, `dead`, `white_passed_first`, `black_played_last` | facts about the game (see [`Var`]) |
//!
//! Errors name the 1-based column and say what was expected there.

use std::fmt;

use gorules_board::Color;
use gorules_rules::{format_points, Counting, Outcome};

use evaluator::Ctx;
use scanner::{column_of, is_name_char};

/// The name that a KataGo rules string follows, after a `:` (`katago:japanese`).
const KATAGO: &str = "katago";

mod evaluator;
mod parser;
mod scanner;
#[cfg(test)]
mod tests;

/// A claim text that could not be parsed or checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column (in characters) where the problem is.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A score named in a claim: `RULESET:COUNTING[:playout]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRef {
    /// The ruleset as written (built-in id or path).
    pub ruleset: String,
    /// The counting method.
    pub counting: Counting,
    /// The score after settling the agreed-dead stones by play instead of agreement.
    pub playout: bool,
    /// Byte offset of the ruleset name in the claim text (for messages).
    pub offset: usize,
}

impl fmt::Display for ScoreRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `katago:` and a rules string in name characters needs no quotes.
        let bare = match self.ruleset.split_once(':') {
            Some((KATAGO, tail)) if !tail.is_empty() => tail,
            _ => self.ruleset.as_str(),
        };
        let needs_quotes = bare.is_empty()
            || self.ruleset.starts_with(|c: char| c.is_ascii_digit())
            || !bare.chars().all(is_name_char);
        if needs_quotes {
            write!(f, "\"{}\"", self.ruleset)?;
        } else {
            f.write_str(&self.ruleset)?;
        }
        write!(f, ":{}", self.counting.name())?;
        if self.playout {
            f.write_str(":playout")?;
        }
        Ok(())
    }
}

/// A fact about the game that a claim may test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// Board width (games are square).
    Size,
    /// Handicap stones (0 for an even game).
    Handicap,
    /// Komi.
    Komi,
    /// Moves in the record, passes included.
    Moves,
    /// Board plays in the record.
    Plays,
    /// Passes in the record.
    Passes,
    /// Passes in the record that are not part of its final run of passes (a pass during play,
    /// or passes that ended play before a resumption).
    MidgamePasses,
    /// Times play resumed after two passes in a row.
    Resumptions,
    /// Stones agreed dead at the end.
    Dead,
    /// 1 if the game's first pass was White's, else 0.
    WhitePassedFirst,
    /// 1 if the last board play of the record was Black's, else 0.
    BlackPlayedLast,
}

impl Var {
    /// Every variable with its name.
    pub const ALL: [(&'static str, Var); 11] = [
        ("size", Var::Size),
        ("handicap", Var::Handicap),
        ("komi", Var::Komi),
        ("moves", Var::Moves),
        ("plays", Var::Plays),
        ("passes", Var::Passes),
        ("midgame_passes", Var::MidgamePasses),
        ("resumptions", Var::Resumptions),
        ("dead", Var::Dead),
        ("white_passed_first", Var::WhitePassedFirst),
        ("black_played_last", Var::BlackPlayedLast),
    ];
}

/// The facts about one game that [`Var`]s read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFacts {
    /// Board width.
    pub size: u32,
    /// Handicap stones.
    pub handicap: u32,
    /// Komi.
    pub komi: f64,
    /// Moves, passes included.
    pub moves: u32,
    /// Board plays.
    pub plays: u32,
    /// Passes.
    pub passes: u32,
    /// Passes not in the final run of passes.
    pub midgame_passes: u32,
    /// Resumptions after two passes.
    pub resumptions: u32,
    /// Agreed-dead stones.
    pub dead: u32,
    /// Whether the game's first pass was White's.
    pub white_passed_first: bool,
    /// Whether the record's last board play was Black's.
    pub black_played_last: bool,
}

impl GameFacts {
    fn get(&self, v: Var) -> f64 {
        match v {
            Var::Size => self.size as f64,
            Var::Handicap => self.handicap as f64,
            Var::Komi => self.komi,
            Var::Moves => self.moves as f64,
            Var::Plays => self.plays as f64,
            Var::Passes => self.passes as f64,
            Var::MidgamePasses => self.midgame_passes as f64,
            Var::Resumptions => self.resumptions as f64,
            Var::Dead => self.dead as f64,
            Var::WhitePassedFirst => self.white_passed_first as u32 as f64,
            Var::BlackPlayedLast => self.black_played_last as u32 as f64,
        }
    }
}

/// One score's values, as a claim reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreValue {
    /// Black's total minus White's (0 for a game without result or lost by forfeit).
    pub margin: f64,
    /// Black's total.
    pub black: f64,
    /// White's total.
    pub white: f64,
    /// How the game ended: on points, by forfeit, or without result.
    pub outcome: Outcome,
}

impl ScoreValue {
    /// The winner (`None`: a draw or no result).
    pub fn winner(&self) -> Option<Color> {
        self.outcome.winner()
    }

    /// The result, SGF style (`B+1`, `W+0.5`, `0`, `Void`, `B+F`).
    pub fn result(&self) -> String {
        self.outcome.result()
    }
}

/// A value of a sub-expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A number.
    Num(f64),
    /// A truth value.
    Bool(bool),
    /// A winner (`None`: a draw).
    Winner(Option<Color>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Num(v) => f.write_str(&format_points(*v)),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Winner(Some(Color::Black)) => f.write_str("black"),
            Value::Winner(Some(Color::White)) => f.write_str("white"),
            Value::Winner(None) => f.write_str("draw"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    Num,
    Bool,
    Winner,
}

impl Type {
    fn name(self) -> &'static str {
        match self {
            Type::Num => "a number",
            Type::Bool => "a truth value",
            Type::Winner => "a winner",
        }
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Margin,
    Black,
    White,
    Winner,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Num(f64),
    WinnerLit(Option<Color>),
    Score(usize, Field),
    Var(Var),
    Neg(Box<Node>),
    Abs(Box<Node>),
    Sign(Box<Node>),
    Min(Box<Node>, Box<Node>),
    Max(Box<Node>, Box<Node>),
    Add(Box<Node>, Box<Node>),
    Sub(Box<Node>, Box<Node>),
    Mul(Box<Node>, Box<Node>),
    Cmp(CmpOp, Box<Node>, Box<Node>),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Implies(Box<Node>, Box<Node>),
}

#[derive(Clone, Debug, PartialEq)]
struct Node {
    kind: Kind,
    /// Byte range in the claim text.
    start: usize,
    end: usize,
    /// Levels of operators from this node down to its deepest leaf (1 for a leaf).
    depth: u32,
}

/// How deep a claim may nest: brackets, operators and function calls, counted together.
/// Evaluating, printing and dropping a claim walk it recursively, so the parser refuses a
/// deeper one with an error instead of letting a hostile or generated claim overflow the stack.
/// Claims people write nest a few levels.
pub const MAX_NESTING: u32 = 100;

/// A parsed, type-checked claim expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    text: String,
    root: Node,
    refs: Vec<ScoreRef>,
}

/// One side of a failed comparison: the sub-expression and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// The sub-expression as written.
    pub text: String,
    /// Its value in the game.
    pub value: Value,
}

/// Why a claim is false in a game: the comparison that failed, with both sides' values.
#[derive(Clone, Debug, PartialEq)]
pub struct Witness {
    /// The failed part of the claim, as written.
    pub text: String,
    /// Its left side (for a comparison) or the whole failed part.
    pub left: Side,
    /// The comparison operator, if the failed part is a comparison.
    pub op: Option<CmpOp>,
    /// Its right side, if the failed part is a comparison.
    pub right: Option<Side>,
}

impl fmt::Display for Witness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.op, &self.right) {
            (Some(op), Some(r)) => write!(
                f,
                "{} = {}, {} = {}: `{} {} {}` is false",
                self.left.text,
                self.left.value,
                r.text,
                r.value,
                self.left.value,
                op.symbol(),
                r.value
            ),
            _ => write!(f, "`{}` is false", self.text),
        }
    }
}

impl Expr {
    /// Parses and type-checks a claim. The claim as a whole must be true or false.
    pub fn parse(text: &str) -> Result<Expr, ParseError> {
        let (root, refs) = parser::parse(text)?;
        Ok(Expr {
            text: text.to_string(),
            root,
            refs,
        })
    }

    /// The claim text as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The distinct scores the claim reads, in order of first appearance. [`Expr::eval`] takes
    /// their values in this order.
    pub fn scores(&self) -> &[ScoreRef] {
        &self.refs
    }

    /// Whether the claim reads game facts ([`Var`]s); when it does not, [`Expr::eval`] may be
    /// given default facts.
    pub fn uses_facts(&self) -> bool {
        fn walk(n: &Node) -> bool {
            match &n.kind {
                Kind::Var(_) => true,
                Kind::Num(_) | Kind::WinnerLit(_) | Kind::Score(..) => false,
                Kind::Neg(a) | Kind::Abs(a) | Kind::Sign(a) | Kind::Not(a) => walk(a),
                Kind::Min(a, b)
                | Kind::Max(a, b)
                | Kind::Add(a, b)
                | Kind::Sub(a, b)
                | Kind::Mul(a, b)
                | Kind::Cmp(_, a, b)
                | Kind::And(a, b)
                | Kind::Or(a, b)
                | Kind::Implies(a, b) => walk(a) || walk(b),
            }
        }
        walk(&self.root)
    }

    /// The 1-based column of a byte offset in the claim text.
    pub fn column(&self, offset: usize) -> usize {
        column_of(&self.text, offset)
    }

    /// Evaluates the claim in a game: `scores` holds the values of [`Expr::scores`], in order.
    /// `Ok(())` when it holds, otherwise the comparison that failed.
    pub fn eval(&self, scores: &[ScoreValue], facts: &GameFacts) -> Result<(), Witness> {
        let ctx = Ctx {
            scores,
            facts,
            text: &self.text,
        };
        if ctx.value(&self.root) == Value::Bool(true) {
            Ok(())
        } else {
            Err(ctx.witness(&self.root))
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
