#!/usr/bin/env bash
# grundy table sharing on any number of threads: the same file and the same
# --stats for 1, 2, 3, 8 and 16 threads (oversubscribed on a small machine),
# a .part resumed on another thread count, the threads reported on stderr,
# bad --threads.
. "$(dirname "$0")/lib_cli.sh"
N=4096

# same_file NAME FILE: FILE equals the one-thread reference
same_file() {
  if cmp -s "$2" "$tmp/ref.grs"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: file differs"; fi
}
same_text() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: '$2' != '$3'"; fi
}

"$G" table sharing --max $N --threads 1 --out "$tmp/ref.grs" >/dev/null
ref_stats=$("$G" table sharing --max $N --threads 1 --stats 2>/dev/null | md5sum)
for p in 2 3 8 16; do
  "$G" table sharing --max $N --threads $p --out "$tmp/p$p.grs" >/dev/null
  same_file "--threads $p" "$tmp/p$p.grs"
  same_text "--stats on $p threads" "$("$G" table sharing --max $N --threads $p --stats 2>"$tmp/use$p" | md5sum)" \
    "$ref_stats"
  # bands at N = 4096 have up to 9 strips of 256: every thread asked for runs, up to 9
  used=$p
  [ $p -gt 9 ] && used=9
  expect_out "^grundy: $used threads, 1 rank; .* [0-9.]+ on the table \([0-9]+%\), .* waiting \([0-9]+%\)" cat "$tmp/use$p"
done
# the hand-over on the threads (the file's records, the statistics and the
# picture as items run while the next band is computed, the file written
# behind it): the same
# file, picture and statistics (JSON: every figure) as one thread
"$G" table sharing --max $N --threads 1 --out "$tmp/h1.grs" --png "$tmp/h1.png" --stats --format json \
  >"$tmp/h1.json" 2>/dev/null
for p in 2 3 8 16; do
  "$G" table sharing --max $N --threads $p --out "$tmp/h$p.grs" --png "$tmp/h$p.png" --stats --format json \
    >"$tmp/h$p.json" 2>"$tmp/hu$p"
  for x in grs png json; do
    if cmp -s "$tmp/h$p.$x" "$tmp/h1.$x"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: hand-over on $p threads: .$x differs"; fi
  done
  expect_out "[0-9.]+ handing the band before over \([0-9]+%\), .* handing rows over between bands \([0-9.]+ s of it on one thread\), [0-9.]+ s of the run on one thread .* [0-9.]+ s waiting for its writer" cat "$tmp/hu$p"
done
same_file "hand-over file" "$tmp/h1.grs"
# the default takes every core OpenMP offers
OMP_NUM_THREADS=8 "$G" table sharing --max $N --out "$tmp/d.grs" --stats >/dev/null 2>"$tmp/used"
same_file "OMP_NUM_THREADS=8" "$tmp/d.grs"
expect_out "^grundy: [1-8] threads?, " cat "$tmp/used"
# a .part written by one thread count resumed on another
head -c 700000 "$tmp/ref.grs" >"$tmp/r.grs.part"
"$G" table sharing --max $N --threads 3 --out "$tmp/r.grs" >/dev/null
same_file "resumed on 3 threads" "$tmp/r.grs"

# 17 bands of 256 rows and a last band of one row (written by itself after
# the bands' background writes): the rows read back give the statistics
# computed on one thread
"$G" table sharing --max 4352 --threads 2 --out "$tmp/t.grs" >/dev/null
same_text "a last band of one row" "$("$G" table sharing --max 4352 --in "$tmp/t.grs" --stats | md5sum)" \
  "$("$G" table sharing --max 4352 --threads 1 --stats 2>/dev/null | md5sum)"

# --stats against counts made here from other commands' values (seq reads
# the table another way), on 1 and 3 threads, at an N whose bands are
# shared into items and whose last band is short: row a's maximum and its
# first b, the rows' lists of G = 2 and 3 (their lengths), and the
# P-positions (Theorem P holds to here, so they are its b = 0 or 4^k(2l+1))
M=2049
"$G" table sharing --max $M --threads 1 --stats --format json >"$tmp/s1.json" 2>/dev/null
for p in 2 3 8; do
  "$G" table sharing --max $M --threads $p --stats --format json >"$tmp/s$p.json" 2>/dev/null
  if cmp -s "$tmp/s$p.json" "$tmp/s1.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: --stats json N=$M on $p threads differs"; fi
done
pcount=1
for ((b = 1; b <= M; b++)); do
  x=$b z=0
  while [ $((x % 2)) -eq 0 ]; do x=$((x / 2)) z=$((z + 1)); done
  [ $((z % 2)) -eq 0 ] && pcount=$((pcount + 1))
done
for p in 1 3; do
  text=$("$G" table sharing --max $M --threads $p --stats 2>/dev/null)
  expect_out "^P-positions \(0,a,b\), 2a <= b: $pcount; Theorem P .*agrees on every position" echo "$text"
  for a in 0 1 7 40; do
    want=$("$G" seq sharing --row $a --to $M --bfile | awk 'NR == 1 || $2 > m { m = $2; f = $1 } END { printf "%8d %8d %8d", '$a', m, f }')
    expect_out "^$want\$" echo "$text"
  done
  for a in 0 1 2 3; do
    for g in 2 3; do
      k=$("$G" seq sharing --row $a --to $M --bfile | awk -v a=$a -v g=$g '$1 >= 2 * a && $2 == g' | wc -l)
      expect_out "^G\(0,$a,b\) = $g for b in \[$((2 * a)),$M\] \($k\): " echo "$text"
    done
  done
done

# small N and a band's edges: the file and the JSON statistics (and at
# two N the picture) on 2, 3 and 8 threads equal one thread's: bands of
# one or two strips, a last band of one row (every N to 300 on threads:
# tests/test_sharing3_fast.c; the text statistics and larger N above)
sizes="1 2 3 5 17 64 127 255 256 257 300"
[ -n "$sanitized" ] && sizes="1 2 5 257"
for n in $sizes; do
  png=
  case $n in 257 | 300) png=1 ;; esac
  for p in 1 2 3 8; do
    "$G" table sharing --max $n --threads $p --out "$tmp/s$p.grs" ${png:+--png "$tmp/s$p.png"} --stats \
      --format json >"$tmp/s$p.json" 2>/dev/null
    [ $p = 1 ] && continue
    for x in grs json ${png:+png}; do
      if cmp -s "$tmp/s$p.$x" "$tmp/s1.$x"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: N=$n on $p threads: .$x differs"; fi
    done
  done
done

# a .part of another N is refused and kept, not thrown away
"$G" table sharing --max 100 --out "$tmp/o.grs" >/dev/null && mv "$tmp/o.grs" "$tmp/o.grs.part"
size=$(stat -c %s "$tmp/o.grs.part")
expect_exit 2 "holds rows of the table to 100, not 120" "$G" table sharing --max 120 --out "$tmp/o.grs"
same_text "the other .part kept" "$(stat -c %s "$tmp/o.grs.part")" "$size"
expect_exit 2 '^grundy: --threads 0: expected an integer from 1 to' "$G" table sharing --max 10 --threads 0
expect_exit 2 '^grundy: --threads' "$G" table sharing --max 10 --threads x
finish
