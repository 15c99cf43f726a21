/* m-player Nim on piles of any size (seed 002, Theorem 2.2, Lemma 2.3,
 * Proposition 2.1).
 *
 * Write each pile in binary and read the bits as base-m digits (the
 * "m-ation"); c_k is the number of piles with bit k set, mod m. The mover
 * loses (class 0) exactly when every c_k is 0. Otherwise the class is the
 * distance to the nearest class-0 position (docs/players.md), and in Nim a
 * shortest way there lowers j distinct piles once each, so the class is the
 * least j for which some j piles x_i can be lowered to x'_i < x_i with every
 * c_k becoming 0. Lowering the piles of a set T changes column k by the new
 * bits minus the old; as at most j <= m - 1 piles change, the new bits of T
 * in column k must add up to exactly r_k = (sum of T's old bits - c_k) mod m,
 * which needs r_k <= j. Whether j numbers x'_i < x_i with those column sums
 * exist is a walk over the bits from the top that keeps which x'_i still
 * equal x_i so far ("tight"): a bit-by-bit DP over the 2^j tight sets. */
#include "grundy/players.h"
#include "grundy/grow.h"
#include "grundy/theory.h"
#include <stdlib.h>
#include <string.h>

static size_t bit_length(const gr_bigpos *pos)
{
    size_t L = 0;
    for (int i = 0; i < pos->n; i++)
        if (mpz_sgn(pos->p[i])) {
            size_t l = mpz_sizeinbase(pos->p[i], 2);
            if (l > L) L = l;
        }
    return L;
}

/* c_k for k < L; returns false when every c_k is 0. */
static bool columns(const gr_bigpos *pos, int m, size_t L, uint8_t *c)
{
    bool any = false;
    for (size_t k = 0; k < L; k++) {
        unsigned s = 0;
        for (int i = 0; i < pos->n; i++) s += (unsigned)mpz_tstbit(pos->p[i], k);
        c[k] = (uint8_t)(s % (unsigned)m);
        any = any || c[k];
    }
    return any;
}

bool gr_players_msum_zero(const gr_bigpos *pos, int m)
{
    size_t L = bit_length(pos);
    if (L == 0) return true;
    uint8_t *c = malloc(L);
    if (!c) return false;
    bool any = columns(pos, m, L, c);
    free(c);
    return !any;
}

bool gr_players_prop21_is_a(const gr_bigpos *pos)
{
    size_t L = bit_length(pos);
    if (L == 0) return false;
    uint8_t *c = malloc(L);
    if (!c) return false;
    bool a = false;
    if (columns(pos, 3, L, c)) {
        size_t top = L - 1;
        while (c[top] == 0) top--;
        if (c[top] == 1) {
            for (int i = 0; i < pos->n && !a; i++) {
                bool fits = true;
                for (size_t k = 0; k < L && fits; k++) {
                    int bit = mpz_tstbit(pos->p[i], k);
                    if ((c[k] == 2 && bit) || (c[k] == 1 && !bit)) fits = false;
                }
                a = fits;
            }
        }
    }
    free(c);
    return a;
}

/* ---- plans ---- */

typedef struct planner {
    const gr_bigpos *pos;
    int m;
    size_t L;
    const uint8_t *c;
    int j;
    int t[GR_PLAYERS_NIM_MAX_M];     /* the piles lowered */
    uint8_t *r;                      /* r_k */
    uint8_t *ob;                     /* T's bits in column k, as a mask over 0..j-1 */
    uint64_t *good;                  /* good[i]: tight sets that can finish bits i-1..0 */
} planner;

/* r_k and the column masks for the current set T; false when some r_k > j. */
static bool plan_columns(planner *p)
{
    for (size_t k = 0; k < p->L; k++) {
        unsigned s = 0, mask = 0;
        for (int q = 0; q < p->j; q++)
            if (mpz_tstbit(p->pos->p[p->t[q]], k)) s++, mask |= 1u << q;
        unsigned r = (s + (unsigned)p->m - p->c[k]) % (unsigned)p->m;
        if (r > (unsigned)p->j) return false;
        p->r[k] = (uint8_t)r;
        p->ob[k] = (uint8_t)mask;
    }
    return true;
}

/* Can tight set t at bit k reach tight set t' honouring r_k? Calls back each
 * choice K (the tight piles with a 1 that stay tight). */
static bool plan_feasible(planner *p)
{
    unsigned full = (1u << p->j) - 1;
    p->good[0] = 1;                  /* only the empty tight set is done */
    for (size_t i = 0; i < p->L; i++) {
        uint64_t next = 0;
        unsigned ob = p->ob[i], r = p->r[i];
        for (unsigned t = 0; t <= full; t++) {
            unsigned t1 = t & ob, t0 = t & ~ob;
            unsigned fr = (unsigned)p->j - (unsigned)__builtin_popcount(t);
            /* every K subset of t1, including t1 itself */
            for (unsigned K = t1;; K = (K - 1) & t1) {
                unsigned kk = (unsigned)__builtin_popcount(K);
                if (kk <= r && r - kk <= fr && (p->good[i] >> (K | t0) & 1)) {
                    next |= 1ull << t;
                    break;
                }
                if (K == 0) break;
            }
        }
        p->good[i + 1] = next;
    }
    return p->good[p->L] >> full & 1;
}

/* Rebuilds one plan (after plan_feasible said yes): the lowered sizes. */
static void plan_targets(planner *p, mpz_t *target)
{
    unsigned t = (1u << p->j) - 1;
    for (int q = 0; q < p->j; q++) mpz_set_ui(target[q], 0);
    for (size_t i = p->L; i-- > 0;) {
        unsigned ob = p->ob[i], r = p->r[i];
        unsigned t1 = t & ob, t0 = t & ~ob;
        unsigned fr = (unsigned)p->j - (unsigned)__builtin_popcount(t);
        for (unsigned K = t1;; K = (K - 1) & t1) {
            unsigned kk = (unsigned)__builtin_popcount(K);
            if (kk <= r && r - kk <= fr && (p->good[i] >> (K | t0) & 1)) {
                unsigned ones = r - kk;
                for (int q = 0; q < p->j; q++) {
                    bool tight = t >> q & 1;
                    bool bit = tight ? (K >> q & 1) : (ones ? (ones--, true) : false);
                    if (bit) mpz_setbit(target[q], i);
                }
                t = K | t0;
                break;
            }
            if (K == 0) break;
        }
    }
}

typedef int (*plan_fn)(planner *p, void *ctx);

/* Runs fn on every feasible set T of size j (in lexicographic order). fn
 * returns 1 to stop (found), 0 to go on, or an error below 0. */
static int each_plan(planner *p, int j, plan_fn fn, void *ctx)
{
    int n = p->pos->n;
    if (j > n) return 0;
    p->j = j;
    for (int q = 0; q < j; q++) p->t[q] = q;
    for (;;) {
        bool skip = false;
        for (int q = 0; q < j; q++)
            if (mpz_sgn(p->pos->p[p->t[q]]) == 0) skip = true;   /* an empty pile cannot be lowered */
        if (!skip && plan_columns(p) && plan_feasible(p)) {
            int rc = fn(p, ctx);
            if (rc) return rc;
        }
        int q = j - 1;
        while (q >= 0 && p->t[q] == n - j + q) q--;
        if (q < 0) return 0;
        p->t[q]++;
        for (int s = q + 1; s < j; s++) p->t[s] = p->t[s - 1] + 1;
    }
}

static int stop_at_first(planner *p, void *ctx)
{
    (void)p, (void)ctx;
    return 1;
}

static int planner_init(planner *p, const gr_bigpos *pos, int m, gr_error *err)
{
    memset(p, 0, sizeof *p);
    if (m < 2 || m > GR_PLAYERS_NIM_MAX_M)
        return gr_fail(err, GR_EINPUT, "m-player Nim closed form handles 2 to %d players", GR_PLAYERS_NIM_MAX_M);
    p->pos = pos;
    p->m = m;
    p->L = bit_length(pos);
    size_t L = p->L ? p->L : 1;
    uint8_t *c = malloc(L);
    p->r = malloc(L);
    p->ob = malloc(L);
    p->good = malloc((L + 1) * sizeof *p->good);
    if (!c || !p->r || !p->ob || !p->good) {
        free(c), free(p->r), free(p->ob), free(p->good);
        return gr_fail_nomem(err);
    }
    p->c = c;
    return GR_OK;
}

static void planner_free(planner *p)
{
    free((void *)p->c), free(p->r), free(p->ob), free(p->good);
}

/* The class, with the planner left ready (columns computed). */
static int find_class(planner *p, uint32_t *d, gr_error *err)
{
    if (p->L == 0 || !columns(p->pos, p->m, p->L, (uint8_t *)p->c)) {
        *d = 0;
        return GR_OK;
    }
    for (int j = 1; j < p->m; j++)
        if (each_plan(p, j, stop_at_first, NULL) == 1) {
            *d = (uint32_t)j;
            return GR_OK;
        }
    return gr_fail(err, GR_EINTERNAL, "no pile set of at most %d piles reaches m-sum zero (Lemma 2.3 says one does)",
                   p->m - 1);
}

int gr_players_nim_class(const gr_bigpos *pos, int m, uint32_t *d, gr_error *err)
{
    planner p;
    int rc = planner_init(&p, pos, m, err);
    if (rc) return rc;
    rc = find_class(&p, d, err);
    planner_free(&p);
    return rc;
}

typedef struct emitter {
    gr_players_move_fn fn;
    void *ctx;
    mpz_t target[GR_PLAYERS_NIM_MAX_M];
    /* moves already given, so each distinct move is given once */
    int *pile;
    mpz_t *size;
    size_t n, cap;
    int rc;
} emitter;

static int emit_plan(planner *p, void *ctx)
{
    emitter *e = ctx;
    plan_targets(p, e->target);
    for (int q = 0; q < p->j; q++) {
        int pile = p->t[q];
        bool seen = false;
        for (size_t i = 0; i < e->n && !seen; i++) seen = e->pile[i] == pile && mpz_cmp(e->size[i], e->target[q]) == 0;
        if (seen) continue;
        if (e->n == e->cap) {
            size_t cap = gr_grow_cap(e->cap, e->n + 1, 16, sizeof *e->size);
            if (!cap || !gr_resize(&e->pile, cap, sizeof *e->pile) || !gr_resize(&e->size, cap, sizeof *e->size))
                return e->rc = -1;
            e->cap = cap;
        }
        e->pile[e->n] = pile;
        mpz_init_set(e->size[e->n], e->target[q]);
        e->n++;
        int rc = e->fn(e->ctx, pile, e->target[q]);
        if (rc) return e->rc = rc, -1;
    }
    return 0;
}

int gr_players_nim_moves(const gr_bigpos *pos, int m, gr_players_move_fn fn, void *ctx, gr_error *err)
{
    planner p;
    int rc = planner_init(&p, pos, m, err);
    if (rc) return rc;
    uint32_t d;
    rc = find_class(&p, &d, err);
    if (!rc && d > 0) {
        emitter e = {.fn = fn, .ctx = ctx};
        for (int q = 0; q < GR_PLAYERS_NIM_MAX_M; q++) mpz_init(e.target[q]);
        if (each_plan(&p, (int)d, emit_plan, &e) < 0)
            rc = e.rc > 0 ? e.rc : gr_fail_nomem(err);
        for (int q = 0; q < GR_PLAYERS_NIM_MAX_M; q++) mpz_clear(e.target[q]);
        for (size_t i = 0; i < e.n; i++) mpz_clear(e.size[i]);
        free(e.pile);
        free(e.size);
    }
    planner_free(&p);
    return rc;
}

/* ---- the closed form ---- */

static bool applies(const gr_game *g, const gr_outcome *o, int npiles)
{
    return gr_game_family(g, NULL) == GR_FAMILY_NIM && o->rule == &gr_outcome_players && o->param <= GR_PLAYERS_NIM_MAX_M &&
           npiles <= GR_PLAYERS_NIM_MAX_PILES;
}

static int decide(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)g;
    uint32_t d;
    int rc = gr_players_nim_class(pos, o->param, &d, err);
    if (rc) return rc;
    v->p = d == 0;
    v->has_value = false;
    v->has_score = true;
    v->score = d;
    return GR_OK;
}

typedef struct relay {
    const gr_bigpos *pos;
    gr_bigmove_fn fn;
    void *ctx;
    gr_bigpos res;
    mpz_t amount;
} relay;

static int relay_move(void *ctx, int pile, mpz_srcptr target)
{
    relay *r = ctx;
    for (int i = 0; i < r->pos->n; i++) mpz_set(r->res.p[i], r->pos->p[i]);
    mpz_set(r->res.p[pile], target);
    mpz_sub(r->amount, r->pos->p[pile], target);
    gr_bigmove mv = {GR_MOVE_TAKE, pile, -1, r->amount, &r->res};
    return r->fn(r->ctx, &mv);
}

static int moves(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx,
                 gr_error *err)
{
    (void)g;
    relay r = {.pos = pos, .fn = fn, .ctx = ctx};
    gr_bigpos_init(&r.res);
    if (gr_bigpos_copy(&r.res, pos)) {
        gr_bigpos_clear(&r.res);
        return gr_fail_nomem(err);
    }
    mpz_init(r.amount);
    int rc = gr_players_nim_moves(pos, o->param, relay_move, &r, err);
    mpz_clear(r.amount);
    gr_bigpos_clear(&r.res);
    return rc;
}

static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    (void)g;
    mpz_set_ui(count, 0);
    for (int i = 0; i < pos->n; i++) mpz_add(count, count, pos->p[i]);
}

const gr_closed_form gr_theory_nim_players = {
    .name = "m-player Nim (m-ation, Theorem 2.2)",
    .source = "002/thm-2.2",
    .applies = applies,
    .decide = decide,
    .winning_moves = moves,
    .count_moves = count_moves,
};
