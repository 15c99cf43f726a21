/* Seed 002: games for m players (the outcome rule players=m), m-player Nim
 * from theory, class sequences of one-heap subtraction games with certified
 * periods, and nim-pairs.
 *
 * Classes: a position's class d in 0..m-1 says that, with the paper's
 * assumptions, the loser is the player who moves d turns after the mover
 * (d = 0: the mover loses). See docs/players.md.
 *
 * Ownership: a gr_subseq and a gr_pairs are the caller's, filled by their
 * functions and released once by _free; inputs are copied or only read. */
#ifndef GRUNDY_PLAYERS_H
#define GRUNDY_PLAYERS_H
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/bigpos.h"
#include "grundy/error.h"

/* Labels are single letters, so the number of players stops at 26. */
#define GR_PLAYERS_MAX 26

/* The class's name: m = 2 prints P (d = 0) and N, like normal play; for
 * m >= 3 the classes the mover likes best come first in the alphabet:
 * d = 1 is A, d = 2 is B, ..., d = m - 1 the (m-1)-th letter, and d = 0 (the
 * mover loses) the m-th letter. For m = 3: A, B and C, as in the paper. */
const char *gr_players_label(int m, uint32_t d);

/* ---- one heap of a subtraction game, streamed ---- */

/* Values of heaps 0, 1, 2, ... in one pass, keeping only the last max(S)
 * values in a ring. m >= 2: classes for m players; m = 0: Grundy values
 * under normal play (at most |S| <= 64, so bytes suffice). */
typedef struct gr_subseq {
    const uint64_t *set;
    size_t nset;
    int m;
    uint8_t *ring;
    uint64_t mask;          /* ring size - 1, a power of two minus one */
    uint64_t x;             /* the heap next() scores */
} gr_subseq;

int gr_subseq_init(gr_subseq *g, const uint64_t *set, size_t nset, int m, gr_error *err);
uint8_t gr_subseq_next(gr_subseq *g);
void gr_subseq_free(gr_subseq *g);

typedef struct gr_subperiod {
    bool found;
    uint64_t preperiod;     /* the least mu with v(x) = v(x + period) for all x >= mu */
    uint64_t period;        /* the least such period */
    uint64_t window;        /* max(S): the values a value depends on */
    uint64_t steps;         /* heaps scored to find it */
} gr_subperiod;

/* Finds the exact preperiod and period, scoring at most about 3 * limit
 * heaps. The certificate: v(x) = v(x + period) for the max(S) heaps
 * x = preperiod .. preperiod + max(S) - 1, checked value by value, and every
 * heap x >= max(S) is scored from the max(S) values below it by the same
 * rule; by induction the equality goes on forever. Minimality comes from
 * Brent's cycle finding on the sequence of windows (see docs/players.md). */
int gr_subseq_period(const uint64_t *set, size_t nset, int m, uint64_t limit, gr_subperiod *p, gr_error *err);

/* ---- nim-pairs (three players) ---- */

typedef struct gr_pair {
    uint32_t a, b;          /* a <= b */
} gr_pair;

/* The nim-pairs of heaps 0..n of a subtraction game: pairs of heap x are
 * pairs[first[x]] .. pairs[first[x+1]-1], in increasing a. */
typedef struct gr_pairs {
    uint64_t n;
    size_t *first;          /* n + 2 entries */
    gr_pair *pairs;
    size_t count, cap;
} gr_pairs;

void gr_pairs_free(gr_pairs *p);
/* By the paper's Definition 4 / Theorem 4.3: pairs of x = mex(S1, S2), S1 the
 * pairs of the options, S2 those of the options' options. */
int gr_pairs_recursion(const uint64_t *set, size_t nset, uint64_t n, gr_pairs *out, gr_error *err);
/* From their meaning: the {a, b} with a <= b <= bound such that heap x plus
 * nim heaps a and b is a class-0 (C) position for three players, by a table
 * of every such position. */
int gr_pairs_search(const uint64_t *set, size_t nset, uint64_t n, uint32_t bound, gr_pairs *out, gr_error *err);
/* The largest element of any pair, or 0. */
uint32_t gr_pairs_max(const gr_pairs *p);

/* ---- m-player Nim (Theorem 2.2, Proposition 2.1) ---- */

/* Largest m the closed form handles: it keeps one bit per subset of the
 * m - 1 piles a plan changes. */
#define GR_PLAYERS_NIM_MAX_M 7
#define GR_PLAYERS_NIM_MAX_PILES 16

/* The class of a Nim position for m players: 0 when the m-sum of the
 * m-ations is zero (Theorem 2.2), else the least number j of piles that can
 * be lowered to make it zero (Lemma 2.3: j <= m - 1). */
int gr_players_nim_class(const gr_bigpos *pos, int m, uint32_t *d, gr_error *err);
/* Calls fn for prescribed moves: for d = 1 every move to a class-0 position;
 * for d >= 2, for every set of d piles that can be lowered to m-sum zero, the
 * first move of one such plan on each of its piles (distinct moves only).
 * fn gets the pile and the size it is lowered to. */
typedef int (*gr_players_move_fn)(void *ctx, int pile, mpz_srcptr target);
int gr_players_nim_moves(const gr_bigpos *pos, int m, gr_players_move_fn fn, void *ctx, gr_error *err);
/* Proposition 2.1 as the paper states it (m = 3): true when A. */
bool gr_players_prop21_is_a(const gr_bigpos *pos);
/* The m-sum of the m-ations is zero. */
bool gr_players_msum_zero(const gr_bigpos *pos, int m);

#endif
