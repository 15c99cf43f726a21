/* grundy serve's answers kept by query: an API answer is a pure function
 * of its query for a given binary (docs/api.md: Cache-Control), so the
 * answers the server gave in its own threads are kept and given again to
 * the same query without validating, searching or writing JSON.
 *
 * Contract: bounded (`entries` answers, each at most `max_body` bytes; one
 * per slot, a new answer replacing the slot's old one), so the server's
 * memory stays flat; keyed by the call's verb and its query pairs byte for
 * byte, in order; any number of threads at once (a lock per group of
 * slots). Only 200 answers given in-process are kept. */
#ifndef GRUNDY_SERVE_CACHE_H
#define GRUNDY_SERVE_CACHE_H
#include <stdbool.h>
#include <stddef.h>
#include "grundy/api.h"
#include "serve.h"

typedef struct serve_cache serve_cache;

/* NULL when out of memory. */
serve_cache *serve_cache_new(int entries, size_t max_body);
void serve_cache_free(serve_cache *c);
/* True with reply filled (status, a copy of the body, by "server"). */
bool serve_cache_get(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, serve_reply *reply);
/* Keeps a copy of the reply for the query (a reply too big is not kept). */
void serve_cache_put(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply);

#endif
