#!/usr/bin/env bash
# Time per request of misere value and play answered by a saved quotient
# (grundy serve --quotients DIR), one curl keeping the connection alive, in
# each answering mode. Not part of the test suite.
# Usage: bash bench/serve_quotients.sh [PATH-TO-grundy] [REQUESTS] [QUOTIENT-DIR]
#   QUOTIENT-DIR: a folder holding tb_0.07.grq (made here when missing:
#   Dawson's Kayles to heap 30, |Q| = 360, a 500 KB file, about 5 s)
set -euo pipefail
G=${1:-build/grundy}
n=${2:-200}
tmp=$(mktemp -d)
d=${3:-$tmp/quots}
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$d"
[ -f "$d/tb_0.07.grq" ] || "$G" misere tb:0.07 --to 30 --quotient --out "$d/tb_0.07.grq" >/dev/null
# one URL n times: curl sends them on one connection
urls() {
  for _ in $(seq "$n"); do printf 'url = "%s"\noutput = "/dev/null"\n' "$1"; done
}
for mode in inprocess workers; do
  "$G" serve --port 0 --workers 1 --answer "$mode" --quotients "$d" 2>"$tmp/err" &
  server=$!
  for _ in $(seq 100); do
    grep -q 'serving on' "$tmp/err" && break
    sleep 0.1
  done
  base=$(grep -o 'http://[^ ]*/' "$tmp/err")
  for call in "api/value?rules=tb:0.07&pos=14,17,20,9&misere=1" \
    "api/play?rules=tb:0.07&pos=14,17,20,9&misere=1&first=me&input=hint"; do
    curl -s "$base$call" | grep -q 'misere quotient\|heaps up to 30' || echo "not answered by the quotient: $call"
    urls "$base$call" >"$tmp/urls"
    t0=$(date +%s.%N)
    curl -s -K "$tmp/urls"
    t1=$(date +%s.%N)
    printf '%-10s %-6s %8.2f ms a request (%d requests)\n' "$mode" "${call:4:5}" \
      "$(echo "($t1 - $t0) * 1000 / $n" | bc -l)" "$n"
  done
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
done
