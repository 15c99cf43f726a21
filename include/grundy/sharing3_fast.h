/* The fast exact table of three-pile Sharing Nim (seed 000), row by row.
 *
 * Row b holds G(0,a,b) for a = 0..b/2; the rest of the row follows from the
 * symmetry G(0,a,b) = G(0,b-a,b) (seed 000, Theorem thm.ab). Each value is the
 * mex of the union of three per-line value sets (docs/sharing-table.md has
 * the line structure and its proof), so a row costs a few word operations
 * per position and the N^2 table is never held: rows stream to the caller.
 *
 * Memory: one bitset of n+1 bits (plus a two-level summary) per line,
 * 2n+1 lines, committed lazily page by page, so what is touched is about
 * (number of lines) x (largest value on the line) bits.
 *
 * Ownership: gr_s3fast_new makes a table maker the caller releases once
 * with gr_s3fast_free; rows handed to a gr_s3fast_fn are borrowed for the
 * call, rows the caller passes in are only read. */
#ifndef GRUNDY_SHARING3_FAST_H
#define GRUNDY_SHARING3_FAST_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/sharing3.h"
#include "grundy/solve.h"

/* The fast method needs one summary word per line (see the .c file). */
#define GR_S3FAST_MAX_N 262000u

typedef struct gr_s3fast gr_s3fast;

/* A state able to compute rows 0..n. */
int gr_s3fast_new(gr_s3fast **out, uint32_t n, gr_error *err);
void gr_s3fast_free(gr_s3fast *st);
/* The row the next call to gr_s3fast_row or gr_s3fast_feed stands for. */
uint32_t gr_s3fast_next(const gr_s3fast *st);
/* Number of stored values of row b: a = 0..b/2. */
static inline uint32_t gr_s3fast_row_len(uint32_t b) { return b / 2 + 1; }
/* Computes the next row b into row[0..b/2] (row[a] = G(0,a,b)). */
void gr_s3fast_row(gr_s3fast *st, uint32_t *row);
/* Computes `count` rows from the next one on (on the threads set below),
 * handing each to fn in order: fn(ctx, b, row) with row[a] = G(0,a,b),
 * valid during the call. A non-zero return from fn stops the run and is
 * returned; the rows handed over so far count as done. */
typedef int (*gr_s3fast_fn)(void *ctx, uint32_t b, const uint32_t *row);
int gr_s3fast_rows(gr_s3fast *st, uint32_t count, gr_s3fast_fn fn, void *ctx);
/* The same, handing rows over a band at a time, between bands, so the
 * caller can spread its work on them over the threads: fn(ctx, b0, count,
 * rows, stride, threads) with row b0 + r at rows + r * stride (valid during
 * the call) and `threads` the threads the band was allowed (1 when rows are
 * computed one by one, which hands them over one at a time). A non-zero
 * return stops the run and is returned; the band counts as done. */
typedef int (*gr_s3fast_band_fn)(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride,
                                 int threads);
int gr_s3fast_bands(gr_s3fast *st, uint32_t count, gr_s3fast_band_fn fn, void *ctx);
/* The same with the hand-over of a band overlapped with computing the next
 * one (docs/sharing-table.md, "Hand-over inside the computing"): begin(ctx,
 * b0, count, rows, stride, threads, &items) runs once the band is computed
 * and sets how many items its hand-over has; item(ctx, i, thread) then runs
 * for each i, on any thread (thread < `threads`, several at once), while
 * the next band is computed; end(ctx) runs once every item is done, before
 * the next band's begin. Begin and end run one at a time, in band order,
 * on one of the computing threads (or the calling thread), while the other
 * threads compute. The rows stay valid until end returns. A non-zero return
 * of begin or end stops the run and is returned (a band computed beyond the
 * last one handed over is then lost: the state is not to be used again). */
typedef struct gr_s3fast_sink {
    int (*begin)(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                 long *items);
    void (*item)(void *ctx, long i, int thread);
    int (*end)(void *ctx);
    void *ctx;
} gr_s3fast_sink;
int gr_s3fast_pipelined(gr_s3fast *st, uint32_t count, const gr_s3fast_sink *k);
/* Threads. 0 (default): from n = 4096 on, strips on every core OpenMP
 * offers (OMP_NUM_THREADS), on half as many for a while when the threads
 * mostly wait for each other (a busy machine); below 4096, rows on one
 * thread. p >= 1: strips on at most p threads. Either way a band of rows
 * never gets more threads than it has strips, so a small N uses fewer.
 * The values do not depend on the thread count (docs/sharing-table.md). */
#define GR_S3FAST_MAX_THREADS 1024
void gr_s3fast_set_threads(gr_s3fast *st, int threads);
/* Rows in step on 1 or 2 threads instead of strips (tests and small N). */
void gr_s3fast_set_rows(gr_s3fast *st, int threads);
/* What the runs so far used: the most threads at once, seconds of wall
 * time computing, thread-seconds available (threads x wall), thread-seconds
 * lost waiting for another thread (for the strip before, or for the slowest
 * at the end of a band), and seconds of wall time handing rows over
 * between bands (in the caller's function: on one thread for a row
 * function, on the band's threads as far as a band function spreads it). waited_s / thread_s near 0 means every thread
 * worked; a large share means more threads would not help. */
typedef struct gr_s3fast_usage {
    int threads;
    double wall_s, thread_s, waited_s, deliver_s;
    /* thread-seconds of hand-over items done inside the computing (part of
     * thread_s, not of waited_s; gr_s3fast_pipelined only) */
    double handed_s;
    /* of deliver_s, the seconds on one thread (beginning and ending a band's
     * hand-over outside the computing: the last bands, or a row or band
     * function's bands) */
    double alone_s;
} gr_s3fast_usage;
void gr_s3fast_get_usage(const gr_s3fast *st, gr_s3fast_usage *u);
/* Takes the next row from elsewhere (a resumed file) instead of computing it. */
void gr_s3fast_feed(gr_s3fast *st, const uint32_t *row);
/* Bytes of line storage touched so far (an estimate of resident memory). */
size_t gr_s3fast_touched_bytes(const gr_s3fast *st);

/* The whole triangular table by the fast method (for small n and tests). */
int gr_s3table_fast(gr_s3table *t, uint32_t n, gr_error *err);
/* A gr_s3fast_fn that stores row b, both halves by symmetry, in the
 * gr_s3table `table` (made to reach row b at least); returns 0. */
int gr_s3table_put_row(void *table, uint32_t b, const uint32_t *row);

/* ---- seed 000's counts from the table (sharing3_counts.c), n <= GR_S3FAST_MAX_N ----
 * lim (may be NULL) only for its stop hook: GR_EINPUT when it stopped the rows.
 * gr_s3count_p: P(m), m = 0..n, the P-positions with exactly m tokens, piles
 * as a multiset: all[m] with empty piles allowed, positive[m] with every
 * pile non-empty (arrays of n + 1, filled). gr_s3count_f: f[m] = 1 when
 * G(0,0,m) > 0, else 0, m = 0..n. */
int gr_s3count_p(uint32_t n, const gr_limits *lim, uint64_t *all, uint64_t *positive, gr_error *err);
int gr_s3count_f(uint32_t n, const gr_limits *lim, unsigned char *f, gr_error *err);

#endif
