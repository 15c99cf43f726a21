/* The tier solver: every position of a ruleset that keeps its total, solved
 * bottom-up in tiers (Sharing Nim with any number of piles, and on graphs).
 *
 * Sharing positions are taken up to translation (the minimum subtracted), so a
 * position of canonical total t has a pile 0 and its other piles sum to t. A
 * move keeps the raw total and never lowers the minimum, so the options of a
 * position of canonical total t lie in totals t, t-n, t-2n, ...: the totals
 * with the same residue mod n form a chain that needs no other. A tier is one
 * canonical total; inside a tier positions get a perfect rank (the rank of a
 * partition on the complete graph, of a composition on a graph) and values
 * live in flat arrays. docs/tiers.md proves the order and the fast mex. */
#ifndef GRUNDY_TIER_H
#define GRUNDY_TIER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/position.h"
#include "grundy/ruleset.h"

enum gr_tier_method {
    GR_TIER_FAST = 0,     /* per line bitsets (complete graph); graphs fall back to options */
    GR_TIER_OPTIONS = 1   /* every option looked up by rank: the reference */
};

typedef struct gr_tier_tables gr_tier_tables;

typedef struct gr_tiers {
    int n;                        /* piles */
    bool graph;                   /* pile order matters (not the complete graph) */
    bool edge[GR_MAX_PILES][GR_MAX_PILES];
    uint64_t total;               /* every canonical total 0..total is solved */
    uint64_t *size;               /* size[t]: positions of canonical total t */
    uint32_t **v;                 /* v[t][rank]: values, NULL until tier t is known */
    uint64_t *sum;                /* sum[t]: FNV-1a 64 of tier t's values (u32 LE) */
    gr_tier_tables *tab;          /* ranking tables */
    /* What the last solve used in this process: threads, thread-seconds
     * (threads x wall), and thread-seconds lost waiting (for the longest
     * chain, and at the end of each level inside a tier). */
    int used_threads;
    double thread_s, waited_s;
} gr_tiers;

/* Called when tier t is finished (its values in s->v[t]); may run on several
 * threads at once, for different t. Non-zero stops the solve. */
typedef int (*gr_tier_done_fn)(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err);
/* Called before tier t is computed: returns 1 and fills s->v[t] (malloc'd,
 * s->size[t] values) when it is already known (resume), 0 when it is not. */
typedef int (*gr_tier_load_fn)(void *ctx, gr_tiers *s, uint64_t t, gr_error *err);

/* Optional, cheap: is tier t stored (so that load will likely find it)? */
typedef bool (*gr_tier_have_fn)(void *ctx, const gr_tiers *s, uint64_t t);

typedef struct gr_tier_opts {
    int method;                   /* enum gr_tier_method */
    int threads;                  /* 0: OpenMP's default. Threads beyond the chains
                                   * (n of them) work inside a tier by levels
                                   * (docs/tiers.md), fast method only */
    uint64_t level_min;           /* a tier is split into levels from this many
                                   * positions on; 0: 4096 (tests lower it) */
    bool keep;                    /* keep every tier in memory (else freed after done) */
    gr_tier_done_fn done;
    gr_tier_load_fn load;
    gr_tier_have_fn have;
    void *ctx;
    double max_bytes;             /* refuse a solve estimated above this; 0: half the machine */
    double max_seconds;           /* refuse a solve estimated longer; 0: no limit */
    /* Spread over processes (MPI ranks): this one solves the chains r with
     * r % ranks == rank. ranks 0 or 1: every chain. */
    int rank, ranks;
} gr_tier_opts;

/* Sets up the solver for a sharing game (any pile count n, optional graph)
 * and every canonical total up to `total`. Refuses (GR_EINPUT) other
 * rulesets and sizes whose tables would not fit. */
int gr_tiers_init(gr_tiers *s, const gr_game *g, int n, uint64_t total, gr_error *err);
void gr_tiers_free(gr_tiers *s);
int gr_tiers_solve(gr_tiers *s, const gr_tier_opts *o, gr_error *err);

/* The total number of positions. */
uint64_t gr_tiers_positions(const gr_tiers *s);
/* The memory a solve with these options is expected to need at its peak. */
double gr_tiers_bytes(const gr_tiers *s, const gr_tier_opts *o);
/* A rough time estimate (measured rates, docs/tiers.md). */
double gr_tiers_seconds(const gr_tiers *s, const gr_tier_opts *o);
/* Canonical form of pos (n piles): min subtracted, sorted ascending unless a
 * graph; returns its canonical total. */
uint64_t gr_tiers_canonical(const gr_tiers *s, gr_pos *pos);
/* The rank of a canonical position inside its tier. */
uint64_t gr_tiers_rank(const gr_tiers *s, const gr_pos *canon);
/* The canonical position of a rank (inverse of gr_tiers_rank). */
void gr_tiers_unrank(const gr_tiers *s, uint64_t t, uint64_t rank, gr_pos *out);
/* The value of any position of n piles whose canonical total is solved and
 * kept: GR_EINPUT otherwise. */
int gr_tiers_value(const gr_tiers *s, const gr_pos *pos, uint32_t *value, gr_error *err);
/* FNV-1a 64 over the tiers' checksums sum[0..total] in order: the checksum
 * of all values in rank order, tier by tier (computable in parallel). */
uint64_t gr_tiers_checksum(const gr_tiers *s);
uint64_t gr_tier_fnv(const uint32_t *v, uint64_t count);

#endif
