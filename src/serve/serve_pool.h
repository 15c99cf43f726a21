/* grundy serve's workers: long-lived processes of this same executable
 * (`grundy serve --worker`), each answering many API calls one after another
 * by running the verb in-process with its output captured.
 *
 * Contract: serve_pool_run runs one verb's argv in an idle worker, starting
 * one when none is running, and returns what a child process would have
 * returned (exit status, standard output, standard error). A worker that
 * dies, hangs past the deadline or grows past its memory bound is killed or
 * retires and a fresh one replaces it at the next call, so one request can
 * neither take the server down nor leave memory behind it. A pool of size 0
 * forks and executes a fresh process per call instead (the slower, simplest
 * isolation, kept for comparison and for the long batch calls).
 *
 * Scheduling: a call waits for a worker only while fewer than four times
 * the pool's size wait, and only until its own deadline (the wait counts
 * against its time); past that it is refused at once (busy). Fresh
 * processes have a budget of their own (as many at once as the pool has
 * workers, at least 4; four times as many waiting), so the long batch
 * calls never take the workers, and a burst of them never forks without
 * bound. */
#ifndef GRUNDY_SERVE_POOL_H
#define GRUNDY_SERVE_POOL_H
#include <stdbool.h>
#include <stddef.h>

typedef struct serve_pool serve_pool;

/* What one run came back with. */
typedef struct serve_run {
    int exit_status;           /* the verb's status when it returned */
    bool exited;               /* false: the process died (signal, crash, memory) */
    bool timed_out;            /* killed at the deadline, or no worker came free before it */
    bool busy;                 /* refused at once: every worker busy and as many calls waiting */
    bool too_big;              /* output past max_output, discarded */
    char *out;                 /* standard output, malloc'd (NUL-terminated) */
    size_t out_len;
    char *err;                 /* the first 4 KiB of standard error, malloc'd */
} serve_run;

/* `self`: this executable's path; `size`: workers (0: a process per call);
 * `bytes`: each process's address-space limit. NULL when out of memory. */
serve_pool *serve_pool_new(const char *self, int size, double bytes);
/* Starts every worker now rather than at its first call (a worker's start
 * takes milliseconds, which the first requests would otherwise wait for). */
void serve_pool_start(serve_pool *p);
/* Runs argv (argv[0] the program name, NULL-terminated) with `input` (or
 * nothing, when NULL) on its standard input; `fresh` forces a process of its
 * own whatever the pool's size. The whole call, waiting for a worker
 * included, ends within `seconds`. */
void serve_pool_run(serve_pool *p, char **argv, const char *input, double seconds, size_t max_output, bool fresh,
                    serve_run *r);
void serve_run_free(serve_run *r);
/* Whether serve_pool_run with `fresh` runs a process of its own. */
bool serve_pool_fresh(const serve_pool *p, bool fresh);
/* Stops every worker and frees the pool. */
void serve_pool_free(serve_pool *p);

/* The worker's side: serves the requests arriving on file descriptor 3 until
 * it closes. Returns the process's exit status. */
int serve_worker_main(void);
/* One layer call in a process of its own (`grundy serve --call @verb SECS
 * BYTES PAIRS...`, the words serve_api.c gives a worker): the body on
 * standard output, the exit status the code's (gr_status_exit). */
int serve_call_main(int argc, char **argv);

#endif
