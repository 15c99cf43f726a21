/* The claims read from the papers' running text and code: each verdict, and
 * the example an existence claim reports, as computation gives them. The
 * period 5 of {1,3} is C A B A B repeated (heap 3 reaches C at 0, heap 5
 * reaches only B at 4 and 2), worked by hand. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/claims.h"

static gr_claim_result run(const char *id)
{
    const gr_claim *c = gr_claim_find(id);
    cr_assert_not_null(c, "%s", id);
    gr_claim_result r = {0};
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_claim_run(c, 0, NULL, &r, &err), 0, "%s: %s", id, err.msg);
    return r;
}

static void expect(const char *id, int status, const char *detail)
{
    gr_claim_result r = run(id);
    cr_assert_eq(r.status, status, "%s: %s (%s)", id, gr_claim_status_name(r.status), r.detail);
    if (detail) cr_assert(strstr(r.detail, detail), "%s: %s", id, r.detail);
}

Test(claims_text, hold)
{
    expect("000/text-row-dependence", GR_CLAIM_HOLDS, NULL);
    expect("001/remark-4.5", GR_CLAIM_HOLDS, NULL);
    expect("001/text-5.one-pile", GR_CLAIM_HOLDS, NULL);
    expect("001/text-7.4-distinct", GR_CLAIM_HOLDS, NULL);
    /* (2,4) (3,4) (2,5) from the 1; (1,1,4) (1,4) (1,1,5) (1,6) from the 2; four removals from the 4 */
    expect("001/text-9.2-moves", GR_CLAIM_HOLDS, "11 moves");
    expect("002/code-6.2", GR_CLAIM_HOLDS, NULL);
    expect("004/text-case1-split", GR_CLAIM_HOLDS, NULL);
}

Test(claims_text, existence_claims_name_their_first_example)
{
    expect("002/text-3.1-smallest", GR_CLAIM_HOLDS, "S' = {1,3} has period 5, the smallest member of S'+S'+S' not "
                                                    "in S'+S' is 3");
    expect("002/text-4.3-several", GR_CLAIM_HOLDS, "heap 12 of subtraction {1,4,6} has 2 nim-pairs");
}

/* Every claim of the running-text lists comes with a row in docs/claims.md
 * (tests/cli_claims_doc.sh) and a cost (cost.c): an estimate at its default. */
Test(claims_text, every_claim_has_a_cost)
{
    for (size_t s = 0; s < gr_seed_count(); s++)
        for (size_t i = 0; i < gr_seed_at(s)->count; i++) {
            const gr_claim *c = &gr_seed_at(s)->claims[i];
            cr_assert_geq(gr_claim_estimate(c, c->default_to), 0, "%s has no cost row", c->id);
        }
}
