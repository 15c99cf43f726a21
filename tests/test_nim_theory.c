/* Bouton's theorem (src/theory/nim.c), normal and misere, against the generic
 * search on every position of 1 to 4 piles up to a bound: the outcome, the
 * value, the number of moves and the exact list of winning moves. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/engine.h"
#include "grundy/solve.h"
#include "grundy/theory.h"

typedef struct mvkey {
    int src;
    unsigned long amount;
} mvkey;

typedef struct mvlist {
    mvkey m[256];
    int n;
} mvlist;

static int cmp_mv(const void *a, const void *b)
{
    const mvkey *x = a, *y = b;
    if (x->src != y->src) return x->src - y->src;
    return (x->amount > y->amount) - (x->amount < y->amount);
}

static int collect_cf(void *ctx, const gr_bigmove *mv)
{
    mvlist *l = ctx;
    cr_assert_eq(mv->kind, GR_MOVE_TAKE);
    cr_assert(l->n < 256);
    l->m[l->n++] = (mvkey){mv->src, mpz_get_ui(mv->amount)};
    return 0;
}

typedef struct searcher {
    gr_solver *s;
    mvlist *l;
    int total;
} searcher;

static int collect_search(void *ctx, const gr_move *mv, const gr_pos *result)
{
    searcher *w = ctx;
    gr_error err;
    gr_error_clear(&err);
    uint32_t score;
    cr_assert_eq(gr_solver_score(w->s, result, &score, &err), 0, "%s", err.msg);
    w->total++;
    if (score == 0) w->l->m[w->l->n++] = (mvkey){mv->src, (unsigned long)mv->amount};
    return 0;
}

static void check_all(int n, int max, bool misere)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "nim", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    if (misere) gr_outcome_parse(&o, "misere", 0, &err);
    const gr_closed_form *cf = gr_closed_form_find(&g, &o, n);
    cr_assert_not_null(cf);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    int p[4] = {0};
    gr_bigpos bp;
    gr_verdict v;
    gr_verdict_init(&v);
    mpz_t cnt;
    mpz_init(cnt);
    for (;;) {
        gr_pos pos = {.n = n};
        for (int i = 0; i < n; i++) pos.p[i] = (uint64_t)p[i];
        gr_bigpos_init(&bp);
        cr_assert_eq(gr_bigpos_from_pos(&bp, &pos), GR_OK);
        uint32_t score;
        cr_assert_eq(gr_solver_score(s, &pos, &score, &err), 0, "%s", err.msg);
        cr_assert_eq(cf->decide(&g, &o, &bp, &v, &err), 0);
        char text[64];
        gr_pos_format(&pos, text, sizeof text);
        cr_assert_eq(v.p, score == 0, "%s%s: closed form %s, search score %u", text, misere ? " misere" : "",
                     v.p ? "P" : "N", score);
        if (!misere) {
            cr_assert(v.has_value);
            cr_assert_eq(mpz_cmp_ui(v.value, score), 0, "%s: value", text);
        }
        mvlist a = {.n = 0}, b = {.n = 0};
        cr_assert_eq(cf->winning_moves(&g, &o, &bp, collect_cf, &a, &err), 0);
        searcher w = {s, &b, 0};
        gr_game_moves(&g, &pos, collect_search, &w);
        cf->count_moves(&g, &bp, cnt);
        cr_assert_eq(mpz_cmp_ui(cnt, (unsigned long)w.total), 0, "%s: move count", text);
        qsort(a.m, (size_t)a.n, sizeof a.m[0], cmp_mv);
        qsort(b.m, (size_t)b.n, sizeof b.m[0], cmp_mv);
        cr_assert_eq(a.n, b.n, "%s%s: %d winning moves by the closed form, %d by search", text,
                     misere ? " misere" : "", a.n, b.n);
        for (int i = 0; i < a.n; i++)
            cr_assert(a.m[i].src == b.m[i].src && a.m[i].amount == b.m[i].amount, "%s: winning move %d", text, i);
        gr_bigpos_clear(&bp);
        int i = 0;
        while (i < n && ++p[i] > max) p[i++] = 0;
        if (i == n) break;
    }
    mpz_clear(cnt);
    gr_verdict_clear(&v);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(nim_theory, normal_up_to_four_piles)
{
    check_all(1, 20, false);
    check_all(2, 15, false);
    check_all(3, 9, false);
    check_all(4, 5, false);
}

Test(nim_theory, misere_up_to_four_piles)
{
    check_all(1, 20, true);
    check_all(2, 15, true);
    check_all(3, 9, true);
    check_all(4, 5, true);
}

/* Many piles of any size: the engine answers from the closed form. */
Test(nim_theory, many_big_piles)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "nim", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    /* 1..1000 has nim-sum 1000 (the XOR of 1..n is n when n = 0 mod 4) */
    mpz_t x;
    mpz_init(x);
    for (unsigned long i = 1; i <= 1000; i++) {
        mpz_set_ui(x, i);
        cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    }
    /* and two equal 200-digit piles change nothing */
    mpz_ui_pow_ui(x, 10, 200);
    mpz_add_ui(x, x, 12345);
    cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    gr_answer a;
    gr_answer_init(&a);
    cr_assert_eq(gr_engine_value(e, &bp, &a, &err), 0, "%s", err.msg);
    cr_assert_str_eq(a.outcome, "N");
    cr_assert_eq(mpz_cmp_ui(a.value, 1000), 0);
    gr_answer_clear(&a);
    mpz_clear(x);
    gr_bigpos_clear(&bp);
    gr_engine_free(e);
    gr_game_release(&g);
}
