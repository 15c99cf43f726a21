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
#include <unistd.h>
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

/* The ratio is taken against the time the method's estimate counts: CPU
 * time for search and the fast method (single-threaded: their limit counts
 * CPU time). The threaded methods' estimates are wall times on a machine of
 * their own, which a shared machine stretches by its load (a load average
 * of 10 on 2 cores makes a 2-thread run's wall time 5 times its quiet
 * one); their ratio is taken on CPU time, the estimate turned into the CPU
 * time it stands for (see tiers() and sparse()), and the wall ratio is
 * printed beside it. On a quiet machine the two agree. */
static void report(const char *method, const char *spec, const char *what, double est, double wall, double cpu_s,
                   double est_cpu, const char *more)
{
    double ratio = cpu_s > 0 ? est_cpu / cpu_s : 0;
    bool ok = ratio >= 0.5 && ratio <= 2;
    printf("%-8s %-16s %-20s estimate %8.3g s  actual %8.3f s wall %8.3f s cpu  ratio %5.2f (cpu)  wall ratio %5.2f  %s  %s\n",
           method, spec, what, est, wall, cpu_s, ratio, wall > 0 ? est / wall : 0, ok ? "ok" : "OUT", more);
}

/* Processors the threaded methods take by default. */
static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
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
    report("search", spec, pos, est.seconds, t, c, est.seconds, more);
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
        double t = now() - t0, used = cpu() - c0;
        /* the estimate is CPU seconds (positions at a CPU rate) split over
         * the threads (every core: threads past the chains work inside
         * them, gr_tiers_seconds): times the cores it is the CPU time */
        int conc = cores();
        char what[32];
        snprintf(what, sizeof what, "total %llu", (unsigned long long)total);
        report("tiers", spec, what, est, t, used, est * conc, rc ? err.msg : "");
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
    report("heapseq", spec, what, est, now() - t0, cpu() - c0, est, rc ? err.msg : "");
    free(v);
    gr_game_release(&g);
}

/* The sparse method's refusal estimate against the whole run, as `grundy
 * value` and `grundy seq` make it. The estimate a user meets is the one
 * made under a limit near the run's time (the prefix measured is bounded by
 * a quarter of the limit, and a projection far past it is refused at once),
 * so the run is timed first and the estimate is then asked for under half
 * the run's time on a machine of its own: its CPU time over the threads it
 * ran on (on a loaded machine the wall time is several times that, and the
 * estimate, projected from wall times, is stretched as much). The estimate
 * is read back from the refusal's message; none means one under half the
 * time (ratio under 0.5). The ratio counted is on CPU time: the estimate
 * times the threads its prefix kept busy (CPU per wall second while it was
 * measured, the load of that moment included) against the run's CPU time,
 * so that the run and its prefix count the same work whatever the load did
 * between them. */
static void sparse(const char *spec, uint64_t to, bool until_period)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_tb_code c;
    if (gr_game_parse(&g, spec, &err) || !gr_tb_code_of(&g, &c)) return;
    gr_sparse_job j = {.code = &c, .rules = spec, .to = to, .until_period = until_period};
    gr_limits_default(&j.lim);
    j.lim.max_seconds = 1e9;
    gr_sparse_result r;
    double t0 = now(), c0 = cpu();
    int rc = gr_sparse_job_run(&j, &r, &err);
    double t = now() - t0, used = cpu() - c0;
    bool certified = r.cert.certified;
    gr_sparse_free(r.s);
    int threads = r.last.threads > 0 ? r.last.threads : 1;
    j.lim.max_seconds = used / threads / 2;
    gr_error refusal;
    gr_error_clear(&refusal);
    t0 = now();
    c0 = cpu();
    int refused = gr_sparse_job_run(&j, &r, &refusal);
    double cost = now() - t0, cost_cpu = cpu() - c0;
    gr_sparse_free(r.s);
    const char *at = strstr(refusal.msg, "about ");
    double est = refused == GR_ELIMIT && at ? atof(at + 6) : 0;
    double busy = cost > 0 ? cost_cpu / cost : 1;
    char what[48], more[2048];
    snprintf(what, sizeof what, "to %llu%s", (unsigned long long)to, until_period ? " until period" : "");
    snprintf(more, sizeof more, "limit %.3g s; measuring took %.2f s wall, %.2f s cpu (%.2f threads busy); run %.2f "
             "threads busy; %s%s%s", j.lim.max_seconds, cost, cost_cpu, busy, t > 0 ? used / t : 0,
             refused != GR_ELIMIT || !at ? "NOT REFUSED under half the run's time (estimate under it): " : "",
             refused != GR_ELIMIT || !at ? refusal.msg : "",
             rc ? err.msg : certified ? "stopped at the certified period (the estimate is to `to`)" : "");
    report("sparse", spec, what, est, t, used, est * busy, more);
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
