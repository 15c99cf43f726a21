/* Seed 001's claim registry: every claim runs, and the verdicts and smallest
 * counterexamples are the ones computation gives (recorded here so that a
 * change in the solvers or the rules that flips one is noticed). */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/claims.h"

static void expect(const char *id, uint64_t to, int status, const char *cex)
{
    const gr_claim *c = gr_claim_find(id);
    cr_assert_not_null(c, "%s", id);
    gr_claim_result r = {0};
    memset(&r, 0, sizeof r);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(c->check(c, to ? to : c->default_to, &r, &err), 0, "%s: %s", id, err.msg);
    cr_assert_eq(r.status, status, "%s: %s (%s)", id, gr_claim_status_name(r.status), r.detail);
    if (cex) {
        char buf[128];
        cr_assert(r.has_cex);
        gr_pos_format(&r.cex, buf, sizeof buf);
        cr_assert_str_eq(buf, cex, "%s", id);
    }
}

Test(claims001, holds)
{
    const char *ids[] = {"001/lemma-3.4", "001/lemma-3.5", "001/lemma-3.6", "001/thm-3.7", "001/thm-4.4",
                         "001/lemma-5.2", "001/thm-5.3", "001/text-6.2", "001/lemma-6.3", "001/lemma-6.4",
                         "001/thm-7.1", "001/lemma-7.3",
                         "001/lemma-7.6", "001/thm-7.7", "001/lemma-7.8", "001/thm-7.9", "001/lemma-9.1",
                         "001/lemma-9.2"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) expect(ids[i], 0, GR_CLAIM_HOLDS, NULL);
}

Test(claims001, fails_with_smallest_counterexample)
{
    expect("001/lemma-6.5", 0, GR_CLAIM_FAILS, "1 1 2");
    expect("001/thm-7.2", 0, GR_CLAIM_FAILS, "2 0");
    expect("001/lemma-7.4", 0, GR_CLAIM_FAILS, "6");
    expect("001/lemma-7.5", 0, GR_CLAIM_FAILS, "6");
    expect("001/lemma-7.5.alt", 0, GR_CLAIM_FAILS, "6");
    expect("001/lemma-7.11", 0, GR_CLAIM_FAILS, "2 5 7");
    expect("001/lemma-7.12", 0, GR_CLAIM_FAILS, "2 5 7");
    expect("001/lemma-7.13", 0, GR_CLAIM_FAILS, "30");
    expect("001/thm-9.3", 0, GR_CLAIM_FAILS, "1 4 6");
    expect("001/thm-9.4", 0, GR_CLAIM_FAILS, "1 4 6");
    expect("001/lemma-9.5", 0, GR_CLAIM_FAILS, "1 2 4");
    /* the listings as printed fall off the end of f: undefined behaviour */
    expect("001/text-listing-1", 0, GR_CLAIM_FAILS, "0 0");
    expect("001/text-listing-2", 0, GR_CLAIM_FAILS, "2");
    expect("001/text-listing-3", 0, GR_CLAIM_FAILS, "2");
}

/* A listing's report says what the code as printed does beside what it was
 * meant to compute. */
Test(claims001, listings_report_undefined_behaviour)
{
    const char *ids[] = {"001/text-listing-1", "001/text-listing-2", "001/text-listing-3"};
    for (size_t i = 0; i < 3; i++) {
        const gr_claim *c = gr_claim_find(ids[i]);
        cr_assert_not_null(c);
        gr_claim_result r = {0};
        memset(&r, 0, sizeof r);
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(c->check(c, c->default_to, &r, &err), 0);
        cr_assert(strstr(r.detail, "undefined behaviour"), "%s: %s", ids[i], r.detail);
        cr_assert(strstr(r.detail, "-O2"), "%s: %s", ids[i], r.detail);
        cr_assert(strstr(r.detail, "meant to compute"), "%s: %s", ids[i], r.detail);
    }
}

/* The two lists above name every claim of the seed: none is left unchecked. */
Test(claims001, every_claim_is_listed_above)
{
    const gr_seed_claims *seed = NULL;
    for (size_t s = 0; s < gr_seed_count(); s++)
        if (!seed && strcmp(gr_seed_at(s)->seed, "001") == 0) seed = gr_seed_at(s);   /* the numbered statements */
    cr_assert_not_null(seed);
    cr_assert_eq(seed->count, 32);
    for (size_t i = 0; i < seed->count; i++) cr_assert(strncmp(seed->claims[i].id, "001/", 4) == 0);
}
