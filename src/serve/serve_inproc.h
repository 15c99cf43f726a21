/* grundy serve's in-process answers: the answer layer's calls (value,
 * moves, play) on small positions are answered in the server's own thread,
 * saving the round trip to a worker process.
 *
 * Contract: serve_inproc_answer takes a validated request and answers it
 * only when the engine's own cost estimate (gr_solver_estimate, the one
 * behind --max-seconds and --max-memory) puts its search under the budget,
 * and then runs it with the engine's limits set to the budget, so that no
 * call here can take more than the budget's time or memory whatever the
 * estimate said: a call the engine stops at those limits returns false, as
 * does one past the estimate, and the caller sends it to a worker, which
 * answers with the worker's limits (so the answer is the worker's, byte for
 * byte). A play call is answered here only when its input has fewer lines
 * than the budget's (each line may search again, from a position below the
 * start, so under the same estimate). Errors of the request itself (a bad
 * ruleset) are answered here.
 * Any number of threads may answer at once: the engines of recently used
 * games are kept in a bounded cache, each lent to one call at a time. */
#ifndef GRUNDY_SERVE_INPROC_H
#define GRUNDY_SERVE_INPROC_H
#include <stdbool.h>
#include <stddef.h>
#include "grundy/api.h"
#include "serve.h"
#include "serve_cache.h"

typedef struct serve_inproc serve_inproc;

/* The budget a call must fit to be answered here. */
typedef struct serve_budget {
    double seconds;            /* estimated seconds of search, and the engine's time limit here */
    double bytes;              /* estimated bytes of search, and the engine's memory limit here */
    int input_lines;           /* a play call's input has fewer lines (each may search again) */
} serve_budget;

/* NULL when out of memory. */
serve_inproc *serve_inproc_new(const serve_budget *budget);
void serve_inproc_free(serve_inproc *ip);
/* True with reply filled (status, JSON body, by = "server"); false: not
 * answered here, nothing filled. */
bool serve_inproc_answer(serve_inproc *ip, const gr_api_request *req, serve_reply *reply);
/* Answers kept by query (serve_cache.h): true with reply filled when the
 * same verb and pairs were answered here before; keep stores a 200 answer
 * given here. */
bool serve_inproc_kept(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, serve_reply *reply);
void serve_inproc_keep(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply);
/* The kept answer for the query, used in place, with what the caller made
 * from it kept beside it (serve_cache.h: serve_cache_use, set_drop). */
bool serve_inproc_use(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, serve_cache_user use,
                      void *ctx);
void serve_inproc_set_drop(serve_inproc *ip, serve_cache_drop drop, void *ctx);

#endif
