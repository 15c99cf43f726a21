/* seq(), period() and table(): sequences and tables as Values buffers,
 * computed without the GIL. */
#include "grundy_py.h"
#include "grundy/api.h"
#include <stdlib.h>
#include <string.h>

/* Three-pile Sharing Nim, the game the fast table and its rows are for. */
static bool three_pile_sharing(const pg_game *g)
{
    return gr_s3table_covers(&g->g);
}

/* The largest heap a sequence goes to: values are indexed by uint32. */
#define HEAP_MAX ((long long)UINT32_MAX - 1)

/* GR_HEAPSEQ_* or SPARSE (grundy/sparse.h). */
enum { SPARSE = 100 };

static int method_of(const char *name, int *method)
{
    *method = GR_HEAPSEQ_AUTO;
    if (!name) return 0;
    if (strcmp(name, "simple") == 0) *method = GR_HEAPSEQ_SIMPLE;
    else if (strcmp(name, "fast") == 0) *method = GR_HEAPSEQ_FAST;
    else if (strcmp(name, "sparse") == 0) *method = SPARSE;
    else {
        PyErr_Format(PyExc_ValueError, "method '%s': expected simple, fast or sparse", name);
        return -1;
    }
    return 0;
}

/* G(0..n) from a certified period of the normal-play engine, as the command
 * line answers a refused sparse run; -1 when there is none (quietly). */
static int by_period(pg_game *g, long n, const gr_limits *lim, uint32_t *v)
{
    gr_outcome normal;
    gr_outcome_init_normal(&normal);
    gr_error quiet;
    gr_error_clear(&quiet);
    gr_engine *e = gr_engine_new(&g->g, &normal, lim, &quiet);
    if (!e) return -1;
    mpz_t x;
    mpz_init_set_ui(x, (unsigned long)n);
    uint32_t last;
    uint64_t pre = 0, per = 1, have;
    int rc = gr_engine_heap_grundy(e, x, &last, &quiet) == GR_OK && gr_engine_heap_period(e, &pre, &per) ? 0 : -1;
    mpz_clear(x);
    const uint32_t *got = gr_engine_heap_values(e, &have);
    for (uint64_t y = 0; rc == 0 && y <= (uint64_t)n; y++) v[y] = y <= have ? got[y] : got[pre + (y - pre) % per];
    gr_engine_free(e);
    return rc;
}

/* The sparse method for G(0..n): values into out (n+1 of them), and the
 * period with its certificate when per is not NULL. -1 with an exception;
 * 1 when it was refused by a limit, the policy every front end shares
 * (gr_api_seq_falls_back) lets it fall back, and a certified period gave
 * the values instead (else the refusal is raised). */
static int sparse_values(pg_game *g, long n, bool asked, const gr_limits *lim, uint32_t *out, gr_period *per,
                         gr_octal_cert *cert)
{
    gr_tb_code c;
    char why[96] = "";
    gr_error err;
    gr_error_clear(&err);
    if (!gr_tb_code_of(&g->g, &c))
        gr_fail(&err, GR_EINPUT, "the sparse method needs a take-and-break code; %s has none", g->g.spec);
    else if (!gr_sparse_covers(&c, why, sizeof why))
        gr_fail(&err, GR_EINPUT, "the sparse method does not cover %s: %s (use method='fast')", g->g.spec, why);
    if (err.code) return pg_raise(&err), -1;
    gr_sparse_job j = {.code = &c, .rules = g->g.spec, .to = (uint64_t)n, .period = per != NULL, .lim = *lim};
    gr_sparse_result r;
    pg_call call;
    pg_begin(&call);
    int rc = gr_sparse_job_run(&j, &r, &err);
    if (!rc) {
        for (long x = 0; x <= n; x++) out[x] = gr_sparse_value(r.s, (uint64_t)x);
    }
    gr_sparse_free(r.s);
    bool stopped = pg_end(&call);
    if (!stopped && rc && gr_api_seq_falls_back(rc, asked)) {
        pg_begin(&call);
        int got = by_period(g, n, lim, out);
        stopped = pg_end(&call);
        if (got == 0 && !stopped) return 1;
    }
    if (rc || stopped) return pg_failed(rc, stopped, &err), -1;
    if (per) *per = r.per, *cert = r.cert;
    return 0;
}

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

/* G(0..n) of one heap, by the method asked for or the command line's
 * choice; the caller frees *out. With per, the period too (the sparse method
 * finds it as it goes; the others leave it to the caller). */
static int heap_values(pg_game *g, long n, int method, const gr_limits *lim, uint32_t **out, const char **how,
                       gr_period *per, gr_octal_cert *cert, bool *have_period)
{
    if ((unsigned long)n >= UINT32_MAX) {
        PyErr_Format(PyExc_ValueError, "n = %ld: heap sizes up to %u", n, UINT32_MAX - 1);
        return -1;
    }
    uint32_t *v = values_alloc(n + 1, lim);
    if (!v) return -1;
    *have_period = false;
    /* the method policy every front end shares (src/api/seq_policy.c) */
    if (method == SPARSE || (method == GR_HEAPSEQ_AUTO && gr_api_seq_wants_sparse(&g->g, (uint64_t)n))) {
        int rc = sparse_values(g, n, method == SPARSE, lim, v, per, cert);
        if (rc < 0) {
            free(v);
            return -1;
        }
        *out = v;
        *how = rc == 0 ? "sparse" : "certified period";
        *have_period = rc == 0 && per != NULL;
        return 0;
    }
    gr_heapseq_info info = {0};
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    int rc = gr_heapseq(&g->g, method, (uint32_t)n, v, lim, &info, &err);
    bool stopped = pg_end(&call);
    if (rc || stopped) {
        free(v);
        pg_failed(rc, stopped, &err);
        return -1;
    }
    *out = v;
    *how = info.method;
    return 0;
}

/* ---- rows and diagonals of three-pile Sharing Nim ---- */

typedef struct pick {
    long first, to;
    bool diagonal;
    long ad;            /* A or D */
    uint32_t *out;
} pick;

/* Row b holds G(0,x,b) = half[min(x, b-x)]. */
static int take(void *ctx, uint32_t b, const uint32_t *half)
{
    pick *p = ctx;
    long n = p->diagonal ? (long)b - p->ad : (long)b;
    if (n >= p->first && n <= p->to) {
        long x = p->diagonal ? n : p->ad;
        long lo = x <= (long)b - x ? x : (long)b - x;
        p->out[n - p->first] = half[lo];
    }
    return pg_should_stop();
}

static int run_rows(uint32_t top, gr_s3fast_fn fn, void *ctx, gr_error *err, bool *stopped)
{
    gr_s3fast *st;
    pg_call call;
    pg_begin(&call);
    int rc = gr_s3fast_new(&st, top, err);
    if (!rc) {
        rc = gr_s3fast_rows(st, top + 1, fn, ctx);
        gr_s3fast_free(st);
        if (rc && !call.stopped) gr_fail_nomem(err);
    }
    *stopped = pg_end(&call);
    return rc;
}

static PyObject *sharing_seq(pg_game *g, long n, long start, PyObject *row, PyObject *diagonal, const gr_limits *lim)
{
    if (row != Py_None && diagonal != Py_None) {
        PyErr_SetString(PyExc_ValueError, "row and diagonal: choose one");
        return NULL;
    }
    pick p = {0, n, diagonal != Py_None, 0, NULL};
    if (row != Py_None || diagonal != Py_None) {
        long long ad;
        if (pg_int_arg(p.diagonal ? diagonal : row, p.diagonal ? "diagonal" : "row", 0, HEAP_MAX, &ad)) return NULL;
        p.ad = (long)ad;
    }
    p.first = p.diagonal ? start : (start > p.ad ? start : p.ad);
    if (p.first > n) {
        PyErr_Format(PyExc_ValueError, "row %ld starts at n = %ld, past n = %ld", p.ad, p.ad, n);
        return NULL;
    }
    long top = p.diagonal ? n + p.ad : n;
    if (top > (long)GR_S3FAST_MAX_N) {
        PyErr_Format(PyExc_ValueError, "needs the table to b = %ld; the fast table goes to %u", top, GR_S3FAST_MAX_N);
        return NULL;
    }
    Py_ssize_t count = n - p.first + 1;
    if (!(p.out = values_alloc(count, lim))) return NULL;
    gr_error err;
    gr_error_clear(&err);
    bool stopped;
    int rc = run_rows((uint32_t)top, take, &p, &err, &stopped);
    if (rc || stopped) {
        free(p.out);
        return pg_failed(rc, stopped, &err);
    }
    return pg_values_new(p.out, count, 1, 1, p.first, g->g.spec, "fast");
}

/* ---- m-player classes of a subtraction heap ---- */

static PyObject *players_seq(pg_game *g, long n, long start, int m, const gr_limits *lim)
{
    size_t nset;
    const uint64_t *set = gr_subtraction_set(&g->g, &nset);
    if (!set) {
        PyErr_Format(PyExc_ValueError, "seq with players=m covers subtraction games, not '%s'", g->g.spec);
        return NULL;
    }
    Py_ssize_t count = n - start + 1;
    uint32_t *v = values_alloc(count, lim);
    if (!v) return NULL;
    gr_subseq sq;
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    int rc = gr_subseq_init(&sq, set, nset, m, &err);
    for (long x = 0; !rc && x <= n; x++) {
        uint8_t d = gr_subseq_next(&sq);
        if (x >= start) v[x - start] = d;
        if ((x & 0xffff) == 0 && pg_should_stop()) break;
    }
    if (!rc) gr_subseq_free(&sq);
    bool stopped = pg_end(&call);
    if (rc || stopped) {
        free(v);
        return pg_failed(rc, stopped, &err);
    }
    return pg_values_new(v, count, 1, 1, start, g->g.spec, "players");
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
    long long n, start = 0;
    if (pg_int_arg(n_arg, "n", 0, HEAP_MAX, &n) || (start_arg && pg_int_arg(start_arg, "start", 0, n, &start)))
        return NULL;
    gr_limits lim;
    int method;
    if (pg_limits(max_memory, max_seconds, &lim) || method_of(method_name, &method)) return NULL;
    gr_outcome o;
    if (pg_outcome(NULL, players, NULL, NULL, &o)) return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    PyObject *r = NULL;
    if (three_pile_sharing(g) && players == Py_None) {
        r = sharing_seq(g, n, start, row, diagonal, &lim);
    } else if (row != Py_None || diagonal != Py_None) {
        PyErr_SetString(PyExc_ValueError, "row and diagonal are for three-pile sharing");
    } else if (players != Py_None) {
        r = players_seq(g, n, start, o.param, &lim);
    } else if (g->g.flags & GR_RS_HEAPS) {
        uint32_t *v;
        const char *how;
        bool unused;
        if (!heap_values(g, n, method, &lim, &v, &how, NULL, NULL, &unused)) {
            if (start) memmove(v, v + start, (size_t)(n - start + 1) * sizeof *v);
            r = pg_values_new(v, n - start + 1, 1, 1, start, g->g.spec, how);
        }
    } else {
        PyErr_Format(PyExc_ValueError, "seq does not cover '%s' with these options yet", g->g.spec);
    }
    Py_DECREF(g);
    return r;
}

/* ---- period ---- */

static PyObject *heap_period(pg_game *g, long n, int method, const gr_limits *lim)
{
    uint32_t *v;
    const char *how;
    gr_period per;
    gr_octal_cert cert;
    memset(&cert, 0, sizeof cert);
    bool have;
    if (heap_values(g, n, method, lim, &v, &how, &per, &cert, &have)) return NULL;
    gr_tb_code code;
    if (!have) {
        gr_period_find(v, (uint64_t)n, false, &per);
        if (!per.found) gr_period_find(v, (uint64_t)n, true, &per);
        if (gr_tb_code_of_heaps(&g->g, &code)) gr_period_octal(&code, &per, &cert);
    }
    free(v);
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
    int method;
    gr_outcome o;
    if (pg_limits(max_memory, max_seconds, &lim) || method_of(method_name, &method) ||
        pg_outcome(NULL, players, NULL, NULL, &o))
        return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    PyObject *r = NULL;
    if (players != Py_None) r = players_period(g, n, o.param);
    else if (g->g.flags & GR_RS_HEAPS) r = heap_period(g, n, method, &lim);
    else PyErr_Format(PyExc_ValueError, "period covers heap games (nim-sequences), not '%s'", g->g.spec);
    Py_DECREF(g);
    return r;
}

/* ---- table ---- */

typedef struct fill {
    uint32_t *t;
    size_t w;           /* n + 1 */
} fill;

static int fill_row(void *ctx, uint32_t b, const uint32_t *half)
{
    fill *f = ctx;
    for (uint32_t x = 0; x <= b; x++) {
        uint32_t v = half[x <= b - x ? x : b - x];
        f->t[x * f->w + b] = v;
        f->t[(size_t)b * f->w + x] = v;
    }
    return pg_should_stop();
}

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
    bool ok = three_pile_sharing(g);
    if (!ok) PyErr_Format(PyExc_ValueError, "table covers three-pile sharing, not '%s'", g->g.spec);
    Py_DECREF(g);
    if (!ok) return NULL;
    fill f = {NULL, (size_t)n + 1};
    if (!(f.t = values_alloc((Py_ssize_t)(f.w * f.w), &lim))) return NULL;
    gr_error err;
    gr_error_clear(&err);
    bool stopped;
    int rc = run_rows((uint32_t)n, fill_row, &f, &err, &stopped);
    if (rc || stopped) {
        free(f.t);
        return pg_failed(rc, stopped, &err);
    }
    return pg_values_new(f.t, (Py_ssize_t)f.w, (Py_ssize_t)f.w, 2, 0, "sharing", "fast");
}
