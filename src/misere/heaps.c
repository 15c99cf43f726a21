/* The options of each heap of a heap ruleset, listed once: everything the
 * misere tools know of a game. A heap game is read through its moves on a
 * single heap, so any ruleset of heaps (codes, subtraction, split, Grundy's
 * game) serves, and a test's own ruleset too. */
#include "grundy/misere.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

typedef struct lister {
    gr_mis_heaps *h;
    uint64_t heap;
    int bad;               /* a part as big as the heap, or too many parts */
    gr_error *err;
    /* this heap's options by hash (open addressing, option index + 1; 0
     * empty): a code that splits into many heaps gives a heap of 40 tens of
     * thousands of options, too many to compare each with every other */
    uint32_t *slot;
    uint32_t cap, used;
} lister;

static int cmp_u16(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    return (x > y) - (x < y);
}

static uint32_t hash_parts(const uint16_t *parts, uint32_t n)
{
    uint32_t x = 2166136261u ^ n;
    for (uint32_t i = 0; i < n; i++) x = (x ^ parts[i]) * 16777619u;
    return x;
}

static bool same_option(const gr_mis_heaps *h, uint32_t o, const uint16_t *parts, uint32_t n)
{
    uint32_t b = o ? h->off[o - 1] : 0, e = h->off[o];
    return e - b == n && (n == 0 || memcmp(h->part + b, parts, n * sizeof *parts) == 0);
}

/* Two options of one heap that leave the same multiset are one option: true
 * where this one was listed already, else its slot is *at. */
static bool seen(const lister *l, const uint16_t *parts, uint32_t n, uint32_t *at)
{
    uint32_t i = hash_parts(parts, n) & (l->cap - 1);
    for (; l->slot[i]; i = (i + 1) & (l->cap - 1))
        if (same_option(l->h, l->slot[i] - 1, parts, n)) return true;
    *at = i;
    return false;
}

/* Keeps the table at most half full (emptied for each heap). */
static int make_room(lister *l)
{
    if (l->slot && 2 * (l->used + 1) <= l->cap) return GR_OK;
    uint32_t cap = l->cap ? 2 * l->cap : 64;
    uint32_t *slot = calloc(cap, sizeof *slot);
    if (!slot) return gr_fail_nomem(l->err);
    for (uint32_t i = 0; i < l->cap; i++) {
        uint32_t o = l->slot[i];
        if (!o) continue;
        const gr_mis_heaps *h = l->h;
        uint32_t b = o - 1 ? h->off[o - 2] : 0, e = h->off[o - 1];
        uint32_t j = hash_parts(h->part + b, e - b) & (cap - 1);
        while (slot[j]) j = (j + 1) & (cap - 1);
        slot[j] = o;
    }
    free(l->slot);
    l->slot = slot;
    l->cap = cap;
    return GR_OK;
}

static int add_option(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    lister *l = ctx;
    gr_mis_heaps *h = l->h;
    uint16_t parts[GR_MAX_PILES];
    uint32_t n = 0;
    for (int i = 0; i < result->n; i++) {
        if (result->p[i] == 0) continue;
        if (result->p[i] >= l->heap) {
            l->bad = 1;
            return gr_fail(l->err, GR_EINPUT, "a move from heap %llu leaves a heap of %llu: not a game whose "
                           "moves shrink heaps", (unsigned long long)l->heap, (unsigned long long)result->p[i]);
        }
        parts[n++] = (uint16_t)result->p[i];
    }
    /* dead heaps (no move) are the game 0: dropped, as from every position */
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!gr_mis_dead(h, parts[i])) parts[m++] = parts[i];
    qsort(parts, m, sizeof *parts, cmp_u16);
    uint32_t at;
    if (make_room(l)) return GR_ENOMEM;
    if (seen(l, parts, m, &at)) return 0;
    if (!GR_GROW(h->part, h->partcap, h->npart + m, 64) || !GR_GROW(h->off, h->optcap, h->nopt + 1, 64))
        return gr_fail_nomem(l->err);
    if (m) memcpy(h->part + h->npart, parts, m * sizeof *parts);   /* part is NULL while empty */
    h->npart += m;
    h->off[h->nopt++] = h->npart;
    l->slot[at] = h->nopt;
    l->used++;
    return 0;
}

int gr_mis_heaps_build(gr_mis_heaps *h, const gr_game *g, int n, gr_error *err)
{
    memset(h, 0, sizeof *h);
    if (!(g->flags & GR_RS_HEAPS) || (g->flags & GR_RS_LOOPY))
        return gr_fail(err, GR_EINPUT, "%s is not a game of heaps: misere quotients and genera are about sums of heaps",
                       g->spec);
    if (g->piles != 0 && g->piles != 1)
        return gr_fail(err, GR_EINPUT, "%s fixes the number of heaps: misere quotients need sums of any number", g->spec);
    if (n < 0 || n > GR_MIS_MAX_HEAP)
        return gr_fail(err, GR_EINPUT, "heap bound %d is past %d, the most the misere tools take", n, GR_MIS_MAX_HEAP);
    h->n = n;
    h->kinds = n + 1;
    h->first = calloc((size_t)n + 4, sizeof *h->first);
    if (!h->first) return gr_fail_nomem(err);
    lister l = {.h = h, .err = err};
    int rc = GR_OK;
    for (int x = 0; x <= n && !rc; x++) {
        h->first[x] = h->nopt;
        /* first[x + 1] is read by gr_mis_dead on smaller heaps only */
        l.heap = (uint64_t)x;
        if (l.slot) memset(l.slot, 0, l.cap * sizeof *l.slot);
        l.used = 0;
        gr_pos pos = {.n = 1};
        pos.p[0] = (uint64_t)x;
        rc = gr_game_moves(g, &pos, add_option, &l);
        if (!rc && l.bad) rc = GR_EINPUT;
        h->first[x + 1] = h->nopt;
    }
    free(l.slot);
    if (rc) gr_mis_heaps_free(h);
    return rc;
}

/* *1 has the option 0; *2 the options 0 and *1. */
int gr_mis_heaps_add_nim(gr_mis_heaps *h, gr_error *err)
{
    if (h->nim1) return GR_OK;
    if (!GR_GROW(h->part, h->partcap, h->npart + 1, 64) || !GR_GROW(h->off, h->optcap, h->nopt + 3, 64))
        return gr_fail_nomem(err);
    h->nim1 = h->n + 1;
    h->nim2 = h->n + 2;
    h->off[h->nopt++] = h->npart;              /* *1 -> 0 */
    h->first[h->nim1 + 1] = h->nopt;
    h->off[h->nopt++] = h->npart;              /* *2 -> 0 */
    h->part[h->npart++] = (uint16_t)h->nim1;
    h->off[h->nopt++] = h->npart;              /* *2 -> *1 */
    h->first[h->nim2 + 1] = h->nopt;
    h->kinds = h->n + 3;
    return GR_OK;
}

void gr_mis_heaps_free(gr_mis_heaps *h)
{
    free(h->first);
    free(h->off);
    free(h->part);
    memset(h, 0, sizeof *h);
}
