/* moves()'s answer: grundy.Moves, a list of Move with what the command
 * line's JSON says beside the moves (listed, total_moves, method) and, under
 * block=k / block-position=k, the blocker's strategy as the engine gives it
 * (the same dict as the "blocking" member of `grundy moves --format json`). */
#include "grundy_py.h"
#include <structmember.h>

typedef struct pg_movelist {
    PyListObject list;
    PyObject *listed, *total_moves, *method, *blocking, *quotient;
} pg_movelist;

static int movelist_traverse(PyObject *self, visitproc visit, void *arg)
{
    pg_movelist *m = (pg_movelist *)self;
    Py_VISIT(m->listed);
    Py_VISIT(m->total_moves);
    Py_VISIT(m->method);
    Py_VISIT(m->blocking);
    Py_VISIT(m->quotient);
    return PyList_Type.tp_traverse(self, visit, arg);
}

static int movelist_clear(PyObject *self)
{
    pg_movelist *m = (pg_movelist *)self;
    Py_CLEAR(m->listed);
    Py_CLEAR(m->total_moves);
    Py_CLEAR(m->method);
    Py_CLEAR(m->blocking);
    Py_CLEAR(m->quotient);
    return PyList_Type.tp_clear(self);
}

static void movelist_dealloc(PyObject *self)
{
    PyObject_GC_UnTrack(self);
    pg_movelist *m = (pg_movelist *)self;
    Py_CLEAR(m->listed);
    Py_CLEAR(m->total_moves);
    Py_CLEAR(m->method);
    Py_CLEAR(m->blocking);
    Py_CLEAR(m->quotient);
    PyList_Type.tp_dealloc(self);
}

static PyMemberDef movelist_members[] = {
    {"listed", T_OBJECT, offsetof(pg_movelist, listed), READONLY,
     "'all', or 'winning' when only the winning moves are listed (winning=True, or beyond search)"},
    {"total_moves", T_OBJECT, offsetof(pg_movelist, total_moves), READONLY,
     "the number of moves from the position, listed or not (an int of any size)"},
    {"method", T_OBJECT, offsetof(pg_movelist, method), READONLY, "what listed the moves: 'search' or a closed form"},
    {"blocking", T_OBJECT, offsetof(pg_movelist, blocking), READONLY,
     "under block=k or block_position=k the blocker's strategy, a dict: 'rule', 'k', 'p_options' (moves or\n"
     "distinct positions leading to P), 'forbid' (the blocker's bans at a P-position), 'mover_wins',\n"
     "'all_forbidden', 'replies' (k = 1 at an N-position: {'forbidden', 'play', 'result'} per ban);\n"
     "None under other outcome rules"},
    {"quotient", T_OBJECT, offsetof(pg_movelist, quotient), READONLY,
     "misere play of a heap game: the position's element of the game's misere quotient, a dict: 'element'\n"
     "(a word in the generators), 'index', 'P' (in the P-portion: a misere P-position), 'order', 'p_count',\n"
     "'heaps', 'period', 'preperiod' (what the quotient covers); else None"},
    {NULL},
};

PyTypeObject pg_movelist_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "grundy.Moves",
    .tp_basicsize = sizeof(pg_movelist),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The moves of a position (a list of Move) with .listed, .total_moves, .method and .blocking.",
    .tp_traverse = movelist_traverse,
    .tp_clear = movelist_clear,
    .tp_dealloc = movelist_dealloc,
    .tp_members = movelist_members,
};

int pg_movelist_init(PyObject *module)
{
    pg_movelist_type.tp_base = &PyList_Type;
    if (PyType_Ready(&pg_movelist_type)) return -1;
    return PyModule_AddObjectRef(module, "Moves", (PyObject *)&pg_movelist_type);
}

int pg_movelist_set_quotient(PyObject *list, const gr_quotient_element *q)
{
    PyObject *d = pg_quotient_dict(q);
    if (!d) return -1;
    pg_movelist *m = (pg_movelist *)list;
    Py_XSETREF(m->quotient, d);
    return 0;
}

PyObject *pg_movelist_new(const gr_moves_summary *sum, bool only_winning)
{
    PyObject *r = PyObject_CallNoArgs((PyObject *)&pg_movelist_type);
    if (!r) return NULL;
    pg_movelist *m = (pg_movelist *)r;
    m->listed = PyUnicode_FromString(sum->all_listed && !only_winning ? "all" : "winning");
    m->total_moves = pg_from_mpz(sum->total);
    m->method = PyUnicode_FromString(sum->method ? sum->method : "search");
    m->blocking = Py_NewRef(Py_None);
    m->quotient = Py_NewRef(Py_None);
    if (!m->listed || !m->total_moves || !m->method) Py_CLEAR(r);
    return r;
}

/* A list of str from the strategy's moves: their text, or under
 * block-position their resulting position. */
static PyObject *bans(const gr_block_strategy *s)
{
    PyObject *l = PyList_New(0);
    for (size_t j = 0; l && s->p && j < s->units; j++) {
        PyObject *t = PyUnicode_FromString(s->by_position ? s->to_p[j].key : s->to_p[j].text);
        if (!t || PyList_Append(l, t)) Py_CLEAR(l);
        Py_XDECREF(t);
    }
    return l;
}

/* For k = 1 at an N-position: each ban that matters and the reply to it. */
static PyObject *replies(const gr_block_strategy *s)
{
    PyObject *l = PyList_New(0);
    for (size_t j = 0; l && !s->p && s->k == 1 && j < s->units; j++) {
        const gr_block_move *e = &s->to_p[j], *r = &s->to_p[gr_block_reply(j)];
        PyObject *d = Py_BuildValue("{s:s,s:s,s:s}", "forbidden", s->by_position ? e->key : e->text, "play", r->text,
                                    "result", r->result);
        if (!d || PyList_Append(l, d)) Py_CLEAR(l);
        Py_XDECREF(d);
    }
    return l;
}

int pg_movelist_set_blocking(PyObject *list, const char *rule, const gr_block_strategy *s)
{
    PyObject *forbid = bans(s), *reply = replies(s);
    PyObject *d = forbid && reply ? Py_BuildValue("{s:s,s:i,s:n,s:O,s:O,s:O,s:O}", "rule", rule, "k", s->k,
                                                  "p_options", (Py_ssize_t)s->units, "forbid", forbid, "mover_wins",
                                                  s->p ? Py_False : Py_True, "all_forbidden",
                                                  s->all_forbidden ? Py_True : Py_False, "replies", reply)
                                  : NULL;
    Py_XDECREF(forbid);
    Py_XDECREF(reply);
    if (!d) return -1;
    Py_SETREF(((pg_movelist *)list)->blocking, d);
    return 0;
}
