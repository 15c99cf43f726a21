/* Seed 002 (three players): the checkable facts stated in the running text
 * and the appendix's code, beside the numbered statements of seed002.c.
 * Classes are 0 = C (the mover loses), 1 = A, 2 = B, as the paper numbers
 * them; every class and period comes from the rules, by search or by the
 * class-sequence generator (tested against search in tests/test_players.c). */
#include "grundy/claims.h"
#include "grundy/players.h"
#include "grundy/solve.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_SET 4

/* Sets of 1..MAX_SET elements from 1..to in increasing order of the largest
 * element, then of the others as a bit mask: *top and *bits step through
 * them, from *top = 1 and *bits = SET_START; false when none is left. */
#define SET_START UINT64_MAX
static bool next_set(uint64_t to, uint64_t *top, uint64_t *bits, uint64_t *set, size_t *n)
{
    for (;;) {
        if (++*bits >= 1ull << (*top - 1)) ++*top, *bits = 0;
        if (*top > to) return false;
        *n = (size_t)__builtin_popcountll(*bits) + 1;
        if (*n > MAX_SET) continue;
        size_t k = 0;
        for (uint64_t e = 1; e < *top; e++)
            if (*bits >> (e - 1) & 1) set[k++] = e;
        set[k] = *top;
        return true;
    }
}

static int period_of(const uint64_t *set, size_t n, uint64_t *period, gr_error *err)
{
    gr_subperiod p;
    int rc = gr_subseq_period(set, n, 3, 10000000, &p, err);
    if (!rc && !p.found) rc = gr_fail(err, GR_EINPUT, "no period within 10^7 heaps");
    *period = p.period;
    return rc;
}

/* Is v a sum of exactly `terms` elements of set (repetition allowed)? */
static bool in_sumset(const uint64_t *set, size_t n, int terms, uint64_t v)
{
    if (terms == 0) return v == 0;
    for (size_t i = 0; i < n; i++)
        if (set[i] <= v && in_sumset(set, n, terms - 1, v - set[i])) return true;
    return false;
}

/* The smallest member of S'+S'+S' that is not in S'+S'. */
static uint64_t smallest_new_sum(const uint64_t *set, size_t n)
{
    for (uint64_t v = 0;; v++)
        if (in_sumset(set, n, 3, v) && !in_sumset(set, n, 2, v)) return v;
}

/* Some a_n of set is congruent to no other element modulo the period of the
 * set without it (Conjecture 3.1's second case)? */
static int has_new_residue(const uint64_t *set, size_t n, bool *yes, gr_error *err)
{
    *yes = false;
    for (size_t added = 0; added < n && !*yes; added++) {
        uint64_t base[MAX_SET], p;
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (i != added) base[k++] = set[i];
        int rc = period_of(base, k, &p, err);
        if (rc) return rc;
        bool congruent = false;
        for (size_t i = 0; i < k; i++) congruent = congruent || base[i] % p == set[added] % p;
        *yes = !congruent;
    }
    return GR_OK;
}

/* Section 3.1: "At first, we conjectured that the period is simply the
 * smallest member of S'+S'+S' that isn't a member of S'+S' but that doesn't
 * always hold": holds when a set S' in Conjecture 3.1's second case has
 * another period; the first one is reported. */
static int check_smallest_sum(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to > 20) return gr_fail(err, GR_EINPUT, "--to %llu: at most 20", (unsigned long long)to);
    uint64_t top = 1, bits = SET_START, set[MAX_SET];
    size_t n;
    int rc = GR_OK;
    while (!rc && next_set(to, &top, &bits, set, &n) && !(rc = gr_claim_poll(r, err))) {
        bool second_case;
        uint64_t p, m;
        if (n < 2) continue;
        if ((rc = has_new_residue(set, n, &second_case, err)) || !second_case) continue;
        if ((rc = period_of(set, n, &p, err))) break;
        if (p != (m = smallest_new_sum(set, n))) {
            gr_claim_holds(r, "sets S' of 2..%d elements <= %llu in increasing order of the largest element, then "
                              "of the others as a bit mask, 3 players",
                           MAX_SET, (unsigned long long)to);
            char list[64] = "";
            for (size_t i = 0; i < n; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), i ? ",%llu" : "%llu",
                         (unsigned long long)set[i]);
            snprintf(r->detail, sizeof r->detail, "first example: S' = {%s} has period %llu, the smallest member of "
                     "S'+S'+S' not in S'+S' is %llu", list, (unsigned long long)p, (unsigned long long)m);
            return GR_OK;
        }
    }
    if (!rc) gr_claim_fails(r, NULL, "every set S' of 2..%d elements <= %llu has that period: no example",
                            MAX_SET, (unsigned long long)to);
    return rc;
}

/* After Theorem 4.3: "a position can have more than one nim-pair". The
 * pairs come from their meaning (the {a,b} that make x + N_a + N_b a
 * C-position, by a table of every such position); holds when some heap of
 * some subtraction game has two. */
static int check_several_pairs(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to > 8) return gr_fail(err, GR_EINPUT, "--to %llu: at most 8", (unsigned long long)to);
    const uint64_t heaps = 24;
    const uint32_t box = 64;
    uint64_t top = 1, bits = SET_START, set[MAX_SET];
    size_t n;
    int rc = GR_OK;
    while (!rc && next_set(to, &top, &bits, set, &n) && !(rc = gr_claim_poll(r, err))) {
        if (n < 2 || n > 3) continue;
        gr_pairs pr;
        if ((rc = gr_pairs_search(set, n, heaps, box, &pr, err))) break;
        for (uint64_t x = 0; x <= heaps; x++) {
            size_t k = pr.first[x + 1] - pr.first[x];
            if (k < 2) continue;
            const gr_pair *a = &pr.pairs[pr.first[x]];
            gr_claim_holds(r, "subtraction games, S of 2..3 elements <= %llu in increasing order of the largest "
                              "element, then of the others as a bit mask, heaps 0..%llu, pairs up to %u by search",
                           (unsigned long long)to, (unsigned long long)heaps, box);
            char list[64] = "";
            for (size_t i = 0; i < n; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), i ? ",%llu" : "%llu",
                         (unsigned long long)set[i]);
            snprintf(r->detail, sizeof r->detail, "first example: heap %llu of subtraction {%s} has %zu nim-pairs, "
                     "among them {%u,%u} and {%u,%u}", (unsigned long long)x, list, k, a[0].a, a[0].b, a[1].a,
                     a[1].b);
            gr_pairs_free(&pr);
            return GR_OK;
        }
        gr_pairs_free(&pr);
    }
    if (!rc) gr_claim_fails(r, NULL, "every heap <= %llu of every such game has one nim-pair at most",
                            (unsigned long long)heaps);
    return rc;
}

/* Appendix 6.2, Nim3Test.onePileTest as printed: the class of heap k is 1
 * (A) if some allowed move reaches class 0, else 2 (B) if some reaches class
 * 1, else 0 (C). Transcribed line for line. */
static void one_pile_test(const uint64_t *alloweds, size_t n, uint64_t max, unsigned char *doubleNimABC)
{
    for (uint64_t k = 0; k <= max; k++) {
        unsigned char currentPosD = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t item = alloweds[i];
            if (k >= item) {
                if (doubleNimABC[k - item] == 0) {
                    currentPosD = 1;
                    break;
                } else if (doubleNimABC[k - item] == 1) {
                    currentPosD = 2;
                }
            }
        }
        doubleNimABC[k] = currentPosD;
    }
}

#define CODE_HEAPS 200

/* The listing's classes against search under the rules (players=3), for
 * every subtraction set of 1..3 elements <= to, heaps 0..200. */
static int check_code(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to > 12) return gr_fail(err, GR_EINPUT, "--to %llu: at most 12", (unsigned long long)to);
    gr_claim_holds(r, "sets of 1..3 elements <= %llu, heaps 0..%d, 3 players by search, in increasing order of the "
                      "largest element, the others (a bit mask), the heap",
                   (unsigned long long)to, CODE_HEAPS);
    uint64_t top = 1, bits = SET_START, set[MAX_SET];
    size_t n;
    int rc = GR_OK;
    while (!rc && r->status == GR_CLAIM_HOLDS && next_set(to, &top, &bits, set, &n) && !(rc = gr_claim_poll(r, err))) {
        if (n > 3) continue;
        unsigned char code[CODE_HEAPS + 1];
        one_pile_test(set, n, CODE_HEAPS, code);
        char spec[64] = "subtraction:";
        for (size_t i = 0; i < n; i++)
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), i ? ",%llu" : "%llu", (unsigned long long)set[i]);
        gr_game g;
        gr_outcome o;
        if ((rc = gr_game_parse(&g, spec, err))) break;
        if ((rc = gr_outcome_parse(&o, "players", 3, err))) {
            gr_game_release(&g);
            break;
        }
        gr_solver *s = gr_solver_new(&g, &o, r->limits);
        for (uint64_t k = 0; s && !rc && k <= CODE_HEAPS; k++) {
            gr_pos p = {.n = 1, .p = {k}};
            uint32_t cls;
            if ((rc = gr_solver_score(s, &p, &cls, err))) break;
            if (cls != code[k]) {
                gr_pos cex = {.n = (int)n + 1};
                for (size_t i = 0; i < n; i++) cex.p[i] = set[i];
                cex.p[n] = k;
                gr_claim_fails(r, &cex, "subtraction {%s} heap %llu: the listing gives class %u, search %u", spec + 12,
                               (unsigned long long)k, code[k], cls);
                break;
            }
        }
        if (!s) rc = gr_fail_nomem(err);
        gr_solver_free(s);
        gr_game_release(&g);
    }
    return rc;
}

static const gr_claim claims[] = {
    {"002/text-3.1-smallest", "The period of S' is not always the smallest member of S'+S'+S' that is not in S'+S' "
                              "(the paper's first guess, which 'doesn't always hold')",
     "an existence claim: holds with the first example, among sets where some a_n is congruent to no other element "
     "modulo the period of the rest (Conjecture 3.1's second case)", 10, check_smallest_sum},
    {"002/text-4.3-several", "A position can have more than one nim-pair (after Theorem 4.3)",
     "an existence claim: holds with the first example; nim-pairs are the {a,b} that make x + N_a + N_b a C-position",
     6, check_several_pairs},
    {"002/code-6.2", "The appendix's Nim3Test.onePileTest computes the A/B/C class of every single-pile position of a "
                     "subtraction game",
     "the Java as printed, transcribed line for line (it is complete and well defined: every path returns; moves "
     "are read as bytes, so at most 127)", 8, check_code},
};

/* Listed under seed 002 after the numbered statements. */
const gr_seed_claims gr_claims_002_text = {
    .seed = "002",
    .title = "Games for three players: the running text and the appendix's code",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
