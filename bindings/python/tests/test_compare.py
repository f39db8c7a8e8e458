"""gorules.compare: a corpus run streamed game by game, as `gorules compare --format jsonl`."""

import json
import shutil
import threading
import time

import pytest

import gorules
from conftest import run_cli

JAPANESE_13 = "13x13-japanese-31.sgf"


def test_compare_yields_the_commands_lines(cli, corpus):
    args = ["--rules", "japanese,chinese,aga", "--dead", "markup"]
    done = run_cli(cli, ["compare", str(corpus), "--format", "jsonl", *args], ok=False)
    assert done.returncode in (0, 1), done.stderr
    expected = [json.loads(line) for line in done.stdout.splitlines()]
    got = list(gorules.compare(corpus, rules="japanese,chinese,aga", dead="markup", jobs=2))
    assert got == expected
    # Field for field in the same order, the same types.
    assert [json.dumps(d) for d in got] == [json.dumps(d) for d in expected]
    assert "summary" in got[-1]
    assert all("summary" not in d for d in got[:-1])
    summary = got[-1]["summary"]
    assert summary["games"] == len(got) - 1
    assert summary["games"] == summary["finished"] + summary["unfinished"] + summary["errors"]


def test_every_shape_of_entry_is_the_commands(cli, corpus, tmp_path):
    # Records with and without implied passes, finished and not, dead stones estimated (an
    # estimate in the report) or not, every ruleset: the entries' fields vary from game to
    # game, and each must come out as the command writes it.
    for name in sorted(p.name for p in corpus.glob("*.sgf"))[:60]:
        shutil.copy(corpus / name, tmp_path / name)
    done = run_cli(cli, ["compare", str(tmp_path), "--format", "jsonl", "--examples", "2"], ok=False)
    assert done.returncode in (0, 1), done.stderr
    expected = done.stdout.splitlines()
    got = [json.dumps(d, separators=(",", ":")) for d in gorules.compare(tmp_path, examples=2)]
    assert got == [json.dumps(json.loads(line), separators=(",", ":")) for line in expected]
    shapes = {tuple(d["game"]) for d in map(json.loads, expected) if "game" in d}
    assert len(shapes) > 1, "the sample should hold games whose fields differ"


def test_changing_an_entry_changes_no_later_one(cli, corpus):
    # Each entry's dicts are made from copies the package keeps of earlier ones: a program
    # that changes an entry it was given (every dict and list emptied or given other values)
    # changes nothing that comes after.
    args = ["--rules", "japanese,chinese,aga", "--dead", "markup"]
    done = run_cli(cli, ["compare", str(corpus), "--format", "jsonl", *args], ok=False)
    expected = [json.loads(line) for line in done.stdout.splitlines()]

    def spoil(value):
        if isinstance(value, dict):
            for v in list(value.values()):
                spoil(v)
            for k in list(value):
                value[k] = "spoilt" if k != "rulesets" else []
            value["extra"] = 1
        elif isinstance(value, list):
            for v in value:
                spoil(v)
            value.append(None)

    got = []
    for entry in gorules.compare(corpus, rules="japanese,chinese,aga", dead="markup", jobs=2):
        got.append(json.dumps(entry))
        spoil(entry)
    assert got == [json.dumps(d) for d in expected]


def test_equal_scores_of_an_entry_are_each_its_own(cli, corpus):
    # Rulesets that agree give equal scores, which the package makes by copying the first:
    # each must still be dicts of its own, all the way down, as json.loads makes them.
    done = run_cli(cli, ["compare", str(corpus), "--format", "jsonl"], ok=False)
    expected = [json.loads(line) for line in done.stdout.splitlines()]
    got = list(gorules.compare(corpus, jobs=2))
    assert got == expected
    equal = 0
    for entry in got:
        seen = set()

        def walk(value):
            if isinstance(value, (dict, list)):
                assert id(value) not in seen, "a dict or list met twice in one entry"
                seen.add(id(value))
                for v in value.values() if isinstance(value, dict) else value:
                    walk(v)

        walk(entry)
        scores = [s for r in entry.get("rulesets", []) for s in r["scores"]]
        equal += sum(s in scores[:n] for n, s in enumerate(scores))
        for n, score in enumerate(scores):
            score["breakdown"]["white"]["prisoners"]["captures"] = n
        assert [s["breakdown"]["white"]["prisoners"]["captures"] for s in scores] == list(
            range(len(scores))
        )
    assert equal > 100, "the corpus should hold scores equal to an earlier one"


def test_order_and_results_do_not_depend_on_jobs(corpus, tmp_path):
    for name in sorted(p.name for p in corpus.glob("*.sgf"))[:40]:
        shutil.copy(corpus / name, tmp_path / name)
    one = list(gorules.compare(tmp_path, rules="chinese", dead="none", jobs=1))
    three = list(gorules.compare([tmp_path], rules="chinese", dead="none", jobs=3))
    assert one == three
    sources = [d["game"]["source"] if "game" in d else d.get("source") for d in one[:-1]]
    assert sources == sorted(sources)


def test_errors_are_entries_and_examples_are_kept(tmp_path):
    (tmp_path / "a.sgf").write_text("(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])")
    (tmp_path / "b.sgf").write_text("(;GM[1]SZ[5];B[cc];W[cc];B[];W[])")
    # Black C3 alone on 5x5, komi 0.5: area counting B+24.5; Japanese territory counting gives
    # Black 24 points against White's 0.5: B+23.5.
    entries = list(gorules.compare(tmp_path, rules="chinese,japanese", dead="none", examples=3))
    a, b, summary = entries
    assert a["rulesets"][0]["scores"][0]["result"] == "B+24.5"
    assert a["rulesets"][1]["scores"][0]["result"] == "B+23.5"
    assert b["source"].endswith("b.sgf") and "occupied" in b["error"]
    s = summary["summary"]
    assert (s["games"], s["finished"], s["errors"]) == (2, 1, 1)
    [pair] = s["pairs"]
    assert (pair["a"], pair["b"], pair["margin_deltas"]) == ("chinese:area", "japanese:territory", {"-1": 1})


def test_an_empty_folder_is_an_error(tmp_path):
    with pytest.raises(gorules.GorulesError, match="no SGF file"):
        list(gorules.compare(tmp_path))
    with pytest.raises(gorules.GorulesError, match="jobs"):
        gorules.compare(tmp_path, jobs=0)
    with pytest.raises(gorules.RulesError):
        gorules.compare(tmp_path, rules="nope")


def test_stopping_early_and_closing(corpus):
    run = gorules.compare(corpus, rules="chinese", dead="none", jobs=2)
    first = next(run)
    assert "game" in first or "error" in first
    run.close()
    with pytest.raises(StopIteration):
        next(run)
    with gorules.compare(corpus, rules="chinese", dead="none") as run:
        for i, _ in enumerate(run):
            if i == 5:
                break
    assert list(run) == []


def test_a_slow_run_hands_out_each_game_as_it_is_done(corpus, gnugo):
    # Dead stones from GNU Go take a fraction of a second or more a 19x19 game: entries are
    # handed out as they are made, not held until a batch of them is full (the run has fewer
    # games than a batch).
    games = sorted(corpus.glob("19x19-*.sgf"))
    assert len(games) >= 3
    start = time.monotonic()
    came = [time.monotonic() - start for _ in gorules.compare(games, dead="engine", engine=gnugo, jobs=1)]
    assert len(came) == len(games) + 1
    first, last = came[0], came[len(games) - 1]
    assert first < 0.75 * last, f"the first game came at {first:.2f} s, the last at {last:.2f} s"


def test_other_threads_run_while_rust_works(corpus):
    # The interpreter lock is released while the run waits for games: a Python thread keeps
    # counting meanwhile.
    ticks = 0
    stop = False

    def count():
        nonlocal ticks
        while not stop:
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    start = time.monotonic()
    report = gorules.fuzz("concord-area-territory", games=20000, seed=3)
    elapsed = time.monotonic() - start
    stop = True
    t.join()
    assert report["holds"]
    # A thread starved of the lock would count next to nothing.
    assert ticks > min(50, elapsed * 100)


def test_the_records_own_ruleset_is_the_commands(cli, corpus, tmp_path):
    # RU[Japanese] names the built-in ruleset, a KataGo rules string its KataGo ruleset, and a
    # record with no RU is an error entry: as `gorules compare --rules record,chinese`.
    text = (corpus / JAPANESE_13).read_text()
    (tmp_path / "jp.sgf").write_text(text)
    kata = text.replace("RU[Japanese]", "RU[koSIMPLEscoreAREAtaxNONEsui1]")
    assert kata != text
    (tmp_path / "kata.sgf").write_text(kata)
    (tmp_path / "none.sgf").write_text(text.replace("RU[Japanese]", ""))
    args = ["--rules", "record,chinese", "--dead", "markup"]
    done = run_cli(cli, ["compare", str(tmp_path), "--format", "jsonl", *args], ok=False)
    assert done.returncode == 1, done.stderr
    expected = [json.loads(line) for line in done.stdout.splitlines()]
    got = list(gorules.compare(tmp_path, rules="record,chinese", dead="markup"))
    assert got == expected
    jp, kt, none, summary = got
    assert [r["ruleset"] for r in jp["rulesets"]] == ["japanese", "chinese"]
    assert [r["ruleset"] for r in kt["rulesets"]] == ["katago:koSIMPLEscoreAREAtaxNONEsui1", "chinese"]
    assert jp["rulesets"][0]["from_record"] and "from_record" not in jp["rulesets"][1]
    assert "the record has no RU" in none["error"]
    assert summary["summary"]["errors"] == 1
    # `score` takes it too, and a game played move by move, which has no record, refuses it.
    [game] = gorules.score(tmp_path / "kata.sgf", rules="record", dead="markup")
    assert game["rulesets"][0]["ruleset"] == "katago:koSIMPLEscoreAREAtaxNONEsui1"
    with pytest.raises(gorules.GorulesError, match="record"):
        gorules.Game(9, rules="record")
    # A KataGo-like RU that KataGo would not read either (no tax called FOO) under the default
    # rules: the built-in rulesets, and a warning that says why its own is missing.
    bad = text.replace("RU[Japanese]", "RU[koSIMPLEscoreAREAtaxFOO]")
    with pytest.warns(gorules.GorulesWarning, match="at character 21"):
        [game] = gorules.score(bad, dead="markup")
    assert game["rulesets"][0]["ruleset"] == "concord"
