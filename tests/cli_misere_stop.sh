#!/usr/bin/env bash
# A quotient build stopped part-way (the time limit, SIGINT, the in-build
# estimate) saves the heaps it finished to --out: the file a build to that
# heap writes, byte for byte, and --resume FILE carries on to the file an
# uninterrupted build writes. Nothing here depends on where a build stops,
# only that it stopped before the end (the heaps line of the saved file says
# where), so a loaded or a fast machine gives the same verdicts.
source "$(dirname "$0")/lib_cli.sh"

# Dawson's Kayles: heaps 0..29 in about half a second of CPU, 30 and 31
# over a second each, so a 1 s limit stops it part-way even on a machine
# several times faster; one heap fewer under the sanitizers (slower)
if [ -n "$sanitized" ]; then N=30; else N=31; fi
"$G" misere tb:0.07 --to $N --quotient --out "$tmp/full" >/dev/null

same() { # same FILE1 FILE2 WHAT
  if cmp -s "$1" "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $3: $1 and $2 differ"; fi
}
heaps_of() { sed -n 's/^heaps //p' "$1"; }
# check_saved FILE WHAT: FILE holds heaps 0..k for some 1 <= k < N, the same
# bytes as a build to k, and resuming it to N gives the uninterrupted file
check_saved() {
  local k
  k=$(heaps_of "$1")
  if [ -n "$k" ] && [ "$k" -ge 1 ] && [ "$k" -lt $N ]; then
    pass=$((pass + 1))
    "$G" misere tb:0.07 --to "$k" --quotient --out "$tmp/to_k" >/dev/null
    same "$1" "$tmp/to_k" "$2: saved heaps 0..$k against a build to $k"
    "$G" misere tb:0.07 --to $N --quotient --resume "$1" --out "$tmp/resumed" >/dev/null
    same "$tmp/resumed" "$tmp/full" "$2: resumed to $N against an uninterrupted build"
  else
    fail=$((fail + 1)); echo "FAIL: $2: the saved file covers heaps '$k', not 1..$((N - 1))"
  fi
}

# the time limit (CPU seconds): exit 3, one line saying what was saved and how to carry on
msg=$("$G" misere tb:0.07 --to $N --quotient --max-seconds 1 --out "$tmp/timed" 2>&1 >/dev/null)
rc=$?
re="^grundy: the quotient of tb:0.07 stopped at the time limit \(1 s\) in heap ([0-9]+) of $N; heaps 0\.\.([0-9]+) \(\|Q\| = [0-9]+\) saved to $tmp/timed: carry on with --resume $tmp/timed --to $N and a larger --max-seconds$"
if [ "$rc" = 3 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && [[ $msg =~ $re ]] &&
  [ "${BASH_REMATCH[1]}" = $((BASH_REMATCH[2] + 1)) ] && [ "${BASH_REMATCH[2]}" = "$(heaps_of "$tmp/timed")" ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: time limit: exit $rc: $msg"
fi
check_saved "$tmp/timed" "time limit"
# without --out: the heaps done, and how a stopped build keeps them
msg=$("$G" misere tb:0.07 --to $N --quotient --max-seconds 1 2>&1 >/dev/null)
rc=$?
re="^grundy: the quotient of tb:0.07 stopped at the time limit \(1 s\) in heap [0-9]+ of $N; heaps 0\.\.[0-9]+ were done \(\|Q\| = [0-9]+\): with --out FILE a stopped build saves them, to carry on with --resume FILE --to $N$"
if [ "$rc" = 3 ] && [[ $msg =~ $re ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: no --out: exit $rc: $msg"; fi

# The SIGINT and estimate stops save through the same code as the time
# limit's; under the sanitizers (several times slower) the time limit alone
# checks it, the plain build all three
if [ -n "$sanitized" ]; then finish; exit; fi

# SIGINT once some heaps are done (--progress says which): exit 130, the heaps saved
"$G" misere tb:0.07 --to $N --quotient --out "$tmp/int" --progress 2>"$tmp/int.err" >/dev/null &
pid=$!
for _ in $(seq 600); do
  grep -q "^heap $((N - 3)):" "$tmp/int.err" && break
  sleep 0.05
done
kill -INT "$pid"
wait "$pid"
rc=$?
msg=$(grep -v '^heap ' "$tmp/int.err")
re="^grundy: the quotient of tb:0.07 was interrupted in heap [0-9]+ of $N; heaps 0\.\.[0-9]+ \(\|Q\| = [0-9]+\) saved to $tmp/int: carry on with --resume $tmp/int --to $N$"
if [ "$rc" = 130 ] && [[ $msg =~ $re ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: SIGINT: exit $rc: $msg"; fi
check_saved "$tmp/int" "SIGINT"

# refused by the in-build estimate (to 4096: at about heap 25) after some heaps
msg=$("$G" misere tb:0.07 --to 4096 --quotient --out "$tmp/est" 2>&1 >/dev/null)
rc=$?
re="^grundy: refused by estimate: .*past the time limit \(60 s\); heaps 0\.\.[0-9]+ \(\|Q\| = [0-9]+\) saved to $tmp/est: carry on with --resume $tmp/est --to 4096 and a larger --max-seconds$"
if [ "$rc" = 3 ] && [[ $msg =~ $re ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: estimate: exit $rc: $msg"; fi
check_saved "$tmp/est" "estimate"

# a build that finishes is not touched by any of this
expect_out '^\|Q\| = 24, \|P\| = 5$' "$G" misere tb:0.07 --to 16 --quotient --max-seconds 1 --out "$tmp/small"
expect_out '^heaps 16$' cat "$tmp/small"
finish
