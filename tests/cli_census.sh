#!/bin/bash
# grundy census: each code's file equals a one-code `grundy seq` run, the
# figures equal seq's, a killed census resumed and an extended one equal an
# uninterrupted one, the formats, the picture, --mpi on 1 and 3 ranks, and
# bad input (one line, exit 2).
source "$(dirname "$0")/lib_cli.sh"

same_text() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: '$2' != '$3'"; fi
}
same_file() {
  if cmp -s "$2" "$3"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: $2 and $3 differ"; fi
}

# Each code's sequence file is the file of `grundy seq CODE --out F --until-period`.
d=$tmp/c1
expect_out '^\.161 +2000 ' "$G" census .161 .36 .77 grundy-game 4.007 --to 2000 --dir "$d" --threads 2
for code in 0.161 0.36 0.77 4.007; do
  "$G" seq tb:$code --to 2000 --out "$tmp/s.grs" --until-period >/dev/null 2>&1
  same_file "tb:$code" "$d/tb_$code.grs" "$tmp/s.grs"
  rm -f "$tmp/s.grs"
done
"$G" seq grundy-game --to 2000 --out "$tmp/s.grs" >/dev/null 2>&1
same_file grundy-game "$d/grundy-game.grs" "$tmp/s.grs"

# The figures are seq's: rare heaps, the mask; Kayles' certified period 12 from 71.
j=$("$G" census --to 2000 --dir "$d" --format json)
seq_rare=$("$G" seq grundy-game --to 2000 --rare | sed -n 's/^# grundy-game: \([0-9]*\) rare heaps .* mask \(0x[0-9a-f]*\).*/\1 \2/p')
census_rare=$(echo "$j" | grep -oE '"code":"grundy-game"[^}]*' | sed -E 's/.*"mask":([0-9]+),"rare":([0-9]+).*/\2 \1/' |
  awk '{printf "%s 0x%x\n", $1, $2}')
same_text "grundy-game rare heaps and mask" "$census_rare" "$seq_rare"
expect_out '"code":".77","rules":"tb:0.77","status":"certified".*"period":12,"preperiod":71' echo "$j"
# .161 and .36: one game in Flammenkamp's table, they differ first at heap 519.
expect_out '"codes":\[".161",".36"\],"source":"Flammenkamp.s table","same":false,"first_difference":519,"values":\[2,4\]' echo "$j"
expect_out '^#  \.161 and \.36 \(Flammenkamp.s table\): differ first at heap 519 \(G = 2 and 4\)' \
  "$G" census --to 2000 --dir "$d"
expect_out "$(printf '^%s' '| code | N | largest |')" "$G" census --to 2000 --dir "$d" --format md
expect_out '^code,N,largest,at,mask,rare,last rare,period,preperiod,status,same as$' "$G" census --to 2000 --dir "$d" --format csv
"$G" census --to 2000 --dir "$d" --png "$tmp/c.png" >/dev/null
expect_out 'PNG image data, 1200 x 560' file "$tmp/c.png"

# Codes with equal sequences are grouped: certified periodic ones (extended
# by their period), and ones that only agree as far as computed; .0700 and tb:0.07 are .07.
expect_out '^#  \.3 = \.5 = \.7$' "$G" census .3 .4 .5 .7 --to 3000 --dir "$tmp/g"
expect_out '^#  \.64 = \.65$' "$G" census .64 .65 .6 --to 3000 --dir "$tmp/g2"
expect_out '^# census of 2 codes' "$G" census .07 .0700 tb:0.07 .0007 --to 3000 --dir "$tmp/g3"
# the unsolved games: 8 of two digits or fewer, 61 .xyz, 13 4.xyz, and Grundy's game
"$G" census --unsolved --to 100 --dir "$tmp/u" --format csv >"$tmp/u.csv"
same_text "unsolved: codes .x/.xy, .xyz, 4.xyz, grundy-game" \
  "$(grep -cE '^\.[0-7]{1,2},' "$tmp/u.csv") $(grep -cE '^\.[0-7]{3},' "$tmp/u.csv") $(grep -cE '^4\.[0-7]{3},' "$tmp/u.csv") $(grep -c '^grundy-game,' "$tmp/u.csv")" \
  "8 61 13 1"
# every code of one digit: 7 codes .d and 7 codes 4.d
expect_out '^# census of 14 codes' "$G" census --digits 1 --to 500 --dir "$tmp/d1"

# Killed midway (SIGKILL once a checkpoint is on disk), resumed: the table of
# an uninterrupted census. A larger --to extends a finished census.
# (files of 2 bytes a heap; the kills come once a checkpoint, 300000 bytes,
# is on disk; a smaller census under the sanitizers, 5x slower, still
# killed midway)
N=600000
[ -n "$sanitized" ] && N=360000
"$G" census .6 grundy-game --to $N --dir "$tmp/ref" --format csv >"$tmp/ref.csv" 2>/dev/null
"$G" census .6 grundy-game --to $N --dir "$tmp/k" --threads 2 >/dev/null 2>&1 &
victim=$!
for _ in $(seq 1 3000); do
  [ "$(stat -c %s "$tmp/k/tb_0.6.grs" 2>/dev/null || echo 0)" -ge 300000 ] && break
  sleep 0.01
done
# one run at a time in a folder
expect_exit 2 'is in use by another census run' "$G" census .6 grundy-game --to $N --dir "$tmp/k"
kill -KILL $victim 2>/dev/null
wait $victim 2>/dev/null
size=$(stat -c %s "$tmp/k/tb_0.6.grs" 2>/dev/null || echo 0)
if [ "$size" -ge 300000 ] && [ "$size" -lt $((2 * N)) ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: the kill came at file size $size"; fi
expect_out 'x' bash -c "'$G' census .6 grundy-game --to $N --dir '$tmp/k' --format csv >'$tmp/k.csv' && echo x"
same_file "killed and resumed" "$tmp/k.csv" "$tmp/ref.csv"
same_file "resumed file" "$tmp/k/tb_0.6.grs" "$tmp/ref/tb_0.6.grs"
# SIGTERM: every code stops at its next checkpoint, exit 130, then resumes.
"$G" census .6 grundy-game --to $N --dir "$tmp/t" --threads 2 >/dev/null 2>"$tmp/t.err" &
victim=$!
for _ in $(seq 1 3000); do
  [ "$(stat -c %s "$tmp/t/tb_0.6.grs" 2>/dev/null || echo 0)" -ge 300000 ] && break
  sleep 0.01
done
kill -TERM $victim
wait $victim
same_text "SIGTERM: exit 130" "$?" 130
expect_out 'interrupted; every code.s file is kept' cat "$tmp/t.err"
"$G" census .6 grundy-game --to $N --dir "$tmp/t" --format csv >"$tmp/t.csv" 2>/dev/null
same_file "interrupted and resumed" "$tmp/t.csv" "$tmp/ref.csv"
"$G" census .6 .36 --to 3000 --dir "$tmp/e" >/dev/null 2>&1
"$G" census .6 .36 --to 9000 --dir "$tmp/e" --format csv >"$tmp/e.csv" 2>/dev/null
"$G" census .6 .36 --to 9000 --dir "$tmp/f" --format csv >"$tmp/f.csv" 2>/dev/null
same_file "extended" "$tmp/e.csv" "$tmp/f.csv"
# --report: what the files hold, computing nothing; the manifest untouched
"$G" census .6 .36 .77 --to 3000 --dir "$tmp/r" >/dev/null 2>&1
rm "$tmp/r/tb_0.77.grs"
head -c 262916 "$tmp/ref/tb_0.6.grs" >"$tmp/r/tb_0.6.grs"   # two full blocks and 500 bytes
expect_out '^\.6,131071,.*,stopped,$' "$G" census --to 300000 --dir "$tmp/r" --report --format csv
expect_out '^\.77,-,-,-,-,-,-,-,-,pending,$' "$G" census --to 300000 --dir "$tmp/r" --report --format csv
same_text "--report: no heap computed" "$(stat -c %s "$tmp/r/tb_0.6.grs")" 262916
# no codes: the census in DIR
expect_out '^\.36,9000,' "$G" census --to 9000 --dir "$tmp/e" --format csv
# --max-seconds stops each code (resumable): exit 3
"$G" census .6 --to 200000000 --dir "$tmp/m" --max-seconds 1 --format csv >"$tmp/m.out" 2>"$tmp/m.err"
same_text "--max-seconds: exit 3" "$?" 3
expect_out 'stopped before G\(200000000\).*the same command resumes' cat "$tmp/m.err"
expect_out '^\.6,[0-9]+,.*,stopped,$' cat "$tmp/m.out"

# Bad input: one line, exit 2.
expect_exit 2 "census: unknown code 'x1'" "$G" census x1 --to 100 --dir "$tmp/b"
expect_exit 2 'census: the sparse engine does not take \.8' "$G" census .8 --to 100 --dir "$tmp/b"
expect_exit 2 'holds another census' "$G" census .77 --to 100 --dir "$tmp/e"
expect_exit 2 'census needs --to' "$G" census .77 --dir "$tmp/b"
expect_exit 2 'census needs --dir' "$G" census .77 --to 100
expect_exit 2 'holds other files and no census' "$G" census .77 --to 100 --dir "$(dirname "$0")"
expect_exit 2 'does not exist; give the codes' "$G" census --to 100 --dir "$tmp/nothing"
expect_exit 2 'prints text or json or csv or md' "$G" census .77 --to 100 --dir "$tmp/b" --format xml

# --mpi: the table of one process on 1 and 3 ranks.
if command -v mpirun >/dev/null && ! "$G" census .77 --to 10 --dir "$tmp/mp0" --mpi 2>&1 | grep -q 'without'; then
  mpi=(mpirun --oversubscribe)
  [ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
  export ASAN_OPTIONS=detect_leaks=0
  "$G" census .161 .36 .77 .6 4.007 --to 20000 --dir "$tmp/mref" --format csv >"$tmp/mref.csv" 2>/dev/null
  for np in 1 3; do
    "${mpi[@]}" -np $np "$G" census .161 .36 .77 .6 4.007 --to 20000 --dir "$tmp/mp$np" --format csv --mpi \
      >"$tmp/mp$np.csv" 2>/dev/null
    same_file "--mpi on $np ranks" "$tmp/mp$np.csv" "$tmp/mref.csv"
  done
  # rank 2 (grundy-game) killed midway: mpirun ends the job; the same
  # command, here one process, resumes every code to the uninterrupted table
  "${mpi[@]}" -np 3 "$G" census .6 grundy-game --to $N --dir "$tmp/mk" --threads 1 --mpi >/dev/null 2>&1 &
  launcher=$!
  victim=
  for _ in $(seq 1 3000); do
    if [ "$(stat -c %s "$tmp/mk/grundy-game.grs" 2>/dev/null || echo 0)" -ge 300000 ]; then
      for p in $(pgrep -f -- "--dir $tmp/mk --threads 1 --mpi"); do
        grep -qz '^OMPI_COMM_WORLD_RANK=2$' "/proc/$p/environ" 2>/dev/null && victim=$p
      done
      break
    fi
    sleep 0.01
  done
  [ -n "$victim" ] && kill -KILL "$victim"
  wait $launcher 2>/dev/null
  size=$(stat -c %s "$tmp/mk/grundy-game.grs" 2>/dev/null || echo 0)
  if [ -n "$victim" ] && [ "$size" -lt $((2 * N)) ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: rank 2 not killed midway (pid '$victim', file $size bytes)"; fi
  "$G" census .6 grundy-game --to $N --dir "$tmp/mk" --format csv >"$tmp/mk.csv" 2>/dev/null
  same_file "--mpi, rank 2 killed, resumed" "$tmp/mk.csv" "$tmp/ref.csv"
else
  echo "no Open MPI here: --mpi skipped"
fi
finish
