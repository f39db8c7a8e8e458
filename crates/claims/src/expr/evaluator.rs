//! The value of a parsed claim in one game, and the comparison to show when it is false.

use super::{CmpOp, Field, GameFacts, Kind, Node, ScoreValue, Side, Value, Witness};

pub(super) struct Ctx<'a> {
    /// The values of the claim's scores, in the order of [`super::Expr::scores`].
    pub(super) scores: &'a [ScoreValue],
    /// The facts of the game.
    pub(super) facts: &'a GameFacts,
    /// The claim as written, for the witness's text.
    pub(super) text: &'a str,
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

    pub(super) fn value(&self, n: &Node) -> Value {
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
    pub(super) fn witness(&self, n: &Node) -> Witness {
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
