/* Exact enumerations of seed 001 (Kim), on integers of any size.
 *
 * Each count is computed from the binary digits of its argument, never by
 * running through the values below it: pairs and zero-nim are linear in the
 * number of digits (plus one power), the cumulative zero-nim count is a
 * divide-and-conquer over the digits, O(M(L) log L) for L digits. Formulas
 * and proofs: docs/kim.md.
 *
 * Ownership: results go into the caller's initialised mpz_t; a gr_zgraph
 * is the caller's, released once by gr_zgraph_free. */
#ifndef GRUNDY_COUNTING_H
#define GRUNDY_COUNTING_H
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"

/* Pairs (a, b) of integers with a + b = S and a XOR b = X. Unordered ({a,b}
 * once) unless `ordered`; a, b >= 1 unless `zero` admits 0. */
void gr_count_pairs(mpz_t out, mpz_srcptr S, mpz_srcptr X, bool ordered, bool zero);
/* Unordered triples of positive piles with nim-sum 0 and total S:
 * (3^w - 3) / 6 with w = popcount(S/2) for even S > 0, else 0. */
void gr_count_zero_nim(mpz_t out, mpz_srcptr S);
/* The same with total at most K. */
void gr_count_zero_nim_upto(mpz_t out, mpz_srcptr K);
/* sum_{0 <= m < N} 3^popcount(m), the generating sum behind the above. */
void gr_sum_pow3_popcount(mpz_t out, mpz_srcptr N);
/* Positions (a, b, a+b) with 1 <= a < b and a XOR b = a + b whose largest
 * pile has exactly k binary digits (3^(k-1) - 2^(k-1)), or at most k
 * ((3^k + 1)/2 - 2^k) when at_most. */
void gr_count_no_carry(mpz_t out, unsigned long k, bool at_most);

/* The zero nim-sum positions of one total S as a graph: vertices are the
 * triples a < b < c of positive piles with a ^ b ^ c = 0 and a + b + c = S,
 * edges the legal transfers (kim, reading R1: from a pile to one at least as
 * big) that keep the nim-sum 0 and every pile positive. */
typedef struct gr_zgraph {
    size_t n;                  /* vertices */
    uint64_t (*v)[3];          /* sorted triples, in increasing order */
    size_t m;                  /* edges (distinct resulting positions) */
    size_t *start;             /* out-edges of i: to[start[i] .. start[i+1]) */
    uint32_t *to;
    size_t components;         /* connected components, edges taken undirected */
    size_t longest;            /* vertices on a longest directed chain */
    uint32_t *chain;           /* that chain, `longest` ids */
} gr_zgraph;

/* Refuses (GR_EINPUT) totals whose graph has more than max_vertices vertices.
 * The front ends pass GR_ZGRAPH_MAX_VERTICES (popcount(S) <= 11). */
#define GR_ZGRAPH_MAX_VERTICES 30000
int gr_zgraph_build(gr_zgraph *g, uint64_t S, size_t max_vertices, gr_error *err);
void gr_zgraph_free(gr_zgraph *g);

#endif
