/* A server's saved misere quotients (grundy serve --quotients DIR): the
 * file a heap game's misere value, moves or play answers by, as
 * `value --misere --quotient FILE` does on the command line. */
#ifndef GRUNDY_SERVE_QUOTDIR_H
#define GRUNDY_SERVE_QUOTDIR_H
#include "grundy/api.h"
#include <stdbool.h>
#include <stddef.h>

typedef struct serve_quotcache serve_quotcache;

/* The saved quotient for `req` in `dir` (the server's own descriptor path,
 * /proc/self/fd/N, never the directory's name), written to path: a value,
 * moves or play request on a heap game under misere play with no quotient
 * of its own, whose file (named as the census names sequences, with .grq
 * for .grs: DIR/tb_0.77.grq, DIR/tb_0.07.grq) records the same game and
 * covers every heap of the position (heaps 0..N it was built for, or all
 * heaps where its phi is proved periodic). false: none; the engine answers
 * as without the directory. */
bool serve_quotdir_file(const char *dir, struct serve_quotcache *cache, const gr_api_request *req, char *path,
                        size_t len);

/* What the files' heads said (game, heaps, period; the checksum over the
 * whole file checked), kept per file identity (path, device, inode, size,
 * mtime, ctime) so that a request costs a stat, not a read of the file; a
 * file that changes is read again. Shared by the server's threads; NULL to
 * read the head at every call. */
struct serve_quotcache *serve_quotcache_new(void);
void serve_quotcache_free(struct serve_quotcache *c);

#endif
