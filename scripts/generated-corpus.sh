#!/usr/bin/env bash
# Writes the generated corpus of N seeded records (a thousand to a folder) to DIR once, and
# keeps it for later runs; prints DIR. Used by scripts/corpus-scale.sh and
# scripts/python-speed.sh.
#
#   scripts/generated-corpus.sh N [DIR]       (default DIR: /tmp/gorules-corpus-N)
set -euo pipefail
n=${1:?usage: generated-corpus.sh N [DIR]}
dir=${2:-/tmp/gorules-corpus-$n}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release -q -p gorules-compare --example write_corpus
if [ ! -f "$dir/.complete" ]; then
  rm -rf "$dir"; mkdir -p "$dir"
  echo "writing $n records to $dir" >&2
  target/release/examples/write_corpus "$dir" "$n"
  touch "$dir/.complete"
fi
echo "$dir"
