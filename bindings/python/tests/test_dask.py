"""gorules.dask: compare and fuzz on a Dask cluster (a LocalCluster of two worker processes)
give the answers of one machine: the same rows and summary, the same fuzzing report, even when
a worker dies in the middle of a run."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

import gorules
from conftest import REPO

try:
    import dask.dataframe  # noqa: F401
    import distributed
    import pandas  # noqa: F401
except ImportError as e:
    WHAT = f"Dask, distributed and pandas ({e}; scripts/python-venv.sh installs them)"
    if os.environ.get("CI"):
        raise ImportError(f"{WHAT} are missing (CI is set: they must be there)") from e
    pytest.skip(f"{WHAT} are missing", allow_module_level=True)

import gorules.dask as gd  # noqa: E402

SHARED_CORPUS = REPO.parent / "shared" / "corpus"


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A few thousand records made from the shipped ones: copies in folders of 500 (walked in
    path order), every 7th with another komi, every 101st cut in half (an error entry)."""
    sources = [p for p in gorules.sgf_files(REPO / "examples")]
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in sources]
    root = tmp_path_factory.mktemp("records")
    for i in range(3000):
        text = texts[i % len(texts)]
        if i % 7 == 3 and "KM[" in text:
            start = text.index("KM[")
            text = text[:start] + f"KM[{i % 13}.5]" + text[text.index("]", start) + 1:]
        if i % 101 == 50:
            text = text[: len(text) // 2]
        folder = root / f"part{i // 500}"
        folder.mkdir(exist_ok=True)
        (folder / f"{i:05}.sgf").write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def generated_alone(generated):
    """The rows and summary of the generated records on one machine (japanese, chinese)."""
    return one_machine(generated, rules="japanese,chinese")


def one_machine(paths, **options):
    run = gorules.compare(paths, **options)
    rows = list(gorules.rows(run))
    return rows, run.tally().summary()


def cluster_rows(frame):
    """The frame's rows as the dicts gorules.rows gives (missing cells None)."""
    df = frame.compute().reset_index(drop=True)
    assert list(df.columns) == list(gorules.frames.COLUMNS)
    assert {c: str(t) for c, t in df.dtypes.items()} == gd.META
    return df.astype(object).where(df.notna(), None).to_dict("records")


def check_same_as_one_machine(client, paths, partition_size, alone=None, **options):
    rows, summary = alone or one_machine(paths, **options)
    frame, cluster_summary = gd.compare(paths, client, partition_size=partition_size, **options)
    assert cluster_summary == summary
    assert cluster_rows(frame) == rows
    return rows, summary


def test_compare_on_the_shipped_records(client):
    rows, summary = check_same_as_one_machine(
        client, REPO / "examples", 7, rules="japanese,chinese,aga", examples=3
    )
    assert summary["games"] > 150 and len(rows) > 300
    # Examples kept in input order across partitions: there is something to order.
    assert any(p["examples"] for p in summary["pairs"])


def test_compare_on_the_public_corpus(client):
    if not SHARED_CORPUS.is_dir():
        pytest.skip(f"needs the public game records at {SHARED_CORPUS} (beside the repository)")
    check_same_as_one_machine(client, SHARED_CORPUS, 64, rules="japanese,chinese", examples=2)


def test_compare_on_thousands_of_generated_records(client, generated, generated_alone):
    rows, summary = check_same_as_one_machine(
        client, generated, 128, generated_alone, rules="japanese,chinese"
    )
    assert summary["games"] >= 3000
    assert summary["errors"] >= 29  # the records cut in half
    assert any(r["error"] for r in rows)


def test_fuzz_finds_the_counterexamples_of_one_machine(client):
    # Japanese (territory) and Chinese (area) counting differ by more than a point in some
    # games: the claim fails, and its first failures are the same on the cluster, in game order.
    claim = "japanese-chinese-within-one"
    alone = gorules.fuzz(claim, games=3000, seed=21, counterexamples=3)
    spread = gd.fuzz(claim, 3000, client, seed=21, chunks=7, counterexamples=3)
    assert alone["holds"] is False and len(alone["counterexamples"]) == 3
    timing = ("seconds", "games_per_second")
    assert list(spread) == list(alone)
    assert {k: v for k, v in spread.items() if k not in timing} == {
        k: v for k, v in alone.items() if k not in timing
    }


def test_a_range_not_from_game_0(client):
    claim = "japanese-chinese-within-one"
    alone = gorules.fuzz(claim, games=700, seed=3, first_game=1000, counterexamples=5, shrink=False)
    spread = gd.fuzz(claim, 700, client, seed=3, first_game=1000, chunks=3, counterexamples=5, shrink=False)
    assert spread["counterexamples"] == alone["counterexamples"]
    assert spread["failures"] == alone["failures"] and spread["first_game"] == 1000


def test_a_worker_killed_mid_run_loses_no_record_and_counts_none_twice(
    client, generated, generated_alone
):
    options = dict(rules="japanese,chinese")
    rows, summary = generated_alone
    pids = client.run(os.getpid)
    victim_address, victim = sorted(pids.items())[0]
    done = threading.Event()
    killed = []

    def kill_when_busy():
        # Once the victim has finished a task and is running another, it is killed: its
        # results so far and its task under way are lost, and run again elsewhere.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not done.is_set():
            if client.processing().get(victim_address) and any(client.who_has().values()):
                os.kill(victim, signal.SIGKILL)
                killed.append(time.monotonic())
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_when_busy)
    killer.start()
    try:
        frame, cluster_summary = gd.compare(generated, client, partition_size=40, **options)
    finally:
        done.set()
        killer.join()
    assert killed, "the worker was not killed while the run was under way"
    assert cluster_summary == summary
    assert cluster_rows(frame) == rows
    # The nanny started a new worker process in its place.
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_bad_options_are_refused_before_the_cluster_runs_anything(client):
    with pytest.raises(gorules.GorulesError, match="counting"):
        gd.compare(REPO / "examples", client, counting="sideways")
    with pytest.raises(gorules.GorulesError, match="partition_size"):
        gd.compare(REPO / "examples", client, partition_size=0)
    with pytest.raises(gorules.GorulesError, match="no SGF file"):
        gd.compare(REPO / "rulesets", client)
    with pytest.raises(gorules.GorulesError, match="chunks"):
        gd.fuzz("concord-area-territory", 10, client, chunks=0)
