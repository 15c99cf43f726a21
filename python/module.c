/* The module: games(), the Game type, and what every function shares:
 * argument conversion, errors, engines kept per game, and the GIL released
 * around long computations with KeyboardInterrupt still honoured. */
#include "grundy_py.h"
#include "grundy/api.h"
#include "grundy/solve.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

/* ---- long computations without the GIL ---- */

static _Thread_local pg_call *current_call;

/* Signals are looked at every CHECK_SECONDS: often enough that Ctrl-C stops
 * a run within a second, rarely enough that taking the GIL costs nothing. */
#define CHECK_SECONDS 0.05

void pg_begin(pg_call *c)
{
    c->stopped = false;
    c->next_check = gr_monotonic_seconds() + CHECK_SECONDS;
    c->outer = current_call;
    current_call = c;
    c->ts = PyEval_SaveThread();
}

bool pg_end(pg_call *c)
{
    PyEval_RestoreThread(c->ts);
    current_call = c->outer;
    return c->stopped;
}

int pg_api_call(const gr_api_request *req, gr_api_reply *rep, gr_error *err, bool *stopped)
{
    pg_call call;
    pg_begin(&call);
    int rc = gr_api_call(NULL, req, rep, err);
    *stopped = pg_end(&call);
    return rc;
}

bool pg_should_stop(void)
{
    pg_call *c = current_call;
    if (!c) return false;
    if (c->stopped) return true;
    double t = gr_monotonic_seconds();
    if (t < c->next_check) return false;
    c->next_check = t + CHECK_SECONDS;
    PyEval_RestoreThread(c->ts);
    if (PyErr_CheckSignals() < 0) c->stopped = true;
    c->ts = PyEval_SaveThread();
    return c->stopped;
}

static int stop_hook(void *ctx)
{
    (void)ctx;
    return pg_should_stop();
}

/* ---- limits ---- */

/* "4G", "512M", "100000" (bytes), as the command line's --max-memory. */
static int parse_size(PyObject *text, double *out)
{
    Py_ssize_t len;
    const char *v = PyUnicode_AsUTF8AndSize(text, &len);
    if (!v) return -1;
    if ((size_t)len != strlen(v) || !gr_limits_parse_size(v, out)) {
        PyErr_Format(PyExc_ValueError, "max_memory=%R: expected a size such as 512M or 4G", text);
        return -1;
    }
    return 0;
}

/* A positive number (int or float) for the keyword `name`; ValueError names
 * it when it is out of range, TypeError when it is no number. */
static int positive_number(PyObject *v, const char *name, const char *what, double *out)
{
    if (PyBool_Check(v) || !(PyFloat_Check(v) || PyIndex_Check(v))) {
        PyErr_Format(PyExc_TypeError, "%s: expected %s, not %.50s", name, what, Py_TYPE(v)->tp_name);
        return -1;
    }
    double x;
    if (PyFloat_Check(v)) {
        x = PyFloat_AS_DOUBLE(v);
    } else {
        PyObject *i = PyNumber_Index(v);
        x = i ? PyLong_AsDouble(i) : -1;
        Py_XDECREF(i);
        if (x == -1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
            PyErr_Clear();
            x = -1;
        }
    }
    if (!(x > 0) || x == HUGE_VAL) {
        PyErr_Format(PyExc_ValueError, "%s: expected %s, greater than 0 and finite", name, what);
        return -1;
    }
    *out = x;
    return 0;
}

int pg_limits(PyObject *max_memory, PyObject *max_seconds, gr_limits *lim)
{
    /* the defaults ask the system for its memory size: once is enough */
    static gr_limits defaults;
    if (!defaults.max_bytes) gr_limits_default(&defaults);
    *lim = defaults;
    lim->stop = stop_hook;
    if (max_memory && max_memory != Py_None) {
        if (PyUnicode_Check(max_memory) ? parse_size(max_memory, &lim->max_bytes)
                                        : positive_number(max_memory, "max_memory", "a positive number of bytes",
                                                          &lim->max_bytes))
            return -1;
    }
    if (max_seconds && max_seconds != Py_None &&
        positive_number(max_seconds, "max_seconds", "a positive number", &lim->max_seconds))
        return -1;
    return 0;
}

/* ---- outcome rules ---- */

/* The outcome rules value() and moves() take by keyword, with a parameter:
 * the keyword is the registry's name with '_' for '-'. The rules themselves,
 * and whether a name is one, come from the registry (gr_outcome_rule_at). */
static const char *const param_keys[] = {"players", "block", "block_position"};
enum { NPARAM = sizeof param_keys / sizeof param_keys[0] };

static const gr_outcome_rule *rule_of_key(const char *key)
{
    char name[32];
    snprintf(name, sizeof name, "%s", key);
    for (char *c = name; *c; c++)
        if (*c == '_') *c = '-';
    for (size_t i = 0; i < gr_outcome_rule_count(); i++)
        if (strcmp(gr_outcome_rule_at(i)->name, name) == 0) return gr_outcome_rule_at(i);
    return NULL;
}

static int key_of_rule(const char *name)
{
    for (int k = 0; k < NPARAM; k++) {
        const gr_outcome_rule *r = rule_of_key(param_keys[k]);
        if (r && strcmp(r->name, name) == 0) return k;
    }
    return -1;
}

/* "choose one outcome rule: outcome='misere', players=n, ...", from the
 * registry. */
static void choose_one(void)
{
    char part[16][48], msg[16 * 48 + 32] = "choose one outcome rule: ";
    int np = 0;
    for (size_t i = 0; i < gr_outcome_rule_count() && np < 16; i++) {
        const char *name = gr_outcome_rule_at(i)->name;
        int k = key_of_rule(name);
        if (k >= 0) snprintf(part[np++], sizeof part[0], "%s=n", param_keys[k]);
        else if (strcmp(name, "normal") != 0) snprintf(part[np++], sizeof part[0], "outcome='%s'", name);
    }
    for (int i = 0; i < np; i++) {
        if (i) strcat(msg, i == np - 1 ? " or " : ", ");
        strcat(msg, part[i]);
    }
    PyErr_SetString(PyExc_ValueError, msg);
}

int pg_outcome(const char *outcome, PyObject *players, PyObject *block, PyObject *block_position, gr_outcome *o)
{
    PyObject *given[NPARAM] = {players, block, block_position};
    if (!outcome && (!players || players == Py_None) && (!block || block == Py_None) &&
        (!block_position || block_position == Py_None)) {
        gr_outcome_init_normal(o); /* the common call, without a look at the registry */
        return 0;
    }
    const char *name = outcome ? outcome : "normal";
    int param = 0, set = -1;
    for (int k = 0; k < NPARAM; k++) {
        if (!given[k] || given[k] == Py_None) continue;
        const gr_outcome_rule *r = rule_of_key(param_keys[k]);
        if (!r) {
            PyErr_Format(PyExc_RuntimeError, "%s=: no outcome rule of that name in this build", param_keys[k]);
            return -1;
        }
        /* outcome='players' beside players=m says the same twice: fine */
        if (set >= 0 || (strcmp(name, "normal") != 0 && strcmp(name, r->name) != 0)) return choose_one(), -1;
        long long x;
        if (pg_int_arg(given[k], param_keys[k], 1, 1000, &x)) return -1;
        param = (int)x, set = k, name = r->name;
    }
    int k = key_of_rule(name);
    if (set < 0 && k >= 0) {
        PyErr_Format(PyExc_ValueError, "outcome='%s' needs %s=n", name, param_keys[k]);
        return -1;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_outcome_init_normal(o);
    if (gr_outcome_parse(o, name, param, &err)) return pg_raise(&err), -1;
    return 0;
}

/* ---- Game ---- */

/* A Game is parsed as it is made: there is no Game without its rules, so no
 * method meets a half-made one (Game.__new__(Game) without rules raises
 * TypeError, like Game()). */
static PyObject *game_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"rules", NULL};
    const char *spec;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s:Game", kwlist, &spec)) return NULL;
    pg_game *g = (pg_game *)type->tp_alloc(type, 0);
    if (!g) return NULL;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g->g, spec, &err)) {
        Py_DECREF(g);
        return pg_raise(&err);
    }
    g->parsed = true;
    g->lock = PyThread_allocate_lock();
    if (!g->lock) {
        Py_DECREF(g);
        return PyErr_NoMemory();
    }
    return (PyObject *)g;
}

/* copy, deepcopy and pickle make a Game from its rules again. */
static PyObject *game_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    return Py_BuildValue("O(s)", (PyObject *)Py_TYPE(self), ((pg_game *)self)->g.spec);
}

static PyMethodDef game_methods[] = {
    {"__reduce__", game_reduce, METH_NOARGS, "Game(rules) again, for copy and pickle."},
    {NULL, NULL, 0, NULL},
};

static void game_dealloc(PyObject *self)
{
    pg_game *g = (pg_game *)self;
    for (int i = 0; i < g->nengines; i++) gr_engine_free(g->engines[i]);
    if (g->parsed) gr_game_release(&g->g);
    if (g->lock) PyThread_free_lock(g->lock);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *game_repr(PyObject *self)
{
    return PyUnicode_FromFormat("Game('%s')", ((pg_game *)self)->g.spec);
}

static PyObject *game_get_spec(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(((pg_game *)self)->g.spec);
}

static PyObject *game_get_name(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(((pg_game *)self)->g.rs->name);
}

static PyObject *game_get_piles(PyObject *self, void *closure)
{
    (void)closure;
    int n = ((pg_game *)self)->g.piles;
    if (n == 0) Py_RETURN_NONE;
    return PyLong_FromLong(n);
}

/* The ruleset flags by the layer's names ("heaps", "loopy", "conserves-total"). */
static PyObject *flag_names(unsigned flags)
{
    PyObject *t = PyList_New(0);
    for (unsigned i = 0; t && gr_api_game_flag_name(i); i++) {
        if (!(flags & (1u << i))) continue;
        PyObject *s = PyUnicode_FromString(gr_api_game_flag_name(i));
        if (!s || PyList_Append(t, s)) {
            Py_XDECREF(s);
            Py_DECREF(t);
            return NULL;
        }
        Py_DECREF(s);
    }
    return t;
}

static PyObject *game_get_flags(PyObject *self, void *closure)
{
    (void)closure;
    PyObject *l = flag_names(((pg_game *)self)->g.flags);
    PyObject *t = l ? PyList_AsTuple(l) : NULL;
    Py_XDECREF(l);
    return t;
}

static PyGetSetDef game_getset[] = {
    {"spec", game_get_spec, NULL, "The rules as written, e.g. 'sharing:piles=4'.", NULL},
    {"name", game_get_name, NULL, "The ruleset's name, e.g. 'sharing'.", NULL},
    {"piles", game_get_piles, NULL, "The pile count the options fix, or None when any count is allowed.", NULL},
    {"flags", game_get_flags, NULL, "Tuple of 'heaps' (a sum of heaps), 'loopy', 'conserves-total'.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject pg_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "grundy.Game",
    .tp_basicsize = sizeof(pg_game),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(rules)\n--\n\n"
              "A ruleset with its options, parsed once: Game('sharing'), Game('sharing:piles=4'),\n"
              "Game('kim:reading=R2'), Game('subtraction:1,3,4'), Game('tb:0.77').\n"
              "Bad rules raise ValueError with the command line's one-line message.\n"
              "A Game keeps the tables its searches built, so later calls on it are cheaper.\n"
              "It is parsed as it is made (Game.__new__ needs the rules too); copy and pickle\n"
              "make it again from its rules.",
    .tp_new = game_new,
    .tp_methods = game_methods,
    .tp_dealloc = game_dealloc,
    .tp_repr = game_repr,
    .tp_getset = game_getset,
};

/* Ruleset strings are parsed once and kept (a notebook calls value("nim", ...)
 * in a loop); the cache is emptied when it grows past a few dozen. */
static PyObject *game_cache;

pg_game *pg_game_from(PyObject *obj)
{
    if (PyObject_TypeCheck(obj, &pg_game_type)) {
        if (!((pg_game *)obj)->parsed) { /* game_new makes none such; a guard for what C code may do */
            PyErr_SetString(PyExc_TypeError, "game: a Game without its rules; make it with Game(rules)");
            return NULL;
        }
        Py_INCREF(obj);
        return (pg_game *)obj;
    }
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "game: expected a Game or a ruleset string, not %.50s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    PyObject *g = PyDict_GetItemWithError(game_cache, obj);
    if (g) {
        Py_INCREF(g);
        return (pg_game *)g;
    }
    if (PyErr_Occurred()) return NULL;
    g = PyObject_CallOneArg((PyObject *)&pg_game_type, obj);
    if (!g) return NULL;
    if (PyDict_Size(game_cache) >= 64) PyDict_Clear(game_cache);
    if (PyDict_SetItem(game_cache, obj, g)) {
        Py_DECREF(g);
        return NULL;
    }
    return (pg_game *)g;
}

static bool same_outcome(const gr_outcome *a, const gr_outcome *b)
{
    return a->rule == b->rule && a->param == b->param;
}

/* A new engine, or NULL with MemoryError. */
static gr_engine *engine_new(pg_game *g, const gr_outcome *o, const gr_limits *lim)
{
    gr_error err;
    gr_error_clear(&err);
    gr_engine *e = gr_engine_new(&g->g, o, lim, &err);
    if (!e) PyErr_NoMemory();
    return e;
}

gr_engine *pg_engine_get(pg_game *g, const gr_outcome *o, const gr_limits *lim, bool default_limits)
{
    if (default_limits && PyThread_acquire_lock(g->lock, NOWAIT_LOCK)) {
        for (int i = 0; i < g->nengines; i++)
            if (same_outcome(gr_engine_outcome(g->engines[i]), o)) return g->engines[i];
        if (g->nengines < PG_ENGINES) {
            gr_engine *e = engine_new(g, o, lim);
            if (e) return g->engines[g->nengines++] = e;
            PyThread_release_lock(g->lock);
            return NULL;
        }
        PyThread_release_lock(g->lock);
    }
    return engine_new(g, o, lim);
}

void pg_engine_done(pg_game *g, gr_engine *e)
{
    for (int i = 0; i < g->nengines; i++)
        if (g->engines[i] == e) {
            PyThread_release_lock(g->lock);
            return;
        }
    gr_engine_free(e);
}

/* ---- games() ---- */

/* One kind of move, as `grundy games --format json` writes it. */
static PyObject *move_dict(const gr_api_game_move *m)
{
    return Py_BuildValue("{s:s,s:s,s:s,s:s}", "kind", gr_api_move_kind_name(m->kind), "notation", m->notation,
                         "written", m->written ? m->written : "", "summary", m->summary ? m->summary : "");
}

/* The outcome rules: name, summary, the keyword that asks for one (None
 * for the default) and the range of its number (None: it takes none). */
static PyObject *outcome_rules(const gr_api_games_reply *g)
{
    PyObject *l = PyList_New(0);
    for (size_t i = 0; l && i < g->nrules; i++) {
        const gr_outcome_rule *r = g->rules[i];
        PyObject *num = r->param_max == 0 ? (Py_INCREF(Py_None), Py_None)
                                          : Py_BuildValue("{s:l,s:l}", "min", (long)r->param_min, "max",
                                                          (long)r->param_max);
        PyObject *d = num ? Py_BuildValue("{s:s,s:s,s:z,s:N}", "name", r->name, "summary", r->summary, "flag",
                                          r->param_min < 0 ? NULL : r->name, "number", num)
                          : NULL;
        if (!d || PyList_Append(l, d)) Py_CLEAR(l);
        Py_XDECREF(d);
    }
    return l;
}

static PyObject *game_dict(const gr_api_game *game, PyObject *rules)
{
    PyObject *moves = PyList_New(0);
    for (size_t k = 0; moves && k < game->nmoves; k++) {
        PyObject *m = move_dict(&game->moves[k]);
        if (!m || PyList_Append(moves, m)) Py_CLEAR(moves);
        Py_XDECREF(m);
    }
    PyObject *flags = moves ? flag_names(game->flags) : NULL;
    if (!flags) {
        Py_XDECREF(moves);
        return NULL;
    }
    Py_INCREF(rules);
    return Py_BuildValue("{s:s,s:s,s:s,s:N,s:s,s:N,s:N}", "name", game->name, "summary", game->summary, "options",
                         game->options ? game->options : "", "flags", flags, "unit", game->unit, "moves", moves,
                         "outcome_rules", rules);
}

/* The layer's games reply, converted: the same fields and values as
 * `grundy games --format json` and /api/games. */
static PyObject *games(PyObject *self, PyObject *unused)
{
    (void)self, (void)unused;
    gr_api_request req;
    gr_api_reply rep;
    gr_error err;
    gr_error_clear(&err);
    gr_api_request_init(&req, GR_API_GAMES, GR_FRONT_PYTHON);
    gr_api_reply_init(&rep);
    bool stopped = false;
    int rc = pg_api_call(&req, &rep, &err, &stopped);
    PyObject *list = NULL;
    if (rc) {
        pg_raise(&err);
    } else {
        PyObject *rules = outcome_rules(rep.games);
        list = rules ? PyList_New(0) : NULL;
        for (size_t i = 0; list && i < rep.games->n; i++) {
            PyObject *d = game_dict(&rep.games->games[i], rules);
            if (!d || PyList_Append(list, d)) Py_CLEAR(list);
            Py_XDECREF(d);
        }
        Py_XDECREF(rules);
    }
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return list;
}

/* ---- the module ---- */

static PyMethodDef methods[] = {
    {"games", games, METH_NOARGS,
     "games()\n"
     "--\n\n"
     "Returns a list of dicts. "
     "The rulesets: for each a dict with 'name', 'summary', 'options' (one line per\n"
     "option), 'flags' ('heaps', 'loopy', 'conserves-total'), 'unit' ('pile' or\n"
     "'heap'), 'moves' (each kind of move: 'kind', 'notation', 'written', 'summary')\n"
     "and 'outcome_rules' ('name', 'summary', 'flag', 'number'), as\n"
     "`grundy games --format json` and /api/games list them."},
    {"value", (PyCFunction)(void (*)(void))pg_value, METH_VARARGS | METH_KEYWORDS,
     "value(game, position, outcome='normal', *, players=None, block=None, block_position=None, max_memory=None, max_seconds=None, method=None, seq_file=None, quotient=None)\n"
     "--\n\n"
     "Returns a Value. "
     "The outcome and Grundy value of a position, by the best method there is:\n"
     "a closed form (positions of any size), the nim-sequence of a heap game, or\n"
     "a memoised search (64-bit sizes, refused up front when it would exceed the\n"
     "limits). `game` is a Game or a ruleset string; `position` a sequence of\n"
     "non-negative ints of any size, one int, or a string '3 5 9' (bytes, sets,\n"
     "mappings and bools raise TypeError). `outcome` is 'normal' or 'misere';\n"
     "players=m, block=k and block_position=k choose the other outcome rules.\n"
     "The result has .outcome ('P', 'N', 'draw' or a class letter), .value (an\n"
     "int, or None where only the outcome is known), .method (what answered) and\n"
     ".note. Bad input raises ValueError with the command line's message, a\n"
     "request over max_memory/max_seconds grundy.LimitError (a ValueError), a\n"
     "failed allocation MemoryError; Ctrl-C raises KeyboardInterrupt.\n"
     "Heap games take, as `grundy value --method M --in F --quotient F` does:\n"
     "method= (auto, period, file, sparse, fast, simple or search: how heap values\n"
     "are found; .method says which answered), seq_file= (a nim-sequence `grundy\n"
     "seq --out` stored; it must be the game's and cover the heaps) and, with\n"
     "outcome='misere', quotient= (a quotient `grundy misere --quotient --out`\n"
     "saved). A file that does not fit raises ValueError.\n\n"
     ">>> grundy.value('sharing', [3, 5, 9])\n"
     "grundy.Value(outcome='N', value=2, method='search', note=None)"},
    {"moves", (PyCFunction)(void (*)(void))pg_moves, METH_VARARGS | METH_KEYWORDS,
     "moves(game, position, outcome='normal', *, winning=False, players=None, block=None, block_position=None, max_memory=None, max_seconds=None, method=None, seq_file=None, quotient=None)\n"
     "--\n\n"
     "Returns grundy.Moves, a list of Move. "
     "Every move from the position with its result and the result's outcome and\n"
     "value; each Move has .kind ('take', 'transfer', 'split'), .source, .target\n"
     "(None unless a transfer), .amount, .result (a tuple), .outcome, .value and\n"
     ".winning. winning=True keeps the winning moves only. Beyond search, where a\n"
     "closed form applies, only the winning moves are listed (as on the command\n"
     "line). The list also has .listed ('all' or 'winning'), .total_moves and\n"
     ".method, and under block=k or block_position=k .blocking: the blocker's\n"
     "strategy as `grundy moves --block k --format json` gives it, a dict with\n"
     "'forbid' (the bans that win for the blocker at a P-position), 'mover_wins',\n"
     "'all_forbidden', 'p_options' and, for k = 1 at an N-position, 'replies'\n"
     "(the move that answers each ban). method=, seq_file= and quotient= as for\n"
     "value().\n\n"
     ">>> grundy.moves('nim', [1, 2, 4], block=1).blocking['forbid']\n"
     "['take 4 from pile 2']"},
    {"seq", (PyCFunction)(void (*)(void))pg_seq, METH_VARARGS | METH_KEYWORDS,
     "seq(game, n, *, start=0, row=None, diagonal=None, players=None, method=None, max_memory=None, max_seconds=None)\n"
     "--\n\n"
     "Returns Values. "
     "A sequence as a read-only buffer of uint32 (numpy.asarray(s) without a copy,\n"
     "array.array('I', s), memoryview(s), list(s)):\n"
     "- a heap game under normal play: the nim-sequence G(start..n) of one heap;\n"
     "  method='simple', 'fast' or 'sparse' picks the method (default: as the\n"
     "  command line, sparse from n = 50000 for codes whose moves leave at most\n"
     "  two heaps, else the fast one where it applies);\n"
     "- three-pile 'sharing': row=A gives G(0,A,x) for x = max(A,start)..n,\n"
     "  diagonal=D gives G(0,x,x+D) for x = start..n (row 0 when neither);\n"
     "- a subtraction game with players=m: the class of each heap (0: the mover\n"
     "  loses, d: the player d turns after the mover loses).\n"
     "s.start is the index of s[0]. The GIL is released while it runs."},
    {"period", (PyCFunction)(void (*)(void))pg_period, METH_VARARGS | METH_KEYWORDS,
     "period(game, n, *, players=None, method=None, max_memory=None, max_seconds=None)\n"
     "--\n\n"
     "Returns a dict. "
     "The periodicity of a heap game's nim-sequence computed to n, with its\n"
     "certificate, as `grundy seq --period --format json` gives it: 'found',\n"
     "'preperiod', 'period', 'saltus', 'checked_to' and 'certificate' (None, or\n"
     "the periodicity theorem's 'needed_to' and whether 'certified'). With\n"
     "players=m (a subtraction game): the exact period of the class sequence,\n"
     "certified by its window ('period', 'preperiod', 'window', 'certified')."},
    {"table", (PyCFunction)(void (*)(void))pg_table, METH_VARARGS | METH_KEYWORDS,
     "table(game, n, *, max_memory=None, max_seconds=None)\n"
     "--\n\n"
     "Returns 2-D Values. "
     "The three-pile Sharing Nim table: a 2-D buffer of shape (n+1, n+1) with\n"
     "t[a][b] = G(0, a, b) (every position is such a one by translation).\n"
     "`game` is 'sharing' (three piles)."},
    {"check", (PyCFunction)(void (*)(void))pg_check, METH_VARARGS | METH_KEYWORDS,
     "check(which=None, *, to=None)\n"
     "--\n\n"
     "Returns a list of dicts. "
     "Checks the papers' claims: every claim, a seed ('000') or one claim\n"
     "('000/thm-P'). Each verdict is a dict with 'id', 'statement', 'reading',\n"
     "'status' ('holds', 'fails', 'unchecked'), 'range', 'counterexample' (a\n"
     "tuple or None) and 'detail', as `grundy check --format json` gives them.\n"
     "to=N raises or lowers each claim's bound."},
    {"count", (PyCFunction)(void (*)(void))pg_count, METH_VARARGS | METH_KEYWORDS,
     "count(what, *, sum=None, xor=None, max_total=None, digits=None, ordered=False, zero=False, at_most=False, to=None, list=False)\n"
     "--\n\n"
     "Returns an int or a dict. "
     "The papers' exact enumerations, as `grundy count WHAT` gives them.\n"
     "An int, on integers of any size (seed 001):\n"
     "count('pairs', sum=S, xor=X, ordered=False, zero=False): pairs (a, b) with\n"
     "a + b = S and a ^ b = X; count('zero-nim', sum=S) or max_total=K: three-pile\n"
     "positions with nim-sum 0; count('no-carry', digits=k, at_most=False):\n"
     "positions (a, b, a+b) by binary digits.\n"
     "A dict with the members of `grundy count WHAT --format json` (numbers as\n"
     "ints, positions as tuples): count('zero-graph', sum=S, list=False): the\n"
     "zero nim-sum positions of total S linked by transfers (seed 001, 7.11-7.13):\n"
     "'count', 'moves', 'components', 'longest_chain', 'chain', and with list=True\n"
     "'positions'; count('sharing-p', to=N): P(n) of three-pile Sharing Nim for\n"
     "n <= N beside floor(n/3) (seed 000), 'rows' of (n, P(n), P(n) with piles > 0,\n"
     "floor(n/3)); count('sharing-f', to=N): 'f' with f(n) = [G(0,0,n) > 0] and\n"
     "'columns' per n mod 32. The GIL is released while the table runs."},
    {"misere", (PyCFunction)(void (*)(void))pg_misere, METH_VARARGS | METH_KEYWORDS,
     "misere(game, to=None, *, genus=False, terms=None, verify=None, out=None, resume=None, quotient=None, max_memory=None, max_seconds=None)\n"
     "--\n\n"
     "Returns a dict. "
     "A heap game's misere play, as `grundy misere --format json` gives it:\n"
     "the misere quotient of the heaps 0..to ('order' |Q|, 'p_count' |P|,\n"
     "'generators', 'relations', 'elements', 'p_portion', 'p', 'phi', 'changes',\n"
     "'mul', 'period', 'preperiod', 'heaps', 'game', 'seconds'); verify=b also\n"
     "checks it against misere search on sums of up to 3 heaps each at most b\n"
     "('verified', 'checked'); out= saves it, resume= carries on from a saved\n"
     "one (a build stopped by max_seconds= or Ctrl-C saves the heaps it\n"
     "finished to out=); quotient=FILE reads a saved quotient of the game\n"
     "instead of building one (no to=). genus=True gives the genus of each heap 0..to instead ('heaps': a\n"
     "list of dicts with 'genus', 'g', 'lambda', 'settled', 'tame';\n"
     "'first_not_tame'), terms= superscript terms (default 6)."},
    {"census", (PyCFunction)(void (*)(void))pg_census, METH_VARARGS | METH_KEYWORDS,
     "census(codes, to, dir, *, unsolved=False, digits=None, threads=None, report=False, max_memory=None, max_seconds=None)\n"
     "--\n\n"
     "Returns a dict. "
     "Octal codes by the sparse-space engine to G(0..to), each into its sequence\n"
     "file in the folder dir, as `grundy census --format json` gives it: 'to',\n"
     "'dir', 'codes' (per code 'code', 'rules', 'status', 'n', 'largest',\n"
     "'largest_at', 'mask', 'rare', 'last_rare', and 'period', 'preperiod' when\n"
     "certified, 'same_as' for equal sequences) and 'claims' (the tables' games\n"
     "listed as one, checked). codes: a str or a list of str (None: the folder's\n"
     "own); unsolved=True and digits=k add the tables' codes. The same call\n"
     "resumes a stopped census; report=True reads the folder, computing nothing.\n"
     "Without max_seconds a census runs as long as it takes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "grundy",
    .m_doc = "Impartial games of the Nim family: exact Grundy values and winning moves,\n"
             "closed forms on positions of any size, nim-sequences with certified\n"
             "periods, the three-pile Sharing Nim table, the papers' claims and counts.\n"
             "A thin layer over libgrundy (docs/python.md).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit_grundy(void)
{
    if (PyType_Ready(&pg_game_type) || PyType_Ready(&pg_values_type)) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    game_cache = PyDict_New();
    if (!game_cache || pg_errors_init(m) || pg_value_types_init(m) || pg_movelist_init(m) || PyModule_AddObjectRef(m, "Game", (PyObject *)&pg_game_type) ||
        PyModule_AddObjectRef(m, "Values", (PyObject *)&pg_values_type) ||
        PyModule_AddStringConstant(m, "__version__", "0.1.0")) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
