#!/usr/bin/env bash
# Speed-up with the thread count, measured (not part of the test suite): the
# three-pile Sharing Nim table, the tier solver and one tier chain alone on
# 1, 2, 4, ... threads up to every core (and the core count itself), in one
# run. Prints the machine (cores, CPU model, load average at the start), then
# a Markdown table of wall time, speed-up over one thread and the share of
# thread time lost waiting (where the tool reports one), and checks that the
# output is the same for every thread count (the table's file and stdout
# byte for byte with cmp, the tier solver's checksum, the chain's checksum).
# A run whose output differs is reported and the script exits 1.
#
# Wall time is bash's `time` around each command (the chain's is
# bench_threads' own clock around the solve, as it runs all thread counts in
# one process). The waiting share is the tool's own: `table --stats` on
# stderr, `solve --stats --format json` (waiting_seconds / thread_seconds),
# bench_threads' waiting column. Nothing here is a projection; compare with
# Amdahl's bounds in docs/sharing-table.md and docs/tiers.md.
#
# The table runs three ways: --out F, --out F --stats, and --stats alone
# (no file), so the file's share of the wall time shows.
#
# Usage: bash bench/scaling.sh [--quick] [--out FILE] [--threads "1 2 4 ..."]
#          [--table N] [--piles4 T] [--piles5 T] [--chain n:T] [--dir DIR]
#          [--mpi R]
#   defaults (issue 31's 16-core table): --table 32768 --piles4 1200
#   --piles5 300 --chain 4:2000; --quick: 4096, 300, 100, 4:400 (a smoke run
#   for a 2-core machine, seconds). A size of 0 skips that run.
#   --threads: the thread counts (default 1 2 4 ... below nproc, and nproc).
#   --mpi R: also the 4-pile solve on R Open MPI ranks of P/R threads each
#   (P the most threads; mpirun --bind-to none) and on one process of P,
#   in the P column, both by the solve's own seconds (no process start).
#   --ab: the chain also as its steps ran before they flowed (a barrier
#   after each, checksums on the finisher: bench_threads chain-barrier:n:T),
#   and the 4-pile solve with its chains' steps on one shared pool of
#   threads and on a team a chain, as before the pool (bench_threads
#   tier-shared:4:T and tier-teams:4:T, the same binary and values).
#   --dir: where the table's files go (default a fresh directory in $TMPDIR;
#   --table 32768 writes two files of about 0.5 GB at once).
# Binaries: ${GRUNDY:-build/grundy}, ${BENCH_THREADS:-build/bench/bench_threads}.
set -euo pipefail

G=${GRUNDY:-build/grundy}
BT=${BENCH_THREADS:-build/bench/bench_threads}
table_n=32768 piles4=1200 piles5=300 chain=4:2000 ref4=
out= threads= dir= mpi_ranks=0 ab=
while [ $# -gt 0 ]; do
  case $1 in
    --quick) table_n=4096 piles4=300 piles5=100 chain=4:400 ;;
    --out) out=$2; shift ;;
    --threads) threads=$2; shift ;;
    --table) table_n=$2; shift ;;
    --piles4) piles4=$2; shift ;;
    --piles5) piles5=$2; shift ;;
    --chain) chain=$2; shift ;;
    --dir) dir=$2; shift ;;
    --mpi) mpi_ranks=$2; shift ;;
    --ab) ab=1 ;;
    -h|--help) sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "scaling.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$G" ] || { echo "scaling.sh: no grundy at $G (build first, or set GRUNDY)" >&2; exit 2; }
if [ "$chain" != 0 ] && [ ! -x "$BT" ]; then
  echo "scaling.sh: no bench_threads at $BT (build first, set BENCH_THREADS, or --chain 0)" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "scaling.sh: python3 is needed" >&2; exit 2; }

cores=$(nproc)
if [ -z "$threads" ]; then
  p=1
  while [ "$p" -lt "$cores" ]; do threads+="$p "; p=$((2 * p)); done
  threads+="$cores"
fi
maxp=0
for p in $threads; do [ "$p" -gt "$maxp" ] && maxp=$p; done

tmp=$(mktemp -d)
[ -n "$dir" ] || dir=$tmp
mkdir -p "$dir"
trap 'rm -rf "$tmp"; rm -f "$dir"/scaling-table-*' EXIT
res=$tmp/results.tsv   # run, threads, wall s, waiting share (or -), same output (yes/no)
: >"$res"
failed=0

# time_run OUT ERR CMD...: the command's wall seconds on stdout
time_run() {
  local o=$1 e=$2 t=$tmp/time rc=0
  shift 2
  TIMEFORMAT=%3R
  { time "$@" >"$o" 2>"$e"; } 2>"$t" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "scaling.sh: '$*' failed (exit $rc):" >&2
    tail -3 "$e" >&2
    exit 1
  fi
  cat "$t"
}

model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
mem=$(free -g 2>/dev/null | awk '/^Mem:/ {print $2 " GiB"}')
head="machine: ${model:-unknown CPU}, $cores cores (nproc), ${mem:-memory unknown}; load average at start $load
date: $(date -u '+%Y-%m-%d %H:%M UTC'); grundy: $G ($(git rev-parse --short HEAD 2>/dev/null || echo 'no git'))
threads: $threads"
echo "$head"
echo

# the table: --out F timed as in the issue, then --out F --stats for the
# waiting share, then --stats alone (no file: the disk's part of the first
# two is the difference)
if [ "$table_n" != 0 ]; then
  for mode in out out-stats stats; do
    stats= file=yes
    [ "$mode" != out ] && stats=--stats
    [ "$mode" == stats ] && file=
    name="table sharing --max $table_n${file:+ --out F}${stats:+ $stats}"
    ref=
    for p in $threads; do
      f=$dir/scaling-table-$p
      rm -f "$f" "$f.part"
      secs=$(time_run "$tmp/out-$p" "$tmp/err-$p" "$G" table sharing --max "$table_n" ${file:+--out "$f"} $stats --threads "$p")
      # stdout names the file ("wrote F: ..."): the same name for every count
      sed -i "s|scaling-table-$p|scaling-table-P|g" "$tmp/out-$p"
      wait_share=-
      [ -n "$stats" ] && wait_share=$(python3 -c '
import re, sys
m = re.search(r"waiting \((\d+)%\)", open(sys.argv[1]).read())
print(m.group(1) + "%" if m else "-")' "$tmp/err-$p")
      # the table's own account (computing: table / hand-over / waiting), printed at the end
      [ -n "$stats" ] && sed -n "s/^grundy: /table --threads $p: /p" "$tmp/err-$p" >>"$tmp/table-use"
      same=yes
      if [ -z "$ref" ]; then
        ref=$p
      elif { [ -n "$file" ] && ! cmp -s "$dir/scaling-table-$ref" "$f"; } || ! cmp -s "$tmp/out-$ref" "$tmp/out-$p"; then
        same=no failed=1
      fi
      [ "$p" != "$ref" ] && rm -f "$f"
      printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$p" "$secs" "$wait_share" "$same" | tee -a "$res" >&2
    done
    rm -f "$dir/scaling-table-$ref"
  done
fi

# the tier solver, whole runs: the checksum of every value must not change
for spec in "4 $piles4" "5 $piles5"; do
  set -- $spec
  [ "$2" != 0 ] || continue
  name="solve sharing:piles=$1 --total $2"
  ref=
  for p in $threads; do
    secs=$(time_run "$tmp/solve.json" "$tmp/solve.err" "$G" solve "sharing:piles=$1" --total "$2" --threads "$p" --stats --format json)
    read -r sum wait_share < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
w = "%.0f%%" % (100 * r["waiting_seconds"] / r["thread_seconds"]) if r.get("thread_seconds") else "-"
print(r["checksum"], r["positions"], r["max_value"], w)' "$tmp/solve.json" | awk '{print $1 ":" $2 ":" $3, $4}')
    same=yes
    if [ -z "$ref" ]; then ref=$sum; elif [ "$sum" != "$ref" ]; then same=no failed=1; fi
    [ "$1" == 4 ] && ref4=$ref
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$p" "$secs" "$wait_share" "$same" | tee -a "$res" >&2
  done
done

# the 4-pile solve on ranks of several threads (mpirun binds one or two
# ranks to a core each unless told not to) beside one process of as many
# threads, both by the solve's own seconds (rank 0's under MPI, its chains
# as long as the others'): mpirun's start, a second or more and varying,
# is not the solver's
if [ "$mpi_ranks" -gt 0 ] && [ "$piles4" != 0 ]; then
  mpi=(mpirun --bind-to none -np "$mpi_ranks")
  [ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
  for how in one mpi; do
    if [ "$how" == one ]; then
      name="solve sharing:piles=4 --total $piles4, the solve's own seconds: one process"
      wall=$(time_run "$tmp/mpi.json" "$tmp/mpi.err" "$G" solve sharing:piles=4 --total "$piles4" \
             --threads "$maxp" --stats --format json)
    else
      name="solve sharing:piles=4 --total $piles4, the solve's own seconds: mpirun -np $mpi_ranks x $((maxp / mpi_ranks)) threads"
      wall=$(time_run "$tmp/mpi.json" "$tmp/mpi.err" "${mpi[@]}" "$G" solve sharing:piles=4 --total "$piles4" --mpi \
             --threads $((maxp / mpi_ranks)) --stats --format json)
    fi
    read -r sum wait_share secs < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
w = "%.0f%%" % (100 * r["waiting_seconds"] / r["thread_seconds"]) if r.get("thread_seconds") else "-"
print("%s:%s:%s" % (r["checksum"], r["positions"], r["max_value"]), w, "%.3f" % r["seconds"])' "$tmp/mpi.json")
    echo "scaling.sh: $name: $secs s, $wall s wall" >&2
    same=yes
    [ "$sum" == "$ref4" ] || same=no failed=1
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$maxp" "$secs" "$wait_share" "$same" | tee -a "$res" >&2
  done
fi

# one chain alone (as one of n ranks), its threads working inside it
# (--ab: also as the steps ran before they flowed, a barrier after each,
# and the 4-pile solve's two layouts of its threads)
cases=
[ "$chain" != 0 ] && cases="chain:$chain"
[ "$chain" != 0 ] && [ -n "$ab" ] && cases+=" chain-barrier:$chain"
[ "$piles4" != 0 ] && [ -n "$ab" ] && [ -x "$BT" ] && cases+=" tier-shared:4:$piles4 tier-teams:4:$piles4"
for case in $cases; do
  name="bench_threads $case"
  # bench_threads runs 1, 2, 4, ... up to --max-threads in one process and stops if a checksum differs
  rc=0
  "$BT" --max-threads "$maxp" "$case" >"$tmp/chain.txt" 2>"$tmp/chain.err" || rc=$?
  python3 - "$tmp/chain.txt" "$name" "$threads" "$rc" >>"$res" <<'EOF'
import sys
path, name, wanted, rc = sys.argv[1], sys.argv[2], sys.argv[3].split(), int(sys.argv[4])
first = None
for line in open(path):
    f = line.split()
    if len(f) != 6 or not f[1].isdigit():
        continue
    if first is None:
        first = f[5]
    if f[1] in wanted or rc:
        same = "yes" if f[5] == first and "DIFFERS" not in line else "no"
        print("\t".join([name, f[1], f[2], f[4], same]))
if rc and first is None:
    print("\t".join([name, "1", "-", "-", "no"]))
EOF
  tail -n +1 "$tmp/chain.txt" >&2
  [ "$rc" -eq 0 ] || failed=1
done

table=$(python3 - "$res" "$threads" <<'EOF'
import sys
rows, order = {}, []
for line in open(sys.argv[1]):
    name, p, secs, wait, same = line.rstrip("\n").split("\t")
    if name not in rows:
        rows[name] = {}
        order.append(name)
    rows[name][p] = (secs, wait, same)
ps = sys.argv[2].split()
print("| run | " + " | ".join(ps) + " threads | speed-up at %s | same output |" % ps[-1])
print("|---|" + "---|" * len(ps) + "---|---|")
for name in order:
    r = rows[name]
    one = float(r["1"][0]) if "1" in r and r["1"][0] != "-" else None
    cells, last = [], None
    for p in ps:
        if p not in r or r[p][0] == "-":
            cells.append("")
            continue
        secs, wait, _ = r[p]
        s = float(secs)
        up = "%.2fx" % (one / s) if one and s > 0 else "-"
        w = "" if wait == "-" else ", %s waiting" % wait
        cells.append("%.2f s (%s%s)" % (s, up, w))
        last = up
    same = "yes" if all(v[2] == "yes" for v in r.values()) else "**NO**"
    print("| `%s` | %s | %s | %s |" % (name, " | ".join(cells), last or "-", same))
EOF
)
echo
echo "$table"
echo
echo "(wall seconds, one run each; speed-up over 1 thread; waiting: the tool's share of thread time lost waiting)"
touch "$tmp/table-use"
[ -s "$tmp/table-use" ] && { echo; echo "The table's --stats lines:"; cat "$tmp/table-use"; }
if [ -n "$out" ]; then
  {
    echo "$head"
    echo
    echo "$table"
    echo
    echo "(wall seconds, one run each; speed-up over 1 thread; waiting: the tool's share of thread time lost waiting)"
    [ -s "$tmp/table-use" ] && { echo; echo "The table's --stats lines:"; cat "$tmp/table-use"; }
  } >"$out"
fi
if [ "$failed" -ne 0 ]; then
  echo "scaling.sh: the output differs between thread counts (or bench_threads failed)" >&2
  exit 1
fi
