/* Three-pile Sharing Nim table by the simple method. In canonical form
 * (0,a,b), every option has max - min < b, so computing rows b = 0, 1, 2, ...
 * in order finds every option already known. */
#include "grundy/sharing3.h"
#include "grundy/bitset.h"
#include <stdlib.h>

bool gr_s3table_covers(const gr_game *g)
{
    return gr_game_family(g, NULL) == GR_FAMILY_SHARING && (g->piles == 0 || g->piles == 3);
}

void gr_s3table_free(gr_s3table *t)
{
    free(t->v);
    t->v = NULL;
    t->n = 0;
}

uint32_t gr_s3table_value(const gr_s3table *t, uint64_t x, uint64_t y, uint64_t z)
{
    uint64_t lo = x, mid = y, hi = z, tmp;
    if (lo > mid) tmp = lo, lo = mid, mid = tmp;
    if (mid > hi) tmp = mid, mid = hi, hi = tmp;
    if (lo > mid) tmp = lo, lo = mid, mid = tmp;
    return gr_s3table_get(t, (uint32_t)(mid - lo), (uint32_t)(hi - lo));
}

int gr_s3table_simple(gr_s3table *t, uint32_t n, gr_error *err)
{
    size_t cells = gr_s3table_index(0, n + 1);
    t->n = n;
    t->v = malloc(cells * sizeof *t->v);
    if (!t->v) return gr_fail_nomem(err);
    gr_bitset seen;
    gr_bitset_init(&seen);
    for (uint32_t b = 0; b <= n; b++) {
        for (uint32_t a = 0; a <= b; a++) {
            gr_bitset_reset(&seen);
            uint64_t p[3] = {0, a, b};
            /* every (source, receiver) pair with source bigger */
            for (int s = 0; s < 3; s++)
                for (int d = 0; d < 3; d++) {
                    if (s == d || p[s] <= p[d]) continue;
                    uint64_t kmax = (p[s] - p[d]) / 2;
                    for (uint64_t k = 1; k <= kmax; k++) {
                        uint64_t q[3] = {p[0], p[1], p[2]};
                        q[s] -= k;
                        q[d] += k;
                        if (!gr_bitset_add(&seen, gr_s3table_value(t, q[0], q[1], q[2]))) {
                            gr_bitset_free(&seen);
                            gr_s3table_free(t);
                            return gr_fail_nomem(err);
                        }
                    }
                }
            t->v[gr_s3table_index(a, b)] = gr_bitset_mex(&seen);
        }
    }
    gr_bitset_free(&seen);
    return GR_OK;
}
