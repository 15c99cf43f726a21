#!/usr/bin/env bash
# grundy serve answers the same whichever path answers a call: a server that
# answers small calls in its own threads (--answer inprocess) and one that
# sends every call to its workers (--answer workers) give byte-identical
# status and body for value, moves and play over every ruleset and outcome
# rule the page offers, errors included; and the in-process server did
# answer most of its value and moves calls itself (play is the workers').
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }

servers=()
trap 'kill "${servers[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
# start NAME ARGS...: sets the base URL in $NAME
start() {
  local name=$1
  shift
  "$G" serve --port 0 --threads 4 --workers 2 --max-per-ip 64 "$@" 2>"$tmp/$name.err" &
  servers+=($!)
  for _ in $(seq 100); do grep -q 'serving on' "$tmp/$name.err" && break; sleep 0.1; done
  printf -v "$name" '%s' "$(grep -o 'http://[^ ]*/' "$tmp/$name.err")"
  [ -n "${!name}" ] || { echo "server did not start: $(cat "$tmp/$name.err")"; exit 1; }
}
start inproc --answer inprocess
start workers --answer workers

# the page's games (web/index.html), some typed into "or rules", each with a position it suits
games=("sharing 3,5,9" "sharing 2,4,6,7" "nim 3,5,9,17" "kim 3,5,9" "tb:0.77 4,7" "split 7"
       "grundy-game 9" "split:parts=2 5,6" "tb:0.07 6,9" "subtraction:1,3,4 5,8" "kim:reading=R2 3,5,9"
       "sharing:graph=0>1/1>2/2>0 1,2,3" "sharing:graph=0-1/1-2/2-3 1,2,3,4" "tb:0.137 5,9"
       "subtraction:2,5 7,9" "kim:reading=R3 2,3,4" "sharing:piles=4 1,2,3,4")
outcomes=("" "&misere=1" "&players=3" "&players=4" "&block=1" "&block=2" "&block-position=1")
# the computer's move (under blocking, after the person's bans), the hint
calls=("value?" "moves?" "play?input=ban%200%201%0Aban%201%201&" "play?first=me&input=hint&")

# one curl per server for every call (a config file of url and output
# pairs): a process per call would cost more than the calls
mkdir -p "$tmp/a" "$tmp/b"
n=0
for game in "${games[@]}"; do
  rules=${game% *} pos=${game#* }
  for oc in "${outcomes[@]}"; do
    for call in "${calls[@]}"; do
      n=$((n + 1))
      path="api/$call""rules=$(printf %s "$rules" | sed 's/>/%3E/g')&pos=$pos$oc"
      echo "$path" >>"$tmp/paths"
      printf 'url = "%s"\noutput = "%s"\n' "$inproc$path" "$tmp/a/$n" >>"$tmp/a.cfg"
      printf 'url = "%s"\noutput = "%s"\n' "$workers$path" "$tmp/b/$n" >>"$tmp/b.cfg"
    done
  done
done
# several at a time; each line names its output file, as they finish in any
# order.
codes() { # codes CONFIG PARALLEL: "N STATUS ANSWERED-BY" lines, sorted by N
  curl -s --no-progress-meter -Z --parallel-max "$2" -K "$1" -w '%{filename_effective} %{http_code} %header{x-grundy-answered-by}\n' |
    sed 's|^.*/||' | sort -n
}
codes "$tmp/a.cfg" 2 >"$tmp/a.codes"
codes "$tmp/b.cfg" 4 >"$tmp/b.codes"
# the value and moves calls, and those of them the server answered itself
quick=$(grep -cE '^api/(value|moves)\?' "$tmp/paths")
served=$(awk 'NR == FNR { if ($0 ~ /^api\/(value|moves)\?/) q[NR] = 1; next } ($1 in q) && $3 == "server"' \
  "$tmp/paths" "$tmp/a.codes" | wc -l)
# the calls whose status or body differ (one process each for all, not one per call)
{ paste -d' ' "$tmp/a.codes" "$tmp/b.codes" | awk 'NF < 5 || $2 != $5 {print $1}'
  diff -rq "$tmp/a" "$tmp/b" | sed -E 's|^Files [^ ]*/([0-9]+) and .*|\1|; s|^Only in [^:]*: ([0-9]+)$|\1|'
} | sort -nu >"$tmp/bad"
[ "$(wc -l <"$tmp/a.codes")" -eq "$n" ] && [ "$(wc -l <"$tmp/b.codes")" -eq "$n" ]
check_all=$?
while read -r i; do
  echo "FAIL: /$(sed -n "${i}p" "$tmp/paths"): in-process $(sed -n "${i}p" "$tmp/a.codes") $(head -c 200 "$tmp/a/$i")" \
    "vs workers $(sed -n "${i}p" "$tmp/b.codes") $(head -c 200 "$tmp/b/$i")"
done <"$tmp/bad"
bad=$(wc -l <"$tmp/bad")
pass=$((pass + n - bad))
fail=$((fail + bad))
[ $check_all -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: not every call answered"; }
echo "$served of $quick value and moves calls answered in-process"
[ $((served * 2)) -gt "$quick" ]
st=$?
[ $st -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: only $served of $quick calls in-process"; }
finish
