#!/usr/bin/env bash
# The served API under load (not part of the test suite): requests/s, latency
# percentiles, errors and the server's memory (the server and its workers)
# for /api/value, /api/moves and /api/play on small positions, with the
# calls answered in the server's threads (--answer inprocess, the default
# and the server's own default), and, when MODES names them, by the pool of
# long-lived workers (workers) and by a fresh process per call (per-call);
# then, for the first two modes, the cheap /api/value call while six heavy
# /api/moves calls (sharing:piles=4 0,200,301,400: seconds of search each,
# in the workers) keep running, and the server's memory across it all. Each
# in-process row is held against the floors below (FLOOR ok / FLOOR MISSED).
# Loopback only; needs wrk (Debian: wrk, installed here with apt-get when
# missing and run as root) and curl.
# Usage: bash bench/serve.sh [PATH-TO-grundy] [SECONDS] [CONNECTIONS] [MODES]
#   MODES: space-separated, default "inprocess"; all: "inprocess workers per-call"
set -euo pipefail
G=${1:-build/grundy}
secs=${2:-10}
conns=${3:-16}
modes=${4:-inprocess}
# the floors on the 2-core reference machine: requests/s per call, p99 in ms
declare -A floor_rps=([value]=50000 [moves]=20000 [play]=10000)
floor_p99_ms=10
floor_heavy_p99_ms=50
if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null 2>&1; } || true
  fi
  command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk (Debian, as root)"; exit 1; }
fi
tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$tmp"' EXIT

calls=("api/value?rules=sharing&pos=3,5,9" "api/moves?rules=nim&pos=3,5,9,17" "api/play?rules=nim&pos=3,5,9")
heavy="api/moves?rules=sharing:piles=4&pos=0,200,301,400"
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

# ms TEXT: wrk's latency ("812.00us", "3.21ms", "1.20s") in milliseconds
ms() { awk -v t="$1" 'BEGIN { v = t + 0; if (t ~ /us$/) v /= 1000; else if (t ~ /ms$/) v += 0; else if (t ~ /s$/) v *= 1000; print v }'; }
verdicts=()

# run_wrk MODE LABEL URL [FLOOR-RPS FLOOR-P99-MS]: one row of the table
run_wrk() {
  local mode=$1 label=$2 url=$3 want_rps=${4:-} want_p99=${5:-}
  wrk -t2 -c"$conns" -d1s "$url" >/dev/null # warm up
  before=$(rss_mb)
  wrk -t2 -c"$conns" -d"${secs}s" --latency "$url" >"$tmp/wrk"
  after=$(rss_mb)
  rps=$(awk '/Requests\/sec/ {print $2}' "$tmp/wrk")
  pct() { awk -v p="$1%" '$1 == p {print $2}' "$tmp/wrk"; }
  errors=$(awk '/Non-2xx/ {n += $NF} /Socket errors/ {gsub(/,/, ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$tmp/wrk")
  printf '%-16s %-34s %10s %9s %9s %9s %8s %s -> %s\n' "$mode" "$label" "$rps" "$(pct 50)" "$(pct 90)" \
    "$(pct 99)" "$errors" "$before" "$after"
  if [ -n "$want_p99" ]; then
    local p99 ok=ok
    p99=$(ms "$(pct 99)")
    if [ -n "$want_rps" ] && awk -v a="$rps" -v b="$want_rps" 'BEGIN { exit !(a < b) }'; then ok=MISSED; fi
    if awk -v a="$p99" -v b="$want_p99" 'BEGIN { exit !(a >= b) }'; then ok=MISSED; fi
    verdicts+=("FLOOR $ok: $label: ${rps} req/s (floor ${want_rps:-none}), p99 ${p99} ms (under ${want_p99} ms)")
  fi
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
  own_first=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server/status")
  for call in "${calls[@]}"; do
    name=${call#api/}
    name=${name%%\?*}
    if [ "$mode" = inprocess ]; then
      run_wrk "$mode" "/${call%%&*}..." "$base$call" "${floor_rps[$name]}" "$floor_p99_ms"
    else
      run_wrk "$mode" "/${call%%&*}..." "$base$call"
    fi
  done
  if [ $((n_mode++)) -lt 2 ]; then
    # six heavy calls kept running (each loop sends its next when one is
    # answered or refused), while wrk measures the cheap call
    for i in 1 2 3 4 5 6; do
      (while :; do curl -s -o /dev/null "$base$heavy"; done) &
      heavy_pids+=($!)
    done
    sleep 1
    if [ "$mode" = inprocess ]; then
      run_wrk "$mode" "cheap value, 6 heavy running" "$base${calls[0]}" "" "$floor_heavy_p99_ms"
    else
      run_wrk "$mode" "cheap value, 6 heavy running" "$base${calls[0]}"
    fi
    kill "${heavy_pids[@]}" 2>/dev/null
    wait "${heavy_pids[@]}" 2>/dev/null || true
    heavy_pids=()
  fi
  last=$(rss_mb)
  echo "$mode: server + workers $first MB at the start, $last MB at the end"
  if [ "$mode" = inprocess ]; then
    # the server's own memory (the workers retire past their bound): flat is within 8 MB
    own=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server/status")
    ok=ok
    awk -v a="$own" -v b="$own_first" 'BEGIN { exit !(a - b >= 8) }' && ok=MISSED
    verdicts+=("FLOOR $ok: memory flat: the server $own_first -> $own MB (server + workers $first -> $last MB)")
  fi
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
done
echo "($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); wrk -t2 -c$conns -d${secs}s on loopback)"
for v in "${verdicts[@]}"; do echo "$v"; done
