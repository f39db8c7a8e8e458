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
        let mut p = Parser {
            text,
            pos: 0,
            refs: Vec::new(),
            nesting: 0,
        };
        p.skip_ws();
        if p.at_end() {
            return Err(p.error_at(
                0,
                "the claim is empty; write a comparison such as `concord:area == concord:territory`",
            ));
        }
        let (root, ty) = p.implies()?;
        p.skip_ws();
        if !p.at_end() {
            let found = p.describe_here();
            return Err(p.error_at(
                p.pos,
                &format!("expected an operator or the end of the claim, found {found}"),
            ));
        }
        if ty != Type::Bool {
            return Err(p.error_at(
                root.start,
                &format!(
                    "a claim must be true or false, but this is {}; compare it, e.g. `... == concord:territory`",
                    ty.name()
                ),
            ));
        }
        Ok(Expr {
            text: text.to_string(),
            root,
            refs: p.refs,
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

fn column_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].chars().count() + 1
}

/// The name that a KataGo rules string follows, after a `:` (`katago:japanese`).
const KATAGO: &str = "katago";

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '\\' | '~')
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '/' | '\\' | '~')
}

struct Parser<'t> {
    text: &'t str,
    pos: usize,
    refs: Vec<ScoreRef>,
    /// Calls of the recursive rules (`implies`, `not`, `unary`) now open.
    nesting: u32,
}

type Parsed = Result<(Node, Type), ParseError>;

impl<'t> Parser<'t> {
    fn error_at(&self, offset: usize, message: &str) -> ParseError {
        ParseError {
            column: column_of(self.text, offset),
            message: message.to_string(),
        }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    /// What stands at the current position, for "found ..." in messages.
    fn describe_here(&self) -> String {
        match self.peek() {
            None => "the end of the claim".to_string(),
            Some(c) if is_name_start(c) => {
                let w: String = self
                    .rest()
                    .chars()
                    .take_while(|&c| is_name_char(c))
                    .collect();
                format!("`{w}`")
            }
            Some(c) => format!("`{c}`"),
        }
    }

    /// Consumes `s` (after whitespace) if it is next.
    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Consumes the keyword `w` if it is next as a whole word.
    fn eat_word(&mut self, w: &str) -> bool {
        self.skip_ws();
        let rest = self.rest();
        if rest.starts_with(w) && !rest[w.len()..].starts_with(is_name_char) {
            self.pos += w.len();
            true
        } else {
            false
        }
    }

    fn expect_type(
        &self,
        node: &Node,
        got: Type,
        want: Type,
        context: &str,
    ) -> Result<(), ParseError> {
        if got == want {
            Ok(())
        } else {
            Err(self.error_at(
                node.start,
                &format!(
                    "{context} needs {}, but `{}` is {}",
                    want.name(),
                    &self.text[node.start..node.end],
                    got.name()
                ),
            ))
        }
    }

    fn node(kind: Kind, start: usize, end: usize) -> Node {
        let below = match &kind {
            Kind::Num(_) | Kind::WinnerLit(_) | Kind::Score(..) | Kind::Var(_) => 0,
            Kind::Neg(a) | Kind::Abs(a) | Kind::Sign(a) | Kind::Not(a) => a.depth,
            Kind::Min(a, b)
            | Kind::Max(a, b)
            | Kind::Add(a, b)
            | Kind::Sub(a, b)
            | Kind::Mul(a, b)
            | Kind::Cmp(_, a, b)
            | Kind::And(a, b)
            | Kind::Or(a, b)
            | Kind::Implies(a, b) => a.depth.max(b.depth),
        };
        Node {
            kind,
            start,
            end,
            depth: below + 1,
        }
    }

    /// Refuses a node nested deeper than [`MAX_NESTING`] (operators chained left to right
    /// nest too: `1 + 1 + 1` is two levels of `+`).
    fn check_depth(&self, n: &Node) -> Result<(), ParseError> {
        if n.depth > MAX_NESTING {
            return Err(self.nesting_error(n.start));
        }
        Ok(())
    }

    fn nesting_error(&self, offset: usize) -> ParseError {
        self.error_at(
            offset,
            &format!("the claim nests more than {MAX_NESTING} levels deep (brackets, operators and functions together)"),
        )
    }

    /// Runs a recursive rule one level deeper, refusing to go past [`MAX_NESTING`].
    fn nested(&mut self, rule: fn(&mut Self) -> Parsed) -> Parsed {
        if self.nesting >= MAX_NESTING {
            return Err(self.nesting_error(self.pos));
        }
        self.nesting += 1;
        let parsed = rule(self);
        self.nesting -= 1;
        let (n, t) = parsed?;
        self.check_depth(&n)?;
        Ok((n, t))
    }

    fn implies(&mut self) -> Parsed {
        self.nested(Self::implies_unchecked)
    }

    fn implies_unchecked(&mut self) -> Parsed {
        let (lhs, lt) = self.or()?;
        if self.eat("=>") {
            let (rhs, rt) = self.implies()?;
            self.expect_type(&lhs, lt, Type::Bool, "`=>`")?;
            self.expect_type(&rhs, rt, Type::Bool, "`=>`")?;
            let (s, e) = (lhs.start, rhs.end);
            return Ok((
                Self::node(Kind::Implies(Box::new(lhs), Box::new(rhs)), s, e),
                Type::Bool,
            ));
        }
        Ok((lhs, lt))
    }

    fn or(&mut self) -> Parsed {
        let (mut lhs, mut lt) = self.and()?;
        loop {
            if self.eat("||") || self.eat_word("or") {
                let (rhs, rt) = self.and()?;
                self.expect_type(&lhs, lt, Type::Bool, "`||`")?;
                self.expect_type(&rhs, rt, Type::Bool, "`||`")?;
                let (s, e) = (lhs.start, rhs.end);
                lhs = Self::node(Kind::Or(Box::new(lhs), Box::new(rhs)), s, e);
                self.check_depth(&lhs)?;
                lt = Type::Bool;
            } else {
                return Ok((lhs, lt));
            }
        }
    }

    fn and(&mut self) -> Parsed {
        let (mut lhs, mut lt) = self.not()?;
        loop {
            if self.eat("&&") || self.eat_word("and") {
                let (rhs, rt) = self.not()?;
                self.expect_type(&lhs, lt, Type::Bool, "`&&`")?;
                self.expect_type(&rhs, rt, Type::Bool, "`&&`")?;
                let (s, e) = (lhs.start, rhs.end);
                lhs = Self::node(Kind::And(Box::new(lhs), Box::new(rhs)), s, e);
                self.check_depth(&lhs)?;
                lt = Type::Bool;
            } else {
                return Ok((lhs, lt));
            }
        }
    }

    fn not(&mut self) -> Parsed {
        self.skip_ws();
        let start = self.pos;
        let bang = self.rest().starts_with('!') && !self.rest().starts_with("!=");
        if bang {
            self.pos += 1;
        }
        if bang || self.eat_word("not") {
            let (inner, t) = self.nested(Self::not)?;
            self.expect_type(&inner, t, Type::Bool, "`!`")?;
            let e = inner.end;
            return Ok((Self::node(Kind::Not(Box::new(inner)), start, e), Type::Bool));
        }
        self.cmp()
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        self.skip_ws();
        const OPS: [(&str, CmpOp); 6] = [
            ("==", CmpOp::Eq),
            ("!=", CmpOp::Ne),
            ("<=", CmpOp::Le),
            (">=", CmpOp::Ge),
            ("<", CmpOp::Lt),
            (">", CmpOp::Gt),
        ];
        for (s, op) in OPS {
            if self.rest().starts_with(s) {
                self.pos += s.len();
                return Some(op);
            }
        }
        None
    }

    fn cmp(&mut self) -> Parsed {
        let (lhs, lt) = self.sum()?;
        self.skip_ws();
        let op_at = self.pos;
        let Some(op) = self.cmp_op() else {
            if self.rest().starts_with('=') && !self.rest().starts_with("=>") {
                return Err(self.error_at(
                    op_at,
                    "expected `==` to compare (a single `=` is not an operator)",
                ));
            }
            return Ok((lhs, lt));
        };
        let (rhs, rt) = self.sum()?;
        let ordered = !matches!(op, CmpOp::Eq | CmpOp::Ne);
        if ordered {
            self.expect_type(&lhs, lt, Type::Num, &format!("`{}`", op.symbol()))?;
            self.expect_type(&rhs, rt, Type::Num, &format!("`{}`", op.symbol()))?;
        } else if lt != rt {
            return Err(self.error_at(
                op_at,
                &format!(
                    "`{}` compares {} with {}; both sides must be numbers, winners or truth values",
                    op.symbol(),
                    lt.name(),
                    rt.name()
                ),
            ));
        }
        self.skip_ws();
        let after = self.pos;
        if self.cmp_op().is_some() {
            return Err(self.error_at(after, "comparisons do not chain; join them with `&&`"));
        }
        let (s, e) = (lhs.start, rhs.end);
        Ok((
            Self::node(Kind::Cmp(op, Box::new(lhs), Box::new(rhs)), s, e),
            Type::Bool,
        ))
    }

    fn sum(&mut self) -> Parsed {
        let (mut lhs, mut lt) = self.product()?;
        loop {
            self.skip_ws();
            let plus = self.rest().starts_with('+');
            let minus = self.rest().starts_with('-');
            if !plus && !minus {
                return Ok((lhs, lt));
            }
            self.pos += 1;
            let (rhs, rt) = self.product()?;
            let sym = if plus { "`+`" } else { "`-`" };
            self.expect_type(&lhs, lt, Type::Num, sym)?;
            self.expect_type(&rhs, rt, Type::Num, sym)?;
            let (s, e) = (lhs.start, rhs.end);
            let kind = if plus {
                Kind::Add(Box::new(lhs), Box::new(rhs))
            } else {
                Kind::Sub(Box::new(lhs), Box::new(rhs))
            };
            lhs = Self::node(kind, s, e);
            self.check_depth(&lhs)?;
            lt = Type::Num;
        }
    }

    fn product(&mut self) -> Parsed {
        let (mut lhs, mut lt) = self.unary()?;
        loop {
            if !self.eat("*") {
                return Ok((lhs, lt));
            }
            let (rhs, rt) = self.unary()?;
            self.expect_type(&lhs, lt, Type::Num, "`*`")?;
            self.expect_type(&rhs, rt, Type::Num, "`*`")?;
            let (s, e) = (lhs.start, rhs.end);
            lhs = Self::node(Kind::Mul(Box::new(lhs), Box::new(rhs)), s, e);
            self.check_depth(&lhs)?;
            lt = Type::Num;
        }
    }

    fn unary(&mut self) -> Parsed {
        self.skip_ws();
        let start = self.pos;
        if self.eat("-") {
            let (inner, t) = self.nested(Self::unary)?;
            self.expect_type(&inner, t, Type::Num, "`-`")?;
            let e = inner.end;
            return Ok((Self::node(Kind::Neg(Box::new(inner)), start, e), Type::Num));
        }
        self.atom()
    }

    fn number(&mut self) -> Parsed {
        let start = self.pos;
        let len = self
            .rest()
            .char_indices()
            .take_while(|&(_, c)| c.is_ascii_digit() || c == '.')
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let s = &self.rest()[..len];
        let v: f64 = s
            .parse()
            .map_err(|_| self.error_at(start, &format!("`{s}` is not a number")))?;
        self.pos += len;
        if self.peek().is_some_and(is_name_start) {
            return Err(self.error_at(
                start,
                "a name cannot start with a digit; quote a path that does (`\"2x.toml\":area`)",
            ));
        }
        Ok((Self::node(Kind::Num(v), start, self.pos), Type::Num))
    }

    fn quoted(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let Some(len) = self.rest().find('"') else {
            return Err(self.error_at(start, "this quote is never closed"));
        };
        let s = self.rest()[..len].to_string();
        self.pos += len + 1;
        if s.is_empty() {
            return Err(self.error_at(start, "an empty ruleset name"));
        }
        Ok(s)
    }

    fn atom(&mut self) -> Parsed {
        self.skip_ws();
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.error_at(
                start,
                "expected a score (`concord:area`), a number, a function or `(`, found the end of the claim",
            ));
        };
        if c == '(' {
            self.pos += 1;
            let (inner, t) = self.implies()?;
            if !self.eat(")") {
                let found = self.describe_here();
                return Err(self.error_at(
                    self.pos,
                    &format!(
                        "expected `)` to close the `(` at column {}, found {found}",
                        column_of(self.text, start)
                    ),
                ));
            }
            let mut n = inner;
            n.start = start;
            n.end = self.pos;
            return Ok((n, t));
        }
        if c.is_ascii_digit() {
            return self.number();
        }
        if c == '"' {
            let name = self.quoted()?;
            return self
                .score_after_name(name, start)
                .map(|(k, t)| (Self::node(k, start, self.pos), t));
        }
        if !is_name_start(c) {
            return Err(self.error_at(
                start,
                &format!(
                    "expected a score (`concord:area`), a number, a function or `(`, found `{c}`"
                ),
            ));
        }
        let len = self
            .rest()
            .char_indices()
            .take_while(|&(_, c)| is_name_char(c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let mut word = self.rest()[..len].to_string();
        self.pos += len;
        self.katago_tail(&mut word);
        self.skip_ws();
        match self.peek() {
            Some(':') => {
                let (k, t) = self.score_after_name(word, start)?;
                Ok((Self::node(k, start, self.pos), t))
            }
            Some('(') => self.function(&word, start),
            _ => self.name(&word, start),
        }
    }

    /// After a ruleset name: `:COUNTING[:playout]`.
    fn score_after_name(
        &mut self,
        ruleset: String,
        start: usize,
    ) -> Result<(Kind, Type), ParseError> {
        let r = self.score_ref(ruleset, start)?;
        Ok((Kind::Score(r, Field::Margin), Type::Num))
    }

    /// After the name `katago`: `:` and a KataGo rules string written in name characters
    /// (`katago:japanese`, `katago:koSIMPLEscoreAREAtaxNONEsui1whbN-1komi7.5`) belong to the
    /// ruleset's name.
    fn katago_tail(&mut self, word: &mut String) {
        if word.as_str() != KATAGO {
            return;
        }
        let Some(tail) = self.rest().strip_prefix(':') else {
            return;
        };
        let len = tail
            .char_indices()
            .take_while(|&(_, c)| is_name_char(c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        if len > 0 {
            word.push(':');
            word.push_str(&tail[..len]);
            self.pos += 1 + len;
        }
    }

    fn letters(&mut self) -> &'t str {
        self.skip_ws();
        let rest = self.rest();
        let len = rest.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        self.pos += len;
        &rest[..len]
    }

    fn score_ref(&mut self, ruleset: String, start: usize) -> Result<usize, ParseError> {
        if !self.eat(":") {
            let found = self.describe_here();
            return Err(self.error_at(
                self.pos,
                &format!("expected `:` and a counting method after the ruleset `{ruleset}`, found {found}"),
            ));
        }
        self.skip_ws();
        let at = self.pos;
        let counting = match self.letters() {
            "area" => Counting::Area,
            "territory" => Counting::Territory,
            "stone" => Counting::Stone,
            "" => {
                let found = self.describe_here();
                return Err(self.error_at(
                    at,
                    &format!(
                        "expected `area`, `territory` or `stone` after `{ruleset}:`, found {found}"
                    ),
                ));
            }
            other => {
                return Err(self.error_at(
                    at,
                    &format!(
                        "expected `area`, `territory` or `stone` after `{ruleset}:`, found `{other}`"
                    ),
                ));
            }
        };
        let mut playout = false;
        self.skip_ws();
        if self.rest().starts_with(':') {
            self.pos += 1;
            self.skip_ws();
            let at = self.pos;
            match self.letters() {
                "playout" => playout = true,
                other => {
                    let found = if other.is_empty() {
                        self.describe_here()
                    } else {
                        format!("`{other}`")
                    };
                    return Err(self.error_at(
                        at,
                        &format!(
                            "expected `playout` after `{ruleset}:{}:`, found {found}",
                            counting.name()
                        ),
                    ));
                }
            }
        }
        let r = ScoreRef {
            ruleset,
            counting,
            playout,
            offset: start,
        };
        let idx = match self.refs.iter().position(|x| {
            x.ruleset == r.ruleset && x.counting == r.counting && x.playout == r.playout
        }) {
            Some(i) => i,
            None => {
                self.refs.push(r);
                self.refs.len() - 1
            }
        };
        Ok(idx)
    }

    /// A score argument of `margin`, `black`, `white` or `winner`.
    fn score_arg(&mut self, func: &str) -> Result<usize, ParseError> {
        self.skip_ws();
        let start = self.pos;
        let name = match self.peek() {
            Some('"') => self.quoted()?,
            Some(c) if is_name_start(c) => {
                let len = self
                    .rest()
                    .char_indices()
                    .take_while(|&(_, c)| is_name_char(c))
                    .last()
                    .map_or(0, |(i, c)| i + c.len_utf8());
                let mut w = self.rest()[..len].to_string();
                self.pos += len;
                self.katago_tail(&mut w);
                w
            }
            _ => {
                let found = self.describe_here();
                return Err(self.error_at(
                    start,
                    &format!("`{func}(...)` takes a score such as `concord:area`, found {found}"),
                ));
            }
        };
        self.score_ref(name, start)
    }

    fn close(&mut self, func: &str, open: usize) -> Result<(), ParseError> {
        if self.eat(")") {
            Ok(())
        } else {
            let found = self.describe_here();
            Err(self.error_at(
                self.pos,
                &format!(
                    "expected `)` to close `{func}(` at column {}, found {found}",
                    column_of(self.text, open)
                ),
            ))
        }
    }

    fn num_arg(&mut self, func: &str) -> Result<Node, ParseError> {
        let (n, t) = self.implies()?;
        self.expect_type(&n, t, Type::Num, &format!("`{func}(...)`"))?;
        Ok(n)
    }

    fn function(&mut self, name: &str, start: usize) -> Parsed {
        self.skip_ws();
        let open = self.pos;
        self.pos += 1; // '('
        let (kind, ty) = match name {
            "margin" | "black" | "white" | "winner" => {
                let r = self.score_arg(name)?;
                let field = match name {
                    "margin" => Field::Margin,
                    "black" => Field::Black,
                    "white" => Field::White,
                    _ => Field::Winner,
                };
                let ty = if field == Field::Winner { Type::Winner } else { Type::Num };
                (Kind::Score(r, field), ty)
            }
            "abs" => (Kind::Abs(Box::new(self.num_arg(name)?)), Type::Num),
            "sign" => (Kind::Sign(Box::new(self.num_arg(name)?)), Type::Num),
            "min" | "max" => {
                let a = self.num_arg(name)?;
                if !self.eat(",") {
                    let found = self.describe_here();
                    return Err(self.error_at(self.pos, &format!("`{name}` takes two numbers: expected `,`, found {found}")));
                }
                let b = self.num_arg(name)?;
                let k = if name == "min" {
                    Kind::Min(Box::new(a), Box::new(b))
                } else {
                    Kind::Max(Box::new(a), Box::new(b))
                };
                (k, Type::Num)
            }
            _ => {
                return Err(self.error_at(
                    start,
                    &format!("unknown function `{name}`; functions: abs, sign, min, max, margin, black, white, winner"),
                ))
            }
        };
        self.close(name, open)?;
        Ok((Self::node(kind, start, self.pos), ty))
    }

    fn name(&mut self, word: &str, start: usize) -> Parsed {
        let end = start + word.len();
        let lit = match word {
            "black" => Some(Some(Color::Black)),
            "white" => Some(Some(Color::White)),
            "draw" => Some(None),
            _ => None,
        };
        if let Some(w) = lit {
            return Ok((Self::node(Kind::WinnerLit(w), start, end), Type::Winner));
        }
        if let Some((_, v)) = Var::ALL.iter().find(|(n, _)| *n == word) {
            return Ok((Self::node(Kind::Var(*v), start, end), Type::Num));
        }
        if gorules_rules::builtin_ids().contains(&word) || word.ends_with(".toml") {
            let found = self.describe_here();
            return Err(self.error_at(
                self.pos,
                &format!(
                    "expected `:area`, `:territory` or `:stone` after the ruleset `{word}`, found {found}"
                ),
            ));
        }
        let vars: Vec<&str> = Var::ALL.iter().map(|(n, _)| *n).collect();
        let hint = if word.contains('-') && !word.ends_with('-') {
            "; put spaces around `-` to subtract"
        } else {
            ""
        };
        Err(self.error_at(
            start,
            &format!(
                "unknown name `{word}`: a score is `RULESET:area` or `RULESET:territory`; the game facts are {}{hint}",
                vars.join(", ")
            ),
        ))
    }
}

struct Ctx<'a> {
    scores: &'a [ScoreValue],
    facts: &'a GameFacts,
    text: &'a str,
}

impl Ctx<'_> {
    fn num(&self, n: &Node) -> f64 {
        match self.value(n) {
            Value::Num(v) => v,
            other => unreachable!("type-checked: {other:?}"),
        }
    }

    fn truth(&self, n: &Node) -> bool {
        match self.value(n) {
            Value::Bool(b) => b,
            other => unreachable!("type-checked: {other:?}"),
        }
    }

    fn value(&self, n: &Node) -> Value {
        match &n.kind {
            Kind::Num(v) => Value::Num(*v),
            Kind::WinnerLit(w) => Value::Winner(*w),
            Kind::Score(i, field) => {
                let s = &self.scores[*i];
                match field {
                    Field::Margin => Value::Num(s.margin),
                    Field::Black => Value::Num(s.black),
                    Field::White => Value::Num(s.white),
                    Field::Winner => Value::Winner(s.winner()),
                }
            }
            Kind::Var(v) => Value::Num(self.facts.get(*v)),
            Kind::Neg(a) => Value::Num(-self.num(a)),
            Kind::Abs(a) => Value::Num(self.num(a).abs()),
            Kind::Sign(a) => {
                let v = self.num(a);
                Value::Num(if v > 0.0 {
                    1.0
                } else if v < 0.0 {
                    -1.0
                } else {
                    0.0
                })
            }
            Kind::Min(a, b) => Value::Num(self.num(a).min(self.num(b))),
            Kind::Max(a, b) => Value::Num(self.num(a).max(self.num(b))),
            Kind::Add(a, b) => Value::Num(self.num(a) + self.num(b)),
            Kind::Sub(a, b) => Value::Num(self.num(a) - self.num(b)),
            Kind::Mul(a, b) => Value::Num(self.num(a) * self.num(b)),
            Kind::Cmp(op, a, b) => {
                let (x, y) = (self.value(a), self.value(b));
                let r = match (op, x, y) {
                    (CmpOp::Eq, x, y) => x == y,
                    (CmpOp::Ne, x, y) => x != y,
                    (op, Value::Num(x), Value::Num(y)) => match op {
                        CmpOp::Lt => x < y,
                        CmpOp::Le => x <= y,
                        CmpOp::Gt => x > y,
                        _ => x >= y,
                    },
                    _ => unreachable!("type-checked"),
                };
                Value::Bool(r)
            }
            Kind::Not(a) => Value::Bool(!self.truth(a)),
            Kind::And(a, b) => Value::Bool(self.truth(a) && self.truth(b)),
            Kind::Or(a, b) => Value::Bool(self.truth(a) || self.truth(b)),
            Kind::Implies(a, b) => Value::Bool(!self.truth(a) || self.truth(b)),
        }
    }

    fn side(&self, n: &Node) -> Side {
        Side {
            text: self.text[n.start..n.end].to_string(),
            value: self.value(n),
        }
    }

    /// The part of a false expression that makes it false.
    fn witness(&self, n: &Node) -> Witness {
        match &n.kind {
            Kind::And(a, b) => {
                if !self.truth(a) {
                    self.witness(a)
                } else {
                    self.witness(b)
                }
            }
            Kind::Or(a, _) => self.witness(a),
            Kind::Implies(_, b) => self.witness(b),
            Kind::Cmp(op, a, b) => Witness {
                text: self.text[n.start..n.end].to_string(),
                left: self.side(a),
                op: Some(*op),
                right: Some(self.side(b)),
            },
            _ => Witness {
                text: self.text[n.start..n.end].to_string(),
                left: self.side(n),
                op: None,
                right: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn katago_names_take_their_rules_string() {
        let e = Expr::parse(
            "katago:tromp-taylor:area == katago:koSIMPLEscoreAREAtaxNONEsui1whbN-1komi-2.5:area",
        )
        .unwrap();
        let names: Vec<&str> = e.scores().iter().map(|r| r.ruleset.as_str()).collect();
        assert_eq!(
            names,
            [
                "katago:tromp-taylor",
                "katago:koSIMPLEscoreAREAtaxNONEsui1whbN-1komi-2.5"
            ]
        );
        // Written back without quotes, and read back the same.
        let text = e.scores()[1].to_string();
        assert_eq!(
            text,
            "katago:koSIMPLEscoreAREAtaxNONEsui1whbN-1komi-2.5:area"
        );
        let e = Expr::parse("margin(katago:japanese:territory) > 0").unwrap();
        assert_eq!(e.scores()[0].ruleset, "katago:japanese");
        // A preset with a space is quoted.
        let e = Expr::parse("\"katago:tromp taylor\":area == 0").unwrap();
        assert_eq!(e.scores()[0].to_string(), "\"katago:tromp taylor\":area");
        // `katago:` then nothing: the name is `katago`, then a counting is expected.
        let err = Expr::parse("katago::area == 0").unwrap_err();
        assert!(err.message.contains("expected `area`"), "{err}");
    }

    use super::*;

    fn sv(margin: f64) -> ScoreValue {
        ScoreValue {
            margin,
            black: margin.max(0.0),
            white: (-margin).max(0.0),
            outcome: Outcome::Points { margin },
        }
    }

    #[test]
    fn parses_the_issue_examples() {
        for text in [
            "concord:area == concord:territory",
            "aga:area == aga:territory",
            "taiwan:area == concord:area",
            "abs(japanese:territory - chinese:area) <= 1",
            "winner(concord:area) == winner(aga:area)",
            "tests/fixtures/rulesets/concord-two-passes.toml:area == tests/fixtures/rulesets/concord-two-passes.toml:territory",
            "concord:area-aga:area == 0",
            "midgame_passes == 0 => taiwan:area == concord:area",
            "not (concord:area:playout != concord:area) and true_ == 1 or 1 == 1",
        ] {
            let r = Expr::parse(text);
            if text.contains("true_") {
                assert!(r.is_err());
            } else {
                r.unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
        let e = Expr::parse("concord:area-aga:area == 0").unwrap();
        assert_eq!(e.scores().len(), 2);
        assert_eq!(e.scores()[1].ruleset, "aga");
    }

    #[test]
    fn evaluates_and_explains() {
        let e = Expr::parse("abs(japanese:territory - chinese:area) <= 1").unwrap();
        let facts = GameFacts::default();
        assert!(e.eval(&[sv(3.0), sv(4.0)], &facts).is_ok());
        let w = e.eval(&[sv(3.0), sv(5.0)], &facts).unwrap_err();
        assert_eq!(w.left.text, "abs(japanese:territory - chinese:area)");
        assert_eq!(w.left.value, Value::Num(2.0));
        assert_eq!(w.right.unwrap().value, Value::Num(1.0));

        let e = Expr::parse("concord:area == concord:territory && winner(concord:area) == black")
            .unwrap();
        let w = e.eval(&[sv(-1.0), sv(-1.0)], &facts).unwrap_err();
        assert_eq!(w.text, "winner(concord:area) == black");
        assert_eq!(w.left.value, Value::Winner(Some(Color::White)));
    }

    #[test]
    fn errors_name_the_column() {
        let cases = [
            (
                "concord:are == concord:area",
                9,
                "expected `area`, `territory` or `stone`",
            ),
            ("concord:area = concord:territory", 14, "single `=`"),
            ("concord:area == ", 17, "found the end"),
            ("concord:area", 1, "must be true or false"),
            (
                "concord == 1",
                9,
                "expected `:area`, `:territory` or `:stone` after the ruleset `concord`, found `=`",
            ),
            ("abs(concord:area", 17, "expected `)`"),
            ("foo(concord:area) == 1", 1, "unknown function"),
            ("moves-passes == 1", 1, "put spaces around"),
            ("1 == 1 == 1", 8, "do not chain"),
            (
                "winner(concord:area) == 1",
                22,
                "compares a winner with a number",
            ),
            (
                "concord:area == concord:area )",
                30,
                "expected an operator or the end",
            ),
            ("", 1, "empty"),
            ("concord:area:plaout == 1", 14, "expected `playout`"),
            ("\"x.toml:area == 1", 1, "never closed"),
        ];
        for (text, col, msg) in cases {
            let e = Expr::parse(text).expect_err(text);
            assert_eq!(e.column, col, "{text}: {e}");
            assert!(e.message.contains(msg), "{text}: {e}");
        }
    }

    #[test]
    fn display_of_refs_quotes_odd_paths() {
        let e = Expr::parse("\"my rules.toml\":area == concord:area").unwrap();
        assert_eq!(e.scores()[0].to_string(), "\"my rules.toml\":area");
        assert_eq!(e.scores()[1].to_string(), "concord:area");
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = 5_100;
        let brackets = format!(
            "{}concord:area{} == concord:territory",
            "(".repeat(deep),
            ")".repeat(deep)
        );
        let chain = format!("{}1 == 0", "1 + ".repeat(deep));
        let nots = format!("{}concord:area == 0", "not ".repeat(deep));
        let negs = format!("{}concord:area == 0", "- ".repeat(deep));
        let calls = format!("{}1{} == 0", "abs(".repeat(deep), ")".repeat(deep));
        let ands = format!("{}1 == 1", "1 == 1 && ".repeat(deep));
        for text in [brackets, chain, nots, negs, calls, ands] {
            let err = Expr::parse(&text).unwrap_err();
            assert!(err.message.contains("nests more than 100 levels"), "{err}");
        }
        // Claims within the limit parse and evaluate.
        let ok = format!(
            "{}concord:area{} == {}0",
            "(".repeat(40),
            ")".repeat(40),
            "0 + ".repeat(40)
        );
        let e = Expr::parse(&ok).unwrap_or_else(|e| panic!("{e}"));
        assert!(e.eval(&[sv(0.0)], &GameFacts::default()).is_ok());
    }
}
