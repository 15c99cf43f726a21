#!/bin/bash
# grundy solve: output, JSON, the methods agree, files on disk, resume after
# a stop and after a kill gives identical files, bad input.
source "$(dirname "$0")/lib_cli.sh"

expect_out '^positions 7106$' "$G" solve sharing:piles=4 --total 60
expect_out '"positions": 7106, "max_value": 40, "seconds": [0-9.]+, "checksum": "668cdab70a776abf"' \
  "$G" solve sharing:piles=4 --total 60 --stats --format json
expect_out '^checksum 668cdab70a776abf$' "$G" solve sharing:piles=4 --total 60 --method options
expect_out '^checksum 668cdab70a776abf$' "$G" solve sharing:piles=4 --total 60 --threads 1
expect_out '^p_positions ' "$G" solve 'sharing:piles=3,graph=0>1/1>2/2>0' --total 30 --stats
# threads beyond the chains work inside tiers (5 piles to 100: tiers of up to
# 7000 positions): the same checksum on 1, 3 and 8 threads, oversubscribed
one=$("$G" solve sharing:piles=5 --total 100 --threads 1 | grep checksum)
for p in 3 8; do
  expect_out "^$one\$" "$G" solve sharing:piles=5 --total 100 --threads $p
done
# every chain's steps on one pool of threads (more threads than chains): the
# files of 1, 2, 3 (a chain a thread), 6, 8 and 16 threads are identical
"$G" solve sharing:piles=4 --total 160 --out "$tmp/p1" --threads 1 >/dev/null
for p in 2 3 6 8 16; do
  "$G" solve sharing:piles=4 --total 160 --out "$tmp/p$p" --threads $p >/dev/null
  if diff -r "$tmp/p1" "$tmp/p$p" >/dev/null; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: the files of 4 piles to 160 on $p threads differ from one thread's"; fi
done
expect_out '^threads 8$' env OMP_NUM_THREADS=8 "$G" solve sharing:piles=4 --total 30 --stats
expect_out '^waiting_seconds [0-9.]+ \([0-9]+%\)$' "$G" solve sharing:piles=5 --total 60 --threads 7 --stats
a1=$("$G" solve 'sharing:piles=3,graph=0>1/1>2/2>0' --total 30 | grep checksum)
a2=$("$G" solve 'sharing:graph=0>1/1>2/2>0' --total 30 | grep checksum)
if [ -n "$a1" ] && [ "$a1" == "$a2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: graph piles inferred: $a2"; fi

# A whole run, a run stopped after 5 tiers and resumed, and a run killed at
# random and resumed leave identical files.
"$G" solve sharing:piles=5 --total 70 --out "$tmp/a" >"$tmp/a.out" 2>&1 || echo "FAIL: full run"
"$G" solve sharing:piles=5 --total 70 --out "$tmp/b" --stop-after 5 >/dev/null 2>"$tmp/b.err"
rc=$?
if [ "$rc" -eq 3 ] && grep -q 'stopped after' "$tmp/b.err"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: --stop-after exit $rc: $(cat "$tmp/b.err")"; fi
if [ ! -e "$tmp/b/MANIFEST" ] || ! grep -q '^total' "$tmp/b/MANIFEST"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: a stopped run claims a total in MANIFEST"; fi
# --stop-after K leaves exactly K tier files, on one thread and on eight
for th in 1 8; do
  "$G" solve sharing:piles=5 --total 70 --out "$tmp/k$th" --threads "$th" --stop-after 3 >/dev/null 2>"$tmp/k.err"
  n=$(ls "$tmp/k$th" | grep -c '^tier-')
  if [ "$n" -eq 3 ] && grep -q 'stopped after 3 new tiers' "$tmp/k.err"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: --stop-after 3 on $th threads left $n tiers: $(cat "$tmp/k.err")"; fi
done
expect_out '^tiers_loaded [1-9]' "$G" solve sharing:piles=5 --total 70 --out "$tmp/b" --stats
if diff -r "$tmp/a" "$tmp/b" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: resumed files differ"; fi
# stopped on one thread, resumed on eight (steps inside chains), and the other way
"$G" solve sharing:piles=5 --total 100 --out "$tmp/l1" --threads 1 >/dev/null
"$G" solve sharing:piles=5 --total 100 --out "$tmp/l8" --threads 1 --stop-after 60 >/dev/null 2>&1
"$G" solve sharing:piles=5 --total 100 --out "$tmp/l8" --threads 8 >/dev/null
if diff -r "$tmp/l1" "$tmp/l8" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: resumed on 8 threads differs"; fi
"$G" solve sharing:piles=5 --total 100 --out "$tmp/s8" --threads 8 --stop-after 40 >/dev/null 2>&1
[ "$?" -eq 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: --stop-after on 8 threads"; }
"$G" solve sharing:piles=5 --total 100 --out "$tmp/s8" --threads 1 >/dev/null
if diff -r "$tmp/l1" "$tmp/s8" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: stopped on 8 threads, resumed on 1, differs"; fi
# a damaged tier in the middle, repaired on eight threads: the tiers after it are replayed
printf 'x' | dd of="$tmp/s8/tier-00000050.grt" bs=1 seek=60 conv=notrunc 2>/dev/null
expect_out '^tiers_loaded 100$' "$G" solve sharing:piles=5 --total 100 --out "$tmp/s8" --threads 8 --stats
if diff -r "$tmp/l1" "$tmp/s8" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: damaged tier on 8 threads"; fi
# killed (SIGKILL) as soon as a few tiers are on disk
"$G" solve sharing:piles=5 --total 150 --out "$tmp/d" >/dev/null 2>&1 || echo "FAIL: full run to 150"
"$G" solve sharing:piles=5 --total 150 --out "$tmp/e" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 2000); do
  [ "$(ls "$tmp/e" 2>/dev/null | grep -c '^tier-')" -ge 20 ] && break
  sleep 0.005
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
"$G" solve sharing:piles=5 --total 150 --out "$tmp/e" >/dev/null 2>&1 || echo "FAIL: resume after kill"
if diff -r "$tmp/d" "$tmp/e" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: files after kill differ"; fi
"$G" solve sharing:piles=5 --total 70 --out "$tmp/c" >/dev/null 2>&1 || echo "FAIL: run c"
if diff -r "$tmp/a" "$tmp/c" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: files after kill differ"; fi
# a damaged tier is recomputed
f=$(ls "$tmp/c"/tier-* | tail -1)
printf 'x' | dd of="$f" bs=1 seek=60 conv=notrunc 2>/dev/null
"$G" solve sharing:piles=5 --total 70 --out "$tmp/c" >/dev/null 2>&1
if diff -r "$tmp/a" "$tmp/c" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: damaged tier not repaired"; fi

# value --db answers from the stored tiers, as search does
expect_out '^N  value 8  \(stored results\)$' "$G" value sharing:piles=5 3 3 7 9 0 --db "$tmp/a"
want=$("$G" value sharing:piles=5 3 3 7 9 0 | cut -d' ' -f1-4)
got=$("$G" value sharing:piles=5 3 3 7 9 0 --db "$tmp/a" | cut -d' ' -f1-4)
if [ "$want" == "$got" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: --db $got, search $want"; fi
expect_out '"method":"stored results"' "$G" value sharing:piles=5 0 0 2 5 1 --db "$tmp/a" --format json
expect_exit 2 'beyond the stored results' "$G" value sharing:piles=5 0 0 20 50 1 --db "$tmp/a"
expect_exit 2 'holds results for' "$G" value sharing:piles=4 0 0 2 5 --db "$tmp/a"
expect_exit 2 'no MANIFEST' "$G" value sharing:piles=5 0 0 2 5 1 --db "$tmp/none"
# moves --db lists what search lists
want=$("$G" moves sharing:piles=5 1 3 7 9 2 | md5sum)
got=$("$G" moves sharing:piles=5 1 3 7 9 2 --db "$tmp/a" | md5sum)
if [ "$want" == "$got" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: moves --db differs from search"; fi
expect_exit 2 'beyond the stored results' "$G" moves sharing:piles=5 0 0 20 50 1 --db "$tmp/a"
expect_exit 2 'normal-play' "$G" value sharing:piles=5 0 0 2 5 1 --db "$tmp/a" --misere

# Open MPI, when built in: identical checksums and files for 1, 2 and 3 ranks.
if command -v mpirun >/dev/null && ! "$G" solve sharing:piles=3 --total 3 --mpi 2>&1 | grep -q 'without Open MPI'; then
  mpi=(mpirun --oversubscribe)
  [ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
  want=$("$G" solve sharing:piles=5 --total 70 | grep checksum)
  for np in 1 2 3; do
    # Open MPI's own allocations are not ours to report
    got=$(ASAN_OPTIONS=detect_leaks=0 "${mpi[@]}" -np $np "$G" solve sharing:piles=5 --total 70 --mpi \
          --out "$tmp/m$np" 2>/dev/null | grep checksum)
    if [ -n "$want" ] && [ "$want" == "$got" ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL: mpi -np $np: '$got', want '$want'"; fi
    if diff -r "$tmp/a" "$tmp/m$np" >/dev/null; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL: mpi -np $np files differ"; fi
  done
else
  expect_exit 2 'without Open MPI' "$G" solve sharing:piles=3 --total 3 --mpi
fi

# table --db: the three-pile table from stored results, as computed
"$G" solve sharing:piles=3 --total 120 --out "$tmp/t3" >/dev/null
want=$("$G" table sharing --max 60 --format csv | md5sum)
got=$("$G" table sharing --max 60 --format csv --db "$tmp/t3" | md5sum)
if [ "$want" == "$got" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: table --db differs"; fi
expect_exit 2 'needs totals to 122' "$G" table sharing --max 61 --db "$tmp/t3"
expect_exit 2 'not three-pile' "$G" table sharing --max 6 --db "$tmp/a"

expect_exit 2 'needs --total' "$G" solve sharing:piles=4
expect_exit 2 'piles' "$G" solve sharing --total 10
expect_exit 2 'tier solver covers sharing' "$G" solve nim --total 10
expect_exit 2 'expected an integer' "$G" solve sharing:piles=4 --total -3
expect_exit 2 'holds results for' "$G" solve sharing:piles=3 --total 10 --out "$tmp/a"
expect_exit 3 'more than the 1 MiB allowed' "$G" solve sharing:piles=4 --total 600 --max-memory 1M
expect_exit 3 'more than the 60 s allowed' "$G" solve sharing:piles=4 --total 5000
expect_exit 2 'fast or options' "$G" solve sharing:piles=3 --total 10 --method slow
finish
