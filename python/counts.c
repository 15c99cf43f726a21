/* count(): the papers' exact enumerations, what `grundy count WHAT` gives:
 * an int for pairs, zero-nim and no-carry; for zero-graph, sharing-p and
 * sharing-f a dict with the members of `grundy count WHAT --format json`
 * (numbers as ints, positions as tuples). */
#include "grundy_py.h"
#include <stdlib.h>
#include <string.h>

typedef struct count_args {
    PyObject *sum, *xor_, *max_total, *digits, *to, *list;
    int ordered, zero, at_most;
} count_args;

/* A non-negative Python int of any size as an mpz. */
static int to_mpz(PyObject *obj, const char *name, mpz_t z)
{
    return pg_mpz_arg(obj, name, z);
}

static PyObject *count_pairs(const count_args *c, mpz_t a, mpz_t b, mpz_t out)
{
    if (c->sum == Py_None || c->xor_ == Py_None)
        return PyErr_Format(PyExc_ValueError, "count pairs needs sum=S and xor=X");
    if (to_mpz(c->sum, "sum", a) || to_mpz(c->xor_, "xor", b)) return NULL;
    gr_count_pairs(out, a, b, c->ordered, c->zero);
    return pg_from_mpz(out);
}

static PyObject *count_zero_nim(const count_args *c, mpz_t a, mpz_t out)
{
    bool by_sum = c->sum != Py_None;
    if (by_sum == (c->max_total != Py_None))
        return PyErr_Format(PyExc_ValueError, "count zero-nim needs one of sum=S or max_total=K");
    if (to_mpz(by_sum ? c->sum : c->max_total, by_sum ? "sum" : "max_total", a)) return NULL;
    if (by_sum) gr_count_zero_nim(out, a);
    else gr_count_zero_nim_upto(out, a);
    return pg_from_mpz(out);
}

static PyObject *count_no_carry(const count_args *c, mpz_t out)
{
    if (c->digits == Py_None) return PyErr_Format(PyExc_ValueError, "count no-carry needs digits=k");
    long long k;
    if (pg_int_arg(c->digits, "digits", 0, 100000000, &k)) return NULL;
    gr_count_no_carry(out, (unsigned long)k, c->at_most);
    return pg_from_mpz(out);
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

static PyObject *zgraph_dict(const gr_zgraph *g, uint64_t S, bool list)
{
    PyObject *d = Py_BuildValue("{s:K,s:n,s:n,s:n,s:n,s:N}", "sum", (unsigned long long)S, "count", (Py_ssize_t)g->n,
                                "moves", (Py_ssize_t)g->m, "components", (Py_ssize_t)g->components, "longest_chain",
                                (Py_ssize_t)g->longest, "chain", triples(g, g->chain, g->longest));
    PyObject *positions = d && list ? zgraph_positions(g) : NULL;
    if (d && list && (!positions || PyDict_SetItemString(d, "positions", positions))) Py_CLEAR(d);
    Py_XDECREF(positions);
    return d;
}

static PyObject *count_zero_graph(const count_args *c, mpz_t a)
{
    if (c->sum == Py_None) return PyErr_Format(PyExc_ValueError, "count zero-graph needs sum=S");
    if (to_mpz(c->sum, "sum", a)) return NULL;
    if (!mpz_fits_ulong_p(a) || mpz_sizeinbase(a, 2) > 63)
        return PyErr_Format(PyExc_ValueError,
                            "count zero-graph: sum must be below 2^63 (the graph is built explicitly)");
    uint64_t S = mpz_get_ui(a);
    gr_zgraph g;
    gr_error err;
    gr_error_clear(&err);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = gr_zgraph_build(&g, S, GR_ZGRAPH_MAX_VERTICES, &err);
    Py_END_ALLOW_THREADS
    if (rc) return pg_raise(&err);
    PyObject *d = zgraph_dict(&g, S, c->list == Py_True);
    gr_zgraph_free(&g);
    return d;
}

/* to=N for the Sharing Nim counts: -1 with ValueError. */
static long sharing_to(const count_args *c, const char *what)
{
    if (c->to == Py_None) return PyErr_Format(PyExc_ValueError, "count %s needs to=N", what), -1;
    long long n;
    if (pg_int_arg(c->to, "to", 0, GR_S3FAST_MAX_N, &n)) return -1;
    return (long)n;
}

/* [(n, P(n), P(n) with piles > 0, floor(n/3))] and where each first differs
 * from floor(n/3) (-1: nowhere). */
static PyObject *sharing_p_dict(uint32_t n, const uint64_t *all, const uint64_t *pos)
{
    long first_all = -1, first_pos = -1;
    PyObject *rows = PyList_New((Py_ssize_t)n + 1);
    for (uint32_t m = 0; rows && m <= n; m++) {
        if (all[m] != m / 3 && first_all < 0) first_all = m;
        if (pos[m] != m / 3 && first_pos < 0) first_pos = m;
        PyObject *r = Py_BuildValue("(IKKI)", m, (unsigned long long)all[m], (unsigned long long)pos[m], m / 3);
        if (!r) Py_CLEAR(rows);
        else PyList_SET_ITEM(rows, m, r);
    }
    if (!rows) return NULL;
    return Py_BuildValue("{s:s,s:I,s:N,s:l,s:l}", "what", "sharing-p", "to", n, "rows", rows, "first_differs_all",
                         first_all, "first_differs_positive", first_pos);
}

static PyObject *count_sharing_p(const count_args *c, const gr_limits *lim)
{
    long n = sharing_to(c, "sharing-p");
    if (n < 0) return NULL;
    uint64_t *all = calloc((size_t)n + 1, sizeof *all), *pos = calloc((size_t)n + 1, sizeof *pos);
    PyObject *r = NULL;
    gr_error err;
    gr_error_clear(&err);
    if (!all || !pos) {
        PyErr_NoMemory();
    } else {
        pg_call call;
        pg_begin(&call);
        int rc = gr_s3count_p((uint32_t)n, lim, all, pos, &err);
        bool stopped = pg_end(&call);
        r = rc || stopped ? pg_failed(rc, stopped, &err) : sharing_p_dict((uint32_t)n, all, pos);
    }
    free(all);
    free(pos);
    return r;
}

/* f as a list and, per n mod 32 over n >= 3, how often f is 0 and 1. */
static PyObject *sharing_f_dict(uint32_t n, const unsigned char *f)
{
    unsigned long long zeros[32] = {0}, ones[32] = {0};
    for (uint32_t m = 3; m <= n; m++) (f[m] ? ones : zeros)[m % 32]++;
    PyObject *fl = PyList_New((Py_ssize_t)n + 1), *cols = PyList_New(32);
    for (uint32_t m = 0; fl && m <= n; m++) PyList_SET_ITEM(fl, m, PyLong_FromLong(f[m]));
    for (int r = 0; cols && r < 32; r++) {
        PyObject *d = Py_BuildValue("{s:i,s:K,s:K}", "residue", r, "zeros", zeros[r], "ones", ones[r]);
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

static PyObject *count_sharing_f(const count_args *c, const gr_limits *lim)
{
    long n = sharing_to(c, "sharing-f");
    if (n < 0) return NULL;
    unsigned char *f = calloc((size_t)n + 1, 1);
    if (!f) return PyErr_NoMemory();
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    int rc = gr_s3count_f((uint32_t)n, lim, f, &err);
    bool stopped = pg_end(&call);
    PyObject *r = rc || stopped ? pg_failed(rc, stopped, &err) : sharing_f_dict((uint32_t)n, f);
    free(f);
    return r;
}

static PyObject *count_what(const char *what, const count_args *c, const gr_limits *lim, mpz_t a, mpz_t b, mpz_t out)
{
    if (strcmp(what, "pairs") == 0) return count_pairs(c, a, b, out);
    if (strcmp(what, "zero-nim") == 0) return count_zero_nim(c, a, out);
    if (strcmp(what, "no-carry") == 0) return count_no_carry(c, out);
    if (strcmp(what, "zero-graph") == 0) return count_zero_graph(c, a);
    if (strcmp(what, "sharing-p") == 0) return count_sharing_p(c, lim);
    if (strcmp(what, "sharing-f") == 0) return count_sharing_f(c, lim);
    return PyErr_Format(PyExc_ValueError,
                        "unknown count '%s'; expected pairs, zero-nim, no-carry, zero-graph, sharing-p or sharing-f",
                        what);
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
    gr_limits lim;
    if (pg_limits(NULL, NULL, &lim)) return NULL;
    mpz_t a, b, out;
    mpz_inits(a, b, out, NULL);
    PyObject *r = count_what(what, &c, &lim, a, b, out);
    mpz_clears(a, b, out, NULL);
    return r;
}
