/* An interning table of positions: each distinct position gets a dense id
 * (0, 1, 2, ...) that solvers use to index flat arrays. Positions are stored
 * packed (n words each), so a table of short positions costs about 8n + 20
 * bytes per entry. */
#ifndef GRUNDY_POSTAB_H
#define GRUNDY_POSTAB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/position.h"

typedef struct gr_postab {
    /* open addressing, linear probing: the high half of the hash beside id + 1
     * (0 = empty), so most mismatches are rejected without touching the
     * position's words */
    uint64_t *slots;
    size_t nslots;          /* power of two */
    uint64_t *words;        /* packed piles */
    size_t nwords, capwords;
    uint64_t *offset;       /* offset[id]: first word of position id */
    uint8_t *len;           /* len[id]: its pile count */
    uint64_t *hash;         /* hash[id], kept so growing never rehashes positions */
    uint32_t count, cap;
} gr_postab;

void gr_postab_init(gr_postab *t);
void gr_postab_free(gr_postab *t);
/* The id of pos, inserting it if new (*is_new tells which). Returns false
 * when memory runs out. */
bool gr_postab_intern(gr_postab *t, const gr_pos *pos, uint32_t *id, bool *is_new);
/* The same with h = gr_pos_hash(pos) given, after gr_postab_prefetch(t, h)
 * had the slot's memory on its way: a caller with many positions to intern
 * hashes and prefetches them all first. */
bool gr_postab_intern_hashed(gr_postab *t, const gr_pos *pos, uint64_t h, uint32_t *id, bool *is_new);
static inline void gr_postab_prefetch(const gr_postab *t, uint64_t h)
{
    if (t->nslots) __builtin_prefetch(&t->slots[h & (t->nslots - 1)]);
}
/* The id of pos, or UINT32_MAX when absent. */
uint32_t gr_postab_find(const gr_postab *t, const gr_pos *pos);
void gr_postab_get(const gr_postab *t, uint32_t id, gr_pos *out);
/* Bytes held, for limits and reports. */
size_t gr_postab_bytes(const gr_postab *t);

#endif
