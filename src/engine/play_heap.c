/* A winning move in a heap game under normal play, on positions too big for
 * the length search: the position's value is the XOR X of its heaps' Grundy
 * values G(h) (Sprague-Grundy), and a heap h with G(h) ^ X < G(h) has an
 * option of value G(h) ^ X (by the mex). That option is found by listing
 * the heap's own moves, stopping at the first one of the right value: the
 * moves of the whole position are never listed. The values come from the
 * nim-sequence engine, computed once for the largest heap, or for heaps of
 * any size from a certified period. */
#include "engine_internal.h"
#include "play_internal.h"

/* Moves looked at before giving up (a heap that splits three ways has about
 * h^2/12 moves); about a second. */
#define HEAP_MOVES_MAX 100000000ull

typedef struct hunt {
    gr_play *pl;
    const uint32_t *g;         /* the table; NULL: the values come from a stored file */
    mpz_t part;
    gr_error quiet;
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
    if (h->g) {
        for (int i = 0; i < r->n; i++) v ^= h->g[r->p[i]];
    } else {
        /* a stored file, read at the parts' blocks */
        for (int i = 0; i < r->n; i++) {
            uint32_t g;
            mpz_set_ui(h->part, r->p[i]);
            if (gr_engine_heap_file_value(h->pl->engine, h->part, &g, &h->quiet) != GR_OK) return 1;
            v ^= g;
        }
    }
    if (v != h->want) return 0;
    gr_play_from_listed(h->mv, h->one, m, r);
    h->mv->src = h->src;
    if (gr_play_banned(h->pl, h->mv)) return 0;
    h->found = true;
    return 1;
}

/* A heap beyond the table in a game with a certified period (G(y + p) =
 * G(y) for y >= e): every option's value is also the value of an option
 * whose parts but the last are below B = max(e, 1) + p, because a part of
 * B or more can give p tokens to the last part without changing either
 * value. So the options tried are the takes of i tokens (i below the code's
 * length) and the splits into small parts plus the rest. */
typedef struct small_hunt {
    gr_play *pl;
    int k;                     /* heaps left: k - 1 small parts and the rest */
    mpz_srcptr rest;           /* the heap less the tokens taken */
    uint64_t bound, part[GR_PLAY_MAX_PARTS];
    uint32_t want, acc;
    gr_play_move *mv;
} small_hunt;

static bool small_parts(small_hunt *h, int j, uint64_t lo, uint64_t sum)
{
    if (j == h->k - 1) {
        mpz_t last;
        mpz_init(last);
        mpz_sub_ui(last, h->rest, sum);
        uint32_t v;
        gr_error quiet;
        gr_error_clear(&quiet);
        bool hit = gr_engine_heap_grundy(h->pl->engine, last, &v, &quiet) == GR_OK && (h->acc ^ v) == h->want;
        if (hit) {
            h->mv->nparts = h->k > 1 ? h->k : 0; /* a take keeps no parts */
            for (int q = 0; q < j; q++) mpz_set_ui(h->mv->part[q], h->part[q]);
            mpz_set(h->mv->part[j], last);
            gr_play_sort_parts(h->mv);
            hit = !gr_play_banned(h->pl, h->mv);
        }
        mpz_clear(last);
        return hit;
    }
    for (uint64_t a = lo; a < h->bound; a++) {
        h->part[j] = a;
        uint32_t before = h->acc;
        h->acc ^= h->pl->engine->cache->heap_values[a];
        bool hit = small_parts(h, j + 1, a, sum + a);
        h->acc = before;
        if (hit) return true;
    }
    return false;
}

static bool periodic_hunt(gr_play *pl, int s, uint32_t want, gr_play_move *mv)
{
    const struct gr_engine_cache *e = pl->engine->cache;
    if (!pl->has_code || pl->code.period) return false;
    uint64_t bound = (e->preperiod ? e->preperiod : 1) + e->period;
    mpz_t rest;
    mpz_init(rest);
    bool found = false;
    for (int i = 0; i < pl->code.len && !found; i++) {
        gr_tb_digit d = gr_tb_digit_at(&pl->code, (uint64_t)i);
        mpz_sub_ui(rest, pl->pos.p[s], (unsigned long)i);
        for (int k = 1; k <= GR_PLAY_MAX_PARTS && !found; k++) {
            if (!(d.mask >> k & 1) || (k == 1 && i == 0)) continue;
            mv->kind = k == 1 ? GR_MOVE_TAKE : GR_MOVE_SPLIT;
            mv->src = s;
            mv->dst = -1;
            mv->nparts = 0;
            mpz_set_ui(mv->amount, (unsigned long)i);
            small_hunt h = {.pl = pl, .k = k, .rest = rest, .bound = bound, .want = want, .mv = mv};
            found = small_parts(&h, 0, 1, 0);
        }
    }
    mpz_clear(rest);
    return found;
}

int gr_play_heap_winning_move(gr_play *pl, gr_play_move *mv)
{
    const gr_bigpos *pos = &pl->pos;
    gr_error quiet;
    gr_error_clear(&quiet);
    uint32_t x = 0, v;
    for (int i = 0; i < pos->n; i++) {
        if (gr_engine_heap_grundy(pl->engine, pos->p[i], &v, &quiet) != GR_OK) return 0;
        x ^= v;
    }
    hunt h = {.pl = pl, .mv = mv};
    mpz_init(h.part);
    gr_error_clear(&h.quiet);
    bool file = pl->engine->heap_file != NULL, won = false;
    for (int s = 0; x && s < pos->n && h.seen <= HEAP_MOVES_MAX; s++) {
        uint32_t gs;
        gr_engine_heap_grundy(pl->engine, pos->p[s], &gs, &quiet);
        if ((gs ^ x) >= gs) continue;
        if (!file && mpz_cmp_ui(pos->p[s], pl->engine->cache->heap_n) > 0) {
            /* past the table: the game has a certified period */
            if ((won = periodic_hunt(pl, s, gs ^ x, mv))) break;
            continue;
        }
        gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[s])}};
        h.g = file ? NULL : pl->engine->cache->heap_values; /* after every lookup: the table may have moved */
        h.one = &one;
        h.src = s;
        h.want = gs ^ x;
        gr_game_moves(pl->game, &one, hunt_cb, &h);
        if ((won = h.found)) break;
    }
    mpz_clear(h.part);
    return won;
}
