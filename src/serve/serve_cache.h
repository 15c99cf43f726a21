/* grundy serve's answers kept by query: an API answer is a pure function
 * of its query for a given binary (docs/api.md: Cache-Control), so the
 * answers the server gave in its own threads are kept and given again to
 * the same query without validating, searching or writing JSON.
 *
 * Contract: bounded (`entries` answers, each at most `max_body` bytes; one
 * per slot, a new answer replacing the slot's old one), so the server's
 * memory stays flat; keyed by the call's verb and its query pairs byte for
 * byte, in order; any number of threads at once (a lock per group of
 * slots). Only 200 answers given in-process are kept.
 *
 * A user may keep a thing made from an answer with it (the server keeps
 * the answer's ready HTTP response): made once, under the slot's lock, in
 * serve_cache_use, and dropped with the answer (replaced, or the cache
 * freed) by the drop function, after the lock is released: whoever uses
 * the thing past serve_cache_use must take a reference of its own while
 * inside it. */
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
/* Calls use(ctx, status, body, len, &made) under the answer's lock when the
 * query is kept (made: NULL until a use sets it) and returns its result;
 * false when not kept. */
typedef bool (*serve_cache_user)(void *ctx, int status, const char *body, size_t len, void **made);
bool serve_cache_use(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, serve_cache_user use, void *ctx);
/* How a made thing is dropped (set before any use makes one). */
typedef void (*serve_cache_drop)(void *made, void *ctx);
void serve_cache_set_drop(serve_cache *c, serve_cache_drop drop, void *ctx);
/* Keeps a copy of the reply for the query (a reply too big is not kept). */
void serve_cache_put(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply);

#endif
