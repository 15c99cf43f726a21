/* Conway's genus of each heap (On Numbers and Games, ch. 12): g^{g0 g1 g2
 * ...}, where g is the normal-play Grundy value and gk the misere Grundy
 * value of the heap plus k copies of *2 (a position with no move has
 * misere value 1). The superscript ends by alternating its last two
 * digits; it is written up to where that starts. */
#include "grundy/misere.h"
#include <stdlib.h>
#include <string.h>

/* Normal-play values of heaps 0..n: the mex of the options' XORs. */
static int normal_values(const gr_mis_heaps *h, uint32_t *gv, gr_error *err)
{
    size_t cap = 64;
    uint8_t *seen = malloc(cap);
    if (!seen) return gr_fail_nomem(err);
    for (int x = 0; x <= h->n; x++) {
        uint32_t no = gr_mis_nopts(h, x);
        if (no + 1 > cap) {
            uint8_t *s = realloc(seen, no + 1);
            if (!s) {
                free(seen);
                return gr_fail_nomem(err);
            }
            seen = s;
            cap = no + 1;
        }
        memset(seen, 0, no + 1);
        for (uint32_t o = h->first[x]; o < h->first[x + 1]; o++) {
            uint32_t v = 0;
            for (uint32_t i = o ? h->off[o - 1] : 0; i < h->off[o]; i++) v ^= gv[h->part[i]];
            if (v <= no) seen[v] = 1;
        }
        uint32_t m = 0;
        while (seen[m]) m++;
        gv[x] = m;
    }
    free(seen);
    return GR_OK;
}

/* Digits shown: the first s with lambda[i] == lambda[i-2] for every i >= s. */
static void settle(gr_genus *gn)
{
    int s = gn->terms;
    while (s > 2 && gn->lambda[s - 1] == gn->lambda[s - 3]) s--;
    gn->shown = s < 2 ? gn->terms : s;
    /* settled when the alternation was seen at least twice over */
    gn->settled = gn->terms - gn->shown >= 2;
}

/* Refused up front: where a move can leave two or more heaps, search from
 * heap n may meet every multiset of live heaps totalling at most n, so
 * their number (partitions, counted as doubles) bounds the positions. It is
 * priced low (0.2 us and 8 bytes a position, where search takes a few us
 * and tens of bytes) so that only a bound far past the limits is refused:
 * Dawson's Kayles' genera to heap 60 pass, to heap 4096 are refused at
 * once instead of after the time limit. Heaps past 64 are taken as live,
 * and a game that splits none of heaps 0..64 as one that never splits. */
#define ESTIMATE_HEAPS 64 /* the heaps looked at (listing all n of them can take seconds) */
static int estimate(const gr_game *g, int n, const gr_limits *lim, gr_error *err)
{
    if (!lim || n <= 24) return GR_OK;
    gr_mis_heaps h;
    int rc = gr_mis_heaps_build(&h, g, ESTIMATE_HEAPS, err);
    if (rc) return rc;
    bool splits = false;
    for (uint32_t o = 0; o < h.nopt && !splits; o++) splits = h.off[o] - (o ? h.off[o - 1] : 0) > 1;
    double *c = splits ? calloc((size_t)n + 1, sizeof *c) : NULL; /* c[t]: multisets of live heaps totalling t */
    if (splits && c) {
        c[0] = 1;
        for (int k = 1; k <= n; k++)
            if (k > ESTIMATE_HEAPS || !gr_mis_dead(&h, k))
                for (int t = k; t <= n; t++) c[t] += c[t - k];
    }
    gr_mis_heaps_free(&h);
    if (!splits) return GR_OK;
    if (!c) return gr_fail_nomem(err);
    double positions = 0;
    for (int t = 0; t <= n; t++) positions += c[t];
    free(c);
    double seconds = positions * 2e-7, bytes = positions * 8;
    if ((lim->max_seconds > 0 && seconds > lim->max_seconds) || (lim->max_bytes > 0 && bytes > lim->max_bytes))
        return gr_fail(err, GR_ELIMIT,
                       "refused by estimate: the genus of heap %d needs misere search over up to %.2g positions "
                       "(sums of heaps totalling at most %d), past the time or memory limit",
                       n, positions, n);
    return GR_OK;
}

int gr_genus_heaps(const gr_game *g, int n, int terms, gr_genus *out, const gr_limits *lim, gr_error *err)
{
    if (terms < 4 || terms > GR_GENUS_TERMS)
        return gr_fail(err, GR_EINPUT, "a genus needs 4 to %d terms, not %d", GR_GENUS_TERMS, terms);
    gr_mis_heaps h;
    int rc = estimate(g, n, lim, err);
    if (!rc) rc = gr_mis_heaps_build(&h, g, n, err);
    if (rc) return rc;
    uint32_t *gv = malloc(((size_t)n + 1) * sizeof *gv);
    gr_mis_brute *b = NULL;
    if (!gv) rc = gr_fail_nomem(err);
    if (!rc) rc = normal_values(&h, gv, err);
    if (!rc) rc = gr_mis_heaps_add_nim(&h, err);
    if (!rc && !(b = gr_mis_brute_new(&h, true, lim))) rc = gr_fail_nomem(err);
    for (int x = 0; !rc && x <= n; x++) {
        gr_genus *gn = &out[x];
        memset(gn, 0, sizeof *gn);
        gn->g = gv[x];
        uint16_t k[GR_GENUS_TERMS + 1];
        k[0] = (uint16_t)x;
        for (int t = 0; !rc && t < terms; t++) {
            if (t) k[t] = (uint16_t)h.nim2;
            rc = gr_mis_brute_value(b, k, t + 1, &gn->lambda[t], err);
        }
        gn->terms = terms;
        settle(gn);
    }
    gr_mis_brute_free(b);
    free(gv);
    gr_mis_heaps_free(&h);
    return rc;
}

bool gr_genus_tame(const gr_genus *gn)
{
    const uint32_t *l = gn->lambda;
    if (gn->g == 0 && gn->shown == 3 && l[0] == 1 && l[1] == 2 && l[2] == 0) return true;
    if (gn->g == 1 && gn->shown == 3 && l[0] == 0 && l[1] == 3 && l[2] == 1) return true;
    return gn->shown == 2 && l[0] == gn->g && l[1] == (gn->g ^ 2u);
}

int gr_genus_format(const gr_genus *gn, char *buf, size_t len)
{
    bool wide = gn->g > 9;
    for (int i = 0; i < gn->shown; i++) wide |= gn->lambda[i] > 9;
    int w = snprintf(buf, len, wide ? "%u^{" : "%u^", gn->g);
    for (int i = 0; i < gn->shown; i++) {
        size_t at = (size_t)w < len ? (size_t)w : len;
        w += snprintf(buf + at, len - at, wide && i ? ",%u" : "%u", gn->lambda[i]);
    }
    if (wide) {
        size_t at = (size_t)w < len ? (size_t)w : len;
        w += snprintf(buf + at, len - at, "}");
    }
    return w;
}
