#!/usr/bin/env bash
# Peak memory and throughput of `gorules compare` on a generated corpus of N records, in every
# format, on one and two threads. Prints one line per run: format, jobs, seconds, records/s,
# peak resident memory (from /usr/bin/time -v).
#
#   scripts/corpus-scale.sh 1000000 [DIR] [-- EXTRA COMPARE ARGS]
#
# The corpus (seeded, a thousand records to a folder) is written once to DIR (default
# /tmp/gorules-corpus-N) and kept for the next run. The records carry no dead-stone markup, so
# the runs pass `--dead markup` (every stone alive) unless told otherwise after `--`: the
# figures are those of reading, replaying, scoring and writing, not of the dead-stone estimate.
# FORMATS and JOBS (space-separated) choose the runs: by default every format on 1 and 2
# threads. Parquet is written to DIR.parquet (then removed), its summary to standard output.
set -euo pipefail
n=${1:?usage: corpus-scale.sh N [DIR] [-- EXTRA ARGS]}; shift
dir=/tmp/gorules-corpus-$n
if [ $# -gt 0 ] && [ "$1" != "--" ]; then dir=$1; shift; fi
[ "${1:-}" = "--" ] && shift
extra=("$@"); [ ${#extra[@]} -eq 0 ] && extra=(--dead markup)
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release -q -p gorules-cli
scripts/generated-corpus.sh "$n" "$dir" >/dev/null
printf '%-9s %4s %9s %10s %12s\n' format jobs seconds records/s "peak RSS MB"
for format in ${FORMATS:-table markdown csv json jsonl parquet}; do
  for jobs in ${JOBS:-1 2}; do
    log=$(mktemp)
    out=()
    [ "$format" = parquet ] && out=(-o "$dir.parquet")
    /usr/bin/time -v target/release/gorules compare "$dir" --format "$format" --jobs "$jobs" \
      "${out[@]}" "${extra[@]}" >/dev/null 2>"$log" || true
    rm -f "$dir.parquet"
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2/1024}' "$log")
    rate=$(awk -v n="$n" -v s="$secs" 'BEGIN {printf "%.0f", n/s}')
    printf '%-9s %4s %9s %10s %12s\n' "$format" "$jobs" "$secs" "$rate" "$rss"
    rm -f "$log"
  done
done
