/* The Python module `grundy`: a thin layer over the public C API (grundy.h).
 *
 * Each file holds one group of functions: module.c the module, games() and
 * the Game type; errors.c the exceptions; convert.c positions and ints in
 * and out; value.c value() and moves(); moves.c the Moves list type
 * moves() returns; values.c the Values buffer type; seq.c seq(), period()
 * and table(); claims.c check(); counts.c count(); census.c census();
 * misere.c misere().
 * This header holds what they share: argument conversion and the rules for
 * running long computations without the GIL. */
#ifndef GRUNDY_PY_H
#define GRUNDY_PY_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include "grundy.h"

/* A parsed ruleset, with engines kept between calls (one per outcome rule),
 * so that a second search reuses the first one's table. */
#define PG_ENGINES 4
typedef struct pg_game {
    PyObject_HEAD
    gr_game g;
    bool parsed;
    PyThread_type_lock lock;       /* held while a call uses the engines */
    int nengines;
    gr_engine *engines[PG_ENGINES]; /* owned: freed with the game */
} pg_game;

extern PyTypeObject pg_game_type;
extern PyTypeObject pg_values_type;
extern PyTypeObject *pg_value_type, *pg_move_type;

/* ---- long computations ----
 * pg_begin releases the GIL; while it is released, gr_limits' stop hook
 * (pg_limits sets it) takes the GIL back every 50 ms to run Python's signal
 * handlers, and asks the library to stop when one raised (KeyboardInterrupt).
 * pg_end takes the GIL back and returns true when the call was stopped that
 * way; the exception is then set. */
typedef struct pg_call {
    PyThreadState *ts;
    double next_check;
    bool stopped;
    struct pg_call *outer;
} pg_call;
void pg_begin(pg_call *c);
bool pg_end(pg_call *c);
/* The answer layer's call (grundy/api.h) inside pg_begin/pg_end, with no
 * engine cache; *stopped as pg_end says. */
struct gr_api_request;
struct gr_api_reply;
int pg_api_call(const struct gr_api_request *req, struct gr_api_reply *rep, gr_error *err, bool *stopped);
/* From inside a pg_begin/pg_end bracket: true when the computation must stop
 * (for loops of the module's own and for row callbacks). */
bool pg_should_stop(void);

/* Default limits with the stop hook, then max_memory (bytes as an int, or
 * "512M"/"4G") and max_seconds (a positive number) where not None. */
int pg_limits(PyObject *max_memory, PyObject *max_seconds, gr_limits *lim);

/* The game named by obj: a Game (a new reference to it) or a ruleset string
 * (parsed once and kept by the module). NULL with ValueError/TypeError. */
pg_game *pg_game_from(PyObject *obj);
/* An engine for outcome o: one of the game's kept engines when the call uses
 * the default limits and no other thread holds them, else a fresh one.
 * pg_engine_done gives it back. */
gr_engine *pg_engine_get(pg_game *g, const gr_outcome *o, const gr_limits *lim, bool default_limits);
void pg_engine_done(pg_game *g, gr_engine *e);

/* The outcome rule from value()'s keywords; -1 with ValueError. */
int pg_outcome(const char *outcome, PyObject *players, PyObject *block, PyObject *block_position, gr_outcome *o);
/* A position: a str (the text form "3 5 9" or "3,5,9", parsed like the
 * command line; NUL refused), one int, or a sequence of ints of any size
 * (int or __index__, never bool). bytes, bytearray, memoryview, sets and
 * mappings raise TypeError. -1 with an exception. */
int pg_position(PyObject *obj, gr_bigpos *pos);
/* An int argument in [lo, hi]; -1 with TypeError (no int, or a bool) or
 * ValueError naming the argument (out of range, however large). */
int pg_int_arg(PyObject *v, const char *name, long long lo, long long hi, long long *out);
/* A non-negative int of any size into z; -1 as pg_int_arg. */
int pg_mpz_arg(PyObject *v, const char *name, mpz_t z);
/* Ints of any size out, through bytes (no decimal text). */
PyObject *pg_from_mpz(mpz_srcptr z);
PyObject *pg_from_bigpos(const gr_bigpos *pos);

/* ---- errors (errors.c) ----
 * By status code: GR_EINPUT ValueError, GR_ELIMIT grundy.LimitError (a
 * ValueError), GR_ENOMEM MemoryError, GR_EINTR KeyboardInterrupt, anything
 * else RuntimeError; the message as gr_api_error_text words it for Python
 * (a limit names max_memory= or max_seconds=). All return NULL. */
extern PyObject *pg_limit_error;
int pg_errors_init(PyObject *module);
PyObject *pg_raise(const gr_error *err);
/* As pg_raise, by code when err carries none (a callback's return). */
PyObject *pg_raise_code(int code, const gr_error *err);
/* After a library call inside pg_begin/pg_end: NULL with the right exception
 * when it failed or was interrupted. */
PyObject *pg_failed(int rc, bool stopped, const gr_error *err);

/* Values: a read-only buffer of uint32 (1-D or 2-D) that owns its memory. */
PyObject *pg_values_new(uint32_t *v, Py_ssize_t rows, Py_ssize_t cols, int ndim, Py_ssize_t start,
                        const char *ruleset, const char *method);

PyObject *pg_value(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_moves(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_seq(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_period(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_table(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_check(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_count(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_census(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pg_misere(PyObject *self, PyObject *args, PyObject *kw);
int pg_value_types_init(PyObject *module);
/* value()'s and moves()'s answers as Python objects (value.c). */
PyObject *pg_answer_object(const gr_answer *a);
PyObject *pg_move_object(int kind, int src, int dst, mpz_srcptr amount, const gr_bigpos *result,
                         const char *outcome, bool has_value, mpz_srcptr value, bool winning);

/* heapkeys.c: value() and moves() given method=, seq_file= (the layer's
 * `in`) or quotient=, answered by the answer layer (grundy/api.h), which
 * checks those keys as it does the command line's --method, --in and
 * --quotient. NULL members: not given. */
typedef struct pg_heap_keys {
    const char *method, *seq_file, *quotient;
} pg_heap_keys;
static inline bool pg_heap_keys_given(const pg_heap_keys *k)
{
    return k->method || k->seq_file || k->quotient;
}
/* verb GR_API_VALUE (a Value) or GR_API_MOVES (a Moves list); NULL with the
 * exception. */
PyObject *pg_layer_answer(int verb, pg_game *g, const gr_bigpos *pos, const gr_outcome *o, const gr_limits *lim,
                          bool winning, const pg_heap_keys *k);

/* moves.c: grundy.Moves, a list subclass; pg_movelist_new makes an empty
 * one with the summary's members, pg_movelist_set_blocking adds the
 * blocker's strategy (rule: the outcome rule's name). */
int pg_movelist_init(PyObject *module);
PyObject *pg_movelist_new(const gr_moves_summary *sum, bool only_winning);
int pg_movelist_set_blocking(PyObject *list, const char *rule, const gr_block_strategy *s);

/* quotient.c: a misere heap sum's quotient element as a dict (NULL: not
 * NULL-safe, q must be filled); value.c and moves.c put it on a Value (its
 * `quotient` attribute) and a Moves list (None when there is none). */
PyObject *pg_quotient_dict(const gr_quotient_element *q);
int pg_answer_set_quotient(PyObject *value, const gr_quotient_element *q);
int pg_movelist_set_quotient(PyObject *list, const gr_quotient_element *q);

#endif
