/* Seed 000: three-pile Sharing Nim (Ho). Checks run on the simple table,
 * which is itself tested against the generic solver. */
#include "grundy/claims.h"
#include "grundy/sharing3.h"
#include "grundy/theory.h"
#include <gmp.h>
#include <stdio.h>

static int table(gr_s3table *t, uint64_t to, gr_error *err)
{
    if (to > 20000) return gr_fail(err, GR_EINPUT, "--to %llu: the simple table stops at 20000", (unsigned long long)to);
    return gr_s3table_simple(t, (uint32_t)to, err);
}

static gr_pos pos3(uint64_t x, uint64_t y, uint64_t z)
{
    return (gr_pos){.n = 3, .p = {x, y, z}};
}

static int check_symmetry(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (0,a,b) with a <= b <= %llu", (unsigned long long)to);
    for (uint32_t b = 0; b <= t.n && r->status == GR_CLAIM_HOLDS; b++)
        for (uint32_t a = 0; a <= b; a++)
            if (gr_s3table_get(&t, a, b) != gr_s3table_get(&t, b - a, b)) {
                gr_pos p = pos3(0, a, b);
                gr_claim_fails(r, &p, "G(0,%u,%u) = %u but G(0,%u,%u) = %u", a, b, gr_s3table_get(&t, a, b),
                               b - a, b, gr_s3table_get(&t, b - a, b));
                break;
            }
    gr_s3table_free(&t);
    return GR_OK;
}

static int check_p_positions(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (0,a,b) with a <= b <= %llu", (unsigned long long)to);
    mpz_t x, y, z;
    mpz_inits(x, y, z, NULL);
    for (uint32_t b = 0; b <= t.n && r->status == GR_CLAIM_HOLDS; b++)
        for (uint32_t a = 0; a <= b; a++) {
            mpz_set_ui(y, a);
            mpz_set_ui(z, b);
            bool formula = gr_sharing3_is_p(x, y, z);
            bool search = gr_s3table_get(&t, a, b) == 0;
            if (formula != search) {
                gr_pos p = pos3(0, a, b);
                gr_claim_fails(r, &p, "the formula says %s, search says G = %u", formula ? "P" : "N",
                               gr_s3table_get(&t, a, b));
                break;
            }
        }
    mpz_clears(x, y, z, NULL);
    gr_s3table_free(&t);
    return GR_OK;
}

static const gr_claim claims[] = {
    {"000/thm-thm.ab", "G(0,a,b) = G(0,b-a,b) for all 0 <= a <= b (columns of Table 1 are palindromes)", NULL,
     1000, check_symmetry},
    {"000/thm-P",
     "The P-positions are (0,0,0), (0,0,4^k(2l+1)) and (0,4^k(2l+1),4^k(2l+1)), up to adding a constant to "
     "every pile and reordering",
     NULL, 1000, check_p_positions},
};

const gr_seed_claims gr_claims_000 = {
    .seed = "000",
    .title = "Three-pile Sharing Nim and the quadratic time winning strategy",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
