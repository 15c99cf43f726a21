/* The blocking part of `grundy moves` (seed 003): prints which moves the
 * blocker forbids, and which move wins under each ban. */
#ifndef GRUNDY_MOVES_BLOCK_H
#define GRUNDY_MOVES_BLOCK_H
#include "cli.h"

/* Is the outcome rule block=k or block-position=k? */
bool cli_is_blocking(const gr_outcome *o);
/* Appends the report: plain text, or (FMT_JSON) the value of a "blocking"
 * member. */
int cli_moves_block(FILE *out, int format, gr_engine *e, const gr_bigpos *pos, gr_error *err);

#endif
