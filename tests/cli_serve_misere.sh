#!/usr/bin/env bash
# Misere play through the API by the game's misere quotient: /api/value and
# /api/moves with misere=1 give the position's element of the quotient (and
# name the quotient as the method where search would be costly), the same
# in-process and in a worker; /api/play's hint explains a move by the
# element it leaves. The element is checked against `grundy misere`.
. "$(dirname "$0")/lib_cli.sh"
trap 'stop_server; rm -rf "$tmp"' EXIT

for mode in inprocess workers; do
  case $mode in
    inprocess) start_server "$mode" ;;
    workers) start_server "$mode" --answer workers ;;
  esac
  get "${mode}_v" "${base}api/value?rules=tb:0.07&pos=14,17,20,9&misere=1"
  get "${mode}_small" "${base}api/value?rules=tb:0.77&pos=3,5&misere=1"
  get "${mode}_m" "${base}api/moves?rules=tb:0.77&pos=3,5&misere=1"
  get "${mode}_h" "${base}api/play?rules=tb:0.77&pos=3,5&misere=1&first=me&input=hint"
  get "${mode}_nim" "${base}api/value?rules=tb:0.77&pos=3,5"
  stop_server
done
b=$tmp/inprocess
check "a costly misere sum: 200, method misere quotient, its element and Q's order" \
  "[ \"\$(cat ${b}_v.code)\" = 200 ] && grep -q '\"outcome\":\"N\",\"value\":null,\"method\":\"misere quotient\",\"quotient\":{\"element\":\"b c d\",\"index\":20,\"P\":false,\"order\":24,\"p_count\":5' ${b}_v.body"
check "a small sum: search answers, the element is given all the same" \
  "grep -q '\"method\":\"search\",\"quotient\":{\"element\":\"a b c\",\"index\":12,\"P\":false,\"order\":24,\"p_count\":8,\"heaps\":16' ${b}_small.body"
check "moves carry the position's element" "grep -q '\"quotient\":{\"element\":\"a b c\"' ${b}_m.body"
check "the hint explains the move by the element it leaves" \
  "grep -q '\"why\":\"Take 2 from pile 0: it leaves the sum at element a c of the misere quotient Q (order 24, 8 P elements; heaps up to 16), a P-position of Q (it was at a b c' ${b}_h.body"
check "normal play has no quotient field" "! grep -q quotient ${b}_nim.body"
for q in v small m h; do
  check "$q: in-process and worker bodies agree" "cmp -s ${b}_$q.body $tmp/workers_$q.body"
done
# the element's P flag (the quotient's verdict) against misere search's
"$G" value tb:0.77 1 4 --misere >"$tmp/search_1_4"
start_server again
get p14 "${base}api/value?rules=tb:0.77&pos=1,4&misere=1"
stop_server
check "the element's P flag agrees with search" \
  "{ grep -q '^P' $tmp/search_1_4 && grep -q '\"P\":true' $tmp/p14.body; } || { grep -q '^N' $tmp/search_1_4 && grep -q '\"P\":false' $tmp/p14.body; }"
finish
