/* Misere play: the player who makes the last move loses. Score 0 is P (the
 * mover loses), 1 is N. A terminal position is N: the mover has no move to
 * make and so did not make the last one. */
#include "grundy/outcome.h"

static uint32_t combine(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)o;
    (void)scratch;
    if (n == 0) return 1;
    for (size_t i = 0; i < n; i++)
        if (ch[i].score == 0) return 1;
    return 0;
}

const gr_outcome_rule gr_outcome_misere = {
    .name = "misere",
    .param_min = 0,
    .param_max = 0,
    .summary = "the player who makes the last move loses; outcome classes P and N",
    .score_is_value = false,
    .combine = combine,
    .label = gr_outcome_label_pn,
    .prescribed = gr_outcome_prescribed_pn,
};
