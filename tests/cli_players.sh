#!/bin/bash
# Seed 002 on the command line: --players M, subtraction:S, seq classes,
# periods and nim-pairs, bad input.
G="$1"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() { # expect "description" "expected output" command...
    local what="$1" want="$2"
    shift 2
    local got
    got=$("$@" 2>&1)
    if [ "$got" == "$want" ]; then ok; else bad "$what: got [$got] want [$want]"; fi
}
expect_rc() { # expect_rc "description" code command...
    local what="$1" want="$2"
    shift 2
    "$@" >/tmp/cli_players.$$ 2>&1
    local rc=$?
    if [ "$rc" == "$want" ]; then ok; else bad "$what: exit $rc, want $want: $(cat /tmp/cli_players.$$)"; fi
    rm -f /tmp/cli_players.$$
}

expect "3-player nim A" "A  (m-player Nim (m-ation, Theorem 2.2))" "$G" value nim 1 --players 3
expect "3-player nim B" "B  (m-player Nim (m-ation, Theorem 2.2))" "$G" value nim 1 2 --players 3
expect "3-player nim C" "C  (m-player Nim (m-ation, Theorem 2.2))" "$G" value nim 5 5 5 --players 3
expect "2 players is normal play P" "P  (m-player Nim (m-ation, Theorem 2.2))" "$G" value nim 3 3 --players 2
expect "subtraction by search" "A  (search)" "$G" value subtraction:1,3,7 5 6 --players 3
expect "4 players class letters" "D  (search)" "$G" value subtraction:1,2 0 --players 4
# big piles (2800 bits): three equal piles have 3-sum zero
big=$(python3 -c 'print(7**1000)' 2>/dev/null || echo 1)
expect "big piles" "C  (m-player Nim (m-ation, Theorem 2.2))" "$G" value nim "$big" "$big" "$big" --players 3

out=$("$G" moves nim 3 5 6 --players 3)
if echo "$out" | grep -q '^\* take 2 from pile 1 .*3 3 6  A$' && [ "$(echo "$out" | grep -c '^\*')" == 2 ]; then ok; else
    bad "moves marks the moves to A from B: $out"; fi
out=$("$G" moves nim 123456789012345678901234567890 98765432109876543210 5 --players 3)
if [ $? == 0 ] && echo "$out" | grep -q '^position'; then ok; else bad "moves on big piles: $out"; fi

expect "seq classes" "CABABCAAABBBABBBC" "$G" seq subtraction:1,3,7 --to 16 --players 3
expect "seq from" "ABBBC" "$G" seq subtraction:1,3,7 --from 12 --to 16 --players 3
out=$("$G" seq subtraction:1,3,7 --to 16 --players 3 --period | sed -n 2p)
if [ "$out" == "period 16 preperiod 0" ]; then ok; else bad "period line: $out"; fi
out=$("$G" seq subtraction:2,6,7 --to 40 --players 3 --period | sed -n 2p)
if [ "$out" == "period 5 preperiod 13" ]; then ok; else bad "preperiod: $out"; fi
out=$("$G" seq subtraction:1,2 --to 4 --players 3 --bfile)
if [ "$out" == "$(printf '0 0\n1 1\n2 1\n3 2\n4 2')" ]; then ok; else bad "bfile: $out"; fi
if command -v python3 >/dev/null; then
    if "$G" seq subtraction:1,2 --to 30 --players 3 --period --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["period"]["period"]==5 and d["classes"][3]==2'; then ok; else bad "seq json"; fi
    if "$G" seq subtraction:1,3,7 --nim-pairs --to 20 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["nim_pairs"][10]==[[0,3],[1,2]]'; then ok; else bad "nim-pairs json"; fi
fi
# Thm 4.1: {1..n} has period 2n+1
out=$("$G" seq subtraction:1,2,3,4,5 --to 100 --players 3 --period | sed -n 2p)
if [ "$out" == "period 11 preperiod 0" ]; then ok; else bad "thm 4.1: $out"; fi
# the sequence agrees with value on single heaps
seq=$("$G" seq subtraction:2,5,6 --to 30 --players 4)
for x in 0 7 13 29; do
    v=$("$G" value subtraction:2,5,6 $x --players 4 | cut -c1)
    if [ "$v" == "${seq:$x:1}" ]; then ok; else bad "seq vs value at $x: $v vs ${seq:$x:1}"; fi
done

expect "nim-pairs" "$(printf '0 {0,0}\n1 {1,1}\n2 {2,2}\n3 {0,1}\n4 {3,3}\n5 {0,0}')" "$G" seq subtraction:1,2 --nim-pairs --to 5
expect "nim-pairs by search" "$("$G" seq subtraction:1,3,7 --nim-pairs --to 30)" "$G" seq subtraction:1,3,7 --nim-pairs --to 30 --method search
if "$G" seq subtraction:1,3,7 --nim-pairs --to 30 | grep -q '^10 {0,3} {1,2}   (2 pairs)$'; then ok; else bad "several pairs"; fi

expect_rc "players 1" 2 "$G" value nim 3 --players 1
expect_rc "players 27" 2 "$G" value nim 3 --players 27
expect_rc "subtraction without set" 2 "$G" value subtraction 3
expect_rc "subtraction zero" 2 "$G" value subtraction:0,1 3
expect_rc "subtraction junk" 2 "$G" value subtraction:1,x 3
expect_rc "subtraction empty item" 2 "$G" value subtraction:1,,2 3
expect_rc "nim-pairs 4 players" 2 "$G" seq subtraction:1,2 --nim-pairs --players 4 --to 5
expect_rc "nim-pairs bad method" 2 "$G" seq subtraction:1,2 --nim-pairs --to 5 --method fast
expect_rc "seq needs to" 2 "$G" seq subtraction:1,2 --players 3
out=$("$G" value subtraction:1,2 3 --players 0 2>&1)
if [ $? == 2 ] && [ "$(echo "$out" | wc -l)" == 1 ]; then ok; else bad "one-line message: $out"; fi

out=$("$G" check 002/thm-2.2)
if echo "$out" | grep -q holds; then ok; else bad "check thm-2.2: $out"; fi
out=$("$G" check 002/text-1.2)
if echo "$out" | grep -q 'smallest counterexample: (1)'; then ok; else bad "check text-1.2: $out"; fi

echo "$pass passed, $fail failed"
[ "$fail" == 0 ]
