/* Bouton's Nim on piles of any size: the value is the nim-sum (XOR); under
 * misere play the same rule holds unless every pile is 0 or 1, where the
 * mover loses exactly when the number of 1-piles is odd. */
#include "grundy/theory.h"

static bool is_nim(const gr_game *g)
{
    return gr_game_family(g, NULL) == GR_FAMILY_NIM;
}

static bool applies_normal(const gr_game *g, const gr_outcome *o, int npiles)
{
    (void)npiles;
    return is_nim(g) && o->rule == &gr_outcome_normal;
}

static bool applies_misere(const gr_game *g, const gr_outcome *o, int npiles)
{
    (void)npiles;
    return is_nim(g) && o->rule == &gr_outcome_misere;
}

static void nim_sum(const gr_bigpos *pos, mpz_t x)
{
    mpz_set_ui(x, 0);
    for (int i = 0; i < pos->n; i++) mpz_xor(x, x, pos->p[i]);
}

/* Number of piles of size 1, and whether any pile exceeds 1. */
static void small_piles(const gr_bigpos *pos, long *ones, bool *big)
{
    *ones = 0;
    *big = false;
    for (int i = 0; i < pos->n; i++) {
        if (mpz_cmp_ui(pos->p[i], 1) > 0) *big = true;
        else if (mpz_cmp_ui(pos->p[i], 1) == 0) (*ones)++;
    }
}

static int decide_normal(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)g, (void)o, (void)err;
    nim_sum(pos, v->value);
    v->has_value = true;
    v->p = mpz_sgn(v->value) == 0;
    return GR_OK;
}

static int decide_misere(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)g, (void)o, (void)err;
    long ones;
    bool big;
    small_piles(pos, &ones, &big);
    if (big) {
        nim_sum(pos, v->value);
        v->p = mpz_sgn(v->value) == 0;
    } else {
        v->p = ones % 2 == 1;
    }
    v->has_value = false;
    return GR_OK;
}

/* Reduces pile i to `target` (which must be smaller) and reports the move. */
static int take_to(const gr_bigpos *pos, int i, mpz_srcptr target, gr_bigpos *res, mpz_t amount,
                   gr_bigmove_fn fn, void *ctx)
{
    for (int j = 0; j < pos->n; j++) mpz_set(res->p[j], pos->p[j]);
    mpz_sub(amount, pos->p[i], target);
    mpz_set(res->p[i], target);
    gr_bigmove mv = {GR_MOVE_TAKE, i, -1, amount, res};
    return fn(ctx, &mv);
}

static int moves_common(const gr_bigpos *pos, bool misere, gr_bigmove_fn fn, void *ctx, gr_error *err)
{
    gr_bigpos res;
    gr_bigpos_init(&res);
    if (gr_bigpos_copy(&res, pos)) {
        gr_bigpos_clear(&res);
        return gr_fail_nomem(err);
    }
    mpz_t x, t, amount;
    mpz_inits(x, t, amount, NULL);
    nim_sum(pos, x);
    long ones;
    bool big;
    small_piles(pos, &ones, &big);
    int bigs = 0;
    for (int i = 0; i < pos->n; i++) bigs += mpz_cmp_ui(pos->p[i], 1) > 0;
    int rc = 0;
    for (int i = 0; i < pos->n && !rc; i++) {
        if (misere && bigs <= 1) {
            /* Leave an odd number of 1-piles and nothing bigger. */
            if (mpz_sgn(pos->p[i]) == 0) continue;
            bool is_big = mpz_cmp_ui(pos->p[i], 1) > 0;
            if (bigs == 1 && !is_big) continue;
            long others = ones - (is_big ? 0 : 1);
            /* reduce pile i to 0 or 1 so that the count of 1-piles is odd */
            unsigned long keep = others % 2 == 1 ? 0 : 1;
            if (mpz_cmp_ui(pos->p[i], keep) <= 0) continue;
            mpz_set_ui(t, keep);
            rc = take_to(pos, i, t, &res, amount, fn, ctx);
            continue;
        }
        mpz_xor(t, pos->p[i], x);
        if (mpz_cmp(t, pos->p[i]) < 0) rc = take_to(pos, i, t, &res, amount, fn, ctx);
    }
    mpz_clears(x, t, amount, NULL);
    gr_bigpos_clear(&res);
    return rc;
}

static int moves_normal(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                        gr_bigmove_fn fn, void *ctx, gr_error *err)
{
    (void)g, (void)o;
    return moves_common(pos, false, fn, ctx, err);
}

static int moves_misere(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                        gr_bigmove_fn fn, void *ctx, gr_error *err)
{
    (void)g, (void)o;
    return moves_common(pos, true, fn, ctx, err);
}

static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    (void)g;
    mpz_set_ui(count, 0);
    for (int i = 0; i < pos->n; i++) mpz_add(count, count, pos->p[i]);
}

const gr_closed_form gr_theory_nim = {
    .name = "Bouton's theorem (nim-sum)",
    .source = "bouton",
    .applies = applies_normal,
    .decide = decide_normal,
    .winning_moves = moves_normal,
    .count_moves = count_moves,
};

const gr_closed_form gr_theory_nim_misere = {
    .name = "Bouton's misere rule",
    .source = "bouton-misere",
    .applies = applies_misere,
    .decide = decide_misere,
    .winning_moves = moves_misere,
    .count_moves = count_moves,
};
