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
    uint32_t start;        /* this heap's first option */
    int bad;               /* a part as big as the heap, or too many parts */
    gr_error *err;
} lister;

static int cmp_u16(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    return (x > y) - (x < y);
}

/* Two options of one heap that leave the same multiset are one option. */
static bool seen(const gr_mis_heaps *h, uint32_t start, const uint16_t *parts, uint32_t n)
{
    for (uint32_t o = start; o < h->nopt; o++) {
        uint32_t b = o ? h->off[o - 1] : 0, e = h->off[o];
        if (e - b == n && (n == 0 || memcmp(h->part + b, parts, n * sizeof *parts) == 0)) return true;
    }
    return false;
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
    if (seen(h, l->start, parts, m)) return 0;
    if (!GR_GROW(h->part, h->partcap, h->npart + m, 64) || !GR_GROW(h->off, h->optcap, h->nopt + 1, 64))
        return gr_fail_nomem(l->err);
    if (m) memcpy(h->part + h->npart, parts, m * sizeof *parts);   /* part is NULL while empty */
    h->npart += m;
    h->off[h->nopt++] = h->npart;
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
    for (int x = 0; x <= n; x++) {
        h->first[x] = h->nopt;
        /* first[x + 1] is read by gr_mis_dead on smaller heaps only */
        lister l = {.h = h, .heap = (uint64_t)x, .start = h->nopt, .err = err};
        gr_pos pos = {.n = 1};
        pos.p[0] = (uint64_t)x;
        int rc = gr_game_moves(g, &pos, add_option, &l);
        if (rc || l.bad) {
            gr_mis_heaps_free(h);
            return rc ? rc : GR_EINPUT;
        }
        h->first[x + 1] = h->nopt;
    }
    return GR_OK;
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
