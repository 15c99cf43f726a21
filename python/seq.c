/* seq(), period() and table(): sequences and tables as Values buffers,
 * computed without the GIL. */
#include "grundy_py.h"
#include "grundy/api.h"
#include <stdlib.h>
#include <string.h>

/* The largest heap a sequence goes to: values are indexed by uint32. */
#define HEAP_MAX ((long long)UINT32_MAX - 1)

/* PyErr_Format has no %f: messages with sizes are written here first. */
static uint32_t *values_alloc(Py_ssize_t count, const gr_limits *lim)
{
    double need = (double)count * sizeof(uint32_t);
    if (need > lim->max_bytes) {
        char msg[160];
        snprintf(msg, sizeof msg, "%zd values need %.1f MiB, over the limit of %.1f MiB (max_memory=)", count,
                 need / 1048576.0, lim->max_bytes / 1048576.0);
        PyErr_SetString(pg_limit_error, msg);
        return NULL;
    }
    uint32_t *v = malloc((size_t)count * sizeof *v);
    if (!v) PyErr_NoMemory();
    return v;
}

/* ---- seq: the answer layer's (src/api/seq.c) ---- */

/* The layer's seq: its request from the arguments, the call without the
 * GIL, NULL with the exception when it failed. */
static int seq_call(pg_game *g, long n, long start, long row, long diagonal, const gr_outcome *o, const char *method,
                    bool period, const gr_limits *lim, gr_api_reply *rep)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_SEQ, GR_FRONT_PYTHON);
    req.outcome = *o;
    req.limits = *lim;
    req.seq.from = start;
    req.seq.to = n;
    req.seq.have_to = true;
    req.seq.row = row;
    req.seq.diagonal = diagonal;
    req.seq.period = period;
    gr_error err;
    gr_error_clear(&err);
    int rc = (req.rules = strdup(g->g.spec)) && (!method || (req.seq.method = strdup(method))) ? GR_OK
                                                                                                : gr_fail_nomem(&err);
    bool stopped = false;
    if (!rc) rc = pg_api_call(&req, rep, &err, &stopped);
    gr_api_request_clear(&req);
    if (rc || stopped) return pg_failed(rc, stopped, &err), -1;
    return 0;
}

/* A reply's values from..to as a Values buffer (the layer's own array when
 * it can be taken over). */
static PyObject *seq_values(pg_game *g, gr_api_reply *rep)
{
    gr_api_seq_reply *s = &rep->seq;
    if (s->kind != GR_SEQ_HEAP && s->kind != GR_SEQ_SHARING && s->kind != GR_SEQ_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "seq: this sequence has no values");
        return NULL;
    }
    Py_ssize_t count = (Py_ssize_t)(s->to - s->from + 1);
    uint32_t *v;
    if (s->values) {
        v = s->values;
        s->values = NULL;
        if (s->from > s->base) memmove(v, v + (s->from - s->base), (size_t)count * sizeof *v);
    } else {
        if (!(v = malloc((size_t)count * sizeof *v))) return PyErr_NoMemory();
        for (Py_ssize_t i = 0; i < count; i++) v[i] = gr_api_seq_at(s, s->from + (long)i);
    }
    const char *how = s->kind == GR_SEQ_SHARING ? "fast" : s->kind == GR_SEQ_PLAYERS ? "players" : s->method;
    return pg_values_new(v, count, 1, 1, s->from, g->g.spec, how);
}

PyObject *pg_seq(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "n", "start", "row", "diagonal", "players", "method",
                             "max_memory", "max_seconds", NULL};
    PyObject *game, *n_arg, *start_arg = NULL, *row = Py_None, *diagonal = Py_None, *players = Py_None,
                           *max_memory = NULL, *max_seconds = NULL;
    const char *method_name = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OOOOzOO:seq", kwlist, &game, &n_arg, &start_arg, &row, &diagonal,
                                     &players, &method_name, &max_memory, &max_seconds))
        return NULL;
    long long n, start = 0, r = -1, d = -1;
    if (pg_int_arg(n_arg, "n", 0, HEAP_MAX, &n) || (start_arg && pg_int_arg(start_arg, "start", 0, n, &start)) ||
        (row != Py_None && pg_int_arg(row, "row", 0, HEAP_MAX, &r)) ||
        (diagonal != Py_None && pg_int_arg(diagonal, "diagonal", 0, HEAP_MAX, &d)))
        return NULL;
    gr_limits lim;
    if (pg_limits(max_memory, max_seconds, &lim)) return NULL;
    gr_outcome o;
    if (pg_outcome(NULL, players, NULL, NULL, &o)) return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    PyObject *res = NULL;
    size_t nset;
    /* the engine's classes are letters, not the numbers a Values holds */
    if (players != Py_None && !gr_subtraction_set(&g->g, &nset)) {
        PyErr_Format(PyExc_ValueError, "seq with players=m covers subtraction games, not '%s'", g->g.spec);
    } else {
        gr_api_reply rep;
        gr_api_reply_init(&rep);
        if (!seq_call(g, (long)n, (long)start, (long)r, (long)d, &o, method_name, false, &lim, &rep))
            res = seq_values(g, &rep);
        gr_api_reply_clear(&rep);
    }
    Py_DECREF(g);
    return res;
}

/* ---- period ---- */

static PyObject *heap_period(pg_game *g, long n, const char *method, const gr_limits *lim)
{
    gr_outcome normal;
    gr_outcome_init_normal(&normal);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    if (seq_call(g, n, 0, -1, -1, &normal, method, true, lim, &rep)) {
        gr_api_reply_clear(&rep);
        return NULL;
    }
    gr_period per = rep.seq.per;
    gr_octal_cert cert = rep.seq.cert;
    gr_api_reply_clear(&rep);
    PyObject *c = cert.applies ? Py_BuildValue("{s:s,s:i,s:i,s:K,s:O}", "theorem", "take-and-break periodicity",
                                               "last_digit", cert.last_digit, "parts", cert.parts, "needed_to",
                                               (unsigned long long)cert.needed_to, "certified",
                                               cert.certified ? Py_True : Py_False)
                               : Py_NewRef(Py_None);
    if (!c) return NULL;
    if (!per.found)
        return Py_BuildValue("{s:O,s:K,s:N}", "found", Py_False, "checked_to", (unsigned long long)per.checked_to,
                             "certificate", c);
    return Py_BuildValue("{s:O,s:K,s:K,s:L,s:K,s:N}", "found", Py_True, "preperiod",
                         (unsigned long long)per.preperiod, "period", (unsigned long long)per.period, "saltus",
                         (long long)per.saltus, "checked_to", (unsigned long long)per.checked_to, "certificate", c);
}

static PyObject *players_period(pg_game *g, long n, int m)
{
    size_t nset;
    const uint64_t *set = gr_subtraction_set(&g->g, &nset);
    if (!set) {
        PyErr_Format(PyExc_ValueError, "period with players=m covers subtraction games, not '%s'", g->g.spec);
        return NULL;
    }
    gr_subperiod per;
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    int rc = gr_subseq_period(set, nset, m, (uint64_t)n, &per, &err);
    bool stopped = pg_end(&call);
    if (rc || stopped) return pg_failed(rc, stopped, &err);
    if (!per.found) return Py_BuildValue("{s:O,s:l}", "found", Py_False, "searched_to", n);
    return Py_BuildValue("{s:O,s:K,s:K,s:K,s:O}", "found", Py_True, "period", (unsigned long long)per.period,
                         "preperiod", (unsigned long long)per.preperiod, "window", (unsigned long long)per.window,
                         "certified", Py_True);
}

PyObject *pg_period(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "n", "players", "method", "max_memory", "max_seconds", NULL};
    PyObject *game, *n_arg, *players = Py_None, *max_memory = NULL, *max_seconds = NULL;
    const char *method_name = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OzOO:period", kwlist, &game, &n_arg, &players, &method_name,
                                     &max_memory, &max_seconds))
        return NULL;
    long long n;
    if (pg_int_arg(n_arg, "n", 1, HEAP_MAX, &n)) return NULL;
    gr_limits lim;
    gr_outcome o;
    if (pg_limits(max_memory, max_seconds, &lim) || pg_outcome(NULL, players, NULL, NULL, &o)) return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    PyObject *r = NULL;
    if (players != Py_None) r = players_period(g, n, o.param);
    else if (g->g.flags & GR_RS_HEAPS) r = heap_period(g, n, method_name, &lim);
    else PyErr_Format(PyExc_ValueError, "period covers heap games (nim-sequences), not '%s'", g->g.spec);
    Py_DECREF(g);
    return r;
}

/* ---- table: the answer layer's (src/api/table.c) ---- */

PyObject *pg_table(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "n", "max_memory", "max_seconds", NULL};
    PyObject *game, *n_arg, *max_memory = NULL, *max_seconds = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OO:table", kwlist, &game, &n_arg, &max_memory, &max_seconds))
        return NULL;
    long long n;
    gr_limits lim;
    if (pg_int_arg(n_arg, "n", 0, GR_S3FAST_MAX_N, &n) || pg_limits(max_memory, max_seconds, &lim)) return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    gr_api_request req;
    gr_api_request_init(&req, GR_API_TABLE, GR_FRONT_PYTHON);
    req.limits = lim;
    req.table.max = (long)n;
    req.table.have_max = true;
    gr_error err;
    gr_error_clear(&err);
    int rc = (req.rules = strdup(g->g.spec)) ? gr_api_table_check(&req, &err) : gr_fail_nomem(&err);
    Py_DECREF(g);
    /* the module hands out the whole square, both halves: its own size */
    size_t w = (size_t)n + 1;
    uint32_t *t = NULL;
    if (!rc && !(t = values_alloc((Py_ssize_t)(w * w), &lim))) {
        gr_api_request_clear(&req);
        return NULL;
    }
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    bool stopped = false;
    if (!rc) rc = pg_api_call(&req, &rep, &err, &stopped);
    gr_api_request_clear(&req);
    if (rc || stopped) {
        free(t);
        gr_api_reply_clear(&rep);
        return pg_failed(rc, stopped, &err);
    }
    for (size_t b = 0; b < w; b++) {
        const uint32_t *row = rep.table.half + gr_api_table_row((uint32_t)b);
        for (size_t x = 0; x <= b; x++) {
            uint32_t v = row[x <= b - x ? x : b - x];
            t[x * w + b] = v;
            t[b * w + x] = v;
        }
    }
    gr_api_reply_clear(&rep);
    return pg_values_new(t, (Py_ssize_t)w, (Py_ssize_t)w, 2, 0, "sharing", "fast");
}
