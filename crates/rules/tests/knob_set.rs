//! `Ruleset::set`: one knob set by its key and a value as a ruleset file writes it, as
//! KataGo's `Rules::updateRules` sets one rule by name (KataGo rules.cpp), checked as a file's
//! value is.

use gorules_rules::builtin;
use gorules_rules::ruleset::KoRule;

#[test]
fn a_knob_is_set_by_its_key_or_its_name() {
    // Concord Go Rules, "Repetition is illegal": situational superko. Set to simple ko (the
    // Japanese Rules of Go, 1989, Article 6: only the immediate recapture is forbidden), and
    // back.
    let mut rs = builtin("concord").unwrap();
    assert_eq!(rs.ko, KoRule::SituationalSuperko);
    rs.set("play.ko", "simple").unwrap();
    assert_eq!(rs.ko, KoRule::Simple);
    rs.set("ko", "\"situational-superko\"").unwrap();
    assert_eq!(rs.ko, KoRule::SituationalSuperko);
    assert_eq!(rs, builtin("concord").unwrap());
    // A setting the file reader refuses as contradictory is refused here too: Japanese ends
    // a long cycle with no result, which only simple ko leaves possible.
    let mut japanese = builtin("japanese").unwrap();
    let e = japanese.set("play.ko", "positional-superko").unwrap_err();
    assert!(e.message.contains("contradictory"), "{e}");
    let mut other = builtin("japanese").unwrap();
    other.set("komi", "7.5").unwrap();
    assert_eq!(other.komi.points(), 7.5);
    let mut same = builtin("japanese").unwrap();
    same.komi = gorules_rules::Komi::new(7.5).unwrap();
    assert_eq!(other, same);
}

#[test]
fn a_bad_value_or_key_is_refused_and_changes_nothing() {
    let before = builtin("concord").unwrap();
    let mut rs = before.clone();
    let e = rs.set("play.ko", "superko").unwrap_err();
    assert_eq!(e.key, "play.ko");
    assert!(e.to_string().contains("superko"), "{e}");
    // Komi is whole or half a point (as in every ruleset file).
    assert!(rs.set("komi", "6.3").is_err());
    assert!(rs.set("komi", "nan").is_err());
    let e = rs.set("play.kko", "simple").unwrap_err();
    assert!(e.to_string().contains("did you mean `play.ko`"), "{e}");
    assert_eq!(rs, before);
}
