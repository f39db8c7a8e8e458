"""Records per second of gorules.compare over a folder, every entry read as a dict in a for
loop (what a user's program does), as scripts/python-speed.sh runs it.

    python compare_speed.py DIR [--jobs N] [--dead SOURCE]
"""

import argparse
import time

import gorules


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--dead", default="markup")
    args = parser.parse_args()
    start = time.perf_counter()
    games = 0
    last = None
    for entry in gorules.compare(args.dir, dead=args.dead, jobs=args.jobs):
        games += 1
        last = entry
    seconds = time.perf_counter() - start
    assert last is not None and "summary" in last
    records = games - 1
    print(f"{records} {seconds:.3f} {records / seconds:.0f}")


if __name__ == "__main__":
    main()
