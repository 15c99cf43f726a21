#!/usr/bin/env bash
# grundy check is bounded: every claim's cost is estimated before it runs, and
# a bound out of reach is refused at once (exit 3, over a limit) instead of running on.
source "$(dirname "$0")/lib_cli.sh"

ids=$("$G" check --list | awk '{print $1}')
[ "$(printf '%s\n' "$ids" | wc -l)" -gt 50 ] || { echo "FAIL: check --list lists too few claims"; exit 1; }
# one run a claim gives its status, its message and its CPU time (three runs
# a claim made this the slowest test under AddressSanitizer)
TIMEFORMAT='%3U %3S %3R'
for id in $ids; do
  { time "$G" check "$id" --to 1000000000 >"$tmp/out" 2>"$tmp/err" </dev/null; } 2>"$tmp/cpu"
  got=$?
  read -r user sys real <"$tmp/cpu"
  ms=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%d", (u + s) * 1000}')
  wall=$(awk -v r="$real" 'BEGIN {printf "%d", r * 1000}')
  # a fixed statement takes no bound (bad input, 2); any other is over the time limit (3)
  want=3
  grep -q "checks a fixed statement" "$tmp/err" && want=2
  # a second of CPU; the wall clock only guards against a hang on a loaded machine
  if [ "$got" -eq "$want" ] && [ "$(wc -l <"$tmp/err")" -le 1 ] && [ ! -s "$tmp/out" ] &&
     grep -qE -- "^grundy: (--to 1000000000: )?$id " "$tmp/err" &&
     [ "$ms" -le "$cpu_second" ] && [ "$wall" -le 10000 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $id --to 10^9: exit $got (want $want), $ms ms of CPU, $wall ms: $(head -c 300 "$tmp/err")"; fi
done
# whole seeds, and everything
for seed in 000 001 002 003 004; do
  want=3
  "$G" check $seed --to 1000000000 2>&1 >/dev/null | grep -q "fixed statement" && want=2
  expect_exit $want "would take about|fixed statement" "$G" check $seed --to 1000000000
done
expect_exit 3 "would take about" "$G" check --to 1000000000
# the message says the limit and the default
expect_exit 3 "^grundy: 001/thm-9.3 --to 1000 would take about .* over the limit of 60 s \(--max-seconds\); its default bound is 60$" \
  "$G" check 001/thm-9.3 --to 1000
expect_exit 3 "001/thm-9.3 --to 1000 would take about .* over the limit of 5 s" "$G" check 001/thm-9.3 --to 1000 --max-seconds 5
expect_exit 2 "^grundy: --to 5: 001/lemma-9.2 checks a fixed statement" "$G" check 001/lemma-9.2 --to 5
# within the limit it runs
expect_out "^001/thm-9.3 +(holds|fails) " "$G" check 001/thm-9.3 --to 30
expect_out "^001/lemma-3.4 +holds" "$G" check 001/lemma-3.4 --to 400 --max-seconds 10
finish
