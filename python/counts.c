/* count(): the papers' exact enumerations, what `grundy count WHAT` gives:
 * an int for pairs, zero-nim and no-carry; for zero-graph, sharing-p and
 * sharing-f a dict with the members of `grundy count WHAT --format json`
 * (numbers as ints, positions as tuples). The answer layer's count verb
 * answers (src/api/count.c: what each count needs, its refusals); this file
 * turns Python's arguments into its request and its reply into objects. */
#include "grundy_py.h"
#include "grundy/api.h"
#include <stdlib.h>
#include <string.h>

typedef struct count_args {
    PyObject *sum, *xor_, *max_total, *digits, *to, *list;
    int ordered, zero, at_most;
} count_args;

/* A non-negative Python int of any size as decimal text (made by GMP, so
 * Python's int-to-str digit limit never applies); None leaves *out NULL. */
static int decimal_arg(PyObject *obj, const char *name, char **out)
{
    if (obj == Py_None) return 0;
    mpz_t z;
    mpz_init(z);
    int rc = pg_mpz_arg(obj, name, z);
    if (!rc && !(*out = mpz_get_str(NULL, 10, z))) rc = (PyErr_NoMemory(), -1);
    mpz_clear(z);
    return rc;
}

static int number_arg(PyObject *obj, const char *name, long long hi, long *out)
{
    long long v;
    if (obj == Py_None) return 0;
    if (pg_int_arg(obj, name, 0, hi, &v)) return -1;
    *out = (long)v;
    return 0;
}

static int fill(gr_api_request *req, const char *what, const count_args *c)
{
    gr_api_count_opts *o = &req->count;
    if (!(o->what = strdup(what))) return PyErr_NoMemory(), -1;
    o->ordered = c->ordered;
    o->zero = c->zero;
    o->at_most = c->at_most;
    o->list = c->list == Py_True;
    if (decimal_arg(c->sum, "sum", &o->sum) || decimal_arg(c->xor_, "xor", &o->xor_) ||
        decimal_arg(c->max_total, "max_total", &o->max_total))
        return -1;
    return number_arg(c->digits, "digits", 100000000, &o->digits) ||
                   number_arg(c->to, "to", GR_S3FAST_MAX_N, &o->to)
               ? -1
               : 0;
}

static PyObject *triple(const uint64_t *t)
{
    return Py_BuildValue("(KKK)", (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2]);
}

/* The zero-graph's vertices by id, as tuples: ids[0..count). */
static PyObject *triples(const gr_zgraph *g, const uint32_t *ids, size_t count)
{
    PyObject *l = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; l && i < count; i++) {
        PyObject *t = triple(g->v[ids[i]]);
        if (!t) Py_CLEAR(l);
        else PyList_SET_ITEM(l, (Py_ssize_t)i, t);
    }
    return l;
}

/* list=True: every position with the positions its moves lead to. */
static PyObject *zgraph_positions(const gr_zgraph *g)
{
    PyObject *l = PyList_New((Py_ssize_t)g->n);
    for (size_t i = 0; l && i < g->n; i++) {
        PyObject *to = triples(g, g->to + g->start[i], g->start[i + 1] - g->start[i]);
        PyObject *d = to ? Py_BuildValue("{s:N,s:N}", "position", triple(g->v[i]), "to", to) : NULL;
        if (!d) Py_CLEAR(l);
        else PyList_SET_ITEM(l, (Py_ssize_t)i, d);
    }
    return l;
}

static PyObject *zgraph_dict(const gr_api_count_reply *c)
{
    const gr_zgraph *g = &c->graph;
    unsigned long long S = strtoull(c->sum, NULL, 10);   /* below 2^63: the layer checked */
    PyObject *d = Py_BuildValue("{s:K,s:n,s:n,s:n,s:n,s:N}", "sum", S, "count", (Py_ssize_t)g->n,
                                "moves", (Py_ssize_t)g->m, "components", (Py_ssize_t)g->components, "longest_chain",
                                (Py_ssize_t)g->longest, "chain", triples(g, g->chain, g->longest));
    PyObject *positions = d && c->list ? zgraph_positions(g) : NULL;
    if (d && c->list && (!positions || PyDict_SetItemString(d, "positions", positions))) Py_CLEAR(d);
    Py_XDECREF(positions);
    return d;
}

/* [(n, P(n), P(n) with piles > 0, floor(n/3))] and where each first differs
 * from floor(n/3) (-1: nowhere). */
static PyObject *sharing_p_dict(const gr_api_count_reply *c)
{
    uint32_t n = c->to;
    PyObject *rows = PyList_New((Py_ssize_t)n + 1);
    for (uint32_t m = 0; rows && m <= n; m++) {
        PyObject *r = Py_BuildValue("(IKKI)", m, (unsigned long long)c->all[m], (unsigned long long)c->positive[m],
                                    m / 3);
        if (!r) Py_CLEAR(rows);
        else PyList_SET_ITEM(rows, m, r);
    }
    if (!rows) return NULL;
    return Py_BuildValue("{s:s,s:I,s:N,s:l,s:l}", "what", "sharing-p", "to", n, "rows", rows, "first_differs_all",
                         c->first_all, "first_differs_positive", c->first_positive);
}

/* f as a list and, per n mod 32 over n >= 3, how often f is 0 and 1. */
static PyObject *sharing_f_dict(const gr_api_count_reply *c)
{
    uint32_t n = c->to;
    PyObject *fl = PyList_New((Py_ssize_t)n + 1), *cols = PyList_New(32);
    for (uint32_t m = 0; fl && m <= n; m++) PyList_SET_ITEM(fl, m, PyLong_FromLong(c->f[m]));
    for (int r = 0; cols && r < 32; r++) {
        PyObject *d = Py_BuildValue("{s:i,s:K,s:K}", "residue", r, "zeros", (unsigned long long)c->zeros[r], "ones",
                                    (unsigned long long)c->ones[r]);
        if (!d) Py_CLEAR(cols);
        else PyList_SET_ITEM(cols, r, d);
    }
    if (!fl || !cols) {
        Py_XDECREF(fl);
        Py_XDECREF(cols);
        return NULL;
    }
    return Py_BuildValue("{s:s,s:I,s:N,s:N}", "what", "sharing-f", "to", n, "f", fl, "columns", cols);
}

static PyObject *reply_object(const gr_api_count_reply *c)
{
    if (c->have_graph) return zgraph_dict(c);
    if (c->all) return sharing_p_dict(c);
    if (c->f) return sharing_f_dict(c);
    mpz_t z;
    if (mpz_init_set_str(z, c->count, 10) != 0) {
        mpz_clear(z);
        return PyErr_Format(PyExc_SystemError, "count: the layer's number is not decimal");
    }
    PyObject *r = pg_from_mpz(z);
    mpz_clear(z);
    return r;
}

PyObject *pg_count(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"what", "sum", "xor", "max_total", "digits", "ordered", "zero", "at_most", "to", "list",
                             NULL};
    const char *what;
    count_args c = {Py_None, Py_None, Py_None, Py_None, Py_None, Py_False, 0, 0, 0};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$OOOOpppOO:count", kwlist, &what, &c.sum, &c.xor_, &c.max_total,
                                     &c.digits, &c.ordered, &c.zero, &c.at_most, &c.to, &c.list))
        return NULL;
    int list = PyObject_IsTrue(c.list);
    if (list < 0) return NULL;
    c.list = list ? Py_True : Py_False;
    gr_api_request req;
    gr_api_request_init(&req, GR_API_COUNT, GR_FRONT_PYTHON);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    PyObject *r = NULL;
    bool stopped = false;
    if (!pg_limits(NULL, NULL, &req.limits) && !fill(&req, what, &c)) {
        int rc = pg_api_call(&req, &rep, &err, &stopped);
        r = rc || stopped ? pg_failed(rc, stopped, &err) : reply_object(&rep.count);
    }
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return r;
}
