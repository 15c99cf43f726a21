/* The ranks of a chain's group as threads of one process, for the tier
 * solver's tests and benchmarks without MPI: an all-to-all through pointers
 * posted between two barriers, as MPI_Alltoallv would do it (the contract of
 * gr_tier_exchange_fn). */
#ifndef GRUNDY_THREAD_GROUP_H
#define GRUNDY_THREAD_GROUP_H
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/error.h"

#define THREAD_GROUP_MAX 64

typedef struct thread_group {
    pthread_barrier_t bar;
    const uint64_t *send[THREAD_GROUP_MAX];   /* each member's words in flight */
    const size_t *counts[THREAD_GROUP_MAX];
    int q;
} thread_group;

static inline int thread_group_init(thread_group *g, int q)
{
    g->q = q;
    return q < 1 || q > THREAD_GROUP_MAX ? -1 : pthread_barrier_init(&g->bar, NULL, (unsigned)q);
}

static inline void thread_group_destroy(thread_group *g)
{
    pthread_barrier_destroy(&g->bar);
}

/* Member me's part of one all-to-all. It passes both barriers whatever
 * happens, so that no member waits for it. */
static inline int thread_group_exchange(thread_group *g, int me, const uint64_t *send, const size_t *counts,
                                        uint64_t **recv, size_t *cap, size_t *got, gr_error *err)
{
    g->send[me] = send, g->counts[me] = counts;
    pthread_barrier_wait(&g->bar);
    size_t total = 0;
    for (int k = 0; k < g->q; k++) total += got[k] = g->counts[k][me];
    if (total > *cap) {
        uint64_t *grown = realloc(*recv, total * sizeof *grown);
        if (grown) *recv = grown, *cap = total;
    }
    int rc = total <= *cap ? GR_OK : gr_fail(err, GR_ENOMEM, "not enough memory");
    for (size_t k = 0, at = 0; !rc && k < (size_t)g->q; k++) {
        size_t from = 0;
        for (int j = 0; j < me; j++) from += g->counts[k][j];
        if (got[k]) memcpy(*recv + at, g->send[k] + from, got[k] * sizeof **recv);
        at += got[k];
    }
    pthread_barrier_wait(&g->bar);   /* the senders keep their words until every member has them */
    return rc;
}
#endif
