/* Parsing "name:options" into a game, and the thin dispatch to its ruleset. */
#include "grundy/ruleset.h"
#include "grundy/takebreak.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int gr_game_parse(gr_game *g, const char *spec, gr_error *err)
{
    memset(g, 0, sizeof *g);
    if (!spec || !*spec) return gr_fail(err, GR_EINPUT, "empty ruleset name; see 'grundy games'");
    if (strlen(spec) >= sizeof g->spec)
        return gr_fail(err, GR_EINPUT, "ruleset description is longer than %zu characters", sizeof g->spec - 1);
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    const gr_ruleset *rs = gr_ruleset_find(spec, nlen);
    if (!rs)
        return gr_fail(err, GR_EINPUT, "unknown ruleset '%.*s'; 'grundy games' lists them", (int)nlen, spec);
    return gr_game_init(g, rs, spec, err);
}

int gr_game_init(gr_game *g, const gr_ruleset *rs, const char *spec, gr_error *err)
{
    memset(g, 0, sizeof *g);
    if (strlen(spec) >= sizeof g->spec)
        return gr_fail(err, GR_EINPUT, "ruleset description is longer than %zu characters", sizeof g->spec - 1);
    const char *colon = strchr(spec, ':');
    g->rs = rs;
    g->flags = rs->flags;
    strcpy(g->spec, spec);
    int rc = rs->parse(g, colon ? colon + 1 : NULL, err);
    if (rc) {
        gr_game_release(g);
        return rc;
    }
    return GR_OK;
}

void gr_game_release(gr_game *g)
{
    if (g->rs && g->rs->release) g->rs->release(g);
    g->data = NULL;
}

int gr_game_moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    return g->rs->moves(g, pos, fn, ctx);
}

void gr_game_canonical(const gr_game *g, gr_pos *pos)
{
    g->rs->canonical(g, pos);
}

int gr_game_check_count(const gr_game *g, int n, gr_error *err)
{
    if (n == 0) return gr_fail(err, GR_EINPUT, "empty position: give at least one pile size");
    if (g->piles && n != g->piles)
        return gr_fail(err, GR_EINPUT, "%s needs %d piles, the position has %d", g->spec, g->piles, n);
    return g->rs->check_count ? g->rs->check_count(g, n, err) : GR_OK;
}

int gr_game_format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    return g->rs->format_move(g, mv, buf, len);
}

const char *gr_game_unit(const gr_game *g)
{
    if (g->rs->unit) return g->rs->unit;
    return g->flags & GR_RS_HEAPS ? "heap" : "pile";
}

enum gr_family gr_game_family(const gr_game *g, int *param)
{
    int p = 0;
    enum gr_family f = g->rs->family ? g->rs->family(g, &p) : GR_FAMILY_NONE;
    if (param) *param = p;
    return f;
}

int gr_game_tb_code(const gr_game *g, gr_tb_code *out)
{
    return g->rs->tb_code ? g->rs->tb_code(g, out) : GR_CODE_NONE;
}

unsigned gr_game_move_kinds(const gr_game *g)
{
    return g->rs->move_kinds ? g->rs->move_kinds(g) : 0;
}

int gr_game_legal(const gr_game *g, const gr_bigpos *pos, const gr_bigmove *mv, char *why, size_t len)
{
    if (len) why[0] = '\0';
    return g->rs->legal ? g->rs->legal(g, pos, mv, why, len) : -1;
}

bool gr_game_reduce(const gr_game *g, gr_bigpos *pos)
{
    return g->rs->reduce ? g->rs->reduce(g, pos) : false;
}

int gr_options_each(gr_game *g, const char *opts, gr_option_fn fn, gr_error *err)
{
    if (!opts) return GR_OK;
    if (!*opts) return gr_fail(err, GR_EINPUT, "'%s': nothing after ':'", g->spec);
    const char *s = opts;
    for (;;) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *eq = memchr(s, '=', len);
        if (!eq || eq == s)
            return gr_fail(err, GR_EINPUT, "option '%.*s' of %s is not key=value", (int)len, s, g->rs->name);
        size_t klen = (size_t)(eq - s);
        for (const char *t = opts; t < s;) {
            const char *tend = strchr(t, ',');
            const char *teq = memchr(t, '=', (size_t)(tend - t));
            if ((size_t)(teq - t) == klen && memcmp(t, s, klen) == 0)
                return gr_fail(err, GR_EINPUT, "%.*s and %.*s both set %.*s of %s; give it once", (int)(tend - t), t,
                               (int)len, s, (int)klen, s, g->rs->name);
            t = tend + 1;
        }
        int rc = fn(g, s, klen, eq + 1, len - klen - 1, err);
        if (rc) return rc;
        if (!end) break;
        s = end + 1;
    }
    return GR_OK;
}

int gr_option_int(const char *key, size_t klen, const char *val, size_t vlen,
                  long lo, long hi, long *out, gr_error *err)
{
    long v = 0;
    if (vlen == 0 || vlen > 9) goto bad;
    for (size_t i = 0; i < vlen; i++) {
        if (!isdigit((unsigned char)val[i])) goto bad;
        v = v * 10 + (val[i] - '0');
    }
    if (v < lo || v > hi) goto bad;
    *out = v;
    return GR_OK;
bad:
    return gr_fail(err, GR_EINPUT, "option %.*s=%.*s: expected an integer from %ld to %ld",
                   (int)klen, key, (int)vlen, val, lo, hi);
}

bool gr_game_same_rules(const gr_game *g, const char *rules)
{
    if (strcmp(g->spec, rules) == 0) return true;
    gr_game other = {0};
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_parse(&other, rules, &quiet) != GR_OK) return false;
    gr_tb_code a, b;
    char fa[128], fb[128];
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    bool same = strcmp(other.spec, g->spec) == 0 ||
                (gr_tb_code_of(g, &a) && gr_tb_code_of(&other, &b) && gr_tb_format(&a, fa, sizeof fa) > 0 &&
                 gr_tb_format(&b, fb, sizeof fb) > 0 && strcmp(fa, fb) == 0);
    gr_game_release(&other);
    return same;
}
