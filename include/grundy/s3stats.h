/* Seed 000's analyses of the three-pile Sharing Nim table, computed on the
 * fly from rows as they stream (no N^2 memory): per row a the maximum value
 * and where it first occurs; for each value g the rows where it occurs (the
 * claim a <= 2g-1 and the table g -> max a); the positions of chosen values
 * in chosen rows (the paper lists g = 2, 3 for a = 0..3); the 1-positions;
 * the P-positions against Theorem P. "Row a" is the paper's: G(0,a,b) for
 * b >= a, the whole row, not only b >= 2a. */
#ifndef GRUNDY_S3STATS_H
#define GRUNDY_S3STATS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"

typedef struct gr_s3stats gr_s3stats;

/* Lists the b of each g in `gs` for rows a = 0..list_rows-1. */
int gr_s3stats_new(gr_s3stats **out, uint32_t n, const uint32_t *gs, int ngs, uint32_t list_rows, gr_error *err);
void gr_s3stats_free(gr_s3stats *s);
/* Row b of the stream: half[a] = G(0,a,b) for a = 0..b/2. */
void gr_s3stats_row(gr_s3stats *s, uint32_t b, const uint32_t *half);
/* Rows b0..b0+count-1 (row r at rows + r*stride), the same figures as
 * gr_s3stats_row on each in order, on up to `threads` threads: each takes
 * a range of columns of every row, and what they gathered is merged by
 * rules that do not depend on the split. Returns the threads used. */
int gr_s3stats_rows(gr_s3stats *s, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads);
/* The same in pieces, for a caller that shares its own threads out: begin
 * returns the number of items (0: it did the band itself, on one thread);
 * each item then runs once, on any thread `thread` in 0..threads-1 (no two
 * at once on one thread number), in any order; end finishes the band. The
 * rows must stay valid until end. */
long gr_s3stats_band_begin(gr_s3stats *s, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride,
                           int threads);
void gr_s3stats_band_item(gr_s3stats *s, long i, int thread);
void gr_s3stats_band_end(gr_s3stats *s);

/* The figures gathered, for a renderer (the answer layer's table --stats,
 * src/api/table_stats.c). The pointers are into s. */
typedef struct gr_s3stats_figures {
    uint32_t n;
    const uint32_t *row_max, *row_first;   /* per row a = 0..n: its largest value, first at b */
    uint32_t vmax, vmax_a, vmax_b;          /* the largest value, first at (0,vmax_a,vmax_b) */
    bool claim_fail;                        /* a <= 2g-1 (g >= 2) fails first at G(0,claim_a,claim_b) = claim_g */
    uint32_t claim_a, claim_b, claim_g;
    int ngs;                                /* the listed values gs[0..ngs-1], rows 0..list_rows-1 */
    const uint32_t *gs;
    uint32_t list_rows;
    uint64_t ones;                          /* 1-positions with 2a <= b */
    const uint64_t *ones_row;               /* per a = 0..n/2 */
    const uint32_t *ones_first;             /* the first ones, (a,b) pairs: ones_first_n numbers */
    size_t ones_first_n;
    uint64_t p_count, p_miss;               /* P-positions; disagreements with Theorem P, */
    uint32_t p_miss_a, p_miss_b;            /*   the first at (0,p_miss_a,p_miss_b) */
    uint32_t rowsets;                       /* values g < rowsets have their rows kept */
} gr_s3stats_figures;
void gr_s3stats_figures_of(const gr_s3stats *s, gr_s3stats_figures *f);
/* Positions (0,a,b), 2a <= b, of value g. */
uint64_t gr_s3stats_value_count(const gr_s3stats *s, uint32_t g);
/* Whether g occurs in row a (2a <= b); g < rowsets. */
bool gr_s3stats_value_in_row(const gr_s3stats *s, uint32_t g, uint32_t a);

/* Queries for tests. */
uint32_t gr_s3stats_row_max(const gr_s3stats *s, uint32_t a, uint32_t *first_b);
/* Largest a <= b/2 with some G(0,a,b) = g, or -1 when g does not occur. */
long gr_s3stats_value_max_row(const gr_s3stats *s, uint32_t g, uint32_t *at_b);
/* The b's where G(0,a,b) = gs[k] (a < list_rows), ascending; count in *cnt. */
const uint32_t *gr_s3stats_positions(const gr_s3stats *s, int k, uint32_t a, size_t *cnt);
uint64_t gr_s3stats_p_mismatches(const gr_s3stats *s);

#endif
