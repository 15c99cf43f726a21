/* Seed 004's smallest counterexamples are the smallest: each claim's verdict
 * is compared with a brute-force scan from x = 0, by an independent mex over
 * every take and every split of one heap, against the seed's table as
 * printed (its rows typed in here apart from their labels). */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <string.h>
#include "grundy/claims.h"

#define MAXX 100

/* f_n(x), x <= MAXX: mex of f_n(x - r) and of the XOR of every split of x
 * into exactly n non-empty heaps (parts in non-decreasing order). */
static void split_xor(const unsigned *f, int parts, unsigned left, unsigned min, unsigned acc, bool *seen)
{
    if (parts == 1) {
        if (left >= min) seen[acc ^ f[left]] = true;
        return;
    }
    for (unsigned a = min; a * (unsigned)parts <= left; a++) split_xor(f, parts - 1, left - a, a, acc ^ f[a], seen);
}

static void brute(int n, unsigned *f)
{
    for (unsigned x = 0; x <= MAXX; x++) {
        bool seen[4 * MAXX + 8] = {false};
        for (unsigned r = 1; r <= x; r++) seen[f[x - r]] = true;
        split_xor(f, n, x, 1, 0, seen);
        unsigned m = 0;
        while (seen[m]) m++;
        f[x] = m;
    }
}

/* The seed's table of f_4(x) - x, row d = the x listed under difference d. */
static const int rows[][32] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 39, 75, -1},
    {15, 31, 32, 33, 34, 35, 36, 37, 40, 41, -1},
    {38, 42, 43, 44, 48, -1},
    {45, 46, 49, 50, 51, -1},
    {52, 53, 54, 55, 56, 57, 58, 67, -1},
    {59, 60, 61, 62, 63, 64, 65, 68, 69, -1},
    {66, 70, 71, 72, 76, -1},
    {73, 74, 77, 78, 79, -1},
    {80, 81, 82, 83, 84, 85, 86, 95, -1},
    {87, 88, 89, 90, 91, 92, 93, 96, 97, -1},
    {94, 98, 99, 100, -1},
};
#define NROWS 11

static int listed_under(unsigned x)
{
    for (int d = 0; d < NROWS; d++)
        for (int i = 0; rows[d][i] >= 0; i++)
            if ((unsigned)rows[d][i] == x) return d;
    return -1;
}

/* The smallest x <= MAXX at which row `row` (every row when row < 0) is
 * wrong, or -1. */
static long first_wrong(const unsigned *f, int row)
{
    for (unsigned x = 0; x <= MAXX; x++) {
        long diff = (long)f[x] - (long)x;
        int l = listed_under(x);
        bool bad = (l >= 0 && (row < 0 || l == row) && diff != l) ||
                   (diff >= 0 && diff < NROWS && (row < 0 || diff == row) && l != diff) ||
                   (row < 0 && (diff < 0 || diff >= NROWS));
        if (bad) return (long)x;
    }
    return -1;
}

static void expect_smallest(const char *id, long want)
{
    const gr_claim *c = gr_claim_find(id);
    cr_assert_not_null(c, "%s", id);
    gr_claim_result r = {0};
    memset(&r, 0, sizeof r);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(c->check(c, MAXX, &r, &err), 0, "%s: %s", id, err.msg);
    if (want < 0) {
        cr_assert_neq(r.status, GR_CLAIM_FAILS, "%s fails at (%llu) but the scan finds nothing", id,
                      (unsigned long long)r.cex.p[0]);
        return;
    }
    cr_assert_eq(r.status, GR_CLAIM_FAILS, "%s: the scan finds x = %ld wrong", id, want);
    cr_assert(r.has_cex && r.cex.n == 1, "%s", id);
    cr_assert_eq(r.cex.p[0], (uint64_t)want, "%s reports %llu, the scan from 0 finds %ld first", id,
                 (unsigned long long)r.cex.p[0], want);
    cr_assert(strstr(r.range, "increasing order"), "%s: the report says how it scanned: %s", id, r.range);
}

Test(claims004, table_counterexamples_are_smallest)
{
    unsigned f[MAXX + 1];
    brute(4, f);
    expect_smallest("004/table-n4", first_wrong(f, -1));
    for (int d = 0; d < NROWS; d++) {
        char id[32];
        snprintf(id, sizeof id, "004/table-n4-d%d", d);
        expect_smallest(id, first_wrong(f, d));
    }
}

/* The closed forms for n = 3 and n = 2: the same shape with modulus 2^n. */
static long shape_wrong(const unsigned *f, unsigned m)
{
    for (unsigned x = 0; x <= MAXX; x++) {
        unsigned want = x % m == m - 1 ? x + 1 : (x % m == 0 && x >= m) ? x - 1 : x;
        if (f[x] != want) return (long)x;
    }
    return -1;
}

Test(claims004, closed_forms_against_brute_force)
{
    unsigned f[MAXX + 1];
    brute(3, f);
    expect_smallest("004/thm-n3", shape_wrong(f, 8));
    brute(2, f);
    expect_smallest("004/text-n2", shape_wrong(f, 4));
}
