#!/usr/bin/env bash
# grundy serve behind nginx (Debian's package) as a reverse proxy on
# loopback, configured as docs/api.md shows: the page and its headers come
# through, and a whole game of Nim is played through the proxy with
# /api/play and /api/moves.
source "$(dirname "$0")/lib_cli.sh"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ] || ! command -v python3 >/dev/null; then
  echo "skipped: nginx and python3 are needed (scripts/setup.sh installs them)"
  exit 0
fi

"$G" serve --port 0 --threads 2 2>"$tmp/serve.err" &
server=$!
nginx_pid=
trap 'kill $server 2>/dev/null; [ -n "$nginx_pid" ] && kill $nginx_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q 'serving on' "$tmp/serve.err" && break; sleep 0.1; done
upstream=$(grep -o "http://[^ ]*/" "$tmp/serve.err")
upstream=${upstream%/}
[ -n "$upstream" ] || { echo "server did not start: $(cat "$tmp/serve.err")"; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

mkdir -p "$tmp/nginx"
cat >"$tmp/nginx/nginx.conf" <<EOF
daemon off;
master_process off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  upstream grundy { server ${upstream#http://}; keepalive 8; }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://grundy;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_read_timeout 70s;
    }
  }
}
EOF
"$NGINX" -e "$tmp/nginx/error.log" -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" &
nginx_pid=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
base="http://127.0.0.1:$port/"

curl -s -D "$tmp/h" -o "$tmp/page" "$base"
if grep -q '<title>grundy' "$tmp/page" && grep -qi '^content-security-policy:' "$tmp/h" &&
   grep -qi '^x-content-type-options: nosniff' "$tmp/h"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: the page through nginx: $(tr -d '\r' <"$tmp/h" | tr '\n' '|') $(cat "$tmp/nginx/error.log")"
fi

python3 - "$base" >"$tmp/game" 2>&1 <<'EOF'
import json, sys, urllib.request
base = sys.argv[1]
def get(call, **q):
    url = base + "api/" + call + "?" + "&".join(f"{k}={v}" for k, v in q.items())
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.load(r)
pos = [3, 5, 9]
for turn in range(60):
    # the computer moves (it plays first: (3,5,9) is an N-position, so it wins)
    reply = get("play", rules="nim", pos=",".join(map(str, pos)))
    pos = reply["position"]
    if reply["over"]:
        print("over after", turn, "rounds; winner", reply["winner"], "position", pos)
        break
    # the person takes one from the first non-empty row (never mind winning)
    moves = get("moves", rules="nim", pos=",".join(map(str, pos)))
    m = next(m for m in moves["moves"] if m["amount"] == 1)
    pos = m["result"]
    if not any(pos):
        print("over: the person took the last one")
        break
EOF
if grep -q 'over after .* winner' "$tmp/game" && ! grep -q 'the person took' "$tmp/game"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: a game of Nim through nginx: $(cat "$tmp/game")"
fi
finish
