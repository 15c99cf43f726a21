/* Seed 000: three-pile Sharing Nim (Ho). Checks run on the fast table,
 * which is tested against the simple one and that against the generic solver. */
#include "grundy/claims.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include "grundy/theory.h"
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

static int fill_table(void *ctx, uint32_t b, const uint32_t *row)
{
    gr_s3table *t = ctx;
    for (uint32_t a = 0; a <= b / 2; a++) {
        t->v[gr_s3table_index(a, b)] = row[a];
        t->v[gr_s3table_index(b - a, b)] = row[a];
    }
    return 0;
}

/* Rows between two polls of the stop hook: well under a second of work even
 * at the largest bound. */
#define TABLE_STEP 256

/* The fast table (gr_s3table_fast's method, tested equal to the simple one in
 * tests/test_sharing3_fast.c and that to the generic solver in
 * tests/test_sharing.c), built a few rows at a time so that a stop request
 * ends it within a second. */
static int table(gr_s3table *t, uint64_t to, const gr_claim_result *r, gr_error *err)
{
    if (to > 20000) return gr_fail(err, GR_EINPUT, "--to %llu: these checks hold the whole table; at most 20000",
                                   (unsigned long long)to);
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, (uint32_t)to, err);
    if (rc) return rc;
    t->n = (uint32_t)to;
    t->v = malloc(gr_s3table_index(0, t->n + 1) * sizeof *t->v);
    if (!t->v) rc = gr_fail_nomem(err);
    for (uint64_t done = 0; !rc && done <= to; done += TABLE_STEP)
        if (!(rc = gr_claim_poll(r, err))) rc = gr_s3fast_rows(st, TABLE_STEP, fill_table, t);
    gr_s3fast_free(st);
    if (rc) gr_s3table_free(t);
    return rc;
}

static gr_pos pos3(uint64_t x, uint64_t y, uint64_t z)
{
    return (gr_pos){.n = 3, .p = {x, y, z}};
}

/* A property of each (0,a,b) on its own: true when it holds there, else it
 * writes what was found instead. */
typedef bool (*cell_test)(const gr_s3table *t, uint32_t a, uint32_t b, char *why, size_t len);

/* Checks a per-position property on every (0,a,b) with b <= to, in the
 * order (b, a), so the first failure is the smallest counterexample. */
static int check_every_cell(uint64_t to, cell_test test, gr_claim_result *r, gr_error *err)
{
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (0,a,b) with a <= b <= %llu, in increasing order of b, then a", (unsigned long long)to);
    char why[256];
    for (uint32_t b = 0; b <= t.n && r->status == GR_CLAIM_HOLDS && !rc; b++) {
        rc = gr_claim_poll(r, err);
        for (uint32_t a = 0; a <= b && !rc; a++)
            if (!test(&t, a, b, why, sizeof why)) {
                gr_pos p = pos3(0, a, b);
                gr_claim_fails(r, &p, "%s", why);
                break;
            }
    }
    gr_s3table_free(&t);
    return rc;
}

static bool symmetric(const gr_s3table *t, uint32_t a, uint32_t b, char *why, size_t len)
{
    uint32_t v = gr_s3table_get(t, a, b), w = gr_s3table_get(t, b - a, b);
    snprintf(why, len, "G(0,%u,%u) = %u but G(0,%u,%u) = %u", a, b, v, b - a, b, w);
    return v == w;
}

static int check_symmetry(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_every_cell(to, symmetric, r, err);
}

static bool p_by_formula(const gr_s3table *t, uint32_t a, uint32_t b, char *why, size_t len)
{
    mpz_t x, y, z;
    mpz_init(x);
    mpz_init_set_ui(y, a);
    mpz_init_set_ui(z, b);
    bool formula = gr_sharing3_is_p(x, y, z);
    mpz_clears(x, y, z, NULL);
    uint32_t v = gr_s3table_get(t, a, b);
    snprintf(why, len, "the formula says %s, search says G = %u", formula ? "P" : "N", v);
    return formula == (v == 0);
}

static int check_p_positions(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_every_cell(to, p_by_formula, r, err);
}

/* Column b of Table 1 read from the main diagonal down, a = b..0. The paper:
 * "the 5th column in Table 1 is (0,3,1,1,3,0)" (column b = 5). */
static int check_table_column(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    static const uint32_t paper[] = {0, 3, 1, 1, 3, 0};
    gr_s3table t;
    int rc = table(&t, 16, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "column b = 5 of the table to b = 16");
    for (uint32_t i = 0; i <= 5; i++) {
        uint32_t a = 5 - i;
        if (gr_s3table_get(&t, a, 5) != paper[i]) {
            gr_pos p = pos3(0, a, 5);
            gr_claim_fails(r, &p, "G(0,%u,5) = %u, the paper shows %u", a, gr_s3table_get(&t, a, 5), paper[i]);
            break;
        }
    }
    gr_s3table_free(&t);
    return GR_OK;
}

/* The moves that equalise two piles, counted by the position they lead to
 * (with two equal piles, "equalise a and c" and "equalise b and c" are the
 * same move up to the piles' names). Returns how many of them win. */
static int equalising_winners(const gr_s3table *t, uint64_t p[3], int *count)
{
    uint64_t seen[3][3];
    int nseen = 0, wins = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) {
            uint64_t hi = p[i] > p[j] ? p[i] : p[j], lo = p[i] > p[j] ? p[j] : p[i];
            if (hi == lo || (hi - lo) % 2) continue;
            uint64_t q[3] = {p[0], p[1], p[2]};
            q[i] = q[j] = (hi + lo) / 2;
            /* sort q to compare resulting positions */
            for (int x = 0; x < 2; x++)
                for (int y = 0; y < 2 - x; y++)
                    if (q[y] > q[y + 1]) {
                        uint64_t tmp = q[y];
                        q[y] = q[y + 1];
                        q[y + 1] = tmp;
                    }
            bool dup = false;
            for (int k = 0; k < nseen; k++)
                dup |= seen[k][0] == q[0] && seen[k][1] == q[1] && seen[k][2] == q[2];
            if (dup) continue;
            for (int k = 0; k < 3; k++) seen[nseen][k] = q[k];
            nseen++;
            wins += gr_s3table_value(t, q[0], q[1], q[2]) == 0;
        }
    *count = nseen;
    return wins;
}

static int check_equalising_move(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "every N-position (0,a,b) with a <= b <= %llu, in increasing order of b, then a",
                      (unsigned long long)to);
    long none = 0, several = 0;
    gr_pos first_none = {0}, first_several = {0};
    for (uint32_t b = 0; b <= t.n && !(rc = gr_claim_poll(r, err)); b++)
        for (uint32_t a = 0; a <= b; a++) {
            if (gr_s3table_get(&t, a, b) == 0) continue;
            uint64_t p[3] = {0, a, b};
            int n, w = equalising_winners(&t, p, &n);
            if (w == 0 && none++ == 0) first_none = pos3(0, a, b);
            if (w > 1 && several++ == 0) first_several = pos3(0, a, b);
        }
    if (none || several) {
        /* the smallest counterexample in the order (b, a) */
        bool none_first = none && (!several || first_none.p[2] < first_several.p[2] ||
                                   (first_none.p[2] == first_several.p[2] && first_none.p[1] < first_several.p[1]));
        gr_claim_fails(r, none_first ? &first_none : &first_several,
                       "%ld N-positions have no winning equalising move (first (0,%llu,%llu): its winning move "
                       "brings one pile level with the third, e.g. (0,1,3) -> (1,1,2)); %ld have more than one "
                       "(first (0,%llu,%llu)). The winning moves are exactly the moves that leave two equal piles "
                       "whose gap to the third has even 2-adic valuation",
                       none, (unsigned long long)first_none.p[1], (unsigned long long)first_none.p[2], several,
                       (unsigned long long)first_several.p[1], (unsigned long long)first_several.p[2]);
    }
    gr_s3table_free(&t);
    return rc;
}

/* P(n): P-positions with exactly n tokens, unordered, piles positive. */
static int check_count(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "every n <= %llu", (unsigned long long)to);
    for (uint64_t n = 1; n <= to; n++) {
        uint64_t count = 0;
        for (uint64_t x = 1; 3 * x <= n; x++)
            for (uint64_t y = x; x + 2 * y <= n; y++)
                count += gr_s3table_value(&t, x, y, n - x - y) == 0;
        if (count != n / 3) {
            gr_pos p = {.n = 1, .p = {n}};
            gr_claim_fails(r, &p, "P(%llu) = %llu, not %llu", (unsigned long long)n, (unsigned long long)count,
                           (unsigned long long)(n / 3));
            break;
        }
    }
    gr_s3table_free(&t);
    return GR_OK;
}

/* f(n) = 0 when (0,0,n) is a P-position, 1 otherwise; the paper's "mod 25"
 * is 2^5 = 32 flattened by the text extraction. */
static int check_f_mod32(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const int zero[] = {4, 12, 16, 20, 28}, one[] = {2, 6, 8, 10, 14, 18, 22, 24, 26, 30};
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "3 <= n <= %llu", (unsigned long long)to);
    for (uint32_t n = 3; n <= t.n; n++) {
        int f = gr_s3table_get(&t, 0, n) != 0, want = -1;
        if (n % 2) want = 0;
        for (int i = 0; i < 5; i++)
            if (n % 32 == (uint32_t)zero[i]) want = 0;
        for (int i = 0; i < 10; i++)
            if (n % 32 == (uint32_t)one[i]) want = 1;
        if (want >= 0 && f != want) {
            gr_pos p = pos3(0, 0, n);
            gr_claim_fails(r, &p, "f(%u) = %d, the proposition says %d", n, f, want);
            break;
        }
    }
    gr_s3table_free(&t);
    return GR_OK;
}

/* The 1-positions, as the proof of Theorem v1 lists them (the statement
 * itself was lost to the text extraction): (0,1,2), (0,0,4k+2) and its mirror
 * (0,4k+2,4k+2), (0,2,4k+1) and its mirror (0,4k-1,4k+1), k >= 1 for the last
 * two. */
static bool one_position(uint32_t a, uint32_t b)
{
    if (2 * a > b) a = b - a;
    if (a == 1 && b == 2) return true;
    if (a == 0) return b % 4 == 2;
    return a == 2 && b >= 5 && b % 4 == 1;
}

static bool one_by_formula(const gr_s3table *t, uint32_t a, uint32_t b, char *why, size_t len)
{
    uint32_t v = gr_s3table_get(t, a, b);
    snprintf(why, len, "G(0,%u,%u) = %u", a, b, v);
    return (v == 1) == one_position(a, b);
}

static int check_one_positions(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_every_cell(to, one_by_formula, r, err);
}

/* Corollary: the row right of (a,2a) equals the diagonal from it. */
static int check_row_diagonal(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "every a, i with 2a + i <= %llu", (unsigned long long)to);
    for (uint32_t a = 0; 2 * a <= t.n && r->status == GR_CLAIM_HOLDS; a++)
        for (uint32_t i = 0; 2 * a + i <= t.n; i++)
            if (gr_s3table_get(&t, a, 2 * a + i) != gr_s3table_get(&t, a + i, 2 * a + i)) {
                gr_pos p = pos3(0, a, 2 * a + i);
                gr_claim_fails(r, &p, "G(0,%u,%u) = %u but G(0,%u,%u) = %u", a, 2 * a + i,
                               gr_s3table_get(&t, a, 2 * a + i), a + i, 2 * a + i,
                               gr_s3table_get(&t, a + i, 2 * a + i));
                break;
            }
    gr_s3table_free(&t);
    return GR_OK;
}

/* Section S.P.per: "the bottom row ... has entries 0 when b is even". Scans
 * b = 0, 1, 2, ... in increasing order. */
static int check_bottom_row_even(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3table t;
    int rc = table(&t, to, r, err);
    if (rc) return rc;
    gr_claim_holds(r, "every even b <= %llu, b = 0, 2, 4, ... in increasing order", (unsigned long long)to);
    for (uint32_t b = 0; b <= t.n; b += 2)
        if (gr_s3table_get(&t, 0, b) != 0) {
            gr_pos p = pos3(0, 0, b);
            gr_claim_fails(r, &p, "G(0,0,%u) = %u; by Theorem P the zeros of the bottom row are at b = 4^k(2l+1), "
                           "every odd b among them, not the even ones", b, gr_s3table_get(&t, 0, b));
            break;
        }
    gr_s3table_free(&t);
    return GR_OK;
}

/* Section S.P.per, the reason for the conjecture that rows are not
 * periodic: from any (0,a,n) with n >= 2a there is a move to some (0,c,m)
 * with c < a (moving a - c tokens from the pile of n to the empty one), so a
 * row depends on every row below it. Read as: for every c < a, some move
 * leads to a position whose canonical form is (0,c,m). */
static bool reaches_row(uint32_t a, uint32_t n, uint32_t c)
{
    /* the moves of three-pile Sharing Nim from (0,a,n): k from the pile of
     * n to the empty pile or to the pile of a, or from a to the empty pile */
    uint64_t src[3][2] = {{2, 0}, {2, 1}, {1, 0}};
    for (int i = 0; i < 3; i++)
        for (uint64_t k = 1;; k++) {
            uint64_t p[3] = {0, a, n};
            int s = (int)src[i][0], d = (int)src[i][1];
            if (p[s] < k || p[s] - k < p[d] + k) break;
            p[s] -= k, p[d] += k;
            uint64_t lo = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
            uint64_t hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
            if (p[0] + p[1] + p[2] - lo - hi - lo == c) return true;
        }
    return false;
}

static int check_row_dependence(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "every (0,a,n) with 2a <= n <= %llu and every c < a, in increasing order of n, then a, then c",
                   (unsigned long long)to);
    int rc = GR_OK;
    for (uint32_t n = 0; n <= to && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); n++)
        for (uint32_t a = 1; 2 * a <= n && r->status == GR_CLAIM_HOLDS; a++)
            for (uint32_t cc = 0; cc < a; cc++)
                if (!reaches_row(a, n, cc)) {
                    gr_pos p = pos3(0, a, n);
                    gr_claim_fails(r, &p, "no move leads to a position (0,%u,m)", cc);
                    break;
                }
    return rc;
}

static const gr_claim claims[] = {
    {"000/thm-thm.ab", "G(0,a,b) = G(0,b-a,b) for all 0 <= a <= b (columns of Table 1 are palindromes)", NULL,
     4000, check_symmetry},
    {"000/thm-P",
     "The P-positions are (0,0,0), (0,0,4^k(2l+1)) and (0,4^k(2l+1),4^k(2l+1)), up to adding a constant to "
     "every pile and reordering",
     NULL, 4000, check_p_positions},
    {"000/table-T1", "Table 1: G(0,a,b) for 0 <= a <= b <= 16; its 5th column is (0,3,1,1,3,0)",
     "the 5th column is b = 5 read from the main diagonal down; the whole table is in tests/test_sharing.c", 16,
     check_table_column},
    {"000/cor-row-diagonal", "The row right of (a,2a) and the diagonal from (a,2a) are identical: "
     "G(0,a,2a+i) = G(0,a+i,2a+i)", NULL, 4000, check_row_diagonal},
    {"000/remark-R.opt-move",
     "From an N-position exactly one of the three equalising moves (making the two piles it touches equal) wins",
     "equalising moves counted by the position they lead to", 4000, check_equalising_move},
    {"000/thm-count", "P(n), the number of P-positions with exactly n tokens, is floor(n/3)",
     "unordered positions with three positive piles (the proof counts a from 1; with empty piles allowed the "
     "count is floor(n/3) + 1)", 1000, check_count},
    {"000/prop-P-per",
     "f(n) = 0 if n is odd or n mod 32 is 4, 12, 16, 20 or 28; f(n) = 1 if n mod 32 is 2, 6, 8, 10, 14, 18, 22, 24, "
     "26 or 30 (n >= 3)",
     "f(n) is 0 when (0,0,n) is a P-position, else 1; the text's 'mod 25' is 2^5", 4000, check_f_mod32},
    {"000/text-S.P.per-bottom-row", "The bottom row of Table 1 has entries 0 when b is even: G(0,0,b) = 0 for even b",
     "the bottom row is a = 0 (the text says 'with a = 1', which fails too, at (0,1,2)); the sentence's other half, "
     "'not ultimately arithmetic periodic', is 000/prop-P-per's and Theorem P-n-per's", 4000, check_bottom_row_even},
    {"000/text-row-dependence", "From any (0,a,n) with n >= 2a there is a move to a position (0,c,m) for every "
     "c < a, so each row of Table 1 depends on the rows below it",
     "moves are listed from the rules, each result put in canonical form (0, middle - min, max - min)", 300,
     check_row_dependence},
    {"000/thm-v1",
     "The 1-positions are (0,1,2), (0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1) and (0,4k-1,4k+1) (k >= 1 for the last two)",
     "the set as the proof constructs it; the statement's formula is missing from the text", 4000,
     check_one_positions},
};

const gr_seed_claims gr_claims_000 = {
    .seed = "000",
    .title = "Three-pile Sharing Nim and the quadratic time winning strategy",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
