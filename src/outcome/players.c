/* m players (seed 002): the first player who cannot move loses; each player
 * above all avoids losing, and otherwise prefers that the player right after
 * them loses rather than an earlier one.
 *
 * The score is the class d in 0..m-1: with the paper's assumptions the loser
 * is the player who moves d turns after the mover (d = 0: the mover loses).
 * Moving to an option of class c makes the loser c + 1 turns away, and the
 * mover likes 1 best, then 2, ..., then m - 1, and 0 least: so the mover
 * picks the least class among the options and
 *
 *     d = (min over options of c) + 1  (mod m),   d = 0 for a terminal position.
 *
 * For m = 3 this is the paper's recursive definition (C = 0, A = 1, B = 2:
 * terminal is C, leading to C is A, not A but leading to A is B, else C), and
 * for m = 2 it is normal play (0 is P, 1 is N). Equivalently a position of
 * class d > 0 is exactly d moves from the nearest class-0 position, and a
 * class-0 position is at least m moves from another one (docs/players.md). */
#include "grundy/outcome.h"
#include "grundy/players.h"

static uint32_t combine(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch)
{
    (void)scratch;
    uint32_t m = (uint32_t)o->param;
    if (n == 0) return 0;
    uint32_t least = m;
    for (size_t i = 0; i < n; i++)
        if (ch[i].score < least) least = ch[i].score;
    return (least + 1) % m;
}

static const char *label(const gr_outcome *o, uint32_t score)
{
    return gr_players_label(o->param, score);
}

/* The class prescribes a move to the class one lower: that keeps the loser
 * where the mover wants them. A class-0 mover loses whatever it does (every
 * option has class m - 1), so nothing is prescribed there. */
static bool prescribed(const gr_outcome *o, uint32_t from, uint32_t to)
{
    uint32_t m = (uint32_t)o->param;
    return from != 0 && to == from - 1 && from < m;
}

const gr_outcome_rule gr_outcome_players = {
    .name = "players",
    .param_min = 2,
    .param_max = GR_PLAYERS_MAX,
    .summary = "m players in turn, the first who cannot move loses; classes by how many turns away the loser is",
    .score_is_value = false,
    .combine = combine,
    .label = label,
    .prescribed = prescribed,
};

const char *gr_players_label(int m, uint32_t d)
{
    static const char *const letters[] = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
                                          "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"};
    if (m == 2) return d == 0 ? "P" : "N";
    if (m < 2 || m > GR_PLAYERS_MAX || d >= (uint32_t)m) return "?";
    return d == 0 ? letters[m - 1] : letters[d - 1];
}
