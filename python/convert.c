/* Python values in and out: positions, int arguments with their ranges, and
 * ints of any size as GMP integers. Big ints travel as bytes (int.to_bytes,
 * int.from_bytes), never as decimal text, so Python's int-to-str digit limit
 * (sys.set_int_max_str_digits) never applies to a pile. */
#include "grundy_py.h"
#include <string.h>

/* ---- ints of any size ---- */

/* CPython before 3.13 converts an int to and from bytes directly with two
 * functions it exports for its own modules; from 3.13 on, where their
 * signatures change, the module calls int.to_bytes and int.from_bytes,
 * which cost a method call more (PG_BYTES_BY_METHOD builds that path on
 * any version). */
#if PY_VERSION_HEX >= 0x030D0000 && !defined(PG_BYTES_BY_METHOD)
#define PG_BYTES_BY_METHOD 1
#endif

/* Bytes for a conversion: on the stack for piles up to 2048 bits. */
typedef struct bytes_buf {
    unsigned char small[256], *p;
} bytes_buf;

static unsigned char *buf_get(bytes_buf *b, size_t n)
{
    b->p = n <= sizeof b->small ? b->small : PyMem_Malloc(n);
    if (!b->p) PyErr_NoMemory();
    return b->p;
}

static void buf_free(bytes_buf *b)
{
    if (b->p != b->small) PyMem_Free(b->p);
}

/* A non-negative exact int past 63 bits into z. */
static int mpz_from_big(PyObject *v, mpz_t z)
{
#ifdef PG_BYTES_BY_METHOD
    PyObject *bits = PyObject_CallMethod(v, "bit_length", NULL);
    Py_ssize_t nbits = bits ? PyLong_AsSsize_t(bits) : -1;
    Py_XDECREF(bits);
    if (nbits < 0) return -1;
    PyObject *b = PyObject_CallMethod(v, "to_bytes", "ns", (nbits + 7) / 8, "little");
    if (!b) return -1;
    mpz_import(z, (size_t)PyBytes_GET_SIZE(b), -1, 1, 0, 0, PyBytes_AS_STRING(b));
    Py_DECREF(b);
    return 0;
#else
    size_t nbits = _PyLong_NumBits(v);
    if (nbits == (size_t)-1 && PyErr_Occurred()) return -1;
    size_t n = (nbits + 7) / 8;
    bytes_buf b;
    if (!buf_get(&b, n)) return -1;
    int rc = _PyLong_AsByteArray((PyLongObject *)v, b.p, n, 1, 0);
    if (!rc) mpz_import(z, n, -1, 1, 0, 0, b.p);
    buf_free(&b);
    return rc;
#endif
}

PyObject *pg_from_mpz(mpz_srcptr z)
{
    if (mpz_fits_slong_p(z)) return PyLong_FromLong(mpz_get_si(z));
    size_t n = (mpz_sizeinbase(z, 2) + 7) / 8, count = 0;
    bytes_buf b;
    if (!buf_get(&b, n)) return NULL;
    mpz_export(b.p, &count, -1, 1, 0, 0, z);
#ifdef PG_BYTES_BY_METHOD
    PyObject *r = PyObject_CallMethod((PyObject *)&PyLong_Type, "from_bytes", "y#s", (const char *)b.p,
                                      (Py_ssize_t)count, "little");
#else
    PyObject *r = _PyLong_FromByteArray(b.p, count, 1, 0);
#endif
    buf_free(&b);
    if (r && mpz_sgn(z) < 0) Py_SETREF(r, PyNumber_Negative(r));
    return r;
}

PyObject *pg_from_bigpos(const gr_bigpos *pos)
{
    PyObject *t = PyTuple_New(pos->n);
    for (int i = 0; t && i < pos->n; i++) {
        PyObject *v = pg_from_mpz(pos->p[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* An int in Python's sense: int or an object with __index__ (numpy's
 * integers), but not bool, which is an int only by accident of history. */
static bool is_int(PyObject *v)
{
    return !PyBool_Check(v) && PyIndex_Check(v) && !PyFloat_Check(v);
}

int pg_int_arg(PyObject *v, const char *name, long long lo, long long hi, long long *out)
{
    if (!is_int(v)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int, not %.50s", name, Py_TYPE(v)->tp_name);
        return -1;
    }
    PyObject *i = PyNumber_Index(v);
    if (!i) return -1;
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(i, &overflow);
    Py_DECREF(i);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s: %s; expected an integer from %lld to %lld", name,
                     overflow > 0 ? "too large" : "too small", lo, hi);
        return -1;
    }
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "%s=%lld: expected an integer from %lld to %lld", name, x, lo, hi);
        return -1;
    }
    *out = x;
    return 0;
}

int pg_mpz_arg(PyObject *v, const char *name, mpz_t z)
{
    if (!is_int(v)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int, not %.50s", name, Py_TYPE(v)->tp_name);
        return -1;
    }
    PyObject *i = PyNumber_Index(v);
    if (!i) return -1;
    int overflow, rc = 0;
    long long x = PyLong_AsLongLongAndOverflow(i, &overflow);
    if (x == -1 && PyErr_Occurred()) rc = -1;
    else if (overflow < 0 || (!overflow && x < 0))
        PyErr_Format(PyExc_ValueError, "%s: expected a non-negative integer", name), rc = -1;
    else if (overflow) rc = mpz_from_big(i, z);
    else mpz_set_ui(z, (unsigned long)x);
    Py_DECREF(i);
    return rc;
}

/* ---- positions ---- */

/* Pile `index` of a position into pos. */
static int push_pile(gr_bigpos *pos, PyObject *item, Py_ssize_t index, mpz_t z)
{
    if (!is_int(item)) {
        PyErr_Format(PyExc_TypeError, "position: pile %zd is %.50s, not an int", index, Py_TYPE(item)->tp_name);
        return -1;
    }
    PyObject *i = PyNumber_Index(item);
    if (!i) return -1;
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    int rc = 0;
    if (v == -1 && PyErr_Occurred()) {
        rc = -1;
    } else if (!overflow && v >= 0) {
        mpz_set_ui(z, (unsigned long)v);
    } else if (overflow > 0) {
        rc = mpz_from_big(i, z);
    } else {
        /* negative: the command line's message for the same token, when the
         * token is short enough to write */
        gr_error err;
        gr_error_clear(&err);
        char token[32];
        if (!overflow) {
            snprintf(token, sizeof token, "%lld", v);
            gr_bigpos_push_token(pos, token, strlen(token), &err);
        }
        if (!err.code) gr_fail(&err, GR_EINPUT, "pile %zd is negative; sizes are non-negative integers", index);
        pg_raise(&err);
        rc = -1;
    }
    Py_DECREF(i);
    if (!rc && gr_bigpos_push(pos, z)) return PyErr_NoMemory(), -1;
    return rc;
}

/* The text form, "3 5 9" or "3,5,9", read as the command line reads it. */
static int text_position(PyObject *obj, gr_bigpos *pos)
{
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
    if (!s) return -1;
    if ((Py_ssize_t)strlen(s) != len) {
        PyErr_SetString(PyExc_ValueError, "position: the text holds a NUL character");
        return -1;
    }
    gr_error err;
    gr_error_clear(&err);
    if (gr_bigpos_parse(pos, s, &err)) return pg_raise(&err), -1;
    return 0;
}

/* What looks like a position and is not one: a TypeError naming why. */
static int refuse_type(PyObject *obj)
{
    const char *why = NULL;
    if (PyBool_Check(obj)) why = "a bool is not a pile size; give an int";
    else if (PyBytes_Check(obj) || PyByteArray_Check(obj) || PyMemoryView_Check(obj))
        why = "bytes are not a position; give ints, or decode them to str for the text form";
    else if (PyAnySet_Check(obj)) why = "a set has no order and no repeated piles; give a list or tuple of ints";
    else if (PyDict_Check(obj) || PyObject_HasAttrString(obj, "keys"))
        why = "a mapping is not a position; give a list or tuple of ints";
    if (!why) return 0;
    PyErr_Format(PyExc_TypeError, "position: %s (got %.50s)", why, Py_TYPE(obj)->tp_name);
    return -1;
}

/* The piles of a sequence into pos. */
static int sequence_position(PyObject *obj, gr_bigpos *pos, mpz_t z)
{
    PyObject *seq = PySequence_Fast(obj, "position: expected a sequence of ints, an int or a string");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int rc = 0;
    for (Py_ssize_t i = 0; !rc && i < n; i++) rc = push_pile(pos, items[i], i, z);
    Py_DECREF(seq);
    return rc;
}

int pg_position(PyObject *obj, gr_bigpos *pos)
{
    int rc = 0;
    mpz_t z;
    mpz_init(z);
    if (PyUnicode_Check(obj)) {
        rc = text_position(obj, pos);
    } else if (PyList_CheckExact(obj) || PyTuple_CheckExact(obj)) { /* the common case, first */
        rc = sequence_position(obj, pos, z);
    } else if (refuse_type(obj)) {
        rc = -1;
    } else if (is_int(obj) && !PySequence_Check(obj)) { /* numpy's arrays have __index__ too */
        rc = push_pile(pos, obj, 0, z);
    } else if (PySequence_Check(obj)) {
        rc = sequence_position(obj, pos, z);
    } else {
        PyErr_Format(PyExc_TypeError, "position: expected a sequence of ints, an int or a string, not %.50s",
                     Py_TYPE(obj)->tp_name);
        rc = -1;
    }
    mpz_clear(z);
    if (!rc && pos->n == 0) {
        PyErr_SetString(PyExc_ValueError, "empty position: give at least one pile size");
        rc = -1;
    }
    return rc;
}
