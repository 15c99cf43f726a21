#!/usr/bin/env bash
# Stored files that survive: a lost header write, a damaged .part, a full
# disk, crafted files whose checksums hold, and seq --in in bounded memory.
# The crafted files come from tests/files_craft.py, which recomputes each
# format's checksums. A failing writer is a file size limit (ulimit -f:
# EFBIG, any user) and a full small tmpfs (ENOSPC; skipped, with a
# message, where mount is not allowed).
source "$(dirname "$0")/lib_cli.sh"
craft() { python3 "$(dirname "$0")/files_craft.py" "$@"; }
# same A B: the files are byte for byte equal
same() {
  if cmp -s "$1" "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1 and $2 differ"; fi
}
# flip FILE OFFSET: one byte changed (xor 0x55)
flip() {
  python3 -c "import sys; f = open(sys.argv[1], 'r+b'); f.seek(int(sys.argv[2])); b = f.read(1)
f.seek(int(sys.argv[2])); f.write(bytes([b[0] ^ 0x55]))" "$1" "$2"
}

# ---- a seq --out run killed at its last header write
"$G" seq grundy-game --to 300000 --out "$tmp/fresh" >/dev/null 2>&1
"$G" seq --in "$tmp/fresh" >"$tmp/fresh.txt"
expect_out '^300001$' sh -c "tr ' ' '\n' <'$tmp/fresh.txt' | grep -c ."
cp "$tmp/fresh" "$tmp/F"
# the header of the last full-block checkpoint, the final block on disk
craft seq-count "$tmp/F" 262144
# a reader takes what the header commits, and no more
expect_out '^262144$' sh -c "'$G' seq --in '$tmp/F' | wc -w"
# the rerun repairs the header (nothing to compute) ...
expect_out '0 computed' "$G" seq grundy-game --to 300000 --out "$tmp/F"
same "$tmp/F" "$tmp/fresh"
# ... and the file reads whole, equal to a fresh run
"$G" seq --in "$tmp/F" >"$tmp/F.txt" 2>/dev/null
same "$tmp/F.txt" "$tmp/fresh.txt"
# a header that claims more than the file holds: refused by a reader, repaired by a rerun
craft seq-count "$tmp/F" 400000
expect_exit 2 'header says 400000 values but the file holds at most 300001' "$G" seq --in "$tmp/F"
expect_out '0 computed' "$G" seq grundy-game --to 300000 --out "$tmp/F"
same "$tmp/F" "$tmp/fresh"
# a torn tail past the commit: ignored by a reader, cut off by a rerun
head -c 1000 /dev/urandom >>"$tmp/F"
expect_out '^300001$' sh -c "'$G' seq --in '$tmp/F' | wc -w"
expect_out '0 computed' "$G" seq grundy-game --to 300000 --out "$tmp/F"
same "$tmp/F" "$tmp/fresh"

# ---- crafted sequence files: checksums that hold, values that cannot be
cp "$tmp/fresh" "$tmp/S"
craft seq-value "$tmp/S" 0 7
expect_exit 2 'G\(0\) is stored as 7' "$G" seq --in "$tmp/S" --rare
cp "$tmp/fresh" "$tmp/S"
craft seq-value "$tmp/S" 100000 65535
expect_exit 2 'G\(100000\) is stored as 65535, past the largest' "$G" seq --in "$tmp/S"
expect_exit 2 'G\(100000\) is stored as 65535' "$G" seq --in "$tmp/S" --period
cp "$tmp/S" "$tmp/S.before"
expect_exit 2 'G\(100000\) is stored as 65535' "$G" seq grundy-game --to 400000 --out "$tmp/S"
same "$tmp/S" "$tmp/S.before"

# ---- a table .part with one damaged byte
"$G" table sharing --max 200 --out "$tmp/T" >/dev/null
cp "$tmp/T" "$tmp/P.part"
flip "$tmp/P.part" 1000
cp "$tmp/P.part" "$tmp/P.before"
expect_exit 2 "P.part' is damaged at row [0-9]+ \(byte [0-9]+, CRC\): not resumed, the file is unchanged" \
  "$G" table sharing --max 200 --out "$tmp/P"
same "$tmp/P.part" "$tmp/P.before"
# the way out the message names: keep the rows before the damage, resume
keep=$(grep -oE 'truncate -s [0-9]+' "$tmp/err" | awk '{print $3}')
if [ -n "$keep" ] && [ "$keep" -gt 16 ] && [ "$keep" -le 1000 ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: no truncate length at or before byte 1000 ('$keep')"; fi
truncate -s "${keep:-0}" "$tmp/P.part"
expect_out '^wrote' "$G" table sharing --max 200 --out "$tmp/P"
same "$tmp/P" "$tmp/T"
# a torn last record (a kill) is cut off and the run resumes
size=$(stat -c %s "$tmp/T")
cp "$tmp/T" "$tmp/Q.part"
truncate -s $((size / 2 + 3)) "$tmp/Q.part"
expect_out '^wrote' "$G" table sharing --max 200 --out "$tmp/Q"
same "$tmp/Q" "$tmp/T"
# so is a tail of zero bytes (what a crash can leave allocated)
cp "$tmp/T" "$tmp/Z.part"
truncate -s $((size / 2)) "$tmp/Z.part"
head -c 4096 /dev/zero >>"$tmp/Z.part"
expect_out '^wrote' "$G" table sharing --max 200 --out "$tmp/Z"
same "$tmp/Z" "$tmp/T"

# ---- crafted table files: valid CRCs, a value past its row's bound
"$G" table sharing --max 10 --out "$tmp/T10" >/dev/null
cp "$tmp/T10" "$tmp/B"
craft table-value "$tmp/B" 0 5 0   # G(0,0,5) = 0: written back as it was
same "$tmp/B" "$tmp/T10"
craft table-value "$tmp/B" 0 5 1000
expect_exit 2 "G\(0,0,5\) is stored as 1000, but that position has at most 4 options" \
  "$G" table sharing --max 10 --in "$tmp/B" --format csv
expect_exit 2 "G\(0,0,5\) is stored as 1000" "$G" table sharing --max 10 --in "$tmp/B" --stats
expect_exit 2 "G\(0,0,5\) is stored as 1000" "$G" table sharing --max 10 --in "$tmp/B" --png "$tmp/b.png"
# just past the bound (floor(a/2) + floor(b/2) + floor((b-a)/2) = 4 at (0,5))
cp "$tmp/T10" "$tmp/B"
craft table-value "$tmp/B" 0 5 5
expect_exit 2 "G\(0,0,5\) is stored as 5, but that position has at most 4 options" \
  "$G" table sharing --max 10 --in "$tmp/B" --format csv
# on resume: refused before a row reaches the fast state (slot_add)
cp "$tmp/T10" "$tmp/R.part"
craft table-value "$tmp/R.part" 1 9 1000
cp "$tmp/R.part" "$tmp/R.before"
expect_exit 2 "R.part': G\(0,1,9\) is stored as 1000" "$G" table sharing --max 10 --out "$tmp/R"
same "$tmp/R.part" "$tmp/R.before"
# a header that claims more rows than the file can hold
python3 -c "import struct, sys; open(sys.argv[1], 'wb').write(b'GRS3TBL1' + struct.pack('<II', 4000000000, 0))" "$tmp/H"
expect_exit 2 'says it holds rows 0..4000000000, more than its size can' "$G" table sharing --max 10 --in "$tmp/H"
# the real tables read back unchanged
expect_out '^largest value' "$G" table sharing --max 200 --in "$tmp/T" --stats

# ---- tier files: a damaged MANIFEST, a crafted tier
"$G" solve sharing:piles=3 --total 20 --out "$tmp/D" >/dev/null
"$G" table sharing --max 10 --format csv >"$tmp/t10.csv"
"$G" table sharing --max 10 --db "$tmp/D" --format csv >"$tmp/d10.csv"
same "$tmp/d10.csv" "$tmp/t10.csv"
expect_out 'value 4' "$G" value sharing:piles=3 0 3 9 --db "$tmp/D"
craft manifest "$tmp/D" total -1
expect_exit 2 "D/MANIFEST is damaged: the line 'total -1'" "$G" value sharing:piles=3 0 3 9 --db "$tmp/D"
expect_exit 2 "D/MANIFEST is damaged: the line 'total -1'" "$G" solve sharing:piles=3 --total 20 --out "$tmp/D"
expect_exit 2 "D/MANIFEST is damaged: the line 'total -1'" "$G" table sharing --max 10 --db "$tmp/D"
craft manifest "$tmp/D" total 20
# within its tier's bound (15 options at most in tier 15), past its position's (7)
craft tier-value "$tmp/D" 15 0 12
expect_exit 2 'tier 15 stores the value 12 for a position with at most 7 options' \
  "$G" table sharing --max 10 --db "$tmp/D" --format csv
craft tier-value "$tmp/D" 12 0 1000
expect_exit 2 'tier 12 stores the value 1000, but no position of total 12 has more than 12 options' \
  "$G" value sharing:piles=3 0 3 9 --db "$tmp/D"
expect_exit 2 'tier 12 stores the value 1000' "$G" solve sharing:piles=3 --total 20 --out "$tmp/D"

# ---- seq --in streams: peak memory does not grow with the file
craft seq-make "$tmp/big" 4194304 grundy-game 0xfe   # 8 MiB of values
craft seq-make "$tmp/small" 65536 grundy-game 0xfe
if [ -x /usr/bin/time ]; then
  rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
  for flag in --rare --bfile; do
    big=$(rss "$G" seq --in "$tmp/big" $flag)
    small=$(rss "$G" seq --in "$tmp/small" $flag)
    if [ "$big" -lt $((small + 2048)) ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL: seq --in $flag: $big KiB on 8 MiB of values, $small KiB on 128 KiB"; fi
  done
else
  echo "skip: no /usr/bin/time for the peak-memory check"
fi
expect_out '^# grundy-game: 0 rare heaps in 1..4194303' "$G" seq --in "$tmp/big" --rare

# ---- a writer that cannot grow the file (the size limit: no root needed)
"$G" seq tb:0.6 --to 100000 --out "$tmp/L" >/dev/null 2>&1
cp "$tmp/L" "$tmp/L.before"
expect_exit 2 'cannot write block [0-9]+ of .*: File too large; the file is left as it was, with G\(0..100000\)' \
  bash -c "ulimit -f 256; trap '' XFSZ; exec '$G' seq tb:0.6 --to 1000000 --out '$tmp/L'"
same "$tmp/L" "$tmp/L.before"
expect_exit 2 'cannot write tier [0-9]+: File too large' \
  bash -c "ulimit -f 1; trap '' XFSZ; exec '$G' solve sharing:piles=3 --total 1500 --out '$tmp/DL'"
# with room again, the same command goes on from where the file was
expect_out 'resumed at heap 100001' "$G" seq tb:0.6 --to 300000 --out "$tmp/L"

# ---- a full disk (a small tmpfs)
mkdir -p "$tmp/disk"
if mount -t tmpfs -o size=256k tmpfs "$tmp/disk" 2>/dev/null; then
  trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
  "$G" seq tb:0.6 --to 100000 --out "$tmp/disk/F" >/dev/null 2>&1
  "$G" seq --in "$tmp/disk/F" >"$tmp/six.txt"
  cp "$tmp/disk/F" "$tmp/six"
  # the extension to 10^6 needs 2 MB: it fails, and the file is as it was
  expect_exit 2 'cannot write block [0-9]+ of .*: No space left on device; the file is left as it was, with G\(0..100000\)' \
    "$G" seq tb:0.6 --to 1000000 --out "$tmp/disk/F"
  same "$tmp/disk/F" "$tmp/six"
  "$G" seq --in "$tmp/disk/F" >"$tmp/six.again" 2>&1
  same "$tmp/six.again" "$tmp/six.txt"
  rm -f "$tmp/disk/F"
  expect_exit 2 'cannot write tier [0-9]+: No space left on device' "$G" solve sharing:piles=3 --total 400 --out "$tmp/disk/D"
  umount "$tmp/disk"
else
  echo "skip: the full-disk checks need 'mount -t tmpfs' (root); not allowed here"
fi

finish
