//! The claim parser under fuzzing: arbitrary text never panics and every error names a column
//! inside the text (or just after it); claims built from the grammar parse, and mutating one
//! character of them gives either a claim or such an error.

use gorules_claims::expr::{Expr, GameFacts, ScoreValue};
use gorules_claims::Claim;
use proptest::prelude::*;

fn check_error_column(text: &str) {
    match Expr::parse(text) {
        Ok(_) => {}
        Err(e) => {
            let len = text.chars().count();
            assert!(
                e.column >= 1 && e.column <= len + 1,
                "{text:?}: column {} of {len}: {}",
                e.column,
                e.message
            );
            assert!(!e.message.is_empty());
        }
    }
    // Loading the rulesets must not panic either (unknown names are errors with a column).
    if let Err(e) = Claim::parse(text) {
        assert!(e.column <= text.chars().count() + 1, "{text:?}: {e}");
        let shown = e.to_string();
        assert!(!shown.is_empty());
    }
}

fn score() -> impl Strategy<Value = String> {
    let rulesets = prop::sample::select(vec![
        ("concord", "area"),
        ("concord", "territory"),
        ("aga", "area"),
        ("japanese", "territory"),
        ("chinese", "area"),
        ("taiwan", "area"),
        ("two-button", "territory"),
        ("stone-scoring", "stone"),
    ]);
    (rulesets, any::<bool>()).prop_map(|((r, c), playout)| {
        if playout {
            format!("{r}:{c}:playout")
        } else {
            format!("{r}:{c}")
        }
    })
}

fn number() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        score(),
        (0u32..20).prop_map(|n| n.to_string()),
        prop::sample::select(vec!["moves", "passes", "midgame_passes", "size", "komi"])
            .prop_map(str::to_string),
        score().prop_map(|s| format!("black({s})")),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*"])
            )
                .prop_map(|(a, b, op)| format!("{a} {op} {b}")),
            inner.clone().prop_map(|a| format!("abs({a})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("max({a}, {b})")),
        ]
    })
}

fn claim() -> impl Strategy<Value = String> {
    let cmp = prop_oneof![
        (
            number(),
            number(),
            prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="])
        )
            .prop_map(|(a, b, op)| format!("{a} {op} {b}")),
        (score(), score()).prop_map(|(a, b)| format!("winner({a}) == winner({b})")),
        score().prop_map(|a| format!("winner({a}) != draw")),
    ];
    cmp.prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                inner.clone(),
                prop::sample::select(vec!["&&", "||", "=>", "and", "or"])
            )
                .prop_map(|(a, b, op)| format!("{a} {op} {b}")),
            inner.prop_map(|a| format!("!({a})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_error_column(&text);
    }

    #[test]
    fn claim_like_noise_never_panics(text in "[a-z:()!=<>&|+*., 0-9\"/-]{0,40}") {
        check_error_column(&text);
    }

    #[test]
    fn grammar_claims_parse_load_and_evaluate(text in claim()) {
        let c = Claim::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // Evaluating with any values gives true or a witness; never a panic.
        let values: Vec<ScoreValue> = c
            .expr()
            .scores()
            .iter()
            .enumerate()
            .map(|(i, _)| ScoreValue {
                margin: i as f64 - 1.5,
                black: i as f64,
                white: 1.5,
                outcome: gorules_rules::Outcome::Points { margin: i as f64 - 1.5 },
            })
            .collect();
        let _ = c.expr().eval(&values, &GameFacts::default());
    }

    #[test]
    fn mutated_claims_parse_or_name_a_column(
        text in claim(),
        at in any::<prop::sample::Index>(),
        with in prop::sample::select(vec!['(', ')', ':', '=', '!', ' ', 'x', '1', '"', '&', '-']),
        delete in any::<bool>(),
    ) {
        let mut chars: Vec<char> = text.chars().collect();
        let k = at.index(chars.len());
        if delete {
            chars.remove(k);
        } else {
            chars[k] = with;
        }
        let mutated: String = chars.into_iter().collect();
        check_error_column(&mutated);
    }
}
