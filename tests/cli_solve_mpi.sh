#!/bin/bash
# grundy solve --mpi with more ranks than chains: the ranks of a chain keep
# parts of its lines and OR each level's option sets. 1, 3 and 5 ranks (oversubscribed) give the files and
# the --stats values of one process; a stopped group resumes to the same
# files; --mpi outside mpirun is refused.
source "$(dirname "$0")/lib_cli.sh"

if ! command -v mpirun >/dev/null || "$G" solve sharing:piles=3 --total 3 --mpi 2>&1 | grep -q 'without Open MPI'; then
  expect_exit 2 'without Open MPI' "$G" solve sharing:piles=3 --total 3 --mpi
  echo "no Open MPI here: the rest is skipped"
  finish
  exit $?
fi
expect_exit 2 '^grundy: --mpi: start it under mpirun' "$G" solve sharing:piles=4 --total 10 --mpi
# one thread a rank: OpenMP threads spinning at level barriers on an
# oversubscribed machine would wait for descheduled ranks
mpi=(mpirun --oversubscribe -x OMP_NUM_THREADS=1)
[ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
export ASAN_OPTIONS=detect_leaks=0   # Open MPI's own allocations are not ours to report

# the --stats lines that do not depend on time, threads or ranks
values() {
  grep -E '^(positions|max_value|checksum|p_positions|tiers|tiers_loaded) '
}
same() {
  if [ "$2" == "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: '$2' != '$3'"; fi
}
same_dir() {
  if diff -r "$2" "$3" >/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: files differ"; fi
}

for spec in sharing:piles=3:150 sharing:piles=4:80; do
  rules=${spec%:*} total=${spec##*:}
  want=$("$G" solve "$rules" --total "$total" --stats --out "$tmp/one-$total" | values)
  for np in 1 3 5; do
    got=$("${mpi[@]}" -np $np "$G" solve "$rules" --total "$total" --mpi --stats \
          --out "$tmp/np$np-$total" 2>"$tmp/err$np" | values)
    same "$rules to $total on $np ranks" "$got" "$want"
    same_dir "$rules to $total on $np ranks" "$tmp/one-$total" "$tmp/np$np-$total"
    expect_out "^ranks $np$" "${mpi[@]}" -np $np "$G" solve "$rules" --total 20 --mpi --stats
  done
done
# ranks of several threads each (threads inside their chains, the steps
# flowing without a barrier): the values and files of one process
want=$("$G" solve sharing:piles=4 --total 80 --stats | values)
for np in 1 3; do
  got=$("${mpi[@]}" -np $np "$G" solve sharing:piles=4 --total 80 --mpi --threads 4 --stats \
        --out "$tmp/thr$np" 2>"$tmp/thr$np.err" | values)
  same "4 piles to 80 on $np ranks of 4 threads" "$got" "$want"
  same_dir "4 piles to 80 on $np ranks of 4 threads" "$tmp/one-80" "$tmp/thr$np"
done
expect_out '^threads 12$' "${mpi[@]}" -np 3 "$G" solve sharing:piles=4 --total 80 --mpi --threads 4 --stats
# known values: 4 piles to 80, as the one-process run of tests/cli_solve.sh checks to 60
expect_out '^checksum 668cdab70a776abf$' "${mpi[@]}" -np 5 "$G" solve sharing:piles=4 --total 60 --mpi
expect_out '^p_positions 296$' "${mpi[@]}" -np 5 "$G" solve sharing:piles=4 --total 60 --mpi --stats
# the per-option method: the extra ranks idle, the results are the same
expect_out '^checksum 668cdab70a776abf$' "${mpi[@]}" -np 6 "$G" solve sharing:piles=4 --total 60 --mpi \
  --method options

# a group's first rank stops (--stop-after): the others of its chain stop
# with it instead of waiting in an exchange; the same command resumes
"${mpi[@]}" -np 5 "$G" solve sharing:piles=4 --total 80 --mpi --out "$tmp/stop" \
  --stop-after 4 >/dev/null 2>&1
same "exit status of a stopped run" "$?" 3
"${mpi[@]}" -np 5 "$G" solve sharing:piles=4 --total 80 --mpi --out "$tmp/stop" >/dev/null 2>&1
same_dir "stopped on 5 ranks and resumed" "$tmp/one-80" "$tmp/stop"
expect_out '^tiers_loaded 81$' "${mpi[@]}" -np 5 "$G" solve sharing:piles=4 --total 80 --mpi \
  --out "$tmp/stop" --stats
finish
