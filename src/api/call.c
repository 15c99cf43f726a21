/* One call per verb (grundy/api.h): the request's engine, the verb's call,
 * the reply; and the reply's rendering. */
#include "api_internal.h"
#include <stdlib.h>
#include <string.h>

void gr_api_reply_init(gr_api_reply *rep)
{
    memset(rep, 0, sizeof *rep);
    gr_bigpos_init(&rep->pos);
    gr_outcome_init_normal(&rep->outcome);
    gr_answer_init(&rep->here);
    mpz_init(rep->total);
    gr_api_seq_reply_init(&rep->seq);
    rep->table = (gr_api_table_reply){0, NULL, NULL};
}

void gr_api_reply_clear(gr_api_reply *rep)
{
    for (size_t i = 0; i < rep->nmoves; i++) {
        gr_api_move *m = &rep->moves[i];
        mpz_clear(m->amount);
        mpz_clear(m->value);
        gr_bigpos_clear(&m->parts);
        gr_bigpos_clear(&m->result);
        free(m->text);
    }
    free(rep->moves);
    if (rep->blocking) gr_block_strategy_clear(&rep->block);
    if (rep->play) gr_api_play_reply_clear(rep->play);
    free(rep->play);
    free(rep->rules);
    gr_bigpos_clear(&rep->pos);
    gr_answer_clear(&rep->here);
    mpz_clear(rep->total);
    gr_api_seq_reply_clear(&rep->seq);
    gr_api_games_reply_free(rep->games);
    gr_api_check_reply_free(rep->check);
    free(rep->table.half);
    free(rep->table.score);
    gr_api_count_reply_clear(&rep->count);
    gr_api_losing_reply_clear(&rep->losing);
    gr_api_census_reply_clear(&rep->census);
    gr_api_misere_reply_clear(&rep->misere);
    gr_api_reply_init(rep);
}

/* Empties what a failed try left, for the next. */
static void reply_reset(gr_api_reply *rep)
{
    gr_api_reply_clear(rep);
}

typedef int (*verb_fn)(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err);

/* A verb answers with an engine of the request's game (call), or without
 * one, choosing its own method (plain). */
static const struct {
    verb_fn call;
    int (*plain)(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
    void (*render)(gr_buf *b, int format, const gr_api_reply *rep);
} verbs[] = {
    [GR_API_VALUE] = {gr_api_value, NULL, gr_api_render_value},
    [GR_API_MOVES] = {gr_api_moves, NULL, gr_api_render_moves},
    [GR_API_SEQ] = {NULL, gr_api_seq, gr_api_render_seq},
    [GR_API_TABLE] = {NULL, gr_api_table, gr_api_render_table},
    [GR_API_PLAY] = {gr_api_play, NULL, gr_api_render_play},
    [GR_API_GAMES] = {NULL, gr_api_games, gr_api_render_games},
    [GR_API_CHECK] = {NULL, gr_api_check, gr_api_render_check},
    [GR_API_COUNT] = {NULL, gr_api_count, gr_api_render_count},
    [GR_API_LOSING] = {NULL, gr_api_losing, gr_api_render_losing},
    [GR_API_SOLVE] = {NULL, gr_api_solve, gr_api_render_solve},
    [GR_API_CENSUS] = {NULL, gr_api_census, gr_api_render_census},
    [GR_API_MISERE] = {NULL, gr_api_misere, gr_api_render_misere},
};

static int try_call(gr_api_engines *cache, const gr_api_request *req, gr_api_reply *rep, bool *cached,
                    gr_error *err)
{
    rep->verb = req->verb;
    rep->outcome = req->outcome;
    /* count and census take no ruleset */
    if (!(rep->rules = strdup(req->rules ? req->rules : "")) || gr_bigpos_copy(&rep->pos, &req->pos))
        return gr_fail_nomem(err);
    if (verbs[req->verb].plain) return verbs[req->verb].plain(req, rep, err);
    gr_api_lease l;
    int rc = gr_api_engine_get(cache, req, &l, err);
    if (rc) return rc;
    *cached = l.slot >= 0;
    rc = req->verb == GR_API_PLAY ? gr_api_play_leased(&l, req, rep, err) : verbs[req->verb].call(l.engine, req, rep, err);
    gr_api_engine_put(&l, rc == GR_OK);
    return rc;
}

int gr_api_call(gr_api_engines *cache, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    /* the registries' verbs: no ruleset, no engine */
    if (req->verb == GR_API_GAMES || req->verb == GR_API_CHECK) {
        rep->verb = req->verb;
        gr_error mine;
        gr_error_clear(&mine);
        int rc = verbs[req->verb].plain(req, rep, &mine);
        if (rc && err) *err = mine;
        return rc;
    }
    if (req->verb < 0 || req->verb >= (int)(sizeof verbs / sizeof verbs[0]) ||
        (!req->rules && req->verb != GR_API_COUNT && req->verb != GR_API_CENSUS &&
         !(req->verb == GR_API_MISERE && req->misere.in)))
        return gr_fail(err, GR_EINTERNAL, "no such verb");
    bool cached = false;
    gr_error first;
    gr_error_clear(&first);
    int rc = try_call(cache, req, rep, &cached, &first);
    /* A kept engine holds the tables of earlier calls, which count against
     * its limits: a limit met there is tried once more on a fresh engine,
     * so an answer never depends on what was asked before. */
    if (rc == GR_ELIMIT && cached) {
        reply_reset(rep);
        gr_error_clear(&first);
        rc = try_call(NULL, req, rep, &cached, &first);
    }
    if (rc && err) *err = first;
    return rc;
}

void gr_api_render(gr_buf *b, int format, const gr_api_reply *rep)
{
    if (rep->verb >= 0 && rep->verb < (int)(sizeof verbs / sizeof verbs[0])) verbs[rep->verb].render(b, format, rep);
}
