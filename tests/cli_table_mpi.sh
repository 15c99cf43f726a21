#!/usr/bin/env bash
# grundy table sharing --mpi: the state split over 1 and 3 ranks (3
# oversubscribed) gives the one-process file and --stats; a rank killed
# midway and the same command again resumes to the same file; bad input.
. "$(dirname "$0")/lib_cli.sh"
N=2000

expect_exit 2 '^grundy: --mpi: start it under mpirun' "$G" table sharing --max 10 --mpi
"$G" table sharing --max 40 --out "$tmp/small.grs" >/dev/null
expect_exit 2 "holds the table to 40, not 50" "$G" table sharing --max 50 --in "$tmp/small.grs"
expect_exit 2 '^grundy: --max 300000: the fast table on one process goes to 262000' "$G" table sharing --max 300000 --out "$tmp/big.grs"

if ! command -v mpirun >/dev/null || "$G" solve sharing:piles=3 --total 3 --mpi 2>&1 | grep -q 'without Open MPI'; then
  echo "no Open MPI here: the rest is skipped"
  finish
  exit $?
fi
mpi=(mpirun --oversubscribe)
[ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
export ASAN_OPTIONS=detect_leaks=0   # Open MPI's own allocations are not ours to report

same_file() {
  if cmp -s "$2" "$tmp/ref.grs"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: file differs"; fi
}
same_text() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: '$2' != '$3'"; fi
}

ref_stats=$("$G" table sharing --max $N --out "$tmp/ref.grs" --stats 2>/dev/null | md5sum)
for np in 1 3; do
  same_text "--stats on $np ranks" "$("${mpi[@]}" -np $np "$G" table sharing --max $N --mpi --out "$tmp/m$np.grs" \
    --stats 2>"$tmp/use$np" | md5sum)" "$ref_stats"
  same_file "-np $np" "$tmp/m$np.grs"
  expect_out "^grundy: 1 thread, $np ranks?; .* waiting on the chain of ranks" grep '^grundy:' "$tmp/use$np"
done
# ranks of several threads each: rank 0 hands bands over on its threads (the
# file, the statistics and the picture equal one process's), and from row
# 8190 on a row's partial mex and its additions run on each rank's threads
"$G" table sharing --max $N --threads 1 --out "$tmp/t1.grs" --png "$tmp/t1.png" --stats --format json >"$tmp/t1.json" 2>/dev/null
"${mpi[@]}" -np 3 "$G" table sharing --max $N --mpi --threads 3 --out "$tmp/t3.grs" --png "$tmp/t3.png" --stats \
  --format json >"$tmp/t3.json" 2>"$tmp/tu3"
for x in grs png json; do
  if cmp -s "$tmp/t3.$x" "$tmp/t1.$x"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: 3 ranks x 3 threads: .$x differs"; fi
done
expect_out "^grundy: 3 threads, 3 ranks; .* rank 0 [0-9.]+ s handing rows over" grep '^grundy:' "$tmp/tu3"
"$G" table sharing --max 8200 --threads 1 --out "$tmp/big1.grs" >/dev/null
"${mpi[@]}" -np 2 "$G" table sharing --max 8200 --mpi --threads 2 --out "$tmp/big2.grs" >/dev/null 2>&1
if cmp -s "$tmp/big2.grs" "$tmp/big1.grs"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: N = 8200 on 2 ranks x 2 threads: file differs"; fi
same_text "csv on 3 ranks" "$("${mpi[@]}" -np 3 "$G" table sharing --max 300 --mpi --format csv 2>/dev/null | md5sum)" \
  "$("$G" table sharing --max 300 --format csv | md5sum)"

# rank 0 cannot write its file (a file-size limit on rank 0 alone): the
# stop goes round the chain of ranks, every rank ends, exit 2 with the
# reason, no hang (tcp between the ranks: the limit would also stop the
# shared-memory transport's backing file)
"${mpi[@]}" --mca btl self,tcp -np 3 bash -c 'trap "" XFSZ; [ "$OMPI_COMM_WORLD_RANK" = 0 ] && ulimit -f 300; exec "$0" "$@"' \
  "$G" table sharing --max 4000 --mpi --out "$tmp/full.grs" >"$tmp/full.out" 2>&1 &
full=$!
for _ in $(seq 1 1200); do kill -0 $full 2>/dev/null || break; sleep 0.1; done
if kill -0 $full 2>/dev/null; then
  kill $full; fail=$((fail + 1)); echo "FAIL: rank 0 unable to write: the ranks did not end within 120 s"
else
  wait $full; rc=$?
  [ $rc -eq 2 ] && grep -q "^grundy: cannot write '.*full.grs.part': File too large" "$tmp/full.out" && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL: rank 0 unable to write: exit $rc, $(cat "$tmp/full.out")"; }
fi

# rank 2 killed early on (mpirun then ends the others), the same command
# resumes; a larger table, since the ranks' chain takes the one to N a
# fraction of a second, too short to kill it midway from here
KN=6000
"$G" table sharing --max $KN --out "$tmp/kref.grs" >/dev/null
"${mpi[@]}" -np 3 "$G" table sharing --max $KN --mpi --out "$tmp/k.grs" >/dev/null 2>&1 &
launcher=$!
half=$(($(stat -c %s "$tmp/kref.grs") / 20))
victim=
# rank 2 found as soon as the file is begun, so that between the file
# reaching 5 % and the kill there is no search for it (on a loaded machine
# the run used to end in that gap)
for _ in $(seq 1 600); do
  if [ -f "$tmp/k.grs.part" ]; then
    for p in $(pgrep -f -- "--mpi --out $tmp/k.grs"); do
      grep -qz '^OMPI_COMM_WORLD_RANK=2$' "/proc/$p/environ" 2>/dev/null && victim=$p
    done
    [ -n "$victim" ] && break
  fi
  sleep 0.01
done
killed=
for _ in $(seq 1 3000); do
  [ -n "$victim" ] || break
  if [ "$(stat -c %s "$tmp/k.grs.part" 2>/dev/null || echo 0)" -ge "$half" ]; then
    kill -KILL "$victim" 2>/dev/null && killed=1
    break
  fi
  sleep 0.002
done
if [ -n "$killed" ]; then
  wait "$launcher" 2>/dev/null
  [ -f "$tmp/k.grs.part" ] && [ ! -e "$tmp/k.grs" ] && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL: a killed run leaves its .part and no file"; }
  "${mpi[@]}" -np 3 "$G" table sharing --max $KN --mpi --out "$tmp/k.grs" >/dev/null 2>&1
  cmp -s "$tmp/k.grs" "$tmp/kref.grs" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: resumed after a killed rank: file differs"; }
else
  wait "$launcher" 2>/dev/null
  fail=$((fail + 1))
  echo "FAIL: no rank 2 to kill midway"
fi
finish
