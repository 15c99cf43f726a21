#!/usr/bin/env bash
# cmake --install puts the tool, both libraries, the public headers (and
# only those), the pkg-config file and the man page in place, and a program
# that uses only the umbrella header (tests/install_use.c) builds against
# them with pkg-config and runs.
source "$(dirname "$0")/lib_cli.sh"
build=$(dirname "$G")
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null 2>&1
for f in bin/grundy lib/libgrundy.a lib/libgrundy.so include/grundy/engine.h lib/pkgconfig/grundy.pc share/man/man1/grundy.1; do
  if [ -e "$prefix/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: missing $f"; fi
done
# only the public headers: the umbrella's, none of the library's own
for f in bitset.h postab.h checked.h combinat.h io.h retro.h grow.h tier.h; do
  if [ -e "$prefix/include/grundy/$f" ]; then fail=$((fail + 1)); echo "FAIL: internal header $f installed"; else pass=$((pass + 1)); fi
done
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if cc -std=c11 -Wall -Werror "$(dirname "$0")/install_use.c" $(pkg-config --cflags --libs grundy) -o "$tmp/use" 2>"$tmp/cc.err"; then
  expect_out '^value sharing 3 5 9: N 2 by search$' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
  expect_out '^value nim 3402[0-9]* 1 3402[0-9]*: P 0 by Bouton' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
  expect_out '^seq tb:0.77: 0 1 2 3 1 4 3 2 1 4 2 6 4$' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
  expect_out '^play nim 3 5 7: take 1 from pile 0 \(winning\)$' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
  expect_out '^out of memory: status 4$' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
else
  fail=$((fail + 1)); echo "FAIL: compiling against the installed headers: $(head -c 400 "$tmp/cc.err")"
fi
expect_out 'usage' "$prefix/bin/grundy" --help
finish
