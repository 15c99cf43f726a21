/* Nim-sequences of heap rulesets: G(0), G(1), ..., the values of one heap
 * under normal play (a position's value is the XOR of its heaps' values).
 *
 * Two methods, tested against each other and against the generic solver:
 * - simple: the mex over every option of one heap, the options listed by the
 *   ruleset itself (any GR_RS_HEAPS ruleset: nim, tb, split, ...);
 * - fast: for take-and-break codes (grundy/takebreak.h) whose splits leave at
 *   most 4 heaps without constraints (2-heap splits may be constrained):
 *   keeps, for every total y, the set X2(y) of XORs G(a) ^ G(y-a) as a
 *   bitset, and tests the candidate values of a heap smallest first, so a
 *   heap costs a few candidate tests instead of listing every split.
 * docs/takebreak.md gives the complexity of each.
 *
 * Ownership: the caller owns out[] (n + 1 values) and the game; nothing
 * is kept between calls. */
#ifndef GRUNDY_HEAPSEQ_H
#define GRUNDY_HEAPSEQ_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/ruleset.h"
#include "grundy/solve.h"
#include "grundy/takebreak.h"

enum gr_heapseq_method { GR_HEAPSEQ_AUTO = 0, GR_HEAPSEQ_SIMPLE = 1, GR_HEAPSEQ_FAST = 2 };

typedef struct gr_heapseq_info {
    const char *method;        /* "simple" or "fast" */
    double bytes;              /* the most memory the method held */
} gr_heapseq_info;

/* Does the fast method cover this code? When not, why says what is missing. */
bool gr_heapseq_fast_covers(const gr_tb_code *c, char *why, size_t len);

/* out[0..n] = G(0..n). lim may be NULL (defaults); the methods stop with
 * GR_EINPUT when they run past its time or memory. */
int gr_heapseq_simple(const gr_game *g, uint32_t n, uint32_t *out, const gr_limits *lim,
                      gr_heapseq_info *info, gr_error *err);
int gr_heapseq_fast(const gr_tb_code *c, uint32_t n, uint32_t *out, const gr_limits *lim,
                    gr_heapseq_info *info, gr_error *err);
/* The fast method where it applies, else the simple one (or the one asked
 * for). GR_EINPUT for a ruleset that is not a sum of heaps. */
int gr_heapseq(const gr_game *g, int method, uint32_t n, uint32_t *out, const gr_limits *lim,
               gr_heapseq_info *info, gr_error *err);

#endif
