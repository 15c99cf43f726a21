/* The library's failures as Python exceptions: one class per status code
 * (grundy/error.h), never guessed from the message, and worded by the answer
 * layer for Python (a limit names its keyword: "; raise with max_memory="). */
#include "grundy_py.h"
#include "grundy/api.h"

PyObject *pg_limit_error;

int pg_errors_init(PyObject *module)
{
    /* A subclass of ValueError: code written when refusals were ValueError
     * still catches them. */
    pg_limit_error = PyErr_NewExceptionWithDoc(
        "grundy.LimitError",
        "A request refused up front by its estimate, or stopped, because it would pass a limit\n"
        "(max_memory=, max_seconds=, or a method's own bound). A subclass of ValueError.",
        PyExc_ValueError, NULL);
    if (!pg_limit_error) return -1;
    return PyModule_AddObjectRef(module, "LimitError", pg_limit_error);
}

static PyObject *exception_of(int code)
{
    switch (code) {
    case GR_EINPUT: return PyExc_ValueError;
    case GR_ELIMIT: return pg_limit_error;
    case GR_ENOMEM: return PyExc_MemoryError;
    case GR_EINTR: return PyExc_KeyboardInterrupt;
    default: return PyExc_RuntimeError;
    }
}

PyObject *pg_raise_code(int code, const gr_error *err)
{
    if (err && err->code) code = err->code;
    if (!err || !err->msg[0]) {
        PyErr_SetString(exception_of(code), gr_status_name(code));
        return NULL;
    }
    gr_buf b;
    gr_buf_init(&b);
    gr_api_error_text(&b, GR_FRONT_PYTHON, err);
    PyErr_SetString(exception_of(code), gr_buf_ok(&b) ? b.s : err->msg);
    gr_buf_free(&b);
    return NULL;
}

PyObject *pg_raise(const gr_error *err)
{
    return pg_raise_code(err->code ? err->code : GR_EINTERNAL, err);
}

PyObject *pg_failed(int rc, bool stopped, const gr_error *err)
{
    if (stopped) {
        if (!PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
        return NULL;
    }
    return rc ? pg_raise_code(rc, err) : NULL;
}
