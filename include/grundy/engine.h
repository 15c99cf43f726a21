/* The engine: one entry point that answers a position with the best method
 * there is. It asks the closed forms first (any size, exact) and falls back to
 * the generic search (64-bit sizes, bounded by limits). Verbs of the command
 * line, the page and the play loop all call this, never a solver directly.
 *
 * Ownership: gr_engine_init borrows the game (it must outlive the engine) and
 * copies the outcome rule and the limits; gr_engine_free releases what the
 * engine made, once. A gr_answer and a gr_moves_summary belong to the caller:
 * _init before use, _clear after. What a gr_engine_move_fn is handed is
 * borrowed for the call. An engine is used by one thread at a time. */
#ifndef GRUNDY_ENGINE_H
#define GRUNDY_ENGINE_H
#include <stdio.h> /* before gmp.h: it declares the FILE functions then */
#include <gmp.h>
#include <stdbool.h>
#include "grundy/bigpos.h"
#include "grundy/outcome.h"
#include "grundy/ruleset.h"
#include "grundy/solve.h"
#include "grundy/theory.h"

typedef struct gr_answer {
    char outcome[16];          /* "P", "N", "draw", or a class name */
    uint32_t score;            /* the outcome rule's score (0 for P under two-player rules) */
    bool has_value;            /* Grundy value known */
    mpz_t value;
    bool by_search;            /* false: a closed form decided it */
    const char *method;        /* the closed form's name, or "search" */
    bool value_needs_search;   /* a closed form decided the outcome, search was out of reach */
} gr_answer;

void gr_answer_init(gr_answer *a);
void gr_answer_clear(gr_answer *a);

/* What the engine keeps between calls (a search table, the retrograde
 * solver, a nim-sequence and its period) is private: src/engine/engine_internal.h. */
struct gr_engine_cache;

/* An engine for one game under one outcome rule. The fields other than
 * cache are what gr_engine_init was given, for callers to read: game is
 * borrowed (it must outlive the engine), outcome and limits are copies. */
typedef struct gr_engine {
    const gr_game *game;
    gr_outcome outcome;
    gr_limits limits;
    struct gr_engine_cache *cache;  /* private; made on first use */
} gr_engine;

void gr_engine_init(gr_engine *e, const gr_game *g, const gr_outcome *o, const gr_limits *lim);
void gr_engine_free(gr_engine *e);

/* Checks the pile count against the rules (exit-2 errors). */
int gr_engine_check(gr_engine *e, const gr_bigpos *pos, gr_error *err);
int gr_engine_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans, gr_error *err);
/* Heap rulesets: makes the engine hold G(0..max) (the nim-sequence engine,
 * within the limits, its own table counted); an exit-2 error saying why when
 * it cannot. */
int gr_engine_heap_table(gr_engine *e, uint64_t max, gr_error *err);
/* The values G(0..*n) the engine holds (NULL when none): borrowed, valid
 * until the next call that may extend the table or gr_engine_free. */
const uint32_t *gr_engine_heap_values(const gr_engine *e, uint64_t *n);
/* The certified period of the game's nim-sequence, when one was found:
 * G(x + period) = G(x) for x >= preperiod. */
bool gr_engine_heap_period(const gr_engine *e, uint64_t *preperiod, uint64_t *period);
/* G(x) of one heap of any size: from the table, or by the certified period
 * of the game's sequence when one is known or the heap is beyond
 * GR_HEAP_TABLE_DIRECT (the period is then looked for); otherwise the table
 * is extended to x (within the limits). */
int gr_engine_heap_grundy(gr_engine *e, mpz_srcptr x, uint32_t *value, gr_error *err);
#define GR_HEAP_TABLE_DIRECT 65536

typedef struct gr_moves_summary {
    mpz_t total;               /* all moves from the position */
    bool all_listed;           /* false: only the winning moves were listed */
    const char *method;
} gr_moves_summary;

void gr_moves_summary_init(gr_moves_summary *s);
void gr_moves_summary_clear(gr_moves_summary *s);

typedef int (*gr_engine_move_fn)(void *ctx, const gr_bigmove *mv, const gr_answer *result, bool winning);

/* One winning move by the closed form that covers the position, without
 * listing them all; fn is called at most once (not at all from a lost
 * position). Fails when no closed form covers the position. */
int gr_engine_one_winning_move(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                               gr_error *err);

/* Every move with its result's answer, or, when the position is beyond
 * search but a closed form applies, every winning move. */
int gr_engine_moves(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                    gr_moves_summary *sum, gr_error *err);

#endif
