/* The engine's answer for rulesets that declare their play may loop
 * (GR_RS_LOOPY): retrograde analysis instead of memoised search, so that a
 * position neither side can win is reported as a draw instead of looping or
 * failing. No Grundy value is given: a loopy game's positions need the
 * generalised (Smith) values, which this does not compute. */
#include "engine_internal.h"
#include "grundy/retro.h"
#include <stdio.h>

/* Retrograde analysis keeps a forward and a backward id per move on top of
 * the search's per-position cost, so it is admitted on its own estimate. */
static int admit(gr_engine *e, const gr_pos *pos, gr_error *err)
{
    double states = 0, edges = 0;
    e->game->rs->estimate(e->game, pos, &states, &edges);
    double bytes = states * (64.0 + 8.0 * pos->n) + edges * 8.0;
    if (bytes <= e->limits.max_bytes) return GR_OK;
    return gr_fail_limit(err, GR_KNOB_MEMORY,
                   "retrograde analysis refused: up to %.2g positions and %.2g moves, about %.2g bytes "
                   "(limit %.2g)",
                   states, edges, bytes, e->limits.max_bytes);
}

int gr_engine_loopy_score(gr_engine *e, const gr_pos *pos, gr_answer *ans, gr_error *err)
{
    int rc = admit(e, pos, err);
    if (rc) return rc;
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    if (!c->retro) {
        c->retro = gr_retro_new(e->game, &e->outcome, &e->limits);
        if (!c->retro) return gr_fail_nomem(err);
    }
    int res;
    if ((rc = gr_retro_solve(c->retro, pos, &res, err))) return rc;
    /* 0 is P for every two-player rule's prescribed(); a draw is never 0, so
     * no move into a draw is marked winning. */
    gr_answer_set(ans, GR_METHOD_RETROGRADE, NULL, gr_retro_label(res), (uint32_t)res, NULL);
    return GR_OK;
}

void gr_engine_loopy_free(gr_engine *e)
{
    if (!e->cache) return;
    gr_retro_free(e->cache->retro);
    e->cache->retro = NULL;
}
