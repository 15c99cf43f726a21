/* Blocking play (seed 003, Holshouser & Reiter): before every move the
 * opponent forbids exactly k of the mover's moves (block=k) or k of the
 * positions the mover could move to (block-position=k); the ban is forgotten
 * after the move, and a mover whose every move is forbidden has lost.
 *
 * Since the ban is forgotten, a position alone is the state and the game is
 * again a two-outcome game: the mover wins exactly when the blocker cannot
 * forbid every move to a P-position, i.e.
 *
 *     block=k:           P  iff  #(moves to P-positions, with multiplicity) <= k
 *     block-position=k:  P  iff  #(distinct P-positions among the options)  <= k
 *
 * (A position with at most k moves has all of them forbidden: P.) Scores are
 * 0 for P and 1 for N; blocking games are not sums, so there is no Grundy
 * value. See docs/blocking.md.
 *
 * Ownership: a gr_nbtable is the caller's, released once by gr_nbtable_free;
 * positions and outcome rules passed in are only read. */
#ifndef GRUNDY_BLOCK_H
#define GRUNDY_BLOCK_H
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include "grundy/bigpos.h"
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/theory.h"

extern const gr_outcome_rule gr_outcome_block;
extern const gr_outcome_rule gr_outcome_block_position;

/* Is o one of the two blocking rules? */
/* The largest k the front ends take (the rules' param_max). */
#define GR_BLOCK_K_MAX 1000

bool gr_outcome_is_block(const gr_outcome *o);
bool gr_outcome_is_block_position(const gr_outcome *o);

/* ---- seed 003, Theorem 1: three-pile Nim with block=1, any size ----
 * Sorted a <= b <= c, the P-positions are (a,a,a) and those with a + b + 1 = c.
 * Arguments in any order. */
bool gr_block3_is_p(mpz_srcptr x, mpz_srcptr y, mpz_srcptr z);
/* Every move to a P-position (with multiplicity), for a position of at most
 * three piles (missing piles count as empty). Works from P-positions too: there
 * it lists the at most one move the blocker must forbid. */
int gr_block3_p_moves(const gr_bigpos *pos, gr_bigmove_fn fn, void *ctx, gr_error *err);

/* ---- a bottom-up table of d-pile Nim under block=k / block-position=k ----
 * Every sorted position with piles <= n, in colex order (a child's sorted
 * piles are componentwise smaller, so it comes first). count[y][t] holds
 * #{z < t : (y, z) is P} for each sorted (d-1)-tuple y, so a position's
 * number of moves to P-positions is a sum of d lookups: O(d^2) per position,
 * O(d^2 C(n+d, d)) time and O(C(n+d-1, d-1) (n+1)) memory in all. */
typedef struct gr_nbtable {
    int d;
    uint32_t n;
    int k;
    bool by_position;
    uint64_t size;             /* C(n+d, d) sorted positions */
    uint8_t *p;                /* p[rank] = 1 for P */
    uint16_t *count;           /* count[rank(y) * (n+1) + t] <= t <= n < 2^16 */
    uint64_t (*binom)[9];      /* binom[m][j] for m <= n+d, j <= 8 */
} gr_nbtable;

#define GR_NBTABLE_MAX_D 8
/* Refuses (exit-2 error) a table that needs more than max_bytes. */
int gr_nbtable_build(gr_nbtable *t, int d, uint32_t n, int k, bool by_position, double max_bytes, gr_error *err);
void gr_nbtable_free(gr_nbtable *t);
/* Piles in any order, each <= t->n, exactly t->d of them. */
bool gr_nbtable_is_p(const gr_nbtable *t, const uint32_t *piles);
/* Moves to P-positions (block) or distinct P-options (block-position). */
uint32_t gr_nbtable_p_options(const gr_nbtable *t, const uint32_t *piles);
double gr_nbtable_bytes(int d, uint32_t n);

#endif
