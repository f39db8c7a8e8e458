#!/usr/bin/env bash
# gorules.compare (the Python package) against `gorules compare --format jsonl` on the same
# generated corpus of N records, taking turns, ROUNDS times each. Prints one line per run and
# the ratio of the Python package's records/s to the command's, per round and best against
# best. The target (docs/performance.md, "The Python package"): at least 0.8.
#
#   scripts/python-speed.sh [N] [ROUNDS] [JOBS]       (defaults: 10000, 3, 2)
#
# The corpus is scripts/corpus-scale.sh's (/tmp/gorules-corpus-N, kept between runs), read with
# `--dead markup` (every stone alive: the records carry no markup) under every built-in
# ruleset. The package is built from this tree (maturin, the `release` profile) into the
# virtualenv GORULES_PYTHON_VENV (default target/python-venv, made by scripts/python-venv.sh).
set -euo pipefail
n=${1:-10000}; rounds=${2:-3}; jobs=${3:-2}
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
printf '%-6s %-7s %9s %10s\n' round side seconds records/s
best_cli=0; best_py=0
for round in $(seq 1 "$rounds"); do
  start=$(date +%s.%N)
  target/release/gorules compare "$dir" --format jsonl --dead markup --jobs "$jobs" >/dev/null || true
  end=$(date +%s.%N)
  cli=$(awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", n/(e-s)}')
  printf '%-6s %-7s %9.3f %10s\n' "$round" gorules "$(awk -v s="$start" -v e="$end" 'BEGIN {print e-s}')" "$cli"
  read -r _ secs py < <("$venv/bin/python" bindings/python/bench/compare_speed.py "$dir" --jobs "$jobs" --dead markup)
  printf '%-6s %-7s %9.3f %10s   ratio %.2f\n' "$round" python "$secs" "$py" "$(awk -v a="$py" -v b="$cli" 'BEGIN {print a/b}')"
  [ "$cli" -gt "$best_cli" ] && best_cli=$cli
  [ "$py" -gt "$best_py" ] && best_py=$py
done
printf 'best: gorules %s records/s, python %s records/s, ratio %.2f\n' "$best_cli" "$best_py" \
  "$(awk -v a="$best_py" -v b="$best_cli" 'BEGIN {print a/b}')"
