/* The tier solver: every position of a ruleset that keeps its total, solved
 * bottom-up in tiers (Sharing Nim with any number of piles, and on graphs).
 * The positions, their ranks and checksums are the index (grundy/tier_index.h).
 *
 * A move keeps the raw total and never lowers the minimum, so the options of
 * a position of canonical total t lie in totals t, t-n, t-2n, ...: the totals
 * with the same residue mod n form a chain that needs no other. Inside a tier
 * a position's options come earlier in a known order. docs/tiers.md proves
 * the order and the fast mex, and describes the split over threads and ranks. */
#ifndef GRUNDY_TIER_H
#define GRUNDY_TIER_H
#include <stdbool.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/tier_index.h"

enum gr_tier_method {
    GR_TIER_FAST = 0,     /* per line bitsets (complete graph); graphs fall back to options */
    GR_TIER_OPTIONS = 1   /* every option looked up by rank: the reference */
};

/* Called when tier t is finished (its values in s->v[t]); may run on several
 * threads at once, for different t. Non-zero stops the solve. */
typedef int (*gr_tier_done_fn)(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err);
/* Called before tier t is computed: returns 1 and fills s->v[t] (malloc'd,
 * s->size[t] values) when it is already known (resume), 0 when it is not. */
typedef int (*gr_tier_load_fn)(void *ctx, gr_tiers *s, uint64_t t, gr_error *err);

/* Optional, cheap: is tier t stored (so that load will likely find it)? */
typedef bool (*gr_tier_have_fn)(void *ctx, const gr_tiers *s, uint64_t t);

/* All-to-all among the q ranks of a chain's group (as MPI_Alltoallv):
 * this rank sends counts[k] words to rank k (send holds the words for rank
 * 0, then for rank 1, ...), and receives got[k] words from each rank k into
 * *recv, rank 0's first. *recv holds *cap words (NULL and 0 at first); the
 * callee grows it with realloc when more arrive, and the caller keeps it
 * from call to call and frees it. Every rank of the group calls it the same
 * number of times. GR_OK or an error status. */
typedef int (*gr_tier_exchange_fn)(void *ctx, const uint64_t *send, const size_t *counts, uint64_t **recv,
                                   size_t *cap, size_t *got, gr_error *err);

typedef struct gr_tier_opts {
    int method;                   /* enum gr_tier_method */
    int threads;                  /* 0: OpenMP's default. Threads beyond the chains
                                   * (n of them) work inside a chain by steps of
                                   * the largest pile (docs/tiers.md), fast method
                                   * only; every tier of such a chain is held in
                                   * memory until it is whole */
    bool keep;                    /* keep every tier in memory (else freed after done) */
    gr_tier_done_fn done;
    gr_tier_load_fn load;
    gr_tier_have_fn have;
    void *ctx;
    double max_bytes;             /* refuse a solve estimated above this; 0: half the machine */
    double max_seconds;           /* refuse a solve estimated longer; 0: no limit */
    int (*stop)(void *ctx);       /* as gr_limits' stop hook, asked once a tier: non-zero
                                   * stops the solve with GR_EINPUT; NULL: never */
    void *stop_ctx;
    /* Spread over processes (MPI ranks); ranks 0 or 1: every chain here.
     * With ranks <= chains this one solves the chains r with r % ranks ==
     * rank. With more ranks each rank joins the group of one chain
     * (gr_tiers_rank_chain): the q ranks of a group own the chain's tiers in
     * turn and compute them by steps, `exchange` carrying the lines a rank
     * reads from the others (fast method, 3 piles or more; otherwise the
     * first rank of a group works alone and the others idle). The rank that
     * owns a tier reports it: calls done() and sets sum[t]; on the others
     * sum[t] stays 0. */
    int rank, ranks;
    gr_tier_exchange_fn exchange;
    void *exchange_ctx;
    bool step_barrier;            /* benchmarks: a chain's threads meet after every
                                   * step and its finisher takes the checksums, as
                                   * before the steps flowed (the same values) */
    int pool;                     /* enum gr_tier_pool: how threads beyond the chains
                                   * share them (the same values every way) */
} gr_tier_opts;

/* Threads beyond the chains: every chain's steps on one pool of threads,
 * each thread with blocks in every chain (shared), or each chain on a team
 * of its own, threads / chains (teams: as before the pool). Auto: shared,
 * unless the threads outnumber the cores (there the scheduler already gives
 * a waiting thread's core to another chain's). */
enum gr_tier_pool { GR_TIER_POOL_AUTO = 0, GR_TIER_POOL_SHARED, GR_TIER_POOL_TEAMS };

int gr_tiers_solve(gr_tiers *s, const gr_tier_opts *o, gr_error *err);

/* The chain (its residue mod n) whose group `rank` joins when there are more
 * ranks than chains; -1 when ranks <= chains (each rank solves whole chains
 * alone). The extra ranks go to the longest chains first. */
int gr_tiers_rank_chain(const gr_tiers *s, int rank, int ranks);

/* The memory a solve with these options is expected to need at its peak. */
double gr_tiers_bytes(const gr_tiers *s, const gr_tier_opts *o);
/* A rough time estimate (measured rates, docs/tiers.md). */
double gr_tiers_seconds(const gr_tiers *s, const gr_tier_opts *o);
#endif
