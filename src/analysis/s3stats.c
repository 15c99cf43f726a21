/* Seed 000's statistics of the three-pile Sharing Nim table, on the fly
 * (include/grundy/s3stats.h). Memory is O(n) plus the listed positions. */
#include "grundy/s3stats.h"
#include "grundy/grow.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define MAX_LIST_VALUES 8

typedef struct ulist {
    uint32_t *v;
    size_t n, cap;
} ulist;

/* Value g's figures side by side: the counting pass touches one entry a
 * position, not three arrays. */
typedef struct vstat {
    uint64_t count;                  /* positions with 2a <= b */
    uint32_t row1;                   /* 1 + the largest a <= b/2 with value g, 0 none */
    uint32_t at;                     /* the b of that (the first such b) */
} vstat;

/* What a stream of positions gives that is not kept per column: the whole
 * run's totals (gr_s3stats.acc), or one thread's share of a band, merged
 * into the totals after the band by rules that do not depend on how the
 * positions were shared out (sums, largest a then smallest b, first in
 * stream order (b, a)). */
typedef struct acc {
    vstat *vals;                     /* per g */
    bool any;                        /* a position seen (vmax is set) */
    uint32_t vmax, vmax_a, vmax_b;
    bool claim_fail;                 /* a <= 2g-1 for g >= 2 */
    uint32_t claim_a, claim_b, claim_g;
    uint64_t ones;                   /* 1-positions with 2a <= b */
    ulist ones_first;                /* the first few, as (a,b) pairs */
    size_t first_cap;                /* entries of ones_first gathered at most */
    uint64_t p_count, p_miss;
    uint32_t p_miss_a, p_miss_b;
    bool oom;
} acc;

struct gr_s3stats {
    uint32_t n;
    uint32_t *row_max, *row_first;   /* per paper row a, over b = a..n */
    int ngs;
    uint32_t gs[MAX_LIST_VALUES];
    uint32_t list_rows;
    ulist *lists;                    /* [k * list_rows + a] */
    uint64_t *ones_row;              /* per a */
    uint64_t *rows_of;               /* for g < ROWSETS: bitset of the a (2a <= b) where g occurs */
    size_t rows_words;
    acc acc;                         /* the totals (per g: with the parts' per-g figures) */
    acc *parts;                      /* one per thread of a band; their per-g figures stay there */
    int nparts;
    /* the band being gathered (gr_s3stats_band_begin) */
    uint32_t band_b0, band_count;
    const uint32_t *band_rows;
    size_t band_stride;
    long band_nx, band_items;
};

#define ROWSETS 32
#define FIRST_ONES (2 * 40)          /* entries of ones_first: 40 (a,b) pairs */

static void push(bool *oom, ulist *l, uint32_t v)
{
    if (!GR_GROW(l->v, l->cap, l->n + 1, 16)) {
        *oom = true;
        return;
    }
    l->v[l->n++] = v;
}

/* Per-g arrays for values 0..n+1. */
static bool acc_init(acc *c, size_t m)
{
    memset(c, 0, sizeof *c);
    c->vals = calloc(m, sizeof *c->vals);
    return c->vals != NULL;
}

static void acc_free(acc *c)
{
    free(c->vals);
    free(c->ones_first.v);
}

int gr_s3stats_new(gr_s3stats **out, uint32_t n, const uint32_t *gs, int ngs, uint32_t list_rows, gr_error *err)
{
    *out = NULL;
    if (ngs > MAX_LIST_VALUES) ngs = MAX_LIST_VALUES;
    gr_s3stats *s = calloc(1, sizeof *s);
    if (!s) return gr_fail_nomem(err);
    s->n = n;
    s->ngs = ngs;
    memcpy(s->gs, gs, (size_t)ngs * sizeof *gs);
    s->list_rows = list_rows;
    size_t m = (size_t)n + 2;
    s->row_max = calloc(m, sizeof *s->row_max);
    s->row_first = calloc(m, sizeof *s->row_first);
    s->ones_row = calloc(m, sizeof *s->ones_row);
    s->lists = calloc((size_t)ngs * list_rows + 1, sizeof *s->lists);
    s->rows_words = (size_t)n / 2 / 64 + 1;
    s->rows_of = calloc(ROWSETS * s->rows_words, sizeof *s->rows_of);
    bool ok = acc_init(&s->acc, m);
    s->acc.first_cap = FIRST_ONES;
    if (!ok || !s->rows_of || !s->row_max || !s->row_first || !s->ones_row || !s->lists) {
        gr_s3stats_free(s);
        return gr_fail_nomem(err);
    }
    *out = s;
    return GR_OK;
}

void gr_s3stats_free(gr_s3stats *s)
{
    if (!s) return;
    for (size_t i = 0; s->lists && i < (size_t)s->ngs * s->list_rows; i++) free(s->lists[i].v);
    free(s->lists);
    free(s->row_max);
    free(s->row_first);
    free(s->ones_row);
    free(s->rows_of);
    acc_free(&s->acc);
    for (int t = 0; t < s->nparts; t++) acc_free(&s->parts[t]);
    free(s->parts);
    free(s);
}

/* Theorem P in the (0,a,b), 2a <= b, chart: a = 0 and b = 0 or 4^k (2l+1). */
static bool theorem_p(uint32_t a, uint32_t b)
{
    return a == 0 && (b == 0 || (__builtin_ctz(b) & 1) == 0);
}

/* (b, a) before (b2, a2) in the stream */
static bool earlier(uint32_t b, uint32_t a, uint32_t b2, uint32_t a2)
{
    return b < b2 || (b == b2 && a < a2);
}

/* Column x's maximum against v from row b. Branch-free, with a mask (a
 * conditional store would stop the compiler), so that the loops below
 * vectorize: whether a column's maximum grows is a coin toss. Values are
 * at most n + 1, so for n < 2^30 a signed compare is exact, and cheaper
 * (plain SSE2 has no unsigned one). */
#define MAX_STEP(x, v)                                                  \
    do {                                                                \
        uint32_t v_ = (v), m_ = mx[x], f_ = fi[x];                      \
        uint32_t up_ = -(uint32_t)((int32_t)v_ > (int32_t)m_);          \
        mx[x] = m_ ^ ((m_ ^ v_) & up_);                                 \
        fi[x] = f_ ^ ((f_ ^ b) & up_);                                  \
    } while (0)

/* Row b's maxima over the columns x in [x0, x1) of the whole row (x = 0..b):
 * each column is its own, so threads with disjoint columns share nothing.
 * Column x reads half[x] for x <= b/2 and half[b - x] past it; column b
 * starts here (its first row), whatever it held. */
static void row_maxima(gr_s3stats *s, uint32_t b, const uint32_t *half, uint32_t x0, uint32_t x1)
{
    if (x1 > b + 1) x1 = b + 1;
    if (s->n >= (1u << 30)) {   /* past the signed compares: one column at a time */
        for (uint32_t x = x0; x < x1; x++) {
            uint32_t v = half[x <= b - x ? x : b - x];
            if (b == x || v > s->row_max[x]) s->row_max[x] = v, s->row_first[x] = b;
        }
        return;
    }
    uint32_t *restrict mx = s->row_max, *restrict fi = s->row_first;
    uint32_t h = b / 2 + 1, mid = x1 < h ? x1 : h;
    for (size_t x = x0; x < mid; x++) MAX_STEP(x, half[x]);
    /* size_t indices: b - x cannot wrap, which lets the loop vectorize */
    for (size_t x = x0 > h ? x0 : h; x < x1; x++) MAX_STEP(x, half[(size_t)b - x]);
    if (x0 <= b && x1 == b + 1) mx[b] = half[0], fi[b] = b;
}

/* Everything of row_values but the counts, for positions a in [a0, a1):
 * each figure here is rare in the table (values below ROWSETS, 0 and 1,
 * a new largest value, a failed claim, the listed rows), so row_values
 * sends only the blocks that may hold one. */
static void rare_values(gr_s3stats *s, acc *c, uint32_t b, const uint32_t *half, uint32_t a0, uint32_t a1)
{
    for (uint32_t a = a0; a < a1; a++) {
        uint32_t g = half[a];
        if (g < ROWSETS) s->rows_of[g * s->rows_words + a / 64] |= (uint64_t)1 << (a % 64);
        if (!c->any || g > c->vmax || (g == c->vmax && earlier(b, a, c->vmax_b, c->vmax_a)))
            c->any = true, c->vmax = g, c->vmax_a = a, c->vmax_b = b;
        if (g >= 2 && a > 2 * g - 1 && (!c->claim_fail || earlier(b, a, c->claim_b, c->claim_a)))
            c->claim_fail = true, c->claim_a = a, c->claim_b = b, c->claim_g = g;
        if (g == 1) {
            c->ones++;
            s->ones_row[a]++;
            if (c->ones_first.n < c->first_cap) push(&c->oom, &c->ones_first, a), push(&c->oom, &c->ones_first, b);
        }
        if (g == 0) c->p_count++;
        if ((g == 0) != theorem_p(a, b) && (c->p_miss++ == 0 || earlier(b, a, c->p_miss_b, c->p_miss_a)))
            c->p_miss_a = a, c->p_miss_b = b;
        if (a < s->list_rows)
            for (int k = 0; k < s->ngs; k++)
                if (g == s->gs[k]) push(&c->oom, &s->lists[(size_t)k * s->list_rows + a], b);
    }
}

/* Positions a row_values takes at a time: one test decides whether a
 * block holds a rare figure; a block that does is read again by
 * rare_values. Short, because the block at a = 0 always does. */
#define BLOCK 32

/* Row b's positions a in [a0, a1) (a <= b/2) into c and the per-column
 * arrays; a0 and a1 multiples of 64 (or the row's end), so that threads
 * with disjoint ranges write disjoint words of rows_of. A thread's ranges
 * come in any order, so "first" is decided by the stream order (b, a),
 * not by what this thread saw first; within one column rows come in order.
 * Every position is counted; a block goes to rare_values when some value
 * in it is below ROWSETS (0, 1, the row sets), at least the largest value
 * yet (vmax, ties included), or fails the claim (2g <= a); or when it
 * holds a = 0 (Theorem P's row) or a listed row. Theorem P holds no
 * position with a > 0, so there a disagreement is a 0, which is below
 * ROWSETS: no block that can change a figure is skipped. */
static void row_values(gr_s3stats *s, acc *c, uint32_t b, const uint32_t *half, uint32_t a0, uint32_t a1)
{
    if (a1 > b / 2 + 1) a1 = b / 2 + 1;
    vstat *restrict vals = c->vals;
    for (uint32_t lo = a0; lo < a1; lo += BLOCK) {
        uint32_t hi = a1 - lo > BLOCK ? lo + BLOCK : a1;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
        for (uint32_t a = lo; a < hi; a++) {
            vstat *e = &vals[half[a]];
            e->count++;
            if (a >= e->row1) e->row1 = a + 1, e->at = b;   /* a grows along the row: the first b stays */
        }
        /* values <= n + 1, so for n < 2^29 signed compares (which
         * vectorize) are exact and 2g does not overflow */
        int32_t top = c->any ? (int32_t)c->vmax : 0;
        int plain = 1;   /* every position: ROWSETS <= g < top and a < 2g */
        for (uint32_t a = lo; a < hi; a++) {
            int32_t g = (int32_t)half[a];
            plain &= (g >= ROWSETS) & (g < top) & (2 * g > (int32_t)a);
        }
        if (!plain || lo == 0 || lo < s->list_rows || s->n >= (1u << 29)) rare_values(s, c, b, half, lo, hi);
    }
}

void gr_s3stats_row(gr_s3stats *s, uint32_t b, const uint32_t *half)
{
    row_maxima(s, b, half, 0, b + 1);
    row_values(s, &s->acc, b, half, 0, b / 2 + 1);
}

static int cmp_pair(const void *x, const void *y)
{
    const uint32_t *p = x, *q = y;   /* (a, b) */
    if (p[1] != q[1]) return p[1] < q[1] ? -1 : 1;
    return p[0] < q[0] ? -1 : p[0] > q[0];
}

/* Value g over the totals and the parts, which all count distinct
 * positions: the count, and the largest a with, for it, the first b. */
static uint64_t count_of(const gr_s3stats *s, uint32_t g)
{
    uint64_t c = s->acc.vals[g].count;
    for (int t = 0; t < s->nparts; t++) c += s->parts[t].vals[g].count;
    return c;
}

static long row_of(const gr_s3stats *s, uint32_t g, uint32_t *at)
{
    uint32_t r1 = s->acc.vals[g].row1, b = s->acc.vals[g].at;
    for (int t = 0; t < s->nparts; t++) {
        const vstat *v = &s->parts[t].vals[g];
        if (v->row1 > r1 || (v->row1 == r1 && r1 > 0 && v->at < b)) r1 = v->row1, b = v->at;
    }
    if (at) *at = b;
    return (long)r1 - 1;
}

/* A part's single figures into the totals, the part reset (its arrays kept). */
static void merge_scalars(acc *to, acc *c)
{
    if (c->any && (!to->any || c->vmax > to->vmax ||
                   (c->vmax == to->vmax && earlier(c->vmax_b, c->vmax_a, to->vmax_b, to->vmax_a))))
        to->any = true, to->vmax = c->vmax, to->vmax_a = c->vmax_a, to->vmax_b = c->vmax_b;
    if (c->claim_fail && (!to->claim_fail || earlier(c->claim_b, c->claim_a, to->claim_b, to->claim_a)))
        to->claim_fail = true, to->claim_a = c->claim_a, to->claim_b = c->claim_b, to->claim_g = c->claim_g;
    if (c->p_miss && (!to->p_miss || earlier(c->p_miss_b, c->p_miss_a, to->p_miss_b, to->p_miss_a)))
        to->p_miss_a = c->p_miss_a, to->p_miss_b = c->p_miss_b;
    to->p_miss += c->p_miss;
    to->p_count += c->p_count;
    to->ones += c->ones;
    to->oom |= c->oom;
    c->any = c->claim_fail = c->oom = false;
    c->p_miss = c->p_count = c->ones = 0;
}

/* The first ones of the parts (each in stream order) after those kept. */
static void merge_first_ones(acc *to, acc *parts, int np)
{
    size_t total = to->ones_first.n;
    for (int t = 0; t < np; t++) total += parts[t].ones_first.n;
    if (to->ones_first.n < FIRST_ONES && total > to->ones_first.n) {
        size_t kept = to->ones_first.n;
        for (int t = 0; t < np; t++)
            for (size_t i = 0; i < parts[t].ones_first.n; i++) push(&to->oom, &to->ones_first, parts[t].ones_first.v[i]);
        /* every part's are later than the kept ones (earlier bands) */
        qsort(to->ones_first.v + kept, (to->ones_first.n - kept) / 2, 2 * sizeof *to->ones_first.v, cmp_pair);
        if (to->ones_first.n > FIRST_ONES) to->ones_first.n = FIRST_ONES;
    }
    for (int t = 0; t < np; t++) parts[t].ones_first.n = 0;
}

static int ensure_parts(gr_s3stats *s, int np)
{
    if (np <= s->nparts) return 0;
    acc *p = realloc(s->parts, (size_t)np * sizeof *p);
    if (!p) return -1;
    s->parts = p;
    for (; s->nparts < np; s->nparts++)
        if (!acc_init(&s->parts[s->nparts], (size_t)s->n + 2)) {
            acc_free(&s->parts[s->nparts]);
            return -1;
        }
    return 0;
}

/* Columns an item takes: a multiple of 64 (words of rows_of), small
 * enough that a thread descheduled by a busy machine holds the others up
 * for little at the band's end. */
#define COLS 256

long gr_s3stats_band_begin(gr_s3stats *s, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride,
                           int threads)
{
#ifndef _OPENMP
    threads = 1;
#endif
    uint32_t b1 = b0 + count - 1;
    if (threads > 1 && b1 / 2 < COLS) threads = 1;   /* too short to share */
    if (threads > 1 && ensure_parts(s, threads) != 0) threads = 1;   /* one thread needs no parts */
    s->band_items = 0;
    if (threads <= 1) {
        for (uint32_t r = 0; r < count; r++) gr_s3stats_row(s, b0 + r, rows + (size_t)r * stride);
        return 0;
    }
    /* the parts gather every 1-position while the first few are still wanted */
    for (int t = 0; t < s->nparts; t++) s->parts[t].first_cap = s->acc.ones_first.n < FIRST_ONES ? SIZE_MAX : 0;
    s->band_b0 = b0, s->band_count = count, s->band_rows = rows, s->band_stride = stride;
    s->band_nx = (long)(b1 + COLS) / COLS;
    s->band_items = s->band_nx + (long)(b1 / 2 + COLS) / COLS;
    return s->band_items;
}

/* Item i: the maxima of COLS columns x (i < nx) or the values of COLS
 * positions a, over every row of the band in order. */
void gr_s3stats_band_item(gr_s3stats *s, long i, int thread)
{
    bool maxima = i < s->band_nx;
    uint64_t lo = (uint64_t)(maxima ? i : i - s->band_nx) * COLS;
    acc *c = &s->parts[thread];
    for (uint32_t r = 0; r < s->band_count; r++) {
        const uint32_t *half = s->band_rows + (size_t)r * s->band_stride;
        uint32_t b = s->band_b0 + r;
        if (maxima && lo <= b) row_maxima(s, b, half, (uint32_t)lo, (uint32_t)(lo + COLS));
        if (!maxima && lo <= b / 2) row_values(s, c, b, half, (uint32_t)lo, (uint32_t)(lo + COLS));
    }
}

void gr_s3stats_band_end(gr_s3stats *s)
{
    if (!s->band_items) return;
    for (int t = 0; t < s->nparts; t++) merge_scalars(&s->acc, &s->parts[t]);
    merge_first_ones(&s->acc, s->parts, s->nparts);
    s->band_items = 0;
}

int gr_s3stats_rows(gr_s3stats *s, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads)
{
    long items = gr_s3stats_band_begin(s, b0, count, rows, stride, threads);
    if (!items) return 1;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (long i = 0; i < items; i++) {
#ifdef _OPENMP
        gr_s3stats_band_item(s, i, omp_get_thread_num());
#endif
    }
    gr_s3stats_band_end(s);
    return threads;
}

uint32_t gr_s3stats_row_max(const gr_s3stats *s, uint32_t a, uint32_t *first_b)
{
    if (first_b) *first_b = s->row_first[a];
    return s->row_max[a];
}

long gr_s3stats_value_max_row(const gr_s3stats *s, uint32_t g, uint32_t *at_b)
{
    if (g > s->n + 1) return -1;   /* values go to n + 1 */
    return row_of(s, g, at_b);
}

const uint32_t *gr_s3stats_positions(const gr_s3stats *s, int k, uint32_t a, size_t *cnt)
{
    const ulist *l = &s->lists[(size_t)k * s->list_rows + a];
    *cnt = l->n;
    return l->v;
}

uint64_t gr_s3stats_p_mismatches(const gr_s3stats *s) { return s->acc.p_miss; }

uint64_t gr_s3stats_value_count(const gr_s3stats *s, uint32_t g) { return g > s->n + 1 ? 0 : count_of(s, g); }

bool gr_s3stats_value_in_row(const gr_s3stats *s, uint32_t g, uint32_t a)
{
    if (g >= ROWSETS || a > s->n / 2) return false;
    return s->rows_of[(size_t)g * s->rows_words + a / 64] >> (a % 64) & 1;
}

void gr_s3stats_figures_of(const gr_s3stats *s, gr_s3stats_figures *f)
{
    const acc *c = &s->acc;
    *f = (gr_s3stats_figures){.n = s->n, .row_max = s->row_max, .row_first = s->row_first, .vmax = c->vmax,
                              .vmax_a = c->vmax_a, .vmax_b = c->vmax_b, .claim_fail = c->claim_fail,
                              .claim_a = c->claim_a, .claim_b = c->claim_b, .claim_g = c->claim_g, .ngs = s->ngs,
                              .gs = s->gs, .list_rows = s->list_rows, .ones = c->ones, .ones_row = s->ones_row,
                              .ones_first = c->ones_first.v, .ones_first_n = c->ones_first.n, .p_count = c->p_count,
                              .p_miss = c->p_miss, .p_miss_a = c->p_miss_a, .p_miss_b = c->p_miss_b,
                              .rowsets = ROWSETS};
}
