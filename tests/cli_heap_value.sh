#!/usr/bin/env bash
# value and moves of heap games from the fastest engine: a certified
# period at any size, a stored sequence file (--in), the method named
# (--method), the sparse method where it covers, and one-line errors.
source "$(dirname "$0")/lib_cli.sh"

# certified periods: any heap, at once, named as the method
expect_out '^N  value 3  \(nim-sequence, certified period\)$' "$G" value tb:0.16 1000000000000
expect_out '^N  value 1  \(nim-sequence, certified period\)$' "$G" value tb:0.77 1000000000000 --method period
ms=$(cpu_ms "$G" value tb:0.16 1000000000000)
[ "$ms" -le $((3 * cpu_second)) ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: tb:0.16 at 10^12 took $ms ms CPU"; }
# the periodic extension: heap n and heap n + period agree far out
a=$("$G" value tb:0.137 1000000000000 --format json)
b=$("$G" value tb:0.137 1000000000034 --format json)
[ "${a#*value\":}" == "${b#*value\":}" ] || { fail=$((fail + 1)); echo "FAIL: tb:0.137 not periodic: $a / $b"; }

# the sparse method past 50000 heaps, named
expect_out '^N  value 101  \(nim-sequence, sparse\)$' "$G" value grundy-game 100000
# the bitset method below, and every method by name
expect_out '^N  value 65  \(nim-sequence, fast\)$' "$G" value tb:0.6 2999
expect_out '^N  value 65  \(nim-sequence, simple\)$' "$G" value tb:0.6 2999 --method simple
expect_out '^N  value 65  \(nim-sequence, sparse\)$' "$G" value tb:0.6 2999 --method sparse
expect_out '^N  value 2  \(search\)$' "$G" value tb:0.6 29 --method search
expect_out '"method":"nim-sequence, fast"' "$G" value tb:0.6 2999 --method fast --format json

# a stored sequence file: the values seq wrote, checked to cover the heaps
"$G" seq tb:0.6 --to 20000 --out "$tmp/s6" >/dev/null 2>&1
want=$("$G" value tb:0.6 19999 7 --method fast)
want=${want%%  (*}
expect_out "^${want}  \(nim-sequence, stored file\)$" "$G" value tb:0.6 19999 7 --in "$tmp/s6"
expect_out '"winning":true' "$G" moves tb:0.6 19999 7 --in "$tmp/s6" --winning --format json
expect_exit 2 'holds G\(0\.\.20000\); heap 20001 is past it' "$G" value tb:0.6 20001 --in "$tmp/s6"
expect_exit 2 'holds the nim-sequence of tb:0\.6, not of tb:0\.7' "$G" value tb:0.7 5 --in "$tmp/s6"
# the same code spelled another way is the same game
"$G" seq tb:.77 --to 3000 --out "$tmp/k" >/dev/null 2>&1
expect_out '^N  value 7  \(nim-sequence, stored file\)$' "$G" value tb:0.77 2999 --in "$tmp/k"
expect_exit 2 'cannot open' "$G" value tb:0.6 5 --in "$tmp/none"
head -c 100 "$tmp/s6" >"$tmp/short"
expect_exit 2 '.' "$G" value tb:0.6 5 --in "$tmp/short"
expect_exit 2 'expected auto, period, file, sparse, fast, simple or search' "$G" value tb:0.6 5 --method bogus
expect_exit 2 'no period the periodicity theorem certifies' "$G" value grundy-game 5000000000 --method period
expect_exit 2 'heap games under normal play' "$G" value tb:0.6 5 --misere --method fast
expect_exit 2 'needs a take-and-break code' "$G" value subtraction:1,3,7 5 --method sparse
# refused by the measured rate, with the knob
expect_exit 3 'G\(0\.\.3000000\) takes about .* s .*raise with --max-seconds' "$G" value grundy-game 3000000 --max-seconds 1

# a long value run shows its progress on a terminal (after 2 s), never in a pipe
# (a smaller heap under the sanitizers, whose runs are 10x slower: still past 2 s)
long=4000000
[ -n "$sanitized" ] && long=800000
if command -v script >/dev/null; then
  t0=$(date +%s%N)
  script -qec "'$G' value grundy-game $long --method sparse" /dev/null >"$tmp/tty" 2>&1
  took=$(( ($(date +%s%N) - t0) / 1000000 ))
  if grep -q 'value 0' "$tmp/tty" && [ "$took" -lt 2500 ]; then
    echo "note: the run took $took ms, too fast to show a progress line here"
  elif grep -q "grundy: heap [0-9]* of $((long + 1)), .* M values/s, .* s left" "$tmp/tty" && grep -q 'value' "$tmp/tty"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: no progress line on a terminal in $took ms: $(tr '\r' '\n' <"$tmp/tty" | head -3)"
  fi
  "$G" value grundy-game $long --method sparse >"$tmp/pipe" 2>&1
  grep -q 'heap [0-9]* of' "$tmp/pipe" && { fail=$((fail + 1)); echo "FAIL: a progress line in a pipe"; } || pass=$((pass + 1))
fi

# the sparse method's value limit is known up front: the fast method answers
# (its 65535 heaps take 20 s under the sanitizers; the choice is the plain run's to check)
[ -n "$sanitized" ] ||
  expect_out '^N  value 65536  \(nim-sequence, fast\)$' "$G" value "tb:4.[3]" 65535

# moves of huge heaps: a take-only game by its period, a splitting one
# refused up front by its estimated count of moves
expect_out '^\* take 7 from heap 1 +->  1000000000000 0  P 0$' "$G" moves subtraction:1,3,7 1000000000000 7
expect_exit 3 'heap 0 has about .* moves, more than the 100000000 walked' "$G" moves tb:0.16 1000000000000 --winning
ms=$(cpu_ms "$G" moves tb:0.16 1000000000000 --winning)
[ "$ms" -le $((3 * cpu_second)) ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: refusing the moves took $ms ms CPU"; }
finish
