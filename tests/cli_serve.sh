#!/usr/bin/env bash
# grundy serve: the JSON API answers as the command line does, refuses bad and
# oversized requests with 400/413, serves only its compiled-in page, and
# handles concurrent requests.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }

"$G" table sharing --max 40 --out "$tmp/stored.tab" || { echo "cannot store a table"; exit 1; }
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
# 40 concurrent requests below from one address: past the default per-address limit (32)
start_server serve --threads 4 --max-per-ip 64 --tables "$tmp/stored.tab"

# expect_http STATUS PATTERN PATH
expect_http() {
  local want=$1 pattern=$2 path=$3 got
  got=$(curl -s -o "$tmp/body" -w '%{http_code}' --path-as-is "$base${path#/}")
  if [ "$got" = "$want" ] && grep -qE -- "$pattern" "$tmp/body"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $path -> $got (want $want): $(head -c 300 "$tmp/body")"
  fi
}

# the same JSON as the command line
cli=$("$G" value sharing 3 5 9 --format json)
api=$(curl -s "${base}api/value?rules=sharing&pos=3,5,9")
if [ "$cli" = "$api" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: API and CLI differ: $api vs $cli"; fi
cli=$("$G" moves sharing 3 5 9 --format json)
api=$(curl -s "${base}api/moves?rules=sharing&pos=3,5,9")
if [ "$cli" = "$api" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: moves differ"; fi

expect_http 200 '"outcome":"N","value":2' '/api/value?rules=sharing&pos=3,5,9'
expect_http 200 '"outcome":"P"' '/api/value?rules=nim&pos=1,1,1&misere=1'
expect_http 200 '"name":"sharing"' '/api/games'
expect_http 200 '"rows":\[\[0\],\[0,0\],\[1,1,1\]' '/api/table?rules=sharing&max=4'
expect_http 200 '"id":"000/thm-P".*"status":"holds"' '/api/check?id=000/thm-P&to=100'
expect_http 200 '"listed":"winning"' "/api/moves?rules=sharing&pos=1,1$(printf '%0200d' 0),5"
# heap games: the page plays them through /api/play and lists a row's moves through /api/moves
expect_http 200 '"kind":"(take|split)".*"by":"computer"|"by":"computer".*"kind":"(take|split)"' '/api/play?rules=tb:0.77&pos=7,5'
expect_http 200 '"listed":"all","total_moves":5,' '/api/moves?rules=tb:0.77&pos=5'
expect_http 200 '"method":"nim-sequence, certified period"' '/api/value?rules=tb:0.77&pos=123456789012345678901234567890,7'
expect_http 200 '"phase":"ban"' '/api/play?rules=nim&pos=2,2,3&block-position=1'
# blocking through /api/play: who moves first, and the script's lines (bans, moves) as input
expect_http 200 '"phase":"move","blocker":1,"bans":\[\{' '/api/play?rules=nim&pos=2,2,3&block=1&first=me'
expect_http 200 '"reply":"ban".*"by":"computer".*"phase":"move","blocker":0' '/api/play?rules=nim&pos=1,2,3&block=1&input=ban%200%201'
expect_http 200 '"reply":"move".*"by":"person".*"by":"computer"' '/api/play?rules=nim&pos=1,2,3&first=me&input=0%201'
expect_http 400 'there is no pile 9' '/api/play?rules=nim&pos=1,2,3&block=1&first=me&input=9%209'
expect_http 400 "pile size 'x' is not a non-negative integer" '/api/value?rules=sharing&pos=3,x,9'
expect_http 400 "unknown ruleset 'bogus'" '/api/value?rules=bogus&pos=1,2'
expect_http 400 "missing parameter pos" '/api/value?rules=sharing'
expect_http 400 "missing parameter rules" '/api/value?pos=1,2,3'
expect_http 400 "unknown parameter 'out'" '/api/table?rules=sharing&max=4&out=/tmp/x'
expect_http 400 "max=-4: expected an integer from 0" '/api/table?rules=sharing&max=-4'
expect_http 400 "parameter id must be" '/api/check?id=--format'
expect_http 404 "no such API call" '/api/nothing'
expect_http 413 "past this server's bound" '/api/table?rules=sharing&max=100000'
expect_http 413 "search refused" '/api/value?rules=sharing:piles=4&pos=0,1000000,2000000,3000000'
expect_http 404 "not found" '/../../etc/passwd'
expect_http 404 "not found" '/index.html/../../etc/passwd'
expect_http 200 '<title>grundy' '/'
expect_http 200 'use strict' '/app.js'

# concurrent requests: 40 at once, all answered correctly
for i in $(seq 40); do
  curl -s "${base}api/value?rules=sharing&pos=$i,$((i + 2)),$((2 * i + 5))" >"$tmp/c$i" &
done
wait $(jobs -p | grep -v "^$server$") 2>/dev/null
ok=0
for i in $(seq 40); do
  want=$("$G" value sharing "$i" $((i + 2)) $((2 * i + 5)) --format json)
  [ "$(cat "$tmp/c$i")" = "$want" ] && ok=$((ok + 1))
done
if [ "$ok" -eq 40 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $ok of 40 concurrent answers right"; fi

finish
