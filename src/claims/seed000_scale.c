/* Seed 000 claims about the distribution of values (section S.Dis and the
 * row bounds of S.P.per), checked on the fast table (itself tested against
 * the simple one), so a check reaches b = 4000 in well under a second.
 * Spliced into the seed's list by src/claims/seed000.c. "Row a" is
 * G(0,a,b) for b >= a, indexed from 0 as in OEIS A271620; with that reading
 * the paper's row bounds (41 for row 2, 72 for row 6) come out exactly. */
#include "grundy/claims.h"
#include "grundy/s3stats.h"
#include "grundy/sharing3_fast.h"
#include <stdio.h>
#include <stdlib.h>

static gr_pos pos3(uint64_t x, uint64_t y, uint64_t z)
{
    return (gr_pos){.n = 3, .p = {x, y, z}};
}

static int feed_stats(void *ctx, uint32_t b, const uint32_t *row)
{
    gr_s3stats_row(ctx, b, row);
    return 0;
}

/* Statistics of the table to `to`, listing g = 2, 3 in rows 0..3. */
static int stats_to(uint64_t to, gr_s3stats **out, gr_error *err)
{
    if (to > 20000) return gr_fail(err, GR_EINPUT, "--to %llu: these checks stop at 20000", (unsigned long long)to);
    uint32_t gs[] = {2, 3};
    int rc = gr_s3stats_new(out, (uint32_t)to, gs, 2, 4, err);
    if (rc) return rc;
    gr_s3fast *st;
    rc = gr_s3fast_new(&st, (uint32_t)to, err);
    if (rc) {
        gr_s3stats_free(*out);
        return rc;
    }
    gr_s3fast_rows(st, (uint32_t)to + 1, feed_stats, *out);
    gr_s3fast_free(st);
    return GR_OK;
}

static const uint32_t g2a0[] = {32, 72, 104, 120, 128, 136, 200, 216, 232, 248, 288};
static const uint32_t g2a1[] = {3,   13,  17,  18,  23,  29,  33,  38,  39,  40,  46,  48,  53,  55,  57,  61,
                                62,  68,  70,  80,  85,  86,  87,  91,  95,  96,  100, 101, 102, 109, 110, 116,
                                117, 118, 124, 126, 128, 132, 136, 144, 145, 150, 151, 159, 165, 166, 167, 174,
                                176, 181, 182, 187, 189, 195, 196, 197, 204, 206, 208, 212, 213, 214, 222, 223,
                                224, 228, 229, 238, 240, 244, 256, 263, 278, 279, 284, 285, 294, 295, 296};
static const uint32_t g2a2[] = {4,   6,   7,   11,  26,  27,  46,  71,  78,  80,  110, 136, 151, 159,
                                160, 174, 182, 190, 232, 247, 248, 256, 263, 264, 271, 272, 279, 288};
static const uint32_t g2a3[] = {23, 67, 147, 243, 259, 275};
static const uint32_t g3a0[] = {8, 40, 88, 96, 160, 168, 184, 264, 280, 296};
static const uint32_t g3a1[] = {4,   5,   21,  25,  27,  31,  37,  45,  47,  54,  69,  76,  77,  78,  83,  84,
                                89,  111, 115, 125, 130, 131, 141, 146, 147, 156, 160, 161, 173, 192, 193, 198,
                                199, 207, 216, 221, 227, 237, 242, 253, 257, 259, 267, 269, 274, 289, 299};
static const uint32_t g3a2[] = {18,  19,  22,  31,  35,  48,  55,  62,  63,  70,  95,  102, 103, 104, 118, 119,
                                123, 134, 138, 139, 147, 150, 154, 167, 168, 170, 183, 184, 187, 199, 207, 214,
                                216, 224, 231, 235, 246, 250, 251, 260, 267, 275, 282, 283, 287, 292};
static const uint32_t g3a3[] = {7, 10, 36, 53, 60, 68, 89, 92, 107, 108, 124, 179, 184, 204, 221, 229, 236, 247, 279, 292};

typedef struct list {
    const uint32_t *v;
    size_t n;
} list;

/* The paper's list for value gs[k] in rows 0..3 against the table to b = 299:
 * the first b where they disagree is the counterexample. */
static int check_list(int k, gr_claim_result *r, gr_error *err)
{
    static const list lists[2][4] = {
        {{g2a0, sizeof g2a0 / 4}, {g2a1, sizeof g2a1 / 4}, {g2a2, sizeof g2a2 / 4}, {g2a3, sizeof g2a3 / 4}},
        {{g3a0, sizeof g3a0 / 4}, {g3a1, sizeof g3a1 / 4}, {g3a2, sizeof g3a2 / 4}, {g3a3, sizeof g3a3 / 4}}};
    gr_s3stats *s;
    int rc = stats_to(299, &s, err);
    if (rc) return rc;
    gr_claim_holds(r, "the lists for a = 0..3 against every (0,a,b) with 2a <= b <= 299");
    for (uint32_t a = 0; a < 4 && r->status == GR_CLAIM_HOLDS; a++) {
        size_t cnt;
        const uint32_t *got = gr_s3stats_positions(s, k, a, &cnt);
        const list *want = &lists[k][a];
        for (size_t i = 0; i < cnt || i < want->n; i++) {
            uint32_t gb = i < cnt ? got[i] : UINT32_MAX, wb = i < want->n ? want->v[i] : UINT32_MAX;
            if (gb == wb) continue;
            uint32_t b = gb < wb ? gb : wb;
            gr_pos p = pos3(0, a, b);
            gr_claim_fails(r, &p, "G(0,%u,%u) %s %u but the list %s b = %u", a, b, gb < wb ? "=" : "!=", 2 + k,
                           gb < wb ? "lacks" : "has", b);
            break;
        }
    }
    gr_s3stats_free(s);
    return GR_OK;
}

static int check_g2_list(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    (void)to;
    return check_list(0, r, err);
}

static int check_g3_list(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    (void)to;
    return check_list(1, r, err);
}

/* "g-positions (0,a,b) [a <= b/2] have a <= bound": the first b (then a)
 * where some 2a <= b has G(0,a,b) = g with a > bound. */
static int rows_bound(uint32_t g, uint32_t bound, uint64_t to, gr_claim_result *r, gr_error *err)
{
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, (uint32_t)to, err);
    if (rc) return rc;
    uint32_t *row = malloc(((size_t)to / 2 + 1) * sizeof *row);
    if (!row) {
        gr_s3fast_free(st);
        return gr_fail_nomem(err);
    }
    gr_claim_holds(r, "all (0,a,b) with 2a <= b <= %llu, in increasing order of b, then a", (unsigned long long)to);
    for (uint32_t b = 0; b <= to && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); b++) {
        gr_s3fast_row(st, row);
        for (uint32_t a = bound + 1; a <= b / 2; a++)
            if (row[a] == g) {
                gr_pos p = pos3(0, a, b);
                gr_claim_fails(r, &p, "G(0,%u,%u) = %u with a = %u > %u", a, b, g, a, bound);
                break;
            }
    }
    free(row);
    gr_s3fast_free(st);
    return rc;
}

static int check_g2_rows(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return rows_bound(2, 3, to, r, err);
}

static int check_g3_rows(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return rows_bound(3, 3, to, r, err);
}

static int check_2g_minus_1(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, (uint32_t)to, err);
    if (rc) return rc;
    uint32_t *row = malloc(((size_t)to / 2 + 1) * sizeof *row);
    if (!row) {
        gr_s3fast_free(st);
        return gr_fail_nomem(err);
    }
    gr_claim_holds(r, "all (0,a,b) with 2a <= b <= %llu, in increasing order of b, then a", (unsigned long long)to);
    for (uint32_t b = 0; b <= to && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); b++) {
        gr_s3fast_row(st, row);
        for (uint32_t a = 0; a <= b / 2; a++)
            if (row[a] >= 2 && a > 2 * row[a] - 1) {
                gr_pos p = pos3(0, a, b);
                gr_claim_fails(r, &p, "G(0,%u,%u) = %u but a = %u > 2g-1 = %u", a, b, row[a], a, 2 * row[a] - 1);
                break;
            }
    }
    free(row);
    gr_s3fast_free(st);
    return rc;
}

/* "Up to b = 200: g = 4, a <= 6; ... g = 10, a <= 13", read as the largest
 * such a being exactly the number given (a bound that is not reached would
 * say little). */
static int check_bounds_200(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    (void)to;
    static const long stated[] = {6, 6, 7, 9, 12, 11, 13};
    gr_s3stats *s;
    int rc = stats_to(200, &s, err);
    if (rc) return rc;
    gr_claim_holds(r, "g = 4..10 over every (0,a,b) with 2a <= b <= 200");
    for (uint32_t g = 4; g <= 10; g++) {
        uint32_t at;
        long m = gr_s3stats_value_max_row(s, g, &at);
        if (m != stated[g - 4]) {
            gr_pos p = pos3(0, (uint64_t)m, at);
            gr_claim_fails(r, &p, "g = %u: the largest a is %ld (at b = %u), not %ld", g, m, at, stated[g - 4]);
            break;
        }
    }
    gr_s3stats_free(s);
    return GR_OK;
}

/* Row maxima: row 0 to n = 1000 is bounded by 12 (and the first 490 values);
 * the first 500 values of row 2 by 41; the first 800 of row 6 by 72. */
static int check_row_bounds(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    (void)to;
    struct {
        uint32_t a, count, bound;
    } said[] = {{0, 1001, 12}, {2, 500, 41}, {6, 800, 72}};
    gr_s3table t;
    int rc = gr_s3table_fast(&t, 1000, err);   /* covers all three ranges */
    if (rc) return rc;
    gr_claim_holds(r, "row 0 for n <= 1000, row 2 for n = 2..501, row 6 for n = 6..805; each bound is reached");
    for (size_t i = 0; i < 3 && r->status == GR_CLAIM_HOLDS; i++) {
        uint32_t m = 0, mb = 0;
        for (uint32_t n = said[i].a; n < said[i].a + said[i].count; n++) {
            uint32_t v = gr_s3table_get(&t, said[i].a, n);
            if (v > m) m = v, mb = n;
        }
        if (m != said[i].bound) {
            gr_pos p = pos3(0, said[i].a, mb);
            gr_claim_fails(r, &p, "row %u: the largest of the first %u values is %u, not %u", said[i].a, said[i].count,
                           m, said[i].bound);
        }
    }
    gr_s3table_free(&t);
    return GR_OK;
}

/* Boundedness cannot be decided by computing; say what the table shows. */
static int check_bounded(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_s3stats *s;
    int rc = stats_to(to, &s, err);
    if (rc) return rc;
    char buf[400];
    int off = 0;
    for (uint32_t a = 0; a < 8 && a <= to && off < (int)sizeof buf - 40; a++) {
        uint32_t first;
        uint32_t m = gr_s3stats_row_max(s, a, &first);
        off += snprintf(buf + off, sizeof buf - (size_t)off, "%srow %u: max %u first at b = %u", a ? "; " : "", a, m,
                        first);
    }
    gr_claim_unchecked(r, "a bound on an infinite row cannot be checked by computing; up to b = %llu: %s",
                       (unsigned long long)to, buf);
    gr_s3stats_free(s);
    return GR_OK;
}

const gr_claim gr_claims_000_scale[] = {
    {"000/text-dis-g2", "the b < 300 with G(0,a,b) = 2 for a = 0..3 are the paper's four lists",
     "a <= b/2, i.e. b runs from 2a; 'the first 300 values for b' read as b <= 299", 299, check_g2_list},
    {"000/text-dis-g3", "the b < 300 with G(0,a,b) = 3 for a = 0..3 are the paper's four lists",
     "a <= b/2, i.e. b runs from 2a; 'the first 300 values for b' read as b <= 299", 299, check_g3_list},
    {"000/text-dis-g2-rows", "2-positions (0,a,b) have a <= 3", "a <= b/2", 4000, check_g2_rows},
    {"000/text-dis-g3-rows", "3-positions (0,a,b) have a <= 3", "a <= b/2", 4000, check_g3_rows},
    {"000/conj-dis", "for a <= b/2, if G(0,a,b) = g >= 2 then a <= 2g-1", NULL, 4000, check_2g_minus_1},
    {"000/text-dis-200",
     "up to b = 200 the g-positions have a <= 6, 6, 7, 9, 12, 11, 13 for g = 4, 5, ..., 10",
     "a <= b/2; each bound read as the largest a that occurs", 200, check_bounds_200},
    {"000/text-S.P.per-bounds",
     "the first 490 (and 1000) values of row 0 are at most 12, the first 500 of row 2 at most 41, the first 800 of "
     "row 6 at most 72",
     "rows indexed from 0 (row a is G(0,a,n), n >= a)", 1000, check_row_bounds},
    {"000/conj-C.bound", "for a >= 1 the nim-sequence G(0,a,n), n >= a, is bounded", NULL, 4000, check_bounded},
};

const size_t gr_claims_000_scale_count = sizeof gr_claims_000_scale / sizeof gr_claims_000_scale[0];

/* Listed under seed 000 beside the claims of its first sections. */
const gr_seed_claims gr_claims_000_distribution = {
    .seed = "000",
    .title = "Three-pile Sharing Nim: bounds, periodicity and the distribution of values (large tables)",
    .claims = gr_claims_000_scale,
    .count = sizeof gr_claims_000_scale / sizeof gr_claims_000_scale[0],
};
