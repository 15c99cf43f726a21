/* The check verb: the papers' claims (grundy/claims.h) checked against
 * search from the rules. Each verdict is holds (in the range reported),
 * fails (with the smallest counterexample found) or unchecked (with why).
 * Every check's cost is estimated before any runs: one past the time limit
 * refuses the whole request, so nothing is half-answered and nothing runs
 * unbounded. */
#include "api_internal.h"
#include "grundy/claims.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void gr_api_check_reply_free(gr_api_check_reply *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->n; i++) {
        free(c->verdicts[i].range);
        free(c->verdicts[i].detail);
    }
    free(c->verdicts);
    free(c);
}

/* The claims `which` names (a seed, a claim id, or every claim when NULL),
 * in registry order, into c's verdicts. */
static int select_claims(const char *which, gr_api_check_reply *c, gr_error *err)
{
    size_t total = 0;
    for (size_t s = 0; s < gr_seed_count(); s++) total += gr_seed_at(s)->count;
    if (!(c->verdicts = calloc(total + 1, sizeof *c->verdicts))) return gr_fail_nomem(err);
    for (size_t s = 0; s < gr_seed_count(); s++) {
        const gr_seed_claims *seed = gr_seed_at(s);
        for (size_t i = 0; i < seed->count; i++) {
            const gr_claim *cl = &seed->claims[i];
            bool in = !which || (strchr(which, '/') ? strcmp(which, cl->id) == 0 : strcmp(which, seed->seed) == 0);
            if (in) c->verdicts[c->n++].claim = cl;
        }
    }
    if (c->n) return GR_OK;
    if (strchr(which, '/')) return gr_fail(err, GR_EINPUT, "unknown claim '%s'; grundy check --list lists them", which);
    return gr_fail(err, GR_EINPUT, "unknown seed '%s'; grundy check --list lists the claims", which);
}

/* Every check is estimated before any runs; one over the limit refuses the
 * whole request. The message names the bound and the limit in the caller's
 * words ("--to 5", "to=5"). */
static int refuse_costly(const gr_api_request *req, const gr_api_check_reply *c, gr_error *err)
{
    char to_name[32], secs_name[32];
    int front = req->front;
    const char *sep = gr_api_key_sep(front);
    gr_api_key_name(front, "to", to_name, sizeof to_name);
    gr_api_key_name(front, "max-seconds", secs_name, sizeof secs_name);
    long to = req->check.to;
    double limit = req->limits.max_seconds;
    for (size_t i = 0; i < c->n; i++) {
        const gr_claim *cl = c->verdicts[i].claim;
        uint64_t bound = to ? (uint64_t)to : cl->default_to;
        if (to && c->n == 1 && cl->default_to == 0)
            return gr_fail(err, GR_EINPUT, "%s%s%ld: %s checks a fixed statement, with no bound to raise", to_name, sep,
                           to, cl->id);
        double est = gr_claim_estimate(cl, bound);
        if (est < 0) return gr_fail(err, GR_EINTERNAL, "%s has no cost estimate", cl->id);
        if (est <= limit) continue;
        if (front == GR_FRONT_HTTP) /* the server's limit is no key of the caller's */
            return gr_fail(err, GR_ELIMIT, "%s %s%s%" PRIu64 " would take about %.2g s, over this server's limit of %.0f s; "
                           "its default bound is %" PRIu64, cl->id, to_name, sep, bound, est, limit, cl->default_to);
        return gr_fail_limit(err, GR_KNOB_SECONDS, "%s %s%s%" PRIu64 " would take about %.2g s, over the limit of %.0f s "
                             "(%s); its default bound is %" PRIu64, cl->id, to_name, sep, bound, est, limit,
                             secs_name, cl->default_to);
    }
    return GR_OK;
}

int gr_api_check(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_check_reply *c = calloc(1, sizeof *c);
    if (!c) return gr_fail_nomem(err);
    rep->check = c;
    const gr_api_check_opts *o = &req->check;
    c->list = o->list;
    c->one = o->which && strchr(o->which, '/');
    int rc = select_claims(o->which, c, err);
    if (rc) return rc;
    if (c->list) {
        for (size_t i = 0; i < c->n; i++) c->verdicts[i].bound = c->verdicts[i].claim->default_to;
        return GR_OK;
    }
    if ((rc = refuse_costly(req, c, err))) return rc;
    /* the searches run under the request's memory limit and stop hook; the
     * time was bounded by the estimates above */
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_bytes = req->limits.max_bytes;
    lim.stop = req->limits.stop;
    lim.stop_ctx = req->limits.stop_ctx;
    for (size_t i = 0; i < c->n; i++) {
        gr_api_verdict *v = &c->verdicts[i];
        const gr_claim *cl = v->claim;
        v->bound = o->to && cl->default_to ? (uint64_t)o->to : cl->default_to;
        gr_claim_result r;
        if (o->before) o->before(o->before_ctx, cl, &req->limits);
        rc = gr_claim_run(cl, v->bound, &lim, &r, err);
        if (rc) return rc;
        v->status = r.status;
        v->has_cex = r.has_cex;
        v->cex = r.cex;
        if (!(v->range = strdup(r.range)) || !(v->detail = strdup(r.detail))) return gr_fail_nomem(err);
    }
    return GR_OK;
}

/* ---- renderings ---- */

static void json_pos(gr_buf *b, const gr_pos *p)
{
    gr_buf_putc(b, '[');
    for (int i = 0; i < p->n; i++) {
        if (i) gr_buf_putc(b, ',');
        gr_buf_json_u64(b, p->p[i]);
    }
    gr_buf_putc(b, ']');
}

static void text_pos(gr_buf *b, const gr_pos *p)
{
    for (int i = 0; i < p->n; i++) gr_buf_printf(b, i ? ",%" PRIu64 : "%" PRIu64, p->p[i]);
}

static void render_list(gr_buf *b, int format, const gr_api_check_reply *c)
{
    if (format == GR_API_JSON) gr_buf_putc(b, '[');
    for (size_t i = 0; i < c->n; i++) {
        const gr_claim *cl = c->verdicts[i].claim;
        if (format == GR_API_JSON) {
            gr_buf_puts(b, i ? ",\n  {\"id\":" : "\n  {\"id\":");
            gr_buf_json_string(b, cl->id);
            gr_buf_puts(b, ",\"statement\":");
            gr_buf_json_string(b, cl->statement);
            gr_buf_puts(b, ",\"default_to\":");
            gr_buf_printf(b, "%" PRIu64 "}", cl->default_to);
        } else if (format == GR_API_MD) {
            gr_buf_printf(b, "| `%s` | %s |\n", cl->id, cl->statement);
        } else {
            gr_buf_printf(b, "%-22s %s\n", cl->id, cl->statement);
        }
    }
    if (format == GR_API_JSON) gr_buf_puts(b, "\n]\n");
}

static void render_verdict(gr_buf *b, int format, const gr_api_verdict *v, bool first)
{
    const gr_claim *c = v->claim;
    const char *status = gr_claim_status_name(v->status);
    if (format == GR_API_JSON) {
        gr_buf_puts(b, first ? "\n  {\"id\":" : ",\n  {\"id\":");
        gr_buf_json_string(b, c->id);
        gr_buf_puts(b, ",\"statement\":");
        gr_buf_json_string(b, c->statement);
        gr_buf_puts(b, ",\"reading\":");
        if (c->reading) gr_buf_json_string(b, c->reading);
        else gr_buf_puts(b, "null");
        gr_buf_puts(b, ",\"status\":");
        gr_buf_json_string(b, status);
        gr_buf_puts(b, ",\"range\":");
        gr_buf_json_string(b, v->range);
        gr_buf_puts(b, ",\"counterexample\":");
        if (v->has_cex) json_pos(b, &v->cex);
        else gr_buf_puts(b, "null");
        gr_buf_puts(b, ",\"detail\":");
        gr_buf_json_string(b, v->detail);
        gr_buf_putc(b, '}');
    } else if (format == GR_API_MD) {
        gr_buf_printf(b, "| `%s` | %s | **%s** | %s | ", c->id, c->statement, status, v->range);
        if (v->has_cex) {
            gr_buf_putc(b, '(');
            text_pos(b, &v->cex);
            gr_buf_puts(b, ") ");
        }
        gr_buf_printf(b, "%s |\n", v->detail);
    } else {
        gr_buf_printf(b, "%-22s %-9s %s\n", c->id, status, c->statement);
        if (c->reading) gr_buf_printf(b, "%22s reading:  %s\n", "", c->reading);
        if (v->range[0]) gr_buf_printf(b, "%22s checked:  %s\n", "", v->range);
        if (v->has_cex) {
            gr_buf_printf(b, "%22s smallest counterexample: (", "");
            text_pos(b, &v->cex);
            gr_buf_puts(b, ")\n");
        }
        if (v->detail[0]) gr_buf_printf(b, "%22s %s\n", "", v->detail);
    }
}

void gr_api_render_check(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_check_reply *c = rep->check;
    if (!c) return;
    if (c->list) {
        render_list(b, format, c);
        return;
    }
    const char *seed_shown = NULL;
    if (format == GR_API_JSON) gr_buf_putc(b, '[');
    if (format == GR_API_MD)
        gr_buf_puts(b, "| claim | statement | verdict | checked | counterexample / detail |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < c->n; i++) {
        const gr_seed_claims *seed = gr_claim_seed(c->verdicts[i].claim);
        if (format != GR_API_JSON && format != GR_API_MD && !c->one && seed && seed->title != seed_shown) {
            gr_buf_printf(b, "seed %s: %s\n", seed->seed, seed->title);
            seed_shown = seed->title;
        }
        render_verdict(b, format, &c->verdicts[i], i == 0);
    }
    if (format == GR_API_JSON) gr_buf_puts(b, "\n]\n");
}
