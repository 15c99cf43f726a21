/* grundy serve's in-process answers: the quick calls (value, moves, play)
 * on small positions are answered by the verb itself in the server's thread,
 * with its streams captured (serve_stdio.h), saving the round trip to a
 * worker process.
 *
 * Contract: serve_inproc_run answers only a call the engine's own cost
 * estimate (gr_solver_estimate, the one behind --max-seconds and
 * --max-memory) puts under the in-process budget, and returns true only
 * with the verb's successful answer. Anything else (a call past the budget,
 * an error of any kind, another call being answered here already) returns
 * false with nothing answered, and the caller sends the call to the worker
 * pool, which stays the safety net and the one source of error messages.
 * The verb runs with the words the worker would get, limits included, so an
 * answer is byte for byte the worker's.
 *
 * One call at a time is answered here: the verbs' streams are the process's
 * own, each write takes the stream's lock, and threads sharing it stall
 * behind one another whenever the holder loses its core (a p99 of 42 ms
 * against 9 ms, measured on two loaded cores); meanwhile the other calls go
 * to the workers, which use the other core. */
#ifndef GRUNDY_SERVE_INPROC_H
#define GRUNDY_SERVE_INPROC_H
#include <stdbool.h>
#include <stddef.h>
#include "serve_pool.h"

typedef struct serve_inproc serve_inproc;

/* The budget a call's estimated search must fit to be answered here. */
typedef struct serve_budget {
    double seconds;            /* estimated seconds of search */
    double bytes;              /* estimated bytes of search */
    int input_lines;           /* lines of a play call's input */
} serve_budget;

/* Installs the per-thread streams: call before any thread starts. NULL
 * when out of memory. */
serve_inproc *serve_inproc_new(const serve_budget *budget);
void serve_inproc_free(serve_inproc *ip);
/* argv as for serve_pool_run (argv[0] the program, argv[1] the verb). */
bool serve_inproc_run(serve_inproc *ip, char **argv, const char *input, size_t max_output, serve_run *r);

#endif
