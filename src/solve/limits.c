/* Up-front refusal: estimate what a search costs before running it. */
#include "grundy/solve.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Measured on the 2-core reference machine (bench/bench_estimates.c, while
 * other jobs shared it): memoised search spends 1.2e-8 to 4.9e-8 s per move
 * the rulesets' estimates count (three-pile Sharing Nim the slowest, Kim and
 * Nim about 2.5e-8), so this rate never says much less than a search takes;
 * and this much memory per position kept. */
#define GR_SECONDS_PER_EDGE 5.0e-8
#define GR_BYTES_PER_STATE_BASE 64.0

void gr_limits_default(gr_limits *lim)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double phys = pages > 0 && size > 0 ? (double)pages * (double)size : 4e9;
    lim->max_bytes = phys / 2;
    lim->max_seconds = 60;
    lim->stop = NULL;
    lim->stop_ctx = NULL;
}

double gr_monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

bool gr_limits_stopped(const gr_limits *lim)
{
    return lim && lim->stop && lim->stop(lim->stop_ctx);
}

static bool splits_into_heaps(const gr_game *g, const gr_outcome *o)
{
    return (g->flags & GR_RS_HEAPS) && o->rule == &gr_outcome_normal;
}

void gr_solver_estimate(const gr_game *g, const gr_outcome *o, const gr_pos *pos, gr_estimate *est)
{
    double states = 0, edges = 0;
    if (splits_into_heaps(g, o)) {
        /* Sprague-Grundy: each heap is searched alone. */
        for (int i = 0; i < pos->n; i++) {
            gr_pos heap = {.n = 1, .p = {pos->p[i]}};
            double s, e;
            g->rs->estimate(g, &heap, &s, &e);
            states += s;
            edges += e;
        }
    } else {
        g->rs->estimate(g, pos, &states, &edges);
    }
    est->states = states;
    est->edges = edges;
    est->bytes = states * (GR_BYTES_PER_STATE_BASE + 8.0 * pos->n);
    est->seconds = edges * GR_SECONDS_PER_EDGE;
}

static void human_bytes(double b, char *buf, size_t len)
{
    const char *unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (b >= 1024 && u < 6) {
        b /= 1024;
        u++;
    }
    if (b >= 1e6) snprintf(buf, len, "%.1e %s", b, unit[u]);
    else snprintf(buf, len, "%.1f %s", b, unit[u]);
}

int gr_solver_admit(const gr_game *g, const gr_outcome *o, const gr_pos *pos,
                    const gr_limits *lim, gr_error *err)
{
    gr_estimate est;
    gr_solver_estimate(g, o, pos, &est);
    if (est.bytes <= lim->max_bytes && est.seconds <= lim->max_seconds) return GR_OK;
    if (isinf(est.states) || isinf(est.edges))
        return gr_fail_limit(err, 0,
                       "search refused: play from this position can reach more than %d piles or more positions "
                       "than can be counted, beyond what search handles", GR_MAX_PILES);
    char need[32], have[32];
    human_bytes(est.bytes, need, sizeof need);
    human_bytes(lim->max_bytes, have, sizeof have);
    unsigned over = (est.bytes > lim->max_bytes ? GR_KNOB_MEMORY : 0) |
                    (est.seconds > lim->max_seconds ? GR_KNOB_SECONDS : 0);
    return gr_fail_limit(err, over,
                   "search refused: up to %.2g positions and %.2g moves, about %s and %.2g s "
                   "(limits %s, %.0f s)",
                   est.states, est.edges, need, est.seconds, have, lim->max_seconds);
}

bool gr_limits_parse_size(const char *text, double *bytes)
{
    if (!text || !*text || strlen(text) > 32) return false;
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    double mul = 1;
    if (*end == 'K' || *end == 'k') mul = 1024, end++;
    else if (*end == 'M' || *end == 'm') mul = 1024.0 * 1024, end++;
    else if (*end == 'G' || *end == 'g') mul = 1024.0 * 1024 * 1024, end++;
    else if (*end == 'T' || *end == 't') mul = 1024.0 * 1024 * 1024 * 1024, end++;
    if (*end || errno || !(x > 0) || !isfinite(x)) return false;
    *bytes = x * mul;
    return true;
}
