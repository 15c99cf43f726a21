/* A quotient against the brute force: every sum of up to `parts` heaps
 * (0 < parts <= 7), sizes nondecreasing, each at most max_heap. */
#include "grundy/misere.h"
#include <string.h>

int gr_mquot_verify(const gr_mquot *q, const gr_game *g, int max_heap, int parts, const gr_limits *lim,
                    uint64_t *checked, uint32_t bad[8], gr_error *err)
{
    *checked = 0;
    memset(bad, 0, 8 * sizeof *bad);
    if (parts < 1 || parts > 7) return gr_fail(err, GR_EINPUT, "sums of 1 to 7 heaps, not %d", parts);
    if (max_heap > q->heaps) return gr_fail(err, GR_EINPUT, "the quotient reaches heap %d, not %d", q->heaps, max_heap);
    gr_mis_heaps h;
    int rc = gr_mis_heaps_build(&h, g, max_heap, err);
    if (rc) return rc;
    gr_mis_brute *b = gr_mis_brute_new(&h, false, lim);
    if (!b) {
        gr_mis_heaps_free(&h);
        return gr_fail_nomem(err);
    }
    for (int k = 1; !rc && k <= parts && !bad[0]; k++) {
        uint32_t x[8] = {0};
        uint16_t kinds[8];
        for (;;) {
            for (int i = 0; i < k; i++) kinds[i] = (uint16_t)x[i];
            uint32_t v;
            rc = gr_mis_brute_value(b, kinds, k, &v, err);
            if (rc) break;
            ++*checked;
            if ((v == 0) != gr_mquot_is_p(q, x, (size_t)k)) {
                bad[0] = (uint32_t)k;
                memcpy(bad + 1, x, (size_t)k * sizeof *x);
                break;
            }
            /* next nondecreasing tuple */
            int i = k - 1;
            while (i >= 0 && x[i] == (uint32_t)max_heap) i--;
            if (i < 0) break;
            x[i]++;
            for (int j = i + 1; j < k; j++) x[j] = x[i];
        }
    }
    gr_mis_brute_free(b);
    gr_mis_heaps_free(&h);
    return rc;
}
