//! `/api/rulesets`: the rules crate's list, show and diff, a ruleset checked from TOML text,
//! and their errors.

use gorules_rules::printer::{self, Format};
use gorules_rules::{builtin_text, builtins, load};
use serde_json::{json, Value};

use crate::support::Server;

#[test]
fn the_list_is_every_built_in_ruleset_with_every_knob() {
    let server = Server::start();
    let r = server.get("/api/rulesets");
    assert_eq!(r.status, 200);
    let v = r.json();
    let list = v.as_array().unwrap();
    let all = builtins();
    assert_eq!(list.len(), all.len());
    for (got, rs) in list.iter().zip(&all) {
        let mut shown: Value = serde_json::from_str(&printer::show(rs, Format::Json)).unwrap();
        shown["toml"] = builtin_text(&rs.id).unwrap().into();
        assert_eq!(got, &shown);
    }
}

#[test]
fn show_a_built_in_ruleset_or_a_katago_one() {
    let server = Server::start();
    let v = server.get("/api/rulesets/aga").json();
    assert_eq!(v["id"], "aga");
    assert_eq!(v["toml"], builtin_text("aga").unwrap());
    // AGA Concise Rules, rule 12 (White passes last): the knob that says so.
    let knobs = v["knobs"].as_array().unwrap();
    assert!(
        knobs.contains(&json!({"knob": "end.end-of-play", "value": "white-passes-last"})),
        "{v}"
    );
    let v = server.get("/api/rulesets/katago:japanese").json();
    let rs = load("katago:japanese").unwrap();
    assert_eq!(v["toml"], printer::toml(&rs));
    assert_eq!(v["id"], rs.id);
}

#[test]
fn show_errors() {
    let server = Server::start();
    let m = server.get("/api/rulesets/japanse").error(404);
    assert!(m.contains("did you mean `japanese`?"), "{m}");
    server.get("/api/rulesets/x.toml").error(422);
    server.get("/api/rulesets/..%2Fx.toml").error(422);
    server.get("/api/rulesets/katago:nonsense").error(422);
}

#[test]
fn diff_gives_the_knobs_that_differ() {
    let server = Server::start();
    let v = server.get("/api/rulesets/diff?a=aga&b=chinese").json();
    let (a, b) = (load("aga").unwrap(), load("chinese").unwrap());
    let expected: Vec<Value> = printer::differing_knobs(&a, &b)
        .into_iter()
        .map(|(k, x, y)| json!({"knob": k, "a": x, "b": y}))
        .collect();
    assert_eq!(v, json!({"a": "aga", "b": "chinese", "knobs": expected}));
    // AGA Concise Rules, rule 12 against the Chinese rules' two passes.
    assert!(expected.contains(
        &json!({"knob": "end.end-of-play", "a": "white-passes-last", "b": "two-passes"})
    ));
    let v = server.get("/api/rulesets/diff?a=aga&b=aga").json();
    assert_eq!(v["knobs"], json!([]));
    server.get("/api/rulesets/diff?a=aga").error(400);
    server.get("/api/rulesets/diff?a=aga&b=nosuch").error(404);
    server.get("/api/rulesets/diff?a=aga&b=my.toml").error(422);
}

#[test]
fn check_reads_a_ruleset_or_places_its_error() {
    let server = Server::start();
    // A superko forbids every cycle, so the long-cycle rule goes with it (the file's own check).
    let toml = "id = \"mine\"\nname = \"Mine\"\nextends = \"japanese\"\n\n[play]\nko = \"positional-superko\"\nlong-cycle = \"continue\"\n";
    let v = server
        .post("/api/rulesets/check", &json!({"toml": toml}))
        .json();
    assert_eq!(v["id"], "mine");
    assert!(v["knobs"]
        .as_array()
        .unwrap()
        .contains(&json!({"knob": "play.ko", "value": "positional-superko"})));
    let bad = "id = \"mine\"\nname = \"Mine\"\nextends = \"japanese\"\n\n[play]\nko = \"super\"\n";
    let r = server.post("/api/rulesets/check", &json!({"toml": bad}));
    let m = r.error(422);
    assert_eq!(r.json()["line"], 6, "{m}");
    assert!(m.contains("positional-superko"), "what is allowed: {m}");
    let r = server.post("/api/rulesets/check", &json!({"toml": "id = \n"}));
    r.error(422);
    assert_eq!(r.json()["line"], 1);
    server
        .post("/api/rulesets/check", &json!({"text": ""}))
        .error(400);
}
