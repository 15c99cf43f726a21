/* Values: the sequences and tables the module returns, as a read-only buffer
 * of native uint32 ("I") that owns its memory. numpy.asarray(v) and
 * memoryview(v) share it without a copy; list(v), v[i] and array.array('I', v)
 * work without numpy. */
#include "grundy_py.h"
#include <stdlib.h>

typedef struct pg_values {
    PyObject_HEAD
    uint32_t *v;
    int ndim;
    Py_ssize_t shape[2], strides[2];
    Py_ssize_t start;
    PyObject *ruleset, *method;
} pg_values;

PyObject *pg_values_new(uint32_t *v, Py_ssize_t rows, Py_ssize_t cols, int ndim, Py_ssize_t start,
                        const char *ruleset, const char *method)
{
    pg_values *o = PyObject_New(pg_values, &pg_values_type);
    if (!o) {
        free(v);
        return NULL;
    }
    o->v = v;
    o->ndim = ndim;
    o->shape[0] = rows;
    o->shape[1] = ndim == 2 ? cols : 1;
    o->strides[0] = (Py_ssize_t)sizeof(uint32_t) * (ndim == 2 ? cols : 1);
    o->strides[1] = sizeof(uint32_t);
    if (ndim == 1) o->strides[0] = sizeof(uint32_t);
    o->start = start;
    o->ruleset = PyUnicode_FromString(ruleset);
    o->method = PyUnicode_FromString(method ? method : "");
    if (!o->ruleset || !o->method) {
        Py_DECREF(o);
        return NULL;
    }
    return (PyObject *)o;
}

static void values_dealloc(PyObject *self)
{
    pg_values *o = (pg_values *)self;
    free(o->v);
    Py_XDECREF(o->ruleset);
    Py_XDECREF(o->method);
    PyObject_Free(self);
}

static int values_getbuffer(PyObject *self, Py_buffer *view, int flags)
{
    pg_values *o = (pg_values *)self;
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "grundy.Values is read-only");
        view->obj = NULL;
        return -1;
    }
    view->obj = Py_NewRef(self);
    view->buf = o->v;
    view->len = o->shape[0] * o->shape[1] * (Py_ssize_t)sizeof(uint32_t);
    view->readonly = 1;
    view->itemsize = sizeof(uint32_t);
    view->format = (flags & PyBUF_FORMAT) ? "I" : NULL;
    view->ndim = o->ndim;
    view->shape = (flags & PyBUF_ND) ? o->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? o->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    if (o->ndim == 2 && !(flags & PyBUF_ND)) {
        /* a plain (flat) buffer of a C-contiguous table is still correct */
        view->ndim = 1;
    }
    return 0;
}

static PyBufferProcs values_buffer = {values_getbuffer, NULL};

static Py_ssize_t values_len(PyObject *self)
{
    return ((pg_values *)self)->shape[0];
}

static PyObject *values_item(PyObject *self, Py_ssize_t i)
{
    pg_values *o = (pg_values *)self;
    if (i < 0 || i >= o->shape[0]) {
        PyErr_SetString(PyExc_IndexError, "grundy.Values index out of range");
        return NULL;
    }
    if (o->ndim == 1) return PyLong_FromUnsignedLong(o->v[i]);
    PyObject *row = PyTuple_New(o->shape[1]);
    for (Py_ssize_t j = 0; row && j < o->shape[1]; j++) {
        PyObject *x = PyLong_FromUnsignedLong(o->v[i * o->shape[1] + j]);
        if (!x) {
            Py_DECREF(row);
            return NULL;
        }
        PyTuple_SET_ITEM(row, j, x);
    }
    return row;
}

static PySequenceMethods values_seq = {
    .sq_length = values_len,
    .sq_item = values_item,
};

static PyObject *values_tolist(PyObject *self, PyObject *unused)
{
    (void)unused;
    pg_values *o = (pg_values *)self;
    PyObject *l = PyList_New(o->shape[0]);
    for (Py_ssize_t i = 0; l && i < o->shape[0]; i++) {
        PyObject *x = values_item(self, i);
        if (o->ndim == 2 && x) {
            PyObject *row = PySequence_List(x);
            Py_DECREF(x);
            x = row;
        }
        if (!x) Py_CLEAR(l);
        else PyList_SET_ITEM(l, i, x);
    }
    return l;
}

static PyObject *values_repr(PyObject *self)
{
    pg_values *o = (pg_values *)self;
    if (o->ndim == 2)
        return PyUnicode_FromFormat("<grundy.Values %R shape (%zd, %zd)>", o->ruleset, o->shape[0], o->shape[1]);
    return PyUnicode_FromFormat("<grundy.Values %R [%zd..%zd], %zd values>", o->ruleset, o->start,
                                o->start + o->shape[0] - 1, o->shape[0]);
}

static PyObject *values_get_shape(PyObject *self, void *closure)
{
    (void)closure;
    pg_values *o = (pg_values *)self;
    if (o->ndim == 1) return Py_BuildValue("(n)", o->shape[0]);
    return Py_BuildValue("(nn)", o->shape[0], o->shape[1]);
}

static PyObject *values_get_start(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSsize_t(((pg_values *)self)->start);
}

static PyObject *values_get_ruleset(PyObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(((pg_values *)self)->ruleset);
}

static PyObject *values_get_method(PyObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(((pg_values *)self)->method);
}

static PyGetSetDef values_getset[] = {
    {"shape", values_get_shape, NULL, "(len,) or (rows, columns)", NULL},
    {"start", values_get_start, NULL, "the index (heap size, or column) of the first value", NULL},
    {"ruleset", values_get_ruleset, NULL, "the rules the values are of", NULL},
    {"method", values_get_method, NULL, "the method that computed them", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef values_methods[] = {
    {"tolist", values_tolist, METH_NOARGS, "tolist() -> list\n--\n\nThe values as a list (of lists for a table)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject pg_values_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "grundy.Values",
    .tp_basicsize = sizeof(pg_values),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A read-only buffer of uint32 values made by seq() or table().\n\n"
              "numpy.asarray(v) shares the memory (no copy), as does memoryview(v);\n"
              "len(v), v[i], list(v), v.tolist() and array.array('I', v) need no numpy.\n"
              "v.start is the index of v[0]; v.shape the buffer's shape.",
    .tp_dealloc = values_dealloc,
    .tp_repr = values_repr,
    .tp_as_buffer = &values_buffer,
    .tp_as_sequence = &values_seq,
    .tp_methods = values_methods,
    .tp_getset = values_getset,
};
