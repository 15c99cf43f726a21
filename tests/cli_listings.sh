#!/usr/bin/env bash
# Seed 001's listings as printed (tests/data/seed001_listing*.cpp, the seed's
# text with its line numbers taken off): each falls off the end of a non-void
# function, as the registry's reports say. Needs g++ (build-essential).
source "$(dirname "$0")/lib_cli.sh"
data="$(cd "$(dirname "$0")" && pwd)/data"
command -v g++ >/dev/null || { echo "g++ is needed for this test"; exit 1; }

inputs=("12 6" "12" "12")
for n in 1 2 3; do
  src="$data/seed001_listing$n.cpp"
  if g++ -std=c++17 -Werror=return-type -c "$src" -o "$tmp/l$n.o" 2>"$tmp/cc"; then
    fail=$((fail + 1)); echo "FAIL: listing $n compiles with -Werror=return-type"
  elif grep -q "control reaches end of non-void function" "$tmp/cc"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: listing $n: $(head -c 300 "$tmp/cc")"; fi
  if g++ -std=c++17 -O0 -fsanitize=undefined -fno-sanitize-recover=undefined "$src" -o "$tmp/l$n" 2>/dev/null; then
    echo "${inputs[$((n - 1))]}" | timeout 10 "$tmp/l$n" >/dev/null 2>"$tmp/ub"
    if grep -q "reached the end of a value-returning function" "$tmp/ub"; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL: listing $n under UBSan: $(head -c 300 "$tmp/ub")"; fi
  fi
  expect_out "^ +as printed, f flows off the end of a non-void function .*undefined behaviour" \
    "$G" check "001/text-listing-$n"
done
finish
