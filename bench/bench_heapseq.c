/* Nim-sequence engine: the fast method beside the simple reference in one
 * run. For each game both methods run to a common bound (their values are
 * compared and the time ratio printed), then the fast method alone runs to
 * the floor. Prints wall and CPU time and memory: the method's own
 * count of what it held, and the process's peak resident size.
 *
 *   bench_heapseq            all cases
 *   bench_heapseq quick      smaller bounds, a smoke run */
#include "grundy/heapseq.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "bench_clock.h"

typedef struct run {
    double wall, cpu, bytes;
    uint32_t *v;
} run;

static int one(const char *spec, int method, uint32_t n, run *out)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) {
        fprintf(stderr, "%s: %s\n", spec, err.msg);
        return 1;
    }
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 600;
    out->v = malloc(((size_t)n + 1) * sizeof *out->v);
    gr_heapseq_info info = {0};
    double t0 = now();
    clock_t c0 = clock();
    int rc = gr_heapseq(&g, method, n, out->v, &lim, &info, &err);
    out->cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    out->wall = now() - t0;
    out->bytes = info.bytes;
    gr_game_release(&g);
    if (rc) fprintf(stderr, "%s: %s\n", spec, err.msg);
    return rc;
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    struct {
        const char *spec;
        uint32_t common, floor;
    } cases[] = {
        {"split", 1500, 100000},          /* seed 004, n = 3 */
        {"split:parts=4", 250, 5000},     /* seed 004, n = 4 */
        {"split:parts=4", 250, 20000},    /* further than the floor */
        {"split:parts=5", 100, 3000},
        {"split:parts=2", 3000, 50000},   /* Lasker's Nim */
        {"tb:0.77", 3000, 50000},         /* Kayles */
        {"grundy-game", 3000, 50000},
    };
    printf("%-15s %8s %10s %10s %8s %9s | %8s %10s %10s %11s %9s\n", "game", "N", "simple s", "fast s", "ratio",
           "agree", "floor N", "fast wall", "fast cpu", "fast MiB", "peak MiB");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t common = quick ? cases[i].common / 5 : cases[i].common;
        uint32_t floor = quick ? cases[i].floor / 10 : cases[i].floor;
        run s, f, big;
        if (one(cases[i].spec, GR_HEAPSEQ_SIMPLE, common, &s) || one(cases[i].spec, GR_HEAPSEQ_FAST, common, &f))
            return 1;
        bool agree = memcmp(s.v, f.v, ((size_t)common + 1) * sizeof *s.v) == 0;
        if (one(cases[i].spec, GR_HEAPSEQ_FAST, floor, &big)) return 1;
        bool prefix = memcmp(big.v, f.v, ((size_t)common + 1) * sizeof *s.v) == 0;
        printf("%-15s %8u %10.3f %10.3f %8.1f %9s | %8u %10.2f %10.2f %11.1f %9.1f\n", cases[i].spec, common, s.cpu,
               f.cpu, f.cpu > 0 ? s.cpu / f.cpu : 0.0, agree && prefix ? "yes" : "NO", floor, big.wall, big.cpu,
               big.bytes / 1048576.0, peak_mib());
        fflush(stdout);
        free(s.v), free(f.v), free(big.v);
        if (!agree || !prefix) return 1;
    }
    return 0;
}
