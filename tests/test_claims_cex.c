/* Every reported smallest counterexample is the smallest: each claim that
 * fails is run at a small bound and its counterexample compared with a
 * brute-force scan from zero, in the order its report states, by game
 * solvers written here from RULES.md alone (no library search). Seed 004's
 * are in test_claims004.c. Not here: octal/period-.56 (a heap past 326000,
 * too far for a quadratic brute force; its scan starts at the published
 * exception). */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "grundy/claims.h"

/* ---- running a claim ---- */

static gr_claim_result run(const char *id, uint64_t to)
{
    const gr_claim *c = gr_claim_find(id);
    cr_assert_not_null(c, "%s", id);
    gr_claim_result r = {0};
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_claim_run(c, to, NULL, &r, &err), 0, "%s: %s", id, err.msg);
    return r;
}

/* The claim fails at bound `to` with exactly the counterexample `want` (n
 * numbers), and its report says the scan went in increasing order. */
static void expect_cex(const char *id, uint64_t to, int n, const uint64_t *want)
{
    gr_claim_result r = run(id, to);
    cr_assert_eq(r.status, GR_CLAIM_FAILS, "%s: %s; the brute force finds a counterexample", id,
                 gr_claim_status_name(r.status));
    cr_assert(r.has_cex, "%s", id);
    char got[128], exp[128] = "";
    gr_pos_format(&r.cex, got, sizeof got);
    for (int i = 0; i < n; i++)
        snprintf(exp + strlen(exp), sizeof exp - strlen(exp), i ? " %llu" : "%llu", (unsigned long long)want[i]);
    cr_assert_str_eq(got, exp, "%s reports (%s), the brute-force scan from zero finds (%s) first", id, got, exp);
    cr_assert(strstr(r.range, "increasing order"), "%s: the report says how it scanned: %s", id, r.range);
}

static uint32_t mex(const bool *seen, uint32_t n)
{
    uint32_t m = 0;
    while (m < n && seen[m]) m++;
    return m;
}

/* ---- seed 000: three-pile Sharing Nim ---- */

/* A move takes k tokens from s to d with p[s] - k >= p[d] + k; piles never
 * pass the largest one, so N bounds every index. */
#define SN 16
static int16_t share_memo[SN][SN][SN];

static uint32_t share_g(int x, int y, int z)
{
    int16_t *m = &share_memo[x][y][z];
    if (*m >= 0) return (uint32_t)*m;
    int p[3] = {x, y, z};
    bool seen[64] = {false};
    for (int s = 0; s < 3; s++)
        for (int d = 0; d < 3; d++)
            for (int k = 1; d != s && p[s] - k >= p[d] + k; k++) {
                int q[3] = {p[0], p[1], p[2]};
                q[s] -= k, q[d] += k;
                seen[share_g(q[0], q[1], q[2])] = true;
            }
    *m = (int16_t)mex(seen, 64);
    return (uint32_t)*m;
}

static void share_init(void)
{
    memset(share_memo, 0xff, sizeof share_memo);
}

/* The distinct positions the equalising moves of (0,a,b) lead to, and how
 * many of them are P. */
static int equalising_wins(int a, int b)
{
    int p[3] = {0, a, b}, seen[3][3], nseen = 0, wins = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) {
            int hi = p[i] > p[j] ? p[i] : p[j], lo = p[i] + p[j] - hi;
            if (hi == lo || (hi - lo) % 2) continue;
            int q[3] = {p[0], p[1], p[2]};
            q[i] = q[j] = (hi + lo) / 2;
            for (int x = 0; x < 2; x++)
                for (int y = 0; y < 2 - x; y++)
                    if (q[y] > q[y + 1]) { int t = q[y]; q[y] = q[y + 1]; q[y + 1] = t; }
            bool dup = false;
            for (int k = 0; k < nseen; k++) dup |= !memcmp(seen[k], q, sizeof q);
            if (dup) continue;
            memcpy(seen[nseen++], q, sizeof q);
            wins += share_g(q[0], q[1], q[2]) == 0;
        }
    return wins;
}

Test(claims_cex, seed000)
{
    share_init();
    const int B = SN - 1;
    /* Remark R.opt-move: first N-position, by b then a, without exactly one winning equalising move */
    uint64_t first[3] = {0, 0, 0};
    for (int b = 0, done = 0; b <= B && !done; b++)
        for (int a = 0; a <= b && !done; a++)
            if (share_g(0, a, b) && equalising_wins(a, b) != 1) first[1] = a, first[2] = b, done = 1;
    cr_assert(first[2] > 0);
    expect_cex("000/remark-R.opt-move", B, 3, first);
    /* the bottom row at even b */
    for (int b = 0; b <= B; b += 2)
        if (share_g(0, 0, b)) {
            expect_cex("000/text-S.P.per-bottom-row", B, 3, (uint64_t[]){0, 0, (uint64_t)b});
            break;
        }
    /* 3-positions with 2a <= b have a <= 3 */
    bool found = false;
    for (int b = 0; b <= B && !found; b++)
        for (int a = 4; 2 * a <= b && !found; a++)
            if (share_g(0, a, b) == 3) {
                expect_cex("000/text-dis-g3-rows", B, 3, (uint64_t[]){0, (uint64_t)a, (uint64_t)b});
                found = true;
            }
    cr_assert(found, "no 3-position with a > 3 up to b = %d", B);
}

/* ---- seed 001: Kim's Sharing Nim, reading R1 ---- */

/* Removes r >= 1 from a pile, or transfers k (1..p[s]) from s to a pile d
 * with p[s] <= p[d] before the move; piles stay at most the total. */
#define KN 24
static int16_t kim_memo[KN][KN][KN];

static uint32_t kim_g(int x, int y, int z)
{
    int16_t *m = &kim_memo[x][y][z];
    if (*m >= 0) return (uint32_t)*m;
    int p[3] = {x, y, z};
    bool seen[128] = {false};
    for (int s = 0; s < 3; s++)
        for (int k = 1; k <= p[s]; k++) {
            int q[3] = {p[0], p[1], p[2]};
            q[s] -= k;
            seen[kim_g(q[0], q[1], q[2])] = true;
            for (int d = 0; d < 3; d++) {
                if (d == s || p[s] > p[d]) continue;
                int t[3] = {p[0], p[1], p[2]};
                t[s] -= k, t[d] += k;
                seen[kim_g(t[0], t[1], t[2])] = true;
            }
        }
    *m = (int16_t)mex(seen, 128);
    return (uint32_t)*m;
}

/* Lemma 6.5: ordered triples by total, then lexicographically; the first of
 * non-zero nim-sum with an R1 transfer to nim-sum 0. */
static bool transfer_to_zero(const int p[3])
{
    if ((p[0] ^ p[1] ^ p[2]) == 0) return false;
    for (int s = 0; s < 3; s++)
        for (int d = 0; d < 3; d++)
            for (int k = 1; d != s && p[s] <= p[d] && k <= p[s]; k++) {
                int q[3] = {p[0], p[1], p[2]};
                q[s] -= k, q[d] += k;
                if ((q[0] ^ q[1] ^ q[2]) == 0) return true;
            }
    return false;
}

/* 2 f(S, X) by the paper's formula (f can be a half). */
static int64_t twice_f(int64_t S, int64_t X)
{
    if (S < X || (S - X) % 2) return 0;
    int64_t h = (S - X) / 2;
    if (h & X) return 0;
    int64_t twice = 1LL << __builtin_popcountll((unsigned long long)X);   /* 2 * 2^(g(X)-1) */
    return S == X ? twice - 2 : twice;
}

static int64_t pairs(int64_t S, int64_t X)
{
    int64_t n = 0;
    for (int64_t a = 1; 2 * a <= S; a++) n += (a ^ (S - a)) == X;
    return n;
}

/* zero nim-sum triples a < b < c of positive piles with total S */
static int64_t zero_triples(int64_t S)
{
    int64_t n = 0;
    for (int64_t a = 1; 3 * a < S; a++)
        for (int64_t b = a + 1; a + 2 * b < S; b++) n += (a ^ b ^ (S - a - b)) == 0;
    return n;
}

Test(claims_cex, seed001_arithmetic)
{
    /* Lemma 6.5 */
    bool found = false;
    for (int t = 0; t <= 12 && !found; t++)
        for (int a = 0; a <= t && !found; a++)
            for (int b = 0; a + b <= t && !found; b++) {
                int p[3] = {a, b, t - a - b};
                if (transfer_to_zero(p)) {
                    expect_cex("001/lemma-6.5", 12, 3, (uint64_t[]){(uint64_t)a, (uint64_t)b, (uint64_t)p[2]});
                    found = true;
                }
            }
    cr_assert(found);
    /* Theorem 7.2, (S, X) in increasing order */
    found = false;
    for (int64_t S = 1; S <= 40 && !found; S++)
        for (int64_t X = 0; X <= S && !found; X++)
            if (twice_f(S, X) != 2 * pairs(S, X)) {
                expect_cex("001/thm-7.2", 40, 2, (uint64_t[]){(uint64_t)S, (uint64_t)X});
                found = true;
            }
    cr_assert(found);
    /* Lemmas 7.4, 7.5 and 7.5's second form: the first S (K) where 3q (3p) differs */
    int64_t q_first = 0, p_first = 0, alt_first = 0, cum_twice_f = 0, cum_true = 0, cum_q = 0;
    for (int64_t S = 3; S <= 40; S++) {
        int64_t tf = 0;
        for (int64_t n = 1; n + 2 <= S; n++) tf += twice_f(n, S - n);
        int64_t q = zero_triples(S);
        cum_twice_f += tf, cum_true += q, cum_q += q;
        if (!q_first && tf != 6 * q) q_first = S;
        if (!p_first && cum_twice_f != 6 * cum_true) p_first = S;
        if (!alt_first && cum_q != 3 * cum_true) alt_first = S;
    }
    expect_cex("001/lemma-7.4", 40, 1, (uint64_t[]){(uint64_t)q_first});
    expect_cex("001/lemma-7.5", 40, 1, (uint64_t[]){(uint64_t)p_first});
    expect_cex("001/lemma-7.5.alt", 40, 1, (uint64_t[]){(uint64_t)alt_first});
}

/* Lemmas 7.11 and 7.12 on every zero nim-sum a < b < c by total, then a, b. */
static int transferable(const int p[3])
{
    int n = 0;
    for (int s = 0; s < 3; s++)
        for (int d = 0; d < 3; d++)
            if (s != d && p[s] < p[d]) n += __builtin_popcount((unsigned)(p[s] & ~p[d]));
    return n;
}

/* The distinct zero nim-sum positions one R1 transfer away; *carry when one
 * of those transfers moves a 1 onto a 1. */
static int zero_neighbours(const int p[3], bool *carry)
{
    int seen[64][3], n = 0;
    *carry = false;
    for (int s = 0; s < 3; s++)
        for (int d = 0; d < 3; d++)
            for (int k = 1; d != s && p[s] <= p[d] && k <= p[s]; k++) {
                int q[3] = {p[0], p[1], p[2]};
                q[s] -= k, q[d] += k;
                if (q[0] ^ q[1] ^ q[2]) continue;
                if (k & ~(p[s] & ~p[d])) *carry = true;
                for (int x = 0; x < 2; x++)
                    for (int y = 0; y < 2 - x; y++)
                        if (q[y] > q[y + 1]) { int t = q[y]; q[y] = q[y + 1]; q[y + 1] = t; }
                bool dup = false;
                for (int i = 0; i < n; i++) dup |= !memcmp(seen[i], q, sizeof q);
                if (!dup && n < 64) memcpy(seen[n++], q, sizeof q);
            }
    return n;
}

Test(claims_cex, seed001_transfers)
{
    bool f11 = false, f12 = false;
    for (int t = 0; t <= 30; t++)
        for (int a = 1; 3 * a < t; a++)
            for (int b = a + 1; a + 2 * b < t; b++) {
                int p[3] = {a, b, t - a - b};
                if (p[0] ^ p[1] ^ p[2]) continue;
                bool carry;
                int n = zero_neighbours(p, &carry);
                uint64_t w[3] = {(uint64_t)a, (uint64_t)b, (uint64_t)p[2]};
                if (!f11 && n != transferable(p)) expect_cex("001/lemma-7.11", 30, 3, w), f11 = true;
                if (!f12 && carry) expect_cex("001/lemma-7.12", 30, 3, w), f12 = true;
            }
    cr_assert(f11 && f12);
}

Test(claims_cex, seed001_games)
{
    memset(kim_memo, 0xff, sizeof kim_memo);
    const int B = 10;
    /* Theorems 9.3 and 9.4 on (1,a,b), a <= b <= B, by a + b then a */
    bool f3 = false, f4 = false;
    for (int t = 0; t <= 2 * B; t++)
        for (int a = 1; a <= t; a++) {
            int b = t - a;
            if (b > B || a > b) continue;
            bool p = kim_g(1, a, b) == 0;
            uint64_t w[3] = {1, (uint64_t)a, (uint64_t)b};
            if (!f3 && a >= 2 && b >= 4 && b - a >= 2 && p != (a - 2 == b - 4))
                expect_cex("001/thm-9.3", (uint64_t)B, 3, w), f3 = true;
            if (!f4 && a >= 2 && b - a >= 2 && p != (b == a + 2)) expect_cex("001/thm-9.4", (uint64_t)B, 3, w), f4 = true;
        }
    cr_assert(f3 && f4);
    /* Lemma 9.5: (a,b,b+2), a, b >= 1, by total then a */
    bool f5 = false;
    for (int t = 4; t <= 20 && !f5; t++)
        for (int a = 1; a + 2 < t && !f5; a++) {
            if ((t - a - 2) % 2) continue;
            int b = (t - a - 2) / 2;
            if (b >= 1 && kim_g(a, b, b + 2) == 0)
                expect_cex("001/lemma-9.5", 20, 3, (uint64_t[]){(uint64_t)a, (uint64_t)b, (uint64_t)b + 2}), f5 = true;
        }
    cr_assert(f5);
}

/* The listings as printed: f falls off its end whenever (sum - XOR) is even;
 * Listing 1 reads (S, X), Listings 2 and 3 call f(i, S - i) for i = 1..S
 * (f(j, i - j) for j <= i <= K). */
Test(claims_cex, seed001_listings)
{
    bool found = false;
    for (int64_t S = 0; S <= 10 && !found; S++)
        for (int64_t X = 0; X <= S && !found; X++)
            if (((S - X) & 1) == 0) expect_cex("001/text-listing-1", 10, 2, (uint64_t[]){(uint64_t)S, (uint64_t)X}), found = true;
    int64_t first = 0;
    for (int64_t S = 1; S <= 10 && !first; S++)
        for (int64_t i = 1; i <= S && !first; i++)
            if ((((S - i) - i) & 1) == 0) first = S;   /* f(XOR_sum = i, sum = S - i) */
    expect_cex("001/text-listing-2", 10, 1, (uint64_t[]){(uint64_t)first});
    expect_cex("001/text-listing-3", 10, 1, (uint64_t[]){(uint64_t)first});
}

/* Lemma 7.13: for even S from 6, the zero nim-sum a < b < c of total S and
 * the R1 transfers between them (every pile positive after); the first S
 * whose longest directed chain misses a position. Transfers raise the sum of
 * squares, so the graph has no cycle and a memoised search finds the chain. */
#define ZMAX 64
typedef struct zgraph {
    int n, v[ZMAX][3], deg[ZMAX], to[ZMAX][ZMAX], memo[ZMAX];
} zgraph;

static int zfind(const zgraph *g, int q[3])
{
    for (int x = 0; x < 2; x++)
        for (int y = 0; y < 2 - x; y++)
            if (q[y] > q[y + 1]) { int t = q[y]; q[y] = q[y + 1]; q[y + 1] = t; }
    for (int i = 0; i < g->n; i++)
        if (!memcmp(g->v[i], q, 3 * sizeof *q)) return i;
    return -1;
}

static int zlongest(zgraph *g, int i)
{
    if (g->memo[i]) return g->memo[i];
    int best = 0;
    for (int e = 0; e < g->deg[i]; e++) {
        int l = zlongest(g, g->to[i][e]);
        if (l > best) best = l;
    }
    return g->memo[i] = best + 1;
}

static bool zchain_covers(int S)
{
    static zgraph g;
    memset(&g, 0, sizeof g);
    for (int a = 1; 3 * a < S; a++)
        for (int b = a + 1; a + 2 * b < S; b++)
            if ((a ^ b ^ (S - a - b)) == 0) {
                cr_assert_lt(g.n, ZMAX);
                g.v[g.n][0] = a, g.v[g.n][1] = b, g.v[g.n][2] = S - a - b, g.n++;
            }
    for (int i = 0; i < g.n; i++)
        for (int s = 0; s < 3; s++)
            for (int d = 0; d < 3; d++)
                for (int k = 1; d != s && g.v[i][s] <= g.v[i][d] && k < g.v[i][s]; k++) {
                    int q[3] = {g.v[i][0], g.v[i][1], g.v[i][2]};
                    q[s] -= k, q[d] += k;
                    if (q[0] ^ q[1] ^ q[2]) continue;
                    int j = zfind(&g, q);
                    bool dup = false;
                    for (int e = 0; e < g.deg[i]; e++) dup |= g.to[i][e] == j;
                    if (j >= 0 && !dup) g.to[i][g.deg[i]++] = j;
                }
    int longest = 0;
    for (int i = 0; i < g.n; i++)
        if (zlongest(&g, i) > longest) longest = zlongest(&g, i);
    return longest == g.n;
}

Test(claims_cex, seed001_chains)
{
    for (int S = 6; S <= 40; S += 2)
        if (!zchain_covers(S)) {
            expect_cex("001/lemma-7.13", 40, 1, (uint64_t[]){(uint64_t)S});
            return;
        }
    cr_assert_fail("every total up to 40 has a chain through all its positions");
}

/* ---- seed 002: three players ---- */

/* 3-player classes 0 = C, 1 = A, 2 = B: terminal C; A when an option is C;
 * B when none is C and one is A; C otherwise. */
static int nim3_memo[8][8][8];

static int nim3(int x, int y, int z, int *least)
{
    int p[3] = {x, y, z}, lo = 3;
    for (int s = 0; s < 3; s++)
        for (int k = 1; k <= p[s]; k++) {
            int q[3] = {p[0], p[1], p[2]}, dummy;
            q[s] -= k;
            int c = nim3_memo[q[0]][q[1]][q[2]] >= 0 ? nim3_memo[q[0]][q[1]][q[2]] : nim3(q[0], q[1], q[2], &dummy);
            if (c < lo) lo = c;
        }
    *least = lo;
    int c = lo == 3 ? 0 : lo == 0 ? 1 : lo == 1 ? 2 : 0;
    nim3_memo[x][y][z] = c;
    return c;
}

Test(claims_cex, seed002_formula)
{
    memset(nim3_memo, 0xff, sizeof nim3_memo);
    /* sorted (x,y,z) by largest pile, then lexicographically; the claim
     * prints the position without its empty piles */
    for (int top = 0; top <= 6; top++)
        for (int x = 0; x <= top; x++)
            for (int y = x; y <= top; y++) {
                int least, c = nim3(x, y, top, &least);
                if (least == 3 || (least + 2) % 3 == c) continue;
                uint64_t w[3];
                int n = 0;
                if (x) w[n++] = (uint64_t)x;
                if (y) w[n++] = (uint64_t)y;
                w[n++] = (uint64_t)top;
                expect_cex("002/text-1.2", 6, n, w);
                return;
            }
    cr_assert_fail("the formula holds in range");
}

/* The 3-player class sequence of a subtraction set to L heaps, and its least
 * period over the second half. */
#define SL 3000
static void classes(const uint64_t *set, size_t n, int *c)
{
    for (int h = 0; h < SL; h++) {
        int lo = 3;
        for (size_t i = 0; i < n; i++)
            if ((uint64_t)h >= set[i] && c[h - set[i]] < lo) lo = c[h - (int)set[i]];
        c[h] = lo == 3 ? 0 : lo == 0 ? 1 : lo == 1 ? 2 : 0;
    }
}

static int period(const int *c)
{
    for (int p = 1; p < SL / 4; p++) {
        bool ok = true;
        for (int h = SL / 2; h + p < SL && ok; h++) ok = c[h] == c[h + p];
        if (ok) return p;
    }
    return 0;
}

static bool in_sum(const uint64_t *set, size_t n, int terms, uint64_t v)
{
    if (terms == 0) return v == 0;
    for (size_t i = 0; i < n; i++)
        if (set[i] <= v && in_sum(set, n, terms - 1, v - set[i])) return true;
    return false;
}

/* 4.2 (which 42) or 3.1 (31) wrong for S' with a_n = set[added]? */
static bool wrong(int which, const uint64_t *set, size_t n, size_t added)
{
    static int c1[SL], c2[SL];
    uint64_t base[8];
    size_t nb = 0;
    for (size_t i = 0; i < n; i++)
        if (i != added) base[nb++] = set[i];
    classes(base, nb, c1);
    classes(set, n, c2);
    int p = period(c1), p2 = period(c2);
    cr_assert(p && p2);
    bool congruent = false;
    for (size_t i = 0; i < nb; i++) congruent |= base[i] % (uint64_t)p == set[added] % (uint64_t)p;
    if (which == 42) return congruent && (memcmp(c1, c2, sizeof c1) != 0 || p != p2);
    if (congruent) return p != p2;
    return !in_sum(set, n, 3, (uint64_t)p2) || in_sum(set, n, 2, (uint64_t)p2);
}

/* Sets of 2..4 elements by largest element, then the others as a bit mask
 * in increasing order, then the added element's index. */
static void first_wrong_set(int which, uint64_t to, uint64_t *out, size_t *nout)
{
    for (uint64_t top = 2; top <= to; top++)
        for (uint64_t bits = 1; bits < 1ull << (top - 1); bits++) {
            size_t n = (size_t)__builtin_popcountll(bits) + 1;
            if (n > 4) continue;
            uint64_t set[8];
            size_t k = 0;
            for (uint64_t e = 1; e < top; e++)
                if (bits >> (e - 1) & 1) set[k++] = e;
            set[k++] = top;
            for (size_t added = 0; added < n; added++)
                if (wrong(which, set, n, added)) {
                    memcpy(out, set, n * sizeof *set);
                    *nout = n;
                    return;
                }
        }
    *nout = 0;
}

Test(claims_cex, seed002_periods)
{
    uint64_t w[8];
    size_t n;
    first_wrong_set(31, 8, w, &n);
    cr_assert(n);
    expect_cex("002/conj-3.1", 8, (int)n, w);
    first_wrong_set(42, 8, w, &n);
    cr_assert(n);
    expect_cex("002/thm-4.2", 8, (int)n, w);
}

/* ---- octal games ---- */

/* G of an octal code's heaps 0..n-1: digit j's bits 1, 2, 4 allow taking j
 * and leaving no heap, one heap, two heaps. */
static void octal(const char *code, int n, uint32_t *g)
{
    static bool seen[1 << 12];
    for (int h = 0; h < n; h++) {
        memset(seen, 0, sizeof seen);
        for (int j = 1; code[j - 1]; j++) {
            int d = code[j - 1] - '0', rest = h - j;
            if (rest < 0) continue;
            if ((d & 1) && rest == 0) seen[0] = true;
            if ((d & 2) && rest > 0) seen[g[rest]] = true;
            for (int a = 1; (d & 4) && 2 * a <= rest && a < rest; a++) seen[g[a] ^ g[rest - a]] = true;
        }
        g[h] = mex(seen, 1 << 12);
    }
}

Test(claims_cex, octal_same_game)
{
    enum { N = 1000 };
    static uint32_t a[N], b[N];
    octal("161", N, a);
    octal("36", N, b);
    int first = -1;
    for (int h = 0; h < N && first < 0; h++)
        if (a[h] != b[h]) first = h;
    cr_assert_geq(first, 0);
    expect_cex("octal/same-.161-.36", 0, 1, (uint64_t[]){(uint64_t)first});
}
