"""gorules.compare_arrow: a corpus run as Arrow record batches (the Arrow PyCapsule interface),
the rows and schema of `gorules compare --format parquet`. The same corpus read three ways, the
command's Parquet file by DuckDB, the package's Arrow stream by polars and the command's JSON
Lines by json, gives the same numbers."""

import json
import os
import shutil
import time

import pytest

import gorules
from conftest import REPO, run_cli

try:
    import duckdb
    import polars as pl
    import pyarrow as pa
    import pyarrow.parquet as pq
    from polars.testing import assert_frame_equal
except ImportError as e:
    WHAT = f"pyarrow, polars and DuckDB ({e}; scripts/python-venv.sh installs them)"
    if os.environ.get("CI"):
        raise ImportError(f"{WHAT} are missing (CI is set: they must be there)") from e
    pytest.skip(f"{WHAT} are missing", allow_module_level=True)

SHARED_CORPUS = REPO.parent / "shared" / "corpus"

# The rows of a run the test compares: the entry, its kind and source, the ruleset and the
# counting, the totals, margin and result, and every part of both breakdowns.
PARTS = [
    "territory", "seki_eyes_not_counted", "false_eyes_not_counted", "stones", "captures",
    "dead_stones", "suicides", "pass_stones", "cleanup_plays", "komi",
    "handicap_compensation", "bonus", "group_tax", "total",
]
NUMBERS = [
    "entry", "kind", "source", "game_index", "ruleset", "counting",
    "black", "white", "margin", "result", "error",
    *(f"{side}_{part}" for side in ("black", "white") for part in PARTS),
]
OPTIONS = dict(rules="japanese,chinese,aga,stone-scoring", counting="all")
CLI_OPTIONS = ["--rules", "japanese,chinese,aga,stone-scoring", "--counting", "all"]


def side_parts(side: dict) -> list:
    """A side's breakdown in PARTS order, as the JSON contract holds it (two parts left out
    where they are 0)."""
    prisoners = side["prisoners"]
    return [
        side["territory"], side["seki_eyes_not_counted"], side.get("false_eyes_not_counted", 0),
        side["stones"], prisoners["captures"], prisoners["dead_stones"],
        prisoners["suicides"], prisoners["pass_stones"], side.get("cleanup_plays", 0),
        side["komi"], side["handicap_compensation"], side["bonus"], side["group_tax"],
        side["total"],
    ]


def rows_of_json_lines(lines: list) -> list:
    """The NUMBERS of each row, made from the command's JSON Lines as docs/json.md ("Parquet
    and Arrow") says the rows are: a row per score, per ruleset without a score, per error."""
    rows = []
    nothing = [None] * (2 * len(PARTS))
    for entry, e in enumerate(lines):
        if "error" in e:
            rows.append((entry, "error", e["source"], e.get("game_index"), None, None,
                         None, None, None, None, e["error"], *nothing))
            continue
        game = e["game"]
        head = (entry, game["source"], game["game_index"])
        if not e["rulesets"]:
            rows.append((head[0], "unscored", *head[1:], None, None,
                         None, None, None, None, None, *nothing))
        for r in e["rulesets"]:
            if not r["scores"]:
                rows.append((head[0], "unscored", *head[1:], r["ruleset"], None,
                             None, None, None, None, None, *nothing))
            for s in r["scores"]:
                b = s["breakdown"]
                rows.append((head[0], "score", *head[1:], r["ruleset"], s["counting"],
                             s["black"], s["white"], s["margin"], s["result"], None,
                             *side_parts(b["black"]), *side_parts(b["white"])))
    return rows


def as_text(frame: "pl.DataFrame") -> "pl.DataFrame":
    """The frame with its dictionary (categorical) columns as plain text, as DuckDB reads a
    Parquet file's."""
    return frame.with_columns(
        [pl.col(name).cast(pl.String) for name, t in frame.schema.items()
         if t == pl.Categorical or isinstance(t, pl.Enum)]
    )


def check_three_ways(cli, paths, tmp_path):
    """The command's Parquet file (DuckDB), the Arrow stream (polars) and the command's JSON
    Lines (json) of one corpus: the same rows and numbers; the file and the stream, the same
    schema and every cell."""
    parquet = tmp_path / "run.parquet"
    done = run_cli(cli, ["compare", *map(str, paths), *CLI_OPTIONS, "--format", "parquet",
                         "-o", str(parquet)], ok=False)
    assert done.returncode in (0, 1), done.stderr
    done = run_cli(cli, ["compare", *map(str, paths), *CLI_OPTIONS, "--format", "jsonl"], ok=False)
    assert done.returncode in (0, 1), done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert "summary" in lines[-1]
    from_json = rows_of_json_lines(lines[:-1])

    con = duckdb.connect()
    columns = ", ".join(NUMBERS)
    from_file = con.sql(f"SELECT {columns} FROM read_parquet('{parquet}')").fetchall()
    run = gorules.compare_arrow(paths, **OPTIONS)
    stream = pl.DataFrame(run)
    from_stream = list(stream.select(NUMBERS).iter_rows())

    assert len(from_json) > 0
    assert from_file == from_json
    assert from_stream == from_json

    # Every column, every cell: the stream is the file.
    file_frame = con.sql(f"FROM read_parquet('{parquet}')").pl()
    assert_frame_equal(as_text(stream), file_frame)
    # The same Arrow schema as the file's, its metadata included (the run's score columns).
    file_schema = pq.read_schema(parquet)
    stream_schema = pa.table(run).schema
    assert stream_schema.equals(file_schema, check_metadata=False)
    # (The file also holds the checksum of its own bytes, which a stream has not.)
    stored = pq.read_metadata(parquet).metadata
    assert b"gorules:data_checksum" in stored
    assert {k: v for k, v in stored.items()
            if k.startswith(b"gorules:") and k != b"gorules:data_checksum"} == \
        stream_schema.metadata
    # And the summary of the stream's run is the command's.
    assert run.tally().summary() == lines[-1]["summary"]
    return stream


def test_the_shipped_records_three_ways(cli, tmp_path):
    stream = check_three_ways(cli, [REPO / "examples"], tmp_path)
    kinds = set(stream["kind"].cast(pl.String))
    assert kinds >= {"score", "unscored"}, kinds


def test_the_public_corpus_three_ways(cli, tmp_path):
    if not SHARED_CORPUS.is_dir():
        pytest.skip(f"needs the public game records at {SHARED_CORPUS} (beside the repository)")
    check_three_ways(cli, [SHARED_CORPUS], tmp_path)


def test_broken_records_are_error_rows_three_ways(cli, corpus, tmp_path):
    # A record cut in its last property, one with a move on an occupied point, a good one.
    records = tmp_path / "records"
    records.mkdir()
    good = sorted(corpus.glob("*.sgf"))[0]
    shutil.copy(good, records / "c-good.sgf")
    (records / "a-cut.sgf").write_text("(;GM[1]SZ[9];B[ee];W[")
    (records / "b-occupied.sgf").write_text("(;GM[1]SZ[5];B[cc];W[cc];B[];W[])")
    stream = check_three_ways(cli, [records], tmp_path)
    errors = stream.filter(pl.col("kind").cast(pl.String) == "error")
    assert errors["entry"].to_list() == [0, 1]
    assert "is never closed" in errors["error"][0] and "occupied" in errors["error"][1]
    # An error's row: entry, kind, source, game_index and error; every other cell null.
    kept = {"entry", "kind", "source", "game_index", "error"}
    assert all(errors[c].null_count() == 2 for c in errors.columns if c not in kept)


def test_batches_are_bounded():
    # The shipped records five times over, every ruleset and counting: more rows than one
    # batch holds, so the rows come in several batches, each ended by the game whose rows
    # reach 8,192 (a game's rows are never split), the last one smaller.
    examples = REPO / "examples"
    run = gorules.compare_arrow([examples] * 5, counting="all", dead="none")
    sizes = [b.num_rows for b in pa.RecordBatchReader.from_stream(run)]
    once = pl.DataFrame(gorules.compare_arrow(examples, counting="all", dead="none"))
    assert sum(sizes) == 5 * once.height
    largest_game = once.group_by("entry").len()["len"].max()
    assert len(sizes) >= 2, sizes
    assert all(8192 <= n < 8192 + largest_game for n in sizes[:-1]), sizes
    assert 0 < sizes[-1] < 8192 + largest_game, sizes


def test_each_stream_is_a_run_of_its_own(corpus):
    # Two streams of one object give the same table; DuckDB, which asks for streams to read
    # their schemas, reads each row once; the tally is the one of `compare`.
    small = gorules.compare_arrow(corpus, rules="japanese", dead="markup")
    assert pa.table(small).equals(pa.table(small))
    games = gorules.compare(corpus, rules="japanese", dead="markup")
    expected = [e for e in games if "summary" not in e]
    count = duckdb.sql("SELECT count(DISTINCT entry), count(*) FROM small").fetchall()
    assert count == [(len(expected), len(expected))]
    assert small.tally().summary() == games.tally().summary()


def test_requested_schema_and_capsule():
    run = gorules.compare_arrow(REPO / "examples" / "dame-parity.sgf", rules="chinese")
    capsule = run.__arrow_c_stream__()
    assert type(capsule).__name__ == "PyCapsule" and '"arrow_array_stream"' in repr(capsule)
    del capsule  # released unread: no run
    # A requested schema is not applied (the interface lets a producer give its own).
    requested = pa.schema([("x", pa.int8())]).__arrow_c_schema__()
    reader = pa.RecordBatchReader._import_from_c_capsule(run.__arrow_c_stream__(requested))
    table = reader.read_all()
    assert table.column_names[:3] == ["entry", "kind", "source"]
    # The example's Chinese result, worked out in the README ("What the example shows"): area
    # counting, Black 13 against White 12, B+1.
    assert table["result"].to_pylist() == ["B+1"]
    assert (table["black"].to_pylist(), table["white"].to_pylist()) == ([13.0], [12.0])


def test_a_failed_run_is_the_streams_error(tmp_path):
    run = gorules.compare_arrow(tmp_path)
    with pytest.raises(pa.ArrowInvalid, match="no SGF file"):
        pa.table(run)
    with pytest.raises(gorules.GorulesError, match="no SGF file"):
        run.tally()
    with pytest.raises(Exception, match="no SGF file"):
        pl.DataFrame(run)
    # Bad options are refused at once, before any stream.
    with pytest.raises(gorules.GorulesError, match="jobs"):
        gorules.compare_arrow(tmp_path, jobs=0)
    with pytest.raises(gorules.RulesError):
        gorules.compare_arrow(tmp_path, rules="nope")


def test_pandas_and_control_characters(tmp_path):
    # A record whose text has a control character: stored as read, in the stream as in the
    # file (docs/json.md, "Parquet and Arrow"), and pandas reads the table.
    (tmp_path / "a.sgf").write_text("(;GM[1]SZ[5]KM[0.5]RU[x\x01y]RE[B+24.5];B[cc];W[];B[])")
    frame = pa.table(gorules.compare_arrow(tmp_path, rules="chinese", dead="none")).to_pandas()
    assert list(frame["rules"]) == ["x\x01y"]
    # Black C3 alone on 5x5, komi 0.5, area counting: 25 points against 0.5, B+24.5, the
    # record's RE.
    assert list(frame["result"]) == ["B+24.5"] and list(frame["record_same_result"]) == [True]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs /proc (Linux)")
def test_released_streams_leave_no_run_behind():
    # A stream released after one batch stops its run; streams DuckDB asks for only to read
    # their schemas start none. A run's driving thread is named `gorules-arrow` (and so are
    # the workers it starts, which inherit the name on Linux).
    def runs() -> int:
        names = []
        for task in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{task}/comm") as f:
                    names.append(f.read().strip())
            except OSError:
                pass
        return names.count("gorules-arrow")

    examples = REPO / "examples"
    run = gorules.compare_arrow([examples] * 30, counting="all", dead="none")
    reader = pa.RecordBatchReader.from_stream(run)
    assert reader.read_next_batch().num_rows > 0
    assert runs() >= 1
    reader.close()
    for _ in range(200):
        if runs() == 0:
            break
        time.sleep(0.05)
    assert runs() == 0, "the run goes on after its stream was released"
    with pytest.raises(gorules.GorulesError, match="before a stream"):
        run.tally()
    small = gorules.compare_arrow(REPO / "examples" / "gnugo", rules="japanese", dead="none")
    assert duckdb.sql("SELECT count(*) FROM small").fetchall()[0][0] > 0
    # DuckDB read the whole stream: its run is over, and no other one was started.
    assert runs() == 0
