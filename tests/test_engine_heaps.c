/* The engine answers heap rulesets under normal play from the nim-sequence
 * engine; it must agree with the generic search on whole positions. */
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/solve.h"
#include "grundy/heapseq.h"
#include <stdlib.h>
#include <string.h>

static void agree(const char *spec, uint64_t max)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    /* the search, told the position is not a sum, so it cannot shortcut */
    gr_game whole = g;
    whole.flags &= ~(unsigned)GR_RS_HEAPS;
    gr_solver *s = gr_solver_new(&whole, &o, NULL);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_answer ans;
    gr_answer_init(&ans);
    for (uint64_t x = 0; x <= max; x++)
        for (uint64_t y = x; y <= max; y++) {
            gr_pos p = {.n = 2, .p = {x, y}};
            uint32_t v;
            cr_assert_eq(gr_solver_score(s, &p, &v, &err), 0, "%s", err.msg);
            cr_assert_eq(gr_bigpos_from_pos(&bp, &p), GR_OK);
            cr_assert_eq(gr_engine_value(e, &bp, &ans, &err), 0, "%s", err.msg);
            cr_assert_eq(mpz_get_ui(ans.value), v, "%s (%lu,%lu)", spec, (unsigned long)x, (unsigned long)y);
        }
    gr_answer_clear(&ans);
    gr_bigpos_clear(&bp);
    gr_solver_free(s);
    gr_engine_free(e);
    gr_game_release(&g);
}

Test(engine_heaps, kayles) { agree("tb:0.77", 14); }
Test(engine_heaps, dawsons_kayles) { agree("tb:0.07", 14); }
Test(engine_heaps, split_four) { agree("split:parts=4", 12); }
Test(engine_heaps, subtraction) { agree("subtraction:1,3,7", 20); }
Test(engine_heaps, grundy_game) { agree("grundy-game", 14); }

/* Heaps past GR_HEAP_TABLE_DIRECT are answered by the certified period:
 * checked against the nim-sequence computed straight through to there, and
 * a heap of 40 digits against its residue. */
static void periodic_agrees(const char *spec, uint64_t period)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    uint64_t lo = GR_HEAP_TABLE_DIRECT + 1, hi = lo + 600;
    uint32_t *v = malloc((hi + 1) * sizeof *v);
    gr_heapseq_info info;
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_AUTO, (uint32_t)hi, v, NULL, &info, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_answer ans;
    gr_answer_init(&ans);
    mpz_t x;
    mpz_init(x);
    for (uint64_t h = lo; h <= hi; h++) {
        mpz_set_ui(x, h);
        bp.n = 0;
        cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
        cr_assert_eq(gr_engine_value(e, &bp, &ans, &err), 0, "%s", err.msg);
        cr_assert_str_eq(ans.method, "nim-sequence, certified period", "%s heap %lu", spec, (unsigned long)h);
        cr_assert_eq(mpz_get_ui(ans.value), v[h], "%s heap %lu", spec, (unsigned long)h);
    }
    uint64_t pre = 0, per = 0, have;
    cr_assert(gr_engine_heap_period(e, &pre, &per) && per == period, "%s: period %lu", spec, (unsigned long)per);
    gr_engine_heap_values(e, &have);
    cr_assert_lt(have, lo, "the table did not grow to the heap");
    /* 10^40 + r with r = 10^40 mod p subtracted back: the residue of lo */
    mpz_ui_pow_ui(x, 10, 40);
    mpz_sub_ui(x, x, mpz_fdiv_ui(x, period));
    mpz_add_ui(x, x, lo);
    bp.n = 0;
    cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    cr_assert_eq(gr_engine_value(e, &bp, &ans, &err), 0, "%s", err.msg);
    cr_assert_eq(mpz_get_ui(ans.value), v[lo]);
    mpz_clear(x);
    gr_answer_clear(&ans);
    gr_bigpos_clear(&bp);
    gr_engine_free(e);
    gr_game_release(&g);
    free(v);
}

Test(engine_heaps, periodic_kayles) { periodic_agrees("tb:0.77", 12); }
Test(engine_heaps, periodic_subtraction) { periodic_agrees("subtraction:1,3,4", 7); }

/* No certificate for Grundy's game (its parts must differ): a heap of 40
 * digits is refused with the reason, a heap within 64 bits by the limits. */
Test(engine_heaps, no_period_no_answer)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "grundy-game", &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1;
    gr_engine *e = gr_engine_new(&g, &o, &lim, NULL);
    cr_assert_not_null(e);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_parse(&bp, "1234567890123456789012345678901234567890", &err), 0);
    gr_answer ans;
    gr_answer_init(&ans);
    cr_assert_eq(gr_engine_value(e, &bp, &ans, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "no certified period"), "%s", err.msg);
    uint64_t pre, per;
    cr_assert(!gr_engine_heap_period(e, &pre, &per));
    gr_answer_clear(&ans);
    gr_bigpos_clear(&bp);
    gr_engine_free(e);
    gr_game_release(&g);
}

/* Moves of heap positions the search refuses (the estimate of a game that
 * splits grows like the partition numbers): listed heap by heap, they must be
 * the ruleset's own moves of the whole position, in the same order, each
 * with the value the sequence gives its result. */
typedef struct listed_move {
    int kind, src;
    uint64_t amount;
    gr_pos result;
} listed_move;

typedef struct move_list {
    listed_move *m;
    size_t n, cap;
    const uint32_t *g;
    bool mismatch;
} move_list;

static int collect_ruleset(void *ctx, const gr_move *mv, const gr_pos *r)
{
    move_list *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->m = realloc(l->m, l->cap * sizeof *l->m);
    }
    l->m[l->n++] = (listed_move){mv->kind, mv->src, mv->amount, *r};
    return 0;
}

typedef struct engine_check {
    move_list *want;
    size_t at;
    const uint32_t *g;
    long bad;
} engine_check;

static int check_engine_move(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    engine_check *c = ctx;
    if (c->at >= c->want->n) return c->bad++, 0;
    const listed_move *w = &c->want->m[c->at++];
    gr_pos r;
    bool same = mv->kind == w->kind && mv->src == w->src && mpz_cmp_ui(mv->amount, w->amount) == 0 &&
                gr_bigpos_to_pos(mv->result, &r) && r.n == w->result.n &&
                memcmp(r.p, w->result.p, (size_t)r.n * sizeof r.p[0]) == 0;
    uint32_t x = 0;
    for (int i = 0; i < w->result.n; i++) x ^= c->g[w->result.p[i]];
    if (!same || mpz_get_ui(res->value) != x || winning != (x == 0)) c->bad++;
    return 0;
}

static void heap_moves_agree(const char *spec, gr_pos p)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    uint64_t max = 0;
    for (int i = 0; i < p.n; i++)
        if (p.p[i] > max) max = p.p[i];
    uint32_t *v = malloc((max + 1) * sizeof *v);
    gr_heapseq_info info;
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_AUTO, (uint32_t)max, v, NULL, &info, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_estimate est;
    gr_solver_estimate(&g, &o, &p, &est);
    cr_assert_gt(est.seconds, 60, "%s: the search would take this one", spec);
    move_list want = {0};
    gr_game_moves(&g, &p, collect_ruleset, &want);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_from_pos(&bp, &p), GR_OK);
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    engine_check c = {.want = &want, .g = v};
    cr_assert_eq(gr_engine_moves(e, &bp, check_engine_move, &c, &sum, &err), 0, "%s: %s", spec, err.msg);
    cr_assert(sum.all_listed);
    cr_assert_eq(mpz_get_ui(sum.total), want.n);
    cr_assert_eq(c.at, want.n, "%s: %zu moves listed, the ruleset has %zu", spec, c.at, want.n);
    cr_assert_eq(c.bad, 0, "%s: %ld moves differ", spec, c.bad);
    gr_moves_summary_clear(&sum);
    gr_bigpos_clear(&bp);
    gr_engine_free(e);
    free(want.m);
    free(v);
    gr_game_release(&g);
}

Test(engine_heaps, moves_beyond_search)
{
    heap_moves_agree("tb:0.77", (gr_pos){.n = 3, .p = {140, 71, 9}});
    heap_moves_agree("tb:0.07", (gr_pos){.n = 2, .p = {150, 88}});
    heap_moves_agree("grundy-game", (gr_pos){.n = 3, .p = {90, 61, 40}});
    heap_moves_agree("split:parts=4", (gr_pos){.n = 2, .p = {60, 45}});
}
