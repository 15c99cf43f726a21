/* grundy serve's call threads: where a request that may block (a call
 * searched in-process, or one waiting seconds for a worker) runs, so that
 * the few threads polling every connection never block.
 *
 * Contract: serve_offload_run starts the task at once in a thread that is
 * doing nothing else: an idle one kept from earlier tasks, else a new one;
 * a task never waits behind another task. Threads are bounded by the tasks
 * running at once (the caller bounds those: one per request in flight) plus
 * `keep_idle` idle ones kept for the next tasks; past that an idle thread
 * exits. A new thread inherits the caller's signal mask, and runs `nice`
 * steps below the thread that started it, so that calls (a heavy call's
 * estimate takes the better part of a second) yield the cores to the
 * threads that poll the connections. */
#ifndef GRUNDY_SERVE_OFFLOAD_H
#define GRUNDY_SERVE_OFFLOAD_H
#include <stdbool.h>

typedef struct serve_offload serve_offload;

/* One task: embedded in the caller's own struct, which run() receives. */
typedef struct serve_task {
    void (*run)(struct serve_task *t);
    struct serve_task *next;   /* the offload's */
} serve_task;

/* NULL when out of memory. */
serve_offload *serve_offload_new(int keep_idle, int nice);
/* Runs t->run(t) in a thread of its own; false (nothing run) when no
 * thread could be started. */
bool serve_offload_run(serve_offload *o, serve_task *t);
/* Tasks started and not yet returned. */
int serve_offload_busy(serve_offload *o);
/* Waits for the running tasks to return, stops the idle threads, frees. */
void serve_offload_free(serve_offload *o);

#endif
