#!/usr/bin/env bash
# The Python package against the command on the same generated corpus of N records, taking
# turns, ROUNDS times each, in two parts (PARTS, default both):
#
# - `dicts`: gorules.compare, every entry read as a dict, against `gorules compare --format
#   jsonl`; one line per run and the ratio of the package's records/s to the command's, per
#   round and best against best. Target (docs/performance.md, "The Python package"): 0.8.
# - `arrow`: gorules.compare_arrow, its Arrow stream read batch by batch by pyarrow, against
#   `gorules compare --format parquet -o FILE`; records/s and CPU seconds (user + system) of
#   each run, the ratio of records/s per round and best against best. Target
#   (docs/performance.md, "The Arrow stream"): 0.95.
#
#   scripts/python-speed.sh [N] [ROUNDS] [JOBS]       (defaults: 10000, 3, 2)
#   PARTS=arrow scripts/python-speed.sh 10000 5 2     (the Arrow part alone)
#
# The corpus is scripts/corpus-scale.sh's (/tmp/gorules-corpus-N, kept between runs), read with
# `--dead markup` (every stone alive: the records carry no markup) under every built-in
# ruleset. The package is built from this tree (maturin, the `release` profile) into the
# virtualenv GORULES_PYTHON_VENV (default target/python-venv, made by scripts/python-venv.sh).
set -euo pipefail
n=${1:-10000}; rounds=${2:-3}; jobs=${3:-2}; parts=${PARTS:-dicts arrow}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
dir=/tmp/gorules-corpus-$n
venv=${GORULES_PYTHON_VENV:-$root/target/python-venv}
[ -x "$venv/bin/maturin" ] || scripts/python-venv.sh "$venv" >/dev/null
cargo build --release -q -p gorules-cli
scripts/generated-corpus.sh "$n" "$dir" >/dev/null
wheels=$(mktemp -d)
(cd bindings/python && "$venv/bin/maturin" build --locked --quiet --out "$wheels" -i "$venv/bin/python")
"$venv/bin/python" -m pip install --quiet --no-deps --force-reinstall "$wheels"/*.whl
rm -rf "$wheels"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }

if [[ " $parts " == *" dicts "* ]]; then
  printf '%-6s %-7s %9s %10s\n' round side seconds records/s
  best_cli=0; best_py=0
  for round in $(seq 1 "$rounds"); do
    start=$(date +%s.%N)
    target/release/gorules compare "$dir" --format jsonl --dead markup --jobs "$jobs" >/dev/null || true
    end=$(date +%s.%N)
    cli=$(awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n/(e-s)}')
    printf '%-6s %-7s %9.3f %10s\n' "$round" gorules "$(awk -v s="$start" -v e="$end" 'BEGIN {print e-s}')" "$cli"
    read -r _ secs py < <("$venv/bin/python" bindings/python/bench/compare_speed.py "$dir" --jobs "$jobs" --dead markup)
    printf '%-6s %-7s %9.3f %10s   ratio %s\n' "$round" python "$secs" "$py" "$(ratio "$py" "$cli")"
    [ "$cli" -gt "$best_cli" ] && best_cli=$cli
    [ "$py" -gt "$best_py" ] && best_py=$py
  done
  printf 'best: gorules %s records/s, python %s records/s, ratio %s\n' "$best_cli" "$best_py" \
    "$(ratio "$best_py" "$best_cli")"
fi

if [[ " $parts " == *" arrow "* ]]; then
  printf '%-6s %-8s %9s %8s %10s\n' round side seconds cpu-s records/s
  best_parquet=0; best_arrow=0
  for round in $(seq 1 "$rounds"); do
    read -r _ secs cpu parquet < <("$venv/bin/python" bindings/python/bench/arrow_speed.py "$dir" \
      --jobs "$jobs" --dead markup --records "$n" --command target/release/gorules)
    printf '%-6s %-8s %9.3f %8.2f %10s\n' "$round" parquet "$secs" "$cpu" "$parquet"
    read -r _ secs cpu arrow < <("$venv/bin/python" bindings/python/bench/arrow_speed.py "$dir" \
      --jobs "$jobs" --dead markup --records "$n")
    printf '%-6s %-8s %9.3f %8.2f %10s   ratio %s\n' "$round" arrow "$secs" "$cpu" "$arrow" \
      "$(ratio "$arrow" "$parquet")"
    [ "$parquet" -gt "$best_parquet" ] && best_parquet=$parquet
    [ "$arrow" -gt "$best_arrow" ] && best_arrow=$arrow
  done
  printf 'best: gorules --format parquet %s records/s, compare_arrow %s records/s, ratio %s\n' \
    "$best_parquet" "$best_arrow" "$(ratio "$best_arrow" "$best_parquet")"
fi
