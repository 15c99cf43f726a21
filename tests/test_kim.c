/* Kim's Sharing Nim: the corrected "Nim inside Nim" closed form
 * (src/theory/kim1.c) against the generic search, on every covered position
 * up to a bound, in every pile order, under readings R1 and R2: outcome,
 * number of moves, and the exact list of winning moves. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/engine.h"
#include "grundy/solve.h"
#include "grundy/theory.h"

typedef struct mvkey {
    int kind, src, dst;
    unsigned long amount;
} mvkey;

typedef struct mvlist {
    mvkey m[512];
    int n;
} mvlist;

static int cmp_mv(const void *a, const void *b)
{
    const mvkey *x = a, *y = b;
    if (x->kind != y->kind) return x->kind - y->kind;
    if (x->src != y->src) return x->src - y->src;
    if (x->dst != y->dst) return x->dst - y->dst;
    return (x->amount > y->amount) - (x->amount < y->amount);
}

static int collect_cf(void *ctx, const gr_bigmove *mv)
{
    mvlist *l = ctx;
    cr_assert(l->n < 512);
    l->m[l->n++] = (mvkey){mv->kind, mv->src, mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1, mpz_get_ui(mv->amount)};
    return 0;
}

typedef struct searcher {
    gr_solver *s;
    mvlist *l;
    unsigned long total;
} searcher;

static int collect_search(void *ctx, const gr_move *mv, const gr_pos *result)
{
    searcher *w = ctx;
    gr_error err;
    gr_error_clear(&err);
    uint32_t score;
    cr_assert_eq(gr_solver_score(w->s, result, &score, &err), 0, "%s", err.msg);
    w->total++;
    if (score == 0) {
        cr_assert(w->l->n < 512);
        w->l->m[w->l->n++] =
            (mvkey){mv->kind, mv->src, mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1, (unsigned long)mv->amount};
    }
    return 0;
}

static void check_reading(const char *spec, int B)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_verdict v;
    gr_verdict_init(&v);
    mpz_t cnt;
    mpz_init(cnt);
    long covered = 0, ps = 0;
    for (int n = 1; n <= 3; n++) {
        const gr_closed_form *cf = gr_closed_form_find(&g, &o, n);
        cr_assert_not_null(cf, "%s with %d piles", spec, n);
        int p[3] = {0};
        for (;;) {
            gr_pos pos = {.n = n};
            for (int i = 0; i < n; i++) pos.p[i] = (uint64_t)p[i];
            gr_bigpos bp;
            gr_bigpos_init(&bp);
            cr_assert_eq(gr_bigpos_from_pos(&bp, &pos), GR_OK);
            if (cf->covers(&g, &o, &bp)) {
                covered++;
                char text[64];
                gr_pos_format(&pos, text, sizeof text);
                uint32_t score;
                cr_assert_eq(gr_solver_score(s, &pos, &score, &err), 0, "%s", err.msg);
                cr_assert_eq(cf->decide(&g, &o, &bp, &v, &err), 0);
                cr_assert_eq(v.p, score == 0, "%s (%s): closed form %s, search G = %u", spec, text, v.p ? "P" : "N",
                             score);
                ps += v.p;
                mvlist a = {.n = 0}, b = {.n = 0};
                cr_assert_eq(cf->winning_moves(&g, &o, &bp, collect_cf, &a, &err), 0);
                searcher w = {s, &b, 0};
                gr_game_moves(&g, &pos, collect_search, &w);
                cf->count_moves(&g, &bp, cnt);
                cr_assert_eq(mpz_cmp_ui(cnt, w.total), 0, "%s (%s): move count", spec, text);
                qsort(a.m, (size_t)a.n, sizeof a.m[0], cmp_mv);
                qsort(b.m, (size_t)b.n, sizeof b.m[0], cmp_mv);
                cr_assert_eq(a.n, b.n, "%s (%s): %d winning moves by the closed form, %d by search", spec, text, a.n,
                             b.n);
                for (int i = 0; i < a.n; i++)
                    cr_assert(!cmp_mv(&a.m[i], &b.m[i]), "%s (%s): winning move %d differs", spec, text, i);
            }
            gr_bigpos_clear(&bp);
            int i = 0;
            while (i < n && ++p[i] > B) p[i++] = 0;
            if (i == n) break;
        }
    }
    cr_assert_gt(covered, 1000);
    cr_assert_gt(ps, 20);
    mpz_clear(cnt);
    gr_verdict_clear(&v);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(kim, nim_inside_nim_R1)
{
    check_reading("kim", 26);
}

Test(kim, nim_inside_nim_R2)
{
    check_reading("kim:reading=R2", 26);
}

Test(kim, closed_form_not_for_loopy_readings)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    cr_assert_eq(gr_game_parse(&g, "kim:reading=R3", &err), 0);
    cr_assert_null(gr_closed_form_find(&g, &o, 3));
    gr_game_release(&g);
    cr_assert_eq(gr_game_parse(&g, "kim", &err), 0);
    cr_assert_eq(gr_outcome_parse(&o, "misere", 0, &err), 0);
    cr_assert_null(gr_closed_form_find(&g, &o, 3));
    gr_game_release(&g);
}

/* The engine takes the closed form for (1,a,b) of any size and searches the rest. */
Test(kim, engine_uses_form_where_it_covers)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "kim", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos bp;
    gr_answer a;
    gr_answer_init(&a);
    gr_bigpos_init(&bp);
    /* y = 10^40 + 2 = 2 (mod 4): (1, y, y+2) is P */
    cr_assert_eq(gr_bigpos_parse(&bp, "1 10000000000000000000000000000000000000002 "
                                      "10000000000000000000000000000000000000004", &err), 0);
    cr_assert_eq(gr_engine_value(e, &bp, &a, &err), 0, "%s", err.msg);
    cr_assert_str_eq(a.outcome, "P");
    cr_assert(!a.by_search);
    gr_bigpos_clear(&bp);
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_parse(&bp, "2 3 4", &err), 0);
    cr_assert_eq(gr_engine_value(e, &bp, &a, &err), 0, "%s", err.msg);
    cr_assert(a.by_search);
    gr_bigpos_clear(&bp);
    gr_answer_clear(&a);
    gr_engine_free(e);
    gr_game_release(&g);
}
