/* A position: a short list of pile (or heap) sizes that fit in 64 bits.
 * Search-based solvers work on these; closed forms take gr_bigpos.
 *
 * Ownership: a gr_pos is a plain value (piles inline), copied by assignment;
 * nothing to free. */
#ifndef GRUNDY_POSITION_H
#define GRUNDY_POSITION_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

/* Enough for every ruleset a search can finish on; a longer list is refused
 * with a message, never truncated. */
#define GR_MAX_PILES 32

typedef struct gr_pos {
    int n;                       /* number of piles */
    uint64_t p[GR_MAX_PILES];    /* sizes; order meaningful unless the ruleset sorts */
} gr_pos;

uint64_t gr_pos_total(const gr_pos *pos);            /* saturates at UINT64_MAX */
uint64_t gr_pos_max(const gr_pos *pos);
bool gr_pos_equal(const gr_pos *a, const gr_pos *b);
uint64_t gr_pos_hash(const gr_pos *pos);
void gr_pos_sort(gr_pos *pos);                        /* ascending */
void gr_pos_drop_empty(gr_pos *pos);                  /* removes the 0 piles, keeping the order */
/* "3 5 9" style; returns the number of characters written (snprintf rules). */
int gr_pos_format(const gr_pos *pos, char *buf, size_t len);
void gr_pos_print(FILE *f, const gr_pos *pos, const char *sep);

#endif
