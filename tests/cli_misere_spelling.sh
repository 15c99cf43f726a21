#!/usr/bin/env bash
# A quotient file names the rules it was computed for: another spelling of
# the same game (tb:.07 for tb:0.07, a trailing 0 digit, grundy-game for
# tb:4!.; a subtraction set in any order, or the code listing the same heap
# moves: subtraction:3,2,1, tb:0.333) is taken by value, moves, play,
# --resume and misere --in's check; another game is refused with one line,
# exit 2.
source "$(dirname "$0")/lib_cli.sh"

"$G" misere tb:0.07 --to 16 --quotient --out "$tmp/dk" >/dev/null
"$G" misere tb:0.137 --to 12 --quotient --out "$tmp/dc" >/dev/null
"$G" misere grundy-game --to 10 --quotient --out "$tmp/gg" >/dev/null
for r in tb:0.07 tb:.07 tb:0.070; do
  expect_out '^N  \(misere quotient\)$' "$G" value "$r" 14 15 --misere --quotient "$tmp/dk"
  expect_out '"outcome":"P"' "$G" moves "$r" 14 15 --misere --quotient "$tmp/dk" --winning --format json
done
for r in tb:0.137 tb:.137; do
  expect_out '^N  \(misere quotient\)$' "$G" value "$r" 12 7 4 --misere --quotient "$tmp/dc"
done
expect_out '\(misere quotient\)$' "$G" value 'tb:4!.' 9 10 --misere --quotient "$tmp/gg"
expect_exit 2 'holds the quotient of tb:0.137, not tb:0.07' "$G" value tb:0.07 12 7 --misere --quotient "$tmp/dc"
expect_exit 2 'holds the quotient of tb:0.07, not tb:.137' "$G" moves tb:.137 12 7 --misere --quotient "$tmp/dk"
expect_exit 2 'holds the quotient of tb:0.07, not tb:0.77' "$G" play tb:0.77 3 --misere --quotient "$tmp/dk" --script
# --resume: another spelling carries on, byte for byte as a fresh build
"$G" misere tb:.07 --to 9 --quotient --out "$tmp/half" >/dev/null
"$G" misere tb:0.07 --to 16 --quotient --resume "$tmp/half" --out "$tmp/resumed" >/dev/null
if cmp -s "$tmp/dk" "$tmp/resumed"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: resumed quotient differs"; fi
expect_exit 2 'the saved quotient is of tb:.07, not tb:0.137' "$G" misere tb:0.137 --to 16 --quotient --resume "$tmp/half"
# the same heap moves: a subtraction set in any order, with repeats, or as its code
"$G" misere subtraction:1,2,3 --to 12 --quotient --out "$tmp/s123" >/dev/null
for r in subtraction:1,2,3 subtraction:3,2,1 subtraction:2,1,3,3 tb:0.333; do
  expect_out '^P  \(misere quotient\)$' "$G" value "$r" 5 6 7 --misere --quotient "$tmp/s123"
  expect_out '^N  \(misere quotient\)$' "$G" value "$r" 5 6 7 1 --misere --quotient "$tmp/s123"
done
expect_exit 2 'holds the quotient of subtraction:1,2,3, not subtraction:1,2$' \
  "$G" value subtraction:1,2 5 6 --misere --quotient "$tmp/s123"
expect_exit 2 'holds the quotient of subtraction:1,2,3, not tb:0.33$' "$G" value tb:0.33 5 6 --misere --quotient "$tmp/s123"
"$G" misere subtraction:3,2,1 --to 6 --quotient --out "$tmp/s321half" >/dev/null
"$G" misere tb:0.333 --to 12 --quotient --resume "$tmp/s321half" --out "$tmp/s333" >/dev/null
"$G" misere tb:0.333 --to 12 --quotient --out "$tmp/s333fresh" >/dev/null
if cmp -s "$tmp/s333" "$tmp/s333fresh"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: tb:0.333 resumed from subtraction:3,2,1"; fi
finish
