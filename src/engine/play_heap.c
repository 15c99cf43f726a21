/* A winning move in a heap game under normal play, on positions too big for
 * the length search: the position's value is the XOR X of its heaps' Grundy
 * values G(h) (Sprague-Grundy), and a heap h with G(h) ^ X < G(h) has an
 * option of value G(h) ^ X (by the mex). That option is found by listing
 * the heap's own moves, stopping at the first one of the right value: the
 * moves of the whole position are never listed. The values come from the
 * nim-sequence engine, computed once for the largest heap. */
#include "play_internal.h"

/* Moves looked at before giving up (a heap that splits three ways has about
 * h^2/12 moves); about a second. */
#define HEAP_MOVES_MAX 100000000ull

typedef struct hunt {
    gr_play *pl;
    const uint32_t *g;
    const gr_pos *one;
    int src;
    uint32_t want;
    uint64_t seen;
    gr_play_move *mv;
    bool found;
} hunt;

static int hunt_cb(void *ctx, const gr_move *m, const gr_pos *r)
{
    hunt *h = ctx;
    if (++h->seen > HEAP_MOVES_MAX) return 1;
    uint32_t v = 0;
    for (int i = 0; i < r->n; i++) v ^= h->g[r->p[i]];
    if (v != h->want) return 0;
    gr_play_from_listed(h->mv, h->one, m, r);
    h->mv->src = h->src;
    if (gr_play_banned(h->pl, h->mv)) return 0;
    h->found = true;
    return 1;
}

int gr_play_heap_winning_move(gr_play *pl, gr_play_move *mv)
{
    const gr_bigpos *pos = &pl->pos;
    uint64_t max = 0;
    for (int i = 0; i < pos->n; i++) {
        if (!mpz_fits_ulong_p(pos->p[i])) return 0;
        if (mpz_get_ui(pos->p[i]) > max) max = mpz_get_ui(pos->p[i]);
    }
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_engine_heap_table(&pl->engine, max, &quiet) != GR_OK) return 0;
    const uint32_t *g = pl->engine.heap_values;
    uint32_t x = 0;
    for (int i = 0; i < pos->n; i++) x ^= g[mpz_get_ui(pos->p[i])];
    hunt h = {.pl = pl, .g = g, .mv = mv};
    for (int s = 0; x && s < pos->n && h.seen <= HEAP_MOVES_MAX; s++) {
        uint32_t gs = g[mpz_get_ui(pos->p[s])];
        if ((gs ^ x) >= gs) continue;
        gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[s])}};
        h.one = &one;
        h.src = s;
        h.want = gs ^ x;
        gr_game_moves(pl->game, &one, hunt_cb, &h);
        if (h.found) return 1;
    }
    return 0;
}
