/* nim (Bouton): remove r >= 1 tokens from one pile. */
#include "grundy/ruleset.h"
#include "grundy/takebreak.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (opts) return gr_fail(err, GR_EINPUT, "nim takes no options (got '%s')", opts);
    g->piles = 0;
    return GR_OK;
}

static int moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    (void)g;
    gr_pos r = *pos;
    for (int i = 0; i < pos->n; i++) {
        for (uint64_t k = 1; k <= pos->p[i]; k++) {
            r.p[i] = pos->p[i] - k;
            gr_move mv = {GR_MOVE_TAKE, i, -1, k, 0};
            int rc = fn(ctx, &mv, &r);
            if (rc) return rc;
        }
        r.p[i] = pos->p[i];
    }
    return 0;
}

static void canonical(const gr_game *g, gr_pos *pos)
{
    (void)g;
    /* Empty piles have no moves and change no count of moves: drop them. */
    gr_pos_drop_empty(pos);
    gr_pos_sort(pos);
}

static void estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    (void)g;
    double s = 1, e = 0;
    for (int i = 0; i < pos->n; i++) s *= (double)pos->p[i] + 1;
    for (int i = 0; i < pos->n; i++) e += (double)pos->p[i];
    *states = s;
    *edges = s * e / 2;
}

static int format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    return snprintf(buf, len, "take %" PRIu64 " from pile %d", mv->amount, mv->src);
}

static enum gr_family family(const gr_game *g, int *param)
{
    (void)g, (void)param;
    return GR_FAMILY_NIM;
}

/* 0.[3]: any positive amount, leaving nothing or one heap. */
static int tb_code(const gr_game *g, gr_tb_code *out)
{
    (void)g;
    memset(out, 0, sizeof *out);
    out->len = 2;
    out->period = 1;
    out->d[1].mask = 3;
    return GR_CODE_RULES;
}

static unsigned move_kinds(const gr_game *g)
{
    (void)g;
    return GR_MOVE_BIT(GR_MOVE_TAKE);
}

static int legal(const gr_game *g, const gr_bigpos *pos, const gr_bigmove *mv, char *why, size_t len)
{
    (void)g, (void)why, (void)len;
    return mv->kind == GR_MOVE_TAKE && mpz_sgn(mv->amount) > 0 && mpz_cmp(mv->amount, pos->p[mv->src]) <= 0;
}

const gr_ruleset gr_rules_nim = {
    .name = "nim",
    .summary = "Bouton's Nim: remove any number of tokens from one pile",
    .options = "",
    .move_help = "PILE AMOUNT   take AMOUNT tokens from pile PILE (piles numbered from 0)",
    .unit = "pile",
    .flags = GR_RS_HEAPS,
    .parse = parse,
    .moves = moves,
    .canonical = canonical,
    .estimate = estimate,
    .format_move = format_move,
    .family = family,
    .tb_code = tb_code,
    .move_kinds = move_kinds,
    .legal = legal,
};
