"""gorules.types: the TypedDicts are the shapes the package really returns, key for key."""

import typing
from pathlib import Path

import gorules
from gorules import types


def check(value, hint, where="value"):
    """Asserts that ``value`` has the shape ``hint`` describes: every required key of a
    TypedDict present, no key it does not name, every value of its declared type."""
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return
    if origin is typing.Union:
        errors = []
        for option in typing.get_args(hint):
            try:
                check(value, option, where)
                return
            except AssertionError as e:
                errors.append(str(e))
        raise AssertionError(f"{where}: {value!r} is none of {hint}: {errors}")
    if hint is type(None):
        assert value is None, f"{where}: {value!r} is not None"
        return
    if isinstance(hint, type) and typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        hints = typing.get_type_hints(hint)
        missing = hint.__required_keys__ - value.keys()
        assert not missing, f"{where}: {hint.__name__} lacks {sorted(missing)}"
        unknown = value.keys() - hints.keys()
        assert not unknown, f"{where}: {hint.__name__} does not name {sorted(unknown)}"
        for key, item in value.items():
            check(item, hints[key], f"{where}.{key}")
        return
    if origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        (item,) = typing.get_args(hint)
        for k, v in enumerate(value):
            check(v, item, f"{where}[{k}]")
        return
    if origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key_type, item = typing.get_args(hint)
        for k, v in value.items():
            check(k, key_type, f"{where} key")
            check(v, item, f"{where}[{k!r}]")
        return
    if hint is float:
        # A JSON number: the contract writes points as floats, counts as integers.
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}: {value!r}"
        return
    assert isinstance(value, hint) and not (hint is int and isinstance(value, bool)), (
        f"{where}: {value!r} is not {hint}"
    )


def test_every_report_has_the_shape_its_stub_names(repo: Path, corpus: Path, tmp_path: Path):
    # Records that fill every optional field between them: an estimate, markup, a KataGo
    # record's own ruleset, a fallback, an illegal move, passes the protocol adds.
    games = gorules.score(repo / "examples" / "katago" / "2BA80B3BE0ECE6789AB464E8DEB18BD3.sgf",
                          rules="record,japanese,aga,tromp-taylor")
    games += gorules.score(corpus / "9x9-norules-20.sgf", rules="record:japanese,concord")
    games += gorules.score(repo / "examples" / "gallery" / "08-multi-stone-suicide.sgf")
    games += gorules.score(repo / "examples" / "gallery" / "02-dead-stone-agreed.sgf")
    # A seki and a false eye, under territory counting that leaves both out (Japanese Rules
    # of Go, 1989, Article 8): the point map's seki and groups short of eyes, and
    # false_eyes_not_counted. D1 is Black's false eye: White's E2 cuts E1 off (every stone
    # alive, as the players agree).
    games += gorules.score(repo / "examples" / "gallery" / "05-seki-with-eyes.sgf", rules="japanese")
    false_eye = tmp_path / "false-eye.sgf"
    false_eye.write_text("(;GM[1]SZ[9:5]KM[0]AB[da][db][dc][dd][ce][ee]AW[ea][eb][ec][ed][fe];B[];W[])")
    games += gorules.score(false_eye, rules="japanese", dead="none")
    black = games[-1]["rulesets"][0]["scores"][0]["breakdown"]["black"]
    assert black["false_eyes_not_counted"] == 1
    # Two false eyes hanging on the one dame E3 (Japanese Rules of Go, 1989, Article 8
    # commentary): who fills it first decides, so the score has a doubt and the points'
    # reasons say they are not sure.
    two = tmp_path / "two-false-eyes.sgf"
    two.write_text("(;GM[1]SZ[9:5]KM[0]AB[da][cb][eb][dc][dd][de][ee]AW[ea][fa][fb][fc][ed][gd][fe];B[];W[])")
    games += gorules.score(two, rules="japanese", dead="none")
    doubted = games[-1]["rulesets"][0]["scores"][0]
    assert [d["kind"] for d in doubted["doubts"]] == ["filling-order"]
    assert [r["sure"] for r in doubted["points"]["reasons"]] == [False, False]
    assert any("seki" in s.get("points", {}) for g in games for r in g["rulesets"] for s in r["scores"])
    for game in games:
        check(game, types.GameReport, "score()")
    entries = list(gorules.compare(corpus, rules="japanese,chinese", examples=2))
    for entry in entries[:-1]:
        check(entry, types.CompareEntry, "compare()")
    check(entries[-1], types.SummaryEntry, "summary")
    assert entries[-1]["summary"]["record_agreement"]
    # Error entries: a file that cannot be read, and one bad game of a collection.
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.sgf").write_text("(;GM[1]SZ[5];B[zz]")
    (bad / "two.sgf").write_text("(;GM[1]SZ[5];B[cc];W[];B[])(;GM[1]SZ[5];B[cc];W[cc])")
    errors = [e for e in gorules.compare(bad) if "error" in e]
    assert len(errors) == 2 and any("game_index" in e for e in errors), errors
    for entry in errors:
        check(entry, types.ErrorEntry, "compare() error")
    report = gorules.fuzz("abs(japanese:territory - chinese:area) <= 1", games=300, seed=3)
    assert report["counterexamples"]
    check(report, types.FuzzReport, "fuzz()")
    for claim in gorules.claims():
        check(claim, types.ClaimInfo, "claims()")
    g = gorules.Game(5, "chinese")
    check(g.play("black", "C3"), types.MoveResult, "play()")
    g.pass_("white")
    g.pass_("black")
    g.finish()
    check(g.score(), types.ScoreReport, "Game.score()")
    check(g.prisoners("black"), types.Prisoners, "prisoners()")


def test_a_shape_that_differs_is_found():
    # The checker itself: a key too many, a key missing, a wrong type.
    good = {"captured": 0, "suicided": 0, "resumed": False, "final_pass": False, "illegal": None}
    check(good, types.MoveResult)
    for bad in (
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "captured"},
        {**good, "captured": "0"},
        {**good, "resumed": 0},
    ):
        try:
            check(bad, types.MoveResult)
        except AssertionError:
            continue
        raise AssertionError(f"not found: {bad}")


def test_the_exceptions_belong_to_the_package():
    # Tracebacks and repr name them as users import them; pickle finds them there.
    import pickle

    for cls in (gorules.GorulesError, gorules.SgfError, gorules.RulesError,
                gorules.IllegalMoveError, gorules.GorulesWarning):
        assert cls.__module__ == "gorules", cls
        assert getattr(gorules, cls.__name__) is cls
    try:
        gorules.Ruleset.builtin("japanse")
    except gorules.GorulesError as e:
        assert type(e).__module__ + "." + type(e).__name__ == "gorules.RulesError"
        assert "did you mean `japanese`?" in str(e)
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and str(again) == str(e)
    else:
        raise AssertionError("an unknown id is refused")


def test_rows_are_the_commands_csv(cli, corpus):
    # gorules.rows gives the CSV's columns and cells, typed: read back as the CSV writes them.
    import csv
    import io

    from conftest import run_cli
    from gorules.frames import COLUMNS

    args = ["--rules", "japanese,chinese,record:aga", "--dead", "estimate"]
    done = run_cli(cli, ["compare", str(corpus), "--format", "csv", *args])
    expected = list(csv.DictReader(io.StringIO(done.stdout)))
    got = list(gorules.rows(gorules.compare(corpus, rules="japanese,chinese,record:aga",
                                            dead="estimate")))
    assert list(expected[0].keys()) == list(COLUMNS)

    def cell(v):
        if v is None:
            return ""
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        return str(v)

    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert {k: cell(v) for k, v in g.items()} == e
    # Some rows say whether the record's result is reproduced, and some are.
    assert any(r["record_same_result"] for r in got)
    assert any(r["record_same_result"] is False for r in got)
