/* The JSON API.
 *
 * value, moves, play, seq and table are the answer layer's (grundy/api.h):
 * the query's pairs are validated here, in the server's thread, by the
 * layer's one validator; a call the engine estimates small is answered here
 * too (serve_inproc.h), and any other runs the same layer call in a worker
 * process (serve_pool.h), which sends back its HTTP status and JSON body:
 * the kernel bounds what one such request may cost, and a crash costs one
 * worker. A table past the in-process budget runs `grundy table` in a fresh
 * process (it may read the server's stored table, whose path the network
 * never gives).
 *
 * The other calls (games, check) run the matching verb of this same
 * executable, with --format json and the request's words as flags, in a
 * worker (games) or a fresh process with a CPU limit of its own (check);
 * their status is the verb's exit status (gr_status_http). */
#include "serve.h"
#include "serve_pool.h"
#include "serve_inproc.h"
#include "serve_seqdir.h"
#include "grundy/api.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The words each endpoint takes: query name -> flag ("" for operands). */
typedef struct param {
    const char *name;
    const char *flag;          /* NULL: the rules operand; "pos": position operand */
    bool boolean;              /* a flag without a value, given as name=1 */
} param;

typedef struct endpoint {
    const char *name;
    const char *verb;
    const param *params;
    const char *bounded;       /* the flag whose value is checked against a bound */
    const char *fixed[3];      /* words always passed (NULL-terminated) */
    bool batch;                /* a fresh process of its own rather than a pooled worker */
    int layer;                 /* the answer layer's verb (enum gr_api_verb), or -1: the verb's command line */
} endpoint;

static const param check_params[] = {{"id", NULL, false}, {"to", "--to", false}, {NULL, NULL, false}};
static const param games_params[] = {{NULL, NULL, false}};

static const endpoint endpoints[] = {
    {"games", "games", games_params, NULL, {NULL}, false, -1},
    {"value", "value", NULL, NULL, {NULL}, false, GR_API_VALUE},
    {"moves", "moves", NULL, NULL, {NULL}, false, GR_API_MOVES},
    {"table", "table", NULL, NULL, {NULL}, true, GR_API_TABLE},
    {"seq", "seq", NULL, NULL, {NULL}, false, GR_API_SEQ},
    {"check", "check", check_params, "--to", {NULL}, true, -1},
    /* the computer's move, as `grundy play --script` makes it; `first`
     * (default computer) says who moves first, `input` holds the lines */
    {"play", "play", NULL, NULL, {NULL}, false, GR_API_PLAY},
};

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

/* One call's words, as the verb's command line. */
typedef struct call {
    const endpoint *ep;
    const char *argv[64];
    int argc;
    const char *rules, *pos;           /* operands */
    char secs[32], bytes[32];
} call;

static bool refuse(serve_reply *reply, int status, const char *msg)
{
    reply_error(reply, status, msg);
    return false;
}

static bool refuse_value(serve_reply *reply, const char *name, const char *v, const char *why)
{
    char msg[200];
    snprintf(msg, sizeof msg, "parameter %s=%.24s%s: %s", name, v, strlen(v) > 24 ? "..." : "", why);
    return refuse(reply, 400, msg);
}

static bool is_number_param(const char *name)
{
    static const char *const numbers[] = {"to", "from", "players", "row", "diagonal", "max", "block", "block-position"};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (strcmp(name, numbers[i]) == 0) return true;
    return false;
}

static bool plain_number(const char *v)
{
    size_t n = strlen(v);
    if (n == 0 || n > 12) return false;
    for (size_t i = 0; i < n; i++)
        if (v[i] < '0' || v[i] > '9') return false;
    return true;
}

/* A number past the endpoint's bound is refused before any work. */
static bool within_bound(const call *c, const serve_limits *lim, const param *p, const char *v, serve_reply *reply)
{
    const endpoint *ep = c->ep;
    if (!ep->bounded || strcmp(p->flag, ep->bounded) != 0) return true;
    long bound = lim->max_check;
    char *end, msg[160];
    long x = strtol(v, &end, 10);
    if (*end != '\0' || x <= bound) return true;
    snprintf(msg, sizeof msg, "%s=%ld is past this server's bound of %ld", p->name, x, bound);
    return refuse(reply, 413, msg);
}

/* One query parameter into the call's words. */
static bool take_param(call *c, const serve_limits *lim, const param *p, const char *v, serve_reply *reply)
{
    if (!p->flag) c->rules = v;
    else if (strcmp(p->flag, "pos") == 0) c->pos = v;
    else if (p->boolean) {
        bool on = strcmp(v, "1") == 0 || strcmp(v, "true") == 0;
        if (!on && strcmp(v, "0") != 0 && strcmp(v, "false") != 0) return refuse_value(reply, p->name, v, "expected 1, true, 0 or false");
        if (on) c->argv[c->argc++] = p->flag;
    } else {
        if (*v == '-' || *v == '\0') {
            char msg[160];
            snprintf(msg, sizeof msg, "parameter %s needs a non-negative number", p->name);
            return refuse(reply, 400, msg);
        }
        if (is_number_param(p->name) && !plain_number(v))
            return refuse_value(reply, p->name, v, "expected a whole number of at most 12 digits");
        if (!within_bound(c, lim, p, v, reply)) return false;
        c->argv[c->argc++] = p->flag;
        c->argv[c->argc++] = v;
    }
    return true;
}

static bool take_params(call *c, const serve_limits *lim, const char *const *names, const char *const *values,
                        int nargs, serve_reply *reply)
{
    for (int i = 0; i < nargs; i++) {
        char msg[160];
        for (int j = 0; j < i; j++)
            if (strcmp(names[j], names[i]) == 0) {
                snprintf(msg, sizeof msg, "parameter %.60s given twice; give it once", names[i]);
                return refuse(reply, 400, msg);
            }
        const param *p = NULL;
        for (const param *q = c->ep->params; q->name; q++)
            if (strcmp(q->name, names[i]) == 0) p = q;
        if (!p) {
            snprintf(msg, sizeof msg, "unknown parameter '%.60s' for /api/%s", names[i], c->ep->name);
            return refuse(reply, 400, msg);
        }
        if (!take_param(c, lim, p, values[i] ? values[i] : "", reply)) return false;
        if (c->argc > 50) return refuse(reply, 400, "too many parameters");
    }
    return true;
}

/* The limits, the endpoint's checks and the operands, after the flags. */
static bool finish_words(call *c, const serve_limits *lim, serve_reply *reply)
{
    const char *n = c->ep->name;
    bool quick = !c->ep->batch && strcmp(n, "games") != 0;
    if (quick) {
        snprintf(c->secs, sizeof c->secs, "%.0f", lim->seconds > 2 ? lim->seconds - 1 : 1);
        snprintf(c->bytes, sizeof c->bytes, "%.0f", lim->bytes / 2);
        c->argv[c->argc++] = "--max-seconds";
        c->argv[c->argc++] = c->secs;
        c->argv[c->argc++] = "--max-memory";
        c->argv[c->argc++] = c->bytes;
    }
    bool needs_rules = false, needs_pos = false;
    for (const param *q = c->ep->params; q->name; q++) {
        needs_rules |= strcmp(q->name, "rules") == 0;
        needs_pos |= strcmp(q->name, "pos") == 0;
    }
    if (needs_rules && !c->rules) return refuse(reply, 400, "missing parameter rules");
    if (needs_pos && !c->pos) return refuse(reply, 400, "missing parameter pos (pile sizes separated by commas)");
    if (strcmp(n, "check") == 0) {
        /* check takes its one operand (a seed or claim id) without "--" */
        if (c->rules && (*c->rules == '-' || *c->rules == '\0'))
            return refuse(reply, 400, "parameter id must be a seed such as 000 or a claim id such as 000/thm-P");
        if (c->rules) c->argv[c->argc++] = c->rules;
        c->rules = NULL;
    }
    if (c->rules || c->pos) c->argv[c->argc++] = "--";
    if (c->rules) c->argv[c->argc++] = c->rules;
    if (c->pos) c->argv[c->argc++] = c->pos;
    c->argv[c->argc] = NULL;
    return true;
}

/* Runs a verb's command line in a worker (or, for the batch calls, a fresh
 * process). */
static void run_call(serve_pool *pool, const serve_limits *lim, const call *c, serve_reply *reply)
{
    /* checking a seed's claims is a batch of searches: give it a minute */
    serve_limits l = *lim;
    if (strcmp(c->ep->name, "check") == 0 && l.seconds < 60) l.seconds = 60;
    char **argv = (char **)c->argv;
    serve_run run;
    serve_pool_run(pool, argv, NULL, l.seconds, l.max_output, c->ep->batch, &run);
    reply->by = serve_pool_fresh(pool, c->ep->batch) ? "process" : "worker";
    reply_run(&run, &l, reply);
    serve_run_free(&run);
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
static void run_layer(serve_pool *pool, const serve_limits *lim, const endpoint *ep, const gr_api_pair *pairs,
                      size_t n, const char *in, serve_reply *reply)
{
    gr_limits wl;
    worker_limits(lim, &wl);
    char secs[32], bytes[32];
    snprintf(secs, sizeof secs, "%.0f", wl.max_seconds);
    snprintf(bytes, sizeof bytes, "%.0f", wl.max_bytes);
    const char *argv[2 * SERVE_MAX_PAIRS + 16];
    int argc = 0;
    bool fresh = serve_pool_fresh(pool, false);
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
    if (in) argv[argc++] = "<", argv[argc++] = in;   /* the server's stored sequence file (serve_seqdir.h) */
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
    /* a sequence or table past the server's bound is refused before any work */
    if (!rc && ep->layer == GR_API_SEQ && req.seq.to > lim->max_seq)
        rc = gr_fail(&err, GR_ELIMIT, "to=%ld is past this server's bound of %ld", req.seq.to, lim->max_seq);
    if (!rc && ep->layer == GR_API_TABLE) rc = table_request(lim, &req, &err);
    /* a heap game's stored nim-sequence (--seqs DIR) that holds its heaps */
    char stored[4096];
    const char *in = !rc && serve_seqdir_file(lim->seq_dir, &req, stored, sizeof stored) ? stored : NULL;
    if (in && !(req.in = strdup(in))) in = NULL;
    if (rc) {
        gr_buf b;
        gr_buf_init(&b);
        gr_api_error_json(&b, GR_FRONT_HTTP, &err);
        reply_buf(reply, gr_status_http(rc), &b);
        reply->by = "server";
    } else if (!inproc || !serve_inproc_answer(inproc, &req, reply)) {
        if (ep->layer == GR_API_TABLE) run_table(pool, lim, &req, reply);
        else run_layer(pool, lim, ep, pairs, n, in, reply);
    } else {
        serve_inproc_keep(inproc, ep->layer, pairs, n, reply);
    }
    gr_api_request_clear(&req);
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
    call c = {.ep = NULL};
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0) c.ep = &endpoints[i];
    if (!c.ep) {
        reply_error(reply, 404, "no such API call; see docs/api.md");
        return;
    }
    if (nargs > SERVE_MAX_PAIRS) {
        reply_error(reply, 400, "too many parameters");
        return;
    }
    if (!clean(pairs, (size_t)nargs, reply)) return;
    if (c.ep->layer >= 0) {
        answer_layer(pool, inproc, lim, c.ep, pairs, (size_t)nargs, reply);
        return;
    }
    const char *names[SERVE_MAX_PAIRS], *values[SERVE_MAX_PAIRS];
    for (int i = 0; i < nargs; i++) names[i] = pairs[i].key, values[i] = pairs[i].value;
    /* argv: grundy verb --format json [fixed] [flags] [limits] -- operands */
    c.argv[c.argc++] = "grundy";
    c.argv[c.argc++] = c.ep->verb;
    c.argv[c.argc++] = "--format";
    c.argv[c.argc++] = "json";
    for (int i = 0; i < 3 && c.ep->fixed[i]; i++) c.argv[c.argc++] = c.ep->fixed[i];
    if (!take_params(&c, lim, names, values, nargs, reply) || !finish_words(&c, lim, reply)) return;
    run_call(pool, lim, &c, reply);
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
