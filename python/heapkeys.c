/* value() and moves() with method=, seq_file= or quotient=: the answer
 * layer's call (src/api/), so that those keys are checked, and a stored
 * file is read, exactly as for `grundy value/moves --method --in
 * --quotient`. A call without them keeps the module's own path (value.c),
 * whose engines a Game keeps: an engine given a file is never kept. */
#include "grundy_py.h"
#include "grundy/api.h"
#include "grundy/buf.h"
#include <string.h>

/* The checks whose messages the module words itself: `in` is a keyword in
 * Python (seq_file=), and a method is quoted as seq()'s is. */
static int check_keys(const pg_heap_keys *k)
{
    int method;
    if (k->method && !gr_heap_method_parse(k->method, &method)) {
        PyErr_Format(PyExc_ValueError, "method='%s': expected " GR_HEAP_METHODS, k->method);
        return -1;
    }
    if (k->seq_file && !*k->seq_file) {
        PyErr_SetString(PyExc_ValueError, "seq_file=: needs a value (a file `grundy seq --out` wrote)");
        return -1;
    }
    if (k->method && strcmp(k->method, "file") == 0 && !k->seq_file) {
        PyErr_SetString(PyExc_ValueError, "method='file' needs a sequence file: seq_file=FILE");
        return -1;
    }
    return 0;
}

/* The request: rules, position and the three keys through the validator;
 * the outcome rule and limits as the module parsed them. */
static int fill(gr_api_request *req, pg_game *g, const gr_bigpos *pos, const pg_heap_keys *k, gr_error *err)
{
    gr_buf text; /* the position as text: made by GMP, so Python's int-to-str limit never applies */
    gr_buf_init(&text);
    gr_buf_bigpos(&text, pos, " ");
    if (!gr_buf_ok(&text)) {
        gr_buf_free(&text);
        return gr_fail_nomem(err);
    }
    gr_api_pair pairs[5];
    size_t n = 0;
#define PAIR(key, v) pairs[n++] = (gr_api_pair){key, strlen(key), v, strlen(v)}
    PAIR("rules", g->g.spec);
    PAIR("pos", text.s);
    if (k->method) PAIR("method", k->method);
    if (k->seq_file) PAIR("in", k->seq_file);
    if (k->quotient) PAIR("quotient", k->quotient);
#undef PAIR
    int rc = gr_api_request_fill(req, pairs, n, err);
    gr_buf_free(&text);
    return rc;
}

static PyObject *moves_object(const gr_api_reply *rep)
{
    gr_moves_summary sum = {.all_listed = rep->all_listed, .method = rep->moves_method};
    mpz_init_set(sum.total, rep->total);
    PyObject *list = pg_movelist_new(&sum, rep->winning_only);
    mpz_clear(sum.total);
    for (size_t i = 0; list && i < rep->nmoves; i++) {
        const gr_api_move *mv = &rep->moves[i];
        PyObject *m = pg_move_object(mv->kind, mv->from, mv->to, mv->amount, &mv->result, mv->outcome,
                                     mv->has_value, mv->value, mv->winning);
        if (!m || PyList_Append(list, m)) Py_CLEAR(list);
        Py_XDECREF(m);
    }
    if (list && rep->blocking && pg_movelist_set_blocking(list, rep->outcome.rule->name, &rep->block))
        Py_CLEAR(list);
    return list;
}

PyObject *pg_layer_answer(int verb, pg_game *g, const gr_bigpos *pos, const gr_outcome *o, const gr_limits *lim,
                          bool winning, const pg_heap_keys *k)
{
    if (check_keys(k)) return NULL;
    gr_api_request req;
    gr_api_request_init(&req, verb, GR_FRONT_PYTHON);
    req.outcome = *o;
    req.limits = *lim;
    req.winning = winning;
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_error err;
    gr_error_clear(&err);
    int rc = fill(&req, g, pos, k, &err);
    bool stopped = false;
    if (!rc) rc = pg_api_call(&req, &rep, &err, &stopped);
    gr_api_request_clear(&req);
    PyObject *r = rc || stopped           ? pg_failed(rc, stopped, &err)
                  : verb == GR_API_VALUE ? pg_answer_object(&rep.here)
                                          : moves_object(&rep);
    if (r && rep.has_quot &&
        (verb == GR_API_VALUE ? pg_answer_set_quotient(r, &rep.quot) : pg_movelist_set_quotient(r, &rep.quot)))
        Py_CLEAR(r);
    gr_api_reply_clear(&rep);
    return r;
}
