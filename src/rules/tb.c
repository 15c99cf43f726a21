/* tb:CODE: the take-and-break game of a CGSuite-style code (0.77 Kayles,
 * 0.07 Dawson's Kayles, 4!. Grundy's game; docs/takebreak.md). */
#include "grundy/takebreak.h"

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (!opts) return gr_fail(err, GR_EINPUT, "tb needs a code, e.g. tb:0.77 (Kayles)");
    return gr_tb_rules_parse(g, opts, err);
}

const gr_ruleset gr_rules_tb = {
    .name = "tb",
    .summary = "take-and-break game given by a CGSuite code: tb:0.77 Kayles, tb:0.07 Dawson's Kayles, tb:4!. Grundy's game",
    .options = "CODE  d0.d1d2...: bit k of digit d_i lets a move remove i tokens and leave k heaps;\n"
               "      digits 0-9, A-Z (10-35), &#N;  suffix ! parts unequal, ? not all equal; [..] repeats",
    .move_help = "PILE AMOUNT     take AMOUNT tokens from pile PILE, leaving one heap or none\n"
                 "PILE = A B ...  pile PILE becomes the heaps A, B, ... (the tokens left over are taken)",
    .flags = GR_RS_HEAPS,
    .parse = parse,
    .release = gr_tb_rules_release,
    .moves = gr_tb_rules_moves,
    .canonical = gr_tb_rules_canonical,
    .estimate = gr_tb_rules_estimate,
    .format_move = gr_tb_rules_format_move,
    .tb_code = gr_tb_rules_code,
};
