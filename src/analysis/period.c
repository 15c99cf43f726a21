/* Periodicity detection and the octal periodicity certificate. */
#include "grundy/period.h"
#include <stdlib.h>
#include <string.h>

bool gr_period_find(const uint32_t *g, uint64_t n, bool arithmetic, gr_period *out)
{
    memset(out, 0, sizeof *out);
    out->checked_to = n;
    for (uint64_t p = 1; 2 * p <= n + 1; p++) {
        int64_t s = (int64_t)g[n] - (int64_t)g[n - p];
        if (s && !arithmetic) continue;
        /* Walk back from the end while the relation holds: the run found is
         * the longest periodic tail for this p. */
        uint64_t x = n - p;
        while (x > 0 && (int64_t)g[x - 1 + p] - (int64_t)g[x - 1] == s) x--;
        /* Counted only when the sequence is long enough for the pattern
         * to show: n + 1 >= 2(e + p), the reach the octal theorem asks for
         * (a short tail such as "... 5 5" is no evidence of period 1). */
        if (n + 1 >= 2 * (x + p)) {
            out->found = true;
            out->preperiod = x;
            out->period = p;
            out->saltus = s;
            return true;
        }
    }
    return false;
}

void gr_period_octal(const gr_tb_code *c, const gr_period *p, gr_octal_cert *cert)
{
    memset(cert, 0, sizeof *cert);
    if (!p->found || p->saltus != 0 || c->period || c->d[0].mask) return;
    for (int i = 0; i < c->len; i++)
        if (c->d[i].constraint && (c->d[i].mask & ~3u)) return;
    int k = gr_tb_max_parts(c);
    if (k < 1) k = 1;
    /* Shifting the largest part of an option by p pairs the options of x
     * and x + p; the largest part is at least (x - t)/k, which must reach
     * e' + p, and a part shifted down must stay non-empty, hence e' >= 1. */
    uint64_t e = p->preperiod ? p->preperiod : 1;
    cert->applies = true;
    cert->last_digit = c->len - 1;
    cert->parts = k;
    cert->needed_to = (uint64_t)k * (e + p->period) + (uint64_t)cert->last_digit - 1;
    cert->certified = p->checked_to >= cert->needed_to;
}

/* The preperiod of g[0..n] for period p, when the relation holds on
 * [lo, n - p]: walks down from lo. */
/* g[x] of values `width` bytes wide (1 or 2). Every caller passes a
 * constant width to an inlined body, so each width compiles to plain loads. */
static inline uint32_t at(const void *g, unsigned width, uint64_t x)
{
    return width == 1 ? ((const uint8_t *)g)[x] : ((const uint16_t *)g)[x];
}

static inline uint64_t tail_start(const void *g, unsigned width, uint64_t lo, uint64_t p)
{
    uint64_t x = lo;
    while (x > 0 && at(g, width, x - 1 + p) == at(g, width, x - 1)) x--;
    return x;
}

/* The inverse of an odd b modulo 2^64 (Newton: each step doubles the bits). */
static uint64_t inverse64(uint64_t b)
{
    uint64_t y = b;
    for (int i = 0; i < 6; i++) y *= 2 - b * y;
    return y;
}

static inline __attribute__((always_inline)) bool find_hashed(const void *g, unsigned width, uint64_t n,
                                                               gr_period *out)
{
    memset(out, 0, sizeof *out);
    out->checked_to = n;
    if (n < 1) return false;
    /* A period p that counts has a periodic part of at least (n + 1) / 2
     * values, so the last w values occur again ending at n - p. */
    uint64_t w = (n + 1) / 2 < 256 ? (n + 1) / 2 : 256;
    if (w == 0) return false;
    const uint64_t B = 0x100000001b3ull, Binv = inverse64(B);
    uint64_t Bw = 1;                   /* B^w */
    for (uint64_t k = 0; k < w; k++) Bw *= B;
    uint64_t want = 0;
    for (uint64_t k = n + 1 - w; k <= n; k++) want = want * B + at(g, width, k) + 1;
    /* Windows ending at e = n - q for q = 1, 2, ... up to (n + 1) / 2 (and
     * e >= w - 1), rolled backwards so the smallest q comes first. */
    uint64_t qmax = (n + 1) / 2;
    if (qmax > n + 1 - w) qmax = n + 1 - w;
    uint64_t h = want;                 /* the window ending at e, starting at e = n */
    for (uint64_t q = 1; q <= qmax; q++) {
        uint64_t e = n - q + 1;        /* roll from the window ending at e to the one ending at e - 1 */
        h = (h - (at(g, width, e) + 1u) + (uint64_t)(at(g, width, e - w) + 1u) * Bw) * Binv;
        if (h != want) continue;
        /* q counts if g[x] = g[x + q] on [lo, n - q] with lo = (n + 1) / 2 - q
         * (then e + q <= (n + 1) / 2): checked upwards from lo, where the
         * exceptions of a sequence still settling are. */
        uint64_t lo = (n + 1) / 2 - q, x = lo;
        while (x + q <= n && at(g, width, x) == at(g, width, x + q)) x++;
        if (x + q <= n) continue;
        out->found = true;
        out->preperiod = tail_start(g, width, lo, q);
        out->period = q;
        return true;
    }
    return false;
}

bool gr_period_find16(const uint16_t *g, uint64_t n, gr_period *out)
{
    return find_hashed(g, 2, n, out);
}

bool gr_period_find8(const uint8_t *g, uint64_t n, gr_period *out)
{
    return find_hashed(g, 1, n, out);
}
