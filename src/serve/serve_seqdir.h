/* A server's stored nim-sequences (grundy serve --seqs DIR): the file a
 * heap game's value, moves or play reads instead of computing G(0..n). */
#ifndef GRUNDY_SERVE_SEQDIR_H
#define GRUNDY_SERVE_SEQDIR_H
#include "grundy/api.h"
#include "grundy/census.h"
#include <stdbool.h>
#include <stddef.h>

/* The census name of a heap game: its code as the census writes it
 * ("tb:0.6", "grundy-game"), whatever name the request gave; false for a
 * game the census does not name. The stored files' names (seq, quotient). */
bool serve_census_rec(const gr_game *g, gr_census_rec *rec);

/* The stored file for `req` in `dir` (the server's own descriptor path,
 * /proc/self/fd/N, never the directory's name), written to path: a
 * value, moves or play request on a heap game under normal play, with no
 * method named but auto or file, whose file (named as `grundy census`
 * names it: DIR/tb_0.6.grs, DIR/grundy-game.grs) records the same rules
 * and holds every heap of the position. false: none; the engine computes
 * as without the directory. */
bool serve_seqdir_file(const char *dir, const gr_api_request *req, char *path, size_t len);

#endif
