/* kim (seed 001, Kim's Sharing Nim): remove r >= 1 tokens from one pile, or
 * transfer k tokens (1 <= k <= p[s]) from pile s to another pile d, never from
 * a greater pile to a smaller one. The reading fixes how "greater" is judged. */
#include "grundy/combinat.h"
#include "grundy/ruleset.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum reading { R1 = 1, R2, R3, R4 };

static int option(gr_game *g, const char *key, size_t klen, const char *val, size_t vlen, gr_error *err)
{
    int *reading = g->data;
    if (klen == 5 && !memcmp(key, "piles", 5)) {
        long n;
        int rc = gr_option_int(key, klen, val, vlen, 1, GR_MAX_PILES, &n, err);
        g->piles = (int)n;
        return rc;
    }
    if (klen == 7 && !memcmp(key, "reading", 7)) {
        if (vlen == 2 && (val[0] == 'R' || val[0] == 'r') && val[1] >= '1' && val[1] <= '4') {
            *reading = val[1] - '0';
            return GR_OK;
        }
        return gr_fail(err, GR_EINPUT, "option reading=%.*s: expected R1, R2, R3 or R4", (int)vlen, val);
    }
    return gr_fail(err, GR_EINPUT, "unknown option '%.*s' for kim (options: piles, reading)", (int)klen, key);
}

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    int *reading = malloc(sizeof *reading);
    if (!reading) return gr_fail_nomem(err);
    *reading = R1;
    g->data = reading;
    int rc = gr_options_each(g, opts, option, err);
    if (rc) return rc;
    /* Compared after the move, a transfer may go from the bigger pile to the
     * smaller one, and play can come back to where it was. */
    if (*reading >= R3) g->flags |= GR_RS_LOOPY;
    return GR_OK;
}

static void release(gr_game *g)
{
    free(g->data);
}

static bool transfer_ok(int reading, uint64_t ps, uint64_t pd, uint64_t k)
{
    switch (reading) {
    case R1: return ps <= pd;
    case R2: return ps < pd;
    case R3: return ps - k <= pd + k;
    default: return ps - k < pd + k;
    }
}

static int moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    int reading = *(const int *)g->data;
    gr_pos r = *pos;
    for (int s = 0; s < pos->n; s++) {
        for (uint64_t k = 1; k <= pos->p[s]; k++) {
            r.p[s] = pos->p[s] - k;
            gr_move mv = {GR_MOVE_TAKE, s, -1, k, 0};
            int rc = fn(ctx, &mv, &r);
            if (rc) return rc;
        }
        for (int d = 0; d < pos->n; d++) {
            if (d == s) continue;
            for (uint64_t k = 1; k <= pos->p[s]; k++) {
                if (!transfer_ok(reading, pos->p[s], pos->p[d], k)) continue;
                r.p[s] = pos->p[s] - k;
                r.p[d] = pos->p[d] + k;
                gr_move mv = {GR_MOVE_TRANSFER, s, d, k, 0};
                int rc = fn(ctx, &mv, &r);
                if (rc) return rc;
            }
            r.p[d] = pos->p[d];
        }
        r.p[s] = pos->p[s];
    }
    return 0;
}

static void canonical(const gr_game *g, gr_pos *pos)
{
    int reading = *(const int *)g->data;
    /* Under R1 and R2 an empty pile can neither give nor receive (a source is
     * never bigger than its receiver), so it is inert. Under R3 and R4 it can
     * receive, so it stays. */
    if (reading <= R2) gr_pos_drop_empty(pos);
    gr_pos_sort(pos);
}

static void estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    (void)g;
    uint64_t total = gr_pos_total(pos);
    double t = (double)total, n = pos->n;
    /* Reachable positions: multisets of at most n sizes with total <= t,
     * i.e. partitions of each s <= t into at most n parts. */
    double s = gr_partition_sum(total, pos->n, 1);
    if (s < 1) s = 1;
    *states = s;
    /* removals: up to t; transfers: up to n-1 receivers times the source */
    *edges = s * (t + n * t / 2 + 1);
}

static int format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    if (mv->kind == GR_MOVE_TAKE)
        return snprintf(buf, len, "take %" PRIu64 " from pile %d", mv->amount, mv->src);
    return snprintf(buf, len, "move %" PRIu64 " from pile %d to pile %d", mv->amount, mv->src, mv->dst);
}

static enum gr_family family(const gr_game *g, int *param)
{
    *param = *(const int *)g->data;
    return GR_FAMILY_KIM;
}

static unsigned move_kinds(const gr_game *g)
{
    (void)g;
    return GR_MOVE_BIT(GR_MOVE_TAKE) | GR_MOVE_BIT(GR_MOVE_TRANSFER);
}

/* transfer_ok on integers of any size */
static bool big_transfer_ok(int reading, mpz_srcptr ps, mpz_srcptr pd, mpz_srcptr k)
{
    if (reading <= R2) return reading == R1 ? mpz_cmp(ps, pd) <= 0 : mpz_cmp(ps, pd) < 0;
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_sub(a, ps, k);
    mpz_add(b, pd, k);
    int c = mpz_cmp(a, b);
    mpz_clears(a, b, NULL);
    return reading == R3 ? c <= 0 : c < 0;
}

static int legal(const gr_game *g, const gr_bigpos *pos, const gr_bigmove *mv, char *why, size_t len)
{
    (void)why, (void)len;
    mpz_srcptr ps = pos->p[mv->src];
    if (mpz_sgn(mv->amount) <= 0 || mpz_cmp(mv->amount, ps) > 0) return 0;
    if (mv->kind == GR_MOVE_TAKE) return 1;
    if (mv->kind != GR_MOVE_TRANSFER || mv->dst == mv->src) return 0;
    return big_transfer_ok(*(const int *)g->data, ps, pos->p[mv->dst], mv->amount);
}

/* Under R1 and R2 an empty pile is inert (see canonical): dropping it leaves
 * the move graph as it was, under every outcome rule. One pile stays, so
 * that the position is still a position. */
static bool reduce(const gr_game *g, gr_bigpos *pos)
{
    if (*(const int *)g->data > R2) return false;
    int k = 0;
    for (int i = 0; i < pos->n; i++)
        if (mpz_sgn(pos->p[i])) mpz_swap(pos->p[k++], pos->p[i]);
    if (k == 0) k = 1;
    bool changed = k < pos->n;
    pos->n = k;
    return changed;
}

const gr_ruleset gr_rules_kim = {
    .name = "kim",
    .summary = "Kim's Sharing Nim (seed 001): remove tokens, or transfer them never from a greater pile to a smaller",
    .options = "piles=n      number of piles (default: as many as the position lists)\n"
               "reading=R1   R1 sizes compared before the move, p[s] <= p[d] (default); R2 strictly <;\n"
               "             R3/R4 compared after the move, <= / < (can loop: draws)",
    .move_help = "PILE AMOUNT        take AMOUNT tokens from pile PILE\n"
                 "FROM TO AMOUNT     transfer AMOUNT tokens from pile FROM to pile TO",
    .flags = 0,
    .parse = parse,
    .release = release,
    .moves = moves,
    .canonical = canonical,
    .estimate = estimate,
    .format_move = format_move,
    .family = family,
    .move_kinds = move_kinds,
    .legal = legal,
    .reduce = reduce,
};
