#!/bin/bash
# grundy seq on heap rulesets: values, formats, periodicity, exit codes.
G="$1"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

expect_out() { # expected command...
    local want="$1"; shift
    local got
    got=$("$@" 2>/dev/null)
    if [ "$got" == "$want" ]; then ok; else bad "$* -> '$got', want '$want'"; fi
}

expect_status() { # status command...
    local want="$1"; shift
    local out err
    out=$("$@" 2>/tmp/cli_seq_heap_err.$$)
    local st=$?
    err=$(cat /tmp/cli_seq_heap_err.$$)
    if [ "$st" != "$want" ]; then bad "$* exited $st, want $want"; return; fi
    if [ "$want" == 2 ]; then
        # one line on stderr, nothing on stdout
        if [ -n "$out" ]; then bad "$*: half an answer on stdout"; return; fi
        if [ "$(printf '%s\n' "$err" | wc -l)" != 1 ]; then bad "$*: message is not one line: $err"; return; fi
    fi
    ok
}

expect_out "0 1 2 3 1 4 3 2 1 4 2 6 4" "$G" seq tb:0.77 --to 12
expect_out "0 0 1 1 2 0 3 1 1 0 3" "$G" seq tb:0.07 --to 10
expect_out "0 0 0 1 0 2 1 0 2 1 0" "$G" seq grundy-game --to 10
expect_out "0 0 0 1 0 2 1 0 2 1 0" "$G" seq 'tb:4!.' --to 10
expect_out "0 1 2 4 3 5 6 8 7" "$G" seq split:parts=2 --to 8
expect_out "6 8 7 9" "$G" seq split --from 6 --to 9
expect_out "6 8 7 9" "$G" seq split --from 6 --to 9 --method simple
expect_out "0 1 2 3 4 5" "$G" seq nim --to 5
expect_out "$(printf '0 0\n1 1\n2 2\n3 4')" "$G" seq split:parts=2 --to 3 --bfile
expect_out '{"ruleset":"split","from":0,"to":3,"method":"fast","values":[0,1,2,3]}' "$G" seq split --to 3 --format json
expect_out '{"ruleset":"tb:0.77","from":0,"to":4,"method":"simple","values":[0,1,2,3,1]}' "$G" seq tb:0.77 --to 4 --method simple --format json

# periodicity and the octal certificate
out=$("$G" seq tb:0.77 --to 200 --period)
if grep -q "preperiod 71, period 12" <<<"$out" && grep -q "check had to run to G(167)" <<<"$out"; then ok; else bad "Kayles period: $out"; fi
out=$("$G" seq tb:0.77 --to 165 --period)
if grep -q "needs G up to 167" <<<"$out"; then ok; else bad "Kayles short: $out"; fi
out=$("$G" seq subtraction:1,3,4 --to 100 --period)
if grep -q "period 7" <<<"$out" && grep -q "at most k = 1 heaps" <<<"$out" && grep -q "periodic for ever" <<<"$out"; then ok; else
    bad "subtraction period certified as the code 0.3033: $out"; fi
out=$("$G" seq split --to 200 --period)
if grep -q "arithmetic, preperiod 1, period 8, saltus 8" <<<"$out"; then ok; else bad "split period: $out"; fi
out=$("$G" seq tb:0.07 --to 300 --period --format json)
if grep -q '"preperiod":53,"period":34,"saltus":0' <<<"$out" && grep -q '"certified":true' <<<"$out"; then ok; else bad "Dawson json: $out"; fi
out=$("$G" seq split --to 50 --period --bfile 2>/dev/null | tail -1)
if [ "$out" == "50 50" ]; then ok; else bad "bfile with --period: stdout ends '$out'"; fi

# bad input: one line, exit 2, nothing on stdout
expect_status 2 "$G" seq 'tb:0.7-' --to 5
expect_status 2 "$G" seq tb:077 --to 5
expect_status 2 "$G" seq 'tb:0.[3' --to 5
expect_status 2 "$G" seq tb --to 5
expect_status 2 "$G" seq tb:2.3 --to 5
expect_status 2 "$G" seq split:parts=1 --to 5
expect_status 2 "$G" seq split:parts=32 --to 5
expect_status 2 "$G" seq split:pieces=3 --to 5
expect_status 2 "$G" seq grundy-game:x=1 --to 5
expect_status 2 "$G" seq split --to 5 --method quick
expect_status 2 "$G" seq 'tb:8!.' --to 5 --method fast
expect_status 2 "$G" seq split --to 5 --format csv
expect_status 2 "$G" seq split
expect_status 2 "$G" seq split --to 9 --from 10
expect_status 2 "$G" seq split --to 100000 --max-seconds 0
expect_status 0 "$G" seq split:parts=5 --to 20 --method fast
expect_status 0 "$G" seq 'tb:8!.' --to 20
# positions with several heaps: the XOR of the heaps' values from the nim-sequence engine
expect_out "N  value 3  (nim-sequence, fast)" "$G" value split:parts=4 1 2
# the seed's formula on heaps of any size (10^30 = 0 mod 8: f = 10^30 - 1)
expect_out "N  value 999999999999999999999999999999  (split-heap formula (seed 004; Lasker's Nim))" "$G" value split 1000000000000000000000000000000
expect_out "P  value 0  (split-heap formula (seed 004; Lasker's Nim))" "$G" value split 7 7
expect_status 3 "$G" moves split 100000000000000000000 3
expect_status 0 "$G" value tb:0.77 3 4 5
expect_out "N  value 1  (nim-sequence, fast)" "$G" value tb:0.77 40
expect_out "N  value 5658  (nim-sequence, fast)" "$G" value split:parts=4 5000 77
expect_status 3 "$G" value split:parts=4 100000000 --max-seconds 1

rm -f /tmp/cli_seq_heap_err.$$
echo "$pass passed, $fail failed"
[ "$fail" == 0 ]
