/* The engine: one entry point that answers a position with the best method
 * there is. It asks the closed forms first (any size, exact) and falls back to
 * the generic search (64-bit sizes, bounded by limits). Verbs of the command
 * line, the page and the play loop all call this, never a solver directly. */
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

/* The method that answered, for steering (a caller asks `how`, never the
 * text). Its text, gr_method_name, is part of the output: JSON "method". */
enum gr_method {
    GR_METHOD_NONE = 0,
    GR_METHOD_CLOSED_FORM,     /* a closed form of src/theory/; the text is its name */
    GR_METHOD_NIM_SEQUENCE,    /* the heaps' values from the nim-sequence engine: "nim-sequence" */
    GR_METHOD_PERIOD,          /* the same past the table, by a certified period */
    GR_METHOD_SEARCH,          /* memoised search: "search" */
    GR_METHOD_RETROGRADE,      /* retrograde analysis, for loopy games: "retrograde analysis" */
    GR_METHOD_TIERS,           /* the tier solver: "tier solver" */
    GR_METHOD_TABLE            /* results stored by `grundy solve --out`: "stored results" */
};

/* The method's text; NULL for GR_METHOD_NONE and GR_METHOD_CLOSED_FORM
 * (a closed form is named by itself). */
const char *gr_method_name(enum gr_method how);

typedef struct gr_answer {
    char outcome[16];          /* "P", "N", "draw", or a class name */
    uint32_t score;            /* the outcome rule's score (0 for P under two-player rules) */
    bool has_value;            /* Grundy value known */
    mpz_t value;
    bool by_search;            /* false: a closed form decided it */
    enum gr_method how;        /* what answered */
    const char *method;        /* its text: the closed form's name, or gr_method_name(how) */
    bool value_needs_search;   /* a closed form decided the outcome, search was out of reach */
} gr_answer;

void gr_answer_init(gr_answer *a);
void gr_answer_clear(gr_answer *a);
/* Fills every field of a from one method's result: how, the closed form's
 * name (GR_METHOD_CLOSED_FORM only; else NULL), the outcome's label and
 * score, and the Grundy value (NULL: not known). */
void gr_answer_set(gr_answer *a, enum gr_method how, const char *name, const char *outcome, uint32_t score,
                   mpz_srcptr value);
/* Was it answered by the heaps' values (a nim-sequence, with or without a
 * certified period)? Then its moves are found by those values too. */
bool gr_answer_by_heaps(const gr_answer *a);

typedef struct gr_engine {
    const gr_game *game;
    gr_outcome outcome;
    gr_limits limits;
    gr_solver *solver;         /* made on first use and kept: later positions reuse its table */
    struct gr_retro *retro;    /* the same for loopy rulesets (retrograde analysis, draws) */
    uint32_t *heap_values;     /* heap rulesets under normal play: G(0..heap_n), kept for the children */
    uint64_t heap_n;
    /* A certified period of the nim-sequence (src/engine/heap_values.c):
     * G(x + period) = G(x) for every x >= preperiod, proved by the
     * periodicity theorem from the table; looked for once. */
    bool period_tried, periodic;
    uint64_t preperiod, period;
} gr_engine;

void gr_engine_init(gr_engine *e, const gr_game *g, const gr_outcome *o, const gr_limits *lim);
void gr_engine_free(gr_engine *e);

/* Checks the pile count against the rules (exit-2 errors). */
int gr_engine_check(gr_engine *e, const gr_bigpos *pos, gr_error *err);
int gr_engine_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans, gr_error *err);
/* Heap rulesets: makes e->heap_values hold G(0..max) (the nim-sequence
 * engine, within the limits, its own table counted); an exit-2 error saying
 * why when it cannot. */
int gr_engine_heap_table(gr_engine *e, uint64_t max, gr_error *err);
/* G(x) of one heap of any size: from the table, or by the certified period
 * of the game's sequence when one is known or the heap is beyond
 * GR_HEAP_TABLE_DIRECT (the period is then looked for); otherwise the table
 * is extended to x (within the limits). */
int gr_engine_heap_grundy(gr_engine *e, mpz_srcptr x, uint32_t *value, gr_error *err);
#define GR_HEAP_TABLE_DIRECT 65536

typedef struct gr_moves_summary {
    mpz_t total;               /* all moves from the position */
    bool all_listed;           /* false: only the winning moves were listed */
    const char *method;        /* as gr_answer's */
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
