#!/usr/bin/env bash
# grundy play: script mode through pipes, the interactive mode through a
# pseudo-terminal, records and replays, bad input. $1 is the grundy binary.
set -u
G=${1:?usage: cli_play.sh path/to/grundy}
# The system python starts fast; a version manager's shim can take seconds.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# check NAME PYTHON-EXPR: evaluates the expression with r = list of JSON replies
# read from $T/out (one per line) and rc = the exit status in $T/rc.
check() {
    local name=$1 expr=$2
    if timeout 120 "$PY" - "$T/out" "$T/rc" "$expr" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
r = [json.loads(l) for l in lines]
rc = int(open(sys.argv[2]).read())
ok = eval(sys.argv[3])
sys.exit(0 if ok else 1)
EOF
    then ok; else bad "$name"; echo "--- output:"; head -c 2000 "$T/out"; echo; fi
}

run() { # stdin from $1 (a string), the rest are grundy arguments
    local input=$1
    shift
    printf '%b' "$input" | "$G" "$@" >"$T/out" 2>"$T/err"
    echo $? >"$T/rc"
}

# ---- script mode ----
run 'hint\n2 1 2\n' play sharing 3 5 9 --script --hints
check "script: one JSON line per input line plus start and end" \
    'len(r) == 4 and [x["reply"] for x in r] == ["start", "hint", "move", "quit"] and rc == 0'
check "script: the hint counts all 3 winning moves of (3,5,9)" \
    'r[1]["hint"]["winning_moves"] == 3 and r[1]["hint"]["winning"] and "Theorem P" in r[1]["hint"]["why"]'
check "script: the person's move and the computer's reply" \
    'len(r[2]["moves"]) == 2 and r[2]["moves"][0]["by"] == "person" and r[2]["moves"][0]["position"] == [3,7,7] and r[2]["moves"][1]["by"] == "computer" and r[2]["turn"] == 2'
check "script: --hints says whether the person is winning" \
    'r[0]["winning"] is True and r[2]["winning"] is True'
check "script: end of input ends cleanly" 'r[3]["reason"] == "end of input"'

run 'garbage\n0 1 1\n5 0 1\n0 1\n\n2 0 3\nquit\n2 0 3\n' play sharing 3 5 9 --script
check "script: bad input gets an error reply and the game goes on" \
    '[x["reply"] for x in r] == ["start","error","error","error","error","move","quit"] and all(not x["ok"] for x in r[1:5]) and all(x["position"] == [3,5,9] for x in r[1:5])'
check "script: messages name the problem" \
    '"garbage" in r[1]["error"] and "bigger" in r[2]["error"] and "no pile 5" in r[3]["error"] and "no moves that only take" in r[4]["error"]'
check "script: a winning move ends the game, the person wins" \
    'r[5]["over"] and r[5]["loser"] == 1 and r[5]["winner"] == 0 and r[5]["position"] == [6,5,6]'
check "script: quit stops reading" 'r[-1]["reason"] == "quit" and rc == 0'

run '' play nim 1 2 --first computer --script
check "script: the computer moves first from (1,2) and wins" \
    'r[0]["reply"] == "start" and len(r[0]["moves"]) == 1 and r[0]["moves"][0]["by"] == "computer" and r[0]["position"] in ([1,1],) and r[0]["to_move"] == 1'

run 'undo\n0 1\nundo\nrestart\n' play nim 1 2 3 --script
check "script: undo takes back the person's move and the reply" \
    'not r[1]["ok"] and r[3]["reply"] == "undo" and r[3]["position"] == [1,2,3] and r[3]["turn"] == 0 and r[4]["reply"] == "restart"'

run 'help\n' play kim 2 3 --script
check "script: help gives the ruleset's notation" \
    'r[1]["reply"] == "help" and "FROM TO AMOUNT" in r[1]["help"] and "PILE AMOUNT" in r[1]["help"]'

run '0 1\n' play nim 1 1 1 --misere --script
check "script: misere nim, the computer takes care not to take the last" \
    'r[1]["position"].count(1) == 1 and not r[1]["over"]'

# ---- huge positions play through the closed forms ----
A=$("$PY" -c 'import random; random.seed(7); print(" ".join(str(random.randrange(10**999, 10**1000)) for _ in range(3)))')
run 'hint\n' play sharing $A --script
check "huge: three 1000-digit piles, a hint by Theorem P" \
    'rc == 0 and r[1]["hint"]["winning"] and "Theorem P" in r[1]["hint"]["why"]'
"$PY" - "$T/out" >"$T/move" <<'EOF'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
print(r[1]["hint"]["move"]["notation"])
EOF
run "$(cat "$T/move")\n" play sharing $A --script
check "huge: the winning move is accepted and the computer answers" \
    'r[1]["ok"] and len(r[1]["moves"]) == 2 and len(str(r[1]["position"][0])) >= 999'
run 'hint\n1 1\n' play nim 123456789012345678901234567890 98765432109876543210987654321 7 --script
check "huge nim: a hint by Bouton's theorem, and a reply that leaves nim-sum 0" \
    'r[1]["hint"]["winning"] and "nim-sum" in r[1]["hint"]["why"] and r[2]["ok"] and r[2]["outcome"] == "P" and int(r[2]["position"][0]) ^ int(r[2]["position"][1]) ^ int(r[2]["position"][2]) == 0'

# ---- more than two players: only where the players rule is built in ----
if "$G" value nim 1 2 --players 3 >/dev/null 2>&1; then
    run '0 1\n' play nim 1 2 3 --players 3 --script --hints
    check "players=3: the two computer seats answer, the person is told the class" \
        'r[0]["outcome"] == "B" and r[0]["winning"] and len(r[1]["moves"]) == 3 and [m["seat"] for m in r[1]["moves"]] == [0,1,2] and r[1]["over"] and r[1]["loser"] == 0 and r[1]["winner"] is None'
    run '' play sharing 0 4 9 --players 3 --seats computer,computer,computer --script
    check "players=3: three computer seats play the game out" 'r[0]["over"] and r[0]["loser"] in (0,1,2)'
    run 'undo\n' play nim 2 2 3 --players 3 --seats me,computer,me --script
    check "players=3: --seats with two people" 'r[0]["to_move"] == 0 and r[1]["reply"] == "undo" and not r[1]["ok"]'
else
    echo "players rule not built in: its play tests are skipped"
fi

# ---- blocking: only where the block rule is built in ----
if "$G" value nim 1 2 3 --block 1 >/dev/null 2>&1; then
    run '' play nim 1 2 4 --block 1 --script
    BAN=$("$PY" -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["bans"][0]["notation"])' "$T/out")
    run "$BAN\n0 1\n2 1\n" play nim 1 2 4 --block 1 --script --record "$T/block.rec"
    check "block=1: the computer forbids a move of the person's, which is refused" \
        'r[0]["phase"] == "move" and r[0]["blocker"] == 1 and len(r[0]["bans"]) == 1 and not r[1]["ok"] and "forbidden" in r[1]["error"]'
    check "block=1: the person forbids one of the computer's moves" \
        'r[2]["phase"] == "ban" and r[2]["blocker"] == 0 and r[2]["to_move"] == 1 and r[3]["reply"] == "ban" and len(r[3]["moves"]) == 1 and r[3]["moves"][0]["by"] == "computer" and r[3]["moves"][0]["notation"] != "2 1"'
    "$G" play --replay "$T/block.rec" --script >"$T/out" 2>"$T/err"
    echo $? >"$T/rc"
    check "block=1: bans are in the record and replayed" 'rc == 0 and r[-1]["reply"] == "end" and r[-1]["turn"] == 2'
else
    echo "block rule not built in: its play tests are skipped"
fi

# ---- heaps that split: the notation PILE = PARTS, empty heaps dropped ----
run '0 = 2 3 4\nhint\n0 = 1 1 1\n1 = 2\n' play split 9 --script --hints
check "split: the person's split and the computer's reply" \
    'r[1]["ok"] and r[1]["moves"][0]["kind"] == "split" and r[1]["moves"][0]["parts"] == [2,3,4] and r[1]["moves"][0]["notation"] == "0 = 2 3 4" and r[1]["moves"][1]["by"] == "computer"'
check "split: the hint is a move in the same notation, with its words" \
    'r[2]["hint"]["move"]["notation"] != "" and ("split" in r[2]["hint"]["move"]["text"] or "take" in r[2]["hint"]["move"]["text"])'
check "split: parts that do not add up, and a take written as a heap's new size" \
    'r[1]["position"] == [2,3,1] and not r[3]["ok"] and "add up" in r[3]["error"] and r[4]["ok"] and r[4]["moves"][0]["kind"] == "take" and r[4]["moves"][0]["amount"] == 1'
run 'help\n' play tb:0.77 7
if grep -q 'PILE = A B' "$T/out" && grep -q 'split pile 2 into 1, 3 and 5' "$T/out"; then ok; else
    bad "tb help shows the split notation"; cat "$T/out"; fi
run '0 1\n' play tb:0.77 7 --record "$T/kayles.rec"
"$G" play --replay "$T/kayles.rec" --script >"$T/out" 2>"$T/err"
echo $? >"$T/rc"
if grep -q '^move 0 1$' "$T/kayles.rec" && [ "$(grep -c '^move ' "$T/kayles.rec")" = 2 ]; then ok; else
    bad "kayles record"; cat "$T/kayles.rec"; fi
check "kayles: the record replays to the same position" 'rc == 0 and r[-1]["reply"] == "end" and r[-1]["turn"] == 2 and sum(r[-1]["position"]) <= 6'
B8=$("$PY" -c 'x = 10**40; x += (7 - x % 8) % 8; print(x, x + 1)')
# shellcheck disable=SC2086
run 'hint\n' play split $B8 --script --hints
check "split: huge heaps play by the closed form, where only a split wins" \
    'r[1]["hint"]["winning"] and r[1]["hint"]["move"]["kind"] == "split" and len(r[1]["hint"]["move"]["parts"]) == 3'

# ---- block-position: bans name positions ----
# (2,2,3): the computer forbids (2,2,0); the person takes 2 from pile 0 and
# forbids (0,0,3); the computer moves to (0,2,2) and forbids (0,1,2), so the
# person's move to (0,2,1), the same position, is refused.
run '0 2\n1 2\n2 1\n' play nim 2 2 3 --block-position 1 --script
check "block-position: the computer forbids a position before the person moves" \
    'r[0]["phase"] == "move" and [b["notation"] for b in r[0]["bans"]] == ["2 3"]'
check "block-position: the person's ban holds the computer off that position" \
    'r[2]["reply"] == "ban" and r[2]["moves"][0]["by"] == "computer" and r[2]["moves"][0]["position"] == [0,2,2]'
check "block-position: a move to a forbidden position is refused, whichever pile it takes from" \
    '[b["notation"] for b in r[2]["bans"]] == ["1 1"] and not r[3]["ok"] and "position forbidden" in r[3]["error"]'

# ---- the game-length search stops at the engine's limits (exit 3) ----
# Three piles of nim too big for the length search to finish in a second:
# without the time limit it ran for half a minute.
t0=$(date +%s)
run 'hint\n' play nim 200 250 50 --script --max-seconds 1
t1=$(date +%s)
check "limits: the length search stops at --max-seconds 1 with exit 3" 'rc == 3'
if grep -q 'max-seconds' "$T/err"; then ok; else bad "limits: the message names --max-seconds"; cat "$T/err"; fi
# the limit is CPU time: on a loaded machine, or under a sanitizer, the wall
# time is a few times more; unlimited, the search runs for half a minute
# (several minutes under a sanitizer)
if [ $((t1 - t0)) -lt 20 ]; then ok; else bad "limits: stopped after $((t1 - t0)) s, not within 20 s"; fi
# a small game fits the limit: its hint, length and all, is as without one
run 'hint\n' play nim 3 5 7 --script --max-seconds 1
check "limits: a small game's hint is unchanged under a limit" \
    'rc == 0 and r[1]["hint"]["move"]["notation"] == "0 1" and r[1]["hint"]["length"] == 14 and r[1]["hint"]["winning_moves"] == 3'
run 'hint\n' play nim 3 5 7 --script
check "limits: the same hint without a limit" \
    'rc == 0 and r[1]["hint"]["move"]["notation"] == "0 1" and r[1]["hint"]["length"] == 14'

# ---- records and replays ----
run '2 1 2\n' play sharing 3 5 9 --record "$T/game.rec"
if grep -qx 'rules sharing' "$T/game.rec" && grep -qx 'position 3 5 9' "$T/game.rec" &&
    grep -qx 'move 2 1 2' "$T/game.rec" && [ "$(grep -c '^move ' "$T/game.rec")" = 2 ]; then ok; else
    bad "record: rules, position and both moves"; cat "$T/game.rec"; fi
if ls "$T" | grep -q 'tmp'; then bad "record: a temporary file was left behind"; else ok; fi
"$G" play --replay "$T/game.rec" >"$T/replay.txt" 2>&1
if [ $? = 0 ] && grep -q '1. you: move 2 from pile 2 to pile 1' "$T/replay.txt"; then ok; else
    bad "replay: text"; cat "$T/replay.txt"; fi
"$G" play --replay "$T/game.rec" --script >"$T/out" 2>"$T/err"
echo $? >"$T/rc"
check "replay: JSON, one line per move and an end line" \
    'rc == 0 and [x["reply"] for x in r] == ["move","move","end"] and r[-1]["position"] == [4,6,7]'
printf 'rules sharing\nposition 3 5 9\nmove 0 1 1\n' >"$T/badgame.rec"
"$G" play --replay "$T/badgame.rec" >"$T/out" 2>"$T/err"
if [ $? = 2 ] && grep -q 'record move 1' "$T/err"; then ok; else bad "replay: an illegal move in a record"; cat "$T/err"; fi

# ---- bad arguments: one line, exit 2 ----
for args in "play" "play sharing" "play sharing 3 5 9 --first nobody" "play sharing 3 5 9 --seats me,me,me" \
    "play sharing 3 5 9 --bogus" "play nim -3" "play --replay $T/missing.rec"; do
    # shellcheck disable=SC2086
    "$G" $args </dev/null >"$T/out" 2>"$T/err"
    rc=$?
    if [ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && [ ! -s "$T/out" ]; then ok; else
        bad "bad arguments '$args' (rc $rc)"; cat "$T/err"; fi
done
B=$("$PY" -c 'print("9" * 40)')
"$G" play sharing 1 2 3 $B </dev/null >"$T/out" 2>"$T/err"
if [ $? = 2 ] && grep -q 'no closed form' "$T/err"; then ok; else bad "four huge sharing piles are refused"; cat "$T/err"; fi

# ---- the computer wins from winning positions against random moves, end to end ----
if timeout 120 "$PY" - "$G" <<'EOF'
import json, random, subprocess, sys
g = sys.argv[1]
def game(rules, pos, seed):
    rnd = random.Random(seed)
    p = subprocess.Popen([g, "play", rules] + [str(x) for x in pos] + ["--first", "computer", "--script"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    r = json.loads(p.stdout.readline())
    while not r["over"]:
        q = r["position"]
        if rules == "nim":
            s = rnd.choice([i for i in range(len(q)) if q[i] > 0])
            mv = "%d %d" % (s, rnd.randint(1, q[s]))
        elif rules == "split":
            s = rnd.choice([i for i in range(len(q)) if q[i] > 0])
            if q[s] >= 3 and rnd.random() < 0.5:
                a = rnd.randint(1, q[s] - 2)
                b = rnd.randint(1, q[s] - a - 1)
                mv = "%d = %d %d %d" % (s, a, b, q[s] - a - b)
            else:
                mv = "%d %d" % (s, rnd.randint(1, q[s]))
        else:
            pairs = [(s, d) for s in range(len(q)) for d in range(len(q)) if q[s] - q[d] >= 2]
            s, d = rnd.choice(pairs)
            mv = "%d %d %d" % (s, d, rnd.randint(1, (q[s] - q[d]) // 2))
        p.stdin.write(mv + "\n")
        p.stdin.flush()
        r = json.loads(p.stdout.readline())
        assert r["ok"], r
    p.stdin.close()
    p.wait()
    return r["loser"]
won = 0
for seed in range(20):
    assert game("nim", [seed % 7 + 1, 5, 6], seed) == 1, ("nim", seed)
    assert game("sharing", [0, seed % 5 + 1, 11], seed) == 1, ("sharing", seed)
    assert game("split", [seed % 9 + 1, 13], seed) == 1 or seed % 9 + 1 == 13, ("split", seed)
    won += 3
sys.exit(0 if won == 60 else 1)
EOF
then ok; else bad "end to end: the computer lost a won game"; fi

# ---- the interactive mode through a pseudo-terminal (readline) ----
if timeout 120 "$PY" - "$G" <<'EOF'
import os, pty, select, sys
g = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"
    os.execv(g, [g, "play", "nim", "1", "2", "--hints"])
out = b""
def read_until(token, limit=30.0):
    global out
    while token not in out:
        rl, _, _ = select.select([fd], [], [], limit)
        if not rl:
            return False
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return False
        if not chunk:
            return False
        out += chunk
    return True
ok = read_until(b"> ")
ok = ok and b"Your move -- hint: you can win" in out
os.write(fd, b"help\n"); ok = ok and read_until(b"Commands:")
os.write(fd, b"9 9\n"); ok = ok and read_until(b"no pile 9")
os.write(fd, b"1 1\n"); ok = ok and read_until(b"The computer: take 1 from pile 0")
os.write(fd, b"1 1\n"); ok = ok and read_until(b"Game over: you win!")
out = b""
os.write(fd, b"undo\n"); ok = ok and read_until(b"Your move") and read_until(b"> ")
# End of input at the prompt. Readline may flush input typed while it sets up
# the terminal, so a lost Ctrl-D is sent again rather than waited on forever.
import time
status = None
for attempt in range(40 if ok else 0):
    if attempt % 4 == 0:
        os.write(fd, b"\x04")
    time.sleep(0.25)
    try:
        while select.select([fd], [], [], 0)[0] and os.read(fd, 4096):
            pass
    except OSError:
        pass
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
        break
if status is None:
    ok = False
    os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
ok = ok and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
if not ok:
    sys.stderr.write(out.decode(errors="replace"))
sys.exit(0 if ok else 1)
EOF
then ok; else bad "interactive: help, error, move, game over, undo, end of input through a pty"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
