#!/usr/bin/env bash
# /api/play on the answer layer: the same answer in-process, in a worker and
# in a process of its own, and the same as `grundy play --script`'s line; a
# line refused is a 400 with the reply; a call whose game tree is large, or
# whose input is long, never runs in the server's thread.
. "$(dirname "$0")/lib_cli.sh"
trap 'stop_server; rm -rf "$tmp"' EXIT


queries=(
  "rules=nim&pos=3,5,9"
  "rules=sharing&pos=3,5,9&first=me&input=2%201%202%0Ahint"
  "rules=nim&pos=1,2,3&block=1&input=ban%200%201"
  "rules=tb:0.77&pos=7,5&first=me&input=0%20%3D%202%203"
  "rules=nim&pos=3,4,5&players=3&first=me&input=0%201"
  "rules=nim&pos=1,2,3&first=me&input=0%201%0A9%209%0A0%201"
  "rules=sharing&pos=3,5,9&first=me&input=help"
)
# the same lines through the command line: the reply the API picks
cli_line() { # QUERY-INDEX -> the script's line the API answers with
  local q=${queries[$1]} input first=computer
  input=$(printf '%s' "$q" | sed -n 's/.*input=\([^&]*\).*/\1/p' | sed 's/%0A/\n/g; s/%20/ /g; s/%3D/=/g')
  case $q in *first=me*) first=me ;; esac
  local rules pos extra=()
  rules=$(printf '%s' "$q" | sed 's/.*rules=\([^&]*\).*/\1/')
  pos=$(printf '%s' "$q" | sed 's/.*pos=\([^&]*\).*/\1/' | tr , ' ')
  case $q in *block=1*) extra+=(--block 1) ;; esac
  case $q in *players=3*) extra+=(--players 3) ;; esac
  # shellcheck disable=SC2086
  printf '%s\n' "$input" | "$G" play "$rules" $pos --first $first "${extra[@]}" --script |
    grep -v '"reply":"quit"' | awk '/"ok":false/ {print; bad = 1; exit} {last = $0} END {if (!bad) print last}'
}

for mode in inprocess workers percall; do
  case $mode in
    inprocess) start_server "$mode" ;;
    workers) start_server "$mode" --answer workers ;;
    percall) start_server "$mode" --answer workers --workers 0 ;;
  esac
  for i in "${!queries[@]}"; do get "$mode$i" "${base}api/play?${queries[$i]}"; done
  stop_server
done
for i in "${!queries[@]}"; do
  cli_line "$i" >"$tmp/cli$i"
  check "query $i: in-process, worker and process bodies agree" \
    "cmp -s $tmp/inprocess$i.body $tmp/workers$i.body && cmp -s $tmp/inprocess$i.body $tmp/percall$i.body"
  check "query $i: the API's body is the command line's line" "cmp -s $tmp/inprocess$i.body $tmp/cli$i"
  check "query $i: answered where the mode says" \
    "[ \"\$(cat $tmp/inprocess$i.by)\" = server ] && [ \"\$(cat $tmp/workers$i.by)\" = worker ] && [ \"\$(cat $tmp/percall$i.by)\" = process ]"
done
check "a legal game is 200" "[ \"\$(cat $tmp/inprocess0.code)\" = 200 ] && grep -q '\"reply\":\"start\"' $tmp/inprocess0.body"
check "the hint after a move" "grep -q '\"reply\":\"hint\".*\"winning_moves\"' $tmp/inprocess1.body"
check "a line refused is 400 with the reply, in every mode" \
  "[ \"\$(cat $tmp/inprocess5.code)\" = 400 ] && [ \"\$(cat $tmp/workers5.code)\" = 400 ] && [ \"\$(cat $tmp/percall5.code)\" = 400 ] && grep -q '\"ok\":false,\"error\":\"there is no pile 9' $tmp/inprocess5.body"

# bounds: nim 200,250,300's hint walks fifteen million positions (the value's
# estimate, by the heaps, says 753): never in the server's thread. With a
# 2 s limit the length search stops itself (413, as the command line's
# exit 3), and cheap calls meanwhile are answered.
start_server bound --max-seconds 2
get heavy_first "${base}api/play?rules=nim&pos=3,5,9" # the workers started
curl -s -o "$tmp/heavy.body" -D "$tmp/heavy.h" "${base}api/play?rules=nim&pos=200,250,300&input=hint" &
heavy=$!
sleep 0.3
start=$(date +%s%N)
get cheap "${base}api/play?rules=nim&pos=3,5,9&first=me&input=hint"
ms=$((($(date +%s%N) - start) / 1000000))
wait "$heavy"
# stopped by the engine's own CPU clock (413), or, on a machine so loaded
# that the CPU second takes over 2 s of wall time, by the server's deadline (503)
check "the heavy play went to a worker, stopped at the limit (413 or 503)" \
  "grep -qi 'x-grundy-answered-by: worker' $tmp/heavy.h && { { grep -q ' 413' $tmp/heavy.h && grep -q 'stopped after .* (limit)' $tmp/heavy.body; } || { grep -q ' 503' $tmp/heavy.h && grep -q 'limit' $tmp/heavy.body; }; }"
check "a cheap play beside it is answered in-process within a second (${ms} ms)" \
  "[ \"\$(cat $tmp/cheap.by)\" = server ] && [ $ms -lt 1000 ]"
long=$(for _ in $(seq 20); do printf 'hint%%0A'; done)
get long "${base}api/play?rules=nim&pos=3,5,9&first=me&input=$long"
check "an input of 20 lines goes to a worker" "[ \"\$(cat $tmp/long.by)\" = worker ] && [ \"\$(cat $tmp/long.code)\" = 200 ]"
# answers kept by query: the same bytes again, and no other query's
for k in 1 2; do
  get kept_v$k "${base}api/value?rules=nim&pos=1,2"
  get kept_m$k "${base}api/moves?rules=nim&pos=1,2"
  get kept_p$k "${base}api/play?rules=nim&pos=1,2&first=me&input=hint"
done
get kept_other "${base}api/value?rules=nim&pos=1,3"
check "a kept answer is the same bytes, answered by the server" \
  "cmp -s $tmp/kept_v1.body $tmp/kept_v2.body && cmp -s $tmp/kept_m1.body $tmp/kept_m2.body && cmp -s $tmp/kept_p1.body $tmp/kept_p2.body && [ \"\$(cat $tmp/kept_p2.by)\" = server ]"
check "kept answers are the query's own" \
  "grep -q '\"value\":3' $tmp/kept_v2.body && grep -q '\"value\":2' $tmp/kept_other.body && grep -q '\"reply\":\"hint\"' $tmp/kept_p2.body && grep -q '\"position\":\[1,2\],\"outcome\"' $tmp/kept_m2.body"
get first_bad "${base}api/play?rules=nim&pos=3,5&first=nobody"
check "first takes me or computer only" \
  "[ \"\$(cat $tmp/first_bad.code)\" = 400 ] && grep -q 'first=nobody: expected me or computer' $tmp/first_bad.body"
get seats "${base}api/play?rules=nim&pos=3,5&seats=me,me"
check "seats is the command line's, not the API's" "[ \"\$(cat $tmp/seats.code)\" = 400 ]"
finish
