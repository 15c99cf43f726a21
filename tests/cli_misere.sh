#!/usr/bin/env bash
# grundy misere: genera, quotients, quotient files (save, resume byte for
# byte, damage refused) and bad input; value/moves --misere on heap sums
# answered by the quotient.
source "$(dirname "$0")/lib_cli.sh"

expect_out '^     5  4\^146 +not a nim sum' "$G" misere tb:0.77 --to 9 --genus
expect_out '^heap 5 is the first whose genus is not a nim sum' "$G" misere tb:0.77 --to 9 --genus
expect_out '"heap":5,"genus":"4\^146","g":4,"lambda":\[1,4,6,4,6,4\]' "$G" misere tb:0.77 --to 5 --genus --format json
expect_out '^\|Q\| = 6, \|P\| = 2$' "$G" misere nim --to 3 --quotient
expect_out '^  b\^3 = b$' "$G" misere nim --to 3 --quotient
expect_out '^P-portion: a, b\^2$' "$G" misere nim --to 3 --quotient
expect_out '"order":10,"p_count":2,"generators":\[1,2,4\]' "$G" misere nim --to 7 --quotient --format json
expect_out '^misere search agrees on all 285 sums of up to 3 heaps each at most 9$' "$G" misere tb:0.07 --to 12 --quotient --verify 9
# files: saved, read back, resumed byte for byte
"$G" misere tb:0.07 --to 16 --quotient --out "$tmp/full" >/dev/null
"$G" misere tb:0.07 --to 9 --quotient --out "$tmp/half" >/dev/null
"$G" misere tb:0.07 --to 16 --quotient --resume "$tmp/half" --out "$tmp/resumed" >/dev/null
if cmp -s "$tmp/full" "$tmp/resumed"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: resumed quotient differs"; fi
expect_out '^\|Q\| = 24, \|P\| = 5$' "$G" misere --in "$tmp/full"
sed 's/^order 24$/order 25/' "$tmp/full" >"$tmp/bad"
expect_exit 2 'is not a sound quotient file: checksum mismatch' "$G" misere --in "$tmp/bad"
head -c 100 "$tmp/full" >"$tmp/cut"
expect_exit 2 'not a sound quotient file' "$G" misere --in "$tmp/cut"
expect_exit 2 'the saved quotient is of tb:0.07, not tb:0.77' "$G" misere tb:0.77 --to 20 --quotient --resume "$tmp/full"
# bad input
expect_exit 2 'sharing is not a game of heaps' "$G" misere sharing --to 5 --quotient
expect_exit 2 '--to 5000 is past 4096' "$G" misere tb:0.07 --to 5000 --quotient
expect_exit 2 'misere needs --to N' "$G" misere tb:0.07 --quotient
expect_exit 2 'one of --genus and --quotient' "$G" misere tb:0.07 --to 5
expect_exit 2 'cannot read' "$G" misere --in "$tmp/none"
expect_exit 2 '^grundy: --out and --resume go with a build, not a saved quotient read back$' \
  "$G" misere --in "$tmp/full" --out "$tmp/again"
expect_exit 2 '^grundy: misere needs --to N$' "$G" misere --in "$tmp/full" --genus
expect_out '^     5  0\^120 *$' "$G" misere --in "$tmp/full" --genus --to 5
# the engine: a sum search finds costly, answered by the quotient
expect_out '^N  \(misere quotient\)$' "$G" value tb:0.07 14 17 20 9 --misere
expect_out '^\* take 2 from heap 2 and split the rest into 9 9 +->  14 17 9 9 9  P' "$G" moves tb:0.07 14 17 20 9 --misere
# a saved quotient answers value and moves (--quotient FILE), misere only
expect_out '^N  \(misere quotient\)$' "$G" value tb:0.07 16 15 14 13 12 11 10 9 --misere --quotient "$tmp/full"
expect_out '"method":"misere quotient"' "$G" moves tb:0.07 14 16 --misere --quotient "$tmp/full" --format json
expect_exit 2 'answers misere play only' "$G" value tb:0.07 3 --quotient "$tmp/full"
expect_exit 2 'holds the quotient of tb:0.07, not tb:0.77' "$G" value tb:0.77 3 --misere --quotient "$tmp/full"
expect_exit 2 'not a sound quotient file' "$G" value tb:0.07 3 --misere --quotient "$tmp/bad"
expect_exit 2 'cannot read' "$G" moves tb:0.07 3 --misere --quotient "$tmp/none"
# a periodic phi: the quotient of all heaps, heaps of any size (heap 10^21 acts as 12, 10^21 + 1 as 11)
"$G" misere tb:0.31 --to 12 --quotient --out "$tmp/p31" >/dev/null
expect_out '^phi is periodic, period 2 from heap 3' "$G" misere --in "$tmp/p31"
expect_out '^tame: T2 = ' "$G" misere tb:0.31 --to 12 --quotient
expect_out '^no period of phi proved' "$G" misere tb:0.07 --to 16 --quotient
expect_out '^N  \(misere quotient\)$' "$G" value tb:0.31 1000000000000000000000 7 --misere --quotient "$tmp/p31"
expect_out '^N  \(search\)$' "$G" value tb:0.31 12 7 --misere
expect_out '^P  \(misere quotient\)$' "$G" value tb:0.31 1000000000000000000001 7 --misere --quotient "$tmp/p31"
expect_out '^P  \(search\)$' "$G" value tb:0.31 11 7 --misere
expect_out '^\* take 1 from heap 0 +->  999999999999999999999 7  P$' "$G" moves tb:0.31 1000000000000000000000 7 --misere --quotient "$tmp/p31"
# play by a saved quotient (--quotient FILE): misere Kayles at heaps beyond search, whose
# phi is proved periodic by heap 170; every computer move leaves a P-position by the quotient
"$G" misere tb:0.77 --to 170 --quotient --out "$tmp/kayles" >/dev/null
expect_exit 3 'search refused' "$G" play tb:0.77 1000 2000 7 --misere --first computer --script
printf '3 1\n1 = 500 1498\n' |
  "$G" play tb:0.77 1000 2000 7 --misere --quotient "$tmp/kayles" --first computer --script >"$tmp/play"
after=$(grep -v '"reply":"quit"' "$tmp/play" | grep -oE '"position":\[[0-9,]*\],"turn":[135],' | grep -oE '[0-9,]+\]' | tr -d ']' | tr ',' ' ')
if [ "$(printf '%s\n' "$after" | grep -c .)" -eq 3 ] && [ "$(grep -c '"by":"computer","kind"' "$tmp/play")" -eq 3 ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: play by the quotient: three computer moves expected, got: $(head -c 600 "$tmp/play")"
fi
while read -r pos; do
  [ -n "$pos" ] && expect_out '^P  \(misere quotient\)$' "$G" value tb:0.77 $pos --misere --quotient "$tmp/kayles"
done <<<"$after"
expect_exit 2 'answers misere play only' "$G" play tb:0.77 3 --quotient "$tmp/kayles" --script
expect_exit 2 'holds the quotient of tb:0.07, not tb:0.77' "$G" play tb:0.77 3 --misere --quotient "$tmp/full" --script
finish
