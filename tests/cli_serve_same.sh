#!/usr/bin/env bash
# Random requests over value and moves, the page's rulesets and every
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
# the draws reach answers and errors both
ok=$(grep -c '^200$' "$tmp/statuses") bad=$(grep -c '^400$' "$tmp/statuses")
echo "$ok answered, $bad bad input, $((n - ok - bad)) other"
[ "$ok" -ge 40 ] && [ "$bad" -ge 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: too few of each"; }
finish
