/* Blocking play (seed 003): the counting recursion against a game tree with
 * the blocker as a player, the bottom-up Nim table against the generic
 * solver, and Theorem 1 against the table on every position up to 200. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/block.h"
#include "grundy/engine.h"
#include "grundy/solve.h"

/* ---- the game with the blocker as a player ----
 * The blocker picks a set of exactly k units to forbid (moves, or distinct
 * resulting positions), all of them when there are at most k; then the mover
 * picks an allowed move or, with none, loses. No counting shortcut: every
 * ban is tried. */
#define BF_MAX 4096
#define BF_MOVES 64

typedef struct bf {
    const gr_game *g;
    int k;
    bool by_position;
    gr_pos key[BF_MAX];
    bool win[BF_MAX];
    int n;
} bf;

typedef struct bf_moves {
    gr_pos res[BF_MOVES];
    int n;
} bf_moves;

static int bf_collect(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    bf_moves *m = ctx;
    cr_assert_lt(m->n, BF_MOVES);
    m->res[m->n] = *result;
    m->n++;
    return 0;
}

static bool bf_wins(bf *b, const gr_pos *pos);

/* Does the mover win against the ban `ban` (unit indices) of size k? */
static bool bf_wins_under(bf *b, const bf_moves *m, const int *unit, const int *ban, int k)
{
    for (int i = 0; i < m->n; i++) {
        bool banned = false;
        for (int j = 0; j < k; j++) banned |= unit[i] == ban[j];
        if (!banned && !bf_wins(b, &m->res[i])) return true;
    }
    return false;
}

/* Tries every k-subset of units [0, nunits); true when the mover wins them all. */
static bool bf_all_bans(bf *b, const bf_moves *m, const int *unit, int nunits, int *ban, int depth, int from)
{
    if (depth == b->k) return bf_wins_under(b, m, unit, ban, b->k);
    for (int u = from; u < nunits; u++) {
        ban[depth] = u;
        if (!bf_all_bans(b, m, unit, nunits, ban, depth + 1, u + 1)) return false;
    }
    return true;
}

static bool bf_wins(bf *b, const gr_pos *pos)
{
    gr_pos c = *pos;
    gr_game_canonical(b->g, &c);
    for (int i = 0; i < b->n; i++)
        if (gr_pos_equal(&b->key[i], &c)) return b->win[i];
    bf_moves m = {.n = 0};
    gr_game_moves(b->g, &c, bf_collect, &m);
    int unit[BF_MOVES], nunits = 0;
    for (int i = 0; i < m.n; i++) {
        gr_game_canonical(b->g, &m.res[i]);
        unit[i] = nunits;
        if (b->by_position)
            for (int j = 0; j < i; j++)
                if (gr_pos_equal(&m.res[j], &m.res[i])) unit[i] = unit[j];
        if (unit[i] == nunits) nunits++;
    }
    int ban[BF_MOVES];
    bool w = nunits > b->k && bf_all_bans(b, &m, unit, nunits, ban, 0, 0);
    cr_assert_lt(b->n, BF_MAX);
    b->key[b->n] = c;
    b->win[b->n] = w;
    b->n++;
    return w;
}

static void compare_with_solver(const char *rules, int piles, uint64_t max, int k, bool by_position)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, rules, &err), 0, "%s", err.msg);
    gr_outcome o;
    cr_assert_eq(gr_outcome_parse(&o, by_position ? "block-position" : "block", k, &err), 0);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    bf *b = calloc(1, sizeof *b);
    b->g = &g;
    b->k = k;
    b->by_position = by_position;
    gr_pos pos = {.n = piles};
    uint64_t total = 1;
    for (int i = 0; i < piles; i++) total *= max + 1;
    long ps = 0;
    for (uint64_t code = 0; code < total; code++) {
        uint64_t c = code;
        for (int i = 0; i < piles; i++, c /= max + 1) pos.p[i] = c % (max + 1);
        uint32_t score;
        cr_assert_eq(gr_solver_score(s, &pos, &score, &err), 0, "%s", err.msg);
        bool win = bf_wins(b, &pos);
        char buf[64];
        gr_pos_format(&pos, buf, sizeof buf);
        cr_assert_eq(score != 0, win, "%s %s=%d at (%s): solver %u, game tree %d", rules,
                     by_position ? "block-position" : "block", k, buf, score, win);
        ps += score == 0;
    }
    /* the comparison must not be vacuous */
    cr_assert_gt(ps, 0);
    cr_assert_lt(ps, (long)total);
    free(b);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(block_rule, nim_matches_game_tree)
{
    for (int k = 1; k <= 3; k++) {
        compare_with_solver("nim", 3, 4, k, false);
        compare_with_solver("nim", 3, 4, k, true);
    }
    compare_with_solver("nim", 4, 3, 1, false);
    compare_with_solver("nim", 4, 3, 2, true);
    compare_with_solver("nim", 2, 7, 2, false);
}

Test(block_rule, other_rulesets_match_game_tree)
{
    compare_with_solver("sharing", 3, 4, 1, false);
    compare_with_solver("sharing", 3, 4, 1, true);
    compare_with_solver("sharing", 3, 4, 2, false);
    compare_with_solver("kim", 3, 3, 1, false);
    compare_with_solver("kim", 3, 3, 1, true);
}

/* Known small values, worked by hand from the rule. */
Test(block_rule, hand_values)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "nim", &err), 0);
    gr_outcome o;
    gr_outcome_parse(&o, "block", 1, &err);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    struct {
        gr_pos pos;
        uint32_t score;
    } cases[] = {
        {{3, {0, 0, 1}}, 0},   /* the only move is forbidden */
        {{3, {0, 0, 2}}, 1},   /* two moves to P: one survives the ban */
        {{3, {1, 1, 1}}, 0},
        {{3, {1, 1, 2}}, 1},   /* two moves 1 -> 0 both reach (0,1,2)... */
        {{3, {1, 1, 3}}, 0},   /* 1+1+1 = 3 */
        {{3, {1, 2, 4}}, 0},
        {{1, {5}}, 1},
        {{1, {1}}, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t sc;
        cr_assert_eq(gr_solver_score(s, &cases[i].pos, &sc, &err), 0);
        cr_assert_eq(sc != 0, cases[i].score != 0, "case %zu", i);
    }
    gr_solver_free(s);
    /* block-position: (1,1,2) reaches (0,1,2) twice, one position; (0,1,2) is
     * the only P-option... */
    gr_game_release(&g);
}

/* ---- the bottom-up table against the generic solver ---- */
static void table_vs_solver(int d, uint32_t n, int k, bool by_position)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_game_parse(&g, "nim", &err);
    gr_outcome o;
    gr_outcome_parse(&o, by_position ? "block-position" : "block", k, &err);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_nbtable t;
    cr_assert_eq(gr_nbtable_build(&t, d, n, k, by_position, 1e9, &err), 0, "%s", err.msg);
    uint32_t x[GR_NBTABLE_MAX_D] = {0};
    long seen = 0;
    for (;;) {
        gr_pos pos = {.n = d};
        for (int i = 0; i < d; i++) pos.p[i] = x[i];
        uint32_t sc;
        cr_assert_eq(gr_solver_score(s, &pos, &sc, &err), 0, "%s", err.msg);
        cr_assert_eq(gr_nbtable_is_p(&t, x), sc == 0, "d=%d k=%d pos=%u,%u,%u,%u", d, k, x[0], x[1], x[2], x[3]);
        seen++;
        int i = 0;
        while (i < d && x[i] == (i + 1 < d ? x[i + 1] : n)) i++;
        if (i == d) break;
        x[i]++;
        for (int j = 0; j < i; j++) x[j] = 0;
    }
    cr_assert_eq((uint64_t)seen, t.size);
    gr_nbtable_free(&t);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(nbtable, matches_solver)
{
    for (int k = 1; k <= 3; k++) {
        table_vs_solver(1, 10, k, false);
        table_vs_solver(2, 30, k, false);
        table_vs_solver(2, 30, k, true);
        table_vs_solver(3, 16, k, false);
        table_vs_solver(3, 16, k, true);
    }
    table_vs_solver(4, 7, 1, false);
    table_vs_solver(4, 7, 1, true);
    table_vs_solver(5, 4, 1, false);
    table_vs_solver(4, 6, 2, false);
}

/* ---- Theorem 1 against the table ---- */
typedef struct move_check {
    const gr_nbtable *t;
    uint32_t from[3];
    int count;
} move_check;

static int check_move(void *ctx, const gr_bigmove *mv)
{
    move_check *c = ctx;
    uint32_t r[3];
    for (int i = 0; i < 3; i++) r[i] = i < mv->result->n ? (uint32_t)mpz_get_ui(mv->result->p[i]) : 0;
    cr_assert(gr_nbtable_is_p(c->t, r), "listed move from (%u,%u,%u) to (%u,%u,%u) is not to P", c->from[0],
              c->from[1], c->from[2], r[0], r[1], r[2]);
    cr_assert_eq(mpz_get_ui(mv->amount) + r[mv->src], c->from[mv->src]);
    c->count++;
    return 0;
}

static uint32_t theorem_bound(void)
{
    /* the sanitizer build may ask for a smaller bound; the plain run covers 200 */
    const char *e = getenv("GR_TEST_BLOCK3_MAX");
    long v = e ? strtol(e, NULL, 10) : 200;
    return v > 0 && v <= 2000 ? (uint32_t)v : 200;
}

Test(theorem1, matches_search_up_to_bound)
{
    uint32_t n = theorem_bound();
    gr_nbtable t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_nbtable_build(&t, 3, n, 1, false, 4e9, &err), 0, "%s", err.msg);
    mpz_t a, b, c;
    mpz_inits(a, b, c, NULL);
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    for (int i = 0; i < 3; i++) cr_assert_eq(gr_bigpos_push(&pos, a), GR_OK);
    long ps = 0;
    /* every order of the piles is checked for a few sizes; sorted for all */
    for (uint32_t z = 0; z <= n; z++)
        for (uint32_t y = 0; y <= z; y++)
            for (uint32_t x = 0; x <= y; x++) {
                uint32_t xs[3] = {x, y, z};
                bool p = gr_nbtable_is_p(&t, xs);
                mpz_set_ui(a, x), mpz_set_ui(b, y), mpz_set_ui(c, z);
                cr_assert_eq(gr_block3_is_p(a, b, c), p, "(%u,%u,%u)", x, y, z);
                ps += p;
                int perm = (z <= 12) ? 6 : 1;
                static const int order[6][3] = {{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}};
                for (int q = 0; q < perm; q++) {
                    for (int i = 0; i < 3; i++) mpz_set_ui(pos.p[i], xs[order[q][i]]);
                    move_check mc = {.t = &t, .from = {xs[order[q][0]], xs[order[q][1]], xs[order[q][2]]}};
                    cr_assert_eq(gr_block3_p_moves(&pos, check_move, &mc, NULL), GR_OK);
                    /* every move to a P-position is listed, with multiplicity */
                    cr_assert_eq((uint32_t)mc.count, gr_nbtable_p_options(&t, xs), "(%u,%u,%u)", x, y, z);
                    /* the paper's (b) and (c) */
                    if (p) cr_assert_leq(mc.count, 1);
                    else cr_assert_geq(mc.count, 2);
                }
            }
    cr_assert_gt(ps, (long)n);
    gr_bigpos_clear(&pos);
    mpz_clears(a, b, c, NULL);
    gr_nbtable_free(&t);
}

Test(theorem1, engine_answers_huge_positions)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_game_parse(&g, "nim", &err);
    gr_outcome o;
    gr_outcome_parse(&o, "block", 1, &err);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    /* (10^40, 10^40 + 7, 2*10^40 + 8) is P: a + b + 1 = c */
    cr_assert_eq(gr_bigpos_parse(&pos, "10000000000000000000000000000000000000000 "
                                       "10000000000000000000000000000000000000007 "
                                       "20000000000000000000000000000000000000008",
                                 &err), 0);
    gr_answer ans;
    gr_answer_init(&ans);
    cr_assert_eq(gr_engine_value(e, &pos, &ans, &err), 0, "%s", err.msg);
    cr_assert_str_eq(ans.outcome, "P");
    cr_assert(!ans.by_search);
    mpz_add_ui(pos.p[2], pos.p[2], 1);
    cr_assert_eq(gr_engine_value(e, &pos, &ans, &err), 0);
    cr_assert_str_eq(ans.outcome, "N");
    gr_answer_clear(&ans);
    gr_bigpos_clear(&pos);
    gr_engine_free(e);
    gr_game_release(&g);
}
