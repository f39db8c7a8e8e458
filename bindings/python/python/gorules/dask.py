"""gorules on a Dask cluster: :func:`compare` and :func:`fuzz` split over the workers, with the
answers of one machine.

``pip install "gorules[dask]"`` brings Dask, distributed and pandas. Every worker needs the
same version of gorules installed, and :func:`compare` needs the records at the same paths on
every worker (a shared file system; relative paths are read from the workers' working
directory).

- :func:`compare` lists the SGF files as ``gorules.compare`` walks them
  (:func:`gorules.sgf_files`), splits the list into partitions of consecutive files, runs
  ``gorules.compare`` on each partition on a worker, and returns the rows
  (:func:`gorules.rows`, typed columns: :data:`META`) as a ``dask.dataframe.DataFrame`` in
  input order, and the summary: the partitions' :class:`gorules.Tally` merged in partition
  order on the client, exactly the summary of ``gorules.compare`` over the same paths.
- :func:`fuzz` splits the games ``first_game .. first_game + games`` of the seed into
  consecutive ranges, runs ``gorules.fuzz(first_game=...)`` on each, and merges the reports:
  counts summed, the first counterexamples in game order, as ``gorules.fuzz`` gives them on
  one machine.

A task is pure (its result depends on its arguments alone), so when a worker dies, Dask runs
its tasks again elsewhere and no record is lost or counted twice: each partition's rows and
tally are taken once, from the task that finished.
"""

import time
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _gorules
from .frames import COLUMNS, rows
from .types import FuzzReport, Summary

__all__ = ["META", "compare", "fuzz"]

_TEXT = "string"
_INT = "Int64"
_FLOAT = "Float64"
_BOOL = "boolean"

_SIDE = {
    "territory": _INT,
    "seki_eyes_not_counted": _INT,
    "stones": _INT,
    "captures": _INT,
    "dead_stones": _INT,
    "suicides": _INT,
    "pass_stones": _INT,
    "cleanup_plays": _INT,
    "komi": _FLOAT,
    "handicap_compensation": _FLOAT,
    "bonus": _FLOAT,
    "group_tax": _INT,
    "total": _FLOAT,
}

#: The pandas dtype of each column of :func:`gorules.rows`, in its order: nullable dtypes
#: (``string``, ``Int64``, ``Float64``, ``boolean``), as an error row leaves most cells empty
#: (``<NA>``).
META: Dict[str, str] = {
    "source": _TEXT,
    "game": _INT,
    "size": _TEXT,
    "handicap": _INT,
    "moves": _INT,
    "ended_by_passes": _BOOL,
    "record_result": _TEXT,
    "record_rules": _TEXT,
    "record_rules_builtin": _TEXT,
    "record_rules_katago": _TEXT,
    "dead_source": _TEXT,
    "dead_stones": _TEXT,
    "dead_uncertain": _BOOL,
    "ruleset": _TEXT,
    "from_record": _BOOL,
    "counting": _TEXT,
    "legal": _BOOL,
    "illegal_move": _TEXT,
    "added_passes": _INT,
    "end": _TEXT,
    "settlement": _TEXT,
    "komi": _FLOAT,
    **{f"{side}_{part}": dtype for side in ("black", "white") for part, dtype in _SIDE.items()},
    "margin": _FLOAT,
    "result": _TEXT,
    "record_same_result": _BOOL,
    "record_same_winner": _BOOL,
    "doubt_kinds": _TEXT,
    "error": _TEXT,
}
assert tuple(META) == COLUMNS, "META names the columns of gorules.rows in order"

#: Files per partition when none is asked.
DEFAULT_PARTITION_SIZE = 256

#: Games per range when neither ``chunks`` nor a cluster size says better.
_MIN_RANGE = 256


def frame(row_dicts: Sequence[Dict[str, Any]]) -> "Any":
    """The rows as a pandas ``DataFrame`` with the columns and dtypes of :data:`META`."""
    import pandas as pd

    columns = {name: [r[name] for r in row_dicts] for name in COLUMNS}
    return pd.DataFrame(
        {name: pd.array(values, dtype=META[name]) for name, values in columns.items()},
        columns=list(COLUMNS),
    )


def _client(client: Any) -> Any:
    """The client given, else the current default one, else a new local cluster's (which then
    is the default)."""
    if client is not None:
        return client
    import distributed

    try:
        return distributed.default_client()
    except ValueError:
        return distributed.Client()


def _compare_partition(files: List[str], options: Dict[str, Any]) -> Tuple[Any, bytes]:
    """On a worker: the rows of ``gorules.compare(files)`` as a typed frame, and its tally's
    state (pickled bytes, so that the result is plain data)."""
    run = _gorules.compare(files, **options)
    part = frame(list(rows(run)))
    return part, run.tally().__getstate__()


def _partition_rows(result: Tuple[Any, bytes]) -> Any:
    return result[0]


def _partition_tally(result: Tuple[Any, bytes]) -> bytes:
    return result[1]


def compare(
    paths: Union[str, "Any", Sequence[Any]],
    client: Any = None,
    *,
    partition_size: int = DEFAULT_PARTITION_SIZE,
    **options: Any,
) -> Tuple[Any, Summary]:
    """Runs ``gorules.compare(paths, **options)`` on the Dask cluster of ``client`` (``None``:
    the current default client, else a new local cluster): returns ``(frame, summary)``.

    ``frame`` is a ``dask.dataframe.DataFrame`` of :func:`gorules.rows` of every game, in
    input order (one partition per ``partition_size`` files), with the dtypes of
    :data:`META`; its partitions are already computed and kept on the workers (``frame``
    holds them: drop it to free them; write it with ``frame.to_parquet(...)`` for a corpus
    larger than the cluster's memory). ``summary`` is the dict of the ``{"summary": ...}``
    entry ``gorules.compare`` ends with, the same. ``options`` are ``gorules.compare``'s
    (``rules``, ``counting``, ``dead``, ``examples``, ...); ``jobs`` defaults to 1, as the
    workers' threads run the partitions side by side.

    Raises ``GorulesError`` as ``gorules.compare`` does: a bad option (checked on the client
    before anything runs), no SGF file under ``paths``.
    """
    import dask.dataframe as dd
    import distributed

    if isinstance(partition_size, bool) or not isinstance(partition_size, int):
        raise TypeError(f"partition_size: a whole number, not {type(partition_size).__name__}")
    if partition_size < 1:
        raise _gorules.GorulesError(
            f"partition_size: {partition_size} is out of range: a whole number from 1"
        )
    options.setdefault("jobs", 1)
    # The options checked here (a run started and stopped at once), before the cluster is
    # asked.
    _gorules.compare(paths, **options).close()
    files = [str(p) for p in _gorules.sgf_files(paths)]
    if not files:
        # As gorules.compare says it, with its message.
        list(_gorules.compare(paths, **options))
        raise _gorules.GorulesError("no SGF file (*.sgf) in the paths given")
    parts = [files[i : i + partition_size] for i in range(0, len(files), partition_size)]
    client = _client(client)
    results = client.map(_compare_partition, parts, options=options, pure=True)
    states = client.gather(client.map(_partition_tally, results, pure=True))
    tally = _gorules.Tally(states[0])
    for state in states[1:]:
        tally.merge(_gorules.Tally(state))
    meta = frame([])
    pieces = client.map(_partition_rows, results, pure=True)
    # The frame's partitions are computed before it is returned, as said above: a frame
    # dropped at once then cancels no task still running.
    distributed.wait(pieces)
    return dd.from_delayed(pieces, meta=meta, verify_meta=False), tally.summary()


def _fuzz_range(claim: str, games: int, first_game: int, options: Dict[str, Any]) -> FuzzReport:
    """On a worker: the report of ``gorules.fuzz`` over one range of games."""
    return _gorules.fuzz(claim, games, first_game=first_game, **options)


def _ranges(first: int, games: int, chunks: int) -> List[Tuple[int, int]]:
    """``chunks`` consecutive ranges ``(first game, games)`` covering ``first .. first +
    games`` (none empty), as even as can be."""
    chunks = max(1, min(chunks, games))
    size, extra = divmod(games, chunks)
    out = []
    start = first
    for k in range(chunks):
        n = size + (1 if k < extra else 0)
        out.append((start, n))
        start += n
    return out


def merge_fuzz_reports(reports: Sequence[FuzzReport], counterexamples: int) -> FuzzReport:
    """The report of one run over the consecutive ranges of ``reports`` (in game order): the
    counts summed, ``holds`` when it held in each, the first ``counterexamples``
    counterexamples in game order; ``seconds`` and ``games_per_second`` are the ranges' sums
    (the caller puts in the wall-clock time)."""
    first = reports[0]
    merged: Dict[str, Any] = dict(first)
    merged["games"] = sum(r["games"] for r in reports)
    merged["first_game"] = first["first_game"]
    merged["holds"] = all(r["holds"] for r in reports)
    merged["failures"] = sum(r["failures"] for r in reports)
    skipped: Dict[str, int] = {}
    for r in reports:
        for reason, n in r["skipped"].items():
            skipped[reason] = skipped.get(reason, 0) + n
    merged["skipped"] = dict(sorted(skipped.items()))
    merged["tested_with_dead_stones"] = sum(r["tested_with_dead_stones"] for r in reports)
    merged["counterexamples"] = [c for r in reports for c in r["counterexamples"]][
        :counterexamples
    ]
    merged["seconds"] = sum(r["seconds"] for r in reports)
    merged["games_per_second"] = merged["games"] / max(merged["seconds"], 1e-9)
    return merged  # type: ignore[return-value]


def fuzz(
    claim: str,
    games: int = 10000,
    client: Any = None,
    *,
    seed: int = 0,
    first_game: int = 0,
    chunks: Optional[int] = None,
    **options: Any,
) -> FuzzReport:
    """Runs ``gorules.fuzz(claim, games, seed, **options)`` on the Dask cluster of ``client``
    (``None``: the current default client, else a new local cluster), the games split into
    ``chunks`` consecutive ranges (default: four per worker thread, at least 256 games each),
    and returns the report of the whole run: the same as ``gorules.fuzz`` on one machine
    (``failures``, ``skipped``, the first counterexamples in game order), but ``seconds`` (the
    wall-clock time of the run on the cluster) and ``games_per_second``. ``options`` are
    ``gorules.fuzz``'s (``sizes``, ``counterexamples``, ``shrink``, ``out``, ``ko``, ...;
    ``out`` must be a directory every worker can write, ``progress`` is not taken); ``jobs``
    defaults to 1.
    """
    if "progress" in options:
        raise TypeError("fuzz: progress is not taken on a cluster (see the Dask dashboard)")
    options.setdefault("jobs", 1)
    options["seed"] = seed
    # Every option checked on the client, on no game, before the cluster is asked.
    _gorules.fuzz(claim, 0, first_game=first_game, **options)
    if chunks is not None and (isinstance(chunks, bool) or not isinstance(chunks, int)):
        raise TypeError(f"chunks: a whole number, not {type(chunks).__name__}")
    if chunks is not None and chunks < 1:
        raise _gorules.GorulesError(f"chunks: {chunks} is out of range: a whole number from 1")
    client = _client(client)
    if chunks is None:
        threads = sum(client.nthreads().values()) or 1
        chunks = max(1, min(4 * threads, games // _MIN_RANGE))
    start = time.monotonic()
    ranges = _ranges(first_game, games, chunks) if games > 0 else [(first_game, 0)]
    futures = [
        client.submit(_fuzz_range, claim, n, first, options, pure=True) for first, n in ranges
    ]
    reports = client.gather(futures)
    merged = merge_fuzz_reports(reports, options.get("counterexamples", 3))
    merged["seconds"] = time.monotonic() - start
    merged["games_per_second"] = merged["games"] / max(merged["seconds"], 1e-9)
    return merged
