#!/usr/bin/env bash
# The verbs on real examples: values, moves, tables, claims, JSON shapes.
source "$(dirname "$0")/lib_cli.sh"

expect_out '^N  value 2  \(search\)$' "$G" value sharing 3 5 9
expect_out '"outcome":"N","value":2' "$G" value sharing 3 5 9 --format json
expect_out '^P  value 0' "$G" value sharing 4 4 9
expect_out '^P  value 0 .*Bouton' "$G" value nim 1 2 3
expect_out '^N  value 3' "$G" value nim 1 2
expect_out '^P ' "$G" value nim 1 1 1 --misere
expect_out '^N ' "$G" value nim 1 1 --misere
# winning moves of (3,5,9): all three equalising-type moves, marked
expect_out '^\* move 1 from pile 1 to pile 0 +->  4 4 9  P 0$' "$G" moves sharing 3 5 9
expect_out '"winning":true' "$G" moves sharing 3 5 9 --format json
expect_out '"total_moves":6' "$G" moves sharing 3 5 9 --format json
# a huge position: closed form, winning moves only
big="1$(printf '%0300d' 0)"
expect_out '^N  value unknown' "$G" value sharing 3 "$big" 9
expect_out '"listed":"winning"' "$G" moves sharing 1 "$big" 9 --format json
# positions from standard input
printf '3\n5\n9\n' >"$tmp/pos"
expect_out '^N  value 2' sh -c "\"$G\" value sharing - < \"$tmp/pos\""
# Table 1 of seed 000: bottom row (a = 0) of the text layout
expect_out '^ 0 \|  0  0  1  0  0  0  1  0  3  0  1  0  0  0  1  0  0$' "$G" table sharing --max 16
expect_out '^a,b,value$' "$G" table sharing --max 3 --format csv
expect_out '^5,5,0$' "$G" table sharing --max 5 --format csv
expect_out '"rows":\[\[0\],\[0,0\],\[1,1,1\]' "$G" table sharing --max 2 --format json
# a loopy reading: the retrograde solver says draw
expect_out '"outcome":"draw","value":null' "$G" value kim:reading=R3 3 3 3 --format json
# tables under other outcome rules: classes by search, agreeing with value
expect_out '^3 \|       B A A A A A$' "$G" table sharing --max 8 --players 3
expect_out '^3,5,A$' "$G" table sharing --max 8 --players 3 --format csv
expect_out '^A  \(search\)$' "$G" value sharing 2 5 7 --players 3
expect_out '"outcome_rule":"misere","max":2,"rows":\[\["N"\],\["N","N"\],\["P","P","P"\]\]' "$G" table sharing --max 2 --misere --format json
# claims
expect_out '000/thm-P +holds' "$G" check 000/thm-P --to 200
expect_out '"id":"000/remark-R.opt-move".*"status":"fails".*"counterexample":\[0,1,3\]' "$G" check 000/remark-R.opt-move --format json --to 100
expect_out '^  seq ' "$G" --help
expect_out 'sharing' "$G" games
expect_out '"name":"kim"' "$G" games --format json
# what the page reads: each ruleset's kinds of move with their notation, and the outcome rules' flags
expect_out '"flags":\[\],"unit":"pile","moves":\[\{"kind":"take","notation":"P K",[^]]*\},\{"kind":"transfer","notation":"F T K"' "$G" games --format json
expect_out '"name":"grundy-game",[^[]*"flags":\["heaps"\],"unit":"heap","moves":\[\{"kind":"split","notation":"P = A B ..."[^]]*\],"outcome' "$G" games --format json
expect_out '"name":"players",[^}]*"flag":"players","number":\{"min":2,"max":26\}' "$G" games --format json
for verb in value moves table check games seq; do
  expect_out 'usage: grundy' "$G" $verb --help
done

finish
