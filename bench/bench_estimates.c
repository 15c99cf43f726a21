/* Each method's up-front time estimate beside the time it takes, for the
 * methods `grundy value` chooses between on four-pile Sharing Nim (search,
 * the tier solver) and for the nim-sequence engine: the estimates decide what
 * is refused, so they should stay near what is measured. */
#include <stdio.h>
#include <stdlib.h>
#include "grundy/heapseq.h"
#include "grundy/solve.h"
#include "grundy/tier.h"
#include "bench_clock.h"

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
    double t0 = now();
    uint32_t v;
    int rc = gr_solver_score(s, &p, &v, &err);
    char pos[96];
    gr_pos_format(&p, pos, sizeof pos);
    printf("search  %-16s %-18s estimate %8.3g s  actual %8.3f s  %s\n", spec, pos, est.seconds, now() - t0,
           rc ? err.msg : "");
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
        double est = gr_tiers_seconds(&s, &o), t0 = now();
        int rc = gr_tiers_solve(&s, &o, &err);
        printf("tiers   %-16s total %-12llu estimate %8.3g s  actual %8.3f s  %s\n", spec, (unsigned long long)total,
               est, now() - t0, rc ? err.msg : "");
        gr_tiers_free(&s);
    }
    gr_game_release(&g);
}

static void heapseq(const char *spec, uint32_t n)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) return;
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 0.001; /* refused at once: the message holds the estimate */
    gr_heapseq_info info;
    gr_error est;
    gr_error_clear(&est);
    gr_heapseq(&g, GR_HEAPSEQ_FAST, n, v, &lim, &info, &est);
    lim.max_seconds = 1e9;
    double t0 = now();
    int rc = gr_heapseq(&g, GR_HEAPSEQ_FAST, n, v, &lim, &info, &err);
    printf("heapseq %-16s to %-15u actual %8.3f s  (%s)  %s\n", spec, n, now() - t0, est.msg, rc ? err.msg : "");
    free(v);
    gr_game_release(&g);
}

int main(void)
{
    search("sharing:piles=4", (gr_pos){.n = 4, .p = {0, 30, 60, 90}});
    search("sharing:piles=4", (gr_pos){.n = 4, .p = {0, 50, 100, 150}});
    tiers("sharing:piles=4", 4, 180);
    tiers("sharing:piles=4", 4, 300);
    tiers("sharing:piles=4", 4, 600);
    heapseq("grundy-game", 20000);
    heapseq("grundy-game", 40000);
    heapseq("split", 20000);
    return 0;
}
