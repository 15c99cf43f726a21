/* Normal play: the Sprague-Grundy value, mex of the options' values. */
#include "grundy/outcome.h"

static uint32_t combine(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)o;
    gr_bitset_reset(scratch);
    /* The mex of n values is at most n: larger values cannot matter. */
    for (size_t i = 0; i < n; i++)
        if (ch[i].score < n) gr_bitset_add(scratch, ch[i].score);
    return gr_bitset_mex(scratch);
}

static const char *label(const gr_outcome *o, uint32_t score)
{
    (void)o;
    return score == 0 ? "P" : "N";
}

static bool prescribed(const gr_outcome *o, uint32_t from, uint32_t to)
{
    (void)o;
    return from != 0 && to == 0;
}

const gr_outcome_rule gr_outcome_normal = {
    .name = "normal",
    .summary = "the player who cannot move loses; scores are Grundy values",
    .score_is_value = true,
    .combine = combine,
    .label = label,
    .prescribed = prescribed,
};
