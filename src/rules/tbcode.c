/* Take-and-break codes: parsing, printing and the moves they allow. The
 * rulesets tb, split and grundy-game are thin wrappers around this file. */
#include "grundy/takebreak.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One generalised digit at *s: 0-9, A-Z (10..35, either case), &#N; or &#xH;,
 * then an optional '!' or '?'. */
static int parse_digit(const char **s, gr_tb_digit *d, gr_error *err)
{
    const char *p = *s;
    unsigned long long v = 0;
    if (isdigit((unsigned char)*p)) {
        v = (unsigned long long)(*p++ - '0');
    } else if (isalpha((unsigned char)*p)) {
        v = (unsigned long long)(toupper((unsigned char)*p++) - 'A' + 10);
    } else if (p[0] == '&' && p[1] == '#') {
        int base = 10;
        p += 2;
        if (*p == 'x' || *p == 'X') {
            base = 16;
            p++;
        }
        const char *start = p;
        while (isxdigit((unsigned char)*p) && (base == 16 || isdigit((unsigned char)*p))) {
            int dv = isdigit((unsigned char)*p) ? *p - '0' : toupper((unsigned char)*p) - 'A' + 10;
            v = v * (unsigned)base + (unsigned)dv;
            if (v > 0xffffffffull)
                return gr_fail(err, GR_EINPUT, "code digit '%.12s' is too big: at most %d parts", *s, GR_TB_MAX_PARTS);
            p++;
        }
        if (p == start || *p != ';')
            return gr_fail(err, GR_EINPUT, "code digit '%.12s': expected &#NUMBER; or &#xHEX;", *s);
        p++;
    } else {
        return gr_fail(err, GR_EINPUT, "unexpected '%c' in the code (digits are 0-9, A-Z, &#N;)", *p);
    }
    d->mask = (uint32_t)v;
    d->constraint = GR_TB_ANY;
    if (*p == '!') d->constraint = GR_TB_UNEQUAL, p++;
    else if (*p == '?') d->constraint = GR_TB_NOT_ALL_EQUAL, p++;
    *s = p;
    return GR_OK;
}

int gr_tb_parse(gr_tb_code *c, const char *text, gr_error *err)
{
    memset(c, 0, sizeof *c);
    if (!text || !*text) return gr_fail(err, GR_EINPUT, "empty take-and-break code; e.g. 0.77 is Kayles");
    const char *s = text;
    int before = 0, point = 0, open = -1;
    bool closed = false;
    c->len = 1;  /* d0 exists even when nothing precedes the point */
    while (*s) {
        if (closed) return gr_fail(err, GR_EINPUT, "code '%s': nothing may follow ']'", text);
        if (*s == '.') {
            if (point) return gr_fail(err, GR_EINPUT, "code '%s' has two points", text);
            point = 1;
            s++;
            continue;
        }
        if (*s == '[') {
            if (!point || open >= 0) return gr_fail(err, GR_EINPUT, "code '%s': '[' must open one repeating block after the point", text);
            open = c->len;
            s++;
            continue;
        }
        if (*s == ']') {
            if (open < 0) return gr_fail(err, GR_EINPUT, "code '%s': ']' without '['", text);
            if (open == c->len) return gr_fail(err, GR_EINPUT, "code '%s': empty repeating block", text);
            c->period = c->len - open;
            closed = true;
            s++;
            continue;
        }
        if (*s == '_') return gr_fail(err, GR_EINPUT, "code '%s': ghost tokens (_g) are not supported", text);
        if (*s == '(')
            return gr_fail(err, GR_EINPUT, "code '%s': parenthesised constraints are not supported; use d! or d?", text);
        gr_tb_digit d;
        int rc = parse_digit(&s, &d, err);
        if (rc) return rc;
        if (!point) {
            if (before++) return gr_fail(err, GR_EINPUT, "code '%s': additive digits (more than one before the point) are not supported", text);
            c->d[0] = d;
        } else {
            if (c->len >= GR_TB_MAX_DIGITS) return gr_fail(err, GR_EINPUT, "code '%s' has more than %d digits", text, GR_TB_MAX_DIGITS);
            c->d[c->len++] = d;
        }
    }
    if (!point) return gr_fail(err, GR_EINPUT, "code '%s' needs a point, as in 0.77 or 4!.", text);
    if (open >= 0 && !closed) return gr_fail(err, GR_EINPUT, "code '%s': '[' is never closed", text);
    /* d0 removes nothing: leaving 0 heaps is impossible from a non-empty heap
     * (CGSuite drops that bit too), and leaving 1 heap is a pass, which would
     * make every game loopy. */
    c->d[0].mask &= ~1u;
    if (c->d[0].mask & 2u)
        return gr_fail(err, GR_EINPUT, "code '%s': bit 1 of d0 leaves the heap as it was (a pass); not allowed", text);
    if (!c->period)
        while (c->len > 1 && c->d[c->len - 1].mask == 0) c->len--;
    return GR_OK;
}

static int put_digit(const gr_tb_digit *d, char *buf, size_t len)
{
    const char *suffix = d->constraint == GR_TB_UNEQUAL ? "!" : d->constraint == GR_TB_NOT_ALL_EQUAL ? "?" : "";
    if (d->mask < 10) return snprintf(buf, len, "%c%s", (char)('0' + d->mask), suffix);
    if (d->mask < 36) return snprintf(buf, len, "%c%s", (char)('A' + d->mask - 10), suffix);
    return snprintf(buf, len, "&#%u;%s", d->mask, suffix);
}

int gr_tb_format(const gr_tb_code *c, char *buf, size_t len)
{
    size_t at = 0;
#define PUT(expr)                                                    \
    do {                                                             \
        int w_ = (expr);                                             \
        if (w_ < 0) return w_;                                       \
        at += (size_t)w_;                                            \
    } while (0)
#define REST buf + (at < len ? at : len), at < len ? len - at : 0
    PUT(put_digit(&c->d[0], REST));
    PUT(snprintf(REST, "."));
    for (int i = 1; i < c->len; i++) {
        if (c->period && i == c->len - c->period) PUT(snprintf(REST, "["));
        PUT(put_digit(&c->d[i], REST));
    }
    if (c->period) PUT(snprintf(REST, "]"));
#undef PUT
#undef REST
    return (int)at;
}

gr_tb_digit gr_tb_digit_at(const gr_tb_code *c, uint64_t i)
{
    if (i < (uint64_t)c->len) return c->d[i];
    if (!c->period) return (gr_tb_digit){0, 0};
    uint64_t start = (uint64_t)(c->len - c->period);
    return c->d[start + (i - start) % (uint64_t)c->period];
}

int gr_tb_max_parts(const gr_tb_code *c)
{
    int k = 0;
    for (int i = 0; i < c->len; i++)
        for (int b = 31; b > k; b--)
            if (c->d[i].mask >> b & 1) k = b;
    return k;
}

bool gr_tb_splits(const gr_tb_code *c)
{
    return gr_tb_max_parts(c) >= 2;
}

bool gr_tb_is_octal(const gr_tb_code *c, int *last_digit)
{
    if (c->period || c->d[0].mask) return false;
    for (int i = 0; i < c->len; i++)
        if (c->d[i].mask >= 8 || c->d[i].constraint) return false;
    if (last_digit) *last_digit = c->len - 1;
    return true;
}

/* Enumerating the partitions of one heap's remainder. */
typedef struct splitter {
    const gr_tb_code *code;
    const gr_pos *pos;
    gr_pos res;
    int src, k, constraint;
    uint64_t taken;
    uint64_t part[GR_TB_MAX_PARTS];
    gr_move_fn fn;
    void *ctx;
} splitter;

static int emit(splitter *sp)
{
    if (sp->constraint == GR_TB_NOT_ALL_EQUAL && sp->part[0] == sp->part[sp->k - 1]) return 0;
    sp->res = *sp->pos;
    sp->res.p[sp->src] = sp->part[0];
    for (int j = 1; j < sp->k; j++) sp->res.p[sp->res.n++] = sp->part[j];
    gr_move mv = {GR_MOVE_SPLIT, sp->src, -1, sp->taken, sp->k};
    return sp->fn(sp->ctx, &mv, &sp->res);
}

/* Parts j.. of a nondecreasing (or, under '!', increasing) partition of rem,
 * each at least lo. */
static int parts_from(splitter *sp, int j, uint64_t rem, uint64_t lo)
{
    int left = sp->k - j;
    if (left == 1) {
        if (rem < lo) return 0;
        sp->part[j] = rem;
        return emit(sp);
    }
    uint64_t step = sp->constraint == GR_TB_UNEQUAL ? 1 : 0;
    for (uint64_t a = lo;; a++) {
        /* The remaining left-1 parts are at least a + step each. */
        uint64_t need = (a + step) * (uint64_t)(left - 1);
        if (a > rem || rem - a < need) break;
        sp->part[j] = a;
        int rc = parts_from(sp, j + 1, rem - a, a + step);
        if (rc) return rc;
    }
    return 0;
}

int gr_tb_moves(const gr_tb_code *c, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    gr_pos r = *pos;
    for (int s = 0; s < pos->n; s++) {
        uint64_t x = pos->p[s];
        if (!x) continue;
        uint64_t last = c->period ? x : (uint64_t)c->len - 1 < x ? (uint64_t)c->len - 1 : x;
        for (uint64_t i = 0; i <= last; i++) {
            gr_tb_digit d = gr_tb_digit_at(c, i);
            if (!d.mask) continue;
            uint64_t rem = x - i;
            if ((d.mask & 1u) && rem == 0) {
                r.p[s] = 0;
                gr_move mv = {GR_MOVE_TAKE, s, -1, i, 0};
                int rc = fn(ctx, &mv, &r);
                if (rc) return rc;
            }
            if ((d.mask & 2u) && rem >= 1 && i >= 1) {
                r.p[s] = rem;
                gr_move mv = {GR_MOVE_TAKE, s, -1, i, 1};
                int rc = fn(ctx, &mv, &r);
                if (rc) return rc;
            }
            r.p[s] = x;
            for (int k = 2; k <= GR_TB_MAX_PARTS; k++) {
                if (!(d.mask >> k & 1) || rem < (uint64_t)k) continue;
                if (pos->n - 1 + k > GR_MAX_PILES) return GR_EINPUT;
                splitter sp = {.code = c, .pos = pos, .src = s, .k = k, .constraint = d.constraint,
                               .taken = i, .fn = fn, .ctx = ctx};
                int rc = parts_from(&sp, 0, rem, 1);
                if (rc) return rc;
            }
        }
    }
    return 0;
}

bool gr_tb_allows(const gr_tb_code *c, uint64_t x, uint64_t taken, const uint64_t *parts, int k)
{
    if (k < 0 || k > GR_TB_MAX_PARTS || taken > x) return false;
    uint64_t rem = x - taken, sum = 0;
    for (int j = 0; j < k; j++) {
        if (parts[j] == 0 || parts[j] > rem - sum) return false;
        sum += parts[j];
    }
    if (sum != rem) return false;
    gr_tb_digit d = gr_tb_digit_at(c, taken);
    if (!(d.mask >> k & 1)) return false;
    if (k == 1 && taken == 0) return false; /* leaving the heap as it was is no move */
    if (k < 2) return true;
    bool all_equal = true;
    for (int a = 0; a < k; a++)
        for (int b = a + 1; b < k; b++) {
            if (parts[a] != parts[b]) all_equal = false;
            else if (d.constraint == GR_TB_UNEQUAL) return false;
        }
    return !(d.constraint == GR_TB_NOT_ALL_EQUAL && all_equal);
}

/* Asked of the ruleset (its tb_code member), so this file knows none of
 * the rulesets built on it. */
bool gr_tb_code_of(const gr_game *g, gr_tb_code *out)
{
    return g && g->rs && gr_game_tb_code(g, out) == GR_CODE_RULES;
}

bool gr_tb_code_of_heaps(const gr_game *g, gr_tb_code *out)
{
    return g && g->rs && gr_game_tb_code(g, out) != GR_CODE_NONE;
}

void gr_tb_canonical(gr_pos *pos)
{
    gr_pos_drop_empty(pos);
    gr_pos_sort(pos);
}

void gr_tb_estimate(const gr_tb_code *c, const gr_pos *pos, double *states, double *edges)
{
    double total = 0, prod = 1;
    for (int i = 0; i < pos->n; i++) {
        total += (double)pos->p[i];
        prod *= (double)pos->p[i] + 1;
    }
    if (!gr_tb_splits(c)) {
        /* Each heap only shrinks: the positions are the boxes below pos. */
        *states = prod;
        *edges = prod * (total + 1);
        return;
    }
    /* A position holds at most GR_MAX_PILES heaps: refuse rather than fail
     * half-way. A move that removes i tokens and leaves k heaps adds k - 1
     * heaps for i tokens; with rho the largest (k - 1) / i, and every heap
     * holding a token, n + rho (T - t) >= h <= t gives
     * h <= (n + rho T) / (1 + rho); a split that removes nothing (d0) can
     * reach T heaps of one token. */
    double rho = 0;
    bool free_split = false;
    for (int i = 0; i < c->len; i++)
        for (int k = 2; k <= GR_TB_MAX_PARTS; k++)
            if (c->d[i].mask >> k & 1) {
                if (i == 0) free_split = true;
                else if ((double)(k - 1) / i > rho) rho = (double)(k - 1) / i;
            }
    double most = free_split ? total : ((double)pos->n + rho * total) / (1 + rho);
    if (most > GR_MAX_PILES) {
        *states = *edges = HUGE_VAL;
        return;
    }
    /* Multisets of heaps of total at most T: about T times the partition
     * number p(T) ~ exp(pi sqrt(2T/3)) / (4 T sqrt 3). */
    double t = total < 1 ? 1 : total;
    double parts = exp(3.141592653589793 * sqrt(2 * t / 3)) / (4 * t * sqrt(3.0));
    *states = (t + 1) * (parts < 1 ? 1 : parts) * (double)pos->n;
    *edges = *states * pow(t + 1, gr_tb_max_parts(c) > 3 ? 3 : gr_tb_max_parts(c) - 1) * 2;
}

int gr_tb_format_move(const gr_move *mv, char *buf, size_t len)
{
    /* Front ends may pass parts = 0 when they do not know it (the result,
     * printed beside the move, shows the parts anyway). */
    unsigned long long k = (unsigned long long)mv->amount;
    if (mv->kind != GR_MOVE_SPLIT) return snprintf(buf, len, "take %llu from heap %d", k, mv->src);
    char into[32] = "";
    if (mv->parts > 0) snprintf(into, sizeof into, " into %d heaps", mv->parts);
    if (k == 0) return snprintf(buf, len, "split heap %d%s", mv->src, into);
    return snprintf(buf, len, "take %llu from heap %d and split the rest%s", k, mv->src, into);
}

int gr_tb_rules_parse(gr_game *g, const char *code, gr_error *err)
{
    gr_tb_code *c = calloc(1, sizeof *c);
    if (!c) return gr_fail_nomem(err);
    g->data = c;
    g->piles = 0;
    return gr_tb_parse(c, code, err);
}

void gr_tb_rules_release(gr_game *g)
{
    free(g->data);
}

int gr_tb_rules_code(const gr_game *g, gr_tb_code *out)
{
    *out = *(const gr_tb_code *)g->data;
    return GR_CODE_RULES;
}

int gr_tb_rules_moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    return gr_tb_moves(g->data, pos, fn, ctx);
}

void gr_tb_rules_canonical(const gr_game *g, gr_pos *pos)
{
    (void)g;
    gr_tb_canonical(pos);
}

void gr_tb_rules_estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    gr_tb_estimate(g->data, pos, states, edges);
}

int gr_tb_rules_format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    return gr_tb_format_move(mv, buf, len);
}
