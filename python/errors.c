/* The library's failures as Python exceptions: one class per status code
 * (grundy/error.h), never guessed from the message, and the message in
 * Python's words where it names a knob of the command line. */
#include "grundy_py.h"
#include <string.h>

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

/* The command line's names of the limits and the keywords that set them in
 * Python. The library words its refusals for the command line; until it
 * carries the knob as data, this is the one place that translates. */
static const struct {
    const char *cli, *py;
} knobs[] = {
    {"--max-memory", "max_memory="},
    {"--max-seconds", "max_seconds="},
};

void pg_knob_words(const char *msg, char *out, size_t len)
{
    size_t o = 0;
    while (*msg && o + 1 < len) {
        size_t k = 0, nk = sizeof knobs / sizeof knobs[0];
        while (k < nk && strncmp(msg, knobs[k].cli, strlen(knobs[k].cli)) != 0) k++;
        if (k == nk) {
            out[o++] = *msg++;
            continue;
        }
        size_t w = strlen(knobs[k].py);
        if (o + w >= len) break;
        memcpy(out + o, knobs[k].py, w);
        o += w;
        msg += strlen(knobs[k].cli);
    }
    out[o] = '\0';
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
    char msg[sizeof err->msg + 64];
    pg_knob_words(err && err->msg[0] ? err->msg : gr_status_name(code), msg, sizeof msg);
    PyErr_SetString(exception_of(code), msg);
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
