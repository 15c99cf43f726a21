/* The engine: one entry point that answers a position with the best method
 * there is. It asks the closed forms first (any size, exact) and falls back to
 * the generic search (64-bit sizes, bounded by limits). Verbs of the command
 * line, the page and the play loop all call this, never a solver directly.
 *
 * Ownership: a gr_engine is opaque (its fields are in
 * src/engine/engine_internal.h). gr_engine_new borrows the game (it must
 * outlive the engine) and copies the outcome rule and the limits; the caller
 * owns the engine and frees it with gr_engine_free, once. A directory given
 * to gr_engine_use_db is borrowed too. What the accessors return is borrowed
 * from the engine, valid until gr_engine_free. A gr_answer and a
 * gr_moves_summary belong to the caller: _init before use, _clear after.
 * What a gr_engine_move_fn is handed is borrowed for the call. An engine is
 * used by one thread at a time. */
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
    GR_METHOD_TABLE,           /* results stored by `grundy solve --out`: "stored results" */
    GR_METHOD_QUOTIENT         /* misere heap sums by the game's misere quotient: "misere quotient" */
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

/* An engine for one game under one outcome rule, and what it keeps between
 * calls (a search table, the retrograde solver, a nim-sequence and its
 * period): opaque, like lua_State. */
typedef struct gr_engine gr_engine;

/* A new engine (lim NULL: the default limits); NULL with GR_ENOMEM in err
 * when memory runs out. */
gr_engine *gr_engine_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim, gr_error *err);
/* Frees the engine and all it keeps; NULL is fine. */
void gr_engine_free(gr_engine *e);
/* What the engine was made with, borrowed from it: the game (the caller's),
 * the outcome rule and limits (the engine's copies), and the directory of
 * gr_engine_use_db (NULL when none). */
const gr_game *gr_engine_game(const gr_engine *e);
const gr_outcome *gr_engine_outcome(const gr_engine *e);
const gr_limits *gr_engine_limits(const gr_engine *e);
const char *gr_engine_db(const gr_engine *e);

/* From now on value and moves are read from the results `grundy solve --out
 * DIR` stored in dir (borrowed; kept by the caller), never searched: normal
 * play only, positions that fit 64 bits, and an exit-2 error when dir holds
 * another game's results. */
void gr_engine_use_db(gr_engine *e, const char *dir);
/* From now on misere sums of heaps up to the quotient's bound are answered
 * by the misere quotient saved in path (`grundy misere RULES --quotient
 * --out FILE`; src/misere/): value and moves, sums of any number of heaps.
 * GR_EINPUT for a damaged file or another game's quotient. Without it, an
 * engine under misere play builds a quotient itself for heap sums that
 * search would find costly (heaps up to 40, a few seconds at most). */
int gr_engine_use_quotient(gr_engine *e, const char *path, gr_error *err);
/* The same with the quotient `from` was given from its file, shared, not
 * loaded again (a play by a server's saved quotient: its own engine takes
 * the leased engine's); `from` must outlive e's use of it. GR_EINTERNAL
 * when `from` holds no file's quotient. */
int gr_engine_share_quotient(gr_engine *e, gr_engine *from, gr_error *err);
/* The element of a misere heap sum in the game's misere quotient: the
 * quotient held (a file's, or one built on the fly), else one built here
 * to heap 16 or the largest heap (at most 40, a second or the limits at
 * most). False when none covers pos (not misere, not heaps, too large).
 * It never changes which method answers value or moves. */
typedef struct gr_quotient_element {
    char word[96];             /* the element as a word in the generators: "a^2 b", "1" */
    uint32_t element, order, pcount;
    bool in_p;                 /* in the P-portion: pos is a misere P-position */
    int heaps, period, preperiod;  /* what the quotient covers (period 0: heaps 0..heaps) */
} gr_quotient_element;
bool gr_engine_quotient_element(gr_engine *e, const gr_bigpos *pos, gr_quotient_element *out);
/* G(0,a,b), b <= n, into t from stored three-pile Sharing Nim results (the
 * caller frees t with gr_s3table_free). */
struct gr_s3table;
int gr_engine_db_s3table(const char *dir, struct gr_s3table *t, uint32_t n, gr_error *err);

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

/* How heap values are found (heap rulesets under normal play), fastest
 * first; AUTO picks (src/engine/heap_value.c): a certified period, a
 * stored sequence file when one is given, the sparse-space method where it
 * covers the code and the heap is large, the bitset (fast) method, else
 * search. A method named by the caller is the only one tried. */
enum gr_heap_method {
    GR_HEAP_AUTO = 0,
    GR_HEAP_PERIOD,
    GR_HEAP_FILE,
    GR_HEAP_SPARSE,
    GR_HEAP_FAST,
    GR_HEAP_SIMPLE,
    GR_HEAP_SEARCH
};
/* "period", "file", "sparse", "fast", "simple", "search", "auto": false
 * for anything else. */
bool gr_heap_method_parse(const char *name, int *method);
/* The methods' names, for a message: "auto, period, file, ...". */
#define GR_HEAP_METHODS "auto, period, file, sparse, fast, simple or search"
/* Progress of a long nim-sequence run: heaps done of `to`, wall seconds. */
typedef void (*gr_heap_progress_fn)(void *ctx, uint64_t done, uint64_t to, double seconds);
/* From now on heap values come by `method`, and from the sequence file
 * `file` (grundy/seqfile.h, borrowed; NULL: none) where the method is
 * AUTO or FILE. A table kept from an earlier call by another method is
 * made again when a method is named. */
void gr_engine_heap_source(gr_engine *e, int method, const char *file);
void gr_engine_heap_progress(gr_engine *e, gr_heap_progress_fn fn, void *ctx);
/* The method policy for G(0..to) of a heap ruleset, the one `seq` follows
 * too: whether the sparse-space method should compute it (it covers the
 * code, the run is long enough to gain from it, and the values are not
 * seen to grow past what it stores). */
bool gr_engine_heap_wants_sparse(const gr_game *g, uint64_t to);

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

/* ---- the blocker's strategy (block=k, block-position=k; seed 003) ----
 * At a P-position the blocker forbids every move to a P-position (at most k
 * of them; the rest of its ban is free) and the mover loses; at an
 * N-position more than k moves (positions) lead to P, so one survives any
 * ban: for k = 1 each ban has its reply. Moves come from gr_engine_moves, so
 * a closed form answers positions of any size. Owned strings; clear once. */
typedef struct gr_block_move {
    char *text;                /* the move as the ruleset writes it: "take 3 from pile 0" */
    char *key;                 /* the result, canonical, as text: equal keys, equal positions */
    char *result;              /* the result as listed */
} gr_block_move;

typedef struct gr_block_strategy {
    int k;
    bool by_position;          /* block-position=k: the ban counts distinct positions */
    bool p;                    /* the position is P: the blocker wins */
    bool listed;               /* every move was seen (false beyond search) */
    bool all_forbidden;        /* P with at most k moves (options): all of them are forbidden */
    size_t options;            /* the moves (block) or distinct options (block-position) seen */
    size_t units;              /* moves to P-positions, or distinct P-positions among the options */
    gr_block_move *to_p;       /* units of them: under block-position the first move to each */
} gr_block_strategy;

/* e's outcome rule must be block=k or block-position=k. */
int gr_engine_block_strategy(gr_engine *e, const gr_bigpos *pos, gr_block_strategy *s, gr_error *err);
void gr_block_strategy_clear(gr_block_strategy *s);
/* Not P, k = 1: the index in to_p of the mover's reply when to_p[banned] is
 * forbidden (any other ban: to_p[0]). */
static inline size_t gr_block_reply(size_t banned) { return banned == 0 ? 1 : 0; }

/* ---- the losing positions under blocking (block=k, block-position=k) ----
 * Every P-position of `piles` piles, each at most max, piles sorted (so the
 * ruleset's pile order must not matter: refused otherwise, and loopy
 * rulesets too). rules "nim" is answered by a bottom-up table (within
 * lim->max_bytes), any other ruleset by the generic solver (within lim, and
 * at most 1e8 positions listed). Opaque; gr_losing_free once. */
typedef struct gr_losing gr_losing;
int gr_losing_open(gr_losing **out, const char *rules, const gr_outcome *rule, int piles, uint32_t max,
                   const gr_limits *lim, gr_error *err);
void gr_losing_free(gr_losing *l);
int gr_losing_piles(const gr_losing *l);
uint32_t gr_losing_max(const gr_losing *l);
/* Is x (piles sorted ascending, each <= max) a P-position? */
int gr_losing_is_p(gr_losing *l, const uint32_t *x, bool *p, gr_error *err);
/* fn(ctx, piles) for every P-position in colex order (by the largest pile,
 * then the next, ...); a non-zero return stops and is returned. *visited:
 * the positions looked at. */
typedef int (*gr_losing_fn)(void *ctx, const uint32_t *piles);
int gr_losing_each(gr_losing *l, gr_losing_fn fn, void *ctx, unsigned long long *visited, gr_error *err);
/* The position of the piles `fixed` (piles - 2 of them) and b and c, in any
 * order: is it P? */
int gr_losing_slice(gr_losing *l, const uint32_t *fixed, uint32_t b, uint32_t c, bool *p, gr_error *err);

/* ---- a three-pile table under any outcome rule ----
 * The score (gr_outcome_label names it) of every (0,a,b), 0 <= a <= b <=
 * max, by the generic search within lim: (*scores)[b(b+1)/2 + a], owned by
 * the caller (free). Normal-play values have their own, faster tables
 * (sharing3.h). */
int gr_engine_outcome_table(const gr_game *g, const gr_outcome *o, const gr_limits *lim, uint32_t max,
                            uint32_t **scores, gr_error *err);

#endif
