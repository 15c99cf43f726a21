/* Blocking play (seed 003): the opponent forbids k moves (block=k) or k
 * resulting positions (block-position=k) before every move. The ban is
 * forgotten after the move, so a position is the whole state and the outcome
 * follows from counting: the blocker wins exactly when it can forbid every
 * move to a P-position. Score 0 is P, 1 is N. See docs/blocking.md. */
#include "grundy/block.h"

/* P iff at most k moves lead to P-positions. A position with at most k
 * moves is covered: every move is forbidden and the mover has lost. */
static uint32_t combine_moves(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)scratch;
    size_t k = o->param > 0 ? (size_t)o->param : 1, wins = 0;
    for (size_t i = 0; i < n; i++)
        if (ch[i].score == 0 && ++wins > k) return 1;
    return 0;
}

/* P iff at most k distinct positions among the options are P. Equal options
 * share an id; only the first k + 1 distinct P-options are ever kept, so the
 * scan is O(n k) and needs no memory beyond them. */
static uint32_t combine_positions(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)scratch;
    enum { MAX_K = GR_BLOCK_K_MAX };   /* the front ends allow k <= GR_BLOCK_K_MAX */
    uint32_t seen[MAX_K + 1];
    size_t k = o->param > 0 ? (size_t)o->param : 1, m = 0;
    if (n <= k) return 0;
    if (k > MAX_K) {
        /* beyond the command line's range: count first occurrences instead */
        for (size_t i = 0; i < n; i++) {
            if (ch[i].score != 0) continue;
            size_t j = 0;
            while (j < i && !(ch[j].score == 0 && ch[j].id == ch[i].id)) j++;
            if (j == i && ++m > k) return 1;
        }
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (ch[i].score != 0) continue;
        size_t j = 0;
        while (j < m && seen[j] != ch[i].id) j++;
        if (j < m) continue;
        seen[m++] = ch[i].id;
        if (m > k) return 1;
    }
    return 0;
}

/* Both prescribe the moves to P-positions (gr_outcome_prescribed_pn): such a
 * move wins unless it is forbidden, and from an N-position the blocker
 * cannot forbid them all. */
const gr_outcome_rule gr_outcome_block = {
    .name = "block",
    .param_min = 1,
    .param_max = GR_BLOCK_K_MAX,
    .summary = "before each move the opponent forbids k of the mover's moves (seed 003); classes P and N",
    .score_is_value = false,
    .combine = combine_moves,
    .label = gr_outcome_label_pn,
    .prescribed = gr_outcome_prescribed_pn,
};

const gr_outcome_rule gr_outcome_block_position = {
    .name = "block-position",
    .param_min = 1,
    .param_max = GR_BLOCK_K_MAX,
    .summary = "before each move the opponent forbids k positions the mover could move to; classes P and N",
    .score_is_value = false,
    .combine = combine_positions,
    .label = gr_outcome_label_pn,
    .prescribed = gr_outcome_prescribed_pn,
};

bool gr_outcome_is_block(const gr_outcome *o)
{
    return o->rule == &gr_outcome_block;
}

bool gr_outcome_is_block_position(const gr_outcome *o)
{
    return o->rule == &gr_outcome_block_position;
}
