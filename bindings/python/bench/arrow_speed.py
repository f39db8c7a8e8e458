"""Records per second and CPU seconds of gorules.compare_arrow over a folder, the stream read
batch by batch by pyarrow (what polars and DuckDB do with it), or of the command writing the
same run as Parquet (--command BIN), as scripts/python-speed.sh runs them.

    python arrow_speed.py DIR [--jobs N] [--dead SOURCE] [--records N] [--command BIN]

Prints `side seconds cpu_seconds records/s`: wall-clock seconds of the run alone (the
interpreter's start and imports left out, as the command's start is too small to matter), and
the CPU seconds (user and system, every thread) the run took: the process's own for the
stream, the child's for the command.
"""

import argparse
import os
import resource
import subprocess
import tempfile
import time


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--dead", default="markup")
    parser.add_argument("--records", type=int, required=True)
    parser.add_argument("--command", default=None)
    args = parser.parse_args()
    if args.command:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "run.parquet")
            cmd = [args.command, "compare", args.dir, "--format", "parquet", "-o", out,
                   "--dead", args.dead]
            if args.jobs:
                cmd += ["--jobs", str(args.jobs)]
            before = cpu(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            seconds = time.perf_counter() - start
            cpu_seconds = cpu(resource.RUSAGE_CHILDREN) - before
            assert done.returncode in (0, 1), done.stderr
            side = "parquet"
    else:
        import pyarrow as pa

        import gorules

        before = cpu(resource.RUSAGE_SELF)
        start = time.perf_counter()
        run = gorules.compare_arrow(args.dir, dead=args.dead, jobs=args.jobs)
        rows = 0
        for batch in pa.RecordBatchReader.from_stream(run):
            rows += batch.num_rows
        seconds = time.perf_counter() - start
        cpu_seconds = cpu(resource.RUSAGE_SELF) - before
        assert rows > 0 and run.tally().summary()["games"] == args.records
        side = "arrow"
    print(f"{side} {seconds:.3f} {cpu_seconds:.2f} {args.records / seconds:.0f}")


if __name__ == "__main__":
    main()
