"""Type stubs of the extension module gorules._gorules (written in Rust with PyO3)."""

import os
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from typing_extensions import Self

from .types import ClaimInfo, CompareEntry, FuzzReport, GameReport, MoveResult, Prisoners, ScoreReport, Summary

__version__: str
DEFAULT_MAX_FILE_SIZE: int

StrPath = Union[str, "os.PathLike[str]"]
#: ``"all"``, ids and TOML paths separated by commas, a path, a Ruleset, or a sequence of these.
RulesSpec = Union[str, "os.PathLike[str]", "Ruleset", Iterable[Union[str, "os.PathLike[str]", "Ruleset"]]]
#: ``None``/``"auto"``, ``"markup"``, ``"estimate"``, ``"engine"``, ``"none"``, ``"D4,E5"``, or points.
DeadSpec = Union[None, str, Iterable[str]]
#: A GTP point (``"D4"``), ``"pass"``, or ``(x, y)``: column from the left, row from the top, from 0.
Vertex = Union[str, Tuple[int, int]]
Color = str

class GorulesError(ValueError):
    """Base class of gorules' errors; the message is the one the gorules command prints."""

class SgfError(GorulesError):
    """A record that cannot be read or replayed (file, line, column, node and move)."""

class RulesError(GorulesError):
    """A ruleset that cannot be loaded: unknown id, or a TOML error with file, line, column."""

class IllegalMoveError(GorulesError):
    """A move Game.play refuses; ``reason`` is the reason alone."""

    reason: str

class GorulesWarning(UserWarning):
    """A game of a collection that could not be read or replayed while others were."""

def score(
    sgf: Union[str, bytes, "os.PathLike[str]"],
    rules: Optional[RulesSpec] = None,
    counting: str = "all",
    komi: Optional[float] = None,
    dead: DeadSpec = None,
    *,
    engine: Optional[str] = None,
    unfinished: bool = False,
    strict: bool = False,
    name: Optional[str] = None,
    max_file_size: int = ...,
) -> List[GameReport]:
    """Score every game of a record under each ruleset: one dict per game, as
    ``gorules score --format json`` prints it (docs/json.md).

    ``sgf``: bytes are SGF; a ``str`` that begins with ``(`` after white space is SGF text,
    any other ``str`` a path; a path-like object is a path. ``rules`` defaults to every
    built-in ruleset (after a KataGo record's own); ``"record"`` names each record's own. Raises SgfError when no game can be scored; a game that fails among
    others is left out with a GorulesWarning.
    """

class CompareRun(Iterator[CompareEntry]):
    """The iterator compare() returns: a dict per game, then ``{"summary": {...}}``."""

    def __iter__(self) -> Self: ...
    def __next__(self) -> CompareEntry: ...
    def tally(self) -> "Tally":
        """The run's tally, once the summary has been read (GorulesError before)."""
    def close(self) -> None:
        """Stop the run: no further game is read."""
    def __enter__(self) -> Self: ...
    def __exit__(self, ty: Any, value: Any, tb: Any) -> bool: ...

class Tally:
    """A compare run's summary as data: ``merge(later)`` adds the tally of the files after
    this one's (input order), ``summary()`` is the ``{"summary": ...}`` entry's dict; pickles."""

    def __init__(self, state: Optional[bytes] = None) -> None: ...
    def merge(self, later: "Tally") -> None: ...
    def summary(self) -> Summary: ...
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: bytes) -> None: ...
    def __eq__(self, other: object) -> bool: ...

def sgf_files(paths: Union[StrPath, Iterable[StrPath]]) -> List["os.PathLike[str]"]:
    """The SGF files compare(paths) reads, in its order."""

def compare(
    paths: Union[StrPath, Iterable[StrPath]],
    rules: Optional[RulesSpec] = None,
    counting: str = "all",
    komi: Optional[float] = None,
    dead: DeadSpec = None,
    *,
    engine: Optional[str] = None,
    jobs: Optional[int] = None,
    strict: bool = False,
    examples: int = 0,
    max_file_size: int = ...,
) -> CompareRun:
    """Replay every game of every SGF file under ``paths`` (directories walked for ``*.sgf``)
    under each ruleset on ``jobs`` threads (default: every core), yielding one dict per game
    in input order, as ``gorules compare --format jsonl`` writes them (a report, or
    ``{"source", "game_index", "error"}``, ``game_index`` only for one game's error), then ``{"summary": {...}}`` last. Memory stays flat."""

class ArrowRun:
    """What compare_arrow() returns: the run's rows as an Arrow stream (the Arrow PyCapsule
    interface), read by ``pyarrow.table(run)``, ``polars.DataFrame(run)``, DuckDB."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object:
        """A PyCapsule named ``arrow_array_stream``: an Arrow C stream of the run's record
        batches, in the schema of ``gorules compare --format parquet``'s file (docs/json.md,
        "Parquet and Arrow"). Each call is a new stream, and a run of its own once read;
        ``requested_schema`` is not applied."""
    def tally(self) -> "Tally":
        """The tally of the last stream read to its end (GorulesError before one has been,
        or with the run's error)."""

def compare_arrow(
    paths: Union[StrPath, Iterable[StrPath]],
    rules: Optional[RulesSpec] = None,
    counting: str = "all",
    komi: Optional[float] = None,
    dead: DeadSpec = None,
    *,
    engine: Optional[str] = None,
    jobs: Optional[int] = None,
    strict: bool = False,
    examples: int = 0,
    max_file_size: int = ...,
) -> ArrowRun:
    """The run of compare() (the same arguments) as Arrow record batches: the rows of
    ``gorules compare --format parquet`` (a row per game, ruleset and counting; a row per
    ruleset without a score; a row per file or game that could not be read, its message in
    ``error``), streamed as the corpus is scored in batches of about 8,192 rows. Bad options
    raise GorulesError at once; a run with no SGF file fails its stream."""

def fuzz(
    claim: str,
    games: int = 10000,
    seed: int = 0,
    sizes: Union[None, str, int, Sequence[int]] = None,
    *,
    first_game: int = 0,
    jobs: Optional[int] = None,
    out: Optional[StrPath] = None,
    counterexamples: int = 3,
    shrink: bool = True,
    ko: str = "positional-superko",
    suicide: str = "illegal",
    max_handicap: int = 9,
    progress: Optional[Callable[[int, int], object]] = None,
) -> FuzzReport:
    """Test an equivalence claim on seeded random games; the report of
    ``gorules fuzz --format json`` (``holds``, ``failures``, ``counterexamples``, ...).
    ``progress(done, games)`` is called at most every 0.2 s and once at the end."""

def claims() -> List[ClaimInfo]:
    """The named claims: ``name``, ``claim``, ``expected`` and ``statement`` each."""

class Ruleset:
    """A ruleset: a value for every knob (rule difference), read from TOML."""

    @staticmethod
    def builtin(id: str) -> "Ruleset":
        """The built-in ruleset ``id``."""
    @staticmethod
    def load(spec: str) -> "Ruleset":
        """A built-in id, or a path to a TOML file (containing ``/`` or ending in ``.toml``)."""
    @staticmethod
    def from_toml(text_or_path: StrPath, name: Optional[str] = None) -> "Ruleset":
        """TOML text (a ``str`` with a line break or ``=``) or a file (any other ``str``, or a
        path-like object)."""
    @staticmethod
    def list() -> List["Ruleset"]:
        """Every built-in ruleset."""
    @staticmethod
    def ids() -> List[str]:
        """The built-in ids."""
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def countings(self) -> List[str]: ...
    def default_komi(self, handicap: int = 0) -> float: ...
    def knobs(self) -> Dict[str, Any]:
        """Every knob with its value as a TOML file writes it."""
    def diff(self, other: "Ruleset") -> Dict[str, Tuple[str, str]]:
        """The knobs set differently: ``{knob: (self's value, other's value)}``."""
    def diff_text(self, other: "Ruleset") -> str: ...
    def show(self) -> str: ...
    def builtin_toml(self) -> Optional[str]: ...
    def __eq__(self, other: object) -> bool: ...

class Game:
    """One game under one ruleset, played move by move."""

    def __init__(
        self,
        size: Union[int, Tuple[int, int], None] = None,
        rules: Union[str, "os.PathLike[str]", Ruleset, None] = None,
        komi: Optional[float] = None,
        handicap: int = 0,
    ) -> None: ...
    def play(self, color: Color, vertex: Vertex, *, allow_illegal: bool = False) -> MoveResult:
        """Play a move; IllegalMoveError if refused. Returns ``captured``, ``suicided``,
        ``resumed``, ``final_pass``, ``illegal``."""
    def pass_(self, color: Color) -> MoveResult: ...
    def is_legal(self, color: Color, vertex: Vertex) -> bool: ...
    def illegal_reason(self, color: Color, vertex: Vertex) -> Optional[str]: ...
    def finish(self, dead: Union[None, str, Iterable[Vertex]] = None, *, as_it_stands: bool = False) -> str: ...
    def score(self, counting: Optional[str] = None) -> ScoreReport: ...
    def scores(self) -> List[ScoreReport]: ...
    def stone_at(self, vertex: Vertex) -> Optional[str]: ...
    def diagram(self) -> str: ...
    def prisoners(self, color: Color) -> Prisoners: ...
    @property
    def board(self) -> List[str]: ...
    @property
    def size(self) -> Tuple[int, int]: ...
    @property
    def to_move(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def pass_required(self) -> Optional[str]: ...
    @property
    def komi(self) -> float: ...
    @property
    def handicap(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def moves(self) -> List[Tuple[str, str]]: ...
    @property
    def added_passes(self) -> List[str]: ...
