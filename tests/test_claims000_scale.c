/* Seed 000 claims of src/claims/seed000_scale.c: verdicts from computation. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/claims.h"

extern const gr_claim gr_claims_000_scale[];
extern const size_t gr_claims_000_scale_count;

static const gr_claim *find(const char *id)
{
    for (size_t i = 0; i < gr_claims_000_scale_count; i++)
        if (strcmp(gr_claims_000_scale[i].id, id) == 0) return &gr_claims_000_scale[i];
    cr_assert_fail("no claim %s", id);
    return NULL;
}

static gr_claim_result run(const char *id, uint64_t to)
{
    const gr_claim *c = find(id);
    gr_claim_result r = {0};
    memset(&r, 0, sizeof r);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(c->check(c, to ? to : c->default_to, &r, &err), 0, "%s: %s", id, err.msg);
    return r;
}

Test(claims000_scale, lists_hold)
{
    cr_assert_eq(run("000/text-dis-g2", 0).status, GR_CLAIM_HOLDS);
    cr_assert_eq(run("000/text-dis-g3", 0).status, GR_CLAIM_HOLDS);
}

Test(claims000_scale, g3_rows_fail_at_0_4_8)
{
    cr_assert_eq(run("000/text-dis-g2-rows", 1000).status, GR_CLAIM_HOLDS);
    gr_claim_result r = run("000/text-dis-g3-rows", 1000);
    cr_assert_eq(r.status, GR_CLAIM_FAILS);
    cr_assert(r.has_cex);
    cr_assert_eq(r.cex.p[1], 4);
    cr_assert_eq(r.cex.p[2], 8);
}

Test(claims000_scale, others)
{
    cr_assert_eq(run("000/conj-dis", 1000).status, GR_CLAIM_HOLDS);
    cr_assert_eq(run("000/text-dis-200", 0).status, GR_CLAIM_HOLDS);
    cr_assert_eq(run("000/text-S.P.per-bounds", 0).status, GR_CLAIM_HOLDS);
    cr_assert_eq(run("000/conj-C.bound", 300).status, GR_CLAIM_UNCHECKED);
}

Test(claims000_scale, ids_are_unique_and_well_formed)
{
    for (size_t i = 0; i < gr_claims_000_scale_count; i++) {
        cr_assert_eq(strncmp(gr_claims_000_scale[i].id, "000/", 4), 0);
        for (size_t j = i + 1; j < gr_claims_000_scale_count; j++)
            cr_assert_neq(strcmp(gr_claims_000_scale[i].id, gr_claims_000_scale[j].id), 0);
    }
}
