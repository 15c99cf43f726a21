/* check(): the papers' claims as verdict dicts, converted from the answer
 * layer's check reply (src/api/check.c), as `grundy check --format json`
 * renders the same reply. */
#include "grundy_py.h"
#include "grundy/api.h"
#include <stdio.h>
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

static PyObject *verdict(const gr_api_verdict *v)
{
    const gr_claim *c = v->claim;
    PyObject *cex = v->has_cex ? pos_tuple(&v->cex) : Py_NewRef(Py_None);
    if (!cex) return NULL;
    return Py_BuildValue("{s:s,s:s,s:z,s:s,s:s,s:N,s:s}", "id", c->id, "statement", c->statement, "reading",
                         c->reading, "status", gr_claim_status_name(v->status), "range", v->range, "counterexample",
                         cex, "detail", v->detail);
}

PyObject *pg_check(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"which", "to", NULL};
    const char *which = NULL;
    Py_ssize_t which_len = 0;
    PyObject *to_obj = Py_None;
    long long to = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|z#$O:check", kwlist, &which, &which_len, &to_obj)) return NULL;
    if (to_obj != Py_None && pg_int_arg(to_obj, "to", 1, 1000000000LL, &to)) return NULL;
    char to_text[24];
    snprintf(to_text, sizeof to_text, "%lld", to);
    gr_api_pair pairs[2];
    size_t n = 0;
    if (which) pairs[n++] = (gr_api_pair){"id", 2, which, (size_t)which_len};
    if (to) pairs[n++] = (gr_api_pair){"to", 2, to_text, strlen(to_text)};
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CHECK, GR_FRONT_PYTHON);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    PyObject *list = NULL;
    bool stopped = false;
    int rc = gr_api_request_fill(&req, pairs, n, &err);
    if (!rc && pg_limits(NULL, NULL, &req.limits)) rc = -1;   /* a Python error is set */
    if (!rc) rc = pg_api_call(&req, &rep, &err, &stopped);
    if (rc > 0 || stopped) pg_failed(rc > 0 ? rc : GR_EINPUT, stopped, &err);
    else if (!rc) list = PyList_New(0);
    for (size_t i = 0; list && i < rep.check->n; i++) {
        PyObject *d = verdict(&rep.check->verdicts[i]);
        if (!d || PyList_Append(list, d)) Py_CLEAR(list);
        Py_XDECREF(d);
    }
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return list;
}
