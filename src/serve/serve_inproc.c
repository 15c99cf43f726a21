/* grundy serve's in-process answers (serve_inproc.h).
 *
 * The estimate decides up front, and the limits hold the call to the
 * budget: the engine checks its own time and memory as it searches (the
 * search's table, the retrograde solver's, the nim-sequence engine's), so a
 * search the estimate put too low is stopped at the budget, not at the
 * worker's limits. A call stopped here goes to a worker, which has the
 * worker's limits: the engine answers some calls differently when a limit
 * stops it (the tier solver instead of search, an outcome without its
 * value), and the worker's answer is the one every path gives. */
#include "serve_inproc.h"
#include "serve_cache.h"
#include "grundy/ruleset.h"
#include <stdlib.h>
#include <string.h>

/* Engines kept: each holds at most the budget's memory. Answers kept: at
 * most 1024 of 32 KiB, 32 MiB at worst (the answers of small positions are
 * a few hundred bytes to a few KiB). */
enum { ENGINE_SLOTS = 8, ANSWER_SLOTS = 1024, ANSWER_MAX = 32 * 1024 };

struct serve_inproc {
    serve_budget budget;
    gr_api_engines *engines;
    serve_cache *answers;
};

serve_inproc *serve_inproc_new(const serve_budget *budget)
{
    serve_inproc *ip = calloc(1, sizeof *ip);
    if (!ip) return NULL;
    ip->budget = *budget;
    ip->engines = gr_api_engines_new(ENGINE_SLOTS);
    ip->answers = serve_cache_new(ANSWER_SLOTS, ANSWER_MAX);
    if (!ip->engines || !ip->answers) {
        serve_inproc_free(ip);
        return NULL;
    }
    return ip;
}

void serve_inproc_free(serve_inproc *ip)
{
    if (!ip) return;
    gr_api_engines_free(ip->engines);
    serve_cache_free(ip->answers);
    free(ip);
}

/* Play's moves come from a search of the game lengths below the start
 * (src/engine/play_length.c), which neither checks the limits nor takes the
 * theory's shortcuts: it walks the tree the ruleset's own bound measures
 * (nim 200,250,300: fifteen million positions, where the value's estimate,
 * by the heaps, says 753). So play is answered here only when that tree is
 * small: at most PLAY_EDGES moves in it, a few tens of milliseconds. */
enum { PLAY_STATES = 20000, PLAY_EDGES = 100000 };

static bool play_within(const gr_game *g, const gr_pos *start)
{
    double states = 0, edges = 0;
    g->rs->estimate(g, start, &states, &edges);
    return states <= PLAY_STATES && edges <= PLAY_EDGES;
}

/* Whether the call's search fits the budget, by the engine's estimate of
 * the whole game tree below the position. Positions past 64 bits, which
 * only closed forms answer, go to the workers. */
static bool within_budget(const serve_inproc *ip, const gr_api_request *req)
{
    if (req->verb == GR_API_SEQ) return gr_api_seq_cheap(req, ip->budget.seconds, ip->budget.bytes);
    if (req->verb == GR_API_TABLE) return gr_api_table_cheap(req, ip->budget.seconds, ip->budget.bytes);
    gr_pos small;
    if (!gr_bigpos_to_pos(&req->pos, &small)) return false;
    gr_game g = {0};
    gr_error err;
    gr_error_clear(&err);
    bool ok = false;
    if (gr_game_parse(&g, req->rules, &err) == GR_OK) {
        if (gr_game_check_count(&g, req->pos.n, &err) == GR_OK) {
            gr_estimate est;
            gr_solver_estimate(&g, &req->outcome, &small, &est);
            ok = est.seconds <= ip->budget.seconds && est.bytes <= ip->budget.bytes;
            if (ok && req->verb == GR_API_PLAY) ok = play_within(&g, &small);
            /* misere play of heap games: the answer carries the position's
             * element of the misere quotient, whose build is bounded by time;
             * under this thread's budget it would fail where a worker's
             * succeeds, and the same query would get two answers */
            if (ok && req->outcome.rule == &gr_outcome_misere && (g.flags & GR_RS_HEAPS) &&
                !(g.flags & GR_RS_LOOPY))
                ok = false;
        }
        gr_game_release(&g);
    } else {
        ok = true; /* a bad ruleset: its message is the same here */
    }
    return ok;
}

static void reply_body(serve_reply *reply, int status, gr_buf *b)
{
    size_t len;
    reply->body = gr_buf_detach(b, &len);
    reply->len = len;
    reply->status = reply->body ? status : 500;
}

/* play: each line may search again (a hint, the computer's reply) from a
 * position below the start, so the lines are counted too. */
static bool lines_within(const serve_inproc *ip, const gr_api_request *req)
{
    int lines = 0;
    for (const char *c = req->input; c && *c; c++) lines += *c == '\n';
    return lines < ip->budget.input_lines;
}

bool serve_inproc_answer(serve_inproc *ip, const gr_api_request *req, serve_reply *reply)
{
    if (!lines_within(ip, req) || !within_budget(ip, req)) return false;
    gr_api_request here = *req;
    here.limits.max_seconds = ip->budget.seconds;
    here.limits.max_bytes = ip->budget.bytes;
    here.seq.no_fallback = true;   /* a limit met here: the worker answers, with its fallback */
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_api_call(ip->engines, &here, &rep, &err);
    /* stopped by the budget, or short of memory here: the worker's to answer */
    if (rc == GR_ELIMIT || rc == GR_ENOMEM || rc == GR_EINTR) {
        gr_api_reply_clear(&rep);
        return false;
    }
    gr_buf b;
    gr_buf_init(&b);
    if (rc) gr_api_error_json(&b, GR_FRONT_HTTP, &err);
    else gr_api_render(&b, GR_API_JSON, &rep);
    bool refused = !rc && gr_api_reply_refused(&rep);
    gr_api_reply_clear(&rep);
    reply_body(reply, refused ? 400 : gr_status_http(rc), &b);
    reply->by = "server";
    return true;
}

bool serve_inproc_kept(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, serve_reply *reply)
{
    return serve_cache_get(ip->answers, verb, pairs, n, reply);
}

bool serve_inproc_use(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, serve_cache_user use,
                      void *ctx)
{
    return serve_cache_use(ip->answers, verb, pairs, n, use, ctx);
}

void serve_inproc_set_drop(serve_inproc *ip, serve_cache_drop drop, void *ctx)
{
    serve_cache_set_drop(ip->answers, drop, ctx);
}

void serve_inproc_keep(serve_inproc *ip, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply)
{
    if (reply->status == 200 && reply->by && strcmp(reply->by, "server") == 0)
        serve_cache_put(ip->answers, verb, pairs, n, reply);
}
