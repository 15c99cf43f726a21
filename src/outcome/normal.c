/* Normal play: the Sprague-Grundy value, mex of the options' values. */
#include "grundy/bitset.h"
#include "grundy/outcome.h"

/* The mex without memory, in O(n * mex): for when the scratch cannot grow,
 * since combine has no way to fail and a wrong value must never come out. */
static uint32_t mex_scan(const gr_child *ch, size_t n)
{
    uint32_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (ch[i].score == m) {
            m++;
            i = (size_t)-1; /* look again from the first option */
        }
    return m;
}

static uint32_t combine(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)o;
    gr_bitset_reset(scratch);
    /* The mex of n values is at most n: larger values cannot matter. */
    for (size_t i = 0; i < n; i++)
        if (ch[i].score < n && !gr_bitset_add(scratch, ch[i].score)) return mex_scan(ch, n);
    return gr_bitset_mex(scratch);
}

const gr_outcome_rule gr_outcome_normal = {
    .name = "normal",
    .param_min = -1,
    .param_max = 0,
    .summary = "the player who cannot move loses; scores are Grundy values",
    .score_is_value = true,
    .combine = combine,
    .label = gr_outcome_label_pn,
    .prescribed = gr_outcome_prescribed_pn,
};
