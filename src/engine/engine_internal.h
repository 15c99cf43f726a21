/* What the engine's files in src/engine/ share and nobody else needs: a
 * gr_engine's fields and the tables it keeps between calls. A library user
 * sees only a pointer (include/grundy/engine.h), so they can change without
 * breaking a caller, and a caller cannot read a table half made. */
#ifndef GRUNDY_ENGINE_INTERNAL_H
#define GRUNDY_ENGINE_INTERNAL_H
#include "grundy/engine.h"

struct gr_retro;

struct gr_engine_cache {
    gr_solver *solver;         /* made on first use and kept: later positions reuse its table */
    struct gr_retro *retro;    /* the same for loopy rulesets (retrograde analysis, draws) */
    struct gr_tiers *tiers;    /* rulesets that keep their total: every position of n piles up to a
                                * canonical total, solved by tiers and kept for the options */
    uint32_t *heap_values;     /* heap rulesets under normal play: G(0..heap_n), kept for the children */
    uint64_t heap_n;
    /* A certified period of the nim-sequence (heap_values.c): G(x + period)
     * = G(x) for every x >= preperiod, proved by the periodicity theorem
     * from the table; looked for once. */
    bool period_tried, periodic;
    uint64_t preperiod, period;
    const char *heap_how;      /* the method that made heap_values: an answer's method text */
    int heap_by;               /* ... as an enum gr_heap_method */
    struct gr_seqfile_reader *heap_reader;  /* a stored nim-sequence, read a block at a time */
    /* misere play of heap sums: the game's misere quotient (engine_quotient.c),
     * from a file or built here; a build that failed is not tried again at
     * or past the heap it was for */
    struct gr_mquot *quot;
    bool quot_file, quot_failed;
    bool quot_borrowed;        /* quot is another engine's (gr_engine_share_quotient): not freed here */
    uint32_t quot_failed_at;
    uint32_t quot_elem_failed_at;  /* an element's quick build failed at this heap (0: none) */
};

/* An engine (include/grundy/engine.h): what gr_engine_new and
 * gr_engine_use_db were given (game and db borrowed, outcome and limits
 * copies), and its tables. */
struct gr_engine {
    const gr_game *game;
    gr_outcome outcome;
    gr_limits limits;
    struct gr_engine_cache *cache;  /* made on first use */
    const char *db;            /* gr_engine_use_db: stored results answer instead (borrowed) */
    int heap_method;           /* gr_engine_heap_source: enum gr_heap_method */
    const char *heap_file;     /* ... a stored nim-sequence (borrowed) */
    gr_heap_progress_fn progress;
    void *progress_ctx;
};

/* The engine's tables, made on first use (an engine that only reads stored
 * results or answers by closed forms never needs them); NULL when memory
 * runs out. */
struct gr_engine_cache *gr_engine_cache(gr_engine *e);

/* heap_value.c: G(x) from the engine's sequence file, read from the
 * block that holds it (any heap the file holds, in a few blocks' memory);
 * and the reader closed. */
int gr_engine_heap_file_value(gr_engine *e, mpz_srcptr x, uint32_t *value, gr_error *err);
void gr_engine_heap_file_close(struct gr_engine_cache *c);
/* heap_value.c: G(0..max) by the engine's heap method into a new table
 * (*out, malloc'd), *how the method's text; within lim. */
int gr_engine_heap_build(gr_engine *e, uint64_t max, const gr_limits *lim, uint32_t **out, const char **how,
                         int *by, gr_error *err);
/* The sparse-space method run until the periodicity theorem certifies a
 * period (octal codes it covers), to heap want - 1 (0: as far as lim
 * allows, for the period alone): GR_OK with the table it made in the cache
 * and the period when certified, or the table of `want` heaps; -1 when it
 * does not apply or found none; else an error (want: the limits). */
int gr_engine_heap_sparse_period(gr_engine *e, uint64_t want, const gr_limits *lim, gr_error *err);

/* loopy.c: retrograde analysis for rulesets whose play can loop. */
int gr_engine_loopy_score(gr_engine *e, const gr_pos *pos, gr_answer *ans, gr_error *err);
void gr_engine_loopy_free(gr_engine *e);
/* heap_moves.c: every move of a heap game by its heaps' values. */
int gr_engine_heap_moves(gr_engine *e, const gr_bigpos *pos, const gr_answer *parent, gr_engine_move_fn fn,
                         void *ctx, gr_moves_summary *sum, double max_moves, gr_error *err);

/* engine_quotient.c: misere heap sums by the misere quotient. value: true
 * when it answered (else the caller searches); moves: after a value so
 * answered. */
bool gr_engine_quotient_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans);
int gr_engine_quotient_moves(gr_engine *e, const gr_bigpos *pos, const gr_answer *parent, gr_engine_move_fn fn,
                             void *ctx, gr_moves_summary *sum, double max_moves, gr_error *err);
void gr_engine_quotient_free(gr_engine *e);
/* A winning move of each class (the pair of elements it leaves) of a misere
 * octal heap sum through a quotient of all heaps: heaps of any size. */
int gr_engine_quotient_winners(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                               gr_error *err);

#endif
