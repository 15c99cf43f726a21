/* The bottom-up blocking table beside the generic solver on the same job:
 * every sorted three-pile Nim position with piles <= N under block=1 (and a
 * check that they agree). Prints times, the ratio and peak memory. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "grundy/block.h"
#include "grundy/solve.h"
#include "bench_clock.h"

int main(int argc, char **argv)
{
    uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 80;
    int k = argc > 2 ? atoi(argv[2]) : 1;
    gr_error err;
    gr_error_clear(&err);
    double t0 = now();
    gr_nbtable t;
    if (gr_nbtable_build(&t, 3, n, k, false, 8e9, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double t1 = now();
    gr_game g;
    gr_game_parse(&g, "nim", &err);
    gr_outcome o;
    gr_outcome_parse(&o, "block", k, &err);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1e9;
    gr_solver *s = gr_solver_new(&g, &o, &lim);
    long disagree = 0, count = 0;
    for (uint32_t c = 0; c <= n; c++)
        for (uint32_t b = 0; b <= c; b++)
            for (uint32_t a = 0; a <= b; a++) {
                gr_pos pos = {.n = 3, .p = {a, b, c}};
                uint32_t sc;
                if (gr_solver_score(s, &pos, &sc, &err)) {
                    fprintf(stderr, "%s\n", err.msg);
                    return 1;
                }
                uint32_t x[3] = {a, b, c};
                disagree += (sc == 0) != gr_nbtable_is_p(&t, x);
                count++;
            }
    double t2 = now();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("3-pile nim block=%d, piles <= %u: %ld positions\n", k, n, count);
    printf("  table  %.3f s\n  solver %.3f s\n  ratio  %.1fx\n  disagreements %ld\n  peak RSS %ld KiB\n", t1 - t0,
           t2 - t1, (t2 - t1) / (t1 - t0 > 1e-9 ? t1 - t0 : 1e-9), disagree, ru.ru_maxrss);
    gr_solver_free(s);
    gr_nbtable_free(&t);
    gr_game_release(&g);
    return disagree != 0;
}
