/* Misere quotients: the time and peak memory to each heap bound for
 * Kayles (0.77), Dawson's Kayles (0.07) and .137, each within a time
 * budget; then a sum of 1,000 heaps and sums of 100 heaps answered through
 * a computed quotient, against misere search on the sums it still reaches.
 *
 * First Dawson's Kayles to heap 30 (the order 360 of the literature) by
 * the builder, and by the first version's marking runs (a search over
 * every pair for each trial of a recalibration) within the same budget:
 * the time of each at heaps 25 and 30, and the ratio.
 *
 *   bench_misere [SECONDS_PER_GAME] [MAX_HEAP]     (default 60, 40) */
#include <stdio.h>
#include <stdlib.h>
#include "bench_clock.h"
#include "grundy/misere.h"
#include "../src/misere/qdfa.h"

typedef struct tick {
    double start;
} tick;

static void progress(void *ctx, int heap, uint32_t order, bool changed)
{
    tick *t = ctx;
    if (changed || heap % 5 == 0)
        printf("  heap %3d  |Q| %6u  %8.3f s  %7.1f MiB%s\n", heap, order, now() - t->start, peak_mib(),
               changed ? "  (grew)" : "");
    fflush(stdout);
}

static int one_game(const char *spec, int max_heap, double seconds, gr_mquot *q)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, spec, &err)) return fprintf(stderr, "%s\n", err.msg), 2;
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = seconds;
    printf("%s: the quotient heap by heap (budget %.0f s CPU)\n", spec, seconds);
    tick t = {now()};
    int rc = gr_mquot_build(q, &g, max_heap, NULL, 50000000, &lim, progress, &t, &err);
    if (rc) printf("  stopped: %s (%.1f s)\n", err.msg, now() - t.start);
    else printf("  heaps 0..%d: |Q| = %u, |P| = %u in %.3f s\n", max_heap, q->order, gr_mquot_pcount(q), now() - t.start);
    gr_game_release(&g);
    return rc;
}

/* The largest heap bound a game reached within budget: built again to it. */
static int sums(const char *spec, int bound)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_game_parse(&g, spec, &err);
    gr_mquot q;
    if (gr_mquot_build(&q, &g, bound, NULL, 50000000, NULL, NULL, NULL, &err)) return 2;
    uint32_t x[1000];
    srand(1);
    for (int i = 0; i < 1000; i++) x[i] = (uint32_t)(rand() % (bound + 1));
    int reps = 10000;
    double t0 = now();
    unsigned ps = 0;
    for (int r = 0; r < reps; r++) ps += gr_mquot_is_p(&q, x + r % 900, 100);
    double t100 = (now() - t0) / reps;
    t0 = now();
    for (int r = 0; r < reps / 10; r++) ps += gr_mquot_is_p(&q, x, 1000);
    double t1000 = (now() - t0) / (reps / 10);
    printf("%s, heaps up to %d: a sum of 100 heaps %.2f us, of 1000 heaps %.2f us through the quotient (%u P)\n", spec,
           bound, t100 * 1e6, t1000 * 1e6, ps);
    printf("  floor: a sum of 100 heaps through the computed quotient in %.2f us: %s 1 ms\n", t100 * 1e6,
           t100 < 1e-3 ? "under" : "NOT under");
    gr_mis_heaps h;
    gr_mis_heaps_build(&h, &g, bound, &err);
    /* The floor's comparison at 1,000 heaps: search takes at most
     * GR_MIS_MAX_PARTS live heaps, so it is given the largest sum it
     * still reaches, of the two smallest live heaps (positions are counts
     * of each, few), and the quotient the sum of 1,000 of those heaps. */
    {
        uint16_t small[2] = {0, 0};
        int found = 0;
        for (int k = 1; k <= bound && found < 2; k++)
            if (!gr_mis_dead(&h, k)) small[found++] = (uint16_t)k;
        uint16_t kinds[GR_MIS_MAX_PARTS];
        uint32_t xs[1000], v = 0;
        for (int i = 0; i < 1000; i++) xs[i] = small[i % 2];
        for (int i = 0; i < GR_MIS_MAX_PARTS; i++) kinds[i] = small[i % 2];
        gr_limits lim;
        gr_limits_default(&lim);
        lim.max_seconds = 20;
        gr_mis_brute *b = gr_mis_brute_new(&h, false, &lim);
        t0 = now();
        gr_error_clear(&err);
        int rc = gr_mis_brute_value(b, kinds, GR_MIS_MAX_PARTS, &v, &err);
        double ts = now() - t0;
        bool pq = gr_mquot_is_p(&q, xs, GR_MIS_MAX_PARTS);
        int reps1k = 1000;
        t0 = now();
        for (int r = 0; r < reps1k; r++) ps += gr_mquot_is_p(&q, xs, 1000);
        double tq = (now() - t0) / reps1k;
        printf("  floor: a sum of 1,000 heaps (%u and %u) through the quotient %.2f us; misere search reaches %d "
               "heaps (its limit) in ",
               small[0], small[1], tq * 1e6, GR_MIS_MAX_PARTS);
        if (rc) printf("-- stopped: %s\n", err.msg);
        else printf("%.4f s over %zu positions (%s with the quotient), not 1,000\n", ts, gr_mis_brute_positions(b),
                    (v == 0) == pq ? "agrees" : "DISAGREES");
        gr_mis_brute_free(b);
    }
    /* misere search on the sums it reaches: k heaps of the bound's size */
    for (int k = 1; k <= 6; k++) {
        gr_limits lim;
        gr_limits_default(&lim);
        lim.max_seconds = 20;
        gr_mis_brute *b = gr_mis_brute_new(&h, false, &lim);
        uint16_t kinds[8];
        uint32_t xs[8], v;
        for (int i = 0; i < k; i++) kinds[i] = (uint16_t)(bound - i), xs[i] = (uint32_t)(bound - i);
        t0 = now();
        gr_error_clear(&err);
        int rc = gr_mis_brute_value(b, kinds, k, &v, &err);
        double ts = now() - t0;
        t0 = now();
        bool p = gr_mquot_is_p(&q, xs, (size_t)k);
        double tq = now() - t0;
        if (rc) printf("  %d heaps near %d: search stopped after %.1f s (%s)\n", k, bound, ts, err.msg);
        else printf("  %d heaps near %d: search %.4f s over %zu positions, quotient %.2f us, %s\n", k, bound, ts,
                    gr_mis_brute_positions(b), tq * 1e6, (v == 0) == p ? "agree" : "DISAGREE");
        gr_mis_brute_free(b);
        if (rc) break;
    }
    gr_mis_heaps_free(&h);
    gr_mquot_free(&q);
    gr_game_release(&g);
    return 0;
}

/* Dawson's Kayles to `heap` with the marking runs of each version. */
static double dawson(int heap, bool full_marking, double seconds, uint32_t *order)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    gr_game_parse(&g, "tb:0.07", &err);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = seconds;
    gr_mquot q;
    double t0 = now();
    int rc = gr_mquot_build_marking(&q, &g, heap, 50000000, &lim, full_marking, &err);
    double t = now() - t0;
    *order = rc ? 0 : q.order;
    if (!rc) gr_mquot_free(&q);
    else printf("    (%s)\n", err.msg);
    gr_game_release(&g);
    return rc ? -t : t;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 60;
    int max_heap = argc > 2 ? atoi(argv[2]) : 40;
    printf("Dawson's Kayles (tb:0.07), the quotient to each heap, budget %.0f s CPU each:\n", seconds);
    for (int heap = 25; heap <= 30; heap += 5) {
        uint32_t on, oo;
        double tn = dawson(heap, false, seconds, &on);
        if (tn < 0) {
            printf("  to heap %d: stopped at the budget after %.1f s\n", heap, -tn);
            continue;
        }
        double to = dawson(heap, true, seconds, &oo);
        printf("  to heap %d: |Q| = %u in %.3f s; first version's marking: ", heap, on, tn);
        if (to < 0) printf("stopped at the budget after %.1f s (ratio > %.0f)\n", -to, -to / tn);
        else printf("|Q| = %u in %.3f s (ratio %.1f)\n", oo, to, to / tn);
    }
    const char *games[] = {"tb:0.77", "tb:0.07", "tb:0.137"};
    int reached[3];
    for (int i = 0; i < 3; i++) {
        gr_mquot q;
        int rc = one_game(games[i], max_heap, seconds, &q);
        reached[i] = rc ? -1 : max_heap;
        if (!rc) gr_mquot_free(&q);
    }
    /* the sums: each game at the largest bound that built quickly */
    for (int i = 0; i < 3; i++) sums(games[i], reached[i] > 0 ? (reached[i] < 24 ? reached[i] : 24) : 20);
    return 0;
}
