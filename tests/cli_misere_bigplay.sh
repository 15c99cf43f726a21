#!/usr/bin/env bash
# Perfect misere play at any size: where phi is proved periodic (a quotient
# of all heaps), play --misere moves from heaps of 10^12 and 10^30 at once,
# and every move it makes leaves a P-position by value --misere; moves
# --misere lists within the walk of normal play (1e8 moves) and refuses past
# it naming value and play. The class walk against the full listing at small
# sizes is tests/test_misere_classes.c.
source "$(dirname "$0")/lib_cli.sh"
trap 'stop_server; rm -rf "$tmp"' EXIT

e12=1000000000000
e30=1000000000000000000000000000000
checked=0
# codes whose quotient to heap 40 proves phi periodic (built on the fly):
# 0.75 period 2 from 8, 0.71 period 6 from 3, 0.73 period 4 from 2, 0.51
for code in 0.75 0.71 0.73 0.51; do
  for pos in "$e12 5" "$e30 5" "$e12 6 3" "$e30 6 3" "7 $e30" "$e30 $e12 2" "3000001 4"; do
    "$G" value tb:$code $pos --misere >"$tmp/v" 2>&1
    grep -q '^N  (misere quotient)$' "$tmp/v" || continue
    printf 'quit\n' | "$G" play tb:$code $pos --misere --first computer --script >"$tmp/play" 2>"$tmp/err"
    after=$(head -1 "$tmp/play" | grep -oE '"position":\[[0-9,"]*\]' | tail -1 | grep -oE '\[.*\]' | tr -d '[]"' |
            tr ',' ' ')
    if [ -z "$after" ] || ! grep -q '"by":"computer"' "$tmp/play"; then
      fail=$((fail + 1))
      echo "FAIL: play tb:$code $pos --misere: no computer move: $(head -c 300 "$tmp/play") $(head -c 300 "$tmp/err")"
      continue
    fi
    expect_out '^P  \(misere quotient\)$' "$G" value tb:$code $after --misere
    checked=$((checked + 1))
  done
done
# most of these positions are N (each code has several)
if [ "$checked" -ge 20 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: only $checked moves checked"; fi

# a hint names the winning move and the quotient's reason
printf 'hint\nquit\n' | "$G" play tb:0.75 $e30 5 --misere --script >"$tmp/hint"
expect_out '"hint":\{"move":\{"kind":"(take|split)".*"winning":true.*misere quotient Q' cat "$tmp/hint"
# a P-position: the computer has no winning move and says so by moving anyway
expect_out '^P  \(misere quotient\)$' "$G" value tb:0.75 999999999999 5 --misere
printf 'quit\n' | "$G" play tb:0.75 999999999999 5 --misere --first computer --script >"$tmp/lost"
expect_out '"by":"computer"' cat "$tmp/lost"

# the server's play: the computer's first move and the hint, by the same walk
start_server api
get api_c "${base}api/play?rules=tb:0.73&pos=$e30,6,3&misere=1&first=computer"
get api_h "${base}api/play?rules=tb:0.71&pos=$e12,5&misere=1&first=me&input=hint"
stop_server
check "api play: the computer moves from 10^30: $(head -c 300 "$tmp/api_c.body")" \
  "[ \"\$(cat $tmp/api_c.code)\" = 200 ] && grep -q '\"by\":\"computer\"' $tmp/api_c.body"
after=$(grep -oE '"position":\[[0-9,"]*\]' "$tmp/api_c.body" | tail -1 | grep -oE '\[.*\]' | tr -d '[]"' | tr ',' ' ')
[ -n "$after" ] && expect_out '^P  \(misere quotient\)$' "$G" value tb:0.73 $after --misere || { fail=$((fail + 1)); echo "FAIL: api play: no position"; }
check "api play: the hint is a winning move by the quotient: $(head -c 300 "$tmp/api_h.body")" \
  "grep -q '\"winning\":true.*misere quotient Q' $tmp/api_h.body"

# moves: within the walk of normal play, the winning ones past 10^6 moves
expect_out 'only the winning ones are listed.*By misere quotient' "$G" moves tb:0.75 2000000 5 --misere
expect_out '^\* take 1 from heap 0 +->  1999999 5  P$' "$G" moves tb:0.75 2000000 5 --misere
expect_out '^P  \(misere quotient\)$' "$G" value tb:0.75 1999999 5 --misere
# past it: refused as normal play refuses, naming value and play (exit 3, a limit)
expect_exit 3 "^grundy: heap 0 has about 1e\+12 moves, more than the 100000000 walked for the winning ones; 'grundy value' gives the value and 'grundy play' a winning move$" "$G" moves tb:0.75 $e12 5 --misere
expect_exit 3 "heap 0 \(31 digits\) has too many moves to list; 'grundy value' gives the value and 'grundy play' a winning move" "$G" moves tb:0.75 $e30 5 --misere
e400=1$(printf '0%.0s' $(seq 400))
expect_exit 3 "heap 0 \(401 digits\) has too many moves to list" "$G" moves tb:0.75 $e400 5 --misere
expect_out '^\* take 1 from heap 1 +->  1'"$(printf '0%.0s' $(seq 400))"' 6  P$' "$G" moves tb:0.31 $e400 7 --misere
# normal play refuses the same way (exit 3, a limit)
expect_exit 3 'walked for the winning ones' "$G" moves tb:0.77 $e12 5
# value keeps answering at any size
expect_out '^N  \(misere quotient\)$' "$G" value tb:0.75 $e12 5 --misere
expect_out '^P  \(misere quotient\)$' "$G" value tb:0.71 4 5 999999999999999999999999999995 --misere

# bad input stays exit 2
expect_exit 2 '' "$G" play tb:0.75 $e12 x5 --misere --first computer
expect_exit 2 '' "$G" moves tb:0.75 -$e12 5 --misere
expect_exit 2 '' "$G" value tb:0.75 $e30 5 --misere --first nobody
echo "$checked computer moves checked"
finish
