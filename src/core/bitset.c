#include "grundy/bitset.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

void gr_bitset_init(gr_bitset *b)
{
    b->w = NULL;
    b->nwords = 0;
}

void gr_bitset_free(gr_bitset *b)
{
    free(b->w);
    gr_bitset_init(b);
}

void gr_bitset_reset(gr_bitset *b)
{
    if (b->nwords) memset(b->w, 0, b->nwords * sizeof b->w[0]);
}

bool gr_bitset_add(gr_bitset *b, uint32_t v)
{
    size_t word = v >> 6;
    if (word >= b->nwords) {
        size_t had = b->nwords;
        if (!GR_GROW(b->w, b->nwords, word + 1, 4)) return false;
        memset(b->w + had, 0, (b->nwords - had) * sizeof *b->w);
    }
    b->w[word] |= 1ull << (v & 63);
    return true;
}

bool gr_bitset_has(const gr_bitset *b, uint32_t v)
{
    size_t word = v >> 6;
    return word < b->nwords && (b->w[word] >> (v & 63) & 1);
}

uint32_t gr_bitset_mex(const gr_bitset *b)
{
    for (size_t i = 0; i < b->nwords; i++)
        if (~b->w[i]) return (uint32_t)(i * 64 + (size_t)__builtin_ctzll(~b->w[i]));
    return (uint32_t)(b->nwords * 64);
}

/* The mex without memory, in O(n * mex): for when the scratch cannot grow,
 * since gr_mex has no way to fail and the library never aborts. */
static uint32_t mex_scan(const uint32_t *vals, size_t n)
{
    uint32_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (vals[i] == m) {
            m++;
            i = (size_t)-1; /* look again from the first value */
        }
    return m;
}

uint32_t gr_mex(const uint32_t *vals, size_t n, gr_bitset *scratch)
{
    /* The mex of n values is at most n, so larger values never matter. */
    gr_bitset_reset(scratch);
    for (size_t i = 0; i < n; i++)
        if (vals[i] < n && !gr_bitset_add(scratch, vals[i])) return mex_scan(vals, n);
    return gr_bitset_mex(scratch);
}
