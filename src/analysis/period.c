/* Periodicity detection and the octal periodicity certificate. */
#include "grundy/period.h"
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
