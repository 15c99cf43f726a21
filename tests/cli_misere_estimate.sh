#!/usr/bin/env bash
# grundy misere --quotient's estimates and its time limit: a bound whose
# floor (each heap's proof walks the options of every smaller heap) is past
# the limit is refused before the first step; a bound far past what the
# build's own steps allow is refused by estimate (exit 3, one line, well
# before the limit); a build the estimates cannot tell stops at the limit
# with one line saying how far it got and how to carry on; the bounds the
# docs use still run.
source "$(dirname "$0")/lib_cli.sh"

# the floor: Dawson's Kayles to 4096 walks 5.73e9 options, 6 s at 1 ns each
expect_exit 3 '^grundy: refused by estimate: the quotient of tb:0.07 to heap 4096 needs at least 6 s \(each heap.s proof walks the options of every smaller heap: 5.73e\+09 option walks at 1 ns or more\), past the time limit \(2 s\)$' \
  "$G" misere tb:0.07 --to 4096 --quotient --max-seconds 2
start=$(date +%s)
expect_exit 3 '^grundy: refused by estimate: the quotient of tb:0.07 to heap 4096 needs at least [0-9]+ s \(heap [0-9]+ reached in .*past the time limit \(60 s\); heaps 0\.\.[0-9]+ were done \(\|Q\| = [0-9]+\): with --out FILE a stopped build saves them, to carry on with --resume FILE --to 4096$' \
  "$G" misere tb:0.07 --to 4096 --quotient
t=$(($(date +%s) - start))
if [ "$t" -lt 20 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the refusal took $t s (the limit is 60)"; fi
# Dawson's Kayles to 40: neither estimate can tell (heaps 26..29 take a
# twentieth of a second each, 33 twenty seconds), so it stops at the limit
# and says how far it got (tests/cli_misere_stop.sh: what --out keeps
# then); the heaps it names as done give that |Q|
msg=$("$G" misere tb:0.07 --to 40 --quotient --max-seconds 2 2>&1 >/dev/null)
rc=$?
re='^grundy: the quotient of tb:0.07 stopped at the time limit \(2 s\) in heap ([0-9]+) of 40; heaps 0\.\.([0-9]+) were done \(\|Q\| = ([0-9]+)\): with --out FILE a stopped build saves them, to carry on with --resume FILE --to 40$'
if [ "$rc" = 3 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && [[ $msg =~ $re ]] &&
  [ "${BASH_REMATCH[1]}" = $((BASH_REMATCH[2] + 1)) ]; then
  pass=$((pass + 1))
  expect_out "^\|Q\| = ${BASH_REMATCH[3]}, " "$G" misere tb:0.07 --to "${BASH_REMATCH[2]}" --quotient
else
  fail=$((fail + 1)); echo "FAIL: Dawson's Kayles to 40 in 2 s: exit $rc: $msg"
fi
# Dawson's Kayles to heap 30: |Q| = 360, not refused
expect_out '\|Q\| = 360, \|P\| = 65' "$G" misere tb:0.07 --to 30 --quotient
finish
