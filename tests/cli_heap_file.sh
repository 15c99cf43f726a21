#!/usr/bin/env bash
# value, moves and play of heap games from a stored sequence file (--in FILE)
# against the sequence seq computes: a single heap's value is seq's G(h), a
# sum's is the XOR, each winning move leaves XOR 0, and the computer's first
# move from a won start leaves XOR 0 (it plays by the file, also on heaps
# where the search could not). Heaps past the file and another game's file
# are refused at the start.
source "$(dirname "$0")/lib_cli.sh"

check() { # CODE N: the file to N, and every verb from it against seq --to N
  local code=$1 n=$2 f="$tmp/$RANDOM.seq"
  "$G" seq "$code" --to "$n" --out "$f" >/dev/null 2>"$tmp/err" || {
    fail=$((fail + 1)); echo "FAIL: seq $code --to $n --out: $(head -c 300 "$tmp/err")"; return; }
  "$G" seq "$code" --to "$n" --format json >"$tmp/seq.json" 2>"$tmp/err" || {
    fail=$((fail + 1)); echo "FAIL: seq $code --to $n: $(head -c 300 "$tmp/err")"; return; }
  local r
  r=$(python3 - "$G" "$code" "$n" "$f" "$tmp/seq.json" <<'EOF'
import json, random, subprocess, sys
from functools import reduce
G, code, n, f, seqjson = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
g = json.load(open(seqjson))["values"]
assert len(g) == n + 1, len(g)
ok = bad = 0
def run(*args, stdin=""):
    p = subprocess.run([G, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr
def expect(cond, what):
    global ok, bad
    if cond: ok += 1
    else:
        bad += 1
        print(f"FAIL: {code}: {what}")
xor = lambda pos: reduce(lambda a, b: a ^ b, (g[h] for h in pos), 0)
rng = random.Random(n)
heaps = [n, n - 1, 1, 0] + [rng.randrange(n) for _ in range(6)]
for h in heaps:
    rc, out, err = run("value", code, h, "--in", f, "--format", "json")
    v = json.loads(out) if rc == 0 else {}
    expect(rc == 0 and v["value"] == g[h] and v["method"] == "nim-sequence, stored file",
           f"value {h} --in: {rc} {out.strip()} {err.strip()} (seq: {g[h]})")
sums = [[n, n - 1], [heaps[4], heaps[5], heaps[6]], [n, n]]
# a P-position of two heaps (equal values), and an N one
same = [h for h in range(n) if g[h] == g[n]]
sums.append([n, same[-1]] if same else [1, 1, n])
for pos in sums:
    rc, out, err = run("value", code, *pos, "--in", f, "--format", "json")
    v = json.loads(out) if rc == 0 else {}
    want = xor(pos)
    expect(rc == 0 and v["value"] == want and v["outcome"] == ("P" if want == 0 else "N"),
           f"value {pos} --in: {out.strip()} {err.strip()} (XOR {want})")
    # the same sum without the file: the engine's own route agrees
    rc, out, err = run("value", code, *pos, "--format", "json")
    expect(rc == 0 and json.loads(out)["value"] == want, f"value {pos} without --in: {out.strip()} {err.strip()}")
    rc, out, err = run("moves", code, *pos, "--in", f, "--winning", "--format", "json")
    m = json.loads(out) if rc == 0 else {"moves": None}
    ms = m["moves"]
    expect(ms is not None and (len(ms) > 0) == (want != 0) and all(xor(x["result"]) == 0 and x["value"] == 0 for x in ms)
           and m.get("method") == "nim-sequence, stored file",
           f"moves {pos} --in --winning: {out[:300]} {err.strip()}")
    # play: the computer moves first; from a won start it leaves XOR 0
    rc, out, err = run("play", code, *pos, "--in", f, "--first", "computer", "--script", stdin="hint\nquit\n")
    lines = [json.loads(l) for l in out.splitlines()] if rc == 0 else []
    expect(len(lines) == 3 and lines[0]["reply"] == "start" and len(lines[0]["moves"]) == 1,
           f"play {pos} --in: {rc} {out[:300]} {err.strip()}")
    if len(lines) == 3 and lines[0]["moves"]:
        after = lines[0]["position"]
        expect(all(h <= n for h in after), f"play {pos}: {after} past the file")
        expect((xor(after) == 0) == (want != 0), f"play {pos} --in: the computer left {after} (XOR {xor(after)}, start XOR {want})")
        # the hint answers the position the computer left, by the file
        expect(lines[1]["hint"]["winning"] == (xor(after) != 0), f"play {pos} --in hint: {lines[1]}")
# past the file, at the start, with the file's extent in the message
for verb in ("value", "moves", "play"):
    more = {"play": ["--script"], "moves": ["--winning"]}.get(verb, [])
    rc, out, err = run(verb, code, n + 1, "--in", f, *more, stdin="quit\n")
    expect(rc == 2 and f"holds G(0..{n}); heap {n + 1} is past it" in err and err.count("\n") == 1,
           f"{verb} {n + 1} --in: {rc} {err.strip()}")
print(ok, bad)
EOF
)
  echo "$r" | grep FAIL
  local p q
  read -r p q < <(echo "$r" | tail -1)
  pass=$((pass + ${p:-0})) fail=$((fail + ${q:-1}))
}

check grundy-game 20000
check tb:0.6 20000
check tb:0.137 3000
check 'tb:4.[3]' 2000

# another game's file, and a file under other outcome rules: refused at the start
"$G" seq tb:0.6 --to 100 --out "$tmp/s6" >/dev/null 2>&1
echo quit >"$tmp/quit"
expect_exit 2 'holds the nim-sequence of tb:0\.6, not of tb:0\.7' "$G" play tb:0.7 5 --in "$tmp/s6" --script
expect_exit 2 'heap games under normal play' "$G" play tb:0.6 5 --in "$tmp/s6" --misere --script
expect_exit 2 'cannot open' "$G" play tb:0.6 5 --in "$tmp/none" --script
finish
