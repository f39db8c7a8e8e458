"""gorules: the rules of Go (weiqi, baduk) as data.

Score a game record under many rulesets and see, part by part, why the scores differ
(:func:`score`); replay a corpus in parallel, one game at a time (:func:`compare`); read,
inspect and compare rulesets (:class:`Ruleset`); play a game move by move under any ruleset,
with legality, the end-of-play protocol and the score breakdown (:class:`Game`); test an
equivalence claim between rulesets on random games (:func:`fuzz`).

The dicts :func:`score` and :func:`compare` return are the JSON contract of the ``gorules``
command (``docs/json.md``): ``score`` gives what ``gorules score --format json`` prints,
``compare`` the lines of ``gorules compare --format jsonl``. Errors are exceptions derived
from :class:`GorulesError` (a :class:`ValueError`) with the command's messages.

For data frames, :func:`compare_arrow` gives a run as Arrow record batches (the rows and
schema of ``gorules compare --format parquet``), which pyarrow, polars, DuckDB and pandas read
without a Python object per row; :func:`rows` flattens the dicts into the columns of the
command's CSV.
A run's summary as data that merges and pickles is :meth:`CompareRun.tally` (a
:class:`Tally`): :mod:`gorules.dask` runs ``compare`` and ``fuzz`` on a Dask cluster with it.

The work is done in Rust with the interpreter lock released, so other Python threads run
meanwhile.
"""

from ._gorules import (
    DEFAULT_MAX_FILE_SIZE,
    ArrowRun,
    CompareRun,
    Game,
    GorulesError,
    GorulesWarning,
    IllegalMoveError,
    Ruleset,
    RulesError,
    SgfError,
    Tally,
    __version__,
    claims,
    compare,
    compare_arrow,
    fuzz,
    score,
    sgf_files,
)
from .frames import rows

__all__ = [
    "DEFAULT_MAX_FILE_SIZE",
    "ArrowRun",
    "CompareRun",
    "Game",
    "GorulesError",
    "GorulesWarning",
    "IllegalMoveError",
    "Ruleset",
    "RulesError",
    "SgfError",
    "Tally",
    "__version__",
    "claims",
    "compare",
    "compare_arrow",
    "fuzz",
    "rows",
    "score",
    "sgf_files",
]
