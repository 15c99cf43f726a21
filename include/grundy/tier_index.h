/* The index of the tier solver's positions: canonical form, perfect ranks
 * inside a tier, their inverse, and the checksums of stored values. It knows
 * nothing of how values are computed (grundy/tier.h, the solver) and is all
 * that the tier files (grundy/tierdb.h) and lookups need.
 *
 * Sharing positions are taken up to translation (the minimum subtracted), so a
 * position of canonical total t has a pile 0 and its other piles sum to t. A
 * tier is one canonical total; inside a tier positions get a perfect rank (the
 * rank of a partition on the complete graph, of a composition on a graph) and
 * values live in flat arrays, v[t][rank]. docs/tiers.md has the proofs. */
#ifndef GRUNDY_TIER_INDEX_H
#define GRUNDY_TIER_INDEX_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/position.h"
#include "grundy/ruleset.h"

typedef struct gr_tier_tables gr_tier_tables;

typedef struct gr_tiers {
    int n;                        /* piles */
    bool graph;                   /* pile order matters (not the complete graph) */
    bool edge[GR_MAX_PILES][GR_MAX_PILES];
    uint64_t total;               /* every canonical total 0..total is indexed */
    uint64_t *size;               /* size[t]: positions of canonical total t */
    uint32_t **v;                 /* v[t][rank]: values, NULL until tier t is known */
    uint64_t *sum;                /* sum[t]: FNV-1a 64 of tier t's values (u32 LE) */
    gr_tier_tables *tab;          /* ranking tables (owned, read only once built) */
    /* Filled by gr_tiers_solve (grundy/tier.h), for --stats: threads used,
     * thread-seconds (threads x wall) and those lost waiting (for the
     * longest chain, at the end of each level, and for other ranks), and
     * the CPU seconds of work that one thread of a chain does alone at any
     * thread count (tiers too small to split, reading tiers, widening the
     * bitsets): the serial part; and the CPU seconds of the tiers' ends
     * (checksums, the caller's done(): files) run beside the computing. */
    int used_threads;
    double thread_s, waited_s, alone_s, behind_s;
} gr_tiers;

/* Sets up the index for a sharing game (any pile count n, optional graph)
 * and every canonical total up to `total`: tier sizes and ranking tables, no
 * values. Refuses (GR_EINPUT) other rulesets and sizes whose tables would
 * not fit. */
int gr_tiers_init(gr_tiers *s, const gr_game *g, int n, uint64_t total, gr_error *err);
/* Frees the tables and every value array still held (v[t] is owned). */
void gr_tiers_free(gr_tiers *s);

/* The total number of positions. */
uint64_t gr_tiers_positions(const gr_tiers *s);
/* Canonical form of pos (n piles): min subtracted, sorted ascending unless a
 * graph; returns its canonical total. */
uint64_t gr_tiers_canonical(const gr_tiers *s, gr_pos *pos);
/* The rank of a canonical position inside its tier. */
uint64_t gr_tiers_rank(const gr_tiers *s, const gr_pos *canon);
/* The canonical position of a rank (inverse of gr_tiers_rank). */
void gr_tiers_unrank(const gr_tiers *s, uint64_t t, uint64_t rank, gr_pos *out);
/* The value of any position of n piles whose canonical total is indexed and
 * held in v: GR_EINPUT otherwise. */
int gr_tiers_value(const gr_tiers *s, const gr_pos *pos, uint32_t *value, gr_error *err);
/* FNV-1a 64 over the tiers' checksums sum[0..total] in order: the checksum
 * of all values in rank order, tier by tier (computable in parallel). */
uint64_t gr_tiers_checksum(const gr_tiers *s);
/* FNV-1a 64 of count values, each as 4 bytes little-endian: a tier's sum. */
uint64_t gr_tier_fnv(const uint32_t *v, uint64_t count);

#endif
