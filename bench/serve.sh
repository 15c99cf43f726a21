#!/usr/bin/env bash
# The served API under load (not part of the test suite): requests/s, latency
# percentiles, errors and the server's memory (the server and its workers)
# for /api/value, /api/moves and /api/play on small positions, with the
# calls answered in the server's threads (--answer inprocess), by the pool of
# long-lived workers (--answer workers) and, unless MODES says otherwise, by
# a fresh process per call, in one run; then, for the first two modes, the
# cheap /api/value call while six heavy /api/moves calls (sharing:piles=4,
# seconds of search each) keep running, and the server's memory across it
# all. Loopback only; needs wrk (Debian: wrk) and curl.
# Usage: bash bench/serve.sh [PATH-TO-grundy] [SECONDS] [CONNECTIONS] [MODES]
#   MODES: space-separated, default "inprocess workers per-call"
set -euo pipefail
G=${1:-build/grundy}
secs=${2:-10}
conns=${3:-16}
modes=${4:-inprocess workers per-call}
command -v wrk >/dev/null || { echo "wrk is needed (Debian: apt-get install wrk)"; exit 1; }
tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$tmp"' EXIT

calls=("api/value?rules=sharing&pos=3,5,9" "api/moves?rules=nim&pos=3,5,9,17" "api/play?rules=nim&pos=3,5,9")
heavy="api/moves?rules=sharing:piles=4&pos=0,200,301,"
heavy_pids=()
trap '[ -n "$server" ] && kill $server 2>/dev/null; [ ${#heavy_pids[@]} -gt 0 ] && kill "${heavy_pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT

# resident memory of the server and its workers, in MB
rss_mb() {
  local total=0 p kb
  for p in "$server" $(pgrep -P "$server" || true); do
    kb=$(awk '/VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null || true) # a process per call may be gone already
    total=$((total + ${kb:-0}))
  done
  awk -v k="$total" 'BEGIN {printf "%.1f", k / 1024}'
}

# run_wrk MODE LABEL URL: one row of the table
run_wrk() {
  local mode=$1 label=$2 url=$3
  wrk -t2 -c"$conns" -d1s "$url" >/dev/null # warm up
  before=$(rss_mb)
  wrk -t2 -c"$conns" -d"${secs}s" --latency "$url" >"$tmp/wrk"
  after=$(rss_mb)
  rps=$(awk '/Requests\/sec/ {print $2}' "$tmp/wrk")
  pct() { awk -v p="$1%" '$1 == p {print $2}' "$tmp/wrk"; }
  errors=$(awk '/Non-2xx/ {n += $NF} /Socket errors/ {gsub(/,/, ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$tmp/wrk")
  printf '%-16s %-34s %10s %9s %9s %9s %8s %s -> %s\n' "$mode" "$label" "$rps" "$(pct 50)" "$(pct 90)" \
    "$(pct 99)" "$errors" "$before" "$after"
}

printf "%-16s %-34s %10s %9s %9s %9s %8s %s\n" mode call 'req/s' p50 p90 p99 errors 'memory MB (before -> after)'
n_mode=0
for mode in $modes; do
  case $mode in # workers: as many as threads
    inprocess) flags=(--answer inprocess) ;;
    workers) flags=(--answer workers) ;;
    per-call) flags=(--answer workers --workers 0) ;;
    *) echo "unknown mode $mode"; exit 1 ;;
  esac
  "$G" serve --port 0 "${flags[@]}" --max-per-ip 256 2>"$tmp/serve.err" &
  server=$!
  for _ in $(seq 100); do grep -q 'serving on' "$tmp/serve.err" && break; sleep 0.1; done
  base=$(grep -o 'http://[^ ]*/' "$tmp/serve.err")
  first=$(rss_mb)
  for call in "${calls[@]}"; do
    run_wrk "$mode" "/${call%%&*}..." "$base$call"
  done
  if [ $((n_mode++)) -lt 2 ]; then
    # six heavy calls kept running (each loop sends its next when one is
    # answered or refused), while wrk measures the cheap call
    for i in 1 2 3 4 5 6; do
      (while :; do curl -s -o /dev/null "$base$heavy$((400 + i))"; done) &
      heavy_pids+=($!)
    done
    sleep 1
    run_wrk "$mode" "cheap value, 6 heavy running" "$base${calls[0]}"
    kill "${heavy_pids[@]}" 2>/dev/null
    wait "${heavy_pids[@]}" 2>/dev/null || true
    heavy_pids=()
  fi
  echo "$mode: server + workers $first MB at the start, $(rss_mb) MB at the end"
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
done
echo "($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); wrk -t2 -c$conns -d${secs}s on loopback)"
