/* Speed-up with the thread count: the three-pile Sharing Nim table and the
 * tier solver on 1, 2, 4, ... threads up to every core (OpenMP's count,
 * OMP_NUM_THREADS), in one run: wall time, speed-up over one thread, the
 * share of thread time lost waiting (table), and a checksum that must not
 * depend on the thread count. From the one-thread run, the serial fraction
 * s (the time that no thread count shortens: for the table what is neither
 * computing nor handing rows over on the threads, for the tier solver the
 * CPU of tiers too small to split and the like, divided by the chains,
 * which do theirs side by side) and Amdahl's bound
 * 1 / (s + (1 - s) / P) for the most threads and for 16: a projection from
 * one thread, not a measurement.
 *
 * usage: bench_threads [--max-threads P] [table:N | tier:n:T | tier-teams:n:T | tier-shared:n:T | chain:n:T |
 *                       chain-barrier:n:T]...
 * default: table:32768 tier:4:1200. tier-teams:n:T is tier:n:T with each
 * chain's steps on a team of its own threads (threads / chains), as before
 * the chains shared one pool (GR_TIER_POOL_TEAMS), tier-shared:n:T with
 * every thread in every chain (GR_TIER_POOL_SHARED); tier:n:T takes what
 * the command takes: shared, unless the threads outnumber the cores.
 * chain:n:T solves the longest chain of
 * tier:n:T alone (as one of n ranks would), so that its threads work
 * inside it on a machine with fewer cores than chains; chain-barrier:n:T
 * the same with a barrier after every step and the checksums on the
 * finisher, as the steps ran before they flowed (gr_tier_opts.step_barrier). */
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

/* The rows' checksum as the command's hand-over works: each row hashed on
 * the band's threads, the band's hashes chained in order on one thread. */
typedef struct tsum {
    uint64_t sum;
    uint64_t h[256];
    double serial;           /* seconds chaining, on one thread */
} tsum;

static uint64_t row_hash(uint32_t b, const uint32_t *row)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t a = 0; a <= b / 2; a++) h = (h ^ row[a]) * 1099511628211ull;
    return h;
}

static int take(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads)
{
    tsum *t = ctx;
    if (count > 256) return 1;
    const long n = (long)count;
#ifndef _OPENMP
    (void)threads;
#endif
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
    for (long r = 0; r < n; r++) t->h[r] = row_hash(b0 + (uint32_t)r, rows + (size_t)r * stride);
    double t0 = now();
    for (uint32_t r = 0; r < count; r++) t->sum = (t->sum ^ t->h[r]) * 1099511628211ull;
    t->serial += now() - t0;
    return 0;
}

/* The table to n on p threads: seconds, checksum, waiting share, serial seconds. */
static int table_on(uint32_t n, int p, double *secs, uint64_t *sum, double *waiting, double *serial)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    double t0 = now();
    if (gr_s3fast_new(&st, n, &err)) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    gr_s3fast_set_threads(st, p);
    tsum t = {.sum = 1469598103934665603ull};
    gr_s3fast_bands(st, n + 1, take, &t);
    gr_s3fast_usage u;
    gr_s3fast_get_usage(st, &u);
    gr_s3fast_free(st);
    *secs = now() - t0;
    *sum = t.sum;
    *waiting = u.thread_s > 0 ? u.waited_s / u.thread_s : 0;
    /* neither computing nor the hand-over's share on the threads: setup, chaining, freeing */
    *serial = *secs - u.wall_s - (u.deliver_s - t.serial);
    if (*serial < 0) *serial = 0;
    return 0;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The serial part of the tier solver in CPU seconds, scaled to wall time. */
static int tier_on(int n, uint64_t T, int p, bool one_chain, bool barrier, int pool, double *secs, uint64_t *sum,
                   double *waiting, double *serial)
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
    uint64_t chains = T + 1 < (uint64_t)n ? T + 1 : (uint64_t)n;
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = p, .step_barrier = barrier, .pool = pool};
    if (one_chain) o.rank = (int)(T % (uint64_t)n), o.ranks = (int)chains;   /* as one of `chains` ranks */
    double t0 = now(), c0 = cpu_now();
    int rc = gr_tiers_solve(&s, &o, &err);
    *secs = now() - t0;
    double cpu = cpu_now() - c0;
    /* one thread: the share of its CPU that no thread count would split;
     * the chains (n of them) run that part side by side */
    *serial = cpu > 0 ? s.alone_s / cpu * *secs / (double)(one_chain ? 1 : chains) : 0;
    if (rc) fprintf(stderr, "bench: %s\n", err.msg);
    *sum = gr_tiers_checksum(&s);
    *waiting = s.thread_s > 0 ? s.waited_s / s.thread_s : 0;
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
    const int bound_p = 16;
    for (int i = 0; i < ncases; i++) {
        unsigned long long x = 0, y = 0;
        bool table = sscanf(cases[i], "table:%llu", &x) == 1;
        bool barrier = !table && sscanf(cases[i], "chain-barrier:%llu:%llu", &x, &y) == 2;
        bool chain = barrier || (!table && sscanf(cases[i], "chain:%llu:%llu", &x, &y) == 2);
        bool teams = !table && !chain && sscanf(cases[i], "tier-teams:%llu:%llu", &x, &y) == 2;
        bool shared = !table && !chain && !teams && sscanf(cases[i], "tier-shared:%llu:%llu", &x, &y) == 2;
        if (!table && !chain && !teams && !shared && sscanf(cases[i], "tier:%llu:%llu", &x, &y) != 2) {
            fprintf(stderr, "bench: bad case %s (table:N, tier:n:T, tier-teams:n:T, tier-shared:n:T, chain:n:T or "
                    "chain-barrier:n:T)\n", cases[i]);
            return 2;
        }
        double one = 0, s1 = 0;
        uint64_t first = 0;
        for (int p = 1;; p = 2 * p > maxp && p < maxp ? maxp : 2 * p) {
            double secs, waiting, serial;
            uint64_t sum;
            int rc = table ? table_on((uint32_t)x, p, &secs, &sum, &waiting, &serial)
                           : tier_on((int)x, y, p, chain, barrier,
                                     teams ? GR_TIER_POOL_TEAMS : shared ? GR_TIER_POOL_SHARED : GR_TIER_POOL_AUTO,
                                     &secs, &sum, &waiting, &serial);
            if (rc) return 1;
            if (p == 1) one = secs, first = sum, s1 = secs > 0 ? serial / secs : 0;
            char w[16] = "-";
            if (waiting >= 0) snprintf(w, sizeof w, "%.0f%%", 100 * waiting);
            printf("%-16s %7d %9.2f %7.2fx %8s %018llx%s\n", cases[i], p, secs, one / secs, w,
                   (unsigned long long)sum, sum == first ? "" : "  DIFFERS");
            fflush(stdout);
            if (sum != first) return 1;
            if (p >= maxp) break;
        }
        /* Amdahl from the one-thread run: a bound, not a measurement */
        printf("%-16s serial fraction %.2f%% (one thread); Amdahl bound %.1fx on %d threads, %.1fx on %d\n",
               cases[i], 100 * s1, 1 / (s1 + (1 - s1) / maxp), maxp, 1 / (s1 + (1 - s1) / bound_p), bound_p);
    }
    return 0;
}
