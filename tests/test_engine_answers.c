/* The answers the engine owns for every front end: the blocker's strategy
 * against the blocking rule itself, the losing positions against Theorem 1
 * of seed 003 and against the engine's values, the three-pile outcome table
 * against one engine call per position, and seed 000's counts against the
 * whole table. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/block.h"
#include "grundy/engine.h"
#include "grundy/sharing3_fast.h"

static void parse_game(gr_game *g, const char *rules)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, rules, &err), 0, "%s", err.msg);
}

static void big3(gr_bigpos *b, uint64_t x, uint64_t y, uint64_t z)
{
    gr_pos p = {.n = 3, .p = {x, y, z}};
    gr_bigpos_init(b);
    cr_assert_eq(gr_bigpos_from_pos(b, &p), GR_OK);
}

static void strategy(gr_engine *e, uint64_t x, uint64_t y, uint64_t z, gr_block_strategy *s)
{
    gr_bigpos b;
    big3(&b, x, y, z);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_engine_block_strategy(e, &b, s, &err), 0, "%s", err.msg);
    gr_bigpos_clear(&b);
}

Test(block_strategy, nim_124_blocker_forbids_the_one_move_to_p)
{
    gr_game g;
    parse_game(&g, "nim");
    gr_outcome o = {&gr_outcome_block, 1};
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_block_strategy s;
    strategy(e, 1, 2, 4, &s);
    cr_assert(s.p && s.listed && !s.all_forbidden);
    cr_assert_eq(s.units, 1);
    cr_assert_eq(s.options, 7);
    cr_assert_str_eq(s.to_p[0].text, "take 4 from pile 2");
    cr_assert_str_eq(s.to_p[0].result, "1 2 0");
    gr_block_strategy_clear(&s);
    strategy(e, 1, 2, 3, &s);
    cr_assert(!s.p);
    cr_assert_eq(s.units, 3);
    /* each ban of one move to P leaves another */
    cr_assert_str_eq(s.to_p[gr_block_reply(0)].text, "take 1 from pile 1");
    cr_assert_str_eq(s.to_p[gr_block_reply(2)].result, "0 2 3");
    gr_block_strategy_clear(&s);
    gr_engine_free(e);
    gr_game_release(&g);
}

/* The rule itself: P exactly when the units leading to P are at most k, and
 * every listed move leads to a P-position. */
static void rule_holds(const char *rules, const gr_outcome *o, uint64_t top)
{
    gr_game g;
    parse_game(&g, rules);
    gr_engine *e = gr_engine_new(&g, o, NULL, NULL);
    cr_assert_not_null(e);
    for (uint64_t z = 0; z <= top; z++)
        for (uint64_t y = 0; y <= z; y++)
            for (uint64_t x = 0; x <= y; x++) {
                gr_block_strategy s;
                strategy(e, x, y, z, &s);
                cr_assert_eq(s.p, s.units <= (size_t)o->param || s.all_forbidden, "%s %lu %lu %lu", rules,
                             (unsigned long)x, (unsigned long)y, (unsigned long)z);
                for (size_t i = 0; i < s.units; i++) {
                    gr_bigpos r;
                    gr_bigpos_init(&r);
                    gr_error err;
                    gr_error_clear(&err);
                    cr_assert_eq(gr_bigpos_parse(&r, s.to_p[i].result, &err), 0, "%s", err.msg);
                    gr_answer a;
                    gr_answer_init(&a);
                    cr_assert_eq(gr_engine_value(e, &r, &a, &err), 0, "%s", err.msg);
                    cr_assert_str_eq(a.outcome, "P");
                    gr_answer_clear(&a);
                    gr_bigpos_clear(&r);
                }
                gr_block_strategy_clear(&s);
            }
    gr_engine_free(e);
    gr_game_release(&g);
}

Test(block_strategy, the_blocking_rule_on_small_positions)
{
    gr_outcome b1 = {&gr_outcome_block, 1}, b2 = {&gr_outcome_block, 2}, bp1 = {&gr_outcome_block_position, 1};
    rule_holds("nim", &b1, 6);
    rule_holds("nim", &b2, 5);
    rule_holds("nim", &bp1, 5);
    rule_holds("sharing", &b1, 5);
}

Test(losing, nim_table_lists_theorem_1)
{
    gr_outcome o = {&gr_outcome_block, 1};
    gr_limits lim;
    gr_limits_default(&lim);
    gr_error err;
    gr_error_clear(&err);
    gr_losing *l;
    cr_assert_eq(gr_losing_open(&l, "nim", &o, 3, 40, &lim, &err), 0, "%s", err.msg);
    mpz_t a, b, c;
    mpz_inits(a, b, c, NULL);
    for (uint32_t z = 0; z <= 40; z++)
        for (uint32_t y = 0; y <= z; y++)
            for (uint32_t x = 0; x <= y; x++) {
                uint32_t piles[3] = {x, y, z};
                bool p;
                cr_assert_eq(gr_losing_is_p(l, piles, &p, &err), 0);
                mpz_set_ui(a, x), mpz_set_ui(b, y), mpz_set_ui(c, z);
                cr_assert_eq(p, gr_block3_is_p(a, b, c), "%u %u %u", x, y, z);
            }
    mpz_clears(a, b, c, NULL);
    gr_losing_free(l);
}

typedef struct listed {
    uint32_t v[64][3];
    int n;
} listed;

static int keep(void *ctx, const uint32_t *x)
{
    listed *l = ctx;
    cr_assert_lt(l->n, 64);
    memcpy(l->v[l->n++], x, sizeof l->v[0]);
    return 0;
}

Test(losing, search_lists_what_the_engine_values)
{
    gr_outcome o = {&gr_outcome_block, 1};
    gr_limits lim;
    gr_limits_default(&lim);
    gr_error err;
    gr_error_clear(&err);
    gr_losing *l;
    cr_assert_eq(gr_losing_open(&l, "sharing", &o, 3, 6, &lim, &err), 0, "%s", err.msg);
    listed got = {.n = 0};
    unsigned long long visited;
    cr_assert_eq(gr_losing_each(l, keep, &got, &visited, &err), 0, "%s", err.msg);
    cr_assert_eq(visited, 84); /* C(6 + 3, 3) sorted positions */
    gr_game g;
    parse_game(&g, "sharing");
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    int k = 0;
    for (uint64_t z = 0; z <= 6; z++)
        for (uint64_t y = 0; y <= z; y++)
            for (uint64_t x = 0; x <= y; x++) {
                gr_bigpos b;
                big3(&b, x, y, z);
                gr_answer a;
                gr_answer_init(&a);
                cr_assert_eq(gr_engine_value(e, &b, &a, &err), 0, "%s", err.msg);
                if (strcmp(a.outcome, "P") == 0) {
                    cr_assert_lt(k, got.n);
                    cr_assert(got.v[k][0] == x && got.v[k][1] == y && got.v[k][2] == z);
                    k++;
                }
                gr_answer_clear(&a);
                gr_bigpos_clear(&b);
            }
    cr_assert_eq(k, got.n);
    cr_assert_gt(k, 0);
    gr_engine_free(e);
    gr_game_release(&g);
    gr_losing_free(l);
}

Test(losing, refuses_other_outcome_rules)
{
    gr_outcome o = {&gr_outcome_misere, 0};
    gr_limits lim;
    gr_limits_default(&lim);
    gr_error err;
    gr_error_clear(&err);
    gr_losing *l;
    cr_assert_eq(gr_losing_open(&l, "nim", &o, 3, 5, &lim, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "losing needs --block K or --block-position K");
    cr_assert_null(l);
}

Test(outcome_table, one_engine_call_per_position)
{
    gr_game g;
    parse_game(&g, "sharing");
    gr_outcome o = {&gr_outcome_misere, 0};
    gr_limits lim;
    gr_limits_default(&lim);
    gr_error err;
    gr_error_clear(&err);
    uint32_t *score;
    cr_assert_eq(gr_engine_outcome_table(&g, &o, &lim, 9, &score, &err), 0, "%s", err.msg);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    for (uint64_t b = 0; b <= 9; b++)
        for (uint64_t a = 0; a <= b; a++) {
            gr_bigpos p;
            big3(&p, 0, a, b);
            gr_answer ans;
            gr_answer_init(&ans);
            cr_assert_eq(gr_engine_value(e, &p, &ans, &err), 0, "%s", err.msg);
            cr_assert_str_eq(gr_outcome_label(&o, score[b * (b + 1) / 2 + a]), ans.outcome);
            gr_answer_clear(&ans);
            gr_bigpos_clear(&p);
        }
    /* (0,0,0): no move, the mover wins under misere play */
    cr_assert_str_eq(gr_outcome_label(&o, score[0]), "N");
    free(score);
    gr_engine_free(e);
    gr_game_release(&g);
}

Test(s3count, counts_agree_with_the_whole_table)
{
    enum { N = 120 };
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_fast(&t, N, &err), 0, "%s", err.msg);
    uint64_t all[N + 1], pos[N + 1];
    unsigned char f[N + 1];
    cr_assert_eq(gr_s3count_p(N, NULL, all, pos, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_s3count_f(N, NULL, f, &err), 0, "%s", err.msg);
    for (uint32_t m = 0; m <= N; m++) {
        /* multisets x <= y <= z with x + y + z = m, valued as (0, y-x, z-x) */
        uint64_t want_all = 0, want_pos = 0;
        for (uint32_t x = 0; 3 * x <= m; x++)
            for (uint32_t y = x; x + 2 * y <= m; y++) {
                uint32_t z = m - x - y;
                if (gr_s3table_get(&t, y - x, z - x) == 0) want_all++, want_pos += x > 0;
            }
        cr_assert_eq(all[m], want_all, "n = %u", m);
        cr_assert_eq(pos[m], want_pos, "n = %u", m);
        cr_assert_eq(f[m], gr_s3table_get(&t, 0, m) != 0, "n = %u", m);
    }
    cr_assert_eq(all[9], 4); /* as `grundy count sharing-p` prints */
    gr_s3table_free(&t);
}

/* The engine answers four-pile Sharing Nim by the tier solver where it is
 * estimated far cheaper than search, keeps the table, and values the
 * options from it (growing it when an option's canonical total is past
 * it): every value equals search's, for the position and each option. */
typedef struct tier_check {
    gr_solver *search;
    int options;
} tier_check;

static int check_option(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)winning;
    tier_check *tc = ctx;
    gr_pos p;
    cr_assert(gr_bigpos_to_pos(mv->result, &p));
    uint32_t want;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_solver_score(tc->search, &p, &want, &err), 0, "%s", err.msg);
    cr_assert_eq(res->score, want, "option %llu %llu %llu %llu: %u by the engine (%s), %u by search",
                 (unsigned long long)p.p[0], (unsigned long long)p.p[1], (unsigned long long)p.p[2],
                 (unsigned long long)p.p[3], res->score, res->method, want);
    tc->options++;
    return 0;
}

Test(engine_method, four_piles_by_tiers_equal_search)
{
    gr_game g;
    parse_game(&g, "sharing:piles=4");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 600;
    gr_engine *e = gr_engine_new(&g, &o, &lim, NULL);
    cr_assert_not_null(e);
    tier_check tc = {.search = gr_solver_new(&g, &o, &lim)};
    const uint64_t positions[][4] = {{0, 40, 81, 120}, {3, 30, 60, 95}, {0, 0, 70, 141}};
    for (size_t k = 0; k < sizeof positions / sizeof *positions; k++) {
        gr_pos p = {.n = 4};
        memcpy(p.p, positions[k], sizeof positions[k]);
        gr_bigpos b;
        gr_bigpos_init(&b);
        cr_assert_eq(gr_bigpos_from_pos(&b, &p), GR_OK);
        gr_answer a;
        gr_answer_init(&a);
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_engine_value(e, &b, &a, &err), 0, "%s", err.msg);
        cr_assert_eq(a.how, GR_METHOD_TIERS, "position %zu answered by %s", k, a.method);
        uint32_t want;
        cr_assert_eq(gr_solver_score(tc.search, &p, &want, &err), 0, "%s", err.msg);
        cr_assert_eq(a.score, want);
        gr_moves_summary sum;
        gr_moves_summary_init(&sum);
        cr_assert_eq(gr_engine_moves(e, &b, check_option, &tc, &sum, &err), 0, "%s", err.msg);
        cr_assert(sum.all_listed);
        gr_moves_summary_clear(&sum);
        gr_answer_clear(&a);
        gr_bigpos_clear(&b);
    }
    cr_assert_gt(tc.options, 300);
    gr_solver_free(tc.search);
    gr_engine_free(e);
    gr_game_release(&g);
}
