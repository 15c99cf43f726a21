/* The three-pile table's streamed statistics (grundy/s3stats.h) against a
 * plain count over the stored rows: every figure, fed row by row, in bands
 * on OpenMP threads, and in bands whose items run in reverse order on
 * several thread numbers. The rows are the real table and random rows
 * sown with the rare events the real one lacks (0 and 1 at a > 0, small
 * values far out, failed claims, ties of the largest value), so that a
 * block the counting wrongly skips shows here. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/s3stats.h"
#include "grundy/sharing3_fast.h"

#define NGS 2
#define LIST_ROWS 5
#define ROWSETS 32      /* gr_s3stats_figures.rowsets, checked below */
#define FIRST_PAIRS 40

typedef struct rows {
    uint32_t n;
    size_t *off;        /* row b at v + off[b], b/2 + 1 values */
    uint32_t *v;
} rows;

static const uint32_t gs[NGS] = {2, 3};

static void rows_alloc(rows *r, uint32_t n)
{
    r->n = n;
    r->off = malloc(((size_t)n + 2) * sizeof *r->off);
    cr_assert_not_null(r->off);
    r->off[0] = 0;
    for (uint32_t b = 0; b <= n; b++) r->off[b + 1] = r->off[b] + b / 2 + 1;
    r->v = malloc(r->off[n + 1] * sizeof *r->v);
    cr_assert_not_null(r->v);
}

static void rows_free(rows *r)
{
    free(r->off);
    free(r->v);
}

static int keep_row(void *ctx, uint32_t b, const uint32_t *row)
{
    rows *r = ctx;
    memcpy(r->v + r->off[b], row, (b / 2 + 1) * sizeof *row);
    return 0;
}

static void table_rows(rows *r, uint32_t n)
{
    rows_alloc(r, n);
    gr_s3fast *st;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    cr_assert_eq(gr_s3fast_rows(st, n + 1, keep_row, r), 0);
    gr_s3fast_free(st);
}

static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 33;
}

/* Values mostly between a and n + 1 (as in the table), with sown rarities;
 * `late`: only claims at their edge and ties of n + 1, none before row 3n/4, so
 * that the first of each is decided in bands shared among threads with
 * three items of values (the first bands are too short to share), each on
 * its own (no other rarity sends its block to be read again). */
static void random_rows(rows *r, uint32_t n, uint64_t seed, bool late)
{
    rows_alloc(r, n);
    for (uint32_t b = 0; b <= n; b++)
        for (uint32_t a = 0; a <= b / 2; a++) {
            uint64_t x = lcg(&seed);
            uint32_t g = a + (uint32_t)(x % (n + 2 - a));
            if (late && b < n / 4 * 3) {
                r->v[r->off[b] + a] = g == n + 1 ? n : g;
                continue;
            }
            uint64_t rare = lcg(&seed) % 1000;
            if (late && rare < 6) rare = 1000;
            switch (rare) {
            case 0: g = 0; break;
            case 1: case 2: g = 1; break;
            case 3: g = (uint32_t)(lcg(&seed) % 4); break;
            case 4: g = (uint32_t)(lcg(&seed) % 40); break;
            case 5: g = a / 2 > 2 ? a / 2 - 1 : 2; break;   /* a > 2g - 1 */
            case 6: g = n + 1; break;                        /* ties of the largest */
            case 7: g = a < 4 ? 2 : (a + 1) / 2; break;      /* a = 2g just fails, a = 2g - 1 just holds */
            default: break;
            }
            r->v[r->off[b] + a] = g;
        }
}

static uint32_t at(const rows *r, uint32_t a, uint32_t b) { return r->v[r->off[b] + a]; }

static bool theorem_p(uint32_t a, uint32_t b) { return a == 0 && (b == 0 || (__builtin_ctz(b) & 1) == 0); }

/* The plain count of every figure, in stream order (b, a). */
typedef struct count {
    uint32_t *colmax, *colfirst;     /* per column x = 0..n */
    uint64_t *count;                 /* per g */
    long *maxrow;
    uint32_t *maxat;
    uint64_t *ones_row;              /* per a */
    bool *in_row;                    /* [g * (n/2 + 1) + a], g < ROWSETS */
    uint32_t vmax, vmax_a, vmax_b, claim_a, claim_b, claim_g, miss_a, miss_b;
    bool claim_fail;
    uint64_t ones, p_count, p_miss;
    uint32_t first_ones[2 * FIRST_PAIRS];
    size_t nfirst;
} count;

static void count_rows(count *c, const rows *r)
{
    uint32_t n = r->n, w = n / 2 + 1;
    memset(c, 0, sizeof *c);
    c->colmax = calloc((size_t)n + 1, sizeof *c->colmax);
    c->colfirst = calloc((size_t)n + 1, sizeof *c->colfirst);
    c->count = calloc((size_t)n + 2, sizeof *c->count);
    c->maxrow = malloc(((size_t)n + 2) * sizeof *c->maxrow);
    c->maxat = calloc((size_t)n + 2, sizeof *c->maxat);
    c->ones_row = calloc((size_t)n + 2, sizeof *c->ones_row);
    c->in_row = calloc((size_t)ROWSETS * w, sizeof *c->in_row);
    cr_assert(c->colmax && c->colfirst && c->count && c->maxrow && c->maxat && c->ones_row && c->in_row);
    /* each column x's maximum over b = x..n, first at b */
    for (uint32_t x = 0; x <= n; x++)
        for (uint32_t b = x; b <= n; b++) {
            uint32_t v = at(r, x <= b - x ? x : b - x, b);
            if (b == x || v > c->colmax[x]) c->colmax[x] = v, c->colfirst[x] = b;
        }
    for (uint32_t g = 0; g <= n + 1; g++) c->maxrow[g] = -1;
    for (uint32_t b = 0; b <= n; b++)
        for (uint32_t a = 0; a <= b / 2; a++) {
            uint32_t g = at(r, a, b);
            c->count[g]++;
            if ((long)a > c->maxrow[g]) c->maxrow[g] = a, c->maxat[g] = b;
            if ((b == 0 && a == 0) || g > c->vmax) c->vmax = g, c->vmax_a = a, c->vmax_b = b;
            if (!c->claim_fail && g >= 2 && a > 2 * g - 1)
                c->claim_fail = true, c->claim_a = a, c->claim_b = b, c->claim_g = g;
            if (g == 1) {
                c->ones++, c->ones_row[a]++;
                if (c->nfirst < 2 * FIRST_PAIRS) c->first_ones[c->nfirst++] = a, c->first_ones[c->nfirst++] = b;
            }
            c->p_count += g == 0;
            if ((g == 0) != theorem_p(a, b) && c->p_miss++ == 0) c->miss_a = a, c->miss_b = b;
            if (g < ROWSETS) c->in_row[(size_t)g * w + a] = true;
        }
}

static void count_free(count *c)
{
    free(c->colmax);
    free(c->colfirst);
    free(c->count);
    free(c->maxrow);
    free(c->maxat);
    free(c->ones_row);
    free(c->in_row);
}

static void check_against_count(const gr_s3stats *s, const rows *r, const count *c, const char *how)
{
    uint32_t n = r->n, w = n / 2 + 1;
    gr_s3stats_figures f;
    gr_s3stats_figures_of(s, &f);
    cr_assert_eq(f.rowsets, ROWSETS);
    for (uint32_t x = 0; x <= n; x++) {
        cr_assert_eq(f.row_max[x], c->colmax[x], "%s: n=%u row %u max", how, n, x);
        cr_assert_eq(f.row_first[x], c->colfirst[x], "%s: n=%u row %u first", how, n, x);
    }
    cr_assert_eq(f.vmax, c->vmax, "%s: n=%u vmax %u, counted %u", how, n, f.vmax, c->vmax);
    cr_assert_eq(f.vmax_a, c->vmax_a, "%s: n=%u vmax at a", how, n);
    cr_assert_eq(f.vmax_b, c->vmax_b, "%s: n=%u vmax at b", how, n);
    cr_assert_eq(f.claim_fail, c->claim_fail, "%s: n=%u claim", how, n);
    if (c->claim_fail) {
        cr_assert_eq(f.claim_a, c->claim_a, "%s: n=%u claim a %u, counted %u", how, n, f.claim_a, c->claim_a);
        cr_assert_eq(f.claim_b, c->claim_b, "%s: n=%u claim b", how, n);
        cr_assert_eq(f.claim_g, c->claim_g, "%s: n=%u claim g", how, n);
    }
    cr_assert_eq(f.ones, c->ones, "%s: n=%u ones %llu, counted %llu", how, n, (unsigned long long)f.ones,
                 (unsigned long long)c->ones);
    for (uint32_t a = 0; a <= n / 2; a++) cr_assert_eq(f.ones_row[a], c->ones_row[a], "%s: n=%u ones of row %u", how, n, a);
    cr_assert_eq(f.ones_first_n, c->nfirst, "%s: n=%u first ones %zu, counted %zu", how, n, f.ones_first_n, c->nfirst);
    if (c->nfirst) cr_assert_arr_eq(f.ones_first, c->first_ones, c->nfirst * sizeof *c->first_ones, "%s: n=%u the first ones", how, n);
    cr_assert_eq(f.p_count, c->p_count, "%s: n=%u P-positions", how, n);
    cr_assert_eq(f.p_miss, c->p_miss, "%s: n=%u misses of Theorem P", how, n);
    if (c->p_miss) {
        cr_assert_eq(f.p_miss_a, c->miss_a, "%s: n=%u first miss a", how, n);
        cr_assert_eq(f.p_miss_b, c->miss_b, "%s: n=%u first miss b", how, n);
    }
    for (uint32_t g = 0; g <= n + 1; g++) {
        cr_assert_eq(gr_s3stats_value_count(s, g), c->count[g], "%s: n=%u count of %u", how, n, g);
        uint32_t b = 0;
        long a = gr_s3stats_value_max_row(s, g, &b);
        cr_assert_eq(a, c->maxrow[g], "%s: n=%u value %u: row %ld, counted %ld", how, n, g, a, c->maxrow[g]);
        if (a >= 0) cr_assert_eq(b, c->maxat[g], "%s: n=%u value %u: at b %u, counted %u", how, n, g, b, c->maxat[g]);
    }
    for (uint32_t g = 0; g < ROWSETS; g++)
        for (uint32_t a = 0; a <= n / 2; a++) {
            cr_assert_eq(gr_s3stats_value_in_row(s, g, a), c->in_row[(size_t)g * w + a], "%s: n=%u value %u in row %u", how, n, g, a);
        }
    for (int k = 0; k < NGS; k++)
        for (uint32_t a = 0; a < LIST_ROWS; a++) {
            size_t cnt = 0, want = 0;
            const uint32_t *v = gr_s3stats_positions(s, k, a, &cnt);
            for (uint32_t b = 2 * a; b <= n; b++)
                if (at(r, a, b) == gs[k]) {
                    cr_assert(want < cnt && v[want] == b, "%s: n=%u g=%u row %u: b=%u missing", how, n, gs[k], a, b);
                    want++;
                }
            cr_assert_eq(cnt, want, "%s: n=%u g=%u row %u: %zu listed, counted %zu", how, n, gs[k], a, cnt, want);
        }
}

static gr_s3stats *fresh(uint32_t n)
{
    gr_s3stats *s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3stats_new(&s, n, gs, NGS, LIST_ROWS, &err), 0);
    return s;
}

static gr_s3stats *by_rows(const rows *r)
{
    gr_s3stats *s = fresh(r->n);
    for (uint32_t b = 0; b <= r->n; b++) gr_s3stats_row(s, b, r->v + r->off[b]);
    return s;
}

/* Bands of `band` rows in a padded matrix; threads > 0: gr_s3stats_rows on
 * OpenMP threads; threads < 0: the items by hand, last first, on -threads
 * thread numbers in turn. */
static gr_s3stats *by_bands(const rows *r, uint32_t band, int threads)
{
    uint32_t n = r->n;
    gr_s3stats *s = fresh(n);
    size_t stride = n / 2 + 1;
    uint32_t *m = malloc((size_t)band * stride * sizeof *m);
    cr_assert_not_null(m);
    for (uint32_t b0 = 0; b0 <= n; b0 += band) {
        uint32_t count = n + 1 - b0 < band ? n + 1 - b0 : band;
        for (uint32_t i = 0; i < count; i++)
            memcpy(m + (size_t)i * stride, r->v + r->off[b0 + i], ((b0 + i) / 2 + 1) * sizeof *m);
        if (threads > 0) {
            gr_s3stats_rows(s, b0, count, m, stride, threads);
        } else {
            long items = gr_s3stats_band_begin(s, b0, count, m, stride, -threads);
            for (long i = items - 1; i >= 0; i--) gr_s3stats_band_item(s, i, (int)(i % -threads));
            gr_s3stats_band_end(s);
        }
    }
    free(m);
    return s;
}

static void check_every_way(const rows *r, const char *what)
{
    count c;
    count_rows(&c, r);
    gr_s3stats *s = by_rows(r);
    check_against_count(s, r, &c, what);
    gr_s3stats_free(s);
    int threads[] = {2, 3, 8, -2, -3, -5};
    uint32_t bands[] = {64, 256, 100};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++)
        for (size_t k = 0; k < sizeof bands / sizeof *bands; k++) {
            s = by_bands(r, bands[k], threads[t]);
            check_against_count(s, r, &c, what);
            gr_s3stats_free(s);
        }
    count_free(&c);
}

/* Small tables: every short row and block edge. */
Test(s3stats, table_small_n_against_count)
{
    for (uint32_t n = 0; n <= 140; n += 7) {
        rows r;
        table_rows(&r, n);
        count c;
        count_rows(&c, &r);
        gr_s3stats *s = by_rows(&r);
        check_against_count(s, &r, &c, "table by rows");
        gr_s3stats_free(s);
        count_free(&c);
        rows_free(&r);
    }
}

/* Past 2 * 256 columns a band is shared into items. */
Test(s3stats, table_1400_every_way)
{
    rows r;
    table_rows(&r, 1400);
    check_every_way(&r, "table");
    rows_free(&r);
}

Test(s3stats, random_rows_every_way)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        rows r;
        random_rows(&r, 700 + 333 * (uint32_t)seed, seed, seed % 2 == 0);
        check_every_way(&r, seed % 2 == 0 ? "random, late" : "random");
        rows_free(&r);
    }
}

/* The random rows do hold the rare events the counting must not skip. */
Test(s3stats, random_rows_hold_the_rare_figures)
{
    rows r;
    random_rows(&r, 1033, 1, false);
    gr_s3stats *s = by_rows(&r);
    gr_s3stats_figures f;
    gr_s3stats_figures_of(s, &f);
    cr_assert(f.claim_fail);
    cr_assert_gt(f.p_miss, 100);
    cr_assert_gt(f.ones, 100);
    cr_assert_eq(f.vmax, 1034);
    int far = 0;   /* small values in rows far past the first block */
    for (uint32_t g = 0; g < ROWSETS; g++)
        for (uint32_t a = 100; a <= 1033 / 2; a++) far += gr_s3stats_value_in_row(s, g, a);
    cr_assert_gt(far, 50);
    gr_s3stats_free(s);
    rows_free(&r);
    random_rows(&r, 1366, 2, true);
    s = by_rows(&r);
    gr_s3stats_figures_of(s, &f);
    cr_assert_eq(f.vmax, 1367);
    cr_assert_geq(f.vmax_b, 1023);
    cr_assert(f.claim_fail);
    cr_assert_geq(f.claim_b, 1023);
    gr_s3stats_free(s);
    rows_free(&r);
}
