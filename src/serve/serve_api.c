/* The JSON API.
 *
 * Every call is the answer layer's (grundy/api.h): the query's pairs are
 * validated here, in the server's thread, by the layer's one validator. The
 * games list (the registries, no search) is answered here and kept; a call
 * the engine estimates small is answered here too (serve_inproc.h), and any
 * other runs the same layer call in a worker process (serve_pool.h), which
 * sends back its HTTP status and JSON body: the kernel bounds what one such
 * request may cost, and a crash costs one worker. check (a batch of
 * searches, each refused first by its estimate) runs the layer call in a
 * fresh process of its own (`grundy serve --call @check`) with a CPU limit
 * and a minute at least. A table past the in-process budget runs `grundy
 * table` in a fresh process (it may read the server's stored table, whose
 * path the network never gives). */
#include "serve.h"
#include "serve_pool.h"
#include "serve_inproc.h"
#include "serve_seqdir.h"
#include "serve_quotdir.h"
#include "grundy/api.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct endpoint {
    const char *name;
    bool batch;                /* a fresh process of its own rather than a pooled worker */
    int layer;                 /* the answer layer's verb (enum gr_api_verb) */
} endpoint;

static const endpoint endpoints[] = {
    {"games", false, GR_API_GAMES},
    {"value", false, GR_API_VALUE},
    {"moves", false, GR_API_MOVES},
    {"table", true, GR_API_TABLE},
    {"seq", false, GR_API_SEQ},
    {"check", true, GR_API_CHECK},
    /* the computer's move, as `grundy play --script` makes it; `first`
     * (default computer) says who moves first, `input` holds the lines */
    {"play", false, GR_API_PLAY},
};

/* A check's searches: a minute at least, whatever the server's limit for
 * one request (each is refused first by its estimate under this). */
enum { CHECK_SECONDS = 60 };

/* The longest pile a query may give, in digits (the query itself is at
 * most 8 KiB). */
enum { MAX_PILE_DIGITS = 2000 };

static void reply_buf(serve_reply *r, int status, gr_buf *b)
{
    size_t len;
    r->body = gr_buf_detach(b, &len);
    r->len = len;
    r->status = r->body ? status : 500;
}

/* {"error":"..."}: one line, valid UTF-8 whatever the message holds. */
static void reply_error(serve_reply *r, int status, const char *msg)
{
    gr_error err;
    gr_error_clear(&err);
    gr_fail(&err, GR_EINPUT, "%s", msg);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_error_json(&b, GR_FRONT_HTTP, &err);
    reply_buf(r, status, &b);
}

/* The status an exit status stands for: the command line exits with
 * gr_status_exit(code), one exit status per code. */
static int code_of_exit(int exit_status)
{
    static const int codes[] = {GR_EINPUT, GR_ELIMIT, GR_ENOMEM, GR_EINTR, GR_EINTERNAL};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (gr_status_exit(codes[i]) == exit_status) return codes[i];
    return GR_EINTERNAL;
}

/* A run that did not finish: the deadline, the size, or the worker died. */
static bool reply_unfinished(serve_run *run, const serve_limits *lim, serve_reply *r)
{
    if (run->timed_out) {
        char msg[128];
        snprintf(msg, sizeof msg, "the request took longer than the server's limit of %.0f s", lim->seconds);
        reply_error(r, 503, msg);
    } else if (run->too_big) {
        reply_error(r, 413, "the answer is larger than the server sends");
    } else if (run->busy) {
        /* refused before it ran: no worker failed */
        reply_error(r, 503, "the server is busy with long requests; try again shortly");
    } else if (!run->exited) {
        reply_error(r, 503, "the request ran past the server's memory or CPU limit, or its worker failed");
    } else {
        return false;
    }
    return true;
}

/* The reply for a finished run of a verb's command line, by its exit status. */
static void reply_run(serve_run *run, const serve_limits *lim, serve_reply *r)
{
    if (reply_unfinished(run, lim, r)) return;
    if (run->exit_status == 0) {
        r->status = 200;
        r->body = run->out ? run->out : strdup("");
        r->len = run->out ? run->out_len : 0;
        run->out = NULL;
        return;
    }
    int code = code_of_exit(run->exit_status);
    if (code == GR_EINTERNAL) {
        reply_error(r, 500, "the request failed inside the server (internal error)");
        return;
    }
    /* the verb's one-line message, less its "grundy: " prefix */
    char *msg = run->err && *run->err ? run->err : "bad request";
    if (strncmp(msg, "grundy: ", 8) == 0) msg += 8;
    char *nl = strchr(msg, '\n');
    if (nl) *nl = '\0';
    /* the command line's knob is no knob of the API's: its limits are the server's */
    char *knob = code == GR_ELIMIT ? strstr(msg, "; raise with --max-") : NULL;
    if (knob) strcpy(knob, " (this server's limit)");
    reply_error(r, gr_status_http(code), msg);
}

/* The worker's limits for a quick call: under the server's, so that the
 * engine stops itself before the kernel or the deadline has to. */
static void worker_limits(const serve_limits *lim, gr_limits *out)
{
    out->max_seconds = lim->seconds > 2 ? lim->seconds - 1 : 1;
    out->max_bytes = lim->bytes / 2;
}

/* A layer call in a worker: the request's pairs travel as words
 * (serve_pool.h), the worker answers with the HTTP status and the body. In
 * a pool of no workers, a fresh process runs the same words (`grundy serve
 * --call`) and exits with the code's status. */
static void run_layer(serve_pool *pool, const serve_limits *server_lim, const endpoint *ep, const gr_api_pair *pairs,
                      size_t n, const char *in, bool quot, serve_reply *reply)
{
    serve_limits l = *server_lim;
    const serve_limits *lim = &l;
    if (ep->layer == GR_API_CHECK && l.seconds < CHECK_SECONDS) l.seconds = CHECK_SECONDS;
    gr_limits wl;
    worker_limits(lim, &wl);
    char secs[32], bytes[32];
    snprintf(secs, sizeof secs, "%.0f", wl.max_seconds);
    snprintf(bytes, sizeof bytes, "%.0f", wl.max_bytes);
    const char *argv[2 * SERVE_MAX_PAIRS + 16];
    int argc = 0;
    bool fresh = serve_pool_fresh(pool, ep->batch);
    char word[16];
    snprintf(word, sizeof word, "@%s", ep->name);   /* "@value": the layer's verb, by name */
    argv[argc++] = "grundy";
    if (fresh) argv[argc++] = "serve", argv[argc++] = "--call";
    argv[argc++] = word;
    argv[argc++] = secs;
    argv[argc++] = bytes;
    for (size_t i = 0; i < n; i++) {
        /* '=' before a key with a value, '-' before one without */
        argv[argc++] = pairs[i].value ? "=" : "-";
        argv[argc++] = pairs[i].key;
        if (pairs[i].value) argv[argc++] = pairs[i].value;
    }
    /* the server's stored sequence file (serve_seqdir.h), or "<q": its saved quotient (serve_quotdir.h) */
    if (in) argv[argc++] = quot ? "<q" : "<", argv[argc++] = in;
    argv[argc] = NULL;
    serve_run run;
    serve_pool_run(pool, (char **)argv, NULL, lim->seconds, lim->max_output, fresh, &run);
    reply->by = fresh ? "process" : "worker";
    if (!reply_unfinished(&run, lim, reply)) {
        /* a worker's status is the HTTP status; a process's its code's exit status */
        reply->status = !fresh ? run.exit_status
                        : run.exit_status == 0 ? 200
                                               : gr_status_http(code_of_exit(run.exit_status));
        reply->body = run.out ? run.out : strdup("");
        reply->len = run.out ? run.out_len : 0;
        run.out = NULL;
        if (!reply->body) reply_error(reply, gr_status_http(GR_ENOMEM), "out of memory");
        else if (reply->len == 0) reply_error(reply, 500, "the request failed inside the server (internal error)");
    }
    serve_run_free(&run);
}

/* stored=1 reads the server's own table (its path is never the request's);
 * a stored table is read, not computed: the answer's size bounds it then. */
static int table_request(const serve_limits *lim, gr_api_request *req, gr_error *err)
{
    gr_api_table_opts *t = &req->table;
    if (t->stored && !lim->table_file)
        return gr_fail(err, GR_EINPUT, "this server has no stored table (start it with --tables FILE)");
    if (t->stored && !(t->in = strdup(lim->table_file))) return gr_fail_nomem(err);
    long bound = t->stored ? 4 * lim->max_table : lim->max_table;
    if (t->have_max && t->max > bound)
        return gr_fail(err, GR_ELIMIT, "max=%ld is past this server's bound of %ld", t->max, bound);
    return gr_api_table_check(req, err);   /* in this thread, in the API's words */
}

/* A table beyond the in-process budget: the verb's command line, which
 * prints through the same layer call, in a fresh process with a CPU limit
 * of its own (it may run for seconds, and it is rare). */
static void run_table(serve_pool *pool, const serve_limits *lim, const gr_api_request *req, serve_reply *reply)
{
    const gr_api_table_opts *t = &req->table;
    char max[24], number[16], outcome_flag[48];
    const char *argv[20];
    int argc = 0;
    snprintf(max, sizeof max, "%ld", t->max);
    argv[argc++] = "grundy";
    argv[argc++] = "table";
    argv[argc++] = "--format";
    argv[argc++] = "json";
    argv[argc++] = "--max";
    argv[argc++] = max;
    if (t->method) argv[argc++] = "--method", argv[argc++] = t->method;
    if (t->in) argv[argc++] = "--in", argv[argc++] = t->in;
    if (req->outcome.rule->param_min >= 0) {
        snprintf(outcome_flag, sizeof outcome_flag, "--%s", req->outcome.rule->name);
        argv[argc++] = outcome_flag;
        if (req->outcome.rule->param_max > 0) {
            snprintf(number, sizeof number, "%d", req->outcome.param);
            argv[argc++] = number;
        }
    }
    argv[argc++] = "--";
    argv[argc++] = req->rules;
    argv[argc] = NULL;
    serve_run run;
    serve_pool_run(pool, (char **)argv, NULL, lim->seconds, lim->max_output, true, &run);
    reply->by = "process";
    reply_run(&run, lim, reply);
    serve_run_free(&run);
}

/* A call that needs no search (games: the registries), in this thread. */
static void answer_here(const gr_api_request *req, serve_reply *reply)
{
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    gr_buf b;
    gr_buf_init(&b);
    int rc = gr_api_call(NULL, req, &rep, &err);
    if (rc) gr_api_error_json(&b, GR_FRONT_HTTP, &err);
    else gr_api_render(&b, GR_API_JSON, &rep);
    gr_api_reply_clear(&rep);
    reply_buf(reply, gr_status_http(rc), &b);
    reply->by = "server";
}

static void answer_layer(serve_pool *pool, serve_inproc *inproc, const serve_limits *lim, const endpoint *ep,
                         const gr_api_pair *pairs, size_t n, serve_reply *reply)
{
    /* a query answered here before: the same answer, kept */
    if (inproc && serve_inproc_kept(inproc, ep->layer, pairs, n, reply)) return;
    gr_api_request req;
    gr_api_request_init(&req, ep->layer, GR_FRONT_HTTP);
    req.max_digits = MAX_PILE_DIGITS;
    req.first = 1; /* play: the computer moves first unless first=me */
    worker_limits(lim, &req.limits);
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_api_request_fill(&req, pairs, n, &err);
    /* a claim's bound, a sequence or table past the server's bound is refused before any work */
    if (!rc && ep->layer == GR_API_CHECK && req.check.to > lim->max_check)
        rc = gr_fail(&err, GR_ELIMIT, "to=%ld is past this server's bound of %ld", req.check.to, lim->max_check);
    if (!rc && ep->layer == GR_API_SEQ && req.seq.to > lim->max_seq)
        rc = gr_fail(&err, GR_ELIMIT, "to=%ld is past this server's bound of %ld", req.seq.to, lim->max_seq);
    if (!rc && ep->layer == GR_API_TABLE) rc = table_request(lim, &req, &err);
    /* a heap game's stored nim-sequence (--seqs DIR) that holds its heaps */
    char stored[4096];
    const char *in = !rc && serve_seqdir_file(lim->seq_dir, &req, stored, sizeof stored) ? stored : NULL;
    if (in && !(req.in = strdup(in))) in = NULL;
    /* a heap game's saved misere quotient (--quotients DIR) that covers its heaps */
    bool quot = !rc && !in && serve_quotdir_file(lim->quot_dir, lim->quot_cache, &req, stored, sizeof stored);
    if (quot && (req.quotient = strdup(stored))) in = stored;
    else quot = false;
    if (rc) {
        gr_buf b;
        gr_buf_init(&b);
        gr_api_error_json(&b, GR_FRONT_HTTP, &err);
        reply_buf(reply, gr_status_http(rc), &b);
        reply->by = "server";
    } else if (ep->layer == GR_API_GAMES) {
        answer_here(&req, reply);
        if (inproc) serve_inproc_keep(inproc, ep->layer, pairs, n, reply);
    } else if (ep->layer == GR_API_CHECK) {
        run_layer(pool, lim, ep, pairs, n, NULL, false, reply);
    } else if (!inproc || !serve_inproc_answer(inproc, &req, reply)) {
        if (ep->layer == GR_API_TABLE) run_table(pool, lim, &req, reply);
        else run_layer(pool, lim, ep, pairs, n, in, quot, reply);
    } else {
        serve_inproc_keep(inproc, ep->layer, pairs, n, reply);
    }
    gr_api_request_clear(&req);
}

static bool refuse(serve_reply *reply, int status, const char *msg)
{
    reply_error(reply, status, msg);
    return false;
}

/* Every name and value: no NUL byte (what follows one would be dropped
 * unseen) and valid UTF-8 (the answer quotes them). */
static bool clean(const gr_api_pair *pairs, size_t n, serve_reply *reply)
{
    for (size_t i = 0; i < n; i++) {
        const gr_api_pair *p = &pairs[i];
        if (memchr(p->key, '\0', p->key_len) || (p->value && memchr(p->value, '\0', p->value_len)))
            return refuse(reply, 400, "a parameter holds a NUL byte");
        for (size_t k = 0; k < p->key_len;) {
            size_t step = gr_utf8_seq((const unsigned char *)p->key + k, p->key_len - k);
            if (!step) return refuse(reply, 400, "a parameter is not valid UTF-8");
            k += step;
        }
        for (size_t k = 0; p->value && k < p->value_len;) {
            size_t step = gr_utf8_seq((const unsigned char *)p->value + k, p->value_len - k);
            if (!step) return refuse(reply, 400, "a parameter is not valid UTF-8");
            k += step;
        }
    }
    return true;
}

void serve_api_n(serve_pool *pool, serve_inproc *inproc, const serve_limits *lim, const char *name,
                 const gr_api_pair *pairs, int nargs, serve_reply *reply)
{
    const endpoint *ep = NULL;
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0) ep = &endpoints[i];
    if (!ep) {
        reply_error(reply, 404, "no such API call; see docs/api.md");
        return;
    }
    if (nargs > SERVE_MAX_PAIRS) {
        reply_error(reply, 400, "too many parameters");
        return;
    }
    if (!clean(pairs, (size_t)nargs, reply)) return;
    answer_layer(pool, inproc, lim, ep, pairs, (size_t)nargs, reply);
}

void serve_api(serve_pool *pool, serve_inproc *inproc, const serve_limits *lim, const char *name,
               const char *const *names, const char *const *values, int nargs, serve_reply *reply)
{
    gr_api_pair pairs[SERVE_MAX_PAIRS];
    if (nargs > SERVE_MAX_PAIRS) {
        reply_error(reply, 400, "too many parameters");
        return;
    }
    for (int i = 0; i < nargs; i++)
        pairs[i] = (gr_api_pair){names[i], strlen(names[i]), values[i], values[i] ? strlen(values[i]) : 0};
    serve_api_n(pool, inproc, lim, name, pairs, nargs, reply);
}
