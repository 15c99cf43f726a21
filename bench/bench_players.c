/* The paper's Nim3Test (section 6.2) beside grundy, in one run.
 *
 * Nim3Test keeps the whole sequence (two ArrayList<Byte>, the 2-player and the
 * 3-player one) and scans the subtraction set for every heap. The port below
 * keeps that method, in C, with plain arrays. grundy streams the 3-player
 * classes through a ring of max(S) values (gr_subseq), and with a certified
 * period it need score only preperiod + period heaps and copy the rest.
 *
 * usage: bench_players [N] [S...]   (default N = 10^8, S = 1 3 7) */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "grundy/players.h"
#include "bench_clock.h"
#include "../tests/nim3test.h"

static long peak_kib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

/* Nim3Test.onePileTest(alloweds, max), returning a checksum of doubleNimABC. */
static uint64_t nim3test(const uint64_t *allowed, size_t na, uint64_t max)
{
    uint8_t *single = malloc(max + 1), *dbl = malloc(max + 1);
    if (!single || !dbl) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    nim3test_one_pile(allowed, na, max, single, dbl);
    uint64_t h = 0;
    for (uint64_t k = 0; k <= max; k++) h = h * 31 + dbl[k];
    free(single);
    free(dbl);
    return h;
}

static uint64_t streamed(const uint64_t *set, size_t n, uint64_t max)
{
    gr_subseq g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_subseq_init(&g, set, n, 3, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    uint64_t h = 0;
    for (uint64_t k = 0; k <= max; k++) h = h * 31 + gr_subseq_next(&g);
    gr_subseq_free(&g);
    return h;
}

/* With the certified period: score preperiod + period heaps, then repeat. */
static uint64_t periodic(const uint64_t *set, size_t n, uint64_t max)
{
    gr_subperiod p;
    gr_error err;
    gr_error_clear(&err);
    if (gr_subseq_period(set, n, 3, max, &p, &err) || !p.found) return streamed(set, n, max);
    uint64_t len = p.preperiod + p.period;
    uint8_t *v = malloc(len);
    gr_subseq g;
    gr_subseq_init(&g, set, n, 3, &err);
    for (uint64_t k = 0; k < len; k++) v[k] = gr_subseq_next(&g);
    gr_subseq_free(&g);
    uint64_t h = 0;
    for (uint64_t k = 0; k <= max; k++) h = h * 31 + v[k < len ? k : p.preperiod + (k - p.preperiod) % p.period];
    free(v);
    return h;
}

int main(int argc, char **argv)
{
    uint64_t max = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ull;
    uint64_t set[64] = {1, 3, 7};
    size_t n = 3;
    if (argc > 2) {
        n = 0;
        for (int i = 2; i < argc && n < 64; i++) set[n++] = strtoull(argv[i], NULL, 10);
    }
    printf("3-player classes of one subtraction heap, S = {");
    for (size_t i = 0; i < n; i++) printf(i ? ",%llu" : "%llu", (unsigned long long)set[i]);
    printf("}, heaps 0..%llu\n", (unsigned long long)max);
    long base = peak_kib();
    double t0 = now();
    uint64_t h1 = streamed(set, n, max);
    double t1 = now();
    long peak_stream = peak_kib();
    uint64_t h3 = periodic(set, n, max);
    double t2 = now();
    uint64_t h2 = nim3test(set, n, max);
    double t3 = now();
    long peak_simple = peak_kib();
    printf("grundy, streamed ring       %8.3f s   peak %ld KiB\n", t1 - t0, peak_stream);
    printf("grundy, certified period    %8.3f s\n", t2 - t1);
    printf("Nim3Test method (C port)    %8.3f s   peak %ld KiB (start %ld KiB)\n", t3 - t2, peak_simple, base);
    printf("ratio Nim3Test / streamed   %8.2f\n", (t3 - t2) / (t1 - t0));
    printf("ratio Nim3Test / period     %8.2f\n", (t3 - t2) / (t2 - t1));
    printf("same sequence: %s\n", h1 == h2 && h2 == h3 ? "yes" : "NO");
    return h1 == h2 && h2 == h3 ? 0 : 1;
}
