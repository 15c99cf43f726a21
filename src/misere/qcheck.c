/* The conservative extension's proof, without the order of the sums.
 *
 * When heap a is tried as element e of the quotient Q of the smaller heaps,
 * Q's P-portion p is already proved for every sum of them, and those sums
 * reach every element. So the sums' first-sum marks (qexplore_run's) are p
 * itself, and qexplore_run's verdict is "every reachable pair (x, S) has
 * x in p <=> S nonempty and S misses p": a property of the set of pairs,
 * not of the order they are met in. So the pairs are searched breadth
 * first (no priority queue, no keys), each checked when it is made, and
 * the search stops at the first that disagrees; candidates that fail (all
 * but one) mostly stop after a few pairs. Heaps with the same column in
 * the automaton and the same elements of their options move every pair
 * alike, so only one of them is followed (qkinds.c). Same verdict as qexplore_run (QX_CHECK) whenever its premises
 * hold; qcheck_applies tests the one that can be tested. */
#include "qdfa.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool qcheck_applies(const qdfa *d, int nl)
{
    if (d->size == 0) return false;
    uint8_t *seen = calloc(d->size, 1);
    uint32_t *queue = malloc((size_t)d->size * sizeof *queue);
    bool all = false;
    if (seen && queue) {
        uint32_t head = 0, tail = 0;
        seen[0] = 1;
        queue[tail++] = 0;
        while (head < tail) {
            uint32_t x = queue[head++];
            for (int a = 0; a < nl; a++) {
                uint32_t y = d->next[(size_t)x * d->nl + a];
                if (!seen[y]) seen[y] = 1, queue[tail++] = y;
            }
        }
        all = tail == d->size;
    }
    free(seen);
    free(queue);
    return all;
}

typedef struct cset {
    size_t W;
    uint32_t n, cap;
    uint32_t *x;
    uint64_t *bits;        /* n * W */
    uint64_t *slot;        /* id + 1 low, hash's top half high; 0 empty */
    size_t hcap;
} cset;

static uint64_t chash(uint32_t x, const uint64_t *b, size_t W)
{
    uint64_t h = 0x9e3779b97f4a7c15ull * (x + 1);
    for (size_t i = 0; i < W; i++) h = (h ^ b[i]) * 0xff51afd7ed558ccdull, h ^= h >> 31;
    return h;
}

static size_t cslot(const cset *C, uint32_t x, const uint64_t *b, uint64_t h)
{
    uint64_t tag = h & 0xffffffff00000000ull;
    size_t i = h & (C->hcap - 1);
    while (C->slot[i]) {
        uint64_t s = C->slot[i];
        if ((s & 0xffffffff00000000ull) == tag) {
            uint32_t id = (uint32_t)s - 1;
            if (C->x[id] == x && memcmp(C->bits + (size_t)id * C->W, b, C->W * 8) == 0) break;
        }
        i = (i + 1) & (C->hcap - 1);
    }
    return i;
}

static int cgrow(cset *C, gr_error *err)
{
    size_t cap = C->hcap ? C->hcap * 2 : 1024;
    uint64_t *s = calloc(cap, sizeof *s);
    if (!s) return gr_fail_nomem(err);
    free(C->slot);
    C->slot = s;
    C->hcap = cap;
    for (uint32_t id = 0; id < C->n; id++) {
        const uint64_t *b = C->bits + (size_t)id * C->W;
        uint64_t h = chash(C->x[id], b, C->W);
        C->slot[cslot(C, C->x[id], b, h)] = (h & 0xffffffff00000000ull) | (id + 1);
    }
    return GR_OK;
}

/* Adds pair (x, b) when new; *fresh says so. */
static int cadd(cset *C, uint32_t x, const uint64_t *b, uint32_t max_states, bool *fresh, gr_error *err)
{
    *fresh = false;
    if (4 * ((size_t)C->n + 1) > 3 * C->hcap) {
        int rc = cgrow(C, err);
        if (rc) return rc;
    }
    uint64_t h = chash(x, b, C->W);
    size_t s = cslot(C, x, b, h);
    if (C->slot[s]) return GR_OK;
    if (C->n >= max_states)
        return gr_fail(err, GR_ELIMIT, "the quotient's proof passed %u pairs (the limit): refused", max_states);
    if (C->n == C->cap) {
        size_t cap = C->cap ? 2 * (size_t)C->cap : 1024;
        if (!gr_resize(&C->x, cap, sizeof *C->x) || !gr_resize(&C->bits, cap * C->W, 8)) return gr_fail_nomem(err);
        C->cap = (uint32_t)cap;
    }
    uint32_t id = C->n++;
    C->x[id] = x;
    memcpy(C->bits + (size_t)id * C->W, b, C->W * 8);
    C->slot[s] = (h & 0xffffffff00000000ull) | (id + 1);
    *fresh = true;
    return GR_OK;
}

/* x in p <=> S nonempty and S misses p */
static bool agrees(uint32_t x, const uint64_t *b, const uint64_t *pm, const uint8_t *p, size_t W)
{
    uint64_t any = 0, hit = 0;
    for (size_t w = 0; w < W; w++) any |= b[w], hit |= b[w] & pm[w];
    return (p[x] != 0) == (any != 0 && hit == 0);
}

#define OMASK_WORDS ((size_t)1 << 22)

int qcheck_run(const qdfa *d, const qletters *L, const uint8_t *p, uint32_t max_states, const gr_limits *lim,
               bool *ok, gr_error *err)
{
    *ok = false;
    cset C = {.W = (d->size + 63) / 64};
    qkinds K;
    int rc = qkinds_build(&K, d, L, err);
    uint64_t *nb = calloc(C.W, 8), *pm = calloc(C.W, 8);
    /* x times kind k's option elements, as a set, made the first time x is
     * expanded: the same for every pair with element x (tabled up to 32 MiB,
     * else made for each pair) */
    size_t row = (size_t)K.n * C.W;
    bool tab = (size_t)d->size * row <= OMASK_WORDS;
    uint64_t *omask = rc ? NULL : malloc(((tab ? (size_t)d->size : 1) * row + 1) * 8);
    uint8_t *have = calloc((size_t)d->size + 1, 1);
    if (!rc && (!nb || !pm || !omask || !have)) rc = gr_fail_nomem(err);
    if (!rc)
        for (uint32_t s = 0; s < d->size; s++)
            if (p[s]) pm[s >> 6] |= 1ull << (s & 63);
    bool fresh, bad = false;
    if (!rc) rc = cadd(&C, 0, nb, max_states, &fresh, err);
    if (!rc) bad = !agrees(0, nb, pm, p, C.W);
    clock_t start = clock();
    for (uint32_t u = 0; !rc && !bad && u < C.n; u++) {
        if ((u & 1023) == 0 && (rc = qdfa_polled(lim, start, err))) break;
        uint32_t x = C.x[u];
        uint64_t *om = omask + (tab ? (size_t)x * row : 0);
        if (!have[x]) {
            have[x] = tab;
            memset(om, 0, row * 8);
            for (int k = 0; k < K.n; k++)
                for (uint32_t i = K.ofirst[k]; i < K.ofirst[k + 1]; i++) {
                    uint32_t t = qdfa_option(d, L, x, K.opt[i]);
                    om[(size_t)k * C.W + (t >> 6)] |= 1ull << (t & 63);
                }
        }
        for (int k = 0; k < K.n && !rc && !bad; k++) {
            int a = K.rep[k];
            uint32_t nx = d->next[(size_t)x * d->nl + a];
            memcpy(nb, om + (size_t)k * C.W, C.W * 8);
            const uint64_t *b = C.bits + (size_t)u * C.W; /* re-read: cadd may move the array */
            for (size_t w = 0; w < C.W; w++)
                for (uint64_t m = b[w]; m; m &= m - 1) {
                    uint32_t s = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(m));
                    uint32_t t = d->next[(size_t)s * d->nl + a];
                    nb[t >> 6] |= 1ull << (t & 63);
                }
            rc = cadd(&C, nx, nb, max_states, &fresh, err);
            if (!rc && fresh && !agrees(nx, nb, pm, p, C.W)) bad = true;
        }
    }
    if (!rc) *ok = !bad;
    free(nb);
    free(pm);
    free(omask);
    free(have);
    free(C.x);
    free(C.bits);
    free(C.slot);
    qkinds_free(&K);
    return rc;
}
