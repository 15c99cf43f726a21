/* Three-pile Sharing Nim: Table 1 of seed 000 exactly, the simple table
 * against the generic solver, and Theorem P's closed form (P/N and every
 * winning move) against search on every position with b <= 300. */
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/sharing3.h"
#include "grundy/solve.h"
#include "grundy/theory.h"

/* G(0,a,b), row b holds a = 0..b: computed by an independent Python brute
 * force from the rules (not by this library), and checked against every
 * statement the paper makes about Table 1. */
static const uint32_t table1[17][17] = {
    {0},
    {0, 0},
    {1, 1, 1},
    {0, 2, 2, 0},
    {0, 3, 2, 3, 0},
    {0, 3, 1, 1, 3, 0},
    {1, 4, 2, 4, 2, 4, 1},
    {0, 4, 2, 3, 3, 2, 4, 0},
    {3, 5, 5, 5, 3, 5, 5, 5, 3},
    {0, 6, 1, 4, 6, 6, 4, 1, 6, 0},
    {1, 6, 6, 3, 4, 6, 4, 3, 6, 6, 1},
    {0, 7, 2, 7, 7, 5, 5, 7, 7, 2, 7, 0},
    {0, 7, 8, 8, 6, 8, 5, 8, 6, 8, 8, 7, 0},
    {0, 2, 1, 8, 9, 9, 4, 4, 9, 9, 8, 1, 2, 0},
    {1, 9, 9, 7, 4, 9, 7, 10, 7, 9, 4, 7, 9, 9, 1},
    {0, 10, 10, 8, 5, 5, 5, 10, 10, 5, 5, 5, 8, 10, 10, 0},
    {0, 11, 10, 11, 9, 11, 11, 6, 7, 6, 11, 11, 9, 11, 10, 11, 0},
};

Test(sharing_table, reproduces_table_1)
{
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_simple(&t, 16, &err), 0);
    for (uint32_t b = 0; b <= 16; b++)
        for (uint32_t a = 0; a <= b; a++)
            cr_assert_eq(gr_s3table_get(&t, a, b), table1[b][a], "G(0,%u,%u)", a, b);
    /* the paper's own example: column 5 is (0,3,1,1,3,0) */
    cr_assert_eq(gr_s3table_get(&t, 1, 5), 3);
    cr_assert_eq(gr_s3table_get(&t, 2, 5), 1);
    gr_s3table_free(&t);
}

static gr_game sharing(const char *spec)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    return g;
}

Test(sharing_table, simple_table_equals_generic_solver)
{
    gr_game g = sharing("sharing");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_simple(&t, 60, &err), 0);
    for (uint32_t b = 0; b <= 60; b++)
        for (uint32_t a = 0; a <= b; a++) {
            /* a translated, shuffled copy: the solver must canonicalise it */
            gr_pos p = {.n = 3, .p = {b + 7, 7, a + 7}};
            uint32_t v;
            cr_assert_eq(gr_solver_score(s, &p, &v, &err), 0, "%s", err.msg);
            cr_assert_eq(v, gr_s3table_get(&t, a, b), "G(0,%u,%u)", a, b);
        }
    gr_s3table_free(&t);
    gr_solver_free(s);
    gr_game_release(&g);
}

/* Moves of the closed form, as (src, dst, amount) triples. */
typedef struct triples {
    int n;
    int src[32], dst[32];
    uint64_t k[32];
} triples;

static int collect_cf(void *ctx, const gr_bigmove *mv)
{
    triples *t = ctx;
    cr_assert_lt(t->n, 32);
    t->src[t->n] = mv->src;
    t->dst[t->n] = mv->dst;
    t->k[t->n] = mpz_get_ui(mv->amount);
    t->n++;
    return 0;
}

typedef struct search_ctx {
    const gr_s3table *t;
    triples *w;
} search_ctx;

static int collect_search(void *ctx, const gr_move *mv, const gr_pos *r)
{
    search_ctx *c = ctx;
    if (gr_s3table_value(c->t, r->p[0], r->p[1], r->p[2]) == 0) {
        cr_assert_lt(c->w->n, 32);
        c->w->src[c->w->n] = mv->src;
        c->w->dst[c->w->n] = mv->dst;
        c->w->k[c->w->n] = mv->amount;
        c->w->n++;
    }
    return 0;
}

static bool same_set(const triples *a, const triples *b)
{
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++) {
        bool found = false;
        for (int j = 0; j < b->n && !found; j++)
            found = a->src[i] == b->src[j] && a->dst[i] == b->dst[j] && a->k[i] == b->k[j];
        if (!found) return false;
    }
    return true;
}

Test(sharing_closed_form, agrees_with_search_up_to_300, .timeout = 300)
{
    const uint32_t N = 300;
    gr_game g = sharing("sharing");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    const gr_closed_form *cf = gr_closed_form_find(&g, &o, 3);
    cr_assert_not_null(cf);
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_simple(&t, N, &err), 0);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_verdict v;
    gr_verdict_init(&v);
    long checked = 0;
    for (uint32_t b = 0; b <= N; b++)
        for (uint32_t a = 0; a <= b; a++) {
            /* two orders and a translation: the closed form takes piles as given */
            gr_pos orders[2] = {{.n = 3, .p = {0, a, b}}, {.n = 3, .p = {b + 3, a + 3, 3}}};
            for (int o2 = 0; o2 < 2; o2++) {
                gr_pos *p = &orders[o2];
                cr_assert_eq(gr_bigpos_from_pos(&bp, p), GR_OK);
                cr_assert_eq(cf->decide(&g, &o, &bp, &v, &err), 0);
                cr_assert_eq(v.p, gr_s3table_get(&t, a, b) == 0, "P/N of (0,%u,%u)", a, b);
                triples fromcf = {0}, fromsearch = {0};
                cr_assert_eq(cf->winning_moves(&g, &o, &bp, collect_cf, &fromcf, &err), 0);
                search_ctx sc = {&t, &fromsearch};
                gr_game_moves(&g, p, collect_search, &sc);
                cr_assert(same_set(&fromcf, &fromsearch), "winning moves of (%lu,%lu,%lu): closed form %d, search %d",
                          (unsigned long)p->p[0], (unsigned long)p->p[1], (unsigned long)p->p[2], fromcf.n,
                          fromsearch.n);
                mpz_t count;
                mpz_init(count);
                cf->count_moves(&g, &bp, count);
                long total = 0;
                for (int s = 0; s < 3; s++)
                    for (int d = 0; d < 3; d++)
                        if (p->p[s] > p->p[d]) total += (long)((p->p[s] - p->p[d]) / 2);
                cr_assert_eq(mpz_get_ui(count), (unsigned long)total);
                mpz_clear(count);
                checked++;
            }
        }
    cr_assert_eq(checked, 2 * (N + 1) * (N + 2) / 2);
    gr_verdict_clear(&v);
    gr_bigpos_clear(&bp);
    gr_s3table_free(&t);
    gr_game_release(&g);
}

Test(sharing_closed_form, huge_positions)
{
    /* (x, x, x + 3*4^40) is P: gap of even 2-adic valuation; with gap 6*4^40 it is N */
    mpz_t x, y, z;
    mpz_inits(x, y, z, NULL);
    mpz_ui_pow_ui(x, 10, 5000);
    mpz_set(y, x);
    mpz_ui_pow_ui(z, 4, 40);
    mpz_mul_ui(z, z, 3);
    mpz_add(z, z, x);
    cr_assert(gr_sharing3_is_p(x, y, z));
    cr_assert(gr_sharing3_is_p(z, x, y));
    mpz_ui_pow_ui(z, 4, 40);
    mpz_mul_ui(z, z, 6);
    mpz_add(z, z, x);
    cr_assert(!gr_sharing3_is_p(x, y, z));
    mpz_clears(x, y, z, NULL);
}

Test(sharing_graph, complete_graph_equals_plain_sharing)
{
    gr_game plain = sharing("sharing"), k3 = sharing("sharing:graph=0-1/1-2/0-2");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *a = gr_solver_new(&plain, &o, NULL), *b = gr_solver_new(&k3, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    for (uint64_t x = 0; x <= 12; x++)
        for (uint64_t y = 0; y <= 12; y++)
            for (uint64_t z = 0; z <= 12; z++) {
                gr_pos p = {.n = 3, .p = {x, y, z}};
                uint32_t va, vb;
                cr_assert_eq(gr_solver_score(a, &p, &va, &err), 0);
                cr_assert_eq(gr_solver_score(b, &p, &vb, &err), 0);
                cr_assert_eq(va, vb, "(%lu,%lu,%lu)", (unsigned long)x, (unsigned long)y, (unsigned long)z);
            }
    gr_solver_free(a);
    gr_solver_free(b);
    gr_game_release(&plain);
    gr_game_release(&k3);
}

/* Independent brute force for a directed graph, with no canonical form. */
static int edges[3][3];
static int memo[16][16][16];

static int brute(int x, int y, int z)
{
    int *m = &memo[x][y][z];
    if (*m >= 0) return *m;
    int p[3] = {x, y, z};
    bool seen[64] = {0};
    for (int s = 0; s < 3; s++)
        for (int d = 0; d < 3; d++)
            if (edges[s][d])
                for (int k = 1; p[s] - k >= p[d] + k; k++) {
                    int q[3] = {p[0], p[1], p[2]};
                    q[s] -= k;
                    q[d] += k;
                    seen[brute(q[0], q[1], q[2])] = true;
                }
    int g = 0;
    while (seen[g]) g++;
    return *m = g;
}

Test(sharing_graph, directed_triangle_matches_brute_force)
{
    memset(edges, 0, sizeof edges);
    edges[0][1] = edges[1][2] = edges[2][0] = 1;
    memset(memo, -1, sizeof memo);
    gr_game g = sharing("sharing:graph=0>1/1>2/2>0");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    for (int x = 0; x < 16; x++)
        for (int y = 0; x + y < 16; y++)
            for (int z = 0; x + y + z < 16; z++) {
                gr_pos p = {.n = 3, .p = {(uint64_t)x, (uint64_t)y, (uint64_t)z}};
                uint32_t v;
                cr_assert_eq(gr_solver_score(s, &p, &v, &err), 0);
                cr_assert_eq((int)v, brute(x, y, z), "(%d,%d,%d)", x, y, z);
            }
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(sharing_engine, value_and_moves_of_3_5_9)
{
    gr_game g = sharing("sharing");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos p;
    gr_bigpos_init(&p);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_bigpos_parse(&p, "3 5 9", &err), 0);
    gr_answer ans;
    gr_answer_init(&ans);
    cr_assert_eq(gr_engine_value(e, &p, &ans, &err), 0);
    cr_assert_str_eq(ans.outcome, "N");
    cr_assert(ans.has_value);
    cr_assert_eq(mpz_get_ui(ans.value), table1[6][2]); /* (3,5,9) ~ (0,2,6) */
    gr_answer_clear(&ans);
    gr_bigpos_clear(&p);
    gr_engine_free(e);
    gr_game_release(&g);
}
