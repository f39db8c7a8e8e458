//! The claim's grammar, by recursive descent over the [`Scanner`]: `=>` binds loosest, then
//! `||`, `&&`, `!`, the comparisons, `+` and `-`, `*`, unary minus, and the atoms (numbers,
//! scores, functions, facts, brackets). Each rule returns its node with its type, checked as it
//! is built, so that a claim that parses is well typed.

use gorules_board::Color;
use gorules_rules::Counting;

use super::scanner::{column_of, is_name_char, is_name_start, Scanner};
use super::{CmpOp, Field, Kind, Node, ParseError, ScoreRef, Type, Var, KATAGO, MAX_NESTING};

/// Parses and type-checks `text`: the claim's tree and the distinct scores it reads, in order
/// of first appearance.
pub(super) fn parse(text: &str) -> Result<(Node, Vec<ScoreRef>), ParseError> {
    let mut p = Parser {
        scan: Scanner::new(text),
        refs: Vec::new(),
        nesting: 0,
    };
    p.scan.skip_ws();
    if p.scan.at_end() {
        return Err(p.scan.error_at(
            0,
            "the claim is empty; write a comparison such as `concord:area == concord:territory`",
        ));
    }
    let (root, ty) = p.implies()?;
    p.scan.skip_ws();
    if !p.scan.at_end() {
        let found = p.scan.describe_here();
        return Err(p.scan.error_at(
            p.scan.pos,
            &format!("expected an operator or the end of the claim, found {found}"),
        ));
    }
    if ty != Type::Bool {
        return Err(p.scan.error_at(
            root.start,
            &format!(
                "a claim must be true or false, but this is {}; compare it, e.g. `... == concord:territory`",
                ty.name()
            ),
        ));
    }
    Ok((root, p.refs))
}

pub(super) struct Parser<'t> {
    /// The claim's text and the position reached.
    scan: Scanner<'t>,
    /// The distinct scores read so far, in order of first appearance.
    refs: Vec<ScoreRef>,
    /// Calls of the recursive rules (`implies`, `not`, `unary`) now open.
    nesting: u32,
}

type Parsed = Result<(Node, Type), ParseError>;

impl<'t> Parser<'t> {
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
            Err(self.scan.error_at(
                node.start,
                &format!(
                    "{context} needs {}, but `{}` is {}",
                    want.name(),
                    &self.scan.text[node.start..node.end],
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
        self.scan.error_at(
            offset,
            &format!("the claim nests more than {MAX_NESTING} levels deep (brackets, operators and functions together)"),
        )
    }

    /// Runs a recursive rule one level deeper, refusing to go past [`MAX_NESTING`].
    fn nested(&mut self, rule: fn(&mut Self) -> Parsed) -> Parsed {
        if self.nesting >= MAX_NESTING {
            return Err(self.nesting_error(self.scan.pos));
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
        if self.scan.eat("=>") {
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
            if self.scan.eat("||") || self.scan.eat_word("or") {
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
            if self.scan.eat("&&") || self.scan.eat_word("and") {
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
        self.scan.skip_ws();
        let start = self.scan.pos;
        let bang = self.scan.rest().starts_with('!') && !self.scan.rest().starts_with("!=");
        if bang {
            self.scan.pos += 1;
        }
        if bang || self.scan.eat_word("not") {
            let (inner, t) = self.nested(Self::not)?;
            self.expect_type(&inner, t, Type::Bool, "`!`")?;
            let e = inner.end;
            return Ok((Self::node(Kind::Not(Box::new(inner)), start, e), Type::Bool));
        }
        self.cmp()
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        self.scan.skip_ws();
        const OPS: [(&str, CmpOp); 6] = [
            ("==", CmpOp::Eq),
            ("!=", CmpOp::Ne),
            ("<=", CmpOp::Le),
            (">=", CmpOp::Ge),
            ("<", CmpOp::Lt),
            (">", CmpOp::Gt),
        ];
        for (s, op) in OPS {
            if self.scan.rest().starts_with(s) {
                self.scan.pos += s.len();
                return Some(op);
            }
        }
        None
    }

    fn cmp(&mut self) -> Parsed {
        let (lhs, lt) = self.sum()?;
        self.scan.skip_ws();
        let op_at = self.scan.pos;
        let Some(op) = self.cmp_op() else {
            if self.scan.rest().starts_with('=') && !self.scan.rest().starts_with("=>") {
                return Err(self.scan.error_at(
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
            return Err(self.scan.error_at(
                op_at,
                &format!(
                    "`{}` compares {} with {}; both sides must be numbers, winners or truth values",
                    op.symbol(),
                    lt.name(),
                    rt.name()
                ),
            ));
        }
        self.scan.skip_ws();
        let after = self.scan.pos;
        if self.cmp_op().is_some() {
            return Err(self
                .scan
                .error_at(after, "comparisons do not chain; join them with `&&`"));
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
            self.scan.skip_ws();
            let plus = self.scan.rest().starts_with('+');
            let minus = self.scan.rest().starts_with('-');
            if !plus && !minus {
                return Ok((lhs, lt));
            }
            self.scan.pos += 1;
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
            if !self.scan.eat("*") {
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
        self.scan.skip_ws();
        let start = self.scan.pos;
        if self.scan.eat("-") {
            let (inner, t) = self.nested(Self::unary)?;
            self.expect_type(&inner, t, Type::Num, "`-`")?;
            let e = inner.end;
            return Ok((Self::node(Kind::Neg(Box::new(inner)), start, e), Type::Num));
        }
        self.atom()
    }

    fn number(&mut self) -> Parsed {
        let start = self.scan.pos;
        let len = self
            .scan
            .rest()
            .char_indices()
            .take_while(|&(_, c)| c.is_ascii_digit() || c == '.')
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let s = &self.scan.rest()[..len];
        let v: f64 = s
            .parse()
            .map_err(|_| self.scan.error_at(start, &format!("`{s}` is not a number")))?;
        self.scan.pos += len;
        if self.scan.peek().is_some_and(is_name_start) {
            return Err(self.scan.error_at(
                start,
                "a name cannot start with a digit; quote a path that does (`\"2x.toml\":area`)",
            ));
        }
        Ok((Self::node(Kind::Num(v), start, self.scan.pos), Type::Num))
    }

    fn quoted(&mut self) -> Result<String, ParseError> {
        let start = self.scan.pos;
        self.scan.pos += 1;
        let Some(len) = self.scan.rest().find('"') else {
            return Err(self.scan.error_at(start, "this quote is never closed"));
        };
        let s = self.scan.rest()[..len].to_string();
        self.scan.pos += len + 1;
        if s.is_empty() {
            return Err(self.scan.error_at(start, "an empty ruleset name"));
        }
        Ok(s)
    }

    fn atom(&mut self) -> Parsed {
        self.scan.skip_ws();
        let start = self.scan.pos;
        let Some(c) = self.scan.peek() else {
            return Err(self.scan.error_at(
                start,
                "expected a score (`concord:area`), a number, a function or `(`, found the end of the claim",
            ));
        };
        if c == '(' {
            self.scan.pos += 1;
            let (inner, t) = self.implies()?;
            if !self.scan.eat(")") {
                let found = self.scan.describe_here();
                return Err(self.scan.error_at(
                    self.scan.pos,
                    &format!(
                        "expected `)` to close the `(` at column {}, found {found}",
                        column_of(self.scan.text, start)
                    ),
                ));
            }
            let mut n = inner;
            n.start = start;
            n.end = self.scan.pos;
            return Ok((n, t));
        }
        if c.is_ascii_digit() {
            return self.number();
        }
        if c == '"' {
            let name = self.quoted()?;
            return self
                .score_after_name(name, start)
                .map(|(k, t)| (Self::node(k, start, self.scan.pos), t));
        }
        if !is_name_start(c) {
            return Err(self.scan.error_at(
                start,
                &format!(
                    "expected a score (`concord:area`), a number, a function or `(`, found `{c}`"
                ),
            ));
        }
        let len = self
            .scan
            .rest()
            .char_indices()
            .take_while(|&(_, c)| is_name_char(c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let mut word = self.scan.rest()[..len].to_string();
        self.scan.pos += len;
        self.katago_tail(&mut word);
        self.scan.skip_ws();
        match self.scan.peek() {
            Some(':') => {
                let (k, t) = self.score_after_name(word, start)?;
                Ok((Self::node(k, start, self.scan.pos), t))
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
        let Some(tail) = self.scan.rest().strip_prefix(':') else {
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
            self.scan.pos += 1 + len;
        }
    }

    fn score_ref(&mut self, ruleset: String, start: usize) -> Result<usize, ParseError> {
        if !self.scan.eat(":") {
            let found = self.scan.describe_here();
            return Err(self.scan.error_at(
                self.scan.pos,
                &format!("expected `:` and a counting method after the ruleset `{ruleset}`, found {found}"),
            ));
        }
        self.scan.skip_ws();
        let at = self.scan.pos;
        let counting = match self.scan.letters() {
            "area" => Counting::Area,
            "territory" => Counting::Territory,
            "stone" => Counting::Stone,
            "" => {
                let found = self.scan.describe_here();
                return Err(self.scan.error_at(
                    at,
                    &format!(
                        "expected `area`, `territory` or `stone` after `{ruleset}:`, found {found}"
                    ),
                ));
            }
            other => {
                return Err(self.scan.error_at(
                    at,
                    &format!(
                        "expected `area`, `territory` or `stone` after `{ruleset}:`, found `{other}`"
                    ),
                ));
            }
        };
        let mut playout = false;
        self.scan.skip_ws();
        if self.scan.rest().starts_with(':') {
            self.scan.pos += 1;
            self.scan.skip_ws();
            let at = self.scan.pos;
            match self.scan.letters() {
                "playout" => playout = true,
                other => {
                    let found = if other.is_empty() {
                        self.scan.describe_here()
                    } else {
                        format!("`{other}`")
                    };
                    return Err(self.scan.error_at(
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
        self.scan.skip_ws();
        let start = self.scan.pos;
        let name = match self.scan.peek() {
            Some('"') => self.quoted()?,
            Some(c) if is_name_start(c) => {
                let len = self
                    .scan
                    .rest()
                    .char_indices()
                    .take_while(|&(_, c)| is_name_char(c))
                    .last()
                    .map_or(0, |(i, c)| i + c.len_utf8());
                let mut w = self.scan.rest()[..len].to_string();
                self.scan.pos += len;
                self.katago_tail(&mut w);
                w
            }
            _ => {
                let found = self.scan.describe_here();
                return Err(self.scan.error_at(
                    start,
                    &format!("`{func}(...)` takes a score such as `concord:area`, found {found}"),
                ));
            }
        };
        self.score_ref(name, start)
    }

    fn close(&mut self, func: &str, open: usize) -> Result<(), ParseError> {
        if self.scan.eat(")") {
            Ok(())
        } else {
            let found = self.scan.describe_here();
            Err(self.scan.error_at(
                self.scan.pos,
                &format!(
                    "expected `)` to close `{func}(` at column {}, found {found}",
                    column_of(self.scan.text, open)
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
        self.scan.skip_ws();
        let open = self.scan.pos;
        self.scan.pos += 1; // '('
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
                if !self.scan.eat(",") {
                    let found = self.scan.describe_here();
                    return Err(self.scan.error_at(self.scan.pos, &format!("`{name}` takes two numbers: expected `,`, found {found}")));
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
                return Err(self.scan.error_at(
                    start,
                    &format!("unknown function `{name}`; functions: abs, sign, min, max, margin, black, white, winner"),
                ))
            }
        };
        self.close(name, open)?;
        Ok((Self::node(kind, start, self.scan.pos), ty))
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
            let found = self.scan.describe_here();
            return Err(self.scan.error_at(
                self.scan.pos,
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
        Err(self.scan.error_at(
            start,
            &format!(
                "unknown name `{word}`: a score is `RULESET:area` or `RULESET:territory`; the game facts are {}{hint}",
                vars.join(", ")
            ),
        ))
    }
}
