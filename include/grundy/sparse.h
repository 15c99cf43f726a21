/* The sparse-space (rare/common) method for nim-sequences of take-and-break
 * codes whose moves leave at most two heaps (Gangolli and Plambeck; the
 * method of every record computation of octal games).
 *
 * Fix a bit mask m. A value v is *rare* when popcount(v & m) is even, else
 * *common*. Parity of popcount is additive under XOR, so rare ^ rare and
 * common ^ common are rare and only rare ^ common is common: every common
 * value among a heap's split options comes from a split with a rare part.
 * With the rare heaps listed, a heap's value costs O(rare heaps) instead of
 * O(heap): the common candidate c is the smallest common value no rare split
 * and no take reaches, and the rare values below c are excluded by scanning
 * the other splits only until each has been seen. The answer is exact for
 * every mask; a poor one is only slower (docs/takebreak.md has the proof).
 *
 * Values are kept a byte a heap while every value so far is below 256, and
 * two bytes a heap from the first value past 255 on (the values are widened
 * in place then: the same values in every run, whatever the thread count),
 * in memory or in a mapped spill file of which only the two ends stay
 * resident. Heaps are computed by a pipeline of threads: each thread walks the
 * rare splits of its heap that reach finished heaps while its predecessors
 * finish, and heaps are published strictly in order, so the values do not
 * depend on the thread count.
 *
 * Ownership: gr_sparse_new makes a gr_sparse that the caller releases once
 * with gr_sparse_free (a spill file is unlinked from the start, so nothing
 * is left on disk); the code is copied. Values it hands out are borrowed
 * until the next call on it. */
#ifndef GRUNDY_SPARSE_H
#define GRUNDY_SPARSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "grundy/error.h"
#include "grundy/takebreak.h"

/* The largest value the method stores (the 16-bit slot 0xffff marks a heap
 * not yet computed). */
#define GR_SPARSE_MAX_VALUE 0xfffeu

typedef struct gr_sparse gr_sparse;

/* Does the method cover this code (moves leave at most two heaps, splits only
 * in the listed digits)? When not, why says what is missing. */
bool gr_sparse_covers(const gr_tb_code *c, char *why, size_t len);

/* A computation of G(0..cap-1). Mask 0 lets the engine choose the mask from
 * the values: from G(1..4095), and again at every power of two after, where
 * it takes the mask that makes fewest heaps so far rare. NULL when out of
 * memory (err says so) or when the code is not covered. */
gr_sparse *gr_sparse_new(const gr_tb_code *c, uint64_t cap, uint32_t mask, const char *spill_dir, gr_error *err);
/* With a spill folder, the values live in a file there (unlinked, mapped):
 * memory holds the first and the last values (gr_sparse_keep) and what the scans touch
 * between two trims; gr_sparse_trim drops the values between them, up to
 * heap `upto`, from memory (a no-op without a spill folder). */
void gr_sparse_trim(gr_sparse *s, uint64_t upto);
/* How many heaps stay in memory at each end (default 2^22). */
void gr_sparse_keep(gr_sparse *s, uint64_t heaps);
void gr_sparse_free(gr_sparse *s);

/* Takes G(0..n-1) as known (a stored sequence being resumed) and rebuilds
 * the rare list. A run made with mask 0 takes the mask an uninterrupted run
 * would hold at n (it depends on the values only). */
int gr_sparse_load(gr_sparse *s, const uint16_t *g, uint64_t n, gr_error *err);
/* The same in two steps, for a reader that goes block by block: put stores
 * G(at..at+n-1) (in heap order from 0; a value past 255 widens the slots),
 * adopt then takes G(0..n-1) as known. */
int gr_sparse_put(gr_sparse *s, uint64_t at, const uint16_t *v, uint64_t n, gr_error *err);
int gr_sparse_adopt(gr_sparse *s, uint64_t n, gr_error *err);

/* Computes the values up to heap `upto` (exclusive end: G(count..upto-1)) on
 * `threads` threads. 0: the engine chooses, stretch by stretch, between one
 * thread and all cores from the work a heap takes (rare heaps times split
 * digits, and splits scanned a heap): cheap heaps cost more in the
 * pipeline than a second thread saves. The values are the same either way. */
int gr_sparse_extend(gr_sparse *s, uint64_t upto, int threads, gr_error *err);
/* The threads the last stretch of gr_sparse_extend ran on. */
int gr_sparse_threads(const gr_sparse *s);

/* What has been computed: G(0..count-1). gr_sparse_data holds them in
 * slots of gr_sparse_width bytes (1 or 2, native order); gr_sparse_value
 * reads one. gr_sparse_values widens byte slots to 16 bits first (O(count),
 * two bytes a slot from then on) and returns them, or NULL when out of
 * memory for that: for callers that want a uint16_t array. */
uint64_t gr_sparse_count(const gr_sparse *s);
unsigned gr_sparse_width(const gr_sparse *s);
const void *gr_sparse_data(const gr_sparse *s);
uint32_t gr_sparse_value(const gr_sparse *s, uint64_t x);
const uint16_t *gr_sparse_values(gr_sparse *s);
uint32_t gr_sparse_mask(const gr_sparse *s);
uint32_t gr_sparse_max_value(const gr_sparse *s);
/* The rare heaps (heap >= 1, G(heap) rare under the mask), ascending. */
uint64_t gr_sparse_rare_count(const gr_sparse *s);
uint64_t gr_sparse_rare_heap(const gr_sparse *s, uint64_t k);
/* Splits examined by the scans for rare values beyond the rare pass (a
 * measure of how well the mask fits). */
uint64_t gr_sparse_scanned(const gr_sparse *s);

/* Where the time went (the environment variable GR_SPARSE_STATS set to
 * other than 0 when gr_sparse_new ran; otherwise nothing is measured):
 * parallel regions and their setup, widening and masks, phase B (the
 * in-order part: its share of the wall time, a heap's cost, the look-ahead
 * depth) and each thread's share of phase A, phase B, refreshes and waiting.
 * A few clock reads a batch of heaps. */
bool gr_sparse_stats_on(const gr_sparse *s);
void gr_sparse_stats_print(const gr_sparse *s, FILE *f);

/* Is v rare under mask m? */
static inline bool gr_sparse_is_rare(uint32_t m, uint32_t v)
{
    return (__builtin_popcount(m & v) & 1) == 0;
}

/* ------------------------------------------------------------ a whole run */

#include "grundy/period.h"
#include "grundy/solve.h"

typedef struct gr_sparse_progress {
    uint64_t done, to;            /* heaps computed, heaps asked for */
    uint64_t resumed;             /* heaps found in the file */
    double seconds;               /* wall time of this run */
    uint64_t rare;                /* rare heaps so far */
    uint32_t gmax, mask;
    int threads;
} gr_sparse_progress;

typedef struct gr_sparse_job {
    const gr_tb_code *code;
    const char *rules;            /* recorded in the file, checked on resume */
    uint64_t to;                  /* compute G(0..to) */
    uint32_t mask;                /* 0: the engine chooses */
    int threads;                  /* 0: all cores */
    const char *out;              /* a sequence file (grundy/seqfile.h), or NULL */
    bool period;                  /* find the period at the end */
    bool until_period;            /* stop once the periodicity theorem certifies one */
    bool read_only;               /* out is only read: never mended or extended (a report
                                     beside a run that may be writing it) */
    gr_limits lim;
    void (*progress)(void *ctx, const gr_sparse_progress *p);
    void *ctx;
} gr_sparse_job;

typedef struct gr_sparse_result {
    gr_sparse *s;                 /* the values; the caller frees it */
    gr_sparse_progress last;
    gr_period per;                /* when period or until_period */
    gr_octal_cert cert;
} gr_sparse_result;

/* Estimates (bytes, seconds on `threads` threads) of a run to heap `to`
 * under a memory limit (past which the values spill to a file). */
void gr_sparse_estimate(uint64_t to, int threads, double max_bytes, double *bytes, double *seconds);
/* Runs a job: refuses up front past the limits, resumes from the file when
 * it exists (the same ruleset and mask, else GR_EINPUT and the file is left
 * as it was), checkpoints the file after every stretch of heaps, and stops
 * with GR_EINPUT (the file resumable) when the time limit is reached. */
int gr_sparse_job_run(const gr_sparse_job *j, gr_sparse_result *r, gr_error *err);

#endif
