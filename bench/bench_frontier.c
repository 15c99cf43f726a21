/* The sparse-space engine at the octal frontier: Grundy's game and Officers
 * (.6) to N on one thread and on every core, values per second per thread
 * (by wall time and by CPU time, which a loaded machine disturbs less) and
 * the speed-up from one thread to all, beside the floors of the issue and
 * the published per-thread rates (the ratio to Grossman's rate printed), and
 * the rate of each half of the run with the values' width, so that the
 * two-byte range can be set against the one-byte range. The values on all
 * cores are compared with the one-thread run.
 *
 *   bench_frontier             to 2^24
 *   bench_frontier N           to N (e.g. 4194304 for a quick run)
 *   bench_frontier N T         to N, on 1 and on T threads
 *
 * Published rates kept as numbers: Grossman (Games of No Chance 5, 2019),
 * Officers at about 5 M values/s on 8 threads of 2.66 GHz, 0.6 M values/s a
 * thread. tczajka's octal-games repository publishes results (rare masks,
 * counts, last rare heaps to 2^21) but no timings that could be found, so
 * no tczajka rate is printed. */
#include "grundy/sparse.h"
#include "grundy/takebreak.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_clock.h"

#define GROSSMAN_PER_THREAD 0.6e6    /* Officers, values/s a thread (5 M on 8 threads) */

typedef struct timing {
    double wall, cpu;
} timing;

/* One run to n, timed in two halves (to n/2, then to n) so that the cost a
 * value can be read for each half with the width its values had: Grundy's
 * game widens to two bytes at heap 7250049, so from 2^24 the second half is
 * the two-byte range and the first the one-byte range. */
typedef struct half {
    double wall, cpu;
    unsigned width;                  /* the values' width at the half's end */
} half;

static gr_sparse *run(const gr_tb_code *c, uint64_t n, int threads, timing *t, half h[2])
{
    gr_error err;
    gr_error_clear(&err);
    gr_sparse *s = gr_sparse_new(c, n + 1, 0, NULL, &err);
    t->wall = t->cpu = 0;
    for (int k = 0; k < 2; k++) {
        double t0 = now();
        clock_t c0 = clock();   /* the process: every thread's CPU */
        if (!s || gr_sparse_extend(s, k ? n + 1 : n / 2, threads, &err)) {
            fprintf(stderr, "sparse: %s\n", err.msg);
            exit(1);
        }
        h[k].cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        h[k].wall = now() - t0;
        h[k].width = gr_sparse_width(s);
        t->wall += h[k].wall, t->cpu += h[k].cpu;
    }
    /* GR_SPARSE_STATS set: where the time went, on standard error */
    if (gr_sparse_stats_on(s)) {
        fprintf(stderr, "to %llu on %d threads:\n", (unsigned long long)n, threads);
        gr_sparse_stats_print(s, stderr);
    }
    return s;
}

static void game(const char *name, const char *text, uint64_t n, int cores, double floor_rate)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    if (gr_tb_parse(&c, text, &err)) {
        fprintf(stderr, "%s: %s\n", text, err.msg);
        exit(1);
    }
    timing one, all;
    half h1[2], hall[2];
    gr_sparse *s1 = run(&c, n, 1, &one, h1);
    printf("%-12s to %-11llu  1 thread : %8.2f s wall %8.2f s cpu  %6.3f M values/s (wall)  %6.3f M values/s (cpu)  "
           "mask %#x  %llu rare  largest %u  width %u  scanned %.0f/heap\n",
           name, (unsigned long long)n, one.wall, one.cpu, (double)n / one.wall / 1e6, (double)n / one.cpu / 1e6,
           gr_sparse_mask(s1), (unsigned long long)gr_sparse_rare_count(s1), gr_sparse_max_value(s1),
           gr_sparse_width(s1), (double)gr_sparse_scanned(s1) / (double)n);
    /* Values a second of CPU, each half: the two-byte range against the
     * one-byte range where the run widened in between. */
    for (int k = 0; k < 2; k++) {
        uint64_t lo = k ? n / 2 : 0, hi = k ? n + 1 : n / 2;
        printf("%-12s   heaps %llu..%llu (%u byte%s a value at the end): %6.3f M values/s a thread (cpu), "
               "%.2fx Grossman's\n",
               name, (unsigned long long)lo, (unsigned long long)(hi - 1), h1[k].width, h1[k].width > 1 ? "s" : "",
               (double)(hi - lo) / h1[k].cpu / 1e6, (double)(hi - lo) / h1[k].cpu / GROSSMAN_PER_THREAD);
    }
    printf("%-12s   one thread, whole run: %6.3f M values/s (cpu), %.2fx Grossman's %.1f M values/s a thread\n", name,
           (double)n / one.cpu / 1e6, (double)n / one.cpu / GROSSMAN_PER_THREAD, GROSSMAN_PER_THREAD / 1e6);
    if (cores > 1) {
        gr_sparse *s = run(&c, n, cores, &all, hall);
        bool same = gr_sparse_count(s) == gr_sparse_count(s1);
        for (uint64_t x = 0; same && x <= n; x++) same = gr_sparse_value(s, x) == gr_sparse_value(s1, x);
        printf("%-12s to %-11llu %2d threads: %8.2f s wall %8.2f s cpu  %6.3f M values/s/thread (wall)  speed-up %.2fx "
               "(cpu %.2fx one's)  %.3f M values/s/thread (cpu)  values %s\n",
               name, (unsigned long long)n, cores, all.wall, all.cpu, (double)n / all.wall / cores / 1e6,
               one.wall / all.wall, all.cpu / one.cpu, (double)n / all.cpu / 1e6, same ? "equal" : "DIFFER");
        gr_sparse_free(s);
        if (!same) exit(1);
    }
    if (floor_rate > 0)
        printf("%-12s floor %.1f M values/s on one thread: %s by cpu time (%.3f), %s by wall time (%.3f)\n", name,
               floor_rate / 1e6, (double)n / one.cpu >= floor_rate ? "met" : "NOT met", (double)n / one.cpu / 1e6,
               (double)n / one.wall >= floor_rate ? "met" : "NOT met", (double)n / one.wall / 1e6);
    gr_sparse_free(s1);
}

int main(int argc, char **argv)
{
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : (1ull << 24);
    int cores = argc > 2 ? atoi(argv[2]) : omp_get_num_procs();
    if (n < 1 || cores < 1) {
        fprintf(stderr, "usage: bench_frontier [N [THREADS]]\n");
        return 2;
    }
    printf("N = %llu, %d cores; published: Grossman, Officers %.1f M values/s a thread (2.66 GHz); tczajka: no "
           "published timings found\n",
           (unsigned long long)n, cores, GROSSMAN_PER_THREAD / 1e6);
    /* The floors: .6 to 2^24 at 0.6 M values/s, Grundy's game to
     * 2^26 at 1 M values/s, both on one thread (printed at any N). */
    game("grundy-game", "4!.", n, cores, 1e6);
    game(".6 officers", "0.6", n, cores, GROSSMAN_PER_THREAD);
    return 0;
}
