#!/usr/bin/env bash
# What moves and play print: a split names its parts (text and JSON), a
# position without moves says so, Nim speaks of piles as its board does, and
# interactive play reads the person's move back with the position it leaves.
source "$(dirname "$0")/lib_cli.sh"

expect_out '^  split heap 0 into 1 2 10 +->  1 2 10  N 9$' "$G" moves split 13
expect_out '^  split heap 0 into 1 1 4 +->  1 7 1 4 ' "$G" moves split 6 7
expect_out 'take 1 from heap 0 and split the rest into 1 2 +->  1 2 2 ' "$G" moves tb:0.77 4 2
expect_out '"kind":"split","from":0,"amount":0,"parts":\[1,2,10\],"result":\[1,2,10\]' "$G" moves split 13 --format json
expect_out '"kind":"split","from":1,"amount":0,"parts":\[1,2\],"result":\[4,1,2\]' "$G" moves split:parts=2 4 3 --format json
# no moves
for rules in nim kim sharing split tb:0.77 grundy-game subtraction:1,2; do
  expect_out '^  no moves: ' "$G" moves $rules 0 0 0
done
expect_out '^  no winning move: ' "$G" moves nim 1 1 --winning
# Nim's piles
expect_out "^\* take 12345678901234567890123 from pile 0 +->  0  C" "$G" moves nim 12345678901234567890123 --players 3
printf '0 9\nquit\n' | "$G" play nim 1 2 3 >"$tmp/play" 2>&1
if grep -q "pile 0 has fewer tokens than that" "$tmp/play"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: play nim says: $(grep fewer "$tmp/play")"; fi
printf '0 9\nquit\n' | "$G" play split 1 2 3 >"$tmp/play" 2>&1
if grep -q "pile 0 has fewer tokens than that" "$tmp/play"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: play split says: $(grep fewer "$tmp/play")"; fi
# the person's move, read back
printf '0 1\nquit\n' | "$G" play nim 1 2 3 >"$tmp/play" 2>&1
if grep -q "^> You: take 1 from pile 0  ->  0 2 3$" "$tmp/play"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: play does not echo the move: $(head -c 400 "$tmp/play")"; fi
printf '0 = 1 2 2\nquit\n' | "$G" play split 5 >"$tmp/play" 2>&1
if grep -q "^> You: split pile 0 into 1, 2 and 2  ->  1 2 2$" "$tmp/play"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: play split does not echo the move: $(head -c 400 "$tmp/play")"; fi
# seq --misere and --players on heap rulesets: classes of one heap
expect_out '^N P N N N N$' "$G" seq nim --to 5 --misere
expect_out '^C A A A A A$' "$G" seq nim --to 5 --players 3
expect_out '^N P N N P N N N N P N N P$' "$G" seq tb:0.77 --to 12 --misere
expect_out '"outcome":"misere","from":0,"to":3,"classes":\["N","P","N","N"\]' "$G" seq split --to 3 --misere --format json
expect_out '^C C C A B B C A A B B C A$' "$G" seq grundy-game --to 12 --players 3
expect_exit 2 "seq does not cover --misere for 'sharing'" "$G" seq sharing --to 5 --misere
expect_exit 2 "seq does not cover --block=1 for 'nim'" "$G" seq nim --to 5 --block 1
expect_exit 2 "--bfile conflicts with --misere" "$G" seq nim --to 5 --misere --bfile
# answers that exist: huge Sharing Nim positions that are small ones shifted
# (Lemma 1), and heap sequences from a certified period
expect_out '^N  value 2  \(search\)$' "$G" value sharing 100000000000000000000003 100000000000000000000005 \
  100000000000000000000009
expect_out '^N  value 8  \(search\)$' "$G" value sharing:piles=4 100000000000000000000003 100000000000000000000005 \
  100000000000000000000009 100000000000000000000000
"$G" seq tb:0.77 --to 200 >"$tmp/short"
"$G" seq tb:0.77 --to 1000000 --period >"$tmp/long"
if [ "$(head -1 "$tmp/long" | cut -d' ' -f1-201)" = "$(cat "$tmp/short")" ] && grep -q "^period: preperiod 71, period 12" "$tmp/long"; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: seq tb:0.77 --to 1000000 --period: $(tail -c 300 "$tmp/long")"; fi
# a code the periodicity theorem covers: its period is looked for first,
# within a bound in heaps (never seconds), so the method is the same
# however loaded the machine is; a code without one within the bound, or a
# run that reaches --to first, is the sparse method's
expect_out '"method":"certified period"' "$G" seq tb:0.77 --to 1000000 --format json
expect_out '"method":"certified period",.*"values":\[2,7,4,1,2,8,1,4,7,2,1\]' "$G" seq tb:0.77 --from 19999990 --to 20000000 --format json
expect_out '"method":"certified period"' "$G" seq tb:0.16 --to 600000 --format json
expect_out '"method":"sparse"' "$G" seq tb:0.6 --to 60000 --format json
expect_out '"method":"fast"' "$G" seq tb:0.6 --to 49999 --format json
# sharing:piles=3 is the game sharing is: Theorem P on piles past 2^64, in
# the same words (text and JSON, but for the ruleset as written)
x=1180591620717411303424; y=2361183241434822606848; z=4722366482869645213696
for f in text json; do
  want=$("$G" value sharing $x $y $z --format $f 2>&1 | sed 's/"ruleset":"sharing"/"ruleset":"R"/')
  got=$("$G" value sharing:piles=3 $x $y $z --format $f 2>&1 | sed 's/"ruleset":"sharing:piles=3"/"ruleset":"R"/')
  if [ "$got" = "$want" ] && echo "$got" | grep -q 'Theorem P of seed 000'; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: sharing:piles=3 answers unlike sharing ($f): $got / $want"; fi
done
if [ "$("$G" table sharing:piles=3 --max 9)" = "$("$G" table sharing --max 9)" ] &&
   [ "$("$G" seq sharing:piles=3 --row 2 --to 30)" = "$("$G" seq sharing --row 2 --to 30)" ]; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: table/seq sharing:piles=3 unlike sharing"; fi
expect_out '^P  value 0  \(Theorem P of seed 000 \(three-pile Sharing Nim\)\)$' "$G" value sharing:piles=3 $x $y $y
expect_out '^\* move 1180591620717411303424 from pile 2 to pile 0 ' "$G" moves sharing:piles=3 $x $y $z
# normalised first under Kim's reading R1: an empty pile is inert, and the
# three piles left are the closed form's
expect_out '^P  value 0  \(Nim inside Nim \(corrected\)\)$' "$G" value kim 1 0 100000000000000000000000000000000000000002 \
  100000000000000000000000000000000000000004
# four-pile Sharing Nim beyond search, within the tier solver's reach
expect_out '^N  value 170  \(tier solver\)$' "$G" value sharing:piles=4 100 200 300 400
expect_exit 3 "search refused: .*; the tier solver: this solve (needs|would take) about" "$G" value sharing:piles=4 1000 2000 3000 4000
finish
