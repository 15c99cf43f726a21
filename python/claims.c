/* check(): the papers' claims as verdict dicts. */
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

/* One claim, without the GIL; Ctrl-C stops it (the claims poll the hook). */
static int run_claim(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err, bool *stopped)
{
    gr_limits lim;
    if (pg_limits(NULL, NULL, &lim)) return -1;
    pg_call call;
    pg_begin(&call);
    int rc = gr_claim_run(c, to, &lim, r, err);
    *stopped = pg_end(&call);
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
    if (to_obj != Py_None && pg_int_arg(to_obj, "to", 1, 1000000000LL, &to)) return NULL;
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
            gr_claim_result r = {0};
            PyObject *d = NULL;
            /* between claims: Ctrl-C stops the run */
            bool stopped = false;
            int rc = run_claim(c, (uint64_t)to, &r, &err, &stopped);
            if (rc || stopped) pg_failed(rc ? rc : GR_EINPUT, stopped, &err);
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
