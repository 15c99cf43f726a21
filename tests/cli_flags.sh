#!/usr/bin/env bash
# Flags and positions: conflicting or repeated flags are errors naming both,
# "--flag=value" is "--flag value", malformed positions are refused, and
# refusals come fast, in the words the user typed.
source "$(dirname "$0")/lib_cli.sh"

# two outcome rules, in either order, on every verb that takes them
for verb in value moves play; do
  expect_exit 2 "--players 3 conflicts with --misere" "$G" $verb nim 1 2 3 --misere --players 3
  expect_exit 2 "--misere conflicts with --players 3" "$G" $verb nim 1 2 3 --players 3 --misere
  expect_exit 2 "--block-position 1 conflicts with --block 1" "$G" $verb nim 1 2 3 --block 1 --block-position 1
done
expect_exit 2 "--misere conflicts with --players 3" "$G" seq subtraction:1,2 --to 5 --players 3 --misere
expect_exit 2 "--block 1 conflicts with --misere" "$G" table sharing --max 5 --misere --block 1
# a flag given twice
expect_exit 2 "--max-seconds given twice" "$G" value nim 1 2 --max-seconds 5 --max-seconds 6
expect_exit 2 "--players given twice" "$G" value nim 1 2 --players 3 --players 4
expect_exit 2 "--to given twice" "$G" seq nim --to 5 --to 6
expect_exit 2 "--to given twice" "$G" check 001/lemma-3.4 --to 5 --to=6
expect_exit 2 "--format given twice" "$G" table sharing --max 5 --format csv --format json
expect_exit 2 "--winning given twice" "$G" moves nim 1 2 --winning --winning
# a ruleset option given twice
expect_exit 2 "reading=R1 and reading=R3 both set reading" "$G" value kim:reading=R1,reading=R3 1 2 3
expect_exit 2 "piles=3 and piles=4 both set piles" "$G" value sharing:piles=3,piles=4 1 2 3
expect_exit 2 "parts=2 and parts=3 both set parts" "$G" seq split:parts=2,parts=3 --to 5
# flags that contradict each other
expect_exit 2 "--bfile conflicts with --format json" "$G" seq nim --to 5 --bfile --format json
expect_exit 2 "--row 1 conflicts with --diagonal 2" "$G" seq sharing --to 5 --row 1 --diagonal 2

# --flag=value
expect_out '"outcome":"P"' "$G" value nim 1 2 3 --format=json
expect_out '^0 1 2 3 4 5$' "$G" seq nim --to=5
expect_exit 2 "--format xml: value prints text or json$" "$G" value nim 1 --format=xml
expect_out '^\{"count":"1"\}$' "$G" count pairs --sum=10 --xor=2 --format=json
expect_exit 2 "--sum given twice" "$G" count pairs --sum 10 --sum 11 --xor 2
expect_exit 2 "--to given twice" "$G" count sharing-p --to 5 --to 6
expect_exit 2 "unknown argument '--digits' for count pairs" "$G" count pairs --sum 10 --xor 2 --digits 3

# not positions
expect_exit 2 "empty pile size between two commas" "$G" value nim 1,2,,3
expect_exit 2 "empty pile size between two commas" "$G" value nim "1, ,3"
expect_exit 2 "'\+3' has a sign" "$G" value nim +3
expect_exit 2 "'\+3' has a sign" "$G" moves sharing 1 +3 5

# refusals in the user's words
expect_exit 2 "--format xml: value prints text or json$" "$G" value nim 1 --format xml
expect_exit 2 "--format xml: table prints text or json or csv$" "$G" table sharing --max 5 --format xml
expect_exit 2 "--format xml: check prints text or json or md$" "$G" check --format xml
expect_exit 2 "--players 1: expected an integer from 2 to 26" "$G" value nim 1 2 --players 1
expect_exit 2 "--players 27: expected an integer from 2 to 26" "$G" seq subtraction:1,2 --to 5 --players 27
expect_exit 2 "a heap of 23 digits" "$G" value grundy-game 99999999999999999999999
expect_exit 2 "pile 3 \(20 digits\) is too big" "$G" value sharing:piles=4 1 2 3 99999999999999999999
expect_exit 2 "--png $tmp/none/x.png: cannot write there: folder '$tmp/none': No such file" \
  "$G" table sharing --max 5 --png "$tmp/none/x.png"
expect_exit 2 "--out $tmp/none/x.tab: cannot write there" "$G" table sharing --max 5 --out "$tmp/none/x.tab"
expect_exit 2 "--png $tmp/none/x.png: cannot write there" \
  "$G" losing nim --block 1 --piles 3 --max 5 --picture 1 --png "$tmp/none/x.png"
expect_exit 2 "--record $tmp/none/r: cannot write there" "$G" play nim 1 2 --script --record "$tmp/none/r"
expect_exit 2 "3 piles need 1 fixed size \(" "$G" losing nim --block 1 --piles 3 --max 5 --picture 1,2
# losing's and solve's flags through the layer's validator: digits only, one range each
expect_exit 2 '^grundy: --max \+3: expected an integer from 0 to 65535$' "$G" losing nim --block 1 --max +3
expect_exit 2 '^grundy: --max 70000: expected an integer from 0 to 65535$' "$G" losing nim --block 1 --max 70000
expect_exit 2 '^grundy: --total \+4: expected an integer from 0 to 100000$' "$G" solve sharing:piles=3 --total +4
expect_exit 2 '^grundy: --out: needs a value$' "$G" solve sharing:piles=3 --total 4 --out=
expect_out "1 position, 0 moves, 1 component," "$G" count zero-graph --sum 6

# a heap beyond reach is refused at once, in terms of the heap asked for
expect_exit 3 "G\(0\.\.200000000\) takes about .* s .*over the limit of 60 s.*; raise with --max-seconds$" \
  "$G" value grundy-game 200000000
cp "$tmp/err" "$tmp/refusal"
ms=$(cpu_ms "$G" value grundy-game 200000000)
if [ "$ms" -lt "$cpu_second" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: value grundy-game 200000000 took $ms ms of CPU to refuse"; fi
cp "$tmp/refusal" "$tmp/err"
if grep -q -- "--to\|0 MiB" "$tmp/err"; then fail=$((fail + 1)); echo "FAIL: the refusal names options not typed: $(cat "$tmp/err")"; else pass=$((pass + 1)); fi

# the API: a parameter given twice is refused, as the command line refuses a flag twice
if command -v curl >/dev/null; then
  "$G" serve --port 0 --threads 2 2>"$tmp/serve.err" &
  server=$!
  trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
  for _ in $(seq 100); do
    grep -q 'serving on' "$tmp/serve.err" && break
    sleep 0.1
  done
  base=$(grep -o 'http://[^ ]*/' "$tmp/serve.err")
  api() {
    local want=$1 pattern=$2 path=$3 got
    got=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base${path#/}")
    if [ "$got" = "$want" ] && grep -qE -- "$pattern" "$tmp/body"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL: $path -> $got (want $want): $(head -c 300 "$tmp/body")"
    fi
  }
  api 400 "parameter rules given twice" '/api/value?rules=nim&rules=kim&pos=1,2,3'
  api 400 "parameter players given twice" '/api/value?rules=nim&pos=1,2,3&players=3&players=4'
  api 400 "players=3 conflicts with misere=1" '/api/value?rules=nim&pos=1,2,3&misere=1&players=3'
  api 400 "reading=R1 and reading=R3" '/api/value?rules=kim:reading=R1,reading=R3&pos=1,2,3'
  api 400 "empty pile size" '/api/value?rules=nim&pos=1,2,,3'
fi
finish
