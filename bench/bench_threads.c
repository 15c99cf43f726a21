/* Speed-up with the thread count: the three-pile Sharing Nim table and the
 * tier solver on 1, 2, 4, ... threads up to every core (OpenMP's count,
 * OMP_NUM_THREADS), in one run: wall time, speed-up over one thread, the
 * share of thread time lost waiting (table), and a checksum that must not
 * depend on the thread count.
 *
 * usage: bench_threads [--max-threads P] [table:N | tier:n:T]...
 * default: table:32768 tier:4:1200 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/sharing3_fast.h"
#include "grundy/tier.h"
#include "bench_clock.h"
#ifdef _OPENMP
#include <omp.h>
#endif

static int take(void *ctx, uint32_t b, const uint32_t *row)
{
    uint64_t *h = ctx;
    for (uint32_t a = 0; a <= b / 2; a++) *h = (*h ^ row[a]) * 1099511628211ull;
    return 0;
}

/* The table to n on p threads: seconds, checksum, waiting share. */
static int table_on(uint32_t n, int p, double *secs, uint64_t *sum, double *waiting)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    if (gr_s3fast_new(&st, n, &err)) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    gr_s3fast_set_threads(st, p);
    *sum = 1469598103934665603ull;
    double t0 = now();
    gr_s3fast_rows(st, n + 1, take, sum);
    *secs = now() - t0;
    gr_s3fast_usage u;
    gr_s3fast_get_usage(st, &u);
    *waiting = u.thread_s > 0 ? u.waited_s / u.thread_s : 0;
    gr_s3fast_free(st);
    return 0;
}

static int tier_on(int n, uint64_t T, int p, double *secs, uint64_t *sum, double *waiting)
{
    char spec[64];
    snprintf(spec, sizeof spec, "sharing:piles=%d", n);
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err) || gr_tiers_init(&s, &g, n, T, &err)) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = p};
    double t0 = now();
    int rc = gr_tiers_solve(&s, &o, &err);
    *secs = now() - t0;
    if (rc) fprintf(stderr, "bench: %s\n", err.msg);
    *sum = gr_tiers_checksum(&s);
    *waiting = -1;
    gr_tiers_free(&s);
    gr_game_release(&g);
    return rc;
}

int main(int argc, char **argv)
{
    int maxp = 1;
#ifdef _OPENMP
    maxp = omp_get_max_threads();
#endif
    int a = 1;
    if (argc > 2 && strcmp(argv[1], "--max-threads") == 0) maxp = atoi(argv[2]), a = 3;
    const char *defaults[] = {"table:32768", "tier:4:1200"};
    const char **cases = (const char **)(argv + a);
    int ncases = argc - a;
    if (ncases == 0) cases = defaults, ncases = 2;
    printf("%-16s %7s %9s %8s %8s %18s\n", "case", "threads", "seconds", "speed-up", "waiting", "checksum");
    for (int i = 0; i < ncases; i++) {
        unsigned long long x = 0, y = 0;
        bool table = sscanf(cases[i], "table:%llu", &x) == 1;
        if (!table && sscanf(cases[i], "tier:%llu:%llu", &x, &y) != 2) {
            fprintf(stderr, "bench: bad case %s (table:N or tier:n:T)\n", cases[i]);
            return 2;
        }
        double one = 0;
        uint64_t first = 0;
        for (int p = 1;; p = 2 * p > maxp && p < maxp ? maxp : 2 * p) {
            double secs, waiting;
            uint64_t sum;
            int rc = table ? table_on((uint32_t)x, p, &secs, &sum, &waiting)
                           : tier_on((int)x, y, p, &secs, &sum, &waiting);
            if (rc) return 1;
            if (p == 1) one = secs, first = sum;
            char w[16] = "-";
            if (waiting >= 0) snprintf(w, sizeof w, "%.0f%%", 100 * waiting);
            printf("%-16s %7d %9.2f %7.2fx %8s %018llx%s\n", cases[i], p, secs, one / secs, w,
                   (unsigned long long)sum, sum == first ? "" : "  DIFFERS");
            fflush(stdout);
            if (sum != first) return 1;
            if (p >= maxp) break;
        }
    }
    return 0;
}
