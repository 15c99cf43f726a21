#!/usr/bin/env bash
# grundy serve --quotients DIR: misere value, moves and play of a heap game
# answer by its saved quotient (DIR/tb_0.77.grq, the census's name with .grq)
# when it covers every heap asked about, in the server's threads and in its
# workers alike, as `value --misere --quotient FILE` does on the command line;
# a heap past the file, normal play and a file under another game's name are
# answered as without it; no answer names the directory.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }

d="$tmp/quots"
mkdir -p "$d"
# Kayles' quotient of the heaps 0..80: no period proved yet (that takes 170)
"$G" misere tb:0.77 --quotient --to 80 --out "$d/tb_0.77.grq" >/dev/null 2>&1 || { echo "cannot save a quotient"; exit 1; }
# 0.75's quotient to heap 30, phi proved periodic: it covers every heap (the
# engine's own is built to 40: "heaps":30 is the file's)
"$G" misere tb:0.75 --quotient --to 30 --out "$d/tb_0.75.grq" >/dev/null 2>&1
# a file under another game's name (Dawson's Kayles): not taken
cp "$d/tb_0.77.grq" "$d/tb_0.07.grq"
# Kayles' quotient to heap 79: put in place of the file to 80 while a server
# keeps the loaded one, so that its answers must follow the file
"$G" misere tb:0.77 --quotient --to 79 --out "$tmp/k79.grq" >/dev/null 2>&1 || { echo "cannot save a quotient"; exit 1; }
cp "$d/tb_0.77.grq" "$tmp/k80.grq"
# the file to 80 damaged in place, same size (its heaps line says 70): its
# checksum fails, so a server that read it before must read it again
sed 's/^heaps 80$/heaps 70/' "$tmp/k80.grq" >"$tmp/k80bad.grq"
[ "$(wc -c <"$tmp/k80bad.grq")" = "$(wc -c <"$tmp/k80.grq")" ] || { echo "the damaged copy changed size"; exit 1; }
chmod 755 "$tmp" "$d"
chmod 644 "$d"/*.grq

expect_exit 2 '--quotients .*cannot read it as a directory' "$G" serve --port 0 --quotients "$tmp/none"
expect_out '^--quotients DIR answers misere value, moves and play' "$G" serve --help

# the command line's answer by the same file
pos=75,62,3
cli=$("$G" value tb:0.77 "$pos" --misere --quotient "$d/tb_0.77.grq" --format json)
clim=$("$G" moves tb:0.77 "$pos" --misere --quotient "$d/tb_0.77.grq" --format json)
cli75=$("$G" value tb:0.75 1000000,7 --misere --quotient "$d/tb_0.75.grq" --format json)
echo "$cli75" | grep -q '"heaps":30,"period":2' || { echo "the command line's answer: $cli75"; exit 1; }
echo "$cli" | grep -q '"method":"misere quotient"' || { echo "the command line's answer: $cli"; exit 1; }

trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for mode in inprocess workers; do
  start_server "$mode" --workers 1 --answer "$mode" --quotients "$d"
  api_check v "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: value by the saved quotient, as on the command line" \
    "[ \"\$(cat '$tmp/v.code')\" = 200 ] && [ \"\$(cat '$tmp/v.body')\" = '$cli' ]"
  api_check v2 "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: the same answer from the kept quotient" \
    "[ \"\$(cat '$tmp/v2.body')\" = '$cli' ]"
  # the file rewritten in place (same inode, another size): loaded again
  cp "$tmp/k79.grq" "$d/tb_0.77.grq"
  api_check v79 "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: a rewritten file is loaded again" \
    "grep -q '\"heaps\":79' '$tmp/v79.body'"
  cp "$tmp/k80.grq" "$d/tb_0.77.grq"
  api_check v80 "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: and again when it is put back" \
    "[ \"\$(cat '$tmp/v80.body')\" = '$cli' ]"
  cat "$tmp/k80bad.grq" >"$d/tb_0.77.grq"
  api_check vbad "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: damaged in place, same size: not taken" \
    "[ \"\$(cat '$tmp/vbad.code')\" != 200 ] || ! grep -q '\"heaps\":[78]0' '$tmp/vbad.body'"
  cp "$tmp/k80.grq" "$d/tb_0.77.grq"
  api_check vgood "value?rules=tb:0.77&pos=$pos&misere=1" "$mode: sound again: taken again" \
    "[ \"\$(cat '$tmp/vgood.body')\" = '$cli' ]"
  # another spelling of the game takes the file too (gr_mquot_same_game, docs/misere.md), not refused
  api_check vk "value?rules=tb:.77&pos=$pos&misere=1" "$mode: tb:.77 is answered by the file" \
    "! grep -q 'holds the quotient' '$tmp/vk.body' && grep -q '\"heaps\":80' '$tmp/vk.body'"
  api_check m "moves?rules=tb:0.77&pos=$pos&misere=1" "$mode: moves by the saved quotient, as on the command line" \
    "[ \"\$(cat '$tmp/m.code')\" = 200 ] && [ \"\$(cat '$tmp/m.body')\" = '$clim' ]"
  api_check p "play?rules=tb:0.77&pos=$pos&misere=1&first=me&input=hint" "$mode: play by the saved quotient" \
    "[ \"\$(cat '$tmp/p.code')\" = 200 ] && grep -q 'heaps up to 80' '$tmp/p.body'"
  # the second play shares the kept engine's quotient (not loaded again): the same hint
  api_check p2 "play?rules=tb:0.77&pos=$pos&misere=1&first=me&input=hint" "$mode: play again by the kept quotient" \
    "[ \"\$(cat '$tmp/p2.body')\" = \"\$(cat '$tmp/p.body')\" ]"
  # the computer's move by the kept quotient leaves a P-position, as the command line's value says
  api_check pc "play?rules=tb:0.77&pos=$pos&misere=1&first=computer" "$mode: the computer moves by the kept quotient" \
    "grep -q '\"by\":\"computer\"' '$tmp/pc.body' && grep -q '\"to_move\":1,\"by\":\"person\",\"outcome\":\"P\"' '$tmp/pc.body'"
  after=$(grep -oE '"position":\[[0-9,]*\],"turn":1' "$tmp/pc.body" | grep -oE '[0-9,]+\]' | tr -d ']')
  expect_out '^P  \(misere quotient\)$' "$G" value tb:0.77 "$after" --misere --quotient "$tmp/k80.grq"
  api_check per "value?rules=tb:0.75&pos=1000000,7&misere=1" "$mode: a periodic quotient covers heap 10^6" \
    "[ \"\$(cat '$tmp/per.body')\" = '$cli75' ]"
  # a heap past the file, normal play, a file under another name: as without the directory
  api_check past "value?rules=tb:0.77&pos=81,3&misere=1" "$mode: a heap past the file is not the file's" \
    "! grep -q '\"heaps\":80' '$tmp/past.body'"
  api_check nor "value?rules=tb:0.77&pos=75,62,3" "$mode: normal play is not the file's" \
    "[ \"\$(cat '$tmp/nor.code')\" = 200 ] && ! grep -q 'quotient' '$tmp/nor.body'"
  api_check other "value?rules=tb:0.07&pos=12,3&misere=1" "$mode: tb_0.07.grq holds Kayles' quotient, not taken" \
    "! grep -q '\"heaps\":80' '$tmp/other.body'"
  # the file is the server's to name: a client's quotient= is not a parameter
  api_check q "value?rules=tb:0.77&pos=5&misere=1&quotient=/etc/passwd" "$mode: quotient= from a client" \
    "grep -q \"parameter 'quotient'\" '$tmp/q.body'"
  check "$mode: an answer names a path of the server's" "! grep -l -e '$tmp' -e '/proc/self' '$tmp'/*.body"
  stop_server
done
finish
