#!/usr/bin/env python3
"""Plays GNU Go against itself over GTP and writes each game as an SGF record.

    scripts/gnugo-selfplay.py OUT_DIR [--gnugo /usr/games/gnugo] [--plan examples/gnugo/plan.txt] [NAME...]

The plan is a text file, one game a line: `NAME SIZE KOMI HANDICAP RULES SEED LEVEL ENDING`,
where RULES is the record's RU (`-` for none) and ENDING is `passes` (play until two passes in
a row), `markup` (the same, then GNU Go's territory and dead stones written as TB/TW on the
final node, a dead stone as its opponent's territory, as CGoban and KGS write a count) or `cut:N` (stop after N moves: an unfinished
game, no RE). A finished game's RE is GNU Go's `final_score` (area counting, `--chinese-rules`, for
Chinese and AGA rules; else territory counting); the root comment names GNU Go's
version, level and seed and its `final_status_list dead`. The same plan and GNU Go version
give the same records (GNU Go is deterministic for a given random seed).

The records of examples/gnugo/ were written by this script from examples/gnugo/plan.txt.
"""

import argparse
import subprocess
import sys
from pathlib import Path

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    """One GNU Go process spoken to in GTP."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            got = self.proc.stdout.readline()
            if got == "":
                raise RuntimeError(f"GNU Go ended while answering {line!r}")
            if got.strip() == "" and lines:
                break
            if got.strip():
                lines.append(got.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"GNU Go refused {line!r}: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        finally:
            self.proc.wait(timeout=10)


def sgf_point(gtp_point, size):
    """A GTP point (`D4`) as SGF (`dp` on 19x19); `pass` as the empty value."""
    if gtp_point.lower() == "pass":
        return ""
    col = LETTERS.index(gtp_point[0].upper())
    row = int(gtp_point[1:])
    return "abcdefghijklmnopqrstuvwxy"[col] + "abcdefghijklmnopqrstuvwxy"[size - row]


def points(answer, size):
    return [sgf_point(p, size) for p in answer.split()]


def play(gnugo, name, size, komi, handicap, rules, seed, level, ending):
    # GNU Go counts territory unless told to count area, which Chinese and AGA rules do.
    counting = ["--chinese-rules"] if rules.lower() in ("chinese", "aga") else []
    gtp = Gtp([gnugo, "--mode", "gtp", "--level", str(level), *counting])
    try:
        version = gtp.ask("version")
        gtp.ask(f"boardsize {size}")
        gtp.ask("clear_board")
        gtp.ask(f"komi {komi}")
        gtp.ask(f"set_random_seed {seed}")
        stones = points(gtp.ask(f"fixed_handicap {handicap}"), size) if handicap else []
        limit = int(ending.split(":")[1]) if ending.startswith("cut:") else 4 * size * size
        moves = []
        color = "W" if handicap else "B"
        passes = 0
        while len(moves) < limit and passes < 2:
            move = gtp.ask(f"genmove {color}")
            if move.lower() == "resign":
                raise RuntimeError(f"{name}: GNU Go resigned (no such record is planned)")
            passes = passes + 1 if move.lower() == "pass" else 0
            moves.append((color, sgf_point(move, size)))
            color = "B" if color == "W" else "W"
        finished = passes == 2
        result = gtp.ask("final_score") if finished else None
        dead = gtp.ask("final_status_list dead").split()
        territory = {}
        if ending == "markup":
            # GNU Go's territory lists leave the dead stones out: a dead stone is marked as
            # its opponent's territory, as CGoban and KGS mark a count.
            colors = {}
            for c in ("B", "W"):
                for p in points(gtp.ask(f"list_stones {'black' if c == 'B' else 'white'}"), size):
                    colors[p] = c
            for c, status in (("B", "black_territory"), ("W", "white_territory")):
                territory[c] = points(gtp.ask(f"final_status_list {status}"), size)
            for p in points(" ".join(dead), size):
                territory["W" if colors[p] == "B" else "B"].append(p)
    finally:
        gtp.close()

    comment = (
        f"GNU Go self-play ({version}, --level {level}, set_random_seed {seed}). "
        + (
            f"Ended in two passes; GNU Go's final_score {result}; its final_status_list dead: "
            f"{' '.join(dead) if dead else 'none'}."
            if finished
            else f"Stopped after {len(moves)} moves: unfinished."
        )
        + (" The final node marks GNU Go's count as TB/TW." if territory else "")
    )
    head = f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]"
    if handicap:
        head += f"HA[{handicap}]AB" + "".join(f"[{p}]" for p in stones)
    if rules != "-":
        head += f"RU[{rules}]"
    if result:
        head += f"RE[{result}]"
    who = f"GNU Go {version} --level {level}"
    head += f"PB[{who}]PW[{who}]GN[{name}]\nC[{comment}]\n"
    body = []
    for k, (c, p) in enumerate(moves):
        node = f";{c}[{p}]"
        if k == len(moves) - 1 and territory:
            for side in ("B", "W"):
                if territory[side]:
                    node += f"T{side}" + "".join(f"[{q}]" for q in territory[side])
        body.append(node)
    lines = ["".join(body[i : i + 10]) for i in range(0, len(body), 10)]
    return head + "\n".join(lines) + ")\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--plan", type=Path, default=Path(__file__).parent.parent / "examples/gnugo/plan.txt")
    parser.add_argument("names", nargs="*", help="only these games of the plan")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for line in args.plan.read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        name, size, komi, handicap, rules, seed, level, ending = line.split()
        if args.names and name not in args.names:
            continue
        text = play(args.gnugo, name, int(size), komi, int(handicap), rules, seed, level, ending)
        (args.out / f"{name}.sgf").write_text(text)
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
