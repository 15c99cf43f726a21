/* Each method's up-front time estimate beside the time it takes, for the
 * methods `grundy value` chooses between (search, the tier solver) and for
 * the nim-sequence engine: the estimates decide what is refused, so they
 * should stay near what is measured. Prints estimate, actual and their
 * ratio; for search also the positions estimated against those kept, which
 * shows whether an excess is in the ruleset's count (src/rules/, its
 * estimate hook) or in the time per move (src/solve/limits.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "grundy/heapseq.h"
#include "grundy/sparse.h"
#include "grundy/solve.h"
#include "grundy/tier.h"
#include "bench_clock.h"

/* CPU time of the process: what the single-threaded methods' limit counts
 * (search, the fast method), and a measure a loaded machine does not
 * stretch. */
static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The ratio is taken against the time the method's limit counts: CPU time
 * for search and the fast method, wall time for the threaded ones (the
 * sparse method's estimate is a wall-time rate measured as it runs, under
 * the same load as the run). */
static void report(const char *method, const char *spec, const char *what, double est, double wall, double cpu_s,
                   bool by_cpu, const char *more)
{
    double actual = by_cpu ? cpu_s : wall;
    printf("%-8s %-16s %-20s estimate %8.3g s  actual %8.3f s wall %8.3f s cpu  ratio %5.2f (%s)  %s\n", method, spec,
           what, est, wall, cpu_s, actual > 0 ? est / actual : 0, by_cpu ? "cpu" : "wall", more);
}

static void search(const char *spec, gr_pos p)
{
    gr_game g;
    gr_outcome o;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) return;
    gr_outcome_init_normal(&o);
    gr_estimate est;
    gr_solver_estimate(&g, &o, &p, &est);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1e9;
    gr_solver *s = gr_solver_new(&g, &o, &lim);
    double t0 = now(), c0 = cpu();
    uint32_t v;
    int rc = gr_solver_score(s, &p, &v, &err);
    double t = now() - t0, c = cpu() - c0;
    char pos[96], more[640];
    gr_pos_format(&p, pos, sizeof pos);
    snprintf(more, sizeof more, "positions %.3g estimated, %zu kept %s", est.states, gr_solver_positions(s),
             rc ? err.msg : "");
    report("search", spec, pos, est.seconds, t, c, true, more);
    gr_solver_free(s);
    gr_game_release(&g);
}

static void tiers(const char *spec, int n, uint64_t total)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) return;
    gr_tiers s;
    if (gr_tiers_init(&s, &g, n, total, &err) == GR_OK) {
        gr_tier_opts o = {.method = GR_TIER_FAST};
        double est = gr_tiers_seconds(&s, &o), t0 = now(), c0 = cpu();
        int rc = gr_tiers_solve(&s, &o, &err);
        char what[32];
        snprintf(what, sizeof what, "total %llu", (unsigned long long)total);
        report("tiers", spec, what, est, now() - t0, cpu() - c0, false, rc ? err.msg : "");
        gr_tiers_free(&s);
    }
    gr_game_release(&g);
}

/* The estimate is read back from the refusal's message ("would take about X s"). */
static void heapseq(const char *spec, uint32_t n)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) return;
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1e-9;
    gr_heapseq_info info;
    gr_error refusal;
    gr_error_clear(&refusal);
    gr_heapseq(&g, GR_HEAPSEQ_FAST, n, v, &lim, &info, &refusal);
    const char *at = strstr(refusal.msg, "about ");
    double est = at ? atof(at + 6) : -1;
    lim.max_seconds = 1e9;
    double t0 = now(), c0 = cpu();
    int rc = gr_heapseq(&g, GR_HEAPSEQ_FAST, n, v, &lim, &info, &err);
    char what[32];
    snprintf(what, sizeof what, "to %u", n);
    report("heapseq", spec, what, est, now() - t0, cpu() - c0, true, rc ? err.msg : "");
    free(v);
    gr_game_release(&g);
}

/* The sparse method's refusal estimate (the rate measured on a prefix,
 * projected: read back from the refusal's message) against the whole run,
 * as `grundy value` and `grundy seq` make it. */
static void sparse(const char *spec, uint64_t to, bool until_period)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_tb_code c;
    if (gr_game_parse(&g, spec, &err) || !gr_tb_code_of(&g, &c)) return;
    gr_sparse_job j = {.code = &c, .rules = spec, .to = to, .until_period = until_period};
    gr_limits_default(&j.lim);
    j.lim.max_seconds = 1e-3;
    gr_sparse_result r;
    gr_error refusal;
    gr_error_clear(&refusal);
    double t0 = now();
    gr_sparse_job_run(&j, &r, &refusal);
    double cost = now() - t0;
    gr_sparse_free(r.s);
    const char *at = strstr(refusal.msg, "about ");
    double est = at ? atof(at + 6) : -1;
    j.lim.max_seconds = 1e9;
    t0 = now();
    double c0 = cpu();
    int rc = gr_sparse_job_run(&j, &r, &err);
    double t = now() - t0, used = cpu() - c0;
    char what[48], more[640];
    snprintf(what, sizeof what, "to %llu%s", (unsigned long long)to, until_period ? " until period" : "");
    snprintf(more, sizeof more, "measuring took %.2f s; %s", cost,
             rc ? err.msg : r.cert.certified ? "stopped at the certified period" : "");
    report("sparse", spec, what, est, t, used, false, more);
    gr_sparse_free(r.s);
    gr_game_release(&g);
}

int main(int argc, char **argv)
{
    /* --sparse: the sparse method's rows only */
    if (argc > 1 && strcmp(argv[1], "--sparse") == 0) {
        sparse("grundy-game", 1000000, false);
        sparse("grundy-game", 3000000, false);
        sparse("tb:0.6", 999999, false);
        sparse("tb:0.354", 4000000, false);
        sparse("tb:0.354", 21000000, true);
        sparse("tb:0.16", 1000000, false);
        return 0;
    }
    search("sharing:piles=3", (gr_pos){.n = 3, .p = {0, 300, 700}});
    search("sharing:piles=4", (gr_pos){.n = 4, .p = {0, 30, 60, 90}});
    search("sharing:piles=4", (gr_pos){.n = 4, .p = {0, 50, 100, 150}});
    search("sharing:piles=5", (gr_pos){.n = 5, .p = {0, 15, 30, 45, 60}});
    search("kim", (gr_pos){.n = 3, .p = {40, 50, 60}});
    search("nim", (gr_pos){.n = 3, .p = {100, 200, 300}});
    tiers("sharing:piles=4", 4, 180);
    tiers("sharing:piles=4", 4, 300);
    /* `grundy value sharing:piles=4 100 200 300 400` is canonical total 600 */
    tiers("sharing:piles=4", 4, 600);
    heapseq("grundy-game", 20000);
    heapseq("grundy-game", 40000);
    heapseq("split", 20000);
    return 0;
}
