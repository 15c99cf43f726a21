/* The tier solver's fast mex (one bitset per line) beside the per-option
 * method, on n-pile Sharing Nim: time, positions per second, peak memory.
 *
 *   bench_tier [THREADS] [n:T[:options]]...
 * default: 2 threads; 4:300 5:120 with both methods (the per-option one
 * costs about T/4 lookups a position: minutes beyond), then the floors
 * 4:600 5:200 4:1500 5:400 with the fast one (":options" forces the
 * per-option method too, ":fast" skips it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "grundy/tier.h"
#include "bench_clock.h"

typedef struct maxctx {
    uint32_t max[64];
} maxctx;

static int track_max(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err)
{
    (void)err;
    maxctx *m = ctx;
    uint32_t mx = 0;
    for (uint64_t i = 0; i < s->size[t]; i++)
        if (s->v[t][i] > mx) mx = s->v[t][i];
    int slot = (int)(t % (uint64_t)s->n);
    if (mx > m->max[slot]) m->max[slot] = mx;
    return 0;
}

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static int run(int n, uint64_t T, int method, int threads, uint64_t *sum, double *secs)
{
    char spec[64];
    snprintf(spec, sizeof spec, "sharing:piles=%d", n);
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err) || gr_tiers_init(&s, &g, n, T, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    maxctx mc;
    memset(&mc, 0, sizeof mc);
    gr_tier_opts o = {.method = method, .threads = threads, .keep = false, .done = track_max, .ctx = &mc};
    double t0 = now(), c0 = cpu_s();
    if (gr_tiers_solve(&s, &o, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    *secs = now() - t0;
    double cpu = cpu_s() - c0;
    *sum = gr_tiers_checksum(&s);
    uint32_t mx = 0;
    for (int i = 0; i < n; i++)
        if (mc.max[i] > mx) mx = mc.max[i];
    uint64_t P = gr_tiers_positions(&s);
    printf("%d piles T=%-5llu %-7s %12llu positions  %8.2f s (cpu %.2f s)  %6.2f M pos/s (%.2f per cpu-s)  max value %u  checksum %016llx  peak %.0f MiB\n",
           n, (unsigned long long)T, method == GR_TIER_FAST ? "fast" : "options", (unsigned long long)P, *secs, cpu,
           P / *secs / 1e6, P / cpu / 1e6, mx, (unsigned long long)*sum, peak_mib());
    fflush(stdout);
    gr_tiers_free(&s);
    gr_game_release(&g);
    return 0;
}

int main(int argc, char **argv)
{
    int threads = 2;
    int a = 1;
    if (argc > 1 && !strchr(argv[1], ':')) threads = atoi(argv[a++]);
    const char *defaults[] = {"4:300", "5:120", "4:600", "5:200", "4:1500", "5:400"};
    int ncases = argc - a;
    int ndefaults = (int)(sizeof defaults / sizeof defaults[0]);
    const char **cases = (const char **)(argv + a);
    if (ncases == 0) ncases = ndefaults, cases = defaults;
    printf("threads %d\n", threads);
    for (int i = 0; i < ncases; i++) {
        int n;
        unsigned long long T;
        char opt[16] = "";
        if (sscanf(cases[i], "%d:%llu:%15s", &n, &T, opt) < 2) {
            fprintf(stderr, "bad case %s (n:T)\n", cases[i]);
            return 2;
        }
        uint64_t s1, s2;
        double t1, t2;
        if (run(n, T, GR_TIER_FAST, threads, &s1, &t1)) return 1;
        /* the per-option method costs about T/4 per option set: only where it ends soon */
        bool opts = strcmp(opt, "options") == 0 || (strcmp(opt, "fast") != 0 && (n <= 4 ? T <= 300 : T <= 120));
        if (opts) {
            if (run(n, T, GR_TIER_OPTIONS, threads, &s2, &t2)) return 1;
            printf("  ratio options/fast: %.1fx, checksums %s\n", t2 / t1, s1 == s2 ? "equal" : "DIFFER");
            if (s1 != s2) return 1;
        }
    }
    return 0;
}
