#!/usr/bin/env bash
# cmake --install puts the tool, both libraries, the headers, the pkg-config
# file and the man page in place, and a program builds against them.
source "$(dirname "$0")/lib_cli.sh"
build=$(dirname "$G")
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null 2>&1
for f in bin/grundy lib/libgrundy.a lib/libgrundy.so include/grundy/engine.h lib/pkgconfig/grundy.pc share/man/man1/grundy.1; do
  if [ -e "$prefix/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: missing $f"; fi
done
cat >"$tmp/use.c" <<'C'
#include <grundy/engine.h>
#include <stdio.h>
int main(void)
{
    gr_game g;
    gr_error e;
    gr_error_clear(&e);
    if (gr_game_parse(&g, "sharing", &e)) return 1;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine en;
    gr_engine_init(&en, &g, &o, NULL);
    gr_bigpos p;
    gr_bigpos_init(&p);
    gr_bigpos_parse(&p, "3 5 9", &e);
    gr_answer a;
    gr_answer_init(&a);
    if (gr_engine_value(&en, &p, &a, &e)) return 1;
    printf("%s %lu\n", a.outcome, mpz_get_ui(a.value));
    return 0;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if cc "$tmp/use.c" $(pkg-config --cflags --libs grundy) -o "$tmp/use" 2>"$tmp/cc.err"; then
  expect_out '^N 2$' env LD_LIBRARY_PATH="$prefix/lib" "$tmp/use"
else
  fail=$((fail + 1)); echo "FAIL: compiling against the installed library: $(head -c 400 "$tmp/cc.err")"
fi
expect_out 'usage' "$prefix/bin/grundy" --help
finish
