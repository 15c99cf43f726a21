#!/bin/bash
# Blocking play on the command line: value, moves, losing; bad input exits 2.
G="$1"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect_out() { # expected-substring command...
    local want="$1"; shift
    local out
    out=$("$@" 2>&1)
    if [[ "$out" == *"$want"* ]]; then ok; else bad "$* -> '$out' (wanted '$want')"; fi
}
expect_rc() { # status command...
    local want="$1"; shift
    "$@" >/dev/null 2>&1
    local rc=$?
    if [ "$rc" = "$want" ]; then ok; else bad "$* exited $rc, wanted $want"; fi
}
expect_empty_stdout() {
    local out
    out=$("$@" 2>/dev/null)
    if [ -z "$out" ]; then ok; else bad "$* wrote to stdout on failure"; fi
}

# Theorem 1 on any size
expect_out "P" "$G" value nim 1 2 4 --block 1
expect_out "N" "$G" value nim 1 2 5 --block 1
expect_out "Theorem 1" "$G" value nim 100000000000000000000 100000000000000000000 100000000000000000000 --block 1
expect_out '"outcome":"P"' "$G" value nim 7 7 15 --block 1 --format json
big=123456789012345678901234567890
expect_out "forbidden  ->  play 'take 2 from pile 0'" "$G" moves nim $big 1 $big --block 1
expect_out "forbid 'take 4 from pile 2'" "$G" moves nim $big 1 123456789012345678901234567892 --block 1
# search for the rest
expect_out "P  (search)" "$G" value nim 1 2 5 1 --block 1
expect_out "P" "$G" value nim 3 3 --block-position 1
expect_out "N" "$G" value nim 3 4 --block-position 1
expect_out "blocker: forbid 'take 2 from pile 2'" "$G" moves nim 1 1 3 --block 1
expect_out "'take 1 from pile 2' forbidden  ->  play 'take 5 from pile 2'" "$G" moves nim 1 2 5 --block 1
expect_out '"blocking":{"rule":"block","k":1,"p_options":2' "$G" moves nim 1 2 5 --block 1 --format json
expect_out "distinct P-positions" "$G" moves nim 2 2 2 --block-position 1
expect_out "at least 1 of the 3 winning moves" "$G" moves nim 3 4 --block 2
expect_out "the mover cannot move" "$G" moves nim 1 --block 2
if "$G" moves nim 1 2 5 --block 1 --format json | python3 -m json.tool >/dev/null 2>&1; then ok; else bad "moves json does not parse"; fi
# losing
expect_out $'0 0 0\n0 0 1\n1 1 1\n0 1 2' "$G" losing nim --block 1 --max 2
expect_out '"count":15' "$G" losing nim --block 1 --max 5 --format json
expect_out "0,1,1" "$G" losing nim --block 2 --max 3 --format csv
expect_out "#" "$G" losing nim --block 1 --max 10 --picture 2
expect_out $'(b, c), b <= c <= 2: row c, column b from 0; \'#\' P, \'.\' N\n    0 #\n    1 #.' "$G" losing nim --block 1 --piles 2 --max 2 --picture -
expect_out "slice (1,2, b, c)" "$G" losing nim --block 1 --piles 4 --max 6 --picture 1,2
tmp=$(mktemp -d)
if "$G" losing nim --block 2 --max 40 --picture 4 --png "$tmp/s.png" >/dev/null 2>&1 &&
   [ "$(head -c 8 "$tmp/s.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then ok; else bad "--png"; fi
if command -v python3 >/dev/null; then
    # the PNG decodes: IDAT inflates to h rows of 1 + w * (bytes per pixel)
    if python3 - "$tmp/s.png" <<'PY'
import sys, zlib, struct
d = open(sys.argv[1], 'rb').read()
w, h = struct.unpack('>II', d[16:24])
i, idat = 8, b''
while i < len(d):
    n = struct.unpack('>I', d[i:i+4])[0]; t = d[i+4:i+8]
    if zlib.crc32(d[i+4:i+8+n]) != struct.unpack('>I', d[i+8+n:i+12+n])[0]: sys.exit(1)
    if t == b'IDAT': idat += d[i+8:i+8+n]
    i += 12 + n
bpp = {0: 1, 2: 3, 4: 2, 6: 4}[d[25]] * d[24] // 8
sys.exit(0 if len(zlib.decompress(idat)) == h * (w * bpp + 1) else 1)
PY
    then ok; else bad "PNG does not decode"; fi
fi
expect_rc 2 "$G" losing nim --block 1 --max 8 --picture 1,2
expect_rc 2 "$G" losing nim --block 1 --max 8 --png "$tmp/x.png"
[ ! -e "$tmp/x.png" ] && ok || bad "--png without --picture left a file"
rm -rf "$tmp"
# bad input: exit 2, one line, nothing on stdout
expect_rc 2 "$G" losing nim --max 5
expect_rc 2 "$G" losing nim --block 1
expect_out $'0 0 0\n0 0 1\n0 1 1\n1 1 1\n0 1 2' "$G" losing sharing --block 1 --max 3
expect_out '[1,1,4]' "$G" losing kim --block 1 --max 5 --format json
expect_rc 2 "$G" losing 'sharing:graph=0>1/1>2/2>0' --block 1 --max 4
expect_rc 2 "$G" losing 'kim:reading=R3' --block 1 --max 4
expect_rc 2 "$G" losing sharing --block 1 --max 3000
expect_rc 3 "$G" losing nim --block 1 --piles 5 --max 5000
expect_rc 2 "$G" value nim 1 2 3 --block 0
expect_rc 2 "$G" value nim 1 2 3 --block
expect_empty_stdout "$G" losing nim --block 1 --piles 5 --max 5000

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
