#!/usr/bin/env bash
# /api/games and /api/check are the answer layer's games and check verbs:
# the same JSON, byte for byte, as `grundy games --format json` and
# `grundy check ... --format json`; games answered by the server itself,
# check in a process of its own; bad input a 400 with one line of JSON.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }

trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
start_server serve --threads 2 --workers 1

# get NAME QUERY: body in $tmp/NAME.body, status in NAME.code, answerer in NAME.by
get() {
  curl -s -D "$tmp/$1.head" -o "$tmp/$1.body" -w '%{http_code}' "${base}$2" >"$tmp/$1.code"
  tr -d '\r' <"$tmp/$1.head" | sed -n 's/^X-Grundy-Answered-By: //Ip' >"$tmp/$1.by"
}

"$G" games --format json >"$tmp/games.cli"
get games "api/games"
check "/api/games is 200 from the server: $(cat "$tmp/games.code") $(cat "$tmp/games.by")" \
  "[ \"\$(cat $tmp/games.code)\" = 200 ] && [ \"\$(cat $tmp/games.by)\" = server ]"
check "/api/games is the command line's JSON" "cmp -s $tmp/games.cli $tmp/games.body"
check "/api/games lists sharing's transfer and the players rule" \
  "grep -q '\"name\":\"sharing\".*\"kind\":\"transfer\"' $tmp/games.body && grep -q '\"name\":\"players\"' $tmp/games.body"
get games2 "api/games"
check "a second /api/games: the same bytes" "cmp -s $tmp/games.body $tmp/games2.body"

n=0
for words in "000/remark-R.opt-move --to 100" "000/thm-P --to 100" "000 --list" "000/table-T1"; do
  n=$((n + 1))
  set -- $words
  query="id=$1"
  [ "${2:-}" = --to ] && query="$query&to=$3"
  [ "${2:-}" = --list ] && query="$query&list=1"
  "$G" check "$@" --format json >"$tmp/check$n.cli"
  get check$n "api/check?$query"
  check "/api/check?$query is 200: $(cat "$tmp/check$n.code") $(head -c 200 "$tmp/check$n.body")" \
    "[ \"\$(cat $tmp/check$n.code)\" = 200 ]"
  check "/api/check?$query is the command line's JSON" "cmp -s $tmp/check$n.cli $tmp/check$n.body"
done
check "check runs in a process of its own" "[ \"\$(cat $tmp/check1.by)\" = process ]"
check "a failing claim's counterexample" "grep -q '\"status\":\"fails\",.*\"counterexample\":\[0,1,3\]' $tmp/check1.body"

# bad input: one line of JSON, 400 (413 past the server's bound or limit)
bad() {
  local want=$1 pattern=$2 query=$3 ok=0
  get bad "$query"
  if [ "$(cat "$tmp/bad.code")" = "$want" ] && [ "$(wc -l <"$tmp/bad.body")" = 1 ] &&
    grep -qE -- "^\{\"error\":\".*$pattern" "$tmp/bad.body"; then ok=1; fi
  check "$query -> $(cat "$tmp/bad.code") (want $want): $(cat "$tmp/bad.body")" "[ $ok = 1 ]"
}
bad 400 "unknown parameter 'x'" "api/games?x=1"
bad 400 "parameter id must be a seed" "api/check?id=--format"
bad 400 "parameter id must be a seed" "api/check?id="
bad 400 "unknown seed '999'" "api/check?id=999"
bad 400 "unknown claim '000/nope'" "api/check?id=000/nope"
bad 400 "to=abc: expected an integer" "api/check?id=000/thm-P&to=abc"
bad 400 "to=-3: expected an integer" "api/check?id=000/thm-P&to=-3"
bad 400 "list=yes: expected 1, true, 0 or false" "api/check?id=000&list=yes"
bad 400 "unknown parameter 'max-seconds'" "api/check?id=000&max-seconds=5"
bad 400 "to=5: 001/lemma-9.2 checks a fixed statement" "api/check?id=001/lemma-9.2&to=5"
bad 400 "given twice" "api/check?id=000&id=000"
bad 413 "to=99999 is past this server's bound" "api/check?id=000/thm-P&to=99999"
bad 413 "001/thm-9.3 to=1000 would take about .* over this server's limit" "api/check?id=001/thm-9.3&to=1000"

finish
