/* Retrograde analysis (src/solve/retro.c) against an independent brute force
 * (its own move generator for kim on ordered piles, and a fixed-point
 * iteration instead of a queue), and against the memoised search on games
 * that cannot loop. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/engine.h"
#include "grundy/retro.h"
#include "grundy/solve.h"

/* ---- brute force: ordered tuples of n piles, total <= T ---- */

#define BF_MAXN 3

typedef struct bf {
    int n, reading, T;
    int misere;
    size_t size;               /* (T+1)^n cells, indexed in base T+1 */
    signed char *res;          /* -1 unknown, else enum gr_retro_result */
} bf;

static size_t bf_index(const bf *b, const int *p)
{
    size_t idx = 0;
    for (int i = 0; i < b->n; i++) idx = idx * (size_t)(b->T + 1) + (size_t)p[i];
    return idx;
}

static bool bf_transfer_ok(int reading, int ps, int pd, int k)
{
    switch (reading) {
    case 1: return ps <= pd;
    case 2: return ps < pd;
    case 3: return ps - k <= pd + k;
    default: return ps - k < pd + k;
    }
}

/* Calls back with every option of p; returns how many there are. */
static int bf_options(const bf *b, const int *p, size_t *out)
{
    int q[BF_MAXN], cnt = 0;
    for (int s = 0; s < b->n; s++) {
        for (int k = 1; k <= p[s]; k++) {
            memcpy(q, p, sizeof q);
            q[s] -= k;
            out[cnt++] = bf_index(b, q);
        }
        for (int d = 0; d < b->n; d++) {
            if (d == s) continue;
            for (int k = 1; k <= p[s]; k++) {
                if (!bf_transfer_ok(b->reading, p[s], p[d], k)) continue;
                memcpy(q, p, sizeof q);
                q[s] -= k;
                q[d] += k;
                out[cnt++] = bf_index(b, q);
            }
        }
    }
    return cnt;
}

static void bf_decode(const bf *b, size_t idx, int *p)
{
    for (int i = b->n - 1; i >= 0; i--) {
        p[i] = (int)(idx % (size_t)(b->T + 1));
        idx /= (size_t)(b->T + 1);
    }
}

static int bf_total(const bf *b, const int *p)
{
    int t = 0;
    for (int i = 0; i < b->n; i++) t += p[i];
    return t;
}

static void bf_solve(bf *b)
{
    b->size = 1;
    for (int i = 0; i < b->n; i++) b->size *= (size_t)(b->T + 1);
    b->res = malloc(b->size);
    memset(b->res, -1, b->size);
    size_t opts[4096];
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t idx = 0; idx < b->size; idx++) {
            int p[BF_MAXN];
            bf_decode(b, idx, p);
            if (bf_total(b, p) > b->T || b->res[idx] >= 0) continue;
            int cnt = bf_options(b, p, opts);
            if (cnt == 0) {
                b->res[idx] = b->misere ? GR_RETRO_WIN : GR_RETRO_LOSS;
                changed = true;
                continue;
            }
            bool any_loss = false, all_win = true;
            for (int i = 0; i < cnt; i++) {
                if (b->res[opts[i]] == GR_RETRO_LOSS) any_loss = true;
                if (b->res[opts[i]] != GR_RETRO_WIN) all_win = false;
            }
            if (any_loss) b->res[idx] = GR_RETRO_WIN, changed = true;
            else if (all_win) b->res[idx] = GR_RETRO_LOSS, changed = true;
        }
    }
    for (size_t idx = 0; idx < b->size; idx++)
        if (b->res[idx] < 0) b->res[idx] = GR_RETRO_DRAW;
}

/* Compares every position of total <= T with the retrograde solver;
 * returns the number of draws seen. */
static int compare_kim(int n, int reading, int T, bool misere)
{
    bf b = {.n = n, .reading = reading, .T = T, .misere = misere};
    bf_solve(&b);
    char spec[64];
    snprintf(spec, sizeof spec, "kim:reading=R%d", reading);
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    if (misere) cr_assert_eq(gr_outcome_parse(&o, "misere", 0, &err), 0);
    gr_retro *r = gr_retro_new(&g, &o, NULL);
    int draws = 0;
    for (size_t idx = 0; idx < b.size; idx++) {
        int p[BF_MAXN];
        bf_decode(&b, idx, p);
        if (bf_total(&b, p) > T) continue;
        gr_pos pos = {.n = n};
        for (int i = 0; i < n; i++) pos.p[i] = (uint64_t)p[i];
        int res;
        cr_assert_eq(gr_retro_solve(r, &pos, &res, &err), 0, "%s", err.msg);
        char text[64];
        gr_pos_format(&pos, text, sizeof text);
        cr_assert_eq(res, b.res[idx], "%s%s (%s): retro %s, brute force %s", spec, misere ? " misere" : "", text,
                     gr_retro_label(res), gr_retro_label(b.res[idx]));
        draws += res == GR_RETRO_DRAW;
    }
    gr_retro_free(r);
    gr_game_release(&g);
    free(b.res);
    return draws;
}

Test(retro, kim_all_readings_two_piles)
{
    for (int reading = 1; reading <= 4; reading++)
        for (int m = 0; m < 2; m++) compare_kim(2, reading, 14, m);
}

Test(retro, kim_all_readings_three_piles)
{
    int draws[5] = {0};
    for (int reading = 1; reading <= 4; reading++) draws[reading] = compare_kim(3, reading, 9, false);
    compare_kim(3, 3, 7, true);
    compare_kim(3, 4, 7, true);
    /* R1 and R2 cannot loop; R3 and R4 do have draws. */
    cr_assert_eq(draws[1], 0);
    cr_assert_eq(draws[2], 0);
    cr_assert_gt(draws[3], 0);
    cr_assert_gt(draws[4], 0);
}

/* On games that cannot loop, retrograde analysis and memoised search agree. */
static void compare_search(const char *spec, bool misere, int n, int T)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    if (misere) gr_outcome_parse(&o, "misere", 0, &err);
    gr_retro *r = gr_retro_new(&g, &o, NULL);
    gr_solver *s = gr_solver_new(&g, &o, NULL);
    int p[4] = {0};
    for (;;) {
        int t = 0;
        for (int i = 0; i < n; i++) t += p[i];
        if (t <= T) {
            gr_pos pos = {.n = n};
            for (int i = 0; i < n; i++) pos.p[i] = (uint64_t)p[i];
            int res;
            uint32_t score;
            cr_assert_eq(gr_retro_solve(r, &pos, &res, &err), 0, "%s", err.msg);
            cr_assert_eq(gr_solver_score(s, &pos, &score, &err), 0, "%s", err.msg);
            cr_assert_neq(res, GR_RETRO_DRAW);
            cr_assert_eq(res == GR_RETRO_LOSS, score == 0, "%s %d %d %d", spec, p[0], p[1], p[2]);
        }
        int i = 0;
        while (i < n && ++p[i] > T) p[i++] = 0;
        if (i == n) break;
    }
    gr_solver_free(s);
    gr_retro_free(r);
    gr_game_release(&g);
}

Test(retro, agrees_with_search_when_acyclic)
{
    compare_search("kim", false, 3, 10);
    compare_search("kim", true, 3, 10);
    compare_search("kim:reading=R2", false, 3, 10);
    compare_search("sharing", false, 3, 10);
    compare_search("nim", true, 4, 6);
}

Test(retro, engine_reports_draws)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "kim:reading=R3", &err), 0);
    cr_assert(g.flags & GR_RS_LOOPY);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    gr_bigpos_parse(&pos, "3 3 3", &err);
    gr_answer a;
    gr_answer_init(&a);
    cr_assert_eq(gr_engine_value(e, &pos, &a, &err), 0, "%s", err.msg);
    cr_assert_str_eq(a.outcome, "draw");
    cr_assert(!a.has_value);
    gr_bigpos_clear(&pos);
    gr_bigpos_init(&pos);
    gr_bigpos_parse(&pos, "2 2", &err);
    cr_assert_eq(gr_engine_value(e, &pos, &a, &err), 0, "%s", err.msg);
    cr_assert_str_eq(a.outcome, "P");
    gr_answer_clear(&a);
    gr_bigpos_clear(&pos);
    gr_engine_free(e);
    gr_game_release(&g);
}

Test(retro, refuses_other_outcome_rules_and_limits)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "kim:reading=R4", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_limits lim = {.max_bytes = 64.0 * 100, .max_seconds = 60};
    gr_retro *r = gr_retro_new(&g, &o, &lim);
    gr_pos pos = {.n = 3, .p = {10, 10, 10}};
    int res;
    cr_assert_eq(gr_retro_solve(r, &pos, &res, &err), GR_ELIMIT);
    cr_assert(strstr(err.msg, "memory") != NULL, "%s", err.msg);
    /* after a refused batch the table still answers correctly */
    gr_error_clear(&err);
    gr_pos small = {.n = 2, .p = {1, 1}};
    cr_assert_eq(gr_retro_solve(r, &small, &res, &err), 0, "%s", err.msg);
    cr_assert_eq(res, GR_RETRO_LOSS);
    gr_retro_free(r);
    gr_game_release(&g);
}
