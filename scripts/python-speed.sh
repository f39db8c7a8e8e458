#!/usr/bin/env bash
# The Python package against the command on the same generated corpus of N records, taking
# turns, ROUNDS times each, in parts (PARTS, default `dicts arrow`):
#
# - `dicts`: gorules.compare, every entry read as a dict, against `gorules compare --format
#   jsonl`; one line per run (records/s, and CPU seconds: user + system) and the ratio of the
#   package's records/s to the command's, per round and best against best. Target
#   (docs/performance.md, "The Python package"): 0.8.
# - `instructions`: the instructions a record of the same two runs with `--jobs 1`, counted by
#   valgrind (callgrind): the difference between the corpus's first 1,000 records and its
#   first 2,000, so that the interpreter's start and the import cancel out; and their ratio.
#   Unlike seconds, these do not move with the host's load. Needs N >= 2000 and valgrind.
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
# Under another interpreter (the build of CPython moves the package's figures):
#
#   PYTHON=/usr/bin/python3.11 scripts/python-venv.sh target/python-venv-debian
#   GORULES_PYTHON_VENV=target/python-venv-debian scripts/python-speed.sh
set -euo pipefail
n=${1:-10000}; rounds=${2:-3}; jobs=${3:-2}; parts=${PARTS:-dicts arrow}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
dir=/tmp/gorules-corpus-$n
venv=${GORULES_PYTHON_VENV:-$root/target/python-venv}
[ -x "$venv/bin/maturin" ] || scripts/python-venv.sh "$venv" >/dev/null
venv="$(cd "$venv" && pwd)"   # the build below runs in bindings/python
cargo build --release -q -p gorules-cli
scripts/generated-corpus.sh "$n" "$dir" >/dev/null
wheels=$(mktemp -d)
(cd bindings/python && "$venv/bin/maturin" build --locked --quiet --out "$wheels" -i "$venv/bin/python")
"$venv/bin/python" -m pip install --quiet --no-deps --force-reinstall "$wheels"/*.whl
rm -rf "$wheels"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian's package time)" >&2; exit 2; }
# CPU seconds (user + system) of the command that follows, written to the file $cpu.
cpu=$(mktemp)
trap 'rm -f "$cpu"' EXIT
timed() { /usr/bin/time -f '%U %S' -o "$cpu" "$@"; }
cpu_seconds() { awk '{printf "%.2f", $1 + $2}' "$cpu"; }

if [[ " $parts " == *" dicts "* ]]; then
  printf '%-6s %-7s %9s %8s %10s\n' round side seconds cpu-s records/s
  best_cli=0; best_py=0
  for round in $(seq 1 "$rounds"); do
    start=$(date +%s.%N)
    timed target/release/gorules compare "$dir" --format jsonl --dead markup --jobs "$jobs" >/dev/null || true
    end=$(date +%s.%N)
    cli=$(awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n/(e-s)}')
    printf '%-6s %-7s %9.3f %8s %10s\n' "$round" gorules "$(awk -v s="$start" -v e="$end" 'BEGIN {print e-s}')" \
      "$(cpu_seconds)" "$cli"
    out=$(timed "$venv/bin/python" bindings/python/bench/compare_speed.py "$dir" --jobs "$jobs" --dead markup)
    read -r _ secs py <<<"$out"
    printf '%-6s %-7s %9.3f %8s %10s   ratio %s\n' "$round" python "$secs" "$(cpu_seconds)" "$py" \
      "$(ratio "$py" "$cli")"
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

if [[ " $parts " == *" instructions "* ]]; then
  [ "$n" -ge 2000 ] || { echo "instructions: N must be 2000 or more" >&2; exit 2; }
  command -v valgrind >/dev/null || { echo "instructions: needs valgrind" >&2; exit 2; }
  two=$(mktemp -d)
  ln -s "$dir/000" "$two/000"; ln -s "$dir/001" "$two/001"
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/refs:/ {gsub(",", "", $NF); print $NF}'; }
  per_record() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f", (b - a) / 1000}'; }
  py() { count "$venv/bin/python" bindings/python/bench/compare_speed.py "$1" --jobs 1 --dead markup; }
  cli() { count target/release/gorules compare "$1" --format jsonl --dead markup --jobs 1; }
  py_record=$(per_record "$(py "$dir/000")" "$(py "$two")")
  cli_record=$(per_record "$(cli "$dir/000")" "$(cli "$two")")
  rm -rf "$two"
  printf 'instructions a record: gorules %s, python %s, ratio %s\n' "$cli_record" "$py_record" \
    "$(ratio "$cli_record" "$py_record")"
fi
