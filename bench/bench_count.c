/* Seed 001's counting programs (Section 8, Listings 2 and 3), written here
 * in C from the paper's C++, beside grundy's exact counts, at K = 20000:
 *   linear:    q(S), the zero nim-sum triples of total S = K (Listing 2)
 *   quadratic: p(K), those of total at most K (Listing 3)
 * Prints both answers (they must agree), the times, the ratio and the peak
 * memory. Usage: bench_count [K] */
#include "grundy/counting.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "bench_clock.h"

typedef long long ll;

/* Listing 2/3's f: ordered pairs with sum `sum` and XOR `xor_sum`, added to
 * *total (the paper keeps these in globals; here they are passed). */
static void paper_f(ll xor_sum, ll sum, ll *total)
{
    ll temp_total = 1;
    if ((sum - xor_sum) & 1) return;
    ll x = (sum - xor_sum) / 2;
    for (ll i = 0; i < 50; i++) {
        ll bit = 1LL << i;
        if (x & bit) {
            if (xor_sum & bit) {
                temp_total = 0;
                break;
            }
        } else if (xor_sum & bit) {
            temp_total *= 2LL;
        }
    }
    if (temp_total > 0 && x == 0) temp_total -= 2;
    *total += temp_total;
}

static ll paper_linear(ll S)
{
    ll total = 0;
    for (ll i = 1; i <= S; i++) paper_f(i, S - i, &total);
    return total / 6;
}

static ll paper_quadratic(ll Q)
{
    ll total = 0;
    for (ll i = 1; i <= Q; i++)
        for (ll j = 1; j <= i; j++) paper_f(j, i - j, &total);
    return total / 6;
}

int main(int argc, char **argv)
{
    ll K = argc > 1 ? atoll(argv[1]) : 20000;
    mpz_t k, c;
    mpz_inits(k, c, NULL);
    mpz_set_si(k, K);

    double t0 = now();
    ll lin = paper_linear(K);
    double t_lin = now() - t0;
    int reps = 100000;
    t0 = now();
    for (int r = 0; r < reps; r++) gr_count_zero_nim(c, k);
    double t_fast = (now() - t0) / reps;
    char *s = mpz_get_str(NULL, 10, c);
    printf("q(%lld)  paper linear %lld in %.3g s | grundy %s in %.3g s | ratio %.3g | %s\n", K, lin, t_lin, s, t_fast,
           t_lin / t_fast, mpz_cmp_si(c, lin) == 0 ? "agree" : "DISAGREE");
    free(s);

    t0 = now();
    ll quad = paper_quadratic(K);
    double t_quad = now() - t0;
    t0 = now();
    for (int r = 0; r < reps; r++) gr_count_zero_nim_upto(c, k);
    t_fast = (now() - t0) / reps;
    s = mpz_get_str(NULL, 10, c);
    printf("p(%lld)  paper quadratic %lld in %.3g s | grundy %s in %.3g s | ratio %.3g | %s\n", K, quad, t_quad, s,
           t_fast, t_quad / t_fast, mpz_cmp_si(c, quad) == 0 ? "agree" : "DISAGREE");
    free(s);

    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak memory %ld KiB\n", ru.ru_maxrss);
    mpz_clears(k, c, NULL);
    return 0;
}
