#!/bin/bash
# Seed 001 on the command line: loopy kim (draws), Nim inside Nim on big
# piles, Bouton's Nim from standard input, the exact counts, bad input.
g="$1"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() { # expect WANT CMD...: stdout of CMD equals WANT, exit 0
    local want="$1"; shift
    local got; got=$("$@" 2>/dev/null); local rc=$?
    if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then ok; else bad "$* -> rc $rc, got '$got', want '$want'"; fi
}
refuse() { # refuse CMD...: exit 2, nothing on stdout, one line on stderr
    local out err rc
    out=$("$@" 2>/tmp/cli_kim_err.$$); rc=$?
    err=$(wc -l < /tmp/cli_kim_err.$$)
    if [ $rc -eq 2 ] && [ -z "$out" ] && [ "$err" -eq 1 ]; then ok; else bad "$* -> rc $rc, stdout '$out', $err stderr lines"; fi
}

# loopy readings: draws, never a loop
expect "draw  (retrograde analysis)" "$g" value kim:reading=R3 3 3 3
expect "P  (retrograde analysis)" "$g" value kim:reading=R3 2 2
expect '{"ruleset":"kim:reading=R4","position":[1,2,3],"outcome":"draw","value":null,"method":"retrograde analysis"}' \
    "$g" value kim:reading=R4 1 2 3 --format json
out=$("$g" value kim:reading=R3 1 2 3 --misere); [ $? -eq 0 ] && [ -n "$out" ] && ok || bad "misere loopy"
out=$("$g" moves kim:reading=R3 1 2 2); [ $? -eq 0 ] && echo "$out" | grep -q draw && ok || bad "moves loopy"

# Nim inside Nim: (1,4,6) is N although the paper says P; (1,y,y+2) with y = 2 mod 4 is P at any size
expect "N  value 1  (search)" "$g" value kim 1 4 6
expect "P  value 0  (Nim inside Nim (corrected))" "$g" value kim 1 2 4
expect "P  value 0  (Nim inside Nim (corrected))" "$g" value kim 1 100000000000000000000000000000000000000002 100000000000000000000000000000000000000004
out=$("$g" moves kim 1 100000000000000000000000000000 100000000000000000000000000007)
echo "$out" | grep -q '^\* take 9 from pile 2 ' && ok || bad "big winning move: $out"

# Bouton: many piles from standard input
expect "N  value 1000  (Bouton's theorem (nim-sum))" bash -c "seq 1 1000 | '$g' value nim -"
expect "P  value 0  (Bouton's theorem (nim-sum))" bash -c "seq 1 1003 | '$g' value nim -"

# counts
expect 1 "$g" count pairs --sum 2 --xor 0
expect 4 "$g" count pairs --sum 12 --xor 12 --ordered --zero
expect 2 "$g" count pairs --sum 12 --xor 12 --ordered
expect '{"count":"4"}' "$g" count zero-nim --sum 14 --format json
expect 12395723 "$g" count zero-nim --max-total 20000
expect 5 "$g" count no-carry --digits 3
expect 6 "$g" count no-carry --digits 3 --at-most
# 2 * (2^100 - 1): popcount 100, (3^100 - 3)/6
expect 85896253455335221839410188294270212117017920333 "$g" count zero-nim --sum 2535301200456458802993406410750
expect 85896253455335221839410188294270212117017920333 bash -c "echo 2535301200456458802993406410750 | '$g' count zero-nim --sum -"
big=$(head -c 100000 /dev/zero | tr '\0' 7)
n=$(echo "$big" | "$g" count zero-nim --max-total - | wc -c); [ "$n" -gt 50000 ] && ok || bad "100000-digit K: $n"
expect "total 14: 4 positions, 6 moves, 1 component, longest chain 4" bash -c "'$g' count zero-graph --sum 14 | head -1"
out=$("$g" count zero-graph --sum 30 --format json --list); echo "$out" | grep -q '"longest_chain":10' && ok || bad "graph json"

# bad input: exit 2, one line, nothing half-written
refuse "$g" count zero-nim --sum 12x
refuse "$g" count zero-nim
refuse "$g" count pairs --sum 5
refuse "$g" count no-carry --digits -1
refuse "$g" count zero-graph --sum 2199023255550
refuse "$g" count zero-nim --sum 4 --frob
refuse "$g" value kim:reading=R5 1 2
refuse "$g" count nothing

rm -f /tmp/cli_kim_err.$$
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
