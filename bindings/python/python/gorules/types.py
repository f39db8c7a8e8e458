"""The shapes of the dicts gorules returns, as ``TypedDict`` classes: the JSON contract of the
``gorules`` command (``docs/json.md``) written for type checkers and editors.

:func:`gorules.score` gives a list of :class:`GameReport`, :func:`gorules.compare` yields
:data:`CompareEntry` items (a :class:`GameReport`, an :class:`ErrorEntry`, then one
:class:`SummaryEntry` last), :func:`gorules.fuzz` gives a :class:`FuzzReport`. The classes are
real at run time too: annotate a notebook's functions with them, or read their fields with
``typing.get_type_hints``. A key marked ``NotRequired`` is present only when it applies, as the
contract says.
"""

import sys
from typing import Dict, List, Optional, Union

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:
    from typing_extensions import NotRequired, TypedDict

__all__ = [
    "ChainReport",
    "ClaimInfo",
    "CompareEntry",
    "Counterexample",
    "DeadEstimate",
    "Difference",
    "DoubtReport",
    "EndOfPlay",
    "EyeSpace",
    "ErrorEntry",
    "ExprValue",
    "FuzzReport",
    "FuzzScore",
    "GameInfo",
    "GameReport",
    "GroupPair",
    "GroupSummary",
    "IllegalMove",
    "MoveResult",
    "PairSummary",
    "PointMap",
    "PointReason",
    "Prisoners",
    "RecordAgreement",
    "RecordDifference",
    "RulesetReport",
    "ScoreBreakdown",
    "ScoreReport",
    "Seki",
    "ShortOfEyes",
    "SideScore",
    "Summary",
    "SummaryEntry",
    "WinnerChange",
]


class ChainReport(TypedDict):
    """One chain of the final position, as the dead-stone estimate judges it."""

    color: str
    stones: List[str]
    dead: bool
    certain: bool
    confidence: float
    uncertain: bool


class DeadEstimate(TypedDict):
    """What the estimate says of every chain, and whether some chain is uncertain."""

    chains: List[ChainReport]
    uncertain: bool


class GameInfo(TypedDict):
    """The record: its file and properties, and the dead stones used."""

    source: Optional[str]
    game_index: int
    size: str
    handicap: int
    komi: Optional[float]
    rules: Optional[str]
    rules_builtin: Optional[str]
    rules_katago: NotRequired[str]
    result: Optional[str]
    moves: int
    ended_by_passes: bool
    implied_passes: NotRequired[int]
    dead_stones: List[str]
    dead_source: str
    dead_estimate: NotRequired[DeadEstimate]


class IllegalMove(TypedDict):
    """The first move a ruleset finds illegal, and what was done with it."""

    move_number: int
    color: str
    point: str
    reason: str
    handling: str


class EndOfPlay(TypedDict):
    """How play ended under a ruleset, and how the dead stones were settled."""

    state: str
    moves_ignored: int
    resumptions: int
    settlement: str


class Prisoners(TypedDict):
    """The prisoners of one side, by where they came from."""

    captures: int
    dead_stones: int
    suicides: int
    pass_stones: int


class SideScore(TypedDict):
    """Every part of one side's score."""

    territory: int
    seki_eyes_not_counted: int
    false_eyes_not_counted: NotRequired[int]
    stones: int
    prisoners: Prisoners
    cleanup_plays: NotRequired[int]
    komi: float
    handicap_compensation: float
    group_tax: int
    bonus: float
    total: float


class ScoreBreakdown(TypedDict):
    """Both sides' parts."""

    black: SideScore
    white: SideScore


class Seki(TypedDict):
    """A seki the count found, and why its eyes are seki eyes."""

    black: List[str]
    white: List[str]
    eyes: List[str]
    shared_liberties: List[str]
    in_contact: bool


class EyeSpace(TypedDict):
    """An eye space of a group short of eyes, and the eyes it is worth (0, 1 or 2)."""

    points: List[str]
    value: int


class ShortOfEyes(TypedDict):
    """A living group with fewer than two eyes, in seki or alive only by the dead stones
    given."""

    color: str
    stones: List[str]
    eyes: List[EyeSpace]
    eye_value: int
    in_seki: bool


class PointReason(TypedDict):
    """A point the count leaves out (``reason`` ``"false-eye"``, ``"teire"`` or
    ``"seki-eye"``), or counts without being sure (``"territory"``), with the dame that decide
    it and whether its count is sure."""

    point: str
    color: str
    reason: str
    dame: List[str]
    sure: bool


class PointMap(TypedDict):
    """Each point's owner and why (one string per row, the top row first; the codes of
    ``docs/json.md``, "Point maps"), the sekis and groups short of eyes the count read, and why
    each point it leaves out is left out."""

    rows: List[str]
    seki: NotRequired[List[Seki]]
    short_of_eyes: NotRequired[List[ShortOfEyes]]
    reasons: NotRequired[List[PointReason]]


class DoubtReport(TypedDict):
    """A part of the board whose territory count is not sure, and why."""

    kind: str
    reason: str
    points: List[str]
    dame: List[str]


class ScoreReport(TypedDict):
    """One counting method's score (``points`` from :func:`gorules.score` only; ``doubts``
    only when the count is not sure)."""

    counting: str
    black: float
    white: float
    margin: float
    result: str
    breakdown: ScoreBreakdown
    points: NotRequired[PointMap]
    doubts: NotRequired[List[DoubtReport]]


class RulesetReport(TypedDict):
    """The record replayed under one ruleset."""

    ruleset: str
    name: str
    from_record: NotRequired[bool]
    record_fallback: NotRequired[str]
    legal: bool
    illegal_move: Optional[IllegalMove]
    added_passes: List[str]
    end: EndOfPlay
    komi: float
    komi_source: str
    scores: List[ScoreReport]


class Difference(TypedDict):
    """A score whose margin or result differs from the report's first, and why."""

    reference: str
    other: str
    reference_margin: float
    other_margin: float
    delta: float
    winner_changes: bool
    reasons: List[str]


class GameReport(TypedDict):
    """One game under every ruleset asked (``gorules score --format json``, one element)."""

    game: GameInfo
    rulesets: List[RulesetReport]
    differences: List[Difference]


class ErrorEntry(TypedDict):
    """A file or game of a corpus that could not be read or replayed (``game_index``, from
    0, when the error is one game's of the file)."""

    source: str
    game_index: NotRequired[int]
    error: str


class WinnerChange(TypedDict):
    """A game where two scores name different winners."""

    game: str
    a: str
    b: str
    reasons: List[str]


class PairSummary(TypedDict):
    """Two scores over the finished games of a corpus."""

    a: str
    b: str
    games: int
    winner_changes: int
    margin_changes: int
    margin_deltas: Dict[str, int]
    false_eye_or_seki_changes: int
    examples: NotRequired[List[WinnerChange]]


class GroupPair(TypedDict):
    """Two scores within a group of games."""

    a: str
    b: str
    games: int
    winner_changes: int
    margin_changes: int


class GroupSummary(TypedDict):
    """The games of one board size, or even or handicap games."""

    group: str
    games: int
    finished: int
    pairs: List[GroupPair]


class RecordDifference(TypedDict):
    """A game whose score differs from the result its record states."""

    game: str
    recorded: str
    scored: str


class RecordAgreement(TypedDict):
    """How often one score gives the results the records state (``RE``)."""

    score: str
    games: int
    same_result: int
    same_winner: int
    examples: NotRequired[List[RecordDifference]]


class Summary(TypedDict):
    """The totals of a corpus run."""

    games: int
    errors: int
    finished: int
    unfinished: int
    uncertain_dead_stones: int
    unsure_territory_counts: int
    with_illegal_moves: int
    pairs: List[PairSummary]
    groups: List[GroupSummary]
    record_agreement: List[RecordAgreement]


class SummaryEntry(TypedDict):
    """The last item of :func:`gorules.compare`."""

    summary: Summary


#: One item of :func:`gorules.compare`: a game, an error, or the summary (last).
CompareEntry = Union[GameReport, ErrorEntry, SummaryEntry]


class ExprValue(TypedDict):
    """One side of the failed part of a claim, and its value."""

    expr: str
    value: Union[float, str, bool]


class FuzzScore(TypedDict):
    """A score a claim reads, on a counterexample."""

    score: str
    black: float
    white: float
    margin: float
    result: str


class Counterexample(TypedDict):
    """A game that breaks a claim, shrunk."""

    game: int
    game_seed: int
    sgf: Optional[str]
    failed: str
    left: Optional[ExprValue]
    right: Optional[ExprValue]
    scores: List[FuzzScore]
    size: str
    moves: int
    original_size: str
    original_moves: int
    rechecked: bool
    recheck_error: Optional[str]


class FuzzReport(TypedDict):
    """What :func:`gorules.fuzz` found (``gorules fuzz --format json``)."""

    claim: str
    name: Optional[str]
    games: int
    first_game: int
    seed: int
    sizes: List[int]
    holds: bool
    failures: int
    skipped: Dict[str, int]
    tested_with_dead_stones: int
    counterexamples: List[Counterexample]
    seconds: float
    games_per_second: float


class ClaimInfo(TypedDict):
    """A named claim (:func:`gorules.claims`)."""

    name: str
    claim: str
    expected: str
    statement: str


class MoveResult(TypedDict):
    """What a move did (:meth:`gorules.Game.play`)."""

    captured: int
    suicided: int
    resumed: bool
    final_pass: bool
    illegal: Optional[str]
