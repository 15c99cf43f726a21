/* Kim's Sharing Nim (seed 001) where it has a closed form: "Nim inside Nim".
 *
 * Under the before-the-move readings R1 and R2 an empty pile is inert, so a
 * position is its non-empty piles. The form covers
 *   - at most two non-empty piles: P exactly when the two are equal (Theorem
 *     5.3: a transfer between two piles never makes them equal, so it is Nim);
 *   - three non-empty piles, the smallest of them 1: sorted (1, y, z), P
 *     exactly when z = y + 2 and y = 2 or 3 (mod 4).
 * The paper's Theorems 9.3/9.4 say every (1, y, y+2) with y >= 2 is P; that
 * fails at (1,4,6), which has the winning move to (1,4,2). The proof of the
 * corrected form is in docs/kim.md; it is tested against search in
 * tests/test_kim.c and checked as a claim (001/thm-9.3).
 *
 * Every option of a covered position is covered, and a P-position here is
 * fixed by a pile being 0 or 1 and two piles differing by 0 or 2, so the
 * winning moves are among a handful of candidates per pile (or pair of
 * piles), each checked by deciding its result: O(n^2) big-integer operations
 * for n <= 3 piles, whatever their size. */
#include "grundy/theory.h"
#include <stdlib.h>

static bool applies(const gr_game *g, const gr_outcome *o, int npiles)
{
    int reading;
    return gr_game_family(g, &reading) == GR_FAMILY_KIM && o->rule == &gr_outcome_normal &&
           (reading == 1 || reading == 2) && npiles >= 1 && npiles <= 3;
}

static int nonzero(const gr_bigpos *pos, mpz_srcptr out[3])
{
    int m = 0;
    for (int i = 0; i < pos->n; i++)
        if (mpz_sgn(pos->p[i])) {
            if (m == 3) return 4;
            out[m++] = pos->p[i];
        }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && mpz_cmp(out[j - 1], out[j]) > 0; j--) {
            mpz_srcptr t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return m;
}

static bool covers(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos)
{
    (void)g, (void)o;
    mpz_srcptr v[3];
    int m = nonzero(pos, v);
    return m <= 2 || (m == 3 && mpz_cmp_ui(v[0], 1) == 0);
}

/* P for a covered position. */
static bool is_p(const gr_bigpos *pos)
{
    mpz_srcptr v[3];
    int m = nonzero(pos, v);
    if (m == 0) return true;
    if (m == 1) return false;
    if (m == 2) return mpz_cmp(v[0], v[1]) == 0;
    /* (1, y, z), y <= z */
    mpz_t d;
    mpz_init(d);
    mpz_sub(d, v[2], v[1]);
    bool p = mpz_cmp_ui(d, 2) == 0 && mpz_fdiv_ui(v[1], 4) >= 2;
    mpz_clear(d);
    return p;
}

static int decide(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    if (!covers(g, o, pos))
        return gr_fail(err, GR_EINPUT, "kim's closed form covers at most two non-empty piles or three with a pile of 1");
    v->p = is_p(pos);
    v->has_value = v->p;
    mpz_set_ui(v->value, 0);
    return GR_OK;
}

static bool transfer_ok(int reading, mpz_srcptr s, mpz_srcptr d)
{
    int c = mpz_cmp(s, d);
    return reading == 1 ? c <= 0 : c < 0;
}

/* Candidates are tried in a fixed order; equal ones are skipped by keeping
 * the amounts already reported for this (kind, src, dst). */
typedef struct seen {
    mpz_t k[16];
    int n;
} seen;

static bool seen_add(seen *s, mpz_srcptr k)
{
    for (int i = 0; i < s->n; i++)
        if (mpz_cmp(s->k[i], k) == 0) return false;
    mpz_init_set(s->k[s->n++], k);
    return true;
}

static void seen_clear(seen *s)
{
    for (int i = 0; i < s->n; i++) mpz_clear(s->k[i]);
    s->n = 0;
}

static int try_move(const gr_bigpos *pos, int kind, int src, int dst, mpz_srcptr k, seen *sn, gr_bigpos *res,
                    gr_bigmove_fn fn, void *ctx)
{
    if (mpz_sgn(k) <= 0 || mpz_cmp(k, pos->p[src]) > 0) return 0;
    for (int i = 0; i < pos->n; i++) mpz_set(res->p[i], pos->p[i]);
    mpz_sub(res->p[src], res->p[src], k);
    if (kind == GR_MOVE_TRANSFER) mpz_add(res->p[dst], res->p[dst], k);
    if (!is_p(res) || !seen_add(sn, k)) return 0;
    gr_bigmove mv = {kind, src, kind == GR_MOVE_TRANSFER ? dst : -1, k, res};
    return fn(ctx, &mv);
}

static int winning_moves(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx,
                         gr_error *err)
{
    if (!covers(g, o, pos)) return gr_fail(err, GR_EINPUT, "position not covered by kim's closed form");
    int rd, rc = 0;
    gr_game_family(g, &rd);
    gr_bigpos res;
    gr_bigpos_init(&res);
    if (gr_bigpos_copy(&res, pos)) {
        gr_bigpos_clear(&res);
        return gr_fail_nomem(err);
    }
    mpz_t k, t;
    mpz_inits(k, t, NULL);
    seen sn = {.n = 0};
    for (int s = 0; s < pos->n && !rc; s++) {
        /* Removal: pile s becomes 0, 1, or another pile's size, or that +-2. */
        for (int c = 0; c < 2 + 3 * pos->n && !rc; c++) {
            if (c < 2) mpz_set_ui(t, (unsigned long)c);
            else {
                int m = (c - 2) / 3, off = (c - 2) % 3;
                if (m == s) continue;
                mpz_set(t, pos->p[m]);
                if (off == 1) mpz_add_ui(t, t, 2);
                if (off == 2) {
                    if (mpz_cmp_ui(t, 2) < 0) continue;
                    mpz_sub_ui(t, t, 2);
                }
            }
            mpz_sub(k, pos->p[s], t);
            rc = try_move(pos, GR_MOVE_TAKE, s, -1, k, &sn, &res, fn, ctx);
        }
        seen_clear(&sn);
        for (int d = 0; d < pos->n && !rc; d++) {
            if (d == s || !transfer_ok(rd, pos->p[s], pos->p[d])) continue;
            /* The source becomes 0 or 1, the receiver 1, or the two end
             * 0 or 2 apart. */
            for (int c = 0; c < 6 && !rc; c++) {
                switch (c) {
                case 0: mpz_set(k, pos->p[s]); break;
                case 1: mpz_sub_ui(k, pos->p[s], 1); break;
                case 2: mpz_ui_sub(k, 1, pos->p[d]); break;
                default:
                    mpz_sub(t, pos->p[s], pos->p[d]);
                    if (c == 4) mpz_add_ui(t, t, 2);
                    if (c == 5) mpz_sub_ui(t, t, 2);
                    if (mpz_odd_p(t)) continue;
                    mpz_fdiv_q_2exp(k, t, 1);
                }
                rc = try_move(pos, GR_MOVE_TRANSFER, s, d, k, &sn, &res, fn, ctx);
            }
            seen_clear(&sn);
        }
    }
    seen_clear(&sn);
    mpz_clears(k, t, NULL);
    gr_bigpos_clear(&res);
    return rc;
}

/* Removals: every token of every pile; transfers: every amount of the
 * source, when the reading lets the source give to that receiver. */
static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    int rd;
    gr_game_family(g, &rd);
    mpz_set_ui(count, 0);
    for (int s = 0; s < pos->n; s++) {
        mpz_add(count, count, pos->p[s]);
        for (int d = 0; d < pos->n; d++)
            if (d != s && transfer_ok(rd, pos->p[s], pos->p[d])) mpz_add(count, count, pos->p[s]);
    }
}

const gr_closed_form gr_theory_kim1 = {
    .name = "Nim inside Nim (corrected)",
    .source = "001/thm-9.3",
    .applies = applies,
    .decide = decide,
    .winning_moves = winning_moves,
    .count_moves = count_moves,
    .covers = covers,
};
