/* Seed 000's counts from the three-pile Sharing Nim table, streamed row by
 * row (the N^2 table is never held): P(n), the P-positions with exactly n
 * tokens, and f(n) = [G(0,0,n) > 0]. `grundy count sharing-p/sharing-f` and
 * the Python module's count() print what these return. */
#include "grundy/sharing3_fast.h"
#include <stdlib.h>

typedef struct p_ctx {
    uint64_t *c;            /* c[m]: canonical P-positions (0,p,q), p <= q, p + q = m */
    uint32_t n;
    const gr_limits *lim;
} p_ctx;

static int p_counts(void *ctx, uint32_t b, const uint32_t *half)
{
    p_ctx *x = ctx;
    for (uint32_t p = 0; p <= b && p + (uint64_t)b <= x->n; p++)
        if (half[p <= b - p ? p : b - p] == 0) x->c[p + b]++;
    return x->lim && gr_limits_stopped(x->lim);
}

/* Rows 0..n into fn; GR_EINPUT when fn asked to stop (the stop hook). */
static int run_rows(uint32_t n, gr_s3fast_fn fn, void *ctx, gr_error *err)
{
    gr_s3fast *st = NULL;
    int rc = gr_s3fast_new(&st, n, err);
    if (rc) return rc;
    if (gr_s3fast_rows(st, n + 1, fn, ctx))
        rc = gr_fail(err, GR_EINTR, "the table stopped on request at row %u", gr_s3fast_next(st));
    gr_s3fast_free(st);
    return rc;
}

int gr_s3count_p(uint32_t n, const gr_limits *lim, uint64_t *all, uint64_t *positive, gr_error *err)
{
    p_ctx x = {calloc((size_t)n + 1, sizeof *x.c), n, lim};
    if (!x.c) return gr_fail_nomem(err);
    int rc = run_rows(n, p_counts, &x, err);
    /* a multiset {x, x + p, x + q} is (0, p, q) shifted by x: same value */
    for (uint32_t m = 0; !rc && m <= n; m++) {
        all[m] = positive[m] = 0;
        for (uint32_t s = 0; 3 * s <= m; s++) {
            all[m] += x.c[m - 3 * s];
            if (s) positive[m] += x.c[m - 3 * s];
        }
    }
    free(x.c);
    return rc;
}

typedef struct f_ctx {
    unsigned char *f;
    const gr_limits *lim;
} f_ctx;

static int f_row0(void *ctx, uint32_t b, const uint32_t *half)
{
    f_ctx *x = ctx;
    x->f[b] = half[0] != 0;
    return x->lim && gr_limits_stopped(x->lim);
}

int gr_s3count_f(uint32_t n, const gr_limits *lim, unsigned char *f, gr_error *err)
{
    f_ctx x = {f, lim};
    return run_rows(n, f_row0, &x, err);
}
