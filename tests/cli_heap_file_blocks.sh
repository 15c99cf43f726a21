#!/usr/bin/env bash
# value and moves --in FILE read only the blocks that hold the heaps asked:
# on a file of tb:0.16 whose heaps span five blocks, values and sums equal
# seq's (its G(h), the XOR), winning moves leave XOR 0; a damaged block is
# refused in one line (exit 2) when a heap in it is asked, while heaps in
# the other blocks are still answered.
source "$(dirname "$0")/lib_cli.sh"

code=tb:0.16 n=300000 f="$tmp/s.seq"
"$G" seq "$code" --to "$n" --out "$f" >/dev/null 2>"$tmp/err" || { echo "FAIL: seq --out: $(cat "$tmp/err")"; exit 1; }
"$G" seq "$code" --to "$n" --format json >"$tmp/seq.json" || { echo "FAIL: seq"; exit 1; }
r=$(python3 - "$G" "$code" "$n" "$f" "$tmp/seq.json" <<'EOF'
import json, subprocess, sys
from functools import reduce
G, code, n, f, seqjson = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
g = json.load(open(seqjson))["values"]
assert len(g) == n + 1
ok = bad = 0
def run(*args):
    p = subprocess.run([G, *map(str, args)], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr
def expect(cond, what):
    global ok, bad
    if cond: ok += 1
    else:
        bad += 1
        print(f"FAIL: {what}")
B = 65536
# both sides of each block boundary, and the last heap (in the short last block)
heaps = [0, 1, B - 1, B, 2 * B - 1, 2 * B + 7, 3 * B, 4 * B - 1, 4 * B, n - 1, n]
for h in heaps:
    rc, out, err = run("value", code, h, "--in", f, "--format", "json")
    v = json.loads(out) if rc == 0 else {}
    expect(rc == 0 and v["value"] == g[h] and v["method"] == "nim-sequence, stored file",
           f"value {h} --in: {rc} {out.strip()} {err.strip()} (seq: {g[h]})")
xor = lambda pos: reduce(lambda a, b: a ^ b, (g[h] for h in pos), 0)
for pos in ([n, 5, B + 3], [n, 2 * B + 11, 3 * B - 2, 17], [4 * B + 1, 4 * B + 1]):
    rc, out, err = run("value", code, *pos, "--in", f, "--format", "json")
    v = json.loads(out) if rc == 0 else {}
    want = xor(pos)
    expect(rc == 0 and v["value"] == want and v["outcome"] == ("P" if want == 0 else "N"),
           f"value {pos} --in: {out.strip()} {err.strip()} (XOR {want})")
    rc, out, err = run("moves", code, *pos, "--in", f, "--winning", "--format", "json")
    ms = json.loads(out)["moves"] if rc == 0 else None
    expect(ms is not None and (len(ms) > 0) == (want != 0) and all(xor(x["result"]) == 0 for x in ms),
           f"moves {pos} --in --winning: {rc} {out[:300]} {err.strip()}")
print(ok, bad)
EOF
)
echo "$r" | grep FAIL
read -r p q < <(echo "$r" | tail -1)
pass=$((pass + ${p:-0})) fail=$((fail + ${q:-1}))

# past the file: its extent in one line, also for a heap past 2^64
expect_exit 2 "holds G\(0\.\.$n\); heap $((n + 1)) is past it" "$G" value "$code" $((n + 1)) --in "$f"
expect_exit 2 "holds G\(0\.\.$n\); a heap of 23 digits is past it" "$G" value "$code" 99999999999999999999999 --in "$f"

# a byte changed in block 2 (heaps 131072..196607)
g_in=$("$G" value "$code" 140000 --in "$f" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
python3 - "$f" <<'EOF'
import sys
with open(sys.argv[1], "r+b") as fh:
    at = 256 + 2 * (65536 * 2 + 8) + 2 * (140000 - 2 * 65536)
    fh.seek(at); b = fh.read(1); fh.seek(at); fh.write(bytes([b[0] ^ 0x21]))
EOF
expect_exit 2 'block 2 \(heaps 131072\.\.\) is damaged \(checksum\)' "$G" value "$code" 140000 --in "$f"
expect_exit 2 'block 2 \(heaps 131072\.\.\) is damaged' "$G" value "$code" 5 196607 --in "$f"
expect_exit 2 'block 2 \(heaps 131072\.\.\) is damaged' "$G" moves "$code" 140001 --in "$f" --winning
# the other blocks still answer, with seq's values
want=$(python3 -c "import json; print(json.load(open('$tmp/seq.json'))['values'][200000])")
expect_out "\"value\": ?$want\b" "$G" value "$code" 200000 --in "$f" --format json
[ -n "$g_in" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: value 140000 before the damage"; }
finish
