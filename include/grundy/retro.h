/* Retrograde analysis for games whose play can loop (GR_RS_LOOPY).
 *
 * Memoised depth-first search cannot score a position that can come back to
 * itself. Retrograde analysis never follows a line of play: it enumerates the
 * positions reachable from the one asked about, lists each position's
 * predecessors, and propagates results backwards from the terminal
 * positions. A position whose result is never fixed is a draw: neither side
 * can force a win, and with perfect play the game goes on for ever.
 *
 * Two-player outcomes only: normal play (a terminal position is lost for the
 * mover) and misere play (it is won). */
#ifndef GRUNDY_RETRO_H
#define GRUNDY_RETRO_H
#include <stddef.h>
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/position.h"
#include "grundy/ruleset.h"
#include "grundy/solve.h"

enum gr_retro_result {
    GR_RETRO_LOSS = 0,   /* the player to move loses (P) */
    GR_RETRO_WIN = 1,    /* the player to move wins (N) */
    GR_RETRO_DRAW = 2    /* neither side can force a win */
};

typedef struct gr_retro gr_retro;

/* Is the outcome rule one retrograde analysis handles? */
bool gr_retro_supports(const gr_outcome *o);
gr_retro *gr_retro_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim);
void gr_retro_free(gr_retro *r);
/* The result of pos (enum gr_retro_result). Positions solved once are kept:
 * everything reachable from them is solved too, so later questions about
 * their options cost a table lookup. */
int gr_retro_solve(gr_retro *r, const gr_pos *pos, int *result, gr_error *err);
size_t gr_retro_positions(const gr_retro *r);
const char *gr_retro_label(int result);   /* "P", "N", "draw" */

#endif
