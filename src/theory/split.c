/* Nim with splits into two (Lasker's Nim) or three heaps (seed 004), on heaps
 * of any size. With m = 2^n (4 for n = 2, 8 for n = 3) the value of a heap
 * is f(x) = x + 1 when x = m - 1 (mod m), x - 1 when x = 0 (mod m) and
 * x >= m, and x otherwise (seed 004's theorem for n = 3, claim 004/thm-n3;
 * Lasker's Nim for n = 2, claim 004/text-n2). Both are checked against the
 * nim-sequence engine in tests/test_takebreak.c. f swaps m k + m - 1 with
 * m k + m and fixes the rest, so it is its own inverse. */
#include "grundy/takebreak.h"
#include "grundy/theory.h"

/* Beyond this the winning splits of one heap are not listed (there can be
 * about x^2/12 of them): the value and outcome stay exact. */
#define SPLIT_LIST_MAX 20000
/* One winning split is looked for among those whose small parts are below
 * this (about 2 million splits at most; in practice a few). */
#define SPLIT_SMALL_MAX 2000

/* The formulas are for 2 and 3 parts. */
static int parts_of(const gr_game *g)
{
    int parts;
    if (gr_game_family(g, &parts) != GR_FAMILY_SPLIT) return 0;
    return parts == 2 || parts == 3 ? parts : 0;
}

static bool applies(const gr_game *g, const gr_outcome *o, int npiles)
{
    (void)npiles;
    return o->rule == &gr_outcome_normal && parts_of(g) != 0;
}

static void f_of(mpz_t out, mpz_srcptr x, unsigned long m)
{
    unsigned long r = mpz_fdiv_ui(x, m);
    mpz_set(out, x);
    if (r == m - 1) mpz_add_ui(out, out, 1);
    else if (r == 0 && mpz_cmp_ui(x, m) >= 0) mpz_sub_ui(out, out, 1);
}

static unsigned long f_small(unsigned long x, unsigned long m)
{
    unsigned long r = x % m;
    return r == m - 1 ? x + 1 : (r == 0 && x >= m) ? x - 1 : x;
}

static void value_of(const gr_bigpos *pos, unsigned long m, mpz_t s)
{
    mpz_t t;
    mpz_init(t);
    mpz_set_ui(s, 0);
    for (int i = 0; i < pos->n; i++) {
        f_of(t, pos->p[i], m);
        mpz_xor(s, s, t);
    }
    mpz_clear(t);
}

static int decide(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)o, (void)err;
    value_of(pos, 1ul << parts_of(g), v->value);
    v->has_value = true;
    v->p = mpz_sgn(v->value) == 0;
    return GR_OK;
}

typedef struct emitter {
    const gr_bigpos *pos;
    gr_bigpos res;
    mpz_t amount;
    gr_bigmove_fn fn;
    void *ctx;
    gr_error *err;
} emitter;

/* Heap i replaced by parts[0], the others appended. */
static int emit_split_big(emitter *e, int i, mpz_t *parts, int n)
{
    if (gr_bigpos_copy(&e->res, e->pos)) return gr_fail_nomem(e->err);
    mpz_set(e->res.p[i], parts[0]);
    for (int k = 1; k < n; k++)
        if (gr_bigpos_push(&e->res, parts[k])) return gr_fail_nomem(e->err);
    mpz_set_ui(e->amount, 0);
    gr_bigmove mv = {GR_MOVE_SPLIT, i, -1, e->amount, &e->res};
    return e->fn(e->ctx, &mv);
}

/* Heap i taken down to y. */
static int emit_take(emitter *e, int i, mpz_srcptr y)
{
    if (gr_bigpos_copy(&e->res, e->pos)) return gr_fail_nomem(e->err);
    mpz_set(e->res.p[i], y);
    mpz_sub(e->amount, e->pos->p[i], y);
    gr_bigmove mv = {GR_MOVE_TAKE, i, -1, e->amount, &e->res};
    return e->fn(e->ctx, &mv);
}

static int emit_split(emitter *e, int i, const unsigned long *parts, int n)
{
    mpz_t big[3];
    for (int k = 0; k < n; k++) mpz_init_set_ui(big[k], parts[k]);
    int rc = emit_split_big(e, i, big, n);
    for (int k = 0; k < n; k++) mpz_clear(big[k]);
    return rc;
}

static int winning_moves(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx,
                         gr_error *err)
{
    (void)o;
    int n = parts_of(g);
    unsigned long m = 1ul << n;
    mpz_t s, fx, t, y, bound;
    mpz_inits(s, fx, t, y, bound, NULL);
    value_of(pos, m, s);
    int rc = GR_OK;
    /* Refuse before listing anything when a heap's splits are out of reach:
     * a split of x reaches values up to x + n at most (f(a) <= a + 1). */
    for (int i = 0; i < pos->n && mpz_sgn(s); i++) {
        f_of(fx, pos->p[i], m);
        mpz_xor(t, fx, s);
        mpz_add_ui(bound, pos->p[i], (unsigned long)n);
        if (mpz_cmp_ui(pos->p[i], SPLIT_LIST_MAX) > 0 && mpz_cmp(t, bound) <= 0) {
            /* a limit of the listing, as for every other game's huge heap (exit 3), not bad input */
            rc = gr_fail(err, GR_ELIMIT, "heap %d (%zu digits) may have too many winning splits to list; "
                         "'grundy value' gives the exact value and 'grundy play' a winning move", i,
                         gr_mpz_digits(pos->p[i]));
            goto out;
        }
    }
    emitter e = {.pos = pos, .fn = fn, .ctx = ctx, .err = err};
    gr_bigpos_init(&e.res);
    mpz_init(e.amount);
    for (int i = 0; i < pos->n && mpz_sgn(s) && !rc; i++) {
        f_of(fx, pos->p[i], m);
        mpz_xor(t, fx, s);
        /* A take: the heap goes to y = f^-1(t) = f(t), when that is smaller. */
        f_of(y, t, m);
        if (mpz_cmp(y, pos->p[i]) < 0) rc = emit_take(&e, i, y);
        mpz_add_ui(bound, pos->p[i], (unsigned long)n);
        if (rc || mpz_cmp(t, bound) > 0) continue;
        unsigned long x = mpz_get_ui(pos->p[i]), want = mpz_get_ui(t);
        if (n == 2) {
            for (unsigned long a = 1; 2 * a <= x && !rc; a++)
                if ((f_small(a, m) ^ f_small(x - a, m)) == want) {
                    unsigned long parts[2] = {a, x - a};
                    rc = emit_split(&e, i, parts, 2);
                }
        } else {
            for (unsigned long a = 1; 3 * a <= x && !rc; a++)
                for (unsigned long b = a; a + 2 * b <= x && !rc; b++) {
                    unsigned long c = x - a - b;
                    if ((f_small(a, m) ^ f_small(b, m) ^ f_small(c, m)) == want) {
                        unsigned long parts[3] = {a, b, c};
                        rc = emit_split(&e, i, parts, 3);
                    }
                }
        }
    }
    gr_bigpos_clear(&e.res);
    mpz_clear(e.amount);
out:
    mpz_clears(s, fx, t, y, bound, NULL);
    return rc;
}

/* One winning split of heap x to value t, looking only at splits whose
 * small parts are below SPLIT_SMALL_MAX (the last part takes the rest, so x
 * may have any size). Fills parts (n of them, nondecreasing). */
static bool small_split(mpz_srcptr x, mpz_srcptr t, int n, unsigned long m, mpz_t *parts)
{
    mpz_t c, fc, want;
    mpz_inits(c, fc, want, NULL);
    bool found = false;
    for (unsigned long a = 1; a < SPLIT_SMALL_MAX && !found; a++)
        for (unsigned long b = n == 2 ? 0 : a; b < SPLIT_SMALL_MAX && !found; b++) {
            mpz_sub_ui(c, x, a + b);
            if (mpz_cmp_ui(c, n == 2 ? a : b) < 0) break; /* the last part is the biggest */
            f_of(fc, c, m);
            mpz_set_ui(want, f_small(a, m) ^ (n == 2 ? 0 : f_small(b, m)));
            mpz_xor(want, want, t);
            if (mpz_cmp(fc, want) != 0) {
                if (n == 2) break; /* b is not a part */
                continue;
            }
            mpz_set_ui(parts[0], a);
            if (n == 3) mpz_set_ui(parts[1], b);
            mpz_set(parts[n - 1], c);
            found = true;
        }
    mpz_clears(c, fc, want, NULL);
    return found;
}

static int one_winning_move(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn,
                            void *ctx, gr_error *err)
{
    (void)o;
    int n = parts_of(g);
    unsigned long m = 1ul << n;
    mpz_t s, fx, t, y, parts[3];
    mpz_inits(s, fx, t, y, parts[0], parts[1], parts[2], NULL);
    value_of(pos, m, s);
    emitter e = {.pos = pos, .fn = fn, .ctx = ctx, .err = err};
    gr_bigpos_init(&e.res);
    mpz_init(e.amount);
    int rc = GR_OK;
    bool done = mpz_sgn(s) == 0;
    /* a heap whose value the XOR lowers has a move to that value (mex) */
    for (int i = 0; i < pos->n && !done; i++) {
        f_of(fx, pos->p[i], m);
        mpz_xor(t, fx, s);
        if (mpz_cmp(t, fx) >= 0) continue;
        f_of(y, t, m); /* f is its own inverse: the heap of value t */
        if (mpz_cmp(y, pos->p[i]) < 0) {
            rc = emit_take(&e, i, y);
            done = true;
        } else if (small_split(pos->p[i], t, n, m, parts)) {
            rc = emit_split_big(&e, i, parts, n);
            done = true;
        }
    }
    if (!done)
        rc = gr_fail(err, GR_EINPUT, "no winning move found among takes and splits with parts below %d",
                     SPLIT_SMALL_MAX);
    gr_bigpos_clear(&e.res);
    mpz_clear(e.amount);
    mpz_clears(s, fx, t, y, parts[0], parts[1], parts[2], NULL);
    return rc;
}

static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    int n = parts_of(g);
    mpz_t p;
    mpz_init(p);
    mpz_set_ui(count, 0);
    for (int i = 0; i < pos->n; i++) {
        mpz_add(count, count, pos->p[i]);
        if (n == 2) {
            mpz_fdiv_q_ui(p, pos->p[i], 2);     /* a + b = x, 1 <= a <= b */
        } else {
            /* Partitions of x into three positive parts: round(x^2 / 12). */
            mpz_mul(p, pos->p[i], pos->p[i]);
            mpz_add_ui(p, p, 6);
            mpz_fdiv_q_ui(p, p, 12);
        }
        mpz_add(count, count, p);
    }
    mpz_clear(p);
}

const gr_closed_form gr_theory_split = {
    .name = "split-heap formula (seed 004; Lasker's Nim)",
    .source = "004/thm-n3",
    .applies = applies,
    .decide = decide,
    .winning_moves = winning_moves,
    .count_moves = count_moves,
    .one_winning_move = one_winning_move,
};
