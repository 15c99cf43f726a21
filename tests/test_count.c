/* Seed 001's exact counts (src/theory/count001.c, src/analysis/zero_graph.c)
 * against brute force on small inputs, and the digit-recursive sum against
 * a plain digit-by-digit loop on big inputs. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/counting.h"

static unsigned long count(void (*f)(mpz_t, mpz_srcptr), unsigned long x)
{
    mpz_t out, in;
    mpz_inits(out, in, NULL);
    mpz_set_ui(in, x);
    f(out, in);
    cr_assert(mpz_fits_ulong_p(out));
    unsigned long r = mpz_get_ui(out);
    mpz_clears(out, in, NULL);
    return r;
}

Test(count, pairs_brute_force)
{
    mpz_t out, S, X;
    mpz_inits(out, S, X, NULL);
    for (unsigned long s = 0; s <= 70; s++)
        for (unsigned long x = 0; x <= 80; x++)
            for (int flags = 0; flags < 4; flags++) {
                bool ordered = flags & 1, zero = flags & 2;
                unsigned long want = 0;
                for (unsigned long a = 0; a <= s; a++) {
                    unsigned long b = s - a;
                    if ((a ^ b) != x) continue;
                    if (!zero && (a == 0 || b == 0)) continue;
                    if (!ordered && a > b) continue;
                    want++;
                }
                mpz_set_ui(S, s);
                mpz_set_ui(X, x);
                gr_count_pairs(out, S, X, ordered, zero);
                cr_assert_eq(mpz_cmp_ui(out, want), 0, "pairs S=%lu X=%lu ordered=%d zero=%d: want %lu", s, x, ordered,
                             zero, want);
            }
    mpz_clears(out, S, X, NULL);
}

static unsigned long brute_zero_nim(unsigned long s)
{
    unsigned long n = 0;
    for (unsigned long a = 1; 3 * a < s; a++)
        for (unsigned long b = a + 1; a + 2 * b < s; b++) {
            unsigned long c = s - a - b;
            if (c > b && (a ^ b ^ c) == 0) n++;
        }
    return n;
}

Test(count, zero_nim_brute_force)
{
    unsigned long cum = 0;
    for (unsigned long s = 0; s <= 400; s++) {
        unsigned long want = brute_zero_nim(s);
        cum += want;
        cr_assert_eq(count(gr_count_zero_nim, s), want, "zero-nim S=%lu", s);
        cr_assert_eq(count(gr_count_zero_nim_upto, s), cum, "zero-nim K=%lu", s);
    }
    /* the benchmark's size, by the same brute force */
    cr_assert_eq(count(gr_count_zero_nim, 20000), brute_zero_nim(20000));
}

/* sum_{m<N} 3^popcount(m) digit by digit (Horner), against the
 * divide-and-conquer used for big N. */
Test(count, pow3_sum_big)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 12345);
    mpz_t N, a, b, p;
    mpz_inits(N, a, b, p, NULL);
    for (int t = 0; t < 40; t++) {
        mpz_urandomb(N, rs, (mp_bitcnt_t)(1 + t * 97));
        gr_sum_pow3_popcount(a, N);
        mpz_set_ui(b, 0);
        mpz_set_ui(p, 1);
        for (size_t i = mpz_sizeinbase(N, 2); i-- > 0;) {
            mpz_mul_2exp(b, b, 2);
            if (mpz_tstbit(N, i)) {
                mpz_add(b, b, p);
                mpz_mul_ui(p, p, 3);
            }
        }
        if (mpz_sgn(N) == 0) mpz_set_ui(b, 0);
        cr_assert_eq(mpz_cmp(a, b), 0, "trial %d", t);
    }
    /* small N directly */
    for (unsigned long n = 0; n < 300; n++) {
        unsigned long want = 0;
        for (unsigned long m = 0; m < n; m++) {
            unsigned long q = 1;
            for (int k = __builtin_popcountl(m); k > 0; k--) q *= 3;
            want += q;
        }
        cr_assert_eq(count(gr_sum_pow3_popcount, n), want, "F(%lu)", n);
    }
    mpz_clears(N, a, b, p, NULL);
    gmp_randclear(rs);
}

static int bits(unsigned long x)
{
    int k = 0;
    while (x) k++, x >>= 1;
    return k;
}

Test(count, no_carry_brute_force)
{
    mpz_t out;
    mpz_init(out);
    unsigned long cum = 0;
    for (unsigned long k = 0; k <= 13; k++) {
        unsigned long want = 0;
        for (unsigned long b = 1; b < (1ul << k); b++)
            for (unsigned long a = 1; a < b; a++)
                if ((a & b) == 0 && bits(a + b) == (int)k) want++;
        cum += want;
        gr_count_no_carry(out, k, false);
        cr_assert_eq(mpz_cmp_ui(out, want), 0, "no-carry k=%lu", k);
        gr_count_no_carry(out, k, true);
        cr_assert_eq(mpz_cmp_ui(out, cum), 0, "no-carry at most k=%lu", k);
    }
    mpz_clear(out);
}

/* The graph by brute force: every R1 transfer of every positive zero
 * nim-sum triple, kept when the result is a positive zero nim-sum triple. */
Test(count, zero_graph_brute_force)
{
    for (uint64_t S = 0; S <= 130; S++) {
        gr_zgraph g;
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_zgraph_build(&g, S, 100000, &err), 0, "%s", err.msg);
        cr_assert_eq(g.n, brute_zero_nim(S), "S=%llu vertices", (unsigned long long)S);
        size_t edges = 0;
        for (size_t i = 0; i < g.n; i++) {
            const uint64_t *p = g.v[i];
            /* distinct results from this vertex */
            uint64_t seen[512][3];
            size_t ns = 0;
            for (int s = 0; s < 3; s++)
                for (int d = 0; d < 3; d++) {
                    if (s == d || p[s] > p[d]) continue;
                    for (uint64_t k = 1; k < p[s]; k++) {
                        uint64_t r[3] = {p[0], p[1], p[2]};
                        r[s] -= k;
                        r[d] += k;
                        if ((r[0] ^ r[1] ^ r[2]) != 0) continue;
                        /* sort */
                        for (int x = 0; x < 2; x++)
                            for (int y = 0; y < 2 - x; y++)
                                if (r[y] > r[y + 1]) {
                                    uint64_t t = r[y];
                                    r[y] = r[y + 1];
                                    r[y + 1] = t;
                                }
                        bool dup = false;
                        for (size_t q = 0; q < ns && !dup; q++) dup = !memcmp(seen[q], r, sizeof r);
                        if (!dup) memcpy(seen[ns++], r, sizeof r);
                    }
                }
            cr_assert_eq(g.start[i + 1] - g.start[i], ns, "S=%llu vertex %zu out-degree", (unsigned long long)S, i);
            for (size_t e = g.start[i]; e < g.start[i + 1]; e++) {
                bool in = false;
                for (size_t q = 0; q < ns && !in; q++) in = !memcmp(seen[q], g.v[g.to[e]], sizeof seen[q]);
                cr_assert(in, "S=%llu vertex %zu: edge not a legal transfer", (unsigned long long)S, i);
            }
            edges += ns;
        }
        cr_assert_eq(g.m, edges);
        /* the chain is a chain of edges */
        for (size_t i = 0; i + 1 < g.longest; i++) {
            bool found = false;
            for (size_t e = g.start[g.chain[i]]; e < g.start[g.chain[i] + 1]; e++) found |= g.to[e] == g.chain[i + 1];
            cr_assert(found);
        }
        /* longest chain by memoised depth-first search, components by flooding */
        size_t *memo = calloc(g.n + 1, sizeof *memo), best = 0;
        for (size_t pass = 0; pass < g.n; pass++) /* Bellman-style: edges only go to later-settled vertices */
            for (size_t i = g.n; i-- > 0;) {
                size_t m = 1;
                for (size_t e = g.start[i]; e < g.start[i + 1]; e++)
                    if (memo[g.to[e]] + 1 > m) m = memo[g.to[e]] + 1;
                memo[i] = m;
            }
        for (size_t i = 0; i < g.n; i++)
            if (memo[i] > best) best = memo[i];
        cr_assert_eq(g.longest, best, "S=%llu longest chain", (unsigned long long)S);
        size_t *comp = malloc((g.n + 1) * sizeof *comp), ncomp = 0;
        for (size_t i = 0; i < g.n; i++) comp[i] = i;
        for (bool changed = true; changed;) {
            changed = false;
            for (size_t i = 0; i < g.n; i++)
                for (size_t e = g.start[i]; e < g.start[i + 1]; e++) {
                    size_t j = g.to[e], m = comp[i] < comp[j] ? comp[i] : comp[j];
                    if (comp[i] != m || comp[j] != m) comp[i] = comp[j] = m, changed = true;
                }
        }
        for (size_t i = 0; i < g.n; i++) ncomp += comp[i] == i;
        cr_assert_eq(g.components, ncomp, "S=%llu components", (unsigned long long)S);
        free(memo);
        free(comp);
        gr_zgraph_free(&g);
    }
}

Test(count, zero_graph_small_examples)
{
    gr_zgraph g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_zgraph_build(&g, 14, 1000, &err), 0);
    /* (1,6,7) (2,5,7) (3,4,7) (3,5,6), all on one chain */
    cr_assert_eq(g.n, 4);
    cr_assert_eq(g.components, 1);
    cr_assert_eq(g.longest, 4);
    gr_zgraph_free(&g);
    cr_assert_eq(gr_zgraph_build(&g, (1ull << 40) - 2, 1000, &err), GR_EINPUT);
}
