#!/usr/bin/env bash
# grundy serve takes only the documented values: a flag other than
# 1/true/0/false, a NUL byte, invalid UTF-8 or an overlong number is a 400
# with a one-line JSON error, every body valid UTF-8; and value and moves
# answer the command line's JSON byte for byte, whichever path answers.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed for this test"; exit 1; }

trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
start_server serve --threads 2 --workers 1

# one line of JSON, {"error": ...} naming what was wrong, valid UTF-8
json_error() { # json_error FILE PATTERN
  python3 - "$1" "$2" <<'PY'
import json, re, sys
raw = open(sys.argv[1], 'rb').read()
text = raw.decode('utf-8')                  # fails on invalid UTF-8
assert text.endswith('\n') and text.count('\n') == 1, repr(text)
doc = json.loads(text)
assert list(doc) == ['error'], doc
assert re.search(sys.argv[2], doc['error']), doc['error']
PY
}

# expect_400 PATTERN PATH
expect_400() {
  local got
  got=$(curl -s -o "$tmp/body" -w '%{http_code}' --path-as-is "$base${2#/}")
  if [ "$got" = 400 ] && json_error "$tmp/body" "$1" 2>"$tmp/py.err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $2 -> $got (want 400 matching '$1'): $(head -c 300 "$tmp/body") $(tail -1 "$tmp/py.err")"
  fi
}

# flags take only their documented values
expect_400 'misere=yes: expected 1, true, 0 or false' '/api/value?rules=nim&pos=1,2&misere=yes'
expect_400 'misere=2: expected 1, true, 0 or false' '/api/value?rules=nim&pos=1,2&misere=2'
expect_400 'winning=yes: expected 1, true, 0 or false' '/api/moves?rules=nim&pos=1,2&winning=yes'
expect_400 'period=yes: expected 1, true, 0 or false' '/api/seq?rules=subtraction:1,2&to=10&period=yes'
expect_400 'players=3x' '/api/value?rules=nim&pos=1,2&players=3x'
expect_400 'players=1234567890123456' '/api/value?rules=nim&pos=1,2&players=1234567890123456'
expect_400 'to=99999999999999999999' '/api/seq?rules=nim&to=99999999999999999999'
expect_400 'more than 2000 digits' "/api/value?rules=nim&pos=1,$(printf '%02001d' 1)"
# NUL bytes and bytes that are not UTF-8
expect_400 'NUL' '/api/value?rules=nim&pos=1%00,2'
expect_400 'NUL' '/api/value?rules=nim%00&pos=1,2'
expect_400 'NUL' '/api/table?rules=sharing%00&max=4'
expect_400 'UTF-8' '/api/value?rules=nim&pos=1,2&%ff=1'
expect_400 'UTF-8' '/api/moves?rules=nim%c3&pos=1,2'
expect_400 "unknown parameter 'period'" '/api/value?rules=nim&pos=1,2&period=1'
# the documented values do what they say
for v in 1 true; do
  curl -s "${base}api/value?rules=nim&pos=1,1,1&misere=$v" | grep -q '"outcome":"P"' && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL: misere=$v is not misere"; }
done
for v in 0 false; do
  curl -s "${base}api/value?rules=nim&pos=1,1,1&misere=$v" | grep -q '"outcome":"N"' && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL: misere=$v is not normal play"; }
done

# the same JSON from the command line and the API, status and body, over
# each path: small calls answered in the server's thread, large ones by a
# worker, and errors
same() { # same QUERY ARGS...
  local query=$1 cli api status want
  shift
  cli=$("$G" "$@" --format json 2>"$tmp/cli.err")
  local rc=$?
  status=$(curl -s -o "$tmp/api" -w '%{http_code}' "$base$query")
  api=$(cat "$tmp/api")
  if [ $rc -ne 0 ]; then
    # an error: the same message, with the status of its code
    case $rc in 2) want=400 ;; 3) want=413 ;; 4) want=507 ;; *) want=500 ;; esac
    cli="{\"error\":$(sed 's/^grundy: //' "$tmp/cli.err" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().rstrip("\n")))')}"
  else
    want=200
  fi
  if [ "$status" = "$want" ] && [ "$cli" = "$api" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $query: API $status $(head -c 200 "$tmp/api") vs command line (exit $rc) $(head -c 200 <<<"$cli")"
  fi
}
same 'api/value?rules=sharing&pos=3,5,9' value sharing 3 5 9
same 'api/moves?rules=sharing&pos=3,5,9' moves sharing 3 5 9
same 'api/value?rules=nim&pos=1,2,3&misere=1' value nim 1 2 3 --misere
same 'api/moves?rules=nim&pos=2,2,3&block=1' moves nim 2 2 3 --block 1
same 'api/moves?rules=nim&pos=2,2,3&block-position=1' moves nim 2 2 3 --block-position 1
same 'api/moves?rules=kim&pos=3,5,9&players=3' moves kim 3 5 9 --players 3
same 'api/moves?rules=tb:0.77&pos=7,5&winning=1' moves tb:0.77 7 5 --winning
same 'api/value?rules=tb:0.77&pos=123456789012345678901234567890,7' value tb:0.77 123456789012345678901234567890 7
same 'api/moves?rules=sharing&pos=1,1,1000000000000000000000000005' moves sharing 1 1 1000000000000000000000000005
# a search the estimate puts past the server's own thread: a worker answers
same 'api/value?rules=sharing&pos=20,40,60' value sharing 20 40 60
same 'api/moves?rules=split&pos=9,7' moves split 9 7
same 'api/value?rules=bogus&pos=1,2' value bogus 1 2
same 'api/value?rules=nim&pos=3,x' value nim 3 x

# the server's own threads answer only what the budget holds: a hint that
# searches game lengths for seconds is a worker's, and a cheap call made
# meanwhile is answered at once, by the server itself
curl -s -o /dev/null -D "$tmp/heavy.h" "${base}api/play?rules=nim&pos=200,250,300&input=hint" &
heavy=$!
sleep 0.5
t0=$(date +%s%N)
curl -s -D "$tmp/cheap.h" -o "$tmp/cheap" "${base}api/value?rules=nim&pos=1,2"
ms=$((($(date +%s%N) - t0) / 1000000))
if grep -q '"outcome":"N"' "$tmp/cheap" && grep -qi '^x-grundy-answered-by: server' "$tmp/cheap.h" && [ "$ms" -lt 1000 ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: a cheap call beside a heavy one took $ms ms: $(cat "$tmp/cheap") $(tr '\r\n' '  ' <"$tmp/cheap.h")"
fi
wait $heavy
grep -qi '^x-grundy-answered-by: worker' "$tmp/heavy.h" && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL: the heavy hint was not a worker's: $(tr '\r\n' '  ' <"$tmp/heavy.h")"; }
finish
