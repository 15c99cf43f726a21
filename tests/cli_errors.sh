#!/usr/bin/env bash
# Bad input: exit status 2, a one-line message naming the problem, nothing on stdout.
source "$(dirname "$0")/lib_cli.sh"

expect_exit 2 "'abc' is not a non-negative integer" "$G" value sharing 3 abc 9
expect_exit 2 "'-4' is negative" "$G" value sharing 3 -4 9
expect_exit 2 "'3.5' is not" "$G" value nim 3.5
expect_exit 2 "too big for search .*no closed form" "$G" value sharing:piles=4 1 2 3 123456789012345678901234567890
expect_exit 2 "too big for search .*no closed form" "$G" moves kim 2 3 123456789012345678901234567890
expect_exit 3 "search refused" "$G" value sharing:piles=4 0 1000000 2000000 3000000
expect_exit 2 "unknown ruleset 'shoring'" "$G" value shoring 1 2 3
expect_exit 2 "unknown option 'pile' for sharing" "$G" value sharing:pile=3 1 2 3
expect_exit 2 "reading=R9" "$G" value kim:reading=R9 1 2 3
expect_exit 2 "piles=1: expected an integer from 2" "$G" value sharing:piles=1 1 2
expect_exit 2 "empty position" "$G" value sharing
expect_exit 2 "empty position" "$G" value nim ,
expect_exit 2 "needs 4 piles, the position has 3" "$G" value sharing:piles=4 1 2 3
expect_exit 2 "at least 2 piles" "$G" value sharing 5
expect_exit 2 "graph edge names pile 3, but the position has only 3 piles" "$G" value 'sharing:graph=0>1/1>3' 1 2 3
expect_exit 2 "graph edge names pile 5 but piles=3" "$G" value 'sharing:graph=0>5,piles=3' 1 2 3
expect_exit 2 "joins a pile to itself" "$G" value 'sharing:graph=1>1' 1 2 3
expect_exit 2 "expected '>' or '-'" "$G" value 'sharing:graph=0+1' 1 2 3
expect_exit 2 "unknown option '--bogus'" "$G" value sharing 1 2 3 --bogus
expect_exit 2 "--format xml" "$G" value sharing 1 2 3 --format xml
expect_exit 2 "unknown verb 'valu'" "$G" valu sharing 1 2 3
expect_exit 2 "table needs --max" "$G" table sharing
expect_exit 2 "--max 300000" "$G" table sharing --max 300000
expect_exit 2 "text layout stops at --max 2000" "$G" table sharing --max 100001
expect_exit 2 "unknown claim '000/thm-Q'" "$G" check 000/thm-Q
expect_exit 2 "unknown seed '999'" "$G" check 999
expect_exit 2 "needs RULES" "$G" value
expect_exit 2 "nim takes no options" "$G" value nim:piles=3 1 2 3
expect_exit 2 "--max-memory lots" "$G" value sharing 1 2 3 --max-memory lots
# a position from standard input with garbage in it
printf '3 5 x9\n' >"$tmp/pos"
expect_exit 2 "'x9' is not" sh -c "\"$G\" value sharing - < \"$tmp/pos\""

# a heap game beyond 64 bits without a closed form: refused up front
expect_exit 2 "no certified period" "$G" play grundy-game 12345678901234567890123 --script
finish
