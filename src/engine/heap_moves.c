/* Every move of a heap game under normal play, on positions too big for the
 * search: each heap's moves are listed on the heap alone, and a result's
 * value is the position's value with the heap's value replaced by its
 * parts' values (Sprague-Grundy). The search's estimate of the whole game
 * does not matter here: only the number of moves. Past max_moves only the
 * winning ones are listed (a move in heap n to options of value G(n) ^
 * the position's value), past MAX_SCANNED moves none: the moves are
 * walked one by one. */
#include "engine_internal.h"
#include <math.h>
#include <stdlib.h>

typedef struct heap_walk {
    gr_engine *e;
    const gr_bigpos *pos;
    int src;
    uint32_t others;           /* the XOR of the other heaps' values */
    uint32_t parent;           /* the position's value */
    double count, max;
    bool winners_only;         /* past max moves: the winning ones alone are listed */
    gr_engine_move_fn fn;      /* NULL: only count */
    void *ctx;
    gr_bigpos child;
    gr_answer ans;
    mpz_t amount, part;
    gr_error *err;
} heap_walk;

/* Returned to stop a count that passed the bound. */
#define TOO_MANY 0x7ffe
/* The most moves walked to find the winning ones (about a second). */
#define MAX_SCANNED 1e8

static int heap_move(void *ctx, const gr_move *mv, const gr_pos *r)
{
    heap_walk *w = ctx;
    if (!w->fn) return ++w->count > w->max ? TOO_MANY : 0;
    uint32_t x = w->others, v;
    gr_bigpos *c = &w->child;
    if (gr_bigpos_copy(c, w->pos)) return gr_fail_nomem(w->err);
    mpz_set_ui(c->p[w->src], r->p[0]);
    for (int j = 0; j < r->n; j++) {
        mpz_set_ui(w->part, r->p[j]);
        if (j && gr_bigpos_push(c, w->part)) return gr_fail_nomem(w->err);
        int rc = gr_engine_heap_grundy(w->e, w->part, &v, w->err);
        if (rc) return rc;
        x ^= v;
    }
    bool winning = w->parent != 0 && x == 0;
    if (w->winners_only && !winning) return 0;
    mpz_set_ui(w->part, x);
    gr_answer_set(&w->ans, GR_METHOD_NIM_SEQUENCE, NULL, x ? "N" : "P", x, w->part);
    mpz_set_ui(w->amount, mv->amount);
    gr_bigmove bm = {mv->kind, w->src, -1, w->amount, c};
    return w->fn(w->ctx, &bm, &w->ans, winning);
}

/* The moves of one heap of x tokens, estimated from the counts of two
 * smaller heaps (a code's moves grow like a power of the heap: constant
 * for takes, linear for splits into two), so that a heap with far too
 * many moves to walk is refused up front. */
static double moves_estimate(gr_engine *e, uint64_t x)
{
    if (x <= 4096) return 0;
    double c[2];
    for (int i = 0; i < 2; i++) {
        heap_walk w = {.max = 1e18};
        gr_pos one = {.n = 1, .p = {(uint64_t)2048 << i}};
        gr_game_moves(e->game, &one, heap_move, &w);
        c[i] = w.count;
    }
    if (c[0] < 1 || c[1] <= c[0]) return c[1];
    return c[1] * pow((double)x / 4096.0, log2(c[1] / c[0]));
}

int gr_engine_heap_moves(gr_engine *e, const gr_bigpos *pos, const gr_answer *parent, gr_engine_move_fn fn,
                         void *ctx, gr_moves_summary *sum, double max_moves, gr_error *err)
{
    for (int i = 0; i < pos->n; i++)
        if (!mpz_fits_ulong_p(pos->p[i]))
            return gr_fail(err, GR_ELIMIT,
                           "%s %d (%zu digits) has too many moves to list; 'grundy value' gives the value and "
                           "'grundy play' a winning move", gr_game_unit(e->game), i, gr_mpz_digits(pos->p[i]));
    heap_walk w = {.e = e, .pos = pos, .parent = parent->score, .max = MAX_SCANNED, .err = err};
    uint32_t *value = malloc((size_t)(pos->n > 0 ? pos->n : 1) * sizeof *value);
    if (!value) return gr_fail_nomem(err);
    int rc = GR_OK;
    for (int i = 0; i < pos->n && !rc; i++) rc = gr_engine_heap_grundy(e, pos->p[i], &value[i], err);
    for (int s = 0; s < pos->n && !rc; s++) {
        double guess = moves_estimate(e, mpz_get_ui(pos->p[s]));
        if (guess > MAX_SCANNED)
            rc = gr_fail(err, GR_ELIMIT, "%s %d has about %.3g moves, more than the %.0f walked for the winning ones; "
                         "'grundy value' gives the value and 'grundy play' a winning move", gr_game_unit(e->game), s,
                         guess, MAX_SCANNED);
    }
    /* count first, so that nothing is listed when there is too much */
    for (int s = 0; s < pos->n && !rc; s++) {
        gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[s])}};
        if (gr_game_moves(e->game, &one, heap_move, &w) == TOO_MANY)
            rc = gr_fail(err, GR_ELIMIT, "more than %.0f moves to walk for the winning ones; 'grundy value' "
                         "gives the value", MAX_SCANNED);
    }
    if (!rc) {
        mpz_set_d(sum->total, w.count);
        w.winners_only = w.count > max_moves;
        sum->all_listed = !w.winners_only;
        sum->method = parent->method;
        w.fn = fn;
        w.ctx = ctx;
        gr_bigpos_init(&w.child);
        gr_answer_init(&w.ans);
        mpz_inits(w.amount, w.part, NULL);
        for (int s = 0; s < pos->n && !rc; s++) {
            w.src = s;
            w.others = parent->score ^ value[s];
            gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[s])}};
            rc = gr_game_moves(e->game, &one, heap_move, &w);
        }
        mpz_clears(w.amount, w.part, NULL);
        gr_answer_clear(&w.ans);
        gr_bigpos_clear(&w.child);
    }
    free(value);
    return rc;
}
