/* Misere search over sums of heaps, written from the rules alone: the
 * reference every quotient and genus is tested against. A position is a
 * sorted multiset of heap kinds without dead heaps, interned in an
 * open-addressing table; its value is found by plain recursion over the
 * options of each heap (the depth is bounded by the tokens and parts). */
#include "grundy/misere.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct gr_mis_brute {
    const gr_mis_heaps *h;
    bool values;
    gr_limits lim;
    uint16_t *keys;        /* arena: length, then the kinds */
    size_t nkeys, keycap;
    uint64_t *slot;        /* (arena offset + 1) << 16 | value; 0 empty */
    size_t cap, used;
    clock_t start;
    size_t polled;
};

gr_mis_brute *gr_mis_brute_new(const gr_mis_heaps *h, bool values, const gr_limits *lim)
{
    gr_mis_brute *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->h = h;
    b->values = values;
    if (lim) b->lim = *lim;
    else gr_limits_default(&b->lim);
    b->cap = 1024;
    b->slot = calloc(b->cap, sizeof *b->slot);
    if (!b->slot) {
        free(b);
        return NULL;
    }
    b->start = clock();
    return b;
}

void gr_mis_brute_free(gr_mis_brute *b)
{
    if (!b) return;
    free(b->keys);
    free(b->slot);
    free(b);
}

size_t gr_mis_brute_positions(const gr_mis_brute *b) { return b->used; }

static uint64_t hash_key(const uint16_t *k, int n)
{
    uint64_t x = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    for (int i = 0; i < n; i++) x = (x ^ k[i]) * 0x100000001b3ull;
    return x ^ (x >> 29);
}

static bool same(const gr_mis_brute *b, uint64_t s, const uint16_t *k, int n)
{
    const uint16_t *e = b->keys + ((s >> 16) - 1);
    return e[0] == n && memcmp(e + 1, k, (size_t)n * sizeof *k) == 0;
}

/* The slot of k: holding it, or empty where it goes. */
static size_t find(const gr_mis_brute *b, const uint16_t *k, int n)
{
    size_t i = hash_key(k, n) & (b->cap - 1);
    while (b->slot[i] && !same(b, b->slot[i], k, n)) i = (i + 1) & (b->cap - 1);
    return i;
}

static int grow_table(gr_mis_brute *b, gr_error *err)
{
    size_t cap = b->cap * 2;
    uint64_t *old = b->slot;
    size_t oldcap = b->cap;
    b->slot = calloc(cap, sizeof *b->slot);
    if (!b->slot) {
        b->slot = old;
        return gr_fail_nomem(err);
    }
    b->cap = cap;
    for (size_t i = 0; i < oldcap; i++) {
        if (!old[i]) continue;
        const uint16_t *e = b->keys + ((old[i] >> 16) - 1);
        b->slot[find(b, e + 1, e[0])] = old[i];
    }
    free(old);
    return GR_OK;
}

static int limits(gr_mis_brute *b, gr_error *err)
{
    double bytes = (double)b->cap * 8 + (double)b->keycap * 2;
    if (bytes > b->lim.max_bytes)
        return gr_fail(err, GR_ELIMIT, "misere search stopped at %zu positions: past the memory limit (%.0f MB)", b->used,
                       b->lim.max_bytes / 1e6);
    if (++b->polled % 64 == 0) {
        if (gr_limits_stopped(&b->lim)) return gr_fail(err, GR_EINTR, "misere search stopped (interrupted)");
        double s = (double)(clock() - b->start) / CLOCKS_PER_SEC;
        if (s > b->lim.max_seconds)
            return gr_fail(err, GR_ELIMIT, "misere search stopped at %zu positions after %.0f s (the time limit)",
                           b->used, s);
    }
    return GR_OK;
}

static int store(gr_mis_brute *b, const uint16_t *k, int n, uint32_t v, gr_error *err)
{
    if (4 * (b->used + 1) > 3 * b->cap) {
        int rc = grow_table(b, err);
        if (rc) return rc;
    }
    if (!GR_GROW(b->keys, b->keycap, b->nkeys + (size_t)n + 1, 4096))
        return gr_fail_nomem(err);
    size_t at = b->nkeys;
    b->keys[at] = (uint16_t)n;
    memcpy(b->keys + at + 1, k, (size_t)n * sizeof *k);
    b->nkeys += (size_t)n + 1;
    b->slot[find(b, k, n)] = ((uint64_t)(at + 1) << 16) | v;
    b->used++;
    if ((b->used & 1023) == 0) return limits(b, err);
    return GR_OK;
}

/* The position k less its heap at `skip`, plus the parts: sorted. */
static int child(const uint16_t *k, int n, int skip, const uint16_t *parts, int m, uint16_t *out)
{
    int i = 0, j = 0, o = 0;
    while (i < n || j < m) {
        if (i == skip) {
            i++;
            continue;
        }
        if (j >= m || (i < n && k[i] <= parts[j])) out[o++] = k[i++];
        else out[o++] = parts[j++];
    }
    return o;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int value(gr_mis_brute *b, const uint16_t *k, int n, uint32_t *out, gr_error *err)
{
    size_t s = find(b, k, n);
    if (b->slot[s]) {
        *out = (uint32_t)(b->slot[s] & 0xffff);
        return GR_OK;
    }
    const gr_mis_heaps *h = b->h;
    uint32_t *vals = NULL;     /* the options' values (values mode) */
    size_t nv = 0, vcap = 0;
    bool any = false, p_child = false;
    uint16_t c[GR_MIS_MAX_PARTS];
    for (int i = 0; i < n && !(p_child && !b->values); i++) {
        if (i > 0 && k[i] == k[i - 1]) continue;
        for (uint32_t o = h->first[k[i]]; o < h->first[k[i] + 1]; o++) {
            uint32_t pb = o ? h->off[o - 1] : 0, pe = h->off[o];
            if (n - 1 + (int)(pe - pb) > GR_MIS_MAX_PARTS) {
                free(vals);
                return gr_fail(err, GR_ELIMIT, "misere search: a position of more than %d heaps", GR_MIS_MAX_PARTS);
            }
            int cn = child(k, n, i, h->part + pb, (int)(pe - pb), c);
            uint32_t v;
            int rc = value(b, c, cn, &v, err);
            if (!rc && b->values && !GR_GROW(vals, vcap, nv + 1, 16)) rc = gr_fail_nomem(err);
            if (rc) {
                free(vals);
                return rc;
            }
            any = true;
            if (b->values) vals[nv++] = v;
            if (v == 0) {
                p_child = true;
                if (!b->values) break;
            }
        }
    }
    uint32_t v;
    if (!any) v = 1;              /* no move: the mover has lost nothing, misere wins */
    else if (!b->values) v = p_child ? 1 : 0;
    else {
        qsort(vals, nv, sizeof *vals, cmp_u32);
        v = 0;
        for (size_t i = 0; i < nv && vals[i] <= v; i++)
            if (vals[i] == v) v++;
    }
    free(vals);
    *out = v;
    return store(b, k, n, v, err);
}

static int cmp_u16(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    return (x > y) - (x < y);
}

int gr_mis_brute_value(gr_mis_brute *b, const uint16_t *k, int n, uint32_t *v, gr_error *err)
{
    uint16_t s[GR_MIS_MAX_PARTS];
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (k[i] >= b->h->kinds) return gr_fail(err, GR_EINPUT, "heap %u is past the table (%d)", k[i], b->h->n);
        if (gr_mis_dead(b->h, k[i])) continue;
        if (m == GR_MIS_MAX_PARTS)
            return gr_fail(err, GR_ELIMIT, "misere search takes at most %d live heaps", GR_MIS_MAX_PARTS);
        s[m++] = k[i];
    }
    qsort(s, (size_t)m, sizeof *s, cmp_u16);
    return value(b, s, m, v, err);
}
