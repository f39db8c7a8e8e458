#!/usr/bin/env bash
# The Python package against the command on the same generated corpus of N records, taking
# turns, ROUNDS times each, in parts (PARTS, default `dicts arrow`):
#
# - `dicts`: gorules.compare, every entry read as a dict, against `gorules compare --format
#   jsonl`; one line per run (records/s, and CPU seconds: user + system) and the ratio of the
#   package's records/s to the command's, per round, its median, and best against best.
#   Target (docs/performance.md, "The Python package"): 0.8.
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
# The build of CPython moves the package's figures: GORULES_PYTHON_VENV may name several
# virtualenvs (separated by spaces), whose interpreters then take their turns in each round of
# `dicts` (after the command's run) and each have their count of `instructions`; `arrow` runs
# under the first. For instance, Debian's interpreter beside the default one:
#
#   PYTHON=/usr/bin/python3.11 scripts/python-venv.sh target/python-venv-debian
#   GORULES_PYTHON_VENV="target/python-venv target/python-venv-debian" scripts/python-speed.sh
set -euo pipefail
n=${1:-10000}; rounds=${2:-3}; jobs=${3:-2}; parts=${PARTS:-dicts arrow}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
dir=/tmp/gorules-corpus-$n
venvs=()
for v in ${GORULES_PYTHON_VENV:-$root/target/python-venv}; do
  [ -x "$v/bin/maturin" ] || scripts/python-venv.sh "$v" >/dev/null
  venvs+=("$(cd "$v" && pwd)")   # absolute: the build below runs in bindings/python
done
venv=${venvs[0]}
cargo build --release -q -p gorules-cli
scripts/generated-corpus.sh "$n" "$dir" >/dev/null
wheels=$(mktemp -d)
# One abi3 wheel, for every interpreter.
(cd bindings/python && "$venv/bin/maturin" build --locked --quiet --out "$wheels" -i "$venv/bin/python")
for v in "${venvs[@]}"; do
  "$v/bin/python" -m pip install --quiet --no-deps --force-reinstall "$wheels"/*.whl
done
rm -rf "$wheels"
# Each interpreter's name in the output: python, or python1, python2, ... for several.
label() { if [ "${#venvs[@]}" -eq 1 ]; then echo python; else echo "python$(($1 + 1))"; fi; }
if [ "${#venvs[@]}" -gt 1 ]; then
  for k in "${!venvs[@]}"; do
    echo "$(label "$k"): ${venvs[k]} ($("${venvs[k]}/bin/python" -c 'import sys; print(sys.version.split()[0])'))"
  done
fi
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }
# The median of the numbers given.
median() { printf '%s\n' "$@" | sort -g |
  awk '{v[NR] = $1} END {printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian's package time)" >&2; exit 2; }
# CPU seconds (user + system) of the command that follows, written to the file $cpu.
cpu=$(mktemp)
trap 'rm -f "$cpu"' EXIT
timed() { /usr/bin/time -f '%U %S' -o "$cpu" "$@"; }
cpu_seconds() { awk '{printf "%.2f", $1 + $2}' "$cpu"; }

if [[ " $parts " == *" dicts "* ]]; then
  printf '%-6s %-7s %9s %8s %10s\n' round side seconds cpu-s records/s
  best_cli=0; best_py=(); ratios=()
  for k in "${!venvs[@]}"; do best_py[k]=0; ratios[k]=""; done
  for round in $(seq 1 "$rounds"); do
    start=$(date +%s.%N)
    timed target/release/gorules compare "$dir" --format jsonl --dead markup --jobs "$jobs" >/dev/null || true
    end=$(date +%s.%N)
    cli=$(awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n/(e-s)}')
    printf '%-6s %-7s %9.3f %8s %10s\n' "$round" gorules "$(awk -v s="$start" -v e="$end" 'BEGIN {print e-s}')" \
      "$(cpu_seconds)" "$cli"
    [ "$cli" -gt "$best_cli" ] && best_cli=$cli
    for k in "${!venvs[@]}"; do
      out=$(timed "${venvs[k]}/bin/python" bindings/python/bench/compare_speed.py "$dir" --jobs "$jobs" --dead markup)
      read -r _ secs py <<<"$out"
      r=$(ratio "$py" "$cli")
      printf '%-6s %-7s %9.3f %8s %10s   ratio %s\n' "$round" "$(label "$k")" "$secs" "$(cpu_seconds)" "$py" "$r"
      ratios[k]="${ratios[k]} $r"
      [ "$py" -gt "${best_py[k]}" ] && best_py[k]=$py
    done
  done
  for k in "${!venvs[@]}"; do
    printf '%s: median ratio a round %s; best: gorules %s records/s, %s %s records/s, ratio %s\n' \
      "$(label "$k")" "$(median ${ratios[k]})" "$best_cli" "$(label "$k")" "${best_py[k]}" \
      "$(ratio "${best_py[k]}" "$best_cli")"
  done
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
  py() { count "$1/bin/python" bindings/python/bench/compare_speed.py "$2" --jobs 1 --dead markup; }
  cli() { count target/release/gorules compare "$1" --format jsonl --dead markup --jobs 1; }
  cli_record=$(per_record "$(cli "$dir/000")" "$(cli "$two")")
  for k in "${!venvs[@]}"; do
    py_record=$(per_record "$(py "${venvs[k]}" "$dir/000")" "$(py "${venvs[k]}" "$two")")
    printf 'instructions a record: gorules %s, %s %s, ratio %s\n' "$cli_record" "$(label "$k")" \
      "$py_record" "$(ratio "$cli_record" "$py_record")"
  done
  rm -rf "$two"
fi
