/* What the tier solver (tier.c) uses of the index (tier_index.c) beyond the
 * public grundy/tier_index.h: the ranking tables, partition counts and ranks
 * for the fast method's line ids, and enumeration of a tier in rank order.
 * Not installed. */
#ifndef GRUNDY_TIER_INTERNAL_H
#define GRUNDY_TIER_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/tier_index.h"

/* Partition counting, for ranks: cum[e][s][m] = the number of partitions of
 * s whose first (largest) entry u is below m and whose other e entries are
 * each <= u (entries >= 0). Triangular in (s, m), m = 0..s+1. Defined here,
 * not in tier_index.c, so that the fast method's line ids (a rank per pair
 * of piles of every position) inline the lookups. */
struct gr_tier_tables {
    int emax;                 /* cum[2..emax]; 0 and 1 have closed forms */
    uint64_t smax;
    uint64_t *cum[GR_MAX_PILES];
    /* graphs: binom[a * (n) + b] = C(a, b), a <= smax + n, b < n */
    uint64_t *binom;
    int bn;
};

static inline size_t gr_tier_tri(uint64_t s)
{
    return (size_t)(s * (s + 3) / 2);   /* rows of length s+2 before row s */
}

static inline uint64_t gr_tier_cum(const gr_tier_tables *tb, int e, uint64_t s, uint64_t m)
{
    if (e == 0) return m > s ? 1 : 0;   /* only the partition (s) itself */
    if (e == 1) {                        /* (u, s-u) with u >= s-u: u from ceil(s/2) */
        uint64_t lo = (s + 1) / 2;
        return m > lo ? m - lo : 0;
    }
    return tb->cum[e][gr_tier_tri(s) + m];
}

/* Partitions of s into k entries >= 0 (k <= n - 1). */
static inline uint64_t gr_tier_parts(const gr_tier_tables *tb, uint64_t s, int k)
{
    if (k == 0) return s == 0;
    if (k == 1) return 1;
    return gr_tier_cum(tb, k - 1, s, s + 1);
}

/* Rank of a partition (k entries, descending, sum s) among all such, in
 * lexicographic order of the entries. */
static inline uint64_t gr_tier_part_rank(const gr_tier_tables *tb, const uint64_t *mu, int k, uint64_t s)
{
    uint64_t r = 0;
    for (int i = 0; i + 1 < k; i++) {
        r += gr_tier_cum(tb, k - 1 - i, s, mu[i]);
        s -= mu[i];
    }
    return r;
}

/* gr_tier_fnv of values that follow those hashed into h (a tier's
 * checksum taken block by block, in rank order). */
uint64_t gr_tier_fnv_more(uint64_t h, const uint32_t *v, uint64_t count);

/* mu[i..k-1] := the lexicographically least descending fill of sum rem. */
void gr_tier_part_first(uint64_t *mu, int i, int k, uint64_t rem);
/* The next partition in rank order; false after the last. */
bool gr_tier_part_next(uint64_t *mu, int k);
/* The lexicographically next weak composition of the same sum; false at the end. */
bool gr_tier_comp_next(uint64_t *c, int n);

#endif
