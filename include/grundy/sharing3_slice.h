/* One slice of the three-pile Sharing Nim table's state, for the table
 * spread over processes (grundy table sharing --mpi; docs/sharing-table.md,
 * "Past one machine").
 *
 * The fast method keeps one bitset of values per line (slot). A slice owns
 * the same range of value words [w_lo, w_lo + words) of every slot, with its
 * own two summary levels, so P slices that cover 0..n between them hold the
 * whole state, each about 1/P of it. A row goes in two steps: every slice
 * gives, for each position, the smallest value of its range missing from
 * the union of the position's three sets (UINT32_MAX when none is); the
 * minimum over the slices is G; then every slice adds the row's values that
 * fall in its range. Since the ranges ascend, the minimum is also the
 * first slice's, in range order, that is not UINT32_MAX: grundy's --mpi
 * passes bands of rows along the slices in that order (gr_s3slice_band),
 * each resolving what the ones before left open, instead of a reduction. */
#ifndef GRUNDY_SHARING3_SLICE_H
#define GRUNDY_SHARING3_SLICE_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"

typedef struct gr_s3slice gr_s3slice;

/* Values 0..n in 64-bit words: n/64 + 1 of them. */
static inline uint64_t gr_s3slice_words(uint32_t n) { return (uint64_t)n / 64 + 1; }

/* The slice owning words [w_lo, w_lo + words) of every slot, for rows 0..n. */
int gr_s3slice_new(gr_s3slice **out, uint32_t n, uint64_t w_lo, uint64_t words, gr_error *err);
void gr_s3slice_free(gr_s3slice *sl);
/* part[a] for a = 0..b/2: the smallest value of this slice missing from the
 * three sets of (0,a,b), or UINT32_MAX; on up to `threads` threads. */
void gr_s3slice_partial(const gr_s3slice *sl, uint32_t b, uint32_t *part, int threads);
/* For each a = 0..b/2 with row[a] == UINT32_MAX (no slice of a lower range
 * has a value missing there), row[a] becomes this slice's partial mex (still
 * UINT32_MAX when its range is full too); other positions are kept. With
 * the slices' ranges ascending, the slices applied in turn give the row. */
void gr_s3slice_resolve(const gr_s3slice *sl, uint32_t b, uint32_t *row, int threads);
/* Rows b0..b0+count-1 packed (row b: b/2 + 1 values, the next row after
 * it), as resolve then add_on do one row after the other, on up to
 * `threads` threads (one parallel region for the band). */
void gr_s3slice_band(gr_s3slice *sl, uint32_t b0, uint32_t count, uint32_t *rows, int threads);
/* Adds the values of row b (row[a] = G(0,a,b)) that fall in this slice. */
void gr_s3slice_add(gr_s3slice *sl, uint32_t b, const uint32_t *row);
/* The same on up to `threads` threads (positions of one row share no slot). */
void gr_s3slice_add_on(gr_s3slice *sl, uint32_t b, const uint32_t *row, int threads);
/* Bytes of slot storage touched so far (committed lazily, page by page). */
size_t gr_s3slice_touched_bytes(const gr_s3slice *sl);

/* The split used for P processes: process r of P owns words
 * [*w_lo, *w_lo + *words). Values concentrate below about 0.7 n (measured:
 * the largest value is 0.67 n up to n = 131072, and the number of
 * positions of value below v grows about linearly with v up to 0.57 n), so
 * that range is split, the last slice also taking the rest, which is never
 * touched unless larger values occur. Slice 0 gets half a share of it and
 * the others a whole one each: the process of slice 0 also hands the rows
 * over (the file, --stats), about a third of the computing's cost. */
void gr_s3slice_split(uint32_t n, int r, int P, uint64_t *w_lo, uint64_t *words);

#endif
