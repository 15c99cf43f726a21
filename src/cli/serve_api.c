/* The JSON API: each call runs the matching verb of this same executable,
 * with --format json and the request's words as flags, in a worker process
 * (serve_pool.h): the answer is the command line's JSON by construction, and
 * the kernel bounds what one request may cost.
 *
 * The quick calls the page makes at every click (games, value, moves, play)
 * go to the pool of long-lived workers; the batch calls (table, seq, check)
 * each get a fresh process with a CPU limit of its own, as they may run for
 * seconds and are rare. */
#include "serve.h"
#include "serve_pool.h"
#include "serve_inproc.h"

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
} endpoint;

static const param value_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {NULL, NULL, false}};
static const param moves_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {"winning", "--winning", true}, {NULL, NULL, false}};
static const param table_params[] = {
    {"rules", NULL, false}, {"max", "--max", false}, {"stored", "stored", true}, {NULL, NULL, false}};
static const param seq_params[] = {
    {"rules", NULL, false}, {"to", "--to", false}, {"from", "--from", false}, {"players", "--players", false},
    {"row", "--row", false}, {"diagonal", "--diagonal", false}, {"nim-pairs", "--nim-pairs", true},
    {"period", "--period", true}, {NULL, NULL, false}};
static const param check_params[] = {{"id", NULL, false}, {"to", "--to", false}, {NULL, NULL, false}};
static const param games_params[] = {{NULL, NULL, false}};
/* play: `first` (default computer) says who moves first; `input` holds the
 * script's lines (moves and bans, one a line), answered in one call. */
static const param play_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {"first", "--first", false},
    {"input", "input", false}, {NULL, NULL, false}};

static const endpoint endpoints[] = {
    {"games", "games", games_params, NULL, {NULL}, false},
    {"value", "value", value_params, NULL, {NULL}, false},
    {"moves", "moves", moves_params, NULL, {NULL}, false},
    {"table", "table", table_params, "--max", {NULL}, true},
    {"seq", "seq", seq_params, "--to", {NULL}, true},
    {"check", "check", check_params, "--to", {NULL}, true},
    /* the computer's move, as `grundy play --script` makes it */
    {"play", "play", play_params, NULL, {"--script"}, false},
};

static void reply_error(serve_reply *r, int status, const char *msg)
{
    size_t cap = strlen(msg) * 6 + 32;
    char *b = malloc(cap);
    if (!b) {
        r->status = 500;
        r->body = NULL;
        r->len = 0;
        return;
    }
    size_t k = (size_t)snprintf(b, cap, "{\"error\":\"");
    for (const unsigned char *c = (const unsigned char *)msg; *c && k + 8 < cap; c++) {
        if (*c == '"' || *c == '\\') k += (size_t)snprintf(b + k, cap - k, "\\%c", *c);
        else if (*c < 0x20) k += (size_t)snprintf(b + k, cap - k, "\\u%04x", *c);
        else b[k++] = (char)*c;
    }
    k += (size_t)snprintf(b + k, cap - k, "\"}\n");
    r->status = status;
    r->body = b;
    r->len = k;
}

/* The reply for a finished run, as the command line's exit status reads. */
static void reply_run(serve_run *run, const serve_limits *lim, serve_reply *r)
{
    if (run->timed_out) {
        char msg[128];
        snprintf(msg, sizeof msg, "the request took longer than the server's limit of %.0f s", lim->seconds);
        reply_error(r, 503, msg);
    } else if (run->too_big) {
        reply_error(r, 413, "the answer is larger than the server sends");
    } else if (run->exited && run->exit_status == 0) {
        r->status = 200;
        r->body = run->out ? run->out : strdup("");
        r->len = run->out ? run->out_len : 0;
        run->out = NULL;
    } else if (run->exited && run->exit_status == 2) {
        /* the verb's one-line message, less its "grundy: " prefix */
        char *msg = run->err && *run->err ? run->err : "bad request";
        if (strncmp(msg, "grundy: ", 8) == 0) msg += 8;
        char *nl = strchr(msg, '\n');
        if (nl) *nl = '\0';
        bool too_much = strstr(msg, "refused") || strstr(msg, "limit") || strstr(msg, "too big") ||
                        strstr(msg, "out of memory") || strstr(msg, "not enough memory");
        reply_error(r, too_much ? 413 : 400, msg);
    } else if (run->exited && run->exit_status == 1) {
        reply_error(r, 500, "the request failed inside the server (internal error)");
    } else {
        reply_error(r, 503, "the request ran past the server's memory or CPU limit, or its worker failed");
    }
}

/* The script answers each line with a line, and ends with "end of input":
 * the call's answer is the first line refused, or else the last before the end. */
static void play_reply(serve_reply *r)
{
    const char *pick = NULL, *line = r->body, *end = r->body + r->len;
    size_t pick_len = 0;
    while (line < end) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = nl ? (size_t)(nl - line) + 1 : (size_t)(end - line);
        bool quit = strncmp(line, "{\"reply\":\"quit\"", 15) == 0;
        bool refused = false;
        for (size_t k = 0; k + 10 <= n && !refused; k++) refused = memcmp(line + k, "\"ok\":false", 10) == 0;
        if (!quit) pick = line, pick_len = n;
        if (refused) {
            r->status = 400;
            break;
        }
        line += n;
    }
    if (!pick) return;
    memmove(r->body, pick, pick_len);
    r->len = pick_len;
}

/* One call's words, as the verb's command line. */
typedef struct call {
    const endpoint *ep;
    const char *argv[64];
    int argc;
    const char *rules, *pos, *input;   /* operands, and play's lines */
    bool stored;                       /* stored=1: read the server's table */
    char secs[32], bytes[32];
} call;

static bool refuse(serve_reply *reply, int status, const char *msg)
{
    reply_error(reply, status, msg);
    return false;
}

/* A number past the endpoint's bound is refused before any work. */
static bool within_bound(const call *c, const serve_limits *lim, const param *p, const char *v, serve_reply *reply)
{
    const endpoint *ep = c->ep;
    if (!ep->bounded || strcmp(p->flag, ep->bounded) != 0) return true;
    /* a stored table is read, not computed: the answer's size is the bound then */
    long bound = strcmp(ep->name, "table") == 0 ? (c->stored ? 4 * lim->max_table : lim->max_table)
                 : strcmp(ep->name, "seq") == 0 ? lim->max_seq : lim->max_check;
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
    else if (strcmp(p->flag, "input") == 0) c->input = v;
    else if (strcmp(p->flag, "stored") == 0) {
        /* the stored table's path is the server's, never the request's */
        if (strcmp(v, "1") != 0 && strcmp(v, "true") != 0) return true;
        if (!lim->table_file) return refuse(reply, 400, "this server has no stored table (start it with --tables FILE)");
        c->argv[c->argc++] = "--in";
        c->argv[c->argc++] = lim->table_file;
    } else if (p->boolean) {
        if (strcmp(v, "1") == 0 || strcmp(v, "true") == 0 || *v == '\0') c->argv[c->argc++] = p->flag;
    } else {
        if (*v == '-' || *v == '\0') {
            char msg[160];
            snprintf(msg, sizeof msg, "parameter %s needs a non-negative number", p->name);
            return refuse(reply, 400, msg);
        }
        if (!within_bound(c, lim, p, v, reply)) return false;
        c->argv[c->argc++] = p->flag;
        c->argv[c->argc++] = v;
    }
    return true;
}

static bool take_params(call *c, const serve_limits *lim, const char *const *names, const char *const *values,
                        int nargs, serve_reply *reply)
{
    for (int j = 0; j < nargs; j++)
        c->stored |= strcmp(names[j], "stored") == 0 && values[j] && strcmp(values[j], "1") == 0;
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

static bool has_word(const call *c, const char *w)
{
    for (int i = 0; i < c->argc; i++)
        if (strcmp(c->argv[i], w) == 0) return true;
    return false;
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
    if (strcmp(n, "table") == 0 && !has_word(c, "--max")) return refuse(reply, 400, "missing parameter max");
    if (strcmp(n, "check") == 0) {
        /* check takes its one operand (a seed or claim id) without "--" */
        if (c->rules && (*c->rules == '-' || *c->rules == '\0'))
            return refuse(reply, 400, "parameter id must be a seed such as 000 or a claim id such as 000/thm-P");
        if (c->rules) c->argv[c->argc++] = c->rules;
        c->rules = NULL;
    }
    if (strcmp(n, "play") == 0 && !has_word(c, "--first")) c->argv[c->argc++] = "--first", c->argv[c->argc++] = "computer";
    if (c->rules || c->pos) c->argv[c->argc++] = "--";
    if (c->rules) c->argv[c->argc++] = c->rules;
    if (c->pos) c->argv[c->argc++] = c->pos;
    c->argv[c->argc] = NULL;
    return true;
}

/* Runs the call: in this thread when the in-process path takes it, else in
 * a worker (or, for the batch calls, a fresh process). */
static void run_call(serve_pool *pool, serve_inproc *inproc, const serve_limits *lim, const call *c,
                     serve_reply *reply)
{
    /* checking a seed's claims is a batch of searches: give it a minute */
    serve_limits l = *lim;
    if (strcmp(c->ep->name, "check") == 0 && l.seconds < 60) l.seconds = 60;
    char **argv = (char **)c->argv;
    serve_run run;
    reply->by = "server";
    if (!inproc || c->ep->batch || !serve_inproc_run(inproc, argv, c->input, l.max_output, &run)) {
        serve_pool_run(pool, argv, c->input, l.seconds, l.max_output, c->ep->batch, &run);
        reply->by = serve_pool_fresh(pool, c->ep->batch) ? "process" : "worker";
    }
    reply_run(&run, &l, reply);
    serve_run_free(&run);
    if (reply->status == 200 && strcmp(c->ep->name, "play") == 0 && reply->body) play_reply(reply);
}

void serve_api(serve_pool *pool, serve_inproc *inproc, const serve_limits *lim, const char *name,
               const char *const *names, const char *const *values, int nargs, serve_reply *reply)
{
    call c = {.ep = NULL};
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0) c.ep = &endpoints[i];
    if (!c.ep) return reply_error(reply, 404, "no such API call; see docs/api.md");
    /* argv: grundy verb --format json [fixed] [flags] [limits] -- operands */
    c.argv[c.argc++] = "grundy";
    c.argv[c.argc++] = c.ep->verb;
    if (strcmp(c.ep->name, "play") != 0) {
        /* play --script answers in JSON already */
        c.argv[c.argc++] = "--format";
        c.argv[c.argc++] = "json";
    }
    for (int i = 0; i < 3 && c.ep->fixed[i]; i++) c.argv[c.argc++] = c.ep->fixed[i];
    if (!take_params(&c, lim, names, values, nargs, reply) || !finish_words(&c, lim, reply)) return;
    run_call(pool, inproc, lim, &c, reply);
}
