"""gorules.Tally: a compare run's summary as data that merges (in input order) and pickles."""

import json
import pickle

import pytest

import gorules


def run_to_end(paths, **options):
    run = gorules.compare(paths, **options)
    entries = list(run)
    return entries, run.tally()


def test_the_tally_gives_the_summary_the_run_ends_with(corpus):
    entries, tally = run_to_end(corpus, rules="japanese,chinese,aga", examples=2)
    assert tally.summary() == entries[-1]["summary"]


def test_there_is_no_tally_before_the_summary(corpus):
    run = gorules.compare(corpus, rules="japanese,chinese")
    next(run)
    with pytest.raises(gorules.GorulesError, match="read the run to its end"):
        run.tally()
    run.close()


def test_tallies_of_consecutive_files_merge_into_the_whole_runs(repo):
    files = gorules.sgf_files(repo / "examples")
    assert len(files) > 100
    options = dict(rules="japanese,chinese,concord", examples=3)
    whole = run_to_end(files, **options)[1]
    cuts = [0, 1, 40, 41, 130, len(files)]
    parts = [run_to_end(files[a:b], **options)[1] for a, b in zip(cuts, cuts[1:])]
    merged = parts[0]
    for p in parts[1:]:
        merged.merge(p)
    assert merged == whole
    assert merged.summary() == whole.summary()
    # The shipped records give something to merge: winner changes and their examples.
    assert any(p["winner_changes"] > 0 and p["examples"] for p in whole.summary()["pairs"])


def test_a_tally_pickles(corpus):
    tally = run_to_end(corpus, rules="japanese,chinese", examples=1)[1]
    back = pickle.loads(pickle.dumps(tally))
    assert back == tally and back.summary() == tally.summary()
    assert gorules.Tally(tally.__getstate__()) == tally


def test_a_tally_of_other_scores_is_refused_and_left_unchanged(corpus):
    a = run_to_end(corpus, rules="japanese,chinese")[1]
    b = run_to_end(corpus, rules="japanese,aga")[1]
    before = a.summary()
    with pytest.raises(gorules.GorulesError, match="different scores"):
        a.merge(b)
    assert a.summary() == before


def test_a_wrong_state_is_refused_clearly(corpus):
    tally = run_to_end(corpus, rules="japanese,chinese")[1]
    state = json.loads(tally.__getstate__())
    newer = dict(state, gorules_tally=state["gorules_tally"] + 1)
    with pytest.raises(gorules.GorulesError, match="version"):
        gorules.Tally(json.dumps(newer).encode())
    with pytest.raises(gorules.GorulesError, match="not a tally's state"):
        gorules.Tally(b"\x80\x04 not json")
    # Counts no run gives: more finished games than games.
    state["tally"]["finished"] = state["tally"]["games"] + 1
    with pytest.raises(gorules.GorulesError, match="finished"):
        gorules.Tally(json.dumps(state).encode())
    empty = gorules.Tally()
    with pytest.raises(gorules.GorulesError):
        empty.__setstate__(b"{}")


def test_sgf_files_lists_the_files_compare_reads_in_its_order(repo):
    files = gorules.sgf_files([repo / "examples" / "gnugo", repo / "examples" / "dame-parity.sgf"])
    run = gorules.compare([repo / "examples" / "gnugo", repo / "examples" / "dame-parity.sgf"],
                          rules="japanese")
    sources = [e["game"]["source"] if "game" in e else e["source"] for e in run
               if "summary" not in e and e.get("game", {}).get("game_index", 0) == 0]
    assert [str(f) for f in files] == sources
    assert gorules.sgf_files(repo / "examples" / "no-such-dir") == [repo / "examples" / "no-such-dir"]
