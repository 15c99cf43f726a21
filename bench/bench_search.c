/* The generic search against its own up-front estimate: for a few positions
 * of each ruleset, the estimated and the actual positions, time and memory.
 * The estimate must stay an upper bound on positions and near the time. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "grundy/solve.h"
#include "bench_clock.h"

static void run(const char *spec, const char *outcome, gr_pos p)
{
    gr_game g;
    gr_outcome o;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err) || gr_outcome_parse(&o, outcome, 0, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return;
    }
    gr_estimate est;
    gr_solver_estimate(&g, &o, &p, &est);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1e9;
    gr_solver *s = gr_solver_new(&g, &o, &lim);
    double t0 = now();
    uint32_t v;
    int rc = gr_solver_score(s, &p, &v, &err);
    double t = now() - t0;
    char pos[128];
    gr_pos_format(&p, pos, sizeof pos);
    printf("%-16s %-7s %-16s est %9.3g pos %8.3g s | actual %9zu pos %8.3f s  %s\n", spec, outcome, pos, est.states,
           est.seconds, gr_solver_positions(s), t, rc ? err.msg : "");
    gr_solver_free(s);
    gr_game_release(&g);
}

int main(void)
{
    run("sharing", "normal", (gr_pos){.n = 3, .p = {0, 100, 200}});
    run("sharing", "normal", (gr_pos){.n = 3, .p = {0, 200, 400}});
    run("sharing", "misere", (gr_pos){.n = 3, .p = {0, 200, 400}});
    run("sharing:piles=4", "normal", (gr_pos){.n = 4, .p = {0, 30, 60, 90}});
    run("sharing:piles=4", "normal", (gr_pos){.n = 4, .p = {0, 50, 100, 150}});
    run("sharing:piles=5", "normal", (gr_pos){.n = 5, .p = {0, 10, 20, 30, 40}});
    run("sharing:graph=0>1/1>2/2>0", "normal", (gr_pos){.n = 3, .p = {0, 100, 200}});
    run("kim", "normal", (gr_pos){.n = 3, .p = {20, 22, 24}});
    run("kim", "normal", (gr_pos){.n = 3, .p = {30, 32, 34}});
    run("kim:reading=R2", "normal", (gr_pos){.n = 4, .p = {8, 9, 10, 11}});
    run("nim", "misere", (gr_pos){.n = 4, .p = {20, 21, 22, 23}});
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak memory %ld MiB\n", ru.ru_maxrss / 1024);
    return 0;
}
