/* take-one-or-two: a move takes 1 or 2 tokens from one heap; whoever cannot
 * move loses. A heap of n is worth n mod 3, so the tests can check every
 * answer against a formula. Written as a ruleset file under src/rules/ would
 * be: everything static except the one constant. */
#include "example_ruleset.h"
#include <inttypes.h>
#include <stdio.h>

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (opts) return gr_fail(err, GR_EINPUT, "take-one-or-two takes no options (got '%s')", opts);
    g->piles = 0; /* any number of heaps */
    return GR_OK;
}

static int moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    (void)g;
    gr_pos r = *pos;
    for (int i = 0; i < pos->n; i++) {
        for (uint64_t k = 1; k <= 2 && k <= pos->p[i]; k++) {
            r.p[i] = pos->p[i] - k;
            gr_move mv = {GR_MOVE_TAKE, i, -1, k, 0};
            int rc = fn(ctx, &mv, &r);
            if (rc) return rc;
        }
        r.p[i] = pos->p[i];
    }
    return 0;
}

/* An empty heap has no move under any outcome rule, and heaps are
 * interchangeable: drop the empty ones and sort. */
static void canonical(const gr_game *g, gr_pos *pos)
{
    (void)g;
    gr_pos_drop_empty(pos);
    gr_pos_sort(pos);
}

static void estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    (void)g;
    double s = 1;
    for (int i = 0; i < pos->n; i++) s *= (double)pos->p[i] + 1;
    *states = s;
    *edges = 2 * s * pos->n;
}

static int format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    return snprintf(buf, len, "take %" PRIu64 " from heap %d", mv->amount, mv->src);
}

/* Optional: saves play from finding the kinds of move by listing. */
static unsigned move_kinds(const gr_game *g)
{
    (void)g;
    return GR_MOVE_BIT(GR_MOVE_TAKE);
}

const gr_ruleset gr_rules_example = {
    .name = "take-one-or-two",
    .summary = "take 1 or 2 tokens from one heap",
    .options = "",
    .move_help = "HEAP AMOUNT   take AMOUNT (1 or 2) tokens from heap HEAP",
    .flags = GR_RS_HEAPS, /* a sum of heaps: the engine adds their values */
    .parse = parse,
    .moves = moves,
    .canonical = canonical,
    .estimate = estimate,
    .format_move = format_move,
    .move_kinds = move_kinds,
};
