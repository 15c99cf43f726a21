#!/usr/bin/env bash
# A worker keeps the engines of the games it answered: Grundy's game at
# heap 100000 builds the nim-sequence once, and the same worker answers the
# next heaps below it (one heap or several) from that sequence, with the
# command line's values. One worker, so that every call meets the same one;
# then two, where a call goes to the idle worker that answered its ruleset.
. "$(dirname "$0")/lib_cli.sh"
trap 'stop_server; rm -rf "$tmp"' EXIT

code() { cat "$tmp/$1.code"; }
secs() { cat "$tmp/$1.secs"; }
value() { grep -o '"value":[0-9]*' "$tmp/$1.body" | head -1 | cut -d: -f2; }

want1=$("$G" value grundy-game 99999 --format json | grep -o '"value":[0-9]*' | head -1 | cut -d: -f2)
want2=$("$G" value grundy-game 100000 5 --format json | grep -o '"value":[0-9]*' | head -1 | cut -d: -f2)
check "the command line answers" "[ -n '$want1' ] && [ -n '$want2' ]"

# (the sequence to 100000 took 10-12 s under ThreadSanitizer: past the
# server's default limit of 10 s, so the limit is raised as below)
start_server engines --workers 1 --answer workers --max-seconds 60
get first "${base}api/value?rules=grundy-game&pos=100000"
get second "${base}api/value?rules=grundy-game&pos=99999"
get third "${base}api/value?rules=grundy-game&pos=100000,5"
for n in first second third; do
  check "$n: 200 from the worker" "[ \"\$(code $n)\" = 200 ] && [ \"\$(cat $tmp/$n.by)\" = worker ]"
done
check "second: the command line's value" "[ \"\$(value second)\" = '$want1' ]"
check "third: the command line's value" "[ \"\$(value third)\" = '$want2' ]"
echo "first $(secs first) s, second $(secs second) s, third $(secs third) s"
# the sequence to 100000 takes seconds to build; read from the kept engine
# the heaps below take milliseconds: a margin of more than ten times
check "the kept sequence answers faster" \
  "awk -v a=\"\$(secs first)\" -v b=\"\$(secs second)\" -v c=\"\$(secs third)\" 'BEGIN {exit !(b < a / 2 && c < a / 2)}'"
stop_server

# two workers: a long call on another ruleset (tb:4!., the same game by its
# code: an engine of its own) holds the first, Grundy's game goes to the
# second; once both are idle, Grundy's game again goes to the second
# (a generous limit: under ThreadSanitizer the long call takes many seconds)
start_server pair --workers 2 --answer workers --max-seconds 60
get long "${base}api/value?rules=tb:4!.&pos=300000" &
long=$!
sleep 0.3
get built "${base}api/value?rules=grundy-game&pos=100000"
wait "$long"
get again "${base}api/value?rules=grundy-game&pos=99999"
for n in long built again; do
  check "$n: 200 from a worker" "[ \"\$(code $n)\" = 200 ] && [ \"\$(cat $tmp/$n.by)\" = worker ]"
done
check "again: the command line's value" "[ \"\$(value again)\" = '$want1' ]"
echo "long $(secs long) s, built $(secs built) s, again $(secs again) s"
check "the worker that kept the sequence answers again" \
  "awk -v a=\"\$(secs built)\" -v b=\"\$(secs again)\" 'BEGIN {exit !(b < a / 2)}'"
finish
