/* Seed 000's closing question: Sharing Nim with more than three piles.
 * Patterns found with the tier solver (docs/tiers.md, "Exploring"), each a
 * conjecture checked on every position up to the canonical total asked
 * (`--to T`, default below). The lead splices this list into seed 000's. */
#include "grundy/claims.h"
#include "grundy/tier.h"
#include <stdio.h>

static int solve(gr_tiers *s, gr_game *g, int n, uint64_t to, gr_error *err)
{
    if (to > 2000) return gr_fail(err, GR_EINPUT, "--to %llu: these checks stop at total 2000", (unsigned long long)to);
    char spec[32];
    snprintf(spec, sizeof spec, "sharing:piles=%d", n);
    int rc = gr_game_parse(g, spec, err);
    if (rc) return rc;
    if ((rc = gr_tiers_init(s, g, n, to, err))) {
        gr_game_release(g);
        return rc;
    }
    gr_tier_opts o = {.method = GR_TIER_FAST, .keep = true};
    if ((rc = gr_tiers_solve(s, &o, err))) {
        gr_tiers_free(s);
        gr_game_release(g);
    }
    return rc;
}

static void done(gr_tiers *s, gr_game *g)
{
    gr_tiers_free(s);
    gr_game_release(g);
}

/* The smaller bound for 5 and 6 piles keeps `grundy check` quick. */
static uint64_t scaled(uint64_t to, int n)
{
    return n <= 4 ? to : n == 5 ? to * 3 / 5 : to * 2 / 5;
}

/* Even n: piles that pair up into equal pairs make a P-position (the second
 * player copies every move on the twins). Checked for 4 and 6 piles. */
static int check_mirror(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "every position of 4 piles with canonical total <= %llu and of 6 piles <= %llu",
                   (unsigned long long)to, (unsigned long long)scaled(to, 6));
    for (int n = 4; n <= 6 && r->status == GR_CLAIM_HOLDS; n += 2) {
        gr_tiers s;
        gr_game g;
        int rc = solve(&s, &g, n, scaled(to, n), err);
        if (rc) return rc;
        for (uint64_t t = 0; t <= s.total && r->status == GR_CLAIM_HOLDS; t++)
            for (uint64_t k = 0; k < s.size[t]; k++) {
                gr_pos p;
                gr_tiers_unrank(&s, t, k, &p);
                bool paired = true;
                for (int i = 0; i < n; i += 2) paired = paired && p.p[i] == p.p[i + 1];
                if (paired && s.v[t][k] != 0) {
                    gr_claim_fails(r, &p, "paired piles but G = %u", s.v[t][k]);
                    break;
                }
            }
        done(&s, &g);
    }
    return GR_OK;
}

/* G(p) = G(max p - p): the complement reverses the differences of the
 * sorted piles; a move s->d of k in p is the move d->s of k in the image. */
static int check_negation(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "every position of 4 piles with canonical total <= %llu and of 5 piles <= %llu "
                      "whose image is as small",
                   (unsigned long long)to, (unsigned long long)scaled(to, 5));
    for (int n = 4; n <= 5 && r->status == GR_CLAIM_HOLDS; n++) {
        gr_tiers s;
        gr_game g;
        int rc = solve(&s, &g, n, scaled(to, n), err);
        if (rc) return rc;
        for (uint64_t t = 0; t <= s.total && r->status == GR_CLAIM_HOLDS; t++)
            for (uint64_t k = 0; k < s.size[t]; k++) {
                gr_pos p, q;
                gr_tiers_unrank(&s, t, k, &p);
                q = p;
                for (int i = 0; i < n; i++) q.p[i] = p.p[n - 1] - p.p[i];
                uint32_t w;
                gr_error e2;
                gr_error_clear(&e2);
                if (gr_tiers_value(&s, &q, &w, &e2)) continue;   /* image beyond the bound */
                if (w != s.v[t][k]) {
                    gr_claim_fails(r, &p, "G = %u but the complement has G = %u", s.v[t][k], w);
                    break;
                }
            }
        done(&s, &g);
    }
    return GR_OK;
}

/* Four piles, two of them empty: (0,0,a,a+1) is P exactly when a is even. */
static int check_four_zero_zero(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_tiers s;
    gr_game g;
    int rc = solve(&s, &g, 4, to, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (0,0,a,a+1) with 2a+1 <= %llu", (unsigned long long)to);
    for (uint64_t a = 0; 2 * a + 1 <= to; a++) {
        gr_pos p = {.n = 4, .p = {0, 0, a, a + 1}};
        uint32_t v;
        if ((rc = gr_tiers_value(&s, &p, &v, err))) break;
        if ((v == 0) != (a % 2 == 0)) {
            gr_claim_fails(r, &p, "a = %llu is %s but G = %u", (unsigned long long)a, a % 2 ? "odd" : "even", v);
            break;
        }
    }
    done(&s, &g);
    return rc;
}

/* The largest value grows linearly in the total, well below it. */
static int check_growth(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "every tier t <= %llu of 4 piles and t <= %llu of 5 piles", (unsigned long long)to,
                   (unsigned long long)scaled(to, 5));
    for (int n = 4; n <= 5 && r->status == GR_CLAIM_HOLDS; n++) {
        gr_tiers s;
        gr_game g;
        int rc = solve(&s, &g, n, scaled(to, n), err);
        if (rc) return rc;
        /* 4 piles: G <= 3t/4 + 1; 5 piles: G <= 5t/6 + 1 */
        uint64_t num = n == 4 ? 3 : 5, den = n == 4 ? 4 : 6;
        for (uint64_t t = 0; t <= s.total && r->status == GR_CLAIM_HOLDS; t++)
            for (uint64_t k = 0; k < s.size[t]; k++)
                if ((uint64_t)s.v[t][k] * den > num * t + den) {
                    gr_pos p;
                    gr_tiers_unrank(&s, t, k, &p);
                    gr_claim_fails(r, &p, "G = %u > %llu t/%llu + 1 at total %llu", s.v[t][k],
                                   (unsigned long long)num, (unsigned long long)den, (unsigned long long)t);
                    break;
                }
        done(&s, &g);
    }
    return GR_OK;
}

static int solve_spec(gr_tiers *s, gr_game *g, const char *spec, int n, uint64_t to, gr_error *err)
{
    int rc = gr_game_parse(g, spec, err);
    if (rc) return rc;
    if ((rc = gr_tiers_init(s, g, n, to, err))) {
        gr_game_release(g);
        return rc;
    }
    gr_tier_opts o = {.method = GR_TIER_FAST, .keep = true};
    if ((rc = gr_tiers_solve(s, &o, err))) done(s, g);
    return rc;
}

/* Graph Nim (the paper's closing section): the complement turns every move
 * s->d into d->s, so G on a digraph D at p equals G on the reversed digraph
 * at max p - p. Checked on a path, a star and a directed triangle. */
static int check_graph_complement(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const struct {
        int n;
        const char *d, *rev;
    } graphs[] = {
        {3, "sharing:piles=3,graph=0-1/1-2", "sharing:piles=3,graph=0-1/1-2"},
        {4, "sharing:piles=4,graph=0-1/0-2/0-3", "sharing:piles=4,graph=0-1/0-2/0-3"},
        {3, "sharing:piles=3,graph=0>1/1>2/2>0", "sharing:piles=3,graph=1>0/2>1/0>2"},
    };
    if (to > 400) return gr_fail(err, GR_EINPUT, "--to %llu: this check stops at total 400", (unsigned long long)to);
    gr_claim_holds(r, "path 0-1/1-2, triangle 0>1/1>2/2>0 to canonical total %llu, star 0-1/0-2/0-3 to %llu "
                      "(images as small)",
                   (unsigned long long)to, (unsigned long long)(to / 2));
    for (size_t i = 0; i < sizeof graphs / sizeof graphs[0] && r->status == GR_CLAIM_HOLDS; i++) {
        int n = graphs[i].n;
        uint64_t bound = n == 3 ? to : to / 2;
        gr_tiers a, b;
        gr_game ga, gb;
        int rc = solve_spec(&a, &ga, graphs[i].d, n, bound, err);
        if (rc) return rc;
        if ((rc = solve_spec(&b, &gb, graphs[i].rev, n, bound, err))) {
            done(&a, &ga);
            return rc;
        }
        for (uint64_t t = 0; t <= a.total && r->status == GR_CLAIM_HOLDS; t++)
            for (uint64_t k = 0; k < a.size[t]; k++) {
                gr_pos p, q;
                gr_tiers_unrank(&a, t, k, &p);
                uint64_t mx = 0;
                for (int j = 0; j < n; j++)
                    if (p.p[j] > mx) mx = p.p[j];
                q = p;
                for (int j = 0; j < n; j++) q.p[j] = mx - p.p[j];
                uint32_t w;
                gr_error e2;
                gr_error_clear(&e2);
                if (gr_tiers_value(&b, &q, &w, &e2)) continue;
                if (w != a.v[t][k]) {
                    gr_claim_fails(r, &p, "%s: G = %u, complement on the reverse: %u", graphs[i].d, a.v[t][k], w);
                    break;
                }
            }
        done(&a, &ga);
        done(&b, &gb);
    }
    return GR_OK;
}

const gr_claim gr_claims_000_piles[] = {
    {"000/conj-piles-mirror",
     "Sharing Nim with an even number of piles: a position whose piles pair up into equal pairs is a P-position",
     "the paper's closing question (more than 3 piles); a mirror strategy proves it, the check is computation", 150,
     check_mirror},
    {"000/conj-piles-complement",
     "n-pile Sharing Nim: G(p) = G(max(p) - p), i.e. reversing the differences of the sorted piles keeps the value "
     "(three piles: G(0,a,b) = G(0,b-a,b))",
     "checked on 4 and 5 piles; the bound is the canonical total", 150, check_negation},
    {"000/conj-piles-4-zero-zero", "4-pile Sharing Nim: (0,0,a,a+1) is a P-position exactly when a is even",
     "bound: the canonical total 2a+1", 400, check_four_zero_zero},
    {"000/conj-piles-growth",
     "The largest value among positions of canonical total t is at most 3t/4 + 1 with 4 piles and 5t/6 + 1 with 5 "
     "(measured: about 0.61 t and 0.69 t at t = 400 and 200)",
     "bound: the canonical total", 150, check_growth},
    {"000/conj-graph-complement",
     "Graph Nim (the paper's closing section): G on a digraph D at p equals G on the reversed digraph at "
     "max(p) - p (on an undirected graph: the same graph)",
     "checked on a path, a star and a directed triangle; the bound is the canonical total", 60,
     check_graph_complement},
};
const size_t gr_claims_000_piles_count = sizeof gr_claims_000_piles / sizeof gr_claims_000_piles[0];

/* Listed under seed 000 beside the paper's own claims (its closing section
 * proposes more piles and graphs). */
const gr_seed_claims gr_claims_000_more_piles = {
    .seed = "000",
    .title = "Sharing Nim with more piles and on graphs (the paper's closing questions; tier solver)",
    .claims = gr_claims_000_piles,
    .count = sizeof gr_claims_000_piles / sizeof gr_claims_000_piles[0],
};
