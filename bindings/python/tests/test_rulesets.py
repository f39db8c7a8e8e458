"""gorules.Ruleset: the built-in rulesets, their knobs, TOML files and differences."""

import json

import pytest

import gorules
from conftest import run_cli


def test_the_builtins_are_the_commands(cli):
    listed = json.loads(run_cli(cli, ["rules", "list", "--format", "json"]).stdout)
    rulesets = gorules.Ruleset.list()
    assert [r.id for r in rulesets] == [x["id"] for x in listed]
    assert [r.name for r in rulesets] == [x["name"] for x in listed]
    assert [r.description for r in rulesets] == [x["description"] for x in listed]
    assert gorules.Ruleset.ids() == [x["id"] for x in listed]


def test_knobs_as_the_rules_texts_set_them():
    japanese = gorules.Ruleset.builtin("japanese")
    knobs = japanese.knobs()
    # Japanese Rules of Go (1989): Article 6 (ko), Article 4 (no suicide), territory counting
    # (Article 10), eyes in seki are not territory (Article 8), an illegal move loses
    # (Article 14).
    assert knobs["play.ko"] == "simple"
    assert knobs["play.suicide"] == "illegal"
    assert knobs["scoring.counting"] == ["territory"]
    assert knobs["scoring.seki-eyes"] == "not-counted"
    assert knobs["play.illegal-moves"] == "loss"
    assert japanese.countings == ["territory"]
    chinese = gorules.Ruleset.builtin("chinese")
    assert chinese.knobs()["scoring.counting"] == ["area"]
    # Every knob the command shows, in its order.
    assert list(knobs) == [line.split()[0] for line in japanese.show().splitlines()[4:] if line.strip()]


def test_diff_is_the_commands(cli):
    a, b = gorules.Ruleset.builtin("japanese"), gorules.Ruleset.builtin("chinese")
    d = a.diff(b)
    assert d["play.ko"] == ("simple", "positional-superko")
    assert d["scoring.counting"] == ("territory", "area")
    assert "play.suicide" not in d
    text = run_cli(cli, ["rules", "diff", "japanese", "chinese"]).stdout
    assert a.diff_text(b) == text
    # The text's rows are the dict's.
    rows = [line.split()[0] for line in text.splitlines()[1:]]
    assert rows == list(d)
    assert a.diff(a) == {}


def test_from_toml_text_and_file(tmp_path):
    text = 'id = "mine"\nname = "Mine"\nextends = "chinese"\n[play]\nko = "simple"\n'
    mine = gorules.Ruleset.from_toml(text)
    assert (mine.id, mine.name) == ("mine", "Mine")
    assert mine.diff(gorules.Ruleset.builtin("chinese")) == {"play.ko": ("simple", "positional-superko")}
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert gorules.Ruleset.from_toml(path) == mine
    assert gorules.Ruleset.from_toml(str(path)) == mine
    assert gorules.Ruleset.load(str(path)) == mine
    # A ruleset object scores as its file does.
    sgf = "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])"
    assert gorules.score(sgf, rules=mine, name="x.sgf") == gorules.score(sgf, rules=str(path), name="x.sgf")
    # And plays: simple ko, Chinese otherwise.
    assert gorules.Game(9, mine).rules == mine


def test_toml_errors_carry_the_commands_messages(cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('id = "bad"\nextends = "chinese"\n[play]\nko = "sometimes"\n')
    done = run_cli(cli, ["rules", "show", str(path)], ok=False)
    assert done.returncode != 0
    message = done.stderr.strip().removeprefix("gorules: ")
    with pytest.raises(gorules.RulesError) as e:
        gorules.Ruleset.from_toml(path)
    assert str(e.value) == message
    assert f"{path}:4:" in message
    with pytest.raises(gorules.RulesError, match="no built-in ruleset"):
        gorules.Ruleset.builtin("no-such")
    with pytest.raises(gorules.RulesError, match="cannot read"):
        gorules.Ruleset.from_toml(tmp_path / "missing.toml")


def test_katago_rules_strings_are_rulesets():
    # KataGo rules.cpp, parseRulesHelper: "japanese" is simple ko, territory scoring, tax
    # SEKI, no suicide; territory scoring ends in KataGo's cleanup phases.
    japanese = gorules.Ruleset.load("katago:japanese")
    knobs = japanese.knobs()
    assert japanese.id == "katago:japanese"
    assert knobs["play.ko"] == "simple"
    assert knobs["end.end-of-play"] == "cleanup-phases"
    assert knobs["scoring.tax"] == "seki"
    assert knobs["play.suicide"] == "illegal"
    # The JSON form's commas belong to it, in a list of rulesets too.
    games = gorules.score(
        "(;GM[1]FF[4]SZ[5]KM[0];B[cc];W[];B[])",
        rules='katago:{"ko":"SIMPLE","scoring":"AREA"},chinese',
    )
    ids = [r["ruleset"] for r in games[0]["rulesets"]]
    assert ids == ['katago:{"ko":"SIMPLE","scoring":"AREA"}', "chinese"]
    # One black stone on an empty 5x5 board: all 25 points Black's by area.
    assert games[0]["rulesets"][0]["scores"][0]["result"] == "B+25"
    with pytest.raises(gorules.RulesError, match="at character 3"):
        gorules.Ruleset.load("katago:koFOO")
