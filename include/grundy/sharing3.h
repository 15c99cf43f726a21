/* The table of three-pile Sharing Nim: G(0,a,b) for 0 <= a <= b <= n
 * (seed 000, Table 1). Every position (x,y,z) equals some (0,a,b) by
 * translation (Lemma 1).
 *
 * Ownership: a gr_s3table is the caller's, filled by gr_s3table_simple
 * (or gr_s3table_fast) and released once by gr_s3table_free. */
#ifndef GRUNDY_SHARING3_H
#define GRUNDY_SHARING3_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/ruleset.h"

typedef struct gr_s3table {
    uint32_t n;
    uint32_t *v;          /* triangular: row b holds a = 0..b */
} gr_s3table;

static inline size_t gr_s3table_index(uint32_t a, uint32_t b)
{
    return (size_t)b * (b + 1) / 2 + a;
}

static inline uint32_t gr_s3table_get(const gr_s3table *t, uint32_t a, uint32_t b)
{
    return t->v[gr_s3table_index(a, b)];
}

/* Is g the game these tables are of: Sharing Nim on the complete graph of
 * three piles, however spelled (sharing, sharing:piles=3)? Normal play is
 * the caller's to check. */
bool gr_s3table_covers(const gr_game *g);

/* The simple method: every option of every position, O(n^3) time, O(n^2)
 * memory. The reference other methods are tested against. */
int gr_s3table_simple(gr_s3table *t, uint32_t n, gr_error *err);
void gr_s3table_free(gr_s3table *t);

/* The value of (x,y,z) from a table that covers it (max - min <= t->n). */
uint32_t gr_s3table_value(const gr_s3table *t, uint64_t x, uint64_t y, uint64_t z);

#endif
