#!/usr/bin/env bash
# grundy serve --seqs DIR: value, moves and play of a heap game read its
# stored nim-sequence (DIR/tb_0.6.grs, DIR/grundy-game.grs, the census's
# names) when the file holds every heap asked about, in the server's threads
# and in its workers alike; other heaps, other games and files under another
# game's name are computed as without it; no answer names the directory.
source "$(dirname "$0")/lib_cli.sh"
command -v curl >/dev/null || { echo "curl is needed for this test"; exit 1; }

d="$tmp/seqs"
mkdir -p "$d"
"$G" seq tb:0.6 --to 60000 --out "$d/tb_0.6.grs" >/dev/null 2>&1 || { echo "cannot store a sequence"; exit 1; }
"$G" seq grundy-game --to 70000 --out "$d/grundy-game.grs" >/dev/null 2>&1
"$G" seq tb:.77 --to 3000 --out "$d/tb_0.77.grs" >/dev/null 2>&1
# a file under another game's name, and a damaged one (byte 1000 of block 0)
cp "$d/tb_0.6.grs" "$d/tb_0.7.grs"
"$G" seq tb:0.51 --to 3000 --out "$d/tb_0.51.grs" >/dev/null 2>&1
printf '\377' | dd of="$d/tb_0.51.grs" bs=1 seek=1000 conv=notrunc 2>/dev/null
# a stand-in file (G(0) = 0, then 2 throughout) to 3*10^6: answers that can
# only come from the file, in time the computation would not have
python3 "$(dirname "$0")/files_craft.py" seq-make "$d/tb_0.5.grs" 3000001 tb:0.5 0
# the server drops root: the directory must be readable by its user
chmod 755 "$tmp" "$d"
chmod 644 "$d"/*.grs

expect_exit 2 '--seqs .*cannot read it as a directory' "$G" serve --port 0 --seqs "$tmp/none"
expect_exit 2 '--seqs .*cannot read it as a directory' "$G" serve --port 0 --seqs "$d/tb_0.6.grs"
expect_out '^--seqs DIR answers value, moves and play' "$G" serve --help

# the values the command line gives, by the sparse method (no file)
g6=$("$G" value tb:0.6 59999 7 --format json)
g6=${g6#*\"value\":}; g6=${g6%%,*}
gg=$("$G" value grundy-game 69999 --format json)
gg=${gg#*\"value\":}; gg=${gg%%,*}

trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for mode in inprocess workers; do
  # a heap past the file is computed by the sparse method: seconds under a sanitizer
  start_server "$mode" --workers 1 --answer "$mode" --max-seconds 60 --seqs "$d"
  api_check v6 "value?rules=tb:0.6&pos=59999,7" "$mode: tb:0.6 59999,7 from the file" \
    "grep -q '\"value\":$g6,\"method\":\"nim-sequence, stored file\"' '$tmp/v6.body'"
  api_check vg "value?rules=grundy-game&pos=69999" "$mode: grundy-game 69999 from the file" \
    "grep -q '\"value\":$gg,\"method\":\"nim-sequence, stored file\"' '$tmp/vg.body'"
  # the census names the file by the code as it formats it: tb:0.77 for tb:.77
  api_check vk "value?rules=tb:0.77&pos=2999" "$mode: tb:0.77 from tb_0.77.grs (written as tb:.77)" \
    "grep -q 'stored file' '$tmp/vk.body'"
  api_check mv "moves?rules=tb:0.6&pos=59999&winning=1" "$mode: moves from the file" \
    "grep -q '\"method\":\"nim-sequence, stored file\"' '$tmp/mv.body' && grep -q '\"winning\":true' '$tmp/mv.body'"
  api_check pl "play?rules=grundy-game&pos=60000,3" "$mode: play from the file" \
    "[ \"\$(cat '$tmp/pl.code')\" = 200 ] && grep -q '\"ok\":true' '$tmp/pl.body'"
  api_check sv "value?rules=tb:0.5&pos=3000000,2999999,7" "$mode: the stand-in file's values" \
    "grep -q '\"value\":2,\"method\":\"nim-sequence, stored file\"' '$tmp/sv.body'"
  api_check sp "play?rules=tb:0.5&pos=3000000,5" "$mode: play from the stand-in file" \
    "[ \"\$(cat '$tmp/sp.code')\" = 200 ] && grep -q '\"ok\":true' '$tmp/sp.body'"
  # a heap past the file, another outcome rule, a file under another name: computed
  api_check past "value?rules=tb:0.6&pos=60001" "$mode: a heap past the file is computed" \
    "grep -q '\"method\":\"nim-sequence, sparse\"' '$tmp/past.body'"
  api_check mis "value?rules=tb:0.6&pos=20&misere=1" "$mode: misere is not the file's" \
    "! grep -q 'stored file' '$tmp/mis.body'"
  api_check other "value?rules=tb:0.7&pos=100" "$mode: tb_0.7.grs holds tb:0.6's values, not taken" \
    "[ \"\$(cat '$tmp/other.code')\" = 200 ] && ! grep -q 'stored file' '$tmp/other.body'"
  # a damaged file: refused in one line that names no path of the server's
  api_check bad "value?rules=tb:0.51&pos=2000" "$mode: a damaged stored file" \
    "[ \"\$(cat '$tmp/bad.code')\" = 400 ] && grep -q 'stored sequences/tb_0.51.grs: block 0' '$tmp/bad.body'"
  # the file is the server's to name: a client's in= is not a parameter
  api_check in "value?rules=tb:0.6&pos=5&in=/etc/passwd" "$mode: in= from a client" \
    "grep -q \"unknown parameter 'in'\" '$tmp/in.body'"
  check "$mode: an answer names a path of the server's" "! grep -l -e '$tmp' -e '/proc/self' '$tmp'/*.body"
  stop_server
done
finish
