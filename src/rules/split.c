/* split (seed 004, HDU 5795): remove any r >= 1 tokens from one heap, or
 * split one heap into exactly `parts` non-empty heaps (default 3). It is the
 * take-and-break code 2^parts . [3]: parts=2 is Lasker's Nim, 4.[3]. */
#include "grundy/takebreak.h"
#include <string.h>

static int option(gr_game *g, const char *key, size_t klen, const char *val, size_t vlen, gr_error *err)
{
    gr_tb_code *c = g->data;
    if (klen == 5 && !memcmp(key, "parts", 5)) {
        long n;
        int rc = gr_option_int(key, klen, val, vlen, 2, GR_TB_MAX_PARTS, &n, err);
        if (!rc) c->d[0].mask = 1u << n;
        return rc;
    }
    return gr_fail(err, GR_EINPUT, "unknown option '%.*s' for split (options: parts)", (int)klen, key);
}

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    int rc = gr_tb_rules_parse(g, "8.[3]", err);
    return rc ? rc : gr_options_each(g, opts, option, err);
}

/* The papers' split game: digit 0 is the one split, 2^parts. */
static enum gr_family family(const gr_game *g, int *param)
{
    const gr_tb_code *c = g->data;
    for (int k = 2; k <= GR_TB_MAX_PARTS; k++)
        if (c->d[0].mask == 1u << k) *param = k;
    return GR_FAMILY_SPLIT;
}

const gr_ruleset gr_rules_split = {
    .name = "split",
    .summary = "Nim where a heap may instead be split into exactly n non-empty heaps (seed 004; n=2 Lasker's Nim)",
    .options = "parts=n  the number of heaps a split leaves, 2..31 (default 3)",
    .move_help = "PILE AMOUNT    take AMOUNT tokens from pile PILE\n"
                 "PILE = A B C   split pile PILE into the heaps A, B, C (as many as parts=n says)",
    .flags = GR_RS_HEAPS,
    .parse = parse,
    .release = gr_tb_rules_release,
    .moves = gr_tb_rules_moves,
    .canonical = gr_tb_rules_canonical,
    .estimate = gr_tb_rules_estimate,
    .format_move = gr_tb_rules_format_move,
    .family = family,
    .tb_code = gr_tb_rules_code,
};
