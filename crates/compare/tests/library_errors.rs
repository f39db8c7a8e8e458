//! The engine's errors speak of the choice, never of a front end's spelling of it: the command
//! line's flags mean nothing to a Python user or a client of the HTTP service.

use gorules_compare::dead::parse_points;
use gorules_compare::rules_choice::{rulesets_for, RulesetChoice};

#[test]
fn a_point_off_the_board_is_named_by_itself_not_by_a_flag() {
    let size = gorules_board::Size::square(9).unwrap();
    let err = parse_points("C3,K10", size).unwrap_err();
    assert!(
        err.contains("\"K10\"") && err.contains("off the 9x9 board"),
        "{err}"
    );
    assert!(!err.contains("--"), "{err}");
    assert_eq!(parse_points("C3, D4", size).unwrap().len(), 2);
}

#[test]
fn a_record_without_rules_is_named_by_the_choice_not_by_a_flag() {
    let record = &gorules_sgf::parse_sgf("(;GM[1]SZ[5];B[cc];W[];B[])", None).unwrap()[0];
    let err = rulesets_for(&[RulesetChoice::Record(None)], record).unwrap_err();
    assert_eq!(
        err,
        "the record's own ruleset (`record`): the record has no RU"
    );
}
