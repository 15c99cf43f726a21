/* census(): many octal codes by the sparse-space engine, each into its
 * sequence file in one folder, resumable, as `grundy census` runs them. The
 * answer layer's census verb answers (src/api/census.c): the keywords go to
 * its validator as text, so ranges and refusals are checked, and worded, as
 * for the command line (to=, dir=, digits=, threads=). The reply becomes a
 * dict with the members of `grundy census --format json`. */
#include "grundy_py.h"
#include "grundy/api.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* rules stand-in, to, dir, digits, threads, unsolved, report, max-seconds */
#define MAX_PAIRS 8

/* The codes: one str, or an iterable of str (None: the folder's own). The
 * words are borrowed from *keep (a list of the str objects). */
static int codes_arg(PyObject *codes, PyObject **keep, const char ***out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (codes == Py_None) return 0;
    if (PyUnicode_Check(codes)) *keep = Py_BuildValue("[O]", codes);
    else if (PyBytes_Check(codes) || PyByteArray_Check(codes))
        return PyErr_SetString(PyExc_TypeError, "codes: expected a str or a sequence of str, not bytes"), -1;
    else *keep = PySequence_List(codes);
    if (!*keep) return -1;
    Py_ssize_t len = PyList_GET_SIZE(*keep);
    if (!(*out = PyMem_Calloc((size_t)len + 1, sizeof **out))) return PyErr_NoMemory(), -1;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *w = PyList_GET_ITEM(*keep, i);
        Py_ssize_t wl;
        const char *s = PyUnicode_Check(w) ? PyUnicode_AsUTF8AndSize(w, &wl) : NULL;
        if (!PyUnicode_Check(w))
            return PyErr_Format(PyExc_TypeError, "codes: expected str, not %.50s", Py_TYPE(w)->tp_name), -1;
        if (!s) return -1;
        if ((size_t)wl != strlen(s)) return PyErr_SetString(PyExc_ValueError, "codes: a code without NUL bytes"), -1;
        (*out)[(*n)++] = s;
    }
    return 0;
}

/* Sets d[key] = v (stolen) unless v is NULL; -1 on failure. */
static int put(PyObject *d, const char *key, PyObject *v)
{
    int rc = v ? PyDict_SetItemString(d, key, v) : -1;
    Py_XDECREF(v);
    return rc;
}

static const char *state_word(const gr_census_rec *r)
{
    if (r->state == GR_CENSUS_DONE) return r->cert.certified ? "certified" : "reached";
    if (r->state == GR_CENSUS_STOPPED) return "stopped";
    if (r->state == GR_CENSUS_FAILED) return "failed";
    return "pending";
}

/* One code's record, the members `grundy census --format json` gives it. */
static PyObject *code_dict(const gr_api_census_reply *c, size_t i)
{
    const gr_census_rec *r = &c->recs[i];
    PyObject *d = Py_BuildValue("{s:s,s:s,s:s}", "code", r->name, "rules", r->rules, "status", state_word(r));
    if (!d) return NULL;
    int bad = 0;
    if (r->count)
        bad = put(d, "n", PyLong_FromUnsignedLongLong(r->count - 1)) || put(d, "largest", PyLong_FromUnsignedLong(r->gmax)) ||
              put(d, "largest_at", PyLong_FromUnsignedLongLong(r->gmax_at)) ||
              put(d, "mask", PyLong_FromUnsignedLong(r->mask)) || put(d, "rare", PyLong_FromUnsignedLongLong(r->rare)) ||
              put(d, "last_rare", PyLong_FromUnsignedLongLong(r->last_rare)) ||
              put(d, "computed", PyLong_FromUnsignedLongLong(r->count - r->resumed)) ||
              put(d, "seconds", PyFloat_FromDouble(r->seconds)) || put(d, "threads", PyLong_FromLong(r->threads));
    if (!bad && r->cert.certified && r->per.found)
        bad = put(d, "period", PyLong_FromUnsignedLongLong(r->per.period)) ||
              put(d, "preperiod", PyLong_FromUnsignedLongLong(r->per.preperiod)) ||
              put(d, "certified_at", PyLong_FromUnsignedLongLong(r->cert.needed_to));
    /* the first code of its group of equal sequences, when the group has two or more */
    for (size_t j = 0; !bad && c->group[i] >= 0 && j < c->n; j++)
        if (j != i && c->group[j] == c->group[i]) {
            bad = put(d, "same_as", PyUnicode_FromString(c->recs[c->group[i]].name));
            break;
        }
    if (!bad && r->error[0]) bad = put(d, "error", PyUnicode_FromString(r->error));
    if (bad) Py_CLEAR(d);
    return d;
}

static PyObject *claim_dict(const gr_api_census_claim *cl)
{
    if (cl->differ)
        return Py_BuildValue("{s:(ss),s:s,s:O,s:K,s:(II)}", "codes", cl->a, cl->b, "source", cl->source, "same",
                             Py_False, "first_difference", (unsigned long long)cl->at, "values", cl->va, cl->vb);
    return Py_BuildValue("{s:(ss),s:s,s:O,s:K}", "codes", cl->a, cl->b, "source", cl->source, "same", Py_True, "to",
                         (unsigned long long)cl->at);
}

static PyObject *census_dict(const gr_api_census_reply *c)
{
    PyObject *codes = PyList_New((Py_ssize_t)c->n), *claims = PyList_New((Py_ssize_t)c->nclaims);
    for (size_t i = 0; codes && i < c->n; i++) {
        PyObject *d = code_dict(c, i);
        if (!d) Py_CLEAR(codes);
        else PyList_SET_ITEM(codes, (Py_ssize_t)i, d);
    }
    for (size_t k = 0; claims && k < c->nclaims; k++) {
        PyObject *d = claim_dict(&c->claims[k]);
        if (!d) Py_CLEAR(claims);
        else PyList_SET_ITEM(claims, (Py_ssize_t)k, d);
    }
    if (!codes || !claims) {
        Py_XDECREF(codes);
        Py_XDECREF(claims);
        return NULL;
    }
    return Py_BuildValue("{s:K,s:s,s:N,s:N}", "to", (unsigned long long)c->to, "dir", c->dir, "codes", codes, "claims",
                         claims);
}

PyObject *pg_census(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"codes", "to", "dir", "unsolved", "digits", "threads", "report", "max_memory",
                             "max_seconds", NULL};
    PyObject *codes, *to, *dir, *digits = Py_None, *threads = Py_None, *max_memory = NULL, *max_seconds = NULL;
    int unsolved = 0, report = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|$pOOpOO:census", kwlist, &codes, &to, &dir, &unsolved, &digits,
                                     &threads, &report, &max_memory, &max_seconds))
        return NULL;
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CENSUS, GR_FRONT_PYTHON);
    if (pg_limits(max_memory, max_seconds, &req.limits)) return NULL;
    PyObject *keep = NULL, *dir_b = NULL, *r = NULL;
    const char **words = NULL;
    size_t nwords = 0;
    gr_api_pair p[MAX_PAIRS];
    char num[MAX_PAIRS][24];
    size_t n = 0;
#define PAIR(key, v) p[n] = (gr_api_pair){key, strlen(key), v, strlen(v)}, n++
    long long x;
    if (codes_arg(codes, &keep, &words, &nwords) || pg_int_arg(to, "to", LLONG_MIN + 1, LLONG_MAX, &x)) goto done;
    snprintf(num[n], sizeof num[0], "%lld", x);
    PAIR("to", num[n]);
    if (!PyUnicode_FSConverter(dir, &dir_b)) goto done;
    PAIR("dir", PyBytes_AS_STRING(dir_b));
    if (digits != Py_None) {
        if (pg_int_arg(digits, "digits", LLONG_MIN + 1, LLONG_MAX, &x)) goto done;
        snprintf(num[n], sizeof num[0], "%lld", x);
        PAIR("digits", num[n]);
    }
    if (threads != Py_None) {
        if (pg_int_arg(threads, "threads", LLONG_MIN + 1, LLONG_MAX, &x)) goto done;
        snprintf(num[n], sizeof num[0], "%lld", x);
        PAIR("threads", num[n]);
    }
    if (unsolved) PAIR("unsolved", "1");
    if (report) PAIR("report", "1");
#undef PAIR
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_api_request_fill(&req, p, n, &err);
    if (rc) {
        r = pg_raise(&err);
        goto done;
    }
    req.census.codes = words;
    req.census.ncodes = nwords;
    /* as on the command line, a census runs as long as it takes unless told */
    req.census.max_seconds = max_seconds && max_seconds != Py_None;
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    bool stopped = false;
    rc = pg_api_call(&req, &rep, &err, &stopped);
    r = rc || stopped ? pg_failed(rc, stopped, &err) : census_dict(&rep.census);
    gr_api_reply_clear(&rep);
done:
    gr_api_request_clear(&req);
    PyMem_Free(words);
    Py_XDECREF(keep);
    Py_XDECREF(dir_b);
    return r;
}
