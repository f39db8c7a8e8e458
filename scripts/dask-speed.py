#!/usr/bin/env python3
"""gorules.dask.compare with the dead-stone estimate (`--dead estimate`) over N unmarked 19x19
records, on a Dask LocalCluster of 1 worker process and then of 2 (one thread each), taking
turns ROUNDS times: prints each run's seconds and records/s, and the ratio of the 2-worker
speed to the 1-worker speed, per round (same-run ratios, what to go by on a busy machine) and
best against best. The target (docs/performance.md, "On a Dask cluster"): at least 1.7 on two
cores. Each run also prints the CPU time (user + system) each worker process spent in it, and
the speed-up the split of that work allows when each worker has a core of its own: the CPU
time of the 1-worker run over the larger share of the 2-worker run (the figure that other
programs' load on the machine does not change much).

    python scripts/dask-speed.py [N] [ROUNDS] [FILES]  (defaults: 10000, 3, 100)

FILES is the number of files in a partition (`partition_size`).

The records are the repository's 19x19 GNU Go self-play games (examples/gnugo) with their
dead-stone markup (TB, TW) taken out, so that every game's dead stones are estimated, copied
until there are N, into /tmp/gorules-dask-corpus-N (kept between runs). Run it with the
Python of a virtualenv where the package is installed with its dask extra, built as users
install it (the `release` profile):

    scripts/python-venv.sh && target/python-venv/bin/python -m pip install ./bindings/python
    target/python-venv/bin/python scripts/dask-speed.py 10000 3
"""

import re
import resource
import sys
import time
from pathlib import Path

import distributed

import gorules
import gorules.dask as gd

ROOT = Path(__file__).resolve().parents[1]
MARKUP = re.compile(r"(TB|TW)(\[[^\]]*\])+")


def corpus(n: int) -> Path:
    """N unmarked 19x19 records (made once)."""
    folder = Path(f"/tmp/gorules-dask-corpus-{n}")
    if folder.is_dir() and len(list(folder.glob("*.sgf"))) == n:
        return folder
    folder.mkdir(exist_ok=True)
    sources = sorted((ROOT / "examples" / "gnugo").glob("19x19-*.sgf"))
    texts = [MARKUP.sub("", p.read_text(encoding="utf-8")) for p in sources]
    assert texts and all("SZ[19]" in t for t in texts)
    for i in range(n):
        (folder / f"{i:06}.sgf").write_text(texts[i % len(texts)], encoding="utf-8")
    return folder


def cpu_seconds() -> float:
    """This process's CPU time so far (user + system)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(workers: int, folder: Path, partition_size: int) -> "tuple[float, list[float]]":
    """Seconds of one run on a fresh cluster of `workers` processes (the cluster's start left
    out), and each worker's CPU seconds in it, after checking that the run scored every
    record."""
    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        # The workers import gorules before the clock starts.
        client.run(lambda: __import__("gorules.dask"))
        before = client.run(cpu_seconds)
        start = time.perf_counter()
        frame, summary = gd.compare(folder, client, partition_size=partition_size, dead="estimate")
        seconds = time.perf_counter() - start
        after = client.run(cpu_seconds)
        assert summary["errors"] == 0 and summary["games"] == len(list(folder.glob("*.sgf")))
        del frame
    return seconds, sorted(after[w] - before[w] for w in after)


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)  # each line as its run ends
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    partition_size = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    folder = corpus(n)
    print(
        f"gorules {gorules.__version__}, {n} records in {folder}, --dead estimate,"
        f" {partition_size} files a partition"
    )
    print(f"{'round':<6} {'workers':>7} {'seconds':>9} {'records/s':>10}  worker CPU s")
    best = {1: float("inf"), 2: float("inf")}
    for round_ in range(1, rounds + 1):
        seconds = {}
        cpu = {}
        for workers in (1, 2):
            seconds[workers], cpu[workers] = timed(workers, folder, partition_size)
            best[workers] = min(best[workers], seconds[workers])
            shares = " ".join(f"{c:.2f}" for c in cpu[workers])
            print(
                f"{round_:<6} {workers:>7} {seconds[workers]:>9.2f}"
                f" {n / seconds[workers]:>10.1f}  {shares}"
            )
        print(f"{round_:<6} {'ratio':>7} {seconds[1] / seconds[2]:>9.2f}   (2 workers against 1)")
        print(
            f"{round_:<6} {'cpu':>7} {sum(cpu[1]) / max(cpu[2]):>9.2f}   (CPU of 1 worker over"
            " the larger share of 2)"
        )
    print(f"best against best: {best[1] / best[2]:.2f}")


if __name__ == "__main__":
    main()
