/* Seed 001's enumerations, exact and fast. The derivations are in
 * docs/kim.md; in short:
 *   - a + b = (a ^ b) + 2 (a & b), so a pair with sum S and XOR X has
 *     a & b = (S - X)/2 =: A fixed, and A & X = 0 is needed; then each set bit
 *     of X goes to a or to b: 2^popcount(X) ordered pairs (zeros allowed).
 *   - a ^ b ^ c = 0 means every bit is set in none or in exactly two piles,
 *     and such a bit position i adds 2^(i+1) to the total, with no carries:
 *     the total is 2M where each set bit of M picks which pile lacks it, so
 *     3^popcount(S/2) ordered triples, of which 3 have an empty pile
 *     (0, S/2, S/2); the rest have three distinct piles, 6 orders each.
 *   - sum_{m < N} 3^popcount(m) splits on the digits: with N = h 2^k + l,
 *     l < 2^k, it is F(h) 4^k + 3^popcount(h) F(l). */
#include "grundy/counting.h"

void gr_count_pairs(mpz_t out, mpz_srcptr S, mpz_srcptr X, bool ordered, bool zero)
{
    mpz_t A;
    mpz_init(A);
    mpz_sub(A, S, X);
    mpz_set_ui(out, 0);
    if (mpz_sgn(A) < 0 || mpz_odd_p(A)) goto out;
    mpz_fdiv_q_2exp(A, A, 1);
    mpz_and(A, A, X);
    if (mpz_sgn(A) != 0) goto out;
    /* ordered pairs, zeros allowed */
    mpz_setbit(out, mpz_popcount(X));
    if (!zero && mpz_cmp(S, X) == 0) mpz_sub_ui(out, out, mpz_sgn(S) ? 2 : 1); /* (0,S), (S,0) */
    if (!ordered) {
        /* a = b only when X = 0, and then it is the one pair (S/2, S/2) */
        bool diag = mpz_sgn(X) == 0 && (zero || mpz_sgn(S) > 0);
        if (diag) mpz_add_ui(out, out, 1);
        mpz_fdiv_q_2exp(out, out, 1);
    }
out:
    mpz_clear(A);
}

void gr_count_zero_nim(mpz_t out, mpz_srcptr S)
{
    if (mpz_sgn(S) <= 0 || mpz_odd_p(S)) {
        mpz_set_ui(out, 0);
        return;
    }
    /* popcount(S/2) = popcount(S) */
    mpz_ui_pow_ui(out, 3, mpz_popcount(S));
    mpz_sub_ui(out, out, 3);
    mpz_divexact_ui(out, out, 6);
}

/* F(x) for the bits [lo, lo + len) of N, where that x is below 2^len. */
static void pow3_rec(mpz_t out, mpz_srcptr N, mp_bitcnt_t lo, mp_bitcnt_t len)
{
    if (len <= 64) {
        /* Horner over the digits, high to low: F(2x + b) = 4 F(x) + b 3^pop(x) */
        mpz_t p;
        mpz_init_set_ui(p, 1);
        mpz_set_ui(out, 0);
        for (mp_bitcnt_t i = len; i-- > 0;) {
            mpz_mul_2exp(out, out, 2);
            if (mpz_tstbit(N, lo + i)) {
                mpz_add(out, out, p);
                mpz_mul_ui(p, p, 3);
            }
        }
        mpz_clear(p);
        return;
    }
    mp_bitcnt_t k = len / 2;
    mpz_t hi, lo_part, h;
    mpz_inits(hi, lo_part, h, NULL);
    pow3_rec(hi, N, lo + k, len - k);
    pow3_rec(lo_part, N, lo, k);
    /* popcount of the high half */
    mpz_tdiv_q_2exp(h, N, lo + k);
    mpz_tdiv_r_2exp(h, h, len - k);
    mp_bitcnt_t ph = mpz_popcount(h);
    mpz_ui_pow_ui(h, 3, ph);
    mpz_mul(lo_part, lo_part, h);
    mpz_mul_2exp(out, hi, 2 * k);
    mpz_add(out, out, lo_part);
    mpz_clears(hi, lo_part, h, NULL);
}

void gr_sum_pow3_popcount(mpz_t out, mpz_srcptr N)
{
    if (mpz_sgn(N) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    pow3_rec(out, N, 0, mpz_sizeinbase(N, 2));
}

void gr_count_zero_nim_upto(mpz_t out, mpz_srcptr K)
{
    if (mpz_sgn(K) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    /* sum over m = 1..M of (3^pop(m) - 3)/6 with M = floor(K/2):
     * (F(M+1) - 1 - 3M) / 6 */
    mpz_t M, t;
    mpz_inits(M, t, NULL);
    mpz_fdiv_q_2exp(M, K, 1);
    mpz_add_ui(t, M, 1);
    gr_sum_pow3_popcount(out, t);
    mpz_sub_ui(out, out, 1);
    mpz_mul_ui(t, M, 3);
    mpz_sub(out, out, t);
    mpz_divexact_ui(out, out, 6);
    mpz_clears(M, t, NULL);
}

void gr_count_no_carry(mpz_t out, unsigned long k, bool at_most)
{
    mpz_t t;
    mpz_init(t);
    if (at_most) {
        mpz_ui_pow_ui(out, 3, k);
        mpz_add_ui(out, out, 1);
        mpz_fdiv_q_2exp(out, out, 1);
        mpz_set_ui(t, 0);
        mpz_setbit(t, k);
        mpz_sub(out, out, t);
    } else if (k == 0) {
        mpz_set_ui(out, 0);
    } else {
        mpz_ui_pow_ui(out, 3, k - 1);
        mpz_set_ui(t, 0);
        mpz_setbit(t, k - 1);
        mpz_sub(out, out, t);
    }
    mpz_clear(t);
}
