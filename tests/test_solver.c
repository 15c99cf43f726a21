/* The generic solver: misere play, kim against an independent brute force,
 * loop detection, and up-front refusal of searches that are too big. */
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/solve.h"

static gr_game parse(const char *spec)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s: %s", spec, err.msg);
    return g;
}

/* Kim's Sharing Nim R1 on three piles < 8, brute force over raw triples. */
static int kmemo[24][24][24];

static int kim_brute(int x, int y, int z, int strict)
{
    int *m = &kmemo[x][y][z];
    if (*m >= 0) return *m;
    int p[3] = {x, y, z};
    bool seen[128] = {0};
    for (int s = 0; s < 3; s++) {
        for (int k = 1; k <= p[s]; k++) {
            int q[3] = {p[0], p[1], p[2]};
            q[s] -= k;
            seen[kim_brute(q[0], q[1], q[2], strict)] = true;
        }
        for (int d = 0; d < 3; d++) {
            if (d == s || (strict ? p[s] >= p[d] : p[s] > p[d])) continue;
            for (int k = 1; k <= p[s]; k++) {
                int q[3] = {p[0], p[1], p[2]};
                q[s] -= k;
                q[d] += k;
                seen[kim_brute(q[0], q[1], q[2], strict)] = true;
            }
        }
    }
    int g = 0;
    while (seen[g]) g++;
    return *m = g;
}

static void check_kim(const char *spec, int strict)
{
    memset(kmemo, -1, sizeof kmemo);
    gr_game g = parse(spec);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++)
            for (int z = 0; z < 8; z++) {
                gr_pos p = {.n = 3, .p = {(uint64_t)x, (uint64_t)y, (uint64_t)z}};
                uint32_t v;
                cr_assert_eq(gr_solver_score(s, &p, &v, &err), 0, "%s", err.msg);
                cr_assert_eq((int)v, kim_brute(x, y, z, strict), "%s (%d,%d,%d)", spec, x, y, z);
            }
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(kim, r1_matches_brute_force) { check_kim("kim", 0); }
Test(kim, r2_matches_brute_force) { check_kim("kim:reading=R2", 1); }

Test(misere, sharing_terminal_is_n)
{
    gr_game g = parse("sharing");
    gr_outcome o;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_outcome_parse(&o, "misere", 0, &err), 0);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    uint32_t v;
    gr_pos terminal = {.n = 3, .p = {4, 4, 5}};
    cr_assert_eq(gr_solver_score(s, &terminal, &v, &err), 0);
    cr_assert_eq(v, 1, "no move: under misere the mover wins");
    /* (0,0,2) has one kind of move, to (1,0,1) ~ terminal: the mover loses */
    gr_pos one = {.n = 3, .p = {0, 0, 2}};
    cr_assert_eq(gr_solver_score(s, &one, &v, &err), 0);
    cr_assert_eq(v, 0);
    gr_solver_free(s);
    gr_game_release(&g);
}

Test(solver, refuses_big_search_up_front)
{
    gr_game g = parse("sharing:piles=4");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_limits lim;
    gr_limits_default(&lim);
    gr_error err;
    gr_error_clear(&err);
    gr_pos p = {.n = 4, .p = {0, 1000000, 2000000, 3000000}};
    cr_assert_eq(gr_solver_admit(&g, &o, &p, &lim, &err), GR_ELIMIT);
    cr_assert(strstr(err.msg, "refused") != NULL, "%s", err.msg);
    gr_pos small = {.n = 4, .p = {0, 3, 5, 9}};
    gr_error_clear(&err);
    cr_assert_eq(gr_solver_admit(&g, &o, &small, &lim, &err), GR_OK);
    gr_game_release(&g);
}

Test(solver, four_pile_sharing_value_matches_translation)
{
    gr_game g = parse("sharing:piles=4");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    uint32_t a, b;
    gr_pos p = {.n = 4, .p = {0, 3, 5, 9}}, q = {.n = 4, .p = {19, 15, 13, 10}};
    cr_assert_eq(gr_solver_score(s, &p, &a, &err), 0);
    cr_assert_eq(gr_solver_score(s, &q, &b, &err), 0);
    cr_assert_eq(a, b);
    gr_solver_free(s);
    gr_game_release(&g);
}
