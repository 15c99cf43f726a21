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

/* The preperiod of g[0..n] for period p: the first e with g[x + p] = g[x]
 * for every x in [e, n - p]. */
static uint64_t tail_start16(const uint16_t *g, uint64_t n, uint64_t p)
{
    uint64_t x = n - p;
    while (x > 0 && g[x - 1 + p] == g[x - 1]) x--;
    return x;
}

bool gr_period_find16(const uint16_t *g, uint64_t n, gr_period *out)
{
    memset(out, 0, sizeof *out);
    out->checked_to = n;
    if (n < 1) return false;
    /* A period p that counts has a periodic part of at least (n + 1) / 2
     * values, so the last `w` values occur again ending at n - p. */
    uint64_t w = (n + 1) / 2 < 256 ? (n + 1) / 2 : 256;
    if (w == 0) return false;
    const uint64_t B = 0x100000001b3ull;
    uint64_t top = 1;                  /* B^(w-1) */
    for (uint64_t k = 1; k < w; k++) top *= B;
    uint64_t want = 0, h = 0;
    for (uint64_t k = n + 1 - w; k <= n; k++) want = want * B + g[k] + 1;
    /* Windows ending at e, for e from n - 1 down to w - 1; q = n - e must
     * satisfy q <= (n + 1) / 2. Rolled from the left end of the range. */
    uint64_t qmax = (n + 1) / 2, elo = n - qmax;
    if (elo < w - 1) elo = w - 1;
    if (elo >= n) return false;
    uint64_t nmatch = 0, cap = 64, *ends = malloc(cap * sizeof *ends);
    if (!ends) return false;
    for (uint64_t k = elo + 1 - w; k <= elo; k++) h = h * B + g[k] + 1;
    for (uint64_t e = elo;; e++) {
        if (h == want) {
            if (nmatch == cap) {
                uint64_t *ne = realloc(ends, 2 * cap * sizeof *ne);
                if (!ne) break;
                ends = ne;
                cap *= 2;
            }
            ends[nmatch++] = e;
        }
        if (e + 1 >= n) break;
        h = (h - (uint64_t)(g[e + 1 - w] + 1) * top) * B + g[e + 1] + 1;
    }
    bool found = false;
    for (uint64_t m = nmatch; m-- > 0 && !found;) {
        uint64_t p = n - ends[m];
        uint64_t e = tail_start16(g, n, p);
        if (n + 1 >= 2 * (e + p)) {
            found = true;
            out->found = true;
            out->preperiod = e;
            out->period = p;
        }
    }
    free(ends);
    return found;
}
