/* Closed forms: the papers' theorems as strategies on positions of any size.
 *
 * A closed form answers for one ruleset under one outcome rule, on GMP
 * integers, without search. The engine (grundy/engine.h) asks the registry
 * here first and falls back to search. Every closed form is tested against the
 * generic solver on every position up to a bound (tests/).
 *
 * Ownership: closed forms are constants. A gr_verdict is the caller's:
 * gr_verdict_init before use, gr_verdict_clear after. What a callback is
 * handed (moves, positions) is borrowed for the call. */
#ifndef GRUNDY_THEORY_H
#define GRUNDY_THEORY_H
#include <stdio.h> /* before gmp.h: it declares the FILE functions then */
#include <gmp.h>
#include <stdbool.h>
#include "grundy/bigpos.h"
#include "grundy/outcome.h"
#include "grundy/ruleset.h"

typedef int (*gr_bigmove_fn)(void *ctx, const gr_bigmove *mv);

typedef struct gr_verdict {
    bool p;                    /* the mover loses (P under two-player rules) */
    bool has_value;            /* the Grundy value is known */
    mpz_t value;               /* valid when has_value */
    /* Optional (added for seed 002): the outcome rule's own score, for rules
     * whose classes are more than P/N (players=m). False: the engine derives
     * the score from p and the value as before. */
    bool has_score;
    uint32_t score;
} gr_verdict;

void gr_verdict_init(gr_verdict *v);
void gr_verdict_clear(gr_verdict *v);

typedef struct gr_closed_form {
    const char *name;          /* what it is, e.g. "Bouton's theorem" */
    const char *source;        /* claim id it rests on, e.g. "000/thm-P" */
    bool (*applies)(const gr_game *g, const gr_outcome *o, int npiles);
    /* Decides the position; fills the value too when the form knows it. */
    int (*decide)(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_verdict *v, gr_error *err);
    /* Every winning move (moves to P-positions), with multiplicity. */
    int (*winning_moves)(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                         gr_bigmove_fn fn, void *ctx, gr_error *err);
    /* The number of all moves from the position. */
    void (*count_moves)(const gr_game *g, const gr_bigpos *pos, mpz_t count);
    /* Optional: does the form decide this very position? A form that covers
     * only part of a game (kim's positions with a pile of 1) says no to the
     * rest, and the engine searches them. NULL: every position. */
    bool (*covers)(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos);
    /* Optional: one winning move, for play on positions whose winning moves
     * are too many to list (winning_moves refuses them). Calls fn at most
     * once. NULL: play takes the first move winning_moves lists. */
    int (*one_winning_move)(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_bigmove_fn fn,
                            void *ctx, gr_error *err);
} gr_closed_form;

/* The first closed form that applies, or NULL. */
const gr_closed_form *gr_closed_form_find(const gr_game *g, const gr_outcome *o, int npiles);

/* Seed 000, Theorem P, on three piles in any order: true when P. */
bool gr_sharing3_is_p(mpz_srcptr a, mpz_srcptr b, mpz_srcptr c);
/* The 2-adic valuation is even: d = 4^k (2l + 1). d must be positive. */
bool gr_even_valuation(mpz_srcptr d);

#endif
