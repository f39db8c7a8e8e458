"""Flat rows for data frames: the columns of ``gorules compare --format csv`` (``docs/json.md``,
"CSV"), one dict per game, ruleset and counting method, from the dicts :func:`gorules.score`
and :func:`gorules.compare` give.

>>> import pandas as pd                                              # doctest: +SKIP
>>> df = pd.DataFrame(gorules.rows(gorules.compare("examples/gnugo")))  # doctest: +SKIP

``polars.DataFrame(list(gorules.rows(...)))`` and DuckDB read the same rows. Unlike the CSV
text, the values are typed (``int``, ``float``, ``bool``, ``None`` for an empty cell) and text
is as the record writes it (no escaping, no guard against spreadsheet formulas).
"""

from typing import Dict, Iterable, Iterator, Optional, Tuple, Union

from .types import CompareEntry, GameReport, ScoreReport

__all__ = ["COLUMNS", "rows"]

_GAME = (
    "source", "game", "size", "handicap", "moves", "ended_by_passes", "record_result",
    "record_rules", "record_rules_builtin", "record_rules_katago", "dead_source",
    "dead_stones", "dead_uncertain",
)
_RULESET = (
    "ruleset", "from_record", "counting", "legal", "illegal_move", "added_passes", "end",
    "settlement", "komi",
)
_PARTS = (
    "territory", "seki_eyes_not_counted", "stones", "captures", "dead_stones", "suicides",
    "pass_stones", "cleanup_plays", "komi", "handicap_compensation", "bonus", "group_tax",
    "total",
)
_PRISONERS = ("captures", "dead_stones", "suicides", "pass_stones")

#: The columns of every row, in the CSV's order.
COLUMNS: Tuple[str, ...] = (
    _GAME
    + _RULESET
    + tuple(f"{side}_{part}" for side in ("black", "white") for part in _PARTS)
    + ("margin", "result", "record_same_result", "record_same_winner", "doubt_kinds", "error")
)

Row = Dict[str, Union[str, int, float, bool, None]]


def _counted(re: Optional[str]) -> Optional[float]:
    """The margin a record's ``RE`` states, from Black's side, when it is a count: read as
    the SGF reader reads ``RE`` (gorules_sgf ``GameResult::parse``: ``0``, ``Draw``, ``Jigo``
    and ``D`` are draws; ``B+`` or ``W+`` and digits with a point, in any case)."""
    if re is None:
        return None
    text = re.strip().lower()
    if text in ("0", "draw", "jigo", "d"):
        return 0.0
    if text[:2] not in ("b+", "w+"):
        return None
    margin = text[2:].strip()
    if not margin or any(c not in "0123456789." for c in margin):
        return None
    try:
        value = float(margin)
    except ValueError:
        return None
    return value if text[0] == "b" else -value


def _agreement(re: Optional[str], score: ScoreReport) -> Tuple[Optional[bool], Optional[bool]]:
    """``(same result, same winner)`` as the corpus summary counts them (report.rs,
    ``record_agreement``), or ``(None, None)`` when ``RE`` is no count."""
    recorded = _counted(re)
    if recorded is None:
        return None, None
    result = score["result"]
    counted = result != "Void" and not result.endswith("+F")
    margin = score["margin"]
    winner = counted and (margin > 0) == (recorded > 0) and (margin < 0) == (recorded < 0)
    return winner and margin == recorded, winner


def rows(entries: Iterable[Union[GameReport, CompareEntry]]) -> Iterator[Row]:
    """One dict per game, ruleset and counting method (``COLUMNS``); a ruleset that does not
    score the game gives one row with its score's values ``None``; an error entry a row with
    ``source``, ``game`` and ``error`` only; the summary is skipped."""
    for entry in entries:
        if "summary" in entry:
            continue
        if "error" in entry:
            row: Row = dict.fromkeys(COLUMNS)
            row["source"] = entry["source"]
            index = entry.get("game_index")
            row["game"] = None if index is None else index + 1
            row["error"] = entry["error"]
            yield row
            continue
        g = entry["game"]
        estimate = g.get("dead_estimate")
        game: Row = {
            "source": g["source"] or "",
            "game": g["game_index"] + 1,
            "size": g["size"],
            "handicap": g["handicap"],
            "moves": g["moves"],
            "ended_by_passes": g["ended_by_passes"],
            "record_result": g["result"],
            "record_rules": g["rules"],
            "record_rules_builtin": g["rules_builtin"],
            "record_rules_katago": g.get("rules_katago"),
            "dead_source": g["dead_source"],
            "dead_stones": " ".join(g["dead_stones"]),
            "dead_uncertain": bool(estimate and estimate["uncertain"]),
        }
        for r in entry["rulesets"]:
            illegal = r["illegal_move"]
            ruleset: Row = {
                "ruleset": r["ruleset"],
                "from_record": bool(r.get("from_record", False)),
                "counting": None,
                "legal": r["legal"],
                "illegal_move": None if illegal is None
                else f'{illegal["move_number"]} {illegal["point"]}: {illegal["reason"]}',
                "added_passes": len(r["added_passes"]),
                "end": r["end"]["state"],
                "settlement": r["end"]["settlement"],
                "komi": r["komi"],
            }
            if not r["scores"]:
                row = dict.fromkeys(COLUMNS)
                row.update(game)
                row.update(ruleset)
                yield row
            for s in r["scores"]:
                row = dict(game)
                row.update(ruleset)
                row["counting"] = s["counting"]
                for side in ("black", "white"):
                    b = s["breakdown"][side]
                    for part in _PARTS:
                        if part in _PRISONERS:
                            value = b["prisoners"][part]
                        elif part == "cleanup_plays":
                            value = b.get("cleanup_plays", 0)
                        else:
                            value = b[part]
                        row[f"{side}_{part}"] = value
                row["margin"] = s["margin"]
                row["result"] = s["result"]
                same_result, same_winner = (
                    _agreement(g["result"], s) if g["ended_by_passes"] else (None, None)
                )
                row["record_same_result"] = same_result
                row["record_same_winner"] = same_winner
                # The kinds of the score's doubts, separated by spaces; None when it is sure.
                kinds = " ".join(d["kind"] for d in s.get("doubts", []))
                row["doubt_kinds"] = kinds or None
                row["error"] = None
                yield row
