/* value() and moves(): one engine call each, the answer as struct
 * sequences (named, tuple-like, cheap to make). */
#include "grundy_py.h"
#include "grundy/api.h"
#include <string.h>
#include <time.h>

PyTypeObject *pg_value_type, *pg_move_type;

static PyStructSequence_Field value_fields[] = {
    {"outcome", "'P' (the mover loses), 'N', 'draw', or a class letter for m players"},
    {"value", "the Grundy value as an int of any size, or None where only the outcome is known"},
    {"method", "what answered: a closed form's name, 'search', 'nim-sequence', ..."},
    {"note", "None, or why the value is missing"},
    /* an attribute only (not unpacked): a Value stays a 4-tuple */
    {"quotient", "misere play of a heap game: the position's element of the misere quotient (a dict), else None"},
    {NULL, NULL},
};

static PyStructSequence_Desc value_desc = {
    "grundy.Value",
    "The answer for one position: outcome, value, method, note (and the attribute quotient).",
    value_fields,
    4,
};

static PyStructSequence_Field move_fields[] = {
    {"kind", "'take', 'transfer' or 'split'"},
    {"source", "the pile moved from (0-based)"},
    {"target", "the pile moved to (a transfer), else None"},
    {"amount", "tokens taken or moved"},
    {"result", "the resulting position, piles in the order given"},
    {"outcome", "the result's outcome"},
    {"value", "the result's Grundy value, or None"},
    {"winning", "True when the move wins (the outcome rule prescribes it)"},
    {NULL, NULL},
};

static PyStructSequence_Desc move_desc = {
    "grundy.Move", "One move with its result: kind, source, target, amount, result, outcome, value, winning.",
    move_fields, 8,
};

int pg_value_types_init(PyObject *module)
{
    pg_value_type = PyStructSequence_NewType(&value_desc);
    pg_move_type = pg_value_type ? PyStructSequence_NewType(&move_desc) : NULL;
    if (!pg_move_type) return -1;
    if (PyModule_AddObjectRef(module, "Value", (PyObject *)pg_value_type) ||
        PyModule_AddObjectRef(module, "Move", (PyObject *)pg_move_type))
        return -1;
    return 0;
}

/* The few labels and method names there are, made Python strings once (a
 * new string per call is a good part of a small call's cost). */
static PyObject *label_string(const char *s)
{
    static struct {
        char text[64];
        PyObject *str;
    } seen[48];
    static int nseen;
    for (int i = 0; i < nseen; i++)
        if (strcmp(seen[i].text, s) == 0) return Py_NewRef(seen[i].str);
    PyObject *str = PyUnicode_InternFromString(s);
    if (str && nseen < 48 && strlen(s) < sizeof seen[0].text) {
        strcpy(seen[nseen].text, s);
        seen[nseen++].str = Py_NewRef(str);
    }
    return str;
}

PyObject *pg_answer_object(const gr_answer *a)
{
    PyObject *r = PyStructSequence_New(pg_value_type);
    if (!r) return NULL;
    PyObject *outcome = label_string(a->outcome);
    PyObject *value = a->has_value ? pg_from_mpz(a->value) : Py_NewRef(Py_None);
    PyObject *method = label_string(a->method ? a->method : "search");
    PyObject *note = a->value_needs_search ? PyUnicode_FromString("the exact value needs search, which is out of reach here")
                                           : Py_NewRef(Py_None);
    PyStructSequence_SET_ITEM(r, 0, outcome);
    PyStructSequence_SET_ITEM(r, 1, value);
    PyStructSequence_SET_ITEM(r, 2, method);
    PyStructSequence_SET_ITEM(r, 3, note);
    PyStructSequence_SET_ITEM(r, 4, Py_NewRef(Py_None));
    if (!outcome || !value || !method || !note) {
        Py_DECREF(r);
        return NULL;
    }
    return r;
}

int pg_answer_set_quotient(PyObject *value, const gr_quotient_element *q)
{
    PyObject *d = pg_quotient_dict(q);
    if (!d) return -1;
    PyObject *old = PyStructSequence_GetItem(value, 4);
    PyStructSequence_SetItem(value, 4, d); /* steals d, leaves old */
    Py_XDECREF(old);
    return 0;
}

/* The arguments value() and moves() share. */
typedef struct request {
    pg_game *game;
    gr_bigpos pos;
    gr_outcome outcome;
    gr_limits limits;
    bool default_limits;
} request;

static int request_parse(request *q, PyObject *game, PyObject *position, const char *outcome, PyObject *players,
                         PyObject *block, PyObject *block_position, PyObject *max_memory, PyObject *max_seconds)
{
    gr_bigpos_init(&q->pos);
    q->default_limits = (!max_memory || max_memory == Py_None) && (!max_seconds || max_seconds == Py_None);
    q->game = NULL;
    if (pg_outcome(outcome, players, block, block_position, &q->outcome) ||
        pg_limits(max_memory, max_seconds, &q->limits) || pg_position(position, &q->pos))
        return -1;
    q->game = pg_game_from(game);
    return q->game ? 0 : -1;
}

static void request_free(request *q)
{
    gr_bigpos_clear(&q->pos);
    Py_XDECREF(q->game);
}

/* The request parsed and the engine for it; NULL (q freed, an exception
 * set) when either fails. */
static gr_engine *request_engine(request *q, PyObject *game, PyObject *position, const char *outcome,
                                 PyObject *players, PyObject *block, PyObject *block_position, PyObject *max_memory,
                                 PyObject *max_seconds)
{
    gr_engine *e = NULL;
    if (!request_parse(q, game, position, outcome, players, block, block_position, max_memory, max_seconds))
        e = pg_engine_get(q->game, &q->outcome, &q->limits, q->default_limits);
    if (!e) request_free(q);
    return e;
}

PyObject *pg_value(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "position", "outcome", "players", "block", "block_position",
                             "max_memory", "max_seconds", "method", "seq_file", "quotient", NULL};
    PyObject *game, *position, *players = NULL, *block = NULL, *block_position = NULL, *max_memory = NULL,
                                *max_seconds = NULL;
    const char *outcome = NULL;
    pg_heap_keys keys = {NULL, NULL, NULL};
    if (!kw && PyTuple_GET_SIZE(args) == 2) {
        /* value(game, position): the common call, without the keyword parser */
        game = PyTuple_GET_ITEM(args, 0);
        position = PyTuple_GET_ITEM(args, 1);
    } else if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|s$OOOOOzzz:value", kwlist, &game, &position, &outcome,
                                            &players, &block, &block_position, &max_memory, &max_seconds,
                                            &keys.method, &keys.seq_file, &keys.quotient)) {
        return NULL;
    }
    request q;
    if (pg_heap_keys_given(&keys)) {
        PyObject *r = NULL;
        if (!request_parse(&q, game, position, outcome, players, block, block_position, max_memory, max_seconds))
            r = pg_layer_answer(GR_API_VALUE, q.game, &q.pos, &q.outcome, &q.limits, false, &keys);
        request_free(&q);
        return r;
    }
    gr_engine *e = request_engine(&q, game, position, outcome, players, block, block_position, max_memory, max_seconds);
    if (!e) return NULL;
    gr_answer ans;
    gr_answer_init(&ans);
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    int rc = gr_engine_value(e, &q.pos, &ans, &err);
    gr_quotient_element el;
    bool has_quot = !rc && gr_engine_quotient_element(e, &q.pos, &el); /* misere heap sums only */
    bool stopped = pg_end(&call);
    pg_engine_done(q.game, e);
    PyObject *r = rc || stopped ? pg_failed(rc, stopped, &err) : pg_answer_object(&ans);
    if (r && has_quot && pg_answer_set_quotient(r, &el)) Py_CLEAR(r);
    gr_answer_clear(&ans);
    request_free(&q);
    return r;
}

/* ---- moves ---- */

/* Moves arrive while the GIL is released, so they are copied into C memory
 * first and made Python objects afterwards. */
typedef struct found {
    int kind, src, dst;
    mpz_t amount;
    gr_bigpos result;
    char outcome[16];
    bool has_value, winning;
    mpz_t value;
} found;

/* The list is held whole, then made into Python objects: the call's memory
 * and time limits bound it as they bound a search (a heap of 411 in
 * tb:0.72u3 has 489,401 moves: 340 MB). */
typedef struct collect {
    bool only_winning;
    found *found;
    size_t n, cap;
    const gr_limits *lim;
    gr_error *err;
    double bytes;      /* the list's memory so far, its Move objects too (estimate) */
    double deadline;   /* monotonic seconds; checked every CHECK_EVERY moves */
    size_t seen;       /* moves the engine handed over, kept or not */
} collect;

#define CHECK_EVERY 256

/* A kept move's memory: its entry (twice: the array grows by doubling), each
 * heap of its result (an mpz, its limbs, the allocator's overhead), and its
 * Move (a struct sequence of eight items, the result a tuple of ints). */
static double found_bytes(const found *f)
{
    return 2.0 * sizeof *f + 48.0 * f->result.n + 400 + 40.0 * f->result.n;
}

static int keep_move(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    collect *c = ctx;
    if (++c->seen % CHECK_EVERY == 0 && gr_monotonic_seconds() > c->deadline)
        return gr_fail_limit(c->err, GR_KNOB_SECONDS, "listing the moves: stopped after %zu moves at the time limit of %.3g s",
                             c->seen, c->lim->max_seconds);
    if (c->only_winning && !winning) return 0;
    if (c->n == c->cap) { /* not GR_GROW: the module sees only the public grundy.h */
        size_t cap = c->cap ? 2 * c->cap : 16;
        found *f = realloc(c->found, cap * sizeof *f);
        if (!f) return GR_ENOMEM;
        c->found = f;
        c->cap = cap;
    }
    found *f = &c->found[c->n++];
    f->kind = mv->kind;
    f->src = mv->src;
    f->dst = mv->dst;
    mpz_init_set(f->amount, mv->amount);
    gr_bigpos_init(&f->result);
    mpz_init(f->value); /* all three made before anything can fail: collect_free clears them */
    if (gr_bigpos_copy(&f->result, mv->result)) return GR_ENOMEM;
    snprintf(f->outcome, sizeof f->outcome, "%s", res->outcome);
    f->has_value = res->has_value;
    if (res->has_value) mpz_set(f->value, res->value);
    f->winning = winning;
    c->bytes += found_bytes(f);
    if (c->bytes > c->lim->max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "listing the moves: %zu moves take about %.0f bytes, over the memory limit",
                             c->n, c->bytes);
    return pg_should_stop() ? GR_EINTR : 0;
}

static void collect_free(collect *c)
{
    for (size_t i = 0; i < c->n; i++) {
        mpz_clear(c->found[i].amount);
        mpz_clear(c->found[i].value);
        gr_bigpos_clear(&c->found[i].result);
    }
    free(c->found);
}

PyObject *pg_move_object(int kind, int src, int dst, mpz_srcptr amount, const gr_bigpos *result,
                         const char *outcome, bool has_value, mpz_srcptr value, bool winning)
{
    /* enum gr_move_kind's names, as `grundy moves --format json` writes them:
     * the library has no function naming a move kind yet. */
    static const char *kinds[] = {"?", "take", "transfer", "split"};
    PyObject *r = PyStructSequence_New(pg_move_type);
    if (!r) return NULL;
    PyObject *items[8] = {
        PyUnicode_FromString(kinds[kind >= 1 && kind <= 3 ? kind : 0]),
        PyLong_FromLong(src),
        dst >= 0 ? PyLong_FromLong(dst) : Py_NewRef(Py_None),
        pg_from_mpz(amount),
        pg_from_bigpos(result),
        label_string(outcome),
        has_value ? pg_from_mpz(value) : Py_NewRef(Py_None),
        PyBool_FromLong(winning),
    };
    bool ok = true;
    for (int i = 0; i < 8; i++) {
        if (!items[i]) ok = false;
        PyStructSequence_SET_ITEM(r, i, items[i]);
    }
    if (!ok) Py_CLEAR(r);
    return r;
}

static PyObject *move_object(const found *f)
{
    return pg_move_object(f->kind, f->src, f->dst, f->amount, &f->result, f->outcome, f->has_value, f->value,
                          f->winning);
}

/* The moves as a grundy.Moves list, with the blocker's strategy when s is
 * not NULL. */
static PyObject *move_list(const collect *c, const gr_moves_summary *sum, const gr_outcome *o,
                           const gr_block_strategy *s)
{
    PyObject *list = pg_movelist_new(sum, c->only_winning);
    for (size_t i = 0; list && i < c->n; i++) {
        PyObject *m = move_object(&c->found[i]);
        if (!m || PyList_Append(list, m)) Py_CLEAR(list);
        Py_XDECREF(m);
    }
    if (list && s && pg_movelist_set_blocking(list, o->rule->name, s)) Py_CLEAR(list);
    return list;
}

/* The engine's calls for moves(), run without the GIL. */
static int find_moves(gr_engine *e, const gr_bigpos *pos, collect *c, gr_moves_summary *sum,
                      gr_block_strategy *s, gr_quotient_element *el, bool *has_quot, gr_error *err)
{
    gr_answer here;
    gr_answer_init(&here);
    c->deadline = gr_monotonic_seconds() + c->lim->max_seconds;
    c->err = err;
    int rc = gr_engine_value(e, pos, &here, err);
    gr_answer_clear(&here);
    *has_quot = !rc && gr_engine_quotient_element(e, pos, el); /* misere heap sums only */
    if (!rc) rc = gr_engine_moves(e, pos, keep_move, c, sum, err);
    if (rc == GR_ENOMEM && !err->code) gr_fail_nomem(err); /* keep_move's failures leave err unset */
    if (!rc && s) rc = gr_engine_block_strategy(e, pos, s, err);
    return rc;
}

PyObject *pg_moves(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"game", "position", "outcome", "winning", "players", "block", "block_position",
                             "max_memory", "max_seconds", "method", "seq_file", "quotient", NULL};
    PyObject *game, *position, *players = NULL, *block = NULL, *block_position = NULL, *max_memory = NULL,
                                *max_seconds = NULL;
    const char *outcome = NULL;
    int winning = 0;
    pg_heap_keys keys = {NULL, NULL, NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|s$pOOOOOzzz:moves", kwlist, &game, &position, &outcome, &winning,
                                     &players, &block, &block_position, &max_memory, &max_seconds, &keys.method,
                                     &keys.seq_file, &keys.quotient))
        return NULL;
    request q;
    if (pg_heap_keys_given(&keys)) {
        PyObject *r = NULL;
        if (!request_parse(&q, game, position, outcome, players, block, block_position, max_memory, max_seconds))
            r = pg_layer_answer(GR_API_MOVES, q.game, &q.pos, &q.outcome, &q.limits, winning != 0, &keys);
        request_free(&q);
        return r;
    }
    gr_engine *e = request_engine(&q, game, position, outcome, players, block, block_position, max_memory, max_seconds);
    if (!e) return NULL;
    collect c = {.only_winning = winning != 0, .lim = &q.limits};
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    gr_block_strategy strategy, *s = NULL;
    if (gr_outcome_is_block(&q.outcome) || gr_outcome_is_block_position(&q.outcome)) s = &strategy;
    gr_error err;
    gr_error_clear(&err);
    pg_call call;
    pg_begin(&call);
    gr_quotient_element el;
    bool has_quot;
    int rc = find_moves(e, &q.pos, &c, &sum, s, &el, &has_quot, &err);
    bool stopped = pg_end(&call);
    pg_engine_done(q.game, e);
    PyObject *list = rc || stopped ? pg_failed(rc, stopped, &err) : move_list(&c, &sum, &q.outcome, s);
    if (list && has_quot && pg_movelist_set_quotient(list, &el)) Py_CLEAR(list);
    if (s && !rc) gr_block_strategy_clear(s);
    collect_free(&c);
    gr_moves_summary_clear(&sum);
    request_free(&q);
    return list;
}
