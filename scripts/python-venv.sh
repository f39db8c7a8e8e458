#!/usr/bin/env bash
# Makes the virtualenv in which the workspace's tests build, install and test the Python
# package (crates/cli/tests/python.rs): target/python-venv (or DIR), with maturin and pytest;
# what the tests of gorules.dask run on (Dask with its data frames, distributed, pandas); the
# readers of the Arrow stream and Parquet files the tests compare (pyarrow, polars, DuckDB); and
# what drives the page of `gorules serve` in Chromium and fuzzes its API from its OpenAPI
# document (crates/cli/tests/serve_browser.rs): playwright (pointed at Debian's chromium,
# `apt-get install chromium`: it downloads no browser) and schemathesis.
#
#   scripts/python-venv.sh [DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv=${1:-$root/target/python-venv}
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet maturin pytest "dask[dataframe]" distributed pandas \
  pyarrow polars duckdb playwright schemathesis
echo "$venv"
