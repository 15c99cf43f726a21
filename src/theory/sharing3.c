/* Three-pile Sharing Nim, seed 000 Theorem P, on piles of any size.
 *
 * Sorted a <= b <= c, the P-positions are (x,x,x), (x,x,x+d) and (x,x+d,x+d)
 * with d = 4^k (2l+1), i.e. d > 0 of even 2-adic valuation.
 *
 * Every winning move makes two piles equal, so it is one of at most 18
 * candidates: for each ordered (source s, receiver d, third pile t), the move
 * that equalises s and d, the one that brings s down to t, and the one that
 * brings d up to t. Each candidate costs a few subtractions and one scan for
 * the lowest set bit, all linear in the number of limbs: deciding and listing
 * every winning move is O(L) after GMP reads the decimal input (the paper's
 * repeated division by 4 is O(L^2)). See docs/sharing.md. */
#include "grundy/theory.h"
#include "sort3.h"

bool gr_even_valuation(mpz_srcptr d)
{
    return (mpz_scan1(d, 0) & 1) == 0;
}

bool gr_sharing3_is_p(mpz_srcptr x, mpz_srcptr y, mpz_srcptr z)
{
    mpz_srcptr v[3] = {x, y, z};
    gr_mpz_sort3(v);
    bool ab = mpz_cmp(v[0], v[1]) == 0, bc = mpz_cmp(v[1], v[2]) == 0;
    if (ab && bc) return true;
    if (!ab && !bc) return false;
    mpz_t d;
    mpz_init(d);
    mpz_sub(d, v[2], v[0]);
    bool p = gr_even_valuation(d);
    mpz_clear(d);
    return p;
}

static bool applies(const gr_game *g, const gr_outcome *o, int npiles)
{
    /* graph= makes pile order matter; only the complete graph K3 is Theorem P */
    return gr_game_family(g, NULL) == GR_FAMILY_SHARING && npiles == 3 && o->rule == &gr_outcome_normal;
}

static int decide(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err)
{
    (void)g;
    (void)o;
    (void)err;
    v->p = gr_sharing3_is_p(pos->p[0], pos->p[1], pos->p[2]);
    /* Theorem P gives P or N only; the value of an N-position needs search
     * (except that P-positions have value 0). */
    v->has_value = v->p;
    mpz_set_ui(v->value, 0);
    return GR_OK;
}

/* Tries the move (s, d, k): legal when k >= 1 and p[s]-k >= p[d]+k. Calls fn
 * when it leads to a P-position. */
static int try_move(const gr_bigpos *pos, int s, int d, mpz_srcptr k, gr_bigpos *res,
                    mpz_t *seen, int *nseen, int seen_pair[][2], gr_bigmove_fn fn, void *ctx)
{
    if (mpz_sgn(k) <= 0) return 0;
    for (int i = 0; i < *nseen; i++)
        if (seen_pair[i][0] == s && seen_pair[i][1] == d && mpz_cmp(seen[i], k) == 0) return 0;
    mpz_sub(res->p[s], pos->p[s], k);
    mpz_add(res->p[d], pos->p[d], k);
    if (mpz_cmp(res->p[s], res->p[d]) < 0) return 0;
    int t = 3 - s - d;
    mpz_set(res->p[t], pos->p[t]);
    if (!gr_sharing3_is_p(res->p[0], res->p[1], res->p[2])) return 0;
    mpz_set(seen[*nseen], k);
    seen_pair[*nseen][0] = s;
    seen_pair[*nseen][1] = d;
    (*nseen)++;
    gr_bigmove mv = {GR_MOVE_TRANSFER, s, d, k, res};
    return fn(ctx, &mv);
}

static int winning_moves(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                         gr_bigmove_fn fn, void *ctx, gr_error *err)
{
    (void)g;
    (void)o;
    gr_bigpos res;
    gr_bigpos_init(&res);
    if (gr_bigpos_from_pos(&res, &(gr_pos){.n = 3})) {
        gr_bigpos_clear(&res);
        return gr_fail_nomem(err);
    }
    mpz_t k, seen[18];
    int seen_pair[18][2], nseen = 0, rc = 0;
    mpz_init(k);
    for (int i = 0; i < 18; i++) mpz_init(seen[i]);
    for (int s = 0; s < 3 && !rc; s++) {
        for (int d = 0; d < 3 && !rc; d++) {
            if (s == d || mpz_cmp(pos->p[s], pos->p[d]) <= 0) continue;
            int t = 3 - s - d;
            /* equalise source and receiver */
            mpz_sub(k, pos->p[s], pos->p[d]);
            if (mpz_even_p(k)) {
                mpz_tdiv_q_2exp(k, k, 1);
                rc = try_move(pos, s, d, k, &res, seen, &nseen, seen_pair, fn, ctx);
                if (rc) break;
            }
            /* bring the source down to the third pile */
            mpz_sub(k, pos->p[s], pos->p[t]);
            rc = try_move(pos, s, d, k, &res, seen, &nseen, seen_pair, fn, ctx);
            if (rc) break;
            /* bring the receiver up to the third pile */
            mpz_sub(k, pos->p[t], pos->p[d]);
            rc = try_move(pos, s, d, k, &res, seen, &nseen, seen_pair, fn, ctx);
        }
    }
    mpz_clear(k);
    for (int i = 0; i < 18; i++) mpz_clear(seen[i]);
    gr_bigpos_clear(&res);
    return rc;
}

static void count_moves(const gr_game *g, const gr_bigpos *pos, mpz_t count)
{
    (void)g;
    mpz_t d;
    mpz_init(d);
    mpz_set_ui(count, 0);
    for (int s = 0; s < 3; s++)
        for (int t = 0; t < 3; t++)
            if (mpz_cmp(pos->p[s], pos->p[t]) > 0) {
                mpz_sub(d, pos->p[s], pos->p[t]);
                mpz_tdiv_q_2exp(d, d, 1);
                mpz_add(count, count, d);
            }
    mpz_clear(d);
}

const gr_closed_form gr_theory_sharing3 = {
    .name = "Theorem P of seed 000 (three-pile Sharing Nim)",
    .source = "000/thm-P",
    .applies = applies,
    .decide = decide,
    .winning_moves = winning_moves,
    .count_moves = count_moves,
};
