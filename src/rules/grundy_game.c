/* grundy-game: split one heap into two unequal non-empty heaps. The same game
 * as tb:4!. (CGSuite's code for it); a name of its own because it is asked
 * for by name. */
#include "grundy/takebreak.h"
#include <stdlib.h>

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (opts) return gr_fail(err, GR_EINPUT, "grundy-game takes no options (got '%s')", opts);
    gr_tb_code *c = malloc(sizeof *c);
    if (!c) return gr_fail(err, GR_EINTERNAL, "out of memory");
    g->data = c;
    g->piles = 0;
    return gr_tb_parse(c, "4!.", err);
}

static void release(gr_game *g)
{
    free(g->data);
}

static int moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    return gr_tb_moves(g->data, pos, fn, ctx);
}

static void canonical(const gr_game *g, gr_pos *pos)
{
    (void)g;
    gr_tb_canonical(pos);
}

static void estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    gr_tb_estimate(g->data, pos, states, edges);
}

static int format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    return gr_tb_format_move(mv, buf, len);
}

const gr_ruleset gr_rules_grundy_game = {
    .name = "grundy-game",
    .summary = "Grundy's game: split one heap into two unequal heaps (tb:4!.)",
    .options = "",
    .move_help = "the move's result, as heap sizes",
    .flags = GR_RS_HEAPS,
    .parse = parse,
    .release = release,
    .moves = moves,
    .canonical = canonical,
    .estimate = estimate,
    .format_move = format_move,
};
