/* The losing (P) positions under blocking, piles sorted, each at most n:
 * Nim from the bottom-up table of src/fast/nimblock.c; any other ruleset
 * scored one position at a time by the generic solver, which keeps its table
 * between positions (hundreds of times slower, see bench/bench_block.c).
 * `grundy losing` prints what this enumerates. */
#include "grundy/engine.h"
#include "grundy/block.h"
#include "grundy/solve.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct gr_losing {
    int d;
    uint32_t n;
    gr_nbtable t;
    gr_game g;
    gr_solver *s;               /* NULL: the Nim table answers */
    double started, max_seconds; /* the solver's limit holds per position: keep one for all */
    unsigned long asked;
};

int gr_losing_is_p(gr_losing *l, const uint32_t *x, bool *p, gr_error *err)
{
    if (!l->s) return *p = gr_nbtable_is_p(&l->t, x), GR_OK;
    *p = false;
    if ((++l->asked & 0x3ff) == 0 && gr_monotonic_seconds() - l->started > l->max_seconds)
        return gr_fail_limit(err, GR_KNOB_SECONDS, "losing: stopped after %.0f s (the time limit) at %lu positions",
                       l->max_seconds, l->asked);
    gr_pos pos = {.n = l->d};
    for (int i = 0; i < l->d; i++) pos.p[i] = x[i];
    uint32_t score = 1;
    int rc = gr_solver_score(l->s, &pos, &score, err);
    *p = !rc && score == 0;
    return rc;
}

/* Listing sorted positions is only right when the pile order does not
 * matter: probe that on (1, 2, ..., d) and its reverse. */
static int check_searchable(const gr_game *g, int d, uint32_t n, gr_error *err)
{
    if (g->flags & GR_RS_LOOPY)
        return gr_fail(err, GR_EINPUT, "losing: %s can loop; blocking tables need a game that ends", g->spec);
    gr_pos up = {.n = d}, down = {.n = d};
    for (int i = 0; i < d; i++) up.p[i] = (uint64_t)i + 1, down.p[i] = (uint64_t)(d - i);
    gr_game_canonical(g, &up);
    gr_game_canonical(g, &down);
    if (!gr_pos_equal(&up, &down))
        return gr_fail(err, GR_EINPUT, "losing: pile order matters in %s; positions cannot be listed sorted", g->spec);
    /* the listing itself visits C(n+d, d) positions */
    double listed = 1;
    for (int j = 1; j <= d; j++) listed = listed * ((double)n + j) / j;
    if (listed > 1e8) return gr_fail(err, GR_EINPUT, "losing: %.3g positions to list by search; lower --max", listed);
    return GR_OK;
}

static int open_search(gr_losing *l, const char *rules, const gr_outcome *rule, const gr_limits *lim, gr_error *err)
{
    (void)rules;
    int rc = gr_game_check_count(&l->g, l->d, err);
    if (!rc) rc = check_searchable(&l->g, l->d, l->n, err);
    if (rc) return rc;
    gr_pos top = {.n = l->d};
    for (int i = 0; i < l->d; i++) top.p[i] = l->n;
    if ((rc = gr_solver_admit(&l->g, rule, &top, lim, err))) return rc;
    l->started = gr_monotonic_seconds();
    l->max_seconds = lim->max_seconds;
    l->s = gr_solver_new(&l->g, rule, lim);
    return l->s ? GR_OK : gr_fail_nomem(err);
}

int gr_losing_open(gr_losing **out, const char *rules, const gr_outcome *rule, int piles, uint32_t max,
                   const gr_limits *lim, gr_error *err)
{
    *out = NULL;
    if (!gr_outcome_is_block(rule) && !gr_outcome_is_block_position(rule))
        return gr_fail(err, GR_EINPUT, "losing needs --block K or --block-position K");
    gr_losing *l = calloc(1, sizeof *l);
    if (!l) return gr_fail_nomem(err);
    l->d = piles;
    l->n = max;
    int rc = gr_game_parse(&l->g, rules, err);
    if (rc)
        ;
    else if (gr_game_family(&l->g, NULL) == GR_FAMILY_NIM)
        rc = gr_nbtable_build(&l->t, piles, max, rule->param, gr_outcome_is_block_position(rule), lim->max_bytes, err);
    else
        rc = open_search(l, rules, rule, lim, err);
    if (rc) gr_losing_free(l);
    else *out = l;
    return rc;
}

void gr_losing_free(gr_losing *l)
{
    if (!l) return;
    gr_solver_free(l->s);
    gr_nbtable_free(&l->t);
    if (l->g.rs) gr_game_release(&l->g);
    free(l);
}

int gr_losing_each(gr_losing *l, gr_losing_fn fn, void *ctx, unsigned long long *visited, gr_error *err)
{
    uint32_t x[GR_NBTABLE_MAX_D] = {0};
    int d = l->d, rc = GR_OK;
    *visited = 0;
    for (;;) {
        ++*visited;
        bool p;
        if ((rc = gr_losing_is_p(l, x, &p, err))) return rc;
        if (p && (rc = fn(ctx, x))) return rc;
        /* the next sorted tuple in colex order */
        int i = 0;
        while (i < d && x[i] == (i + 1 < d ? x[i + 1] : l->n)) i++;
        if (i == d) return GR_OK;
        x[i]++;
        for (int j = 0; j < i; j++) x[j] = 0;
    }
}

int gr_losing_slice(gr_losing *l, const uint32_t *fixed, uint32_t b, uint32_t c, bool *p, gr_error *err)
{
    uint32_t x[GR_NBTABLE_MAX_D];
    memcpy(x, fixed, (size_t)(l->d - 2) * sizeof *x);
    x[l->d - 2] = b;
    x[l->d - 1] = c;
    /* sorted, as both the table and the listing expect */
    for (int i = 1; i < l->d; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            uint32_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    return gr_losing_is_p(l, x, p, err);
}

int gr_losing_piles(const gr_losing *l)
{
    return l->d;
}

uint32_t gr_losing_max(const gr_losing *l)
{
    return l->n;
}
