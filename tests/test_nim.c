/* Bouton's Nim: the closed forms (normal and misere, values and winning
 * moves) against the generic search on every small position. */
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/solve.h"
#include "grundy/theory.h"

static void setup(gr_game *g, gr_outcome *o, const char *rule)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, "nim", &err), 0);
    cr_assert_eq(gr_outcome_parse(o, rule, 0, &err), 0);
}

typedef struct wins {
    int n;
    int src[8];
    uint64_t k[8];
} wins;

static int collect_cf(void *ctx, const gr_bigmove *mv)
{
    wins *w = ctx;
    w->src[w->n] = mv->src;
    w->k[w->n] = mpz_get_ui(mv->amount);
    w->n++;
    return 0;
}

typedef struct sctx {
    gr_solver *s;
    wins *w;
} sctx;

static int collect_search(void *ctx, const gr_move *mv, const gr_pos *r)
{
    sctx *c = ctx;
    uint32_t v;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_solver_score(c->s, r, &v, &err), 0);
    if (v == 0) {
        c->w->src[c->w->n] = mv->src;
        c->w->k[c->w->n] = mv->amount;
        c->w->n++;
    }
    return 0;
}

static void check_rule(const char *rule, int piles, uint64_t max)
{
    gr_game g;
    gr_outcome o;
    setup(&g, &o, rule);
    const gr_closed_form *cf = gr_closed_form_find(&g, &o, piles);
    cr_assert_not_null(cf);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_verdict v;
    gr_verdict_init(&v);
    uint64_t idx[4] = {0};
    for (;;) {
        gr_pos p = {.n = piles};
        for (int i = 0; i < piles; i++) p.p[i] = idx[i];
        uint32_t score;
        cr_assert_eq(gr_solver_score(s, &p, &score, &err), 0, "%s", err.msg);
        cr_assert_eq(gr_bigpos_from_pos(&bp, &p), GR_OK);
        cr_assert_eq(cf->decide(&g, &o, &bp, &v, &err), 0);
        cr_assert_eq(v.p, score == 0, "%s nim outcome of (%lu,%lu,%lu,...)", rule, (unsigned long)p.p[0],
                     (unsigned long)p.p[1], (unsigned long)p.p[2]);
        if (v.has_value) cr_assert_eq(mpz_get_ui(v.value), score);
        wins a = {0}, b = {0};
        cr_assert_eq(cf->winning_moves(&g, &o, &bp, collect_cf, &a, &err), 0);
        sctx c = {s, &b};
        gr_game_moves(&g, &p, collect_search, &c);
        cr_assert_eq(a.n, b.n, "%s: number of winning moves", rule);
        for (int i = 0; i < a.n; i++) {
            bool found = false;
            for (int j = 0; j < b.n; j++) found |= a.src[i] == b.src[j] && a.k[i] == b.k[j];
            cr_assert(found);
        }
        int i = 0;
        while (i < piles && ++idx[i] > max) idx[i++] = 0;
        if (i == piles) break;
    }
    gr_verdict_clear(&v);
    gr_bigpos_clear(&bp);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(nim, bouton_normal_3_piles) { check_rule("normal", 3, 12); }
Test(nim, bouton_normal_4_piles) { check_rule("normal", 4, 6); }
Test(nim, bouton_misere_3_piles) { check_rule("misere", 3, 9); }
Test(nim, bouton_misere_4_piles) { check_rule("misere", 4, 5); }

Test(nim, huge_nim_sum)
{
    gr_game g;
    gr_outcome o;
    setup(&g, &o, "normal");
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos p;
    gr_bigpos_init(&p);
    gr_error err;
    gr_error_clear(&err);
    /* 2^200 + 5, 2^200 + 3, 6: nim-sum 0 */
    mpz_t a;
    mpz_init(a);
    mpz_ui_pow_ui(a, 2, 200);
    mpz_add_ui(a, a, 5);
    cr_assert_eq(gr_bigpos_push(&p, a), GR_OK);
    mpz_sub_ui(a, a, 2);
    cr_assert_eq(gr_bigpos_push(&p, a), GR_OK);
    mpz_set_ui(a, 6);
    cr_assert_eq(gr_bigpos_push(&p, a), GR_OK);
    gr_answer ans;
    gr_answer_init(&ans);
    cr_assert_eq(gr_engine_value(e, &p, &ans, &err), 0);
    cr_assert_str_eq(ans.outcome, "P");
    cr_assert_eq(mpz_sgn(ans.value), 0);
    gr_answer_clear(&ans);
    mpz_clear(a);
    gr_bigpos_clear(&p);
    gr_engine_free(e);
    gr_game_release(&g);
}
