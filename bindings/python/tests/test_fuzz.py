"""gorules.fuzz: the claims fuzzer, its report as `gorules fuzz --format json` prints it."""

import json
from pathlib import Path

import pytest

import gorules
from conftest import run_cli

TIMING = ("seconds", "games_per_second")


def without_timing(report):
    return {k: v for k, v in report.items() if k not in TIMING}


def test_a_claim_that_holds():
    # The Concord Rules of Go Commentary proves that area and territory counting under
    # Concord's rules give the same result in every game.
    report = gorules.fuzz("concord-area-territory", games=500, seed=1, sizes="3..7")
    assert report["name"] == "concord-area-territory"
    assert report["holds"] is True
    assert report["failures"] == 0
    assert report["games"] == 500 and report["seed"] == 1
    assert report["sizes"] == [3, 4, 5, 6, 7]


def test_a_claim_that_fails_is_shrunk_and_rechecked(cli, tmp_path):
    claim = "abs(japanese:territory - chinese:area) <= 1"
    report = gorules.fuzz(claim, games=300, seed=2, sizes=[5, 7], jobs=2, out=tmp_path / "py", counterexamples=1)
    assert report["holds"] is False and report["failures"] > 0
    [c] = report["counterexamples"]
    assert c["rechecked"] is True
    assert Path(c["sgf"]).is_file()
    # The scores written by the fuzzer are those score() gives when reading the file back.
    [game] = gorules.score(c["sgf"], rules="japanese,chinese", dead="markup", unfinished=True)
    by_column = {f"{r['ruleset']}:{s['counting']}": s["margin"] for r in game["rulesets"] for s in r["scores"]}
    for s in c["scores"]:
        assert by_column[s["score"]] == s["margin"]
    # The command's report, timing apart, is the same.
    done = run_cli(cli, ["fuzz", "--claim", claim, "--games", "300", "--seed", "2", "--sizes", "5,7",
                         "--jobs", "2", "--out", str(tmp_path / "py"), "--counterexamples", "1",
                         "--format", "json"], ok=False)
    assert done.returncode == 1, done.stderr
    assert without_timing(json.loads(done.stdout)) == without_timing(report)


def test_named_claims_and_bad_input():
    names = {c["name"]: c for c in gorules.claims()}
    assert names["concord-area-territory"]["expected"] == "holds"
    with pytest.raises(gorules.GorulesError):
        gorules.fuzz("no such claim ==")
    with pytest.raises(gorules.GorulesError, match="sizes"):
        gorules.fuzz("concord-area-territory", sizes="1..40")
    with pytest.raises(gorules.GorulesError, match="ko"):
        gorules.fuzz("concord-area-territory", ko="sometimes")


def test_progress_is_reported_during_the_run_and_at_its_end():
    calls = []
    report = gorules.fuzz("concord-area-territory", games=3000, seed=5,
                          progress=lambda done, games: calls.append((done, games)))
    assert report["holds"]
    assert calls, "progress was never called"
    assert calls[-1] == (3000, 3000)
    assert all(0 < done <= games == 3000 for done, games in calls)

    def broken(done, games):
        raise RuntimeError("a progress bar that fails")

    # The run is not cut short by the callback's failure; the exception comes out at the end.
    try:
        gorules.fuzz("concord-area-territory", games=500, progress=broken)
    except RuntimeError as e:
        assert "a progress bar that fails" in str(e)
    else:
        raise AssertionError("the callback's exception was lost")


def test_a_run_split_into_ranges_fails_in_the_games_of_the_whole_run():
    # first_game: runs of consecutive ranges test exactly the games of one longer run, and name
    # the failing games by their index among the seed's games.
    claim = "japanese-chinese-within-one"
    whole = gorules.fuzz(claim, games=600, seed=9, counterexamples=600, shrink=False)
    parts = [
        gorules.fuzz(claim, games=n, seed=9, first_game=first, counterexamples=600, shrink=False)
        for first, n in [(0, 257), (257, 1), (258, 342)]
    ]
    assert [p["first_game"] for p in parts] == [0, 257, 258]
    assert sum(p["failures"] for p in parts) == whole["failures"] > 10
    assert [c for p in parts for c in p["counterexamples"]] == whole["counterexamples"]
    for p, (first, n) in zip(parts, [(0, 257), (257, 1), (258, 342)]):
        assert all(first <= c["game"] < first + n for c in p["counterexamples"])


def test_a_range_past_the_last_game_index_is_refused():
    with pytest.raises(gorules.GorulesError, match="first_game"):
        gorules.fuzz("concord-area-territory", games=2, first_game=2**64 - 1)
