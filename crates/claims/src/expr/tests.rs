//! The claim language: parsing, type errors with their columns, evaluation and witnesses.

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

    let e =
        Expr::parse("concord:area == concord:territory && winner(concord:area) == black").unwrap();
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
