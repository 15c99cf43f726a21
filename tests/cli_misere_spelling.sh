#!/usr/bin/env bash
# A quotient file names the rules it was computed for: another spelling of
# the same game (tb:.07 for tb:0.07, a trailing 0 digit, grundy-game for
# tb:4!.) is taken by value, moves, play and --resume; another game is
# refused with one line, exit 2.
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
finish
