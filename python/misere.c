/* misere(): the genus of each heap of a heap game, or its misere quotient of
 * the heaps 0..to, as `grundy misere --genus|--quotient` gives them. The
 * answer layer's misere verb answers (src/api/misere.c): the keywords go to
 * its validator as text, so ranges and refusals are checked, and worded,
 * as for the command line (to=, terms=, verify=, out=, resume=); quotient=
 * reads a saved quotient, as `grundy misere --in FILE` does, for the game
 * given (any spelling of it). The reply becomes a dict with the members of
 * `grundy misere --format json`. */
#include "grundy_py.h"
#include "grundy/api.h"
#include "grundy/misere.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Up to this many keys a request: rules, to, genus/quotient, terms, verify,
 * out, resume. */
#define MAX_PAIRS 8

typedef struct pairs {
    gr_api_pair p[MAX_PAIRS];
    char num[MAX_PAIRS][24];
    size_t n;
} pairs;

static void add_text(pairs *ps, const char *key, const char *v)
{
    ps->p[ps->n++] = (gr_api_pair){key, strlen(key), v, strlen(v)};
}

/* An int keyword as decimal text; None adds nothing. The layer checks the
 * range and names the keyword; here only that it is an int. */
static int add_int(pairs *ps, const char *key, const char *name, PyObject *v)
{
    if (!v || v == Py_None) return 0;
    long long x;
    if (pg_int_arg(v, name, LLONG_MIN + 1, LLONG_MAX, &x)) return -1;
    snprintf(ps->num[ps->n], sizeof ps->num[0], "%lld", x);
    add_text(ps, key, ps->num[ps->n]);
    return 0;
}

/* A file name keyword (str or os.PathLike); None adds nothing. The bytes
 * object that holds the name is kept in *keep until the call ends. */
static int add_path(pairs *ps, const char *key, PyObject *v, PyObject **keep)
{
    if (!v || v == Py_None) return 0;
    if (!PyUnicode_FSConverter(v, keep)) return -1;
    const char *s = PyBytes_AS_STRING(*keep);
    if (strlen(s) != (size_t)PyBytes_GET_SIZE(*keep)) {
        PyErr_Format(PyExc_ValueError, "%s=: a file name without NUL bytes", key);
        return -1;
    }
    add_text(ps, key, s);
    return 0;
}

static PyObject *u32_list(const uint32_t *v, size_t n)
{
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLong(v[i]);
        if (!x) Py_CLEAR(l);
        else PyList_SET_ITEM(l, (Py_ssize_t)i, x);
    }
    return l;
}

static PyObject *int_list(const int *v, size_t n)
{
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) Py_CLEAR(l);
        else PyList_SET_ITEM(l, (Py_ssize_t)i, x);
    }
    return l;
}

/* {"game", "to", "terms", "first_not_tame", "heaps": [{"heap", "genus",
 * "g", "lambda", "settled", "tame"}]} */
static PyObject *genus_dict(const gr_api_misere_reply *m)
{
    const gr_genus *gn = m->heaps;
    long wild = -1;
    PyObject *heaps = PyList_New(m->to + 1);
    for (long x = 0; heaps && x <= m->to; x++) {
        char w[256];
        gr_genus_format(&gn[x], w, sizeof w);
        bool tame = gr_genus_tame(&gn[x]);
        if (!tame && wild < 0) wild = x;
        PyObject *d = Py_BuildValue("{s:l,s:s,s:I,s:N,s:O,s:O}", "heap", x, "genus", w, "g", gn[x].g, "lambda",
                                    u32_list(gn[x].lambda, (size_t)gn[x].terms), "settled",
                                    gn[x].settled ? Py_True : Py_False, "tame", tame ? Py_True : Py_False);
        if (!d) Py_CLEAR(heaps);
        else PyList_SET_ITEM(heaps, x, d);
    }
    if (!heaps) return NULL;
    return Py_BuildValue("{s:s,s:l,s:i,s:l,s:N}", "game", m->game, "to", m->to, "terms", gn[0].terms,
                         "first_not_tame", wild, "heaps", heaps);
}

/* The elements' words (only_p: the P-portion's). */
static PyObject *words(const gr_mquot *q, bool only_p)
{
    PyObject *l = PyList_New(0);
    char w[512];
    for (uint32_t x = 0; l && x < q->order; x++) {
        if (only_p && !q->p[x]) continue;
        gr_mquot_word(q, x, w, sizeof w);
        PyObject *s = PyUnicode_FromString(w);
        if (!s || PyList_Append(l, s)) Py_CLEAR(l);
        Py_XDECREF(s);
    }
    return l;
}

static PyObject *relations(const gr_mquot *q)
{
    int n = gr_mquot_relations(q, NULL, 0);
    char *r = malloc((size_t)n + 1);
    if (!r) return PyErr_NoMemory();
    gr_mquot_relations(q, r, (size_t)n + 1);
    PyObject *l = PyList_New(0);
    char *save = NULL;
    for (char *line = strtok_r(r, "\n", &save); l && line; line = strtok_r(NULL, "\n", &save)) {
        PyObject *s = PyUnicode_FromString(line);
        if (!s || PyList_Append(l, s)) Py_CLEAR(l);
        Py_XDECREF(s);
    }
    free(r);
    return l;
}

static PyObject *mul_table(const gr_mquot *q)
{
    PyObject *l = PyList_New(q->order);
    for (uint32_t x = 0; l && x < q->order; x++) {
        PyObject *row = u32_list(q->mul + (size_t)x * q->order, q->order);
        if (!row) Py_CLEAR(l);
        else PyList_SET_ITEM(l, x, row);
    }
    return l;
}

/* The members of `grundy misere --quotient --format json`, and where
 * verify= was given, 'verified' and 'checked' (the sums misere search
 * agreed on). */
static PyObject *quotient_dict(const gr_api_misere_reply *m)
{
    const gr_mquot *q = m->quot;
    PyObject *p = PyList_New(q->order);
    for (uint32_t x = 0; p && x < q->order; x++) PyList_SET_ITEM(p, x, PyLong_FromLong(q->p[x]));
    PyObject *d = p ? Py_BuildValue("{s:s,s:i,s:I,s:I,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:i,s:i,s:d}", "game", q->game,
                                    "heaps", q->heaps, "order", q->order, "p_count", gr_mquot_pcount(q), "generators",
                                    int_list(q->gen, (size_t)q->ngen), "relations", relations(q), "elements",
                                    words(q, false), "p_portion", words(q, true), "p", p, "phi",
                                    u32_list(q->phi, (size_t)q->heaps + 1), "changes",
                                    int_list(q->change, (size_t)q->nchange), "mul", mul_table(q), "period",
                                    q->period, "preperiod", q->preperiod, "seconds", q->seconds)
                    : NULL;
    if (d && m->verified) {
        PyObject *v = Py_BuildValue("{s:O,s:K,s:l}", "verified", Py_True, "checked", m->checked, "verify_bound",
                                    m->verify_bound);
        if (!v || PyDict_Update(d, v)) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

PyObject *pg_misere(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game",   "to",       "genus",      "terms",       "verify", "out",
                             "resume", "quotient", "max_memory", "max_seconds", NULL};
    PyObject *game, *to = Py_None, *terms = Py_None, *verify = Py_None, *out = Py_None, *resume = Py_None,
                    *quot = Py_None, *max_memory = NULL, *max_seconds = NULL, *out_b = NULL, *resume_b = NULL,
                    *quot_b = NULL;
    int genus = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$pOOOOOOO:misere", kwlist, &game, &to, &genus, &terms, &verify,
                                     &out, &resume, &quot, &max_memory, &max_seconds))
        return NULL;
    /* quotient=FILE reads a saved quotient (the command line's --in FILE,
     * and the game checked against the file's, any spelling); without it
     * a quotient is built, to heap `to` */
    if (quot == Py_None && to == Py_None) {
        PyErr_SetString(PyExc_TypeError, "misere() needs to= (or quotient=FILE, a saved quotient)");
        return NULL;
    }
    if (quot != Py_None && !genus && to != Py_None) {
        PyErr_SetString(PyExc_ValueError, "to= goes with a build; quotient=FILE reads the saved quotient as it is "
                                          "(resume=FILE, to= carries it on)");
        return NULL;
    }
    gr_api_request req;
    gr_api_request_init(&req, GR_API_MISERE, GR_FRONT_PYTHON);
    if (pg_limits(max_memory, max_seconds, &req.limits)) return NULL;
    pg_game *g = pg_game_from(game);
    if (!g) return NULL;
    pairs ps = {.n = 0};
    add_text(&ps, "rules", g->g.spec);
    add_text(&ps, genus ? "genus" : "quotient", "1");
    PyObject *r = NULL;
    pairs qp = {.n = 0}; /* the file's name, set below (the layer's key is "in", a keyword here) */
    if (add_int(&ps, "to", "to", to) || add_int(&ps, "terms", "terms", terms) ||
        add_int(&ps, "verify", "verify", verify) || add_path(&ps, "out", out, &out_b) ||
        add_path(&ps, "resume", resume, &resume_b) || add_path(&qp, "quotient", quot, &quot_b))
        goto done;
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    bool stopped = false;
    int rc = gr_api_request_fill(&req, ps.p, ps.n, &err);
    if (!rc && quot_b && !(req.misere.in = strdup(PyBytes_AS_STRING(quot_b)))) rc = gr_fail_nomem(&err);
    if (!rc) rc = pg_api_call(&req, &rep, &err, &stopped);
    r = rc || stopped ? pg_failed(rc, stopped, &err) : rep.misere.genus ? genus_dict(&rep.misere)
                                                                        : quotient_dict(&rep.misere);
    gr_api_reply_clear(&rep);
done:
    gr_api_request_clear(&req);
    Py_XDECREF(out_b);
    Py_XDECREF(resume_b);
    Py_XDECREF(quot_b);
    Py_DECREF(g);
    return r;
}
