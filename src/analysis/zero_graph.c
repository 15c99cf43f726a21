/* The zero nim-sum positions of one total as a graph of nim-sum-preserving
 * legal transfers (seed 001, Lemmas 7.11 to 7.13).
 *
 * Vertices: a ^ b ^ c = 0 means each bit of M = S/2 is set in exactly two of
 * the three piles (docs/kim.md), so the 3^popcount(M) assignments "which pile
 * lacks this bit" list every ordered triple; the sorted positive ones are the
 * vertices.
 *
 * Edges: a transfer of k from pile s to pile d (s <= d, reading R1) keeps
 * the nim-sum exactly when the new pair (u, v) = (s - k, d + k) has the same
 * sum and XOR as (s, d), i.e. u = (s & d) | T for a subset T of s ^ d (which
 * is the third pile). So the options are enumerated over those subsets,
 * never over k. Note that these include transfers with carries, e.g.
 * (2,5,7) -> (1,6,7): the paper's Lemma 7.12 misses them.
 *
 * Longest chain: every R1 transfer from a smaller pile to a larger one raises
 * the sum of squares, so the graph is acyclic; a topological order (Kahn)
 * gives the longest directed path. */
#include "grundy/counting.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

static int cmp_triple(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

static void sort3(uint64_t t[3])
{
    uint64_t x;
    if (t[0] > t[1]) x = t[0], t[0] = t[1], t[1] = x;
    if (t[1] > t[2]) x = t[1], t[1] = t[2], t[2] = x;
    if (t[0] > t[1]) x = t[0], t[0] = t[1], t[1] = x;
}

static size_t find(const gr_zgraph *g, const uint64_t t[3])
{
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_triple(g->v[mid], t);
        if (c == 0) return mid;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return SIZE_MAX;
}

static size_t uf_find(size_t *parent, size_t x)
{
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void gr_zgraph_free(gr_zgraph *g)
{
    free(g->v);
    free(g->start);
    free(g->to);
    free(g->chain);
    memset(g, 0, sizeof *g);
}

static int oom(gr_zgraph *g, gr_error *err)
{
    gr_zgraph_free(g);
    return gr_fail_nomem(err);
}

int gr_zgraph_build(gr_zgraph *g, uint64_t S, size_t max_vertices, gr_error *err)
{
    memset(g, 0, sizeof *g);
    g->start = calloc(1, sizeof *g->start);
    if (!g->start) return oom(g, err);
    if (S == 0 || S % 2) return GR_OK;
    uint64_t M = S / 2;
    int bits[64], w = 0;
    for (int i = 0; i < 64; i++)
        if (M >> i & 1) bits[w++] = i;
    /* (3^w - 3)/6 vertices */
    double nv = 1;
    for (int i = 0; i < w; i++) nv *= 3;
    nv = (nv - 3) / 6;
    if (nv > (double)max_vertices)
        return gr_zgraph_free(g),
               gr_fail(err, GR_EINPUT, "total %llu has %.0f zero nim-sum positions, more than the %zu a graph is built for",
                       (unsigned long long)S, nv, max_vertices);
    size_t cap = (size_t)nv + 1;
    g->v = malloc(cap * sizeof *g->v);
    if (!g->v) return oom(g, err);
    uint64_t codes = 1;
    for (int i = 0; i < w; i++) codes *= 3;
    for (uint64_t code = 0; code < codes; code++) {
        uint64_t t[3] = {0, 0, 0}, c = code;
        for (int i = 0; i < w; i++, c /= 3)
            for (int j = 0; j < 3; j++)
                if ((int)(c % 3) != j) t[j] |= 1ull << bits[i];
        if (!t[0] || !t[1] || !t[2] || !(t[0] < t[1] && t[1] < t[2])) continue;
        memcpy(g->v[g->n++], t, sizeof t);
    }
    qsort(g->v, g->n, sizeof g->v[0], cmp_triple);
    free(g->start);
    g->start = calloc(g->n + 1, sizeof *g->start);
    if (!g->start) return oom(g, err);
    size_t capto = 1024;
    g->to = malloc(capto * sizeof *g->to);
    if (!g->to) return oom(g, err);
    for (size_t i = 0; i < g->n; i++) {
        g->start[i] = g->m;
        const uint64_t *p = g->v[i];
        for (int s = 0; s < 3; s++)
            for (int d = 0; d < 3; d++) {
                if (s == d || p[s] > p[d]) continue;
                int third = 3 - s - d;
                uint64_t X = p[s] ^ p[d], A = p[s] & p[d];
                for (uint64_t T = X;; T = (T - 1) & X) {
                    uint64_t u = A | T;
                    if (u >= 1 && u < p[s]) {
                        uint64_t r[3] = {u, p[s] + p[d] - u, p[third]};
                        sort3(r);
                        size_t j = find(g, r);
                        if (j == SIZE_MAX) return gr_zgraph_free(g), gr_fail(err, GR_EINTERNAL, "zero graph: lost a vertex");
                        if (!GR_GROW(g->to, capto, (size_t)g->m + 1, capto)) return oom(g, err);
                        g->to[g->m++] = (uint32_t)j;
                    }
                    if (T == 0) break;
                }
            }
        /* distinct resulting positions only */
        size_t b = g->start[i];
        qsort(g->to + b, g->m - b, sizeof *g->to, cmp_u32);
        size_t k = b;
        for (size_t e = b; e < g->m; e++)
            if (e == b || g->to[e] != g->to[k - 1]) g->to[k++] = g->to[e];
        g->m = k;
    }
    g->start[g->n] = g->m;
    /* components */
    size_t *parent = malloc((g->n + 1) * sizeof *parent);
    size_t *indeg = calloc(g->n + 1, sizeof *indeg);
    size_t *dist = malloc((g->n + 1) * sizeof *dist);
    size_t *from = malloc((g->n + 1) * sizeof *from);
    uint32_t *queue = malloc((g->n + 1) * sizeof *queue);
    if (!parent || !indeg || !dist || !from || !queue) {
        free(parent), free(indeg), free(dist), free(from), free(queue);
        return oom(g, err);
    }
    for (size_t i = 0; i < g->n; i++) parent[i] = i;
    g->components = g->n;
    for (size_t i = 0; i < g->n; i++)
        for (size_t e = g->start[i]; e < g->start[i + 1]; e++) {
            size_t a = uf_find(parent, i), b = uf_find(parent, g->to[e]);
            if (a != b) parent[a] = b, g->components--;
            indeg[g->to[e]]++;
        }
    /* longest chain, in vertices */
    size_t qn = 0, best = SIZE_MAX;
    for (size_t i = 0; i < g->n; i++) {
        dist[i] = 1;
        from[i] = SIZE_MAX;
        if (!indeg[i]) queue[qn++] = (uint32_t)i;
    }
    for (size_t q = 0; q < qn; q++) {
        uint32_t v = queue[q];
        if (best == SIZE_MAX || dist[v] > dist[best]) best = v;
        for (size_t e = g->start[v]; e < g->start[v + 1]; e++) {
            uint32_t x = g->to[e];
            if (dist[v] + 1 > dist[x]) dist[x] = dist[v] + 1, from[x] = v;
            if (--indeg[x] == 0) queue[qn++] = x;
        }
    }
    int rc = GR_OK;
    if (qn != g->n) rc = gr_fail(err, GR_EINTERNAL, "zero graph: a cycle among R1 transfers");
    if (!rc && g->n) {
        g->longest = dist[best];
        g->chain = malloc(g->longest * sizeof *g->chain);
        if (!g->chain) rc = GR_EINPUT;
        else {
            size_t k = g->longest, v = best;
            while (k) g->chain[--k] = (uint32_t)v, v = from[v];
        }
    }
    free(parent), free(indeg), free(dist), free(from), free(queue);
    if (rc) {
        gr_zgraph_free(g);
        return rc == GR_EINPUT ? gr_fail_nomem(err) : rc;
    }
    return GR_OK;
}
