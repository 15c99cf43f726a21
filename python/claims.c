/* check() and count(): the papers' claims as verdict dicts, and their exact
 * enumerations as ints. */
#include "grundy_py.h"
#include <stdlib.h>
#include <string.h>

static PyObject *pos_tuple(const gr_pos *p)
{
    PyObject *t = PyTuple_New(p->n);
    for (int i = 0; t && i < p->n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(p->p[i]);
        if (!x) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static PyObject *verdict(const gr_claim *c, const gr_claim_result *r)
{
    PyObject *cex = r->has_cex ? pos_tuple(&r->cex) : Py_NewRef(Py_None);
    if (!cex) return NULL;
    return Py_BuildValue("{s:s,s:s,s:z,s:s,s:s,s:N,s:s}", "id", c->id, "statement", c->statement, "reading",
                         c->reading, "status", gr_claim_status_name(r->status), "range", r->range, "counterexample",
                         cex, "detail", r->detail);
}

/* One claim, without the GIL. */
static int run_claim(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    memset(r, 0, sizeof *r);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = c->check(c, to ? to : c->default_to, r, err);
    Py_END_ALLOW_THREADS
    return rc;
}

PyObject *pg_check(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"which", "to", NULL};
    const char *which = NULL;
    PyObject *to_obj = Py_None;
    long long to = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|z$O:check", kwlist, &which, &to_obj)) return NULL;
    if (to_obj != Py_None && (to = PyLong_AsLongLong(to_obj)) == -1 && PyErr_Occurred()) return NULL;
    if (to_obj != Py_None && (to < 1 || to > 1000000000LL)) {
        PyErr_Format(PyExc_ValueError, "to=%lld: expected an integer from 1 to 1000000000", to);
        return NULL;
    }
    const gr_claim *only = NULL;
    if (which && strchr(which, '/')) {
        only = gr_claim_find(which);
        if (!only) return PyErr_Format(PyExc_ValueError, "unknown claim '%s'; grundy check --list lists them", which);
    }
    PyObject *list = PyList_New(0);
    bool matched = which == NULL || only;
    gr_error err;
    gr_error_clear(&err);
    for (size_t s = 0; list && s < gr_seed_count(); s++) {
        const gr_seed_claims *seed = gr_seed_at(s);
        if (which && !only && strcmp(which, seed->seed) != 0) continue;
        matched = true;
        for (size_t i = 0; list && i < seed->count; i++) {
            const gr_claim *c = &seed->claims[i];
            if (only && c != only) continue;
            gr_claim_result r;
            PyObject *d = NULL;
            /* between claims: Ctrl-C stops the run */
            if (run_claim(c, (uint64_t)to, &r, &err)) pg_raise(&err);
            else if (PyErr_CheckSignals() == 0) d = verdict(c, &r);
            if (!d || PyList_Append(list, d)) Py_CLEAR(list);
            Py_XDECREF(d);
        }
    }
    if (list && !matched) {
        Py_CLEAR(list);
        PyErr_Format(PyExc_ValueError, "unknown seed '%s'; grundy check --list lists the claims", which);
    }
    return list;
}

/* ---- count ---- */

/* A non-negative Python int as an mpz. */
static int to_mpz(PyObject *obj, const char *name, mpz_t z)
{
    gr_bigpos one;
    gr_bigpos_init(&one);
    int rc = -1;
    if (!PyLong_Check(obj)) PyErr_Format(PyExc_TypeError, "%s: expected an int", name);
    else if (!pg_position(obj, &one)) mpz_set(z, one.p[0]), rc = 0;
    gr_bigpos_clear(&one);
    return rc;
}

PyObject *pg_count(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"what", "sum", "xor", "max_total", "digits", "ordered", "zero", "at_most", NULL};
    const char *what;
    PyObject *sum = Py_None, *xor_ = Py_None, *max_total = Py_None, *digits = Py_None;
    int ordered = 0, zero = 0, at_most = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$OOOOppp:count", kwlist, &what, &sum, &xor_, &max_total, &digits,
                                     &ordered, &zero, &at_most))
        return NULL;
    mpz_t a, b, out;
    mpz_inits(a, b, out, NULL);
    PyObject *r = NULL;
    if (strcmp(what, "pairs") == 0) {
        if (sum == Py_None || xor_ == Py_None)
            PyErr_SetString(PyExc_ValueError, "count pairs needs sum=S and xor=X");
        else if (!to_mpz(sum, "sum", a) && !to_mpz(xor_, "xor", b)) {
            gr_count_pairs(out, a, b, ordered, zero);
            r = pg_from_mpz(out);
        }
    } else if (strcmp(what, "zero-nim") == 0) {
        if ((sum == Py_None) == (max_total == Py_None))
            PyErr_SetString(PyExc_ValueError, "count zero-nim needs one of sum=S or max_total=K");
        else if (!to_mpz(sum != Py_None ? sum : max_total, sum != Py_None ? "sum" : "max_total", a)) {
            if (sum != Py_None) gr_count_zero_nim(out, a);
            else gr_count_zero_nim_upto(out, a);
            r = pg_from_mpz(out);
        }
    } else if (strcmp(what, "no-carry") == 0) {
        long k = digits == Py_None ? -2 : PyLong_AsLong(digits);
        if (k == -2) PyErr_SetString(PyExc_ValueError, "count no-carry needs digits=k");
        else if (!(k == -1 && PyErr_Occurred()) && (k < 0 || k > 100000000))
            PyErr_Format(PyExc_ValueError, "digits=%ld: expected an integer from 0 to 100000000", k);
        else if (!PyErr_Occurred()) {
            gr_count_no_carry(out, (unsigned long)k, at_most);
            r = pg_from_mpz(out);
        }
    } else {
        PyErr_Format(PyExc_ValueError, "unknown count '%s'; expected pairs, zero-nim or no-carry", what);
    }
    mpz_clears(a, b, out, NULL);
    return r;
}
