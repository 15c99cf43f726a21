/* What the tier solver's files share (not installed): a chain being
 * solved, its line bitsets and the fast mex (tier_lines.c), a tier's end
 * on a thread of its own and the chain tier after tier (tier.c), and the
 * steps that put threads and ranks inside a chain (tier_steps.c).
 * docs/tiers.md proves what they rely on. */
#ifndef GRUNDY_TIER_CHAIN_H
#define GRUNDY_TIER_CHAIN_H
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include "grundy/tier.h"
#include "tier_internal.h"

/* One chain (tiers r, r+n, ... top) as this process solves it. */
typedef struct gr_tier_chain {
    gr_tiers *s;
    const gr_tier_opts *o;
    uint64_t r;             /* residue: tiers r, r+n, ..., top */
    uint64_t top;
    int inner;              /* threads inside the chain (fast method) */
    int gi, gq;             /* this rank's index in the chain's group, the group's size */
    double seconds;         /* wall time of the chain */
    double waited;          /* thread-seconds its inner threads waited at steps' ends */
    double alone;           /* CPU seconds of work only one thread of the chain can do */
    double behind;          /* CPU seconds of tiers' ends done beside the computing */
    gr_error err;
} gr_tier_chain;

/* The fast method's state for one chain: the chain seen in raw coordinates
 * of total `top` (canonical total t = top - n*m is the raw position minus m),
 * and one bitset per line: a line is a pair of piles with the other n-2
 * raw piles fixed (as a multiset R) and their sum c fixed. */
typedef struct gr_tier_lines {
    uint64_t top;
    int k;                   /* n - 2 entries in R */
    uint64_t *off;           /* off[c]: first line id of sum c */
    uint64_t count;
    uint64_t *bits;          /* count * words, in its own mapping */
    size_t words;
    void *map;               /* the mapping (bits lie in it, on a huge page boundary) */
    size_t map_bytes;
} gr_tier_lines;

static inline uint64_t gr_tier_line_id(const gr_tiers *s, const gr_tier_lines *L, const uint64_t *lam, int i, int j)
{
    uint64_t R[GR_MAX_PILES];
    int k = 0;
    for (int a = 0; a < s->n; a++)
        if (a != i && a != j) R[k++] = lam[a];
    uint64_t c = lam[i] + lam[j];
    return L->off[c] + gr_tier_part_rank(s->tab, R, k, L->top - c);
}

/* How many positions' lines are prefetched ahead of their use (measured:
 * without it 4 piles to 800 ran at ~6.3 M positions per CPU second, with
 * 3 to 6 ahead at ~12, on a loaded 2-core machine). */
#ifndef GR_TIER_AHEAD
#define GR_TIER_AHEAD 4
#endif

/* A tier's end (its checksum, the caller's done(): for the command line
 * the tally and the tier's file) runs on a thread of its own while the
 * chain computes its next tier, which reads the lines and never this
 * tier's values; the chain joins it before the tier after. Its error, if
 * any, is the chain's at that join. */
typedef struct gr_tier_finisher {
    gr_tier_chain *ch;
    uint64_t t;
    bool computed, pending, running;
    bool summed;            /* s->sum[t] already taken (block by block, by the steps) */
    int rc;
    double cpu;
    gr_error err;
    pthread_t th;
} gr_tier_finisher;

/* Wall time, and the CPU time of the calling thread (what one thread did,
 * whatever the load). */
double gr_tier_now(void);
double gr_tier_cpu(void);

/* The chain's lines, all empty, `words` words a bitset (0: one). */
int gr_tier_lines_init(gr_tier_chain *ch, gr_tier_lines *L, size_t words);
void gr_tier_lines_free(gr_tier_lines *L);
/* The bitsets' width a solve to `total` is expected to reach. */
size_t gr_tier_lines_words(uint64_t total);
/* Widens the bitsets until they hold x. */
int gr_tier_lines_fit(gr_tier_lines *L, uint32_t x, gr_error *err);
/* The same in parts, for a team: a new mapping wide enough for x in *to,
 * the lines [i0, i1) copied into it (threads apart), the old one dropped. */
int gr_tier_lines_widen_begin(const gr_tier_lines *L, uint32_t x, gr_tier_lines *to, gr_error *err);
void gr_tier_lines_widen_copy(const gr_tier_lines *L, gr_tier_lines *to, uint64_t i0, uint64_t i1);
void gr_tier_lines_widen_end(gr_tier_lines *L, gr_tier_lines *to);

#define GR_TIER_NEEDS_WIDER (-2)   /* gr_tier_fast_block: a value too wide for the bitsets, not widened */
/* Ranks [r0, r1) of tier t, mu the partition of r0, in rank order (see
 * tier_lines.c); with grow false a value too wide for the bitsets stops
 * the block before it: GR_TIER_NEEDS_WIDER, *stuck its rank, *wide it. */
int gr_tier_fast_block(gr_tiers *s, gr_tier_lines *L, uint64_t t, uint64_t *mu, uint64_t r0, uint64_t r1, bool known,
                       bool grow, uint64_t *stuck, uint32_t *wide, gr_error *err);
/* One whole tier in rank order, on this thread. */
int gr_tier_fast_tier(gr_tiers *s, gr_tier_lines *L, uint64_t t, bool known, gr_error *err);

/* The caller's stop hook asked (GR_EINPUT when it says stop). */
int gr_tier_stop_asked(const gr_tier_chain *ch, uint64_t t, gr_error *err);
/* Tier t read from disk (*known) or allocated to be computed. */
int gr_tier_load(gr_tier_chain *ch, uint64_t t, bool *known);
/* A tier's end on its own thread; joined before the next is started.
 * With summed, s->sum[t] holds the tier's checksum already. */
void gr_tier_finisher_start(gr_tier_finisher *f, gr_tier_chain *ch, uint64_t t, bool computed, bool summed);
int gr_tier_finisher_join(gr_tier_finisher *f);

/* The chain by steps of the largest pile, on its threads, or its share of
 * it on a rank of its group (tier_steps.c). */
int gr_tier_run_steps(gr_tier_chain *ch);
/* The steps of `count` chains (none in a group, the longest first) on one
 * pool of `threads` threads, laid out as `layout` (enum gr_tier_pool):
 * rcs[c] is chain c's status, *idle the thread-seconds the pool's threads
 * waited, *team the threads it had; each chain's seconds are the pool's. */
int gr_tier_run_pool(gr_tier_chain *const *chs, int count, int threads, int layout, int *rcs, double *idle,
                     int *team);
#endif
