#!/usr/bin/env bash
# grundy misere --quotient's estimate: a bound far past what the time limit
# allows is refused by estimate (exit 3, one line, well before the limit),
# from the build's own steps; the bounds the docs use still run.
source "$(dirname "$0")/lib_cli.sh"

start=$(date +%s)
expect_exit 3 '^grundy: refused by estimate: the quotient of tb:0.07 to heap 4096 needs at least [0-9]+ s .*past the time limit \(60 s\)' \
  "$G" misere tb:0.07 --to 4096 --quotient
t=$(($(date +%s) - start))
if [ "$t" -lt 45 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the refusal took $t s (the limit is 60)"; fi
# Dawson's Kayles to heap 30: |Q| = 360, not refused
expect_out '\|Q\| = 360, \|P\| = 65' "$G" misere tb:0.07 --to 30 --quotient
finish
