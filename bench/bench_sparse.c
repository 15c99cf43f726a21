/* The sparse-space engine beside the O(N^2) method in one run: both to a
 * common bound (values compared, time ratio printed), then the sparse engine
 * alone to the floors, on 1 thread and on every core, with values per second
 * per thread, the speed-up and the peak resident size.
 *
 *   bench_sparse               Grundy's game and .6 to 2^24, the reference to 2^18 and 2^16
 *   bench_sparse N             the sparse runs to N instead
 *   bench_sparse quick         a smoke run */
#include "grundy/heapseq.h"
#include "grundy/sparse.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_clock.h"

static gr_sparse *run_sparse(const gr_tb_code *c, uint64_t n, int threads, double *wall, double *cpu)
{
    gr_error err;
    gr_error_clear(&err);
    gr_sparse *s = gr_sparse_new(c, n + 1, 0, NULL, &err);
    double t0 = now();
    clock_t c0 = clock();
    if (!s || gr_sparse_extend(s, n + 1, threads, &err)) {
        fprintf(stderr, "sparse: %s\n", err.msg);
        exit(1);
    }
    *cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    *wall = now() - t0;
    return s;
}

static void game(const char *name, const char *text, uint32_t common, uint64_t floor)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    if (gr_tb_parse(&c, text, &err)) {
        fprintf(stderr, "%s: %s\n", text, err.msg);
        exit(1);
    }
    /* The reference and the engine on the common bound. */
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 3600;
    uint32_t *ref = malloc(((size_t)common + 1) * sizeof *ref);
    double t0 = now();
    if (gr_heapseq_fast(&c, common, ref, &lim, NULL, &err)) {
        fprintf(stderr, "fast: %s\n", err.msg);
        exit(1);
    }
    double tref = now() - t0, wall, cpu;
    gr_sparse *s = run_sparse(&c, common, 1, &wall, &cpu);
    for (uint32_t x = 0; x <= common; x++)
        if (gr_sparse_value(s, x) != ref[x]) {
            printf("%s: MISMATCH at heap %u: sparse %u, reference %u\n", name, x, gr_sparse_value(s, x), ref[x]);
            exit(1);
        }
    printf("%-12s to %-10u O(N^2) fast method %8.2f s | sparse 1 thread %8.3f s | ratio %6.0fx | values equal\n", name,
           common, tref, wall, tref / wall);
    gr_sparse_free(s);
    free(ref);
    /* The floors, on 1 thread and on every core. */
    int cores = omp_get_num_procs();
    double one = 0;
    for (int t = 1; t <= cores; t *= 2) {
        s = run_sparse(&c, floor, t, &wall, &cpu);
        if (t == 1) one = wall;
        printf("%-12s to %-10llu %2d thread%s %8.2f s wall %8.2f s cpu  %7.0f k values/s/thread  speed-up %4.2fx  "
               "mask %#x  %llu rare heaps  largest %u  scanned %.0f splits/heap  peak %.0f MiB\n",
               name, (unsigned long long)floor, t, t == 1 ? " " : "s", wall, cpu, (double)floor / wall / t / 1e3,
               one / wall, gr_sparse_mask(s), (unsigned long long)gr_sparse_rare_count(s), gr_sparse_max_value(s),
               (double)gr_sparse_scanned(s) / (double)floor, peak_mib());
        gr_sparse_free(s);
        if (t < cores && t * 2 > cores) t = cores / 2;   /* end on every core */
    }
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    uint64_t floor = quick ? 200000 : argc > 1 ? strtoull(argv[1], NULL, 10) : (1ull << 24);
    uint32_t common = quick ? 5000 : 1u << 16;
    game("grundy-game", "4!.", quick ? common : 1u << 18, floor);
    game(".6 officers", "0.6", common, floor);
    game(".16", "0.16", common / 4, floor / 4);
    return 0;
}
