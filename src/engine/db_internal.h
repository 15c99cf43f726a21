/* The engine's stored-results backend (engine_db.c), as gr_engine_value and
 * gr_engine_moves call it once gr_engine_use_db named a directory. Not
 * installed. */
#ifndef GRUNDY_DB_INTERNAL_H
#define GRUNDY_DB_INTERNAL_H
#include "grundy/engine.h"

/* Normal play only, positions that fit 64 bits, results of g->spec. */
int gr_engine_db_value(const char *dir, const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                       gr_answer *ans, gr_error *err);
/* Every move with its result's stored value; all listed. */
int gr_engine_db_moves(const char *dir, const gr_game *g, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                       gr_moves_summary *sum, gr_error *err);

#endif
