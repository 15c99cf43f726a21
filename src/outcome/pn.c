/* What the two-outcome rules share (normal, misere, block=k and
 * block-position=k): score 0 is a P-position (the mover loses), any other
 * score N, and a winning move is a move from N to P. */
#include "grundy/outcome.h"

const char *gr_outcome_label_pn(const gr_outcome *o, uint32_t score)
{
    (void)o;
    return score == 0 ? "P" : "N";
}

bool gr_outcome_prescribed_pn(const gr_outcome *o, uint32_t from, uint32_t to)
{
    (void)o;
    return from != 0 && to == 0;
}
