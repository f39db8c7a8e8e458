#!/usr/bin/env bash
# Writes what `gorules` prints for every example and shared-corpus record into OUT_DIR, one
# file per command (stdout, stderr and exit status), so that two builds can be compared with
# `diff -r`: a refactoring must leave every file byte-identical.
#
#   scripts/snapshot-outputs.sh target/release/gorules /tmp/outputs-before
set -uo pipefail
bin=$(realpath "${1:?usage: snapshot-outputs.sh GORULES_BINARY OUT_DIR}")
out=${2:?usage: snapshot-outputs.sh GORULES_BINARY OUT_DIR}; mkdir -p "$out"; out=$(realpath "$out")
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/../shared/corpus"
mkdir -p "$out"

run() { # name, then the command's arguments
  local name=$1; shift
  (cd "$root" && "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err"; echo "exit $?" >>"$out/$name.err")
}

formats="table markdown csv json"
dirs="examples"
[ -d "$corpus" ] && dirs="$dirs $(cd "$root" && ls -d ../shared/corpus/*/)"

for f in $formats; do
  for d in $dirs; do
    tag=$(echo "$d" | tr '/.' '__')
    run "compare-$tag-$f" compare "$d" --format "$f" --jobs 2
  done
done
find $(cd "$root" && echo $dirs | sed "s|\([^ ]*\)|$root/\1|g") -name '*.sgf' | sort | while read -r file; do
  rel=${file#"$root/"}
  tag=$(echo "$rel" | tr '/.' '__')
  for f in $formats; do
    run "score-$tag-$f" score "$rel" --format "$f"
  done
  run "score-$tag-unfinished" score "$rel" --unfinished --format json
done
for file in $(cd "$root" && ls examples/*.sgf examples/gallery/*.sgf 2>/dev/null); do
  tag=$(echo "$file" | tr '/.' '__')
  run "diagram-$tag-text" diagram "$file"
  run "diagram-$tag-svg" diagram "$file" --format svg
done
run rules-list rules list
for id in $(cd "$root" && ls rulesets | sed 's/\.toml$//'); do
  run "rules-show-$id" rules show "$id"
done
run rules-diff rules diff concord japanese
run fuzz-list fuzz --list
# Fuzzing: counterexamples written under OUT_DIR (named relative to it); times masked.
fuzz() { # name, then the command's arguments
  local name=$1; shift
  (cd "$out" && "$bin" fuzz "$@" 2>"$name.err" | sed -E 's/[0-9.]+ s \([0-9]+ games\/s\)/TIME/; s/"(seconds|games_per_second)": [0-9.e+-]+/"\1": TIME/' >"$name.out"; echo "exit ${PIPESTATUS[0]}" >>"$name.err")
}
fuzz fuzz-ok --claim concord-area-territory --games 2000 --seed 7 --sizes 2..7 --out cx-ok
fuzz fuzz-fail --claim "abs(japanese:territory - chinese:area) <= 1" --games 3000 --seed 3 --out cx-fail --format json
fuzz fuzz-fail-text --claim "abs(japanese:territory - chinese:area) <= 1" --games 3000 --seed 3 --out cx-fail-text
