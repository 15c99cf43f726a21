/* The claim registry: every checkable statement of the papers, with the
 * reading it is checked under, and a check that searches from the rules.
 *
 * Claim ids are SEED/KIND-LABEL, e.g. "000/thm-P" (see DESIGN.md). A verdict
 * is holds (in the range checked, which is reported), fails (with the
 * smallest counterexample found), or unchecked (with why).
 *
 * Ownership: the registry, its seeds and its claims are constants, never
 * freed; a gr_claim_result is the caller's, filled by a claim's check. */
#ifndef GRUNDY_CLAIMS_H
#define GRUNDY_CLAIMS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/position.h"
#include "grundy/solve.h"

enum gr_claim_status { GR_CLAIM_HOLDS, GR_CLAIM_FAILS, GR_CLAIM_UNCHECKED };

typedef struct gr_claim_result {
    int status;                 /* enum gr_claim_status */
    char range[160];            /* what was checked, e.g. "all (0,a,b) with b <= 1000" */
    bool has_cex;
    gr_pos cex;                 /* smallest counterexample, as a position */
    char detail[512];           /* why it fails, what was found instead, or why unchecked */
    /* In: the limits the check runs under, set by gr_claim_run (NULL: the
     * defaults, no stop hook). Searches get them, and long loops poll their
     * stop hook, so that an interrupt ends a check within a second. */
    const gr_limits *limits;
} gr_claim_result;

typedef struct gr_claim gr_claim;
struct gr_claim {
    const char *id;             /* "000/thm-P" */
    const char *statement;      /* the paper's claim, in plain words */
    const char *reading;        /* how it is read when the text leaves a choice, or NULL */
    uint64_t default_to;        /* the bound checked when none is asked for */
    /* Checks up to `to` (the claim says what the bound measures). Call it
     * through gr_claim_run, or on a zeroed result (its limits are read). */
    int (*check)(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err);
};

typedef struct gr_seed_claims {
    const char *seed;           /* "000" */
    const char *title;
    const gr_claim *claims;
    size_t count;
} gr_seed_claims;

size_t gr_seed_count(void);
const gr_seed_claims *gr_seed_at(size_t i);
const gr_claim *gr_claim_find(const char *id);
/* The seed whose list holds c, or NULL. */
const gr_seed_claims *gr_claim_seed(const gr_claim *c);
/* The seconds c's check is expected to take up to `to` (cost.c: measured at
 * the default bound, scaled by how the work grows with the bound), or -1
 * when c has no estimate. */
double gr_claim_estimate(const gr_claim *c, uint64_t to);

/* Runs c's check up to `to` (0: its default bound) under lim (NULL: the
 * defaults). r is cleared first. When lim's stop hook fires, the check ends
 * with GR_EINPUT and a message that says it was stopped. */
int gr_claim_run(const gr_claim *c, uint64_t to, const gr_limits *lim, gr_claim_result *r, gr_error *err);

/* Helpers for check functions. */
/* GR_EINPUT, with err saying so, when the check should end now (its stop
 * hook fired), else GR_OK. Cheap enough for every outer iteration of a loop:
 * `if ((rc = gr_claim_poll(r, err))) break;`. */
int gr_claim_poll(const gr_claim_result *r, gr_error *err);
void gr_claim_holds(gr_claim_result *r, const char *range_fmt, ...) __attribute__((format(printf, 2, 3)));
void gr_claim_fails(gr_claim_result *r, const gr_pos *cex, const char *detail_fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gr_claim_unchecked(gr_claim_result *r, const char *why_fmt, ...) __attribute__((format(printf, 2, 3)));
const char *gr_claim_status_name(int status);

#endif
