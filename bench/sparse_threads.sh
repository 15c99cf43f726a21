#!/bin/bash
# The sparse-space engine on every core: Grundy's game and Officers (.6) to
# N on 1, 2, 4, 8 and 16 threads, each run's wall and user time and where
# its time went (GR_SPARSE_STATS: phase B's share of the wall time, its cost
# a heap and look-ahead depth, each thread's busy and idle share), the
# sequence files compared with the one-thread file, then two variants on 16
# threads (the count shown at every heap; no refreshes after a batch).
#
#   bench/sparse_threads.sh [GRUNDY] [N] [STATS_DIR]
#
# With BASE=/path/to/other/grundy in the environment, that binary (the one
# before a change) runs both games on 1 and 16 threads too, on the same
# machine in the same call, and its files are compared with this one's.
#
# Defaults: build-rel/grundy (a Release build), 2^24, $OUT/sparse-threads
# (else /tmp/sparse-threads). The sequence files go to a scratch folder and
# are removed; the stats files stay in STATS_DIR.
set -u
bin=${1:-build-rel/grundy}
n=${2:-16777216}
dir=${3:-${OUT:-/tmp}/sparse-threads}
seqs=$(mktemp -d /tmp/sparse-threads-XXXXXX)
mkdir -p "$dir"
lscpu 2>/dev/null | grep -E '^(Model name|Socket|Core|Thread|NUMA node\(s\)|CPU\(s\)|L3)' || nproc

# one run: code, threads, a name for the files, then VAR=value settings
one() {
    local code=$1 t=$2 name=$3
    shift 3
    rm -f "$seqs/$name.seq"
    TIMEFORMAT="$name: %R s wall, %U s user"
    { time env GR_SPARSE_STATS=1 "$@" "$bin" seq "$code" --to "$n" --method sparse --threads "$t" \
        --out "$seqs/$name.seq" >/dev/null 2>"$dir/$name.stats"; } 2>&1
    grep -E '^sparse run|phase B' "$dir/$name.stats" | sed 's/^ *//'
    grep -E '^ +all ' "$dir/$name.stats" | sed 's/^ */  threads (in pipeline s, A %, B %, refresh %, idle %): /'
}

for code in grundy-game tb:0.6; do
    c=${code#tb:}
    for t in 1 2 4 8 16; do one "$code" "$t" "$c.t$t"; done
    for t in 2 4 8 16; do
        if cmp -s "$seqs/$c.t1.seq" "$seqs/$c.t$t.seq"; then echo "$c: $t threads identical to 1"
        else echo "$c: $t threads DIFFER from 1"; fi
    done
done
one grundy-game 16 grundy-game.t16.show1 GR_SPARSE_SHOW=1
one grundy-game 16 grundy-game.t16.refresh0 GR_SPARSE_REFRESH=0
if [ -n "${BASE:-}" ]; then
    mine=$bin
    bin=$BASE
    for code in grundy-game tb:0.6; do
        c=${code#tb:}
        for t in 1 16; do
            one "$code" "$t" "$c.base.t$t"
            if cmp -s "$seqs/$c.t1.seq" "$seqs/$c.base.t$t.seq"; then echo "$c: base on $t threads identical"
            else echo "$c: base on $t threads DIFFERS"; fi
        done
    done
    bin=$mine
fi
rm -rf "$seqs"
