/* Seed 003, Theorem 1 (Holshouser & Reiter): three-pile Nim where the
 * opponent forbids one move before every move. Sorted a <= b <= c, the
 * P-positions are (a,a,a) and the positions with a + b + 1 = c.
 *
 * A move lowers one pile to t while the other two, u <= v, stay. The result
 * is P exactly when t = u = v, or t = u + v + 1 (t becomes the largest pile),
 * or t = v - u - 1 (v stays the largest and the two others sum to v - 1).
 * The three targets are pairwise different, so each pile offers at most three
 * moves to P-positions and listing all of them costs O(L) on L-limb piles.
 * The theorem's (b) and (c) say: from an N-position at least two such moves
 * exist (one cannot be forbidden away), from a P-position at most one (the
 * blocker forbids it). Tested against search in tests/test_block.c. */
#include "grundy/block.h"
#include "sort3.h"

bool gr_block3_is_p(mpz_srcptr x, mpz_srcptr y, mpz_srcptr z)
{
    mpz_srcptr v[3] = {x, y, z};
    gr_mpz_sort3(v);
    if (mpz_cmp(v[0], v[1]) == 0 && mpz_cmp(v[1], v[2]) == 0) return true;
    mpz_t s;
    mpz_init(s);
    mpz_add(s, v[0], v[1]);
    mpz_add_ui(s, s, 1);
    bool p = mpz_cmp(s, v[2]) == 0;
    mpz_clear(s);
    return p;
}

/* The pile sizes, missing piles as 0. */
static void pad3(const gr_bigpos *pos, mpz_t x[3])
{
    for (int i = 0; i < 3; i++) {
        if (i < pos->n) mpz_init_set(x[i], pos->p[i]);
        else mpz_init(x[i]);
    }
}

int gr_block3_p_moves(const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx, gr_error *err)
{
    mpz_t x[3], t[3], amount;
    pad3(pos, x);
    mpz_inits(t[0], t[1], t[2], amount, NULL);
    gr_bigpos res;
    gr_bigpos_init(&res);
    int rc = gr_bigpos_copy(&res, pos) ? gr_fail_nomem(err) : 0;
    for (int i = 0; i < pos->n && i < 3 && !rc; i++) {
        mpz_srcptr u = x[(i + 1) % 3], v = x[(i + 2) % 3];
        if (mpz_cmp(u, v) > 0) {
            mpz_srcptr w = u;
            u = v;
            v = w;
        }
        int nt = 0;
        if (mpz_cmp(u, v) == 0) mpz_set(t[nt++], u);          /* (u,u,u) */
        mpz_add(t[nt], u, v);                                  /* t largest */
        mpz_add_ui(t[nt], t[nt], 1);
        nt++;
        if (mpz_cmp(u, v) < 0) {                               /* v largest */
            mpz_sub(t[nt], v, u);
            mpz_sub_ui(t[nt], t[nt], 1);
            nt++;
        }
        for (int j = 0; j < nt && !rc; j++) {
            if (mpz_cmp(t[j], x[i]) >= 0) continue;            /* a move lowers the pile */
            mpz_sub(amount, x[i], t[j]);
            mpz_set(res.p[i], t[j]);
            gr_bigmove mv = {GR_MOVE_TAKE, i, -1, amount, &res};
            rc = fn(ctx, &mv);
            mpz_set(res.p[i], x[i]);
        }
    }
    gr_bigpos_clear(&res);
    mpz_clears(t[0], t[1], t[2], amount, x[0], x[1], x[2], NULL);
    return rc;
}

static bool applies(const gr_game *g, const gr_outcome *o, int npiles)
{
    /* Fewer piles are three piles with empty ones: nim has no move on an
     * empty pile, so the game is the same. */
    return gr_game_family(g, NULL) == GR_FAMILY_NIM && o->rule == &gr_outcome_block && o->param == 1 && npiles >= 1 &&
           npiles <= 3;
}

static int decide(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)g, (void)o, (void)err;
    mpz_t x[3];
    pad3(pos, x);
    v->p = gr_block3_is_p(x[0], x[1], x[2]);
    v->has_value = false;   /* blocking games have outcomes, not values */
    mpz_clears(x[0], x[1], x[2], NULL);
    return GR_OK;
}

typedef struct only_from_n {
    gr_bigmove_fn fn;
    void *ctx;
} only_from_n;

/* The engine reads winning_moves as "moves that win": from a P-position
 * there are none (its one move to P is the one the blocker forbids; the
 * moves verb reports it as the blocker's action). */
static int winning_moves(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx,
                         gr_error *err)
{
    gr_verdict v;
    gr_verdict_init(&v);
    int rc = decide(g, o, pos, &v, err);
    bool p = v.p;
    gr_verdict_clear(&v);
    if (rc || p) return rc;
    return gr_block3_p_moves(pos, fn, ctx, err);
}

static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    (void)g;
    mpz_set_ui(count, 0);
    for (int i = 0; i < pos->n; i++) mpz_add(count, count, pos->p[i]);
}

const gr_closed_form gr_theory_block3 = {
    .name = "seed 003 Theorem 1 (three-pile Nim, one move blocked)",
    .source = "003/thm-1",
    .applies = applies,
    .decide = decide,
    .winning_moves = winning_moves,
    .count_moves = count_moves,
};
