/* Retrograde analysis: solve a possibly loopy game without following lines of
 * play, so it terminates whatever cycles the move graph has.
 *
 * One call solves a "batch": the positions reachable from the asked one that
 * are not in the table yet. Their ids are dense and appended (gr_postab), so
 * a breadth-first enumeration is a loop over ids. Children already in the
 * table are solved (a batch is only kept when it completes, and the set of
 * solved positions is closed under moves), so they enter the propagation as
 * known results. Within the batch:
 *   - left[i] counts the options of i not yet known to be won for the
 *     opponent (distinct resulting positions: the result is about sets);
 *   - a terminal position is lost (normal play) or won (misere) for the mover;
 *   - a position with a move to a lost position is won; one whose every move
 *     leads to a won position is lost;
 *   - whatever the queue never reaches is a draw.
 * Time and memory are linear in the positions and moves of the batch. */
#include "grundy/retro.h"
#include "grundy/grow.h"
#include "grundy/postab.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define UNSOLVED 3

struct gr_retro {
    const gr_game *game;
    gr_outcome outcome;
    gr_limits limits;
    gr_postab tab;
    uint8_t *res;               /* res[id]: enum gr_retro_result, or UNSOLVED */
    size_t res_cap;
    size_t max_states;
    double max_edges;
};

bool gr_retro_supports(const gr_outcome *o)
{
    return o->rule == &gr_outcome_normal || o->rule == &gr_outcome_misere;
}

gr_retro *gr_retro_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim)
{
    gr_retro *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->game = g;
    r->outcome = *o;
    if (lim) r->limits = *lim;
    else gr_limits_default(&r->limits);
    gr_postab_init(&r->tab);
    /* A position costs its table entry (~48 bytes for short positions) and a
     * result byte; a move costs a forward and a backward 4-byte id. */
    r->max_states = (size_t)(r->limits.max_bytes / 64.0);
    r->max_edges = r->limits.max_bytes / 8.0;
    return r;
}

void gr_retro_free(gr_retro *r)
{
    if (!r) return;
    gr_postab_free(&r->tab);
    free(r->res);
    free(r);
}

size_t gr_retro_positions(const gr_retro *r)
{
    return r->tab.count;
}

const char *gr_retro_label(int result)
{
    switch (result) {
    case GR_RETRO_LOSS: return "P";
    case GR_RETRO_WIN: return "N";
    default: return "draw";
    }
}

/* ---- one batch ---- */

typedef struct u32vec {
    uint32_t *v;
    size_t n, cap;
} u32vec;

static bool push32(u32vec *a, uint32_t x)
{
    if (!GR_GROW(a->v, a->cap, a->n + 1, 4096)) return false;
    a->v[a->n++] = x;
    return true;
}

typedef struct batch {
    gr_retro *r;
    gr_error *err;
    u32vec to;                  /* children of the batch's positions, in order */
    clock_t start;
} batch;

static int oom(gr_error *err)
{
    return gr_fail_nomem(err);
}

static int intern(gr_retro *r, gr_pos *pos, uint32_t *id, gr_error *err)
{
    bool is_new;
    r->game->rs->canonical(r->game, pos);
    if (!gr_postab_intern(&r->tab, pos, id, &is_new)) return oom(err);
    if (!is_new) return GR_OK;
    if (r->tab.count > r->max_states)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "retrograde analysis stopped at %u positions: over the memory limit",
                       r->tab.count);
    if (!GR_GROW(r->res, r->res_cap, r->tab.count, 4096)) return oom(err);
    r->res[*id] = UNSOLVED;
    return GR_OK;
}

static int add_child(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    batch *b = ctx;
    gr_pos p = *result;
    uint32_t id;
    int rc = intern(b->r, &p, &id, b->err);
    if (rc) return rc;
    if ((double)b->to.n >= b->r->max_edges)
        return gr_fail_limit(b->err, GR_KNOB_MEMORY, "retrograde analysis stopped at %zu moves: over the memory limit",
                       b->to.n);
    if (!push32(&b->to, id)) return oom(b->err);
    return 0;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

/* Enumerates the new positions from `first` on, breadth first; start[i] is
 * where the moves of position first + i begin in b->to. */
static int enumerate(batch *b, uint32_t first, size_t **start_out, gr_error *err)
{
    gr_retro *r = b->r;
    size_t *start = NULL, cap = 0;
    int rc = GR_OK;
    for (uint32_t id = first; id < r->tab.count; id++) {
        size_t i = id - first;
        if (!GR_GROW(start, cap, i + 2, 1024)) {
            rc = oom(err);
            break;
        }
        start[i] = b->to.n;
        if ((id & 0xff) == 0 && gr_limits_stopped(&r->limits)) {
            rc = gr_fail(err, GR_EINTR, "retrograde analysis stopped on request at %u positions", r->tab.count);
            break;
        }
        if ((id & 0xfff) == 0 && (double)(clock() - b->start) / CLOCKS_PER_SEC > r->limits.max_seconds) {
            rc = gr_fail_limit(err, GR_KNOB_SECONDS, "retrograde analysis stopped after %.0f s (limit) at %u positions",
                         r->limits.max_seconds, r->tab.count);
            break;
        }
        gr_pos pos;
        gr_postab_get(&r->tab, id, &pos);
        if ((rc = gr_game_moves(r->game, &pos, add_child, b))) break;
        /* Results are sets here: moves that reach the same position (equal
         * piles, symmetric transfers) count once, which saves memory. */
        size_t first_e = start[i], k = first_e;
        if (b->to.n - first_e > 1) qsort(b->to.v + first_e, b->to.n - first_e, sizeof *b->to.v, cmp_u32);
        for (size_t e = first_e; e < b->to.n; e++)
            if (e == first_e || b->to.v[e] != b->to.v[k - 1]) b->to.v[k++] = b->to.v[e];
        b->to.n = k;
    }
    if (!rc) start[r->tab.count - first] = b->to.n;
    if (rc) free(start), start = NULL;
    *start_out = start;
    return rc;
}

static int propagate(gr_retro *r, uint32_t first, const size_t *start, const u32vec *to, gr_error *err)
{
    size_t n = r->tab.count - first;
    uint8_t terminal = r->outcome.rule == &gr_outcome_misere ? GR_RETRO_WIN : GR_RETRO_LOSS;
    size_t *left = malloc((n ? n : 1) * sizeof *left);
    size_t *pstart = calloc(n + 1, sizeof *pstart);
    uint32_t *queue = malloc((n ? n : 1) * sizeof *queue);
    uint32_t *pred = NULL;
    size_t qn = 0;
    int rc = GR_OK;
    if (!left || !pstart || !queue) {
        rc = oom(err);
        goto out;
    }
    /* Predecessor lists among the batch, in compressed rows. */
    for (size_t i = 0; i < n; i++)
        for (size_t e = start[i]; e < start[i + 1]; e++)
            if (to->v[e] >= first) pstart[to->v[e] - first + 1]++;
    for (size_t i = 0; i < n; i++) pstart[i + 1] += pstart[i];
    pred = malloc((pstart[n] ? pstart[n] : 1) * sizeof *pred);
    if (!pred) {
        rc = oom(err);
        goto out;
    }
    {
        size_t *fill = left; /* borrowed as a cursor, reset below */
        memcpy(fill, pstart, n * sizeof *fill);
        for (size_t i = 0; i < n; i++)
            for (size_t e = start[i]; e < start[i + 1]; e++)
                if (to->v[e] >= first) pred[fill[to->v[e] - first]++] = (uint32_t)i;
    }
    /* Seed the queue: terminal positions, and what the solved children decide. */
    for (size_t i = 0; i < n; i++) {
        uint8_t *ri = &r->res[first + i];
        left[i] = start[i + 1] - start[i];
        if (left[i] == 0) {
            *ri = terminal;
            queue[qn++] = (uint32_t)i;
            continue;
        }
        for (size_t e = start[i]; e < start[i + 1] && *ri == UNSOLVED; e++) {
            uint32_t c = to->v[e];
            if (c >= first) continue;
            if (r->res[c] == GR_RETRO_LOSS) *ri = GR_RETRO_WIN;
            else if (r->res[c] == GR_RETRO_WIN) left[i]--;
        }
        if (*ri == UNSOLVED && left[i] == 0) *ri = GR_RETRO_LOSS;
        if (*ri != UNSOLVED) queue[qn++] = (uint32_t)i;
    }
    for (size_t q = 0; q < qn; q++) {
        uint32_t v = queue[q];
        uint8_t rv = r->res[first + v];
        for (size_t e = pstart[v]; e < pstart[v + 1]; e++) {
            uint32_t p = pred[e];
            uint8_t *rp = &r->res[first + p];
            if (*rp != UNSOLVED) continue;
            if (rv == GR_RETRO_LOSS) {
                *rp = GR_RETRO_WIN;
                queue[qn++] = p;
            } else if (rv == GR_RETRO_WIN && --left[p] == 0) {
                *rp = GR_RETRO_LOSS;
                queue[qn++] = p;
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        if (r->res[first + i] == UNSOLVED) r->res[first + i] = GR_RETRO_DRAW;
out:
    free(left);
    free(pstart);
    free(queue);
    free(pred);
    return rc;
}

/* A failed batch leaves positions whose options were never listed; the
 * table would lie about them, so it starts over. */
static void reset(gr_retro *r)
{
    gr_postab_free(&r->tab);
    gr_postab_init(&r->tab);
}

int gr_retro_solve(gr_retro *r, const gr_pos *pos, int *result, gr_error *err)
{
    if (!gr_retro_supports(&r->outcome)) {
        char name[64];
        gr_outcome_format(&r->outcome, name, sizeof name);
        return gr_fail(err, GR_EINPUT, "%s can loop, and loopy play is solved under normal and misere play only, not %s",
                       r->game->spec, name);
    }
    gr_pos p = *pos;
    uint32_t first = r->tab.count, id;
    int rc = intern(r, &p, &id, err);
    if (rc) {
        reset(r);
        return rc;
    }
    if (id < first) {
        *result = r->res[id];
        return GR_OK;
    }
    batch b = {.r = r, .err = err, .start = clock()};
    size_t *start = NULL;
    rc = enumerate(&b, first, &start, err);
    if (!rc) rc = propagate(r, first, start, &b.to, err);
    free(start);
    free(b.to.v);
    if (rc) {
        reset(r);
        return rc;
    }
    *result = r->res[id];
    return GR_OK;
}
