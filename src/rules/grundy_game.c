/* grundy-game: split one heap into two unequal non-empty heaps. The same game
 * as tb:4!. (CGSuite's code for it); a name of its own because it is asked
 * for by name. */
#include "grundy/takebreak.h"

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (opts) return gr_fail(err, GR_EINPUT, "grundy-game takes no options (got '%s')", opts);
    return gr_tb_rules_parse(g, "4!.", err);
}

const gr_ruleset gr_rules_grundy_game = {
    .name = "grundy-game",
    .summary = "Grundy's game: split one heap into two unequal heaps (tb:4!.)",
    .options = "",
    .move_help = "PILE = A B   split pile PILE into two unequal heaps A and B",
    .flags = GR_RS_HEAPS,
    .parse = parse,
    .release = gr_tb_rules_release,
    .moves = gr_tb_rules_moves,
    .canonical = gr_tb_rules_canonical,
    .estimate = gr_tb_rules_estimate,
    .format_move = gr_tb_rules_format_move,
    .tb_code = gr_tb_rules_code,
};
