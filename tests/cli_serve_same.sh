#!/usr/bin/env bash
# Random requests over value, moves and seq, the page's rulesets and every
# outcome rule: the API answers each with the command line's status class
# and, byte for byte, its JSON (or its message, as {"error": ...}).
# The draws are seeded, so a failure repeats.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed for this test"; exit 1; }

trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
start_server serve --threads 2 --workers 1

# the draws: verb, ruleset, position, outcome rule, --winning, as lines
python3 - >"$tmp/draws" <<'PY'
import random
r = random.Random(27)
rules = ["sharing", "nim", "kim", "tb:0.77", "split", "grundy-game", "subtraction:1,3,4", "kim:reading=R2",
         "sharing:piles=4", "split:parts=2", "tb:0.137", "bogus"]
outcomes = [[], ["misere"], ["players", "3"], ["players", "4"], ["block", "1"], ["block", "2"],
            ["block-position", "1"]]
for _ in range(80):
    verb = r.choice(["value", "moves"])
    rs = r.choice(rules)
    n = 3 if rs.startswith("sharing") and "piles=4" not in rs else r.randint(1, 4 if "piles=4" not in rs else 4)
    if "piles=4" in rs: n = 4
    pos = [r.randint(0, 9) for _ in range(n)]
    if r.random() < 0.1: pos[0] = 10 ** r.randint(20, 40) + r.randint(0, 9)
    oc = r.choice(outcomes)
    win = verb == "moves" and r.random() < 0.3
    print(verb, rs, ",".join(map(str, pos)), ":".join(oc) or "-", int(win))
PY

n=0
while read -r verb rules pos oc win; do
  n=$((n + 1))
  # shellcheck disable=SC2206
  args=("$verb" "$rules" ${pos//,/ })
  query="api/$verb?rules=$rules&pos=$pos"
  if [ "$oc" != - ]; then
    set -- ${oc/:/ }
    if [ $# = 1 ]; then args+=("--$1"); query+="&$1=1"; else args+=("--$1" "$2"); query+="&$1=$2"; fi
  fi
  [ "$win" = 1 ] && args+=(--winning) && query+="&winning=1"
  cli=$("$G" "${args[@]}" --format json 2>"$tmp/cli.err")
  rc=$?
  status=$(curl -s -o "$tmp/api" -w '%{http_code}' "$base$query")
  case $rc in 0) want=200 ;; 2) want=400 ;; 3) want=413 ;; 4) want=507 ;; *) want=500 ;; esac
  if [ $rc -ne 0 ]; then
    cli="{\"error\":$(sed 's/^grundy: //' "$tmp/cli.err" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().rstrip("\n")))')}"
    # a limit names the command line's knob there, the server's limit here
    cli=${cli%; raise with --max-memory*}
    api=$(sed 's/ (this server.s limit)//' "$tmp/api")
  else
    api=$(cat "$tmp/api")
  fi
  # the limits differ (the server's are its own): compare the JSON, or the message up to them
  echo "$status" >>"$tmp/statuses"
  if [ "$status" = "$want" ] && { [ "$cli" = "$api" ] || { [ $rc = 3 ] && [ "${api%%limits*}" = "${cli%%limits*}" ]; }; }; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $query: API $status $(head -c 200 "$tmp/api") vs ${args[*]} (exit $rc) $(head -c 200 <<<"$cli")"
  fi
done <"$tmp/draws"
[ "$n" -eq 80 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: $n draws, want 80"; }

# seq: random sequences over its makers (nim-sequences by each method and
# the policy's, periods, sharing rows and diagonals, m players, nim-pairs,
# misere classes) and bad input; small ones answered in the server's
# thread, longer ones by a worker. The query words are the flags' names.
python3 - >"$tmp/seqdraws" <<'PY'
import random
r = random.Random(2701)
rules = ["nim", "tb:0.07", "tb:0.137", "tb:0.77", "tb:0.161", "subtraction:1,3,4", "subtraction:1,2", "sharing",
         "grundy-game", "kim", "bogus"]
for _ in range(60):
    rs = r.choice(rules)
    to = r.choice([0, 5, 30, 200, 700, 5000, 60000]) if rs != "sharing" else r.choice([0, 10, 90, 400])
    if to == 60000 and rs not in ("tb:0.161", "grundy-game"): to = 20000   # the sparse method's codes only
    words = [("to", str(to))]
    if r.random() < 0.3: words.append(("from", str(r.randint(0, to + 3))))
    if r.random() < 0.3: words.append(("period", "1"))
    extra = r.random()
    if extra < 0.15: words.append(("players", str(r.choice([3, 4]))))
    elif extra < 0.25: words.append(("misere", "1"))
    elif extra < 0.32: words.append(("nim-pairs", "1"))
    elif extra < 0.45 and rs == "sharing": words.append((r.choice(["row", "diagonal"]), str(r.randint(0, 12))))
    if r.random() < 0.2: words.append(("method", r.choice(["fast", "simple", "sparse", "bogus"])))
    # the O(N^2) methods by name stay small: a loaded machine must answer within the server's 10 s
    for m in ("simple", "fast"):
        if to > 5000 and ("method", m) in words: words.remove(("method", m))
    print(rs, " ".join(k + "=" + v for k, v in words))
PY
n=0
while read -r rules words; do
  n=$((n + 1))
  args=(seq "$rules") query="api/seq?rules=$rules"
  for w in $words; do
    k=${w%%=*} v=${w#*=}
    case $k in period|misere|nim-pairs) args+=("--$k") ;; *) args+=("--$k" "$v") ;; esac
    query+="&$k=$v"
  done
  cli=$("$G" "${args[@]}" --format json 2>"$tmp/cli.err")
  rc=$?
  status=$(curl -s -o "$tmp/api" -w '%{http_code}' "$base$query")
  echo "$status" >>"$tmp/seqstatuses"
  case $rc in 0) want=200 ;; 2) want=400 ;; 3) want=413 ;; 4) want=507 ;; *) want=500 ;; esac
  if [ $rc -eq 0 ]; then
    same=$([ "$cli" = "$(cat "$tmp/api")" ] && echo 1)
  else
    # the message names the flags as the command line does (--to 5), the API as its query (to=5)
    same=$([ -s "$tmp/api" ] && grep -q '^{"error":' "$tmp/api" && echo 1)
  fi
  if [ "$status" = "$want" ] && [ -n "$same" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $query: API $status $(head -c 200 "$tmp/api") vs ${args[*]} (exit $rc) $(head -c 200 <<<"$cli") $(cat "$tmp/cli.err")"
  fi
done <"$tmp/seqdraws"
ok=$(grep -c '^200$' "$tmp/seqstatuses") bad=$(grep -c '^400$' "$tmp/seqstatuses")
echo "seq: $ok answered, $bad bad input, $((n - ok - bad)) other"
[ "$n" -eq 60 ] && [ "$ok" -ge 30 ] && [ "$bad" -ge 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: seq draws $n, $ok answered, $bad bad"; }
# the draws reach answers and errors both
ok=$(grep -c '^200$' "$tmp/statuses") bad=$(grep -c '^400$' "$tmp/statuses")
echo "$ok answered, $bad bad input, $((n - ok - bad)) other"
[ "$ok" -ge 40 ] && [ "$bad" -ge 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: too few of each"; }
finish
