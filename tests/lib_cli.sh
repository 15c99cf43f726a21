# Helpers for tests/cli_*.sh: source it, call expect_* and finish.
G=${1:?usage: $0 PATH-TO-grundy}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_exit STATUS PATTERN CMD...: exit status, and stderr is one line matching PATTERN
expect_exit() {
  local want=$1 pattern=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$got" -eq "$want" ] && grep -qE -- "$pattern" "$tmp/err" && [ "$lines" -le 1 ] &&
     { [ "$want" -eq 0 ] || [ ! -s "$tmp/out" ]; }; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $* -> exit $got (want $want), stderr: $(head -c 300 "$tmp/err"), stdout bytes: $(wc -c <"$tmp/out")"
  fi
}

# expect_out PATTERN CMD...: exit 0 and stdout matches PATTERN (grep -E)
expect_out() {
  local pattern=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" -eq 0 ] && grep -qE -- "$pattern" "$tmp/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $* -> exit $got, stdout: $(head -c 300 "$tmp/out"), stderr: $(head -c 300 "$tmp/err")"
  fi
}

finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}

# cpu_second: the CPU milliseconds that count as "within a second" for the
# binary under test: a second, or five under AddressSanitizer (an -O0 build
# with instrumented memory runs several times slower).
# sanitized: set under the sanitizers, where a script may take smaller sizes
# (what those runs check is memory; the plain run checks the values in full).
if ldd "$G" 2>/dev/null | grep -qE 'lib(asan|tsan)'; then sanitized=1; else sanitized=; fi
if ldd "$G" 2>/dev/null | grep -q libasan; then cpu_second=5000; else cpu_second=1000; fi

# cpu_ms CMD...: runs CMD (output discarded) and prints the CPU milliseconds
# it took (user + system), which a loaded machine does not inflate as it does
# wall time.
cpu_ms() {
  local TIMEFORMAT='%3U %3S'
  { time "$@" >/dev/null 2>&1 </dev/null; } 2>"$tmp/cpu"
  awk '{printf "%d\n", ($1 + $2) * 1000}' "$tmp/cpu"
}

# get NAME URL: the body in $tmp/NAME.body, the headers in NAME.h, the
# status in NAME.code, the seconds taken in NAME.secs, and who answered
# (X-Grundy-Answered-By) in NAME.by
get() {
  curl -s -o "$tmp/$1.body" -D "$tmp/$1.h" -w '%{http_code} %{time_total}\n' "$2" >"$tmp/$1.out"
  cut -d' ' -f1 "$tmp/$1.out" >"$tmp/$1.code"
  cut -d' ' -f2 "$tmp/$1.out" >"$tmp/$1.secs"
  tr -d '\r' <"$tmp/$1.h" | awk -F': ' 'tolower($1) == "x-grundy-answered-by" {print $2}' >"$tmp/$1.by"
}
# check NAME CONDITION-TEXT: pass or fail with the condition's words (a
# script may define a check of its own)
check() {
  if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# api_check NAME QUERY WHAT CONDITION: asks ${base}api/QUERY (the body in
# $tmp/NAME.body, the status in $tmp/NAME.code) and checks CONDITION; a
# failure names WHAT and the body's start
api_check() {
  get "$1" "${base}api/$2"
  check "$3: $(head -c 300 "$tmp/$1.body")" "$4"
}

# start_server NAME ARGS...: starts grundy serve on a free port with ARGS,
# its stderr in $tmp/NAME.err; sets $base (http://127.0.0.1:PORT/), $port and
# $server (its pid). The caller's EXIT trap stops it (stop_server).
start_server() {
  local name=$1
  shift
  "$G" serve --port 0 "$@" 2>"$tmp/$name.err" &
  server=$!
  for _ in $(seq 100); do
    grep -q 'serving on' "$tmp/$name.err" && break
    sleep 0.1
  done
  base=$(grep -o 'http://[^ ]*/' "$tmp/$name.err")
  port=${base##*:}
  port=${port%/}
  [ -n "$base" ] || { echo "server did not start: $(cat "$tmp/$name.err")"; exit 1; }
}
stop_server() {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
}
