#!/usr/bin/env bash
# Load test of `gorules serve` on loopback with wrk (Debian's `wrk`): POST /api/score of a
# 247-move 19x19 record (GNU Go's examples/gnugo/19x19-norules-54.sgf, its dead stones from
# its own TB/TW markup) under every built-in ruleset, point maps included, as the page asks.
# Prints requests/s, latency percentiles (p99) and the server's resident memory after each
# round, then the figures of every round; the server is the release build, started here and
# stopped at the end.
#
#   scripts/serve-bench.sh [ROUNDS] [SECONDS] [CONNECTIONS] [THREADS]
#
# POINTS=false asks for the scores without their point maps (to see what the maps cost).
# GORULES=PATH runs that binary instead of this tree's release build (to compare two builds
# in the same minutes, taking turns).
# Defaults: 5 rounds of 20 s, 16 connections on 2 wrk threads. Build first:
#   cargo build --release -p gorules-cli
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=${1:-5}
seconds=${2:-20}
connections=${3:-16}
threads=${4:-2}
bin="${GORULES:-$root/target/release/gorules}"
[ -x "$bin" ] || { echo "no release build at $bin: cargo build --release -p gorules-cli" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
work=$(mktemp -d)
log="$work/serve.log"
"$bin" serve --addr 127.0.0.1:0 --max-inflight 256 2>"$log" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$log")
python3 - "$root/examples/gnugo/19x19-norules-54.sgf" "$work/body.json" "${POINTS:-true}" <<'PY'
import json, sys
sgf = open(sys.argv[1]).read()
json.dump({"sgf": sgf, "rules": "all", "dead": "auto", "points": sys.argv[3] == "true"}, open(sys.argv[2], "w"))
PY
cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$work/body.json", "rb")
wrk.body = f:read("*a")
f:close()
LUA
# One request first: it must be a 200 (not a 4xx that would be cheap to answer).
code=$(curl -s -o "$work/answer.json" -w '%{http_code}' -X POST --data-binary @"$work/body.json" "$url/api/score")
[ "$code" = 200 ] || { echo "the request answers $code: $(head -c 300 "$work/answer.json")" >&2; exit 1; }
echo "answer: $(wc -c < "$work/answer.json") bytes, $(python3 -c "import json,sys; print(sum(len(r['scores']) for r in json.load(open(sys.argv[1]))['games'][0]['rulesets']))" "$work/answer.json") scores"
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
echo "server $url (pid $pid), resident memory at start: $(rss) KiB"
printf '%-6s %10s %10s %10s %10s %12s %8s\n' round "req/s" "p50" "p90" "p99" "RSS (KiB)" "non-2xx"
total=0
for r in $(seq "$rounds"); do
  out=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/post.lua" "$url/api/score")
  reqs=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p90=$(echo "$out" | awk '$1=="90%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  n=$(echo "$out" | awk '/requests in/ {print $1}')
  bad=$(echo "$out" | awk '/Non-2xx/ {print $5}')
  total=$((total + n))
  printf '%-6s %10s %10s %10s %10s %12s %8s\n' "$r" "$reqs" "$p50" "$p90" "$p99" "$(rss)" "${bad:-0}"
done
ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
# Thread switches of the server's threads alive now (the blocking pool's idle threads leave
# after 10 s; their switches are then not counted).
switches=$(cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}')
echo "$total requests in all; wrk -t$threads -c$connections -d${seconds}s --latency, $(nproc) cores"
# The server's own CPU time (user + system) per request: the figure that load from other
# processes on the machine changes least.
echo "server thread switches: $(awk -v s="$switches" -v n="$total" 'BEGIN {printf "%.2f a request", s / n}')"
echo "server CPU time: $(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" -v n="$total" 'BEGIN {printf "%.3f ms a request (%.1f s in all)", 1000 * t / hz / n, t / hz}')"
