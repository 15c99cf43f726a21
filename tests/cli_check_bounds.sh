#!/usr/bin/env bash
# grundy check is bounded: every claim's cost is estimated before it runs, and
# a bound out of reach is refused at once (exit 3, over a limit) instead of running on.
source "$(dirname "$0")/lib_cli.sh"

ids=$("$G" check --list | awk '{print $1}')
[ "$(printf '%s\n' "$ids" | wc -l)" -gt 50 ] || { echo "FAIL: check --list lists too few claims"; exit 1; }
for id in $ids; do
  start=$(date +%s%N)
  # a fixed statement takes no bound (bad input, 2); any other is over the time limit (3)
  want=3
  "$G" check "$id" --to 1000000000 2>&1 >/dev/null | grep -q "checks a fixed statement" && want=2
  expect_exit $want "^grundy: (--to 1000000000: )?$id " "$G" check "$id" --to 1000000000
  wall=$((($(date +%s%N) - start) / 1000000))
  ms=$(cpu_ms "$G" check "$id" --to 1000000000)
  # a second of CPU; the wall clock only guards against a hang on a loaded machine
  if [ "$ms" -le "$cpu_second" ] && [ "$wall" -le 10000 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $id --to 10^9 took $ms ms of CPU, $wall ms"; fi
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
