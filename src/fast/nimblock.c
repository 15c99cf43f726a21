/* d-pile Nim under block=k or block-position=k, bottom-up over every sorted
 * position with piles <= n (see grundy/block.h for the layout). It is the
 * reference the Theorem 1 test and the exploration of the open questions run
 * on; it is itself tested against the generic solver in tests/test_block.c.
 *
 * Sorted positions are ranked colex: rank(x_1 <= ... <= x_d) =
 * sum_i C(x_i + i - 1, i). Lowering one pile and re-sorting gives a tuple that
 * is componentwise no larger and somewhere smaller, so its rank is smaller:
 * walking ranks upward meets every option before the position. */
#include "grundy/block.h"
#include <stdlib.h>
#include <string.h>

double gr_nbtable_bytes(int d, uint32_t n)
{
    /* C(n+d, d) flags plus C(n+d-1, d-1) (n+1) counters */
    double pos = 1, lines = 1;
    for (int j = 1; j <= d; j++) pos = pos * ((double)n + j) / j;
    for (int j = 1; j <= d - 1; j++) lines = lines * ((double)n + j) / j;
    return pos + lines * ((double)n + 1) * sizeof(uint16_t) + ((double)n + d + 1) * 9 * sizeof(uint64_t);
}

static uint64_t rank_of(const gr_nbtable *t, const uint32_t *x, int d)
{
    uint64_t r = 0;
    for (int i = 0; i < d; i++) r += t->binom[x[i] + i][i + 1];
    return r;
}

/* The rank of x without its element at index skip (x sorted, d elements). */
static uint64_t rank_without(const gr_nbtable *t, const uint32_t *x, int d, int skip)
{
    uint64_t r = 0;
    for (int i = 0, j = 0; i < d; i++) {
        if (i == skip) continue;
        r += t->binom[x[i] + j][j + 1];
        j++;
    }
    return r;
}

void gr_nbtable_free(gr_nbtable *t)
{
    free(t->p);
    free(t->count);
    free(t->binom);
    memset(t, 0, sizeof *t);
}

/* Options of sorted x counted once per pile (block) or once per distinct pile
 * size (block-position: lowering either of two equal piles gives the same
 * position, and lowering piles of different sizes never does). */
static uint32_t p_options(const gr_nbtable *t, const uint32_t *x)
{
    uint32_t sum = 0;
    for (int i = 0; i < t->d; i++) {
        if (t->by_position && i + 1 < t->d && x[i + 1] == x[i]) continue;
        sum += t->count[rank_without(t, x, t->d, i) * (t->n + 1) + x[i]];
    }
    return sum;
}

int gr_nbtable_build(gr_nbtable *t, int d, uint32_t n, int k, bool by_position, double max_bytes, gr_error *err)
{
    memset(t, 0, sizeof *t);
    if (d < 1 || d > GR_NBTABLE_MAX_D)
        return gr_fail(err, GR_EINPUT, "%d piles: the blocking table handles 1 to %d", d, GR_NBTABLE_MAX_D);
    if (k < 1) return gr_fail(err, GR_EINPUT, "block=%d: k must be at least 1", k);
    if (n > 65535) return gr_fail(err, GR_EINPUT, "piles up to %u: the blocking table stops at 65535", n);
    double bytes = gr_nbtable_bytes(d, n);
    if (bytes > max_bytes || bytes > 1e15)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "a table of %d piles up to %u needs %.3g bytes (limit %.3g)", d, n, bytes,
                       max_bytes);
    t->d = d;
    t->n = n;
    t->k = k;
    t->by_position = by_position;
    size_t rows = (size_t)n + d + 1;
    t->binom = calloc(rows, sizeof *t->binom);
    if (!t->binom) goto oom;
    for (size_t m = 0; m < rows; m++) {
        t->binom[m][0] = 1;
        /* only C(m, j <= d) is used; higher j would overflow for large m */
        for (int j = 1; j <= d && (size_t)j <= m; j++) t->binom[m][j] = t->binom[m - 1][j - 1] + t->binom[m - 1][j];
    }
    t->size = t->binom[n + d][d];
    uint64_t lines = d > 1 ? t->binom[n + d - 1][d - 1] : 1;
    t->p = malloc(t->size);
    t->count = malloc(lines * (n + 1) * sizeof *t->count);
    if (!t->p || !t->count) goto oom;
    uint32_t x[GR_NBTABLE_MAX_D] = {0};
    for (uint64_t r = 0; r < t->size; r++) {
        /* count[x \ x_i][x_i] = count[x \ x_i][x_i - 1] + [the option with x_i - 1 is P];
         * that option and its own counts come earlier in colex order. */
        for (int i = 0; i < d; i++) {
            if (i + 1 < d && x[i + 1] == x[i]) continue;   /* same line as the last equal pile */
            uint64_t line = rank_without(t, x, d, i) * (n + 1);
            uint16_t c = 0;
            if (x[i] > 0) {
                /* the option: x_i - 1 slides left past equal piles to stay sorted */
                uint32_t y[GR_NBTABLE_MAX_D];
                memcpy(y, x, sizeof y);
                int j = i;
                while (j > 0 && y[j - 1] == x[i]) j--;
                y[j] = x[i] - 1;
                c = (uint16_t)(t->count[line + x[i] - 1] + t->p[rank_of(t, y, d)]);
            }
            t->count[line + x[i]] = c;
        }
        t->p[r] = p_options(t, x) <= (uint32_t)k;
        /* next sorted tuple in colex order: bump the lowest pile that can grow */
        int i = 0;
        while (i < d && x[i] == (i + 1 < d ? x[i + 1] : n)) i++;
        if (i == d) break;
        x[i]++;
        for (int j = 0; j < i; j++) x[j] = 0;
    }
    return GR_OK;
oom:
    gr_nbtable_free(t);
    return gr_fail_nomem(err);
}

static void sorted(const gr_nbtable *t, const uint32_t *piles, uint32_t *x)
{
    memcpy(x, piles, (size_t)t->d * sizeof *x);
    for (int i = 1; i < t->d; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            uint32_t s = x[j];
            x[j] = x[j - 1];
            x[j - 1] = s;
        }
}

bool gr_nbtable_is_p(const gr_nbtable *t, const uint32_t *piles)
{
    uint32_t x[GR_NBTABLE_MAX_D];
    sorted(t, piles, x);
    return t->p[rank_of(t, x, t->d)];
}

uint32_t gr_nbtable_p_options(const gr_nbtable *t, const uint32_t *piles)
{
    uint32_t x[GR_NBTABLE_MAX_D];
    sorted(t, piles, x);
    return p_options(t, x);
}
