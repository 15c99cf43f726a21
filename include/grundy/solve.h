/* The generic solver: memoised search over any ruleset and outcome rule.
 *
 * Ownership: gr_solver_new borrows the game (it must outlive the solver) and
 * copies the outcome rule and limits; gr_solver_free releases it. A solver
 * is used by one thread at a time. */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/position.h"
#include "grundy/ruleset.h"

typedef struct gr_limits {
    double max_bytes;     /* memory the search may use */
    double max_seconds;   /* time the search may take, as estimated */
    /* Optional: polled where the time limit is checked (several times a
     * second while a search, the retrograde solver or a nim-sequence runs);
     * a non-zero return stops the computation with GR_EINPUT and a message
     * that says it was stopped. NULL: never. A front end uses it to honour
     * an interrupt (the Python module: KeyboardInterrupt). */
    int (*stop)(void *ctx);
    void *stop_ctx;
} gr_limits;

/* Defaults: half the machine's memory, 60 seconds, no stop hook. Start every
 * gr_limits from here (or from a zero initializer), so stop is never garbage. */
void gr_limits_default(gr_limits *lim);
/* True when lim's stop hook asks the computation to stop now. */
bool gr_limits_stopped(const gr_limits *lim);
/* Seconds on the monotonic clock: deadlines for max_seconds, met by wall time. */
double gr_monotonic_seconds(void);
/* A memory size as every front end writes it: "4G", "512M", "64k", "100000"
 * (bytes). False, *bytes untouched, for anything else (empty, a sign, junk
 * after the unit, zero, past 32 characters). */
bool gr_limits_parse_size(const char *text, double *bytes);

typedef struct gr_estimate {
    double states;        /* positions the search may visit */
    double edges;         /* moves it may examine */
    double bytes;
    double seconds;
} gr_estimate;

void gr_solver_estimate(const gr_game *g, const gr_outcome *o, const gr_pos *pos, gr_estimate *est);
/* GR_EINPUT with the estimate in the message when it exceeds the limits. */
int gr_solver_admit(const gr_game *g, const gr_outcome *o, const gr_pos *pos,
                    const gr_limits *lim, gr_error *err);

typedef struct gr_solver gr_solver;

gr_solver *gr_solver_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim);
void gr_solver_free(gr_solver *s);
/* The score of pos under the solver's outcome rule (a Grundy value under
 * normal play). Positions are kept between calls, so a table is cheap. */
int gr_solver_score(gr_solver *s, const gr_pos *pos, uint32_t *score, gr_error *err);
size_t gr_solver_positions(const gr_solver *s);

#endif
