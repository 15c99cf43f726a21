/* The letters sorted into kinds: two heaps of a kind have the same column
 * in the automaton and the same elements of their options (the monoid is
 * commutative, so x times an option is x times the option's element), so
 * they move every pair of the proofs alike. Kayles to 170: 170 heaps, 75
 * kinds; Dawson's Kayles to 30: mostly 27 of 29. */
#include "qdfa.h"
#include <stdlib.h>
#include <string.h>

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Letters grouped by (column, sorted distinct option elements). */
int qkinds_build(qkinds *K, const qdfa *d, const qletters *L, gr_error *err)
{
    int nl = L->nl;
    size_t nopt = L->ofirst[nl];
    memset(K, 0, sizeof *K);
    K->kind = malloc(((size_t)nl + 1) * sizeof *K->kind);
    K->rep = malloc(((size_t)nl + 1) * sizeof *K->rep);
    K->ofirst = malloc(((size_t)nl + 1) * sizeof *K->ofirst);
    K->opt = malloc((nopt + 1) * sizeof *K->opt);
    uint32_t *ef = malloc(((size_t)nl + 1) * sizeof *ef), *el = malloc((nopt + 1) * sizeof *el);
    uint32_t *stamp = malloc(((size_t)d->size + 1) * sizeof *stamp);
    uint64_t *hash = malloc(((size_t)nl + 1) * sizeof *hash);
    int rc = !K->kind || !K->rep || !K->ofirst || !K->opt || !ef || !el || !stamp || !hash ? gr_fail_nomem(err) : GR_OK;
    if (!rc) {
        /* each letter's distinct option elements (sorted) and one option for each */
        for (uint32_t s = 0; s < d->size; s++) stamp[s] = UINT32_MAX;
        uint32_t n = 0;
        for (int a = 0; a < nl; a++) {
            ef[a] = n;
            for (uint32_t o = L->ofirst[a]; o < L->ofirst[a + 1]; o++) {
                uint32_t t = qdfa_option(d, L, 0, o);
                if (stamp[t] == (uint32_t)a) continue;
                stamp[t] = (uint32_t)a;
                el[n++] = t;
            }
            qsort(el + ef[a], n - ef[a], sizeof *el, cmp_u32);
            uint64_t h = 0x9e3779b97f4a7c15ull * (n - ef[a] + 1);
            for (uint32_t i = ef[a]; i < n; i++) h = (h ^ el[i]) * 0xff51afd7ed558ccdull, h ^= h >> 31;
            for (uint32_t x = 0; x < d->size; x++)
                h = (h ^ d->next[(size_t)x * d->nl + a]) * 0xff51afd7ed558ccdull, h ^= h >> 31;
            hash[a] = h;
        }
        ef[nl] = n;
        uint32_t no = 0;
        for (int a = 0; a < nl; a++) {
            bool same = false;
            for (int k = 0; k < K->n && !same; k++) {
                int b = K->rep[k];
                K->kind[a] = k;
                if (hash[b] != hash[a] || ef[b + 1] - ef[b] != ef[a + 1] - ef[a] ||
                    memcmp(el + ef[b], el + ef[a], (ef[a + 1] - ef[a]) * sizeof *el) != 0)
                    continue;
                same = true;
                for (uint32_t x = 0; x < d->size && same; x++)
                    same = d->next[(size_t)x * d->nl + a] == d->next[(size_t)x * d->nl + b];
            }
            if (same) continue;
            K->kind[a] = K->n;
            K->rep[K->n] = a;
            K->ofirst[K->n] = no;
            /* one option for each distinct element: its first */
            for (uint32_t o = L->ofirst[a]; o < L->ofirst[a + 1]; o++) {
                uint32_t t = qdfa_option(d, L, 0, o);
                if (stamp[t] == UINT32_MAX - 1 - (uint32_t)a) continue;
                stamp[t] = UINT32_MAX - 1 - (uint32_t)a;
                K->opt[no++] = o;
            }
            K->n++;
        }
        K->ofirst[K->n] = no;
    }
    free(ef);
    free(el);
    free(stamp);
    free(hash);
    return rc;
}

void qkinds_free(qkinds *K)
{
    free(K->rep);
    free(K->ofirst);
    free(K->opt);
    free(K->kind);
    memset(K, 0, sizeof *K);
}

