#!/usr/bin/env bash
# grundy misere's bounds: a genus far past the limits is refused up front
# by its estimate (exit 3, at once, not after the time limit), a bound past
# the largest heap and a ruleset without heaps are bad input (exit 2).
source "$(dirname "$0")/lib_cli.sh"

start=$(date +%s)
expect_exit 3 '^grundy: refused by estimate: the genus of heap 4000 needs misere search over up to' "$G" misere tb:0.07 --to 4000 --genus
expect_exit 3 'refused by estimate: the genus of heap 100 ' "$G" misere tb:0.77 --to 100 --genus
if [ $(($(date +%s) - start)) -lt 20 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the refusals took $(($(date +%s) - start)) s"; fi
# a game that never splits a heap is not priced so: its search stays small
expect_out '^every heap 0..1000 has the genus of a nim sum' "$G" misere subtraction:1,3,7 --to 1000 --genus
expect_exit 2 'past 4096, the largest heap the misere tools take' "$G" misere tb:0.07 --to 100000 --quotient
expect_exit 2 'sharing is not a game of heaps' "$G" misere sharing --to 5 --genus
finish
