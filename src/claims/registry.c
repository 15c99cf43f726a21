/* The seeds' claim lists, and the small helpers their checks share. One file
 * per seed (seed000.c, ...) defines its list; a new seed is one line here. */
#include "grundy/claims.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const gr_seed_claims gr_claims_000;
extern const gr_seed_claims gr_claims_000_distribution;
extern const gr_seed_claims gr_claims_000_more_piles;
extern const gr_seed_claims gr_claims_001;
extern const gr_seed_claims gr_claims_001_text;
extern const gr_seed_claims gr_claims_002;
extern const gr_seed_claims gr_claims_002_text;
extern const gr_seed_claims gr_claims_003;
extern const gr_seed_claims gr_claims_004;
extern const gr_seed_claims gr_claims_octal;
extern const gr_seed_claims gr_claims_misere;

static const gr_seed_claims *const seeds[] = {
    &gr_claims_000,
    &gr_claims_000_distribution,
    &gr_claims_000_more_piles,
    &gr_claims_001,
    &gr_claims_001_text,
    &gr_claims_002,
    &gr_claims_002_text,
    &gr_claims_003,
    &gr_claims_004,
    &gr_claims_octal,
    &gr_claims_misere,
};

size_t gr_seed_count(void)
{
    return sizeof seeds / sizeof seeds[0];
}

const gr_seed_claims *gr_seed_at(size_t i)
{
    return i < gr_seed_count() ? seeds[i] : NULL;
}

const gr_claim *gr_claim_find(const char *id)
{
    for (size_t s = 0; s < gr_seed_count(); s++)
        for (size_t i = 0; i < seeds[s]->count; i++)
            if (strcmp(seeds[s]->claims[i].id, id) == 0) return &seeds[s]->claims[i];
    return NULL;
}

const gr_seed_claims *gr_claim_seed(const gr_claim *c)
{
    for (size_t s = 0; s < gr_seed_count(); s++)
        if (c >= seeds[s]->claims && c < seeds[s]->claims + seeds[s]->count) return seeds[s];
    return NULL;
}

int gr_claim_run(const gr_claim *c, uint64_t to, const gr_limits *lim, gr_claim_result *r, gr_error *err)
{
    memset(r, 0, sizeof *r);
    r->limits = lim;
    int rc = c->check(c, to ? to : c->default_to, r, err);
    /* a stop inside a search the check ran reads as the search's failure */
    if (!rc && gr_limits_stopped(lim)) rc = gr_fail(err, GR_EINTR, "%s: stopped", c->id);
    return rc;
}

int gr_claim_poll(const gr_claim_result *r, gr_error *err)
{
    return gr_limits_stopped(r->limits) ? gr_fail(err, GR_EINTR, "check stopped") : GR_OK;
}

void gr_claim_holds(gr_claim_result *r, const char *range_fmt, ...)
{
    r->status = GR_CLAIM_HOLDS;
    r->has_cex = false;
    va_list ap;
    va_start(ap, range_fmt);
    vsnprintf(r->range, sizeof r->range, range_fmt, ap);
    va_end(ap);
}

void gr_claim_fails(gr_claim_result *r, const gr_pos *cex, const char *detail_fmt, ...)
{
    r->status = GR_CLAIM_FAILS;
    r->has_cex = cex != NULL;
    if (cex) r->cex = *cex;
    va_list ap;
    va_start(ap, detail_fmt);
    vsnprintf(r->detail, sizeof r->detail, detail_fmt, ap);
    va_end(ap);
}

void gr_claim_unchecked(gr_claim_result *r, const char *why_fmt, ...)
{
    r->status = GR_CLAIM_UNCHECKED;
    r->has_cex = false;
    va_list ap;
    va_start(ap, why_fmt);
    vsnprintf(r->detail, sizeof r->detail, why_fmt, ap);
    va_end(ap);
}

const char *gr_claim_status_name(int status)
{
    switch (status) {
    case GR_CLAIM_HOLDS: return "holds";
    case GR_CLAIM_FAILS: return "fails";
    default: return "unchecked";
    }
}
