/* Growable bitsets of small non-negative integers, and mex. */
#ifndef GRUNDY_BITSET_H
#define GRUNDY_BITSET_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct gr_bitset {
    uint64_t *w;
    size_t nwords;
} gr_bitset;

void gr_bitset_init(gr_bitset *b);
void gr_bitset_free(gr_bitset *b);
void gr_bitset_reset(gr_bitset *b);                 /* empty, keeps storage */
/* Returns false when memory runs out. */
bool gr_bitset_add(gr_bitset *b, uint32_t v);
bool gr_bitset_has(const gr_bitset *b, uint32_t v);
/* Minimum excluded value: the least non-negative integer not in the set. */
uint32_t gr_bitset_mex(const gr_bitset *b);
/* mex of a plain array, with a caller-provided scratch bitset. */
uint32_t gr_mex(const uint32_t *vals, size_t n, gr_bitset *scratch);

#endif
