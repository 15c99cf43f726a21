/* Seed 004: Nim where a heap may be split into three heaps (HDU 5795), its
 * generalisation to n heaps, and the n = 4 table. Checks run on the
 * nim-sequence engine (grundy/heapseq.h), itself tested against an
 * independent brute force and the generic solver. */
#include "grundy/claims.h"
#include "grundy/heapseq.h"
#include "grundy/period.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* f over 0..to, under the check's limits (an interrupt stops it). */
static int values(const char *spec, uint64_t to, const gr_claim_result *r, uint32_t **out, gr_error *err)
{
    if (to > 2000000) return gr_fail(err, GR_EINPUT, "--to %llu: these checks stop at 2000000", (unsigned long long)to);
    gr_game g;
    int rc = gr_game_parse(&g, spec, err);
    if (rc) return rc;
    uint32_t *v = malloc(((size_t)to + 1) * sizeof *v);
    if (!v) {
        gr_game_release(&g);
        return gr_fail_nomem(err);
    }
    rc = gr_heapseq(&g, GR_HEAPSEQ_AUTO, (uint32_t)to, v, r->limits, NULL, err);
    gr_game_release(&g);
    if (rc) {
        free(v);
        return rc;
    }
    *out = v;
    return GR_OK;
}

static gr_pos heap(uint64_t x)
{
    return (gr_pos){.n = 1, .p = {x}};
}

/* The seed's formula for n = 3, and the Lasker pattern for n = 2, are the
 * same shape with modulus m = 2^n (8 and 4): x+1 on m-1, x-1 on 0 (x >= m). */
static int check_shape(const char *spec, uint64_t m, uint64_t to, gr_claim_result *r, gr_error *err)
{
    uint32_t *v = NULL;   /* set by values() when it succeeds */
    int rc = values(spec, to, r, &v, err);
    if (rc) return rc;
    gr_claim_holds(r, "every heap x <= %llu, x = 0, 1, 2, ... in increasing order", (unsigned long long)to);
    for (uint64_t x = 0; x <= to; x++) {
        uint64_t want = x % m == m - 1 ? x + 1 : (x % m == 0 && x >= m) ? x - 1 : x;
        if (v[x] != want) {
            gr_pos p = heap(x);
            gr_claim_fails(r, &p, "f(%llu) = %u, the formula says %llu", (unsigned long long)x, v[x],
                           (unsigned long long)want);
            break;
        }
    }
    free(v);
    return GR_OK;
}

static int check_n3(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_shape("split:parts=3", 8, to, r, err);
}

static int check_n2(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_shape("split:parts=2", 4, to, r, err);
}

/* Case 1 of the proof: for x = 7 (mod 8) "a solution would always exist;
 * one may simply take a = 1, b = 2 and c = x - 3", i.e. the split (1, 2,
 * x-3) has f(1) XOR f(2) XOR f(x-3) = x, with f by search. */
static int check_case1_split(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    uint32_t *v = NULL;
    int rc = values("split:parts=3", to, r, &v, err);
    if (rc) return rc;
    gr_claim_holds(r, "every x = 7 (mod 8), x <= %llu, in increasing order", (unsigned long long)to);
    for (uint64_t x = 7; x <= to; x += 8)
        if ((v[1] ^ v[2] ^ v[x - 3]) != x) {
            gr_pos p = heap(x);
            gr_claim_fails(r, &p, "f(1) ^ f(2) ^ f(%llu) = %u", (unsigned long long)(x - 3), v[1] ^ v[2] ^ v[x - 3]);
            break;
        }
    free(v);
    return GR_OK;
}

/* The n = 4 table as the seed's text has it. Extraction glued each row's
 * label (the difference f_4(x) - x, 0 to 10 in order) to its first entry:
 * "115, 31, ..." is row 1 starting at x = 15, "1094, 98, ..." row 10 starting
 * at 94. The rows are kept verbatim and split apart by parse_row. */
static const char *const table_rows[] = {
    "00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 39, 75,",
    "115, 31, 32, 33, 34, 35, 36, 37, 40, 41,",
    "238, 42, 43, 44, 48,",
    "345, 46, 49, 50, 51,",
    "452, 53, 54, 55, 56, 57, 58, 67,",
    "559, 60, 61, 62, 63, 64, 65, 68, 69,",
    "666, 70, 71, 72, 76,",
    "773, 74, 77, 78, 79,",
    "880, 81, 82, 83, 84, 85, 86, 95,",
    "987, 88, 89, 90, 91, 92, 93, 96, 97,",
    "1094, 98, 99, 100,",
};
#define TABLE_ROWS (int)(sizeof table_rows / sizeof table_rows[0])
#define TABLE_MAX 100

/* listed[x] = the row x is listed in, or -1. */
static void parse_table(int listed[TABLE_MAX + 1])
{
    for (int x = 0; x <= TABLE_MAX; x++) listed[x] = -1;
    for (int d = 0; d < TABLE_ROWS; d++) {
        char label[8];
        snprintf(label, sizeof label, "%d", d);
        const char *s = table_rows[d] + strlen(label);  /* the glued label */
        while (*s) {
            char *end;
            long x = strtol(s, &end, 10);
            if (end == s) break;
            if (x >= 0 && x <= TABLE_MAX) listed[x] = d;
            s = end;
            while (*s == ',' || *s == ' ') s++;
        }
    }
}

/* What is wrong with x against row `row` of the table (all rows when
 * row < 0), written to buf, or false if nothing is. */
static bool table_wrong(int row, uint64_t x, long diff, int listed, char *buf, size_t len)
{
    if (listed >= 0 && (row < 0 || listed == row) && diff != listed)
        return snprintf(buf, len, "x=%llu is listed under %d but f_4(x)-x = %ld", (unsigned long long)x, listed,
                        diff) >= 0;
    if (diff >= 0 && diff < TABLE_ROWS && (row < 0 || diff == row) && listed != diff)
        return snprintf(buf, len, "x=%llu has f_4(x)-x = %ld but is not listed there", (unsigned long long)x, diff) >=
               0;
    /* the table lists every x <= 100 under a difference 0..10 */
    if (row < 0 && (diff < 0 || diff >= TABLE_ROWS))
        return snprintf(buf, len, "x=%llu has f_4(x)-x = %ld, a difference with no row", (unsigned long long)x,
                        diff) >= 0;
    return false;
}

/* Checks row `row` of the table (all rows when row < 0): every x listed has
 * that difference, and every x <= to with that difference is listed. One
 * scan, x = 0, 1, 2, ... in increasing order: the first x found wrong is the
 * smallest counterexample. */
static int check_table_rows(int row, uint64_t to, gr_claim_result *r, gr_error *err)
{
    if (to > TABLE_MAX) to = TABLE_MAX;
    r->detail[0] = '\0';
    uint32_t *v = NULL;   /* set by values() when it succeeds */
    int rc = values("split:parts=4", to, r, &v, err);
    if (rc) return rc;
    int listed[TABLE_MAX + 1];
    parse_table(listed);
    char detail[480] = ""; /* fits r->detail after "N wrong: " */
    size_t at = 0;
    long first = -1;
    int wrong = 0;
    for (uint64_t x = 0; x <= to; x++) {
        char one[128];
        if (!table_wrong(row, x, (long)v[x] - (long)x, listed[x], one, sizeof one)) continue;
        wrong++;
        if (first < 0) first = (long)x;
        int w = snprintf(detail + at, sizeof detail - at, "%s%s", at ? "; " : "", one);
        if (w > 0 && (size_t)w < sizeof detail - at) at += (size_t)w;
    }
    if (row < 0)
        gr_claim_holds(r, "every x <= %llu against all %d rows, x = 0, 1, 2, ... in increasing order",
                       (unsigned long long)to, TABLE_ROWS);
    else
        gr_claim_holds(r, "row %d (f_4(x) - x = %d) for every x <= %llu, in increasing order", row, row,
                       (unsigned long long)to);
    if (wrong) {
        gr_pos p = heap((uint64_t)first);
        gr_claim_fails(r, &p, "%d wrong: %s", wrong, detail);
    }
    free(v);
    return GR_OK;
}

static int check_table(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_table_rows(-1, to, r, err);
}

static int check_table_row(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    /* The row is the number after "-d" in the claim id. */
    const char *d = strrchr(c->id, 'd');
    return check_table_rows(atoi(d + 1), to, r, err);
}

static int check_chaotic(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    uint32_t *v = NULL;   /* set by values() when it succeeds */
    int rc = values("split:parts=4", to, r, &v, err);
    if (rc) return rc;
    gr_period p;
    if (!gr_period_find(v, to, false, &p)) gr_period_find(v, to, true, &p);
    if (p.found)
        gr_claim_unchecked(r, "an impression, not a statement; computed: f_4 is arithmetic-periodic through x = %llu "
                           "with preperiod %llu, period %llu, saltus %lld (observed, not proved)",
                           (unsigned long long)to, (unsigned long long)p.preperiod, (unsigned long long)p.period,
                           (long long)p.saltus);
    else
        gr_claim_unchecked(r, "an impression, not a statement; computed: no period in f_4(0..%llu)", (unsigned long long)to);
    free(v);
    return GR_OK;
}

#define ROW(k)                                                                                                 \
    {"004/table-n4-d" #k, "Row " #k " of the n = 4 table: the x <= 100 with f_4(x) - x = " #k " are exactly those listed", \
     "rows split apart from the extracted text: each row's first token is its label glued to its first entry", 100,   \
     check_table_row}

static const gr_claim claims[] = {
    {"004/thm-n3",
     "For the split into three heaps, f(x) = x+1 if x = 7 (mod 8), x-1 if x = 0 (mod 8) and x >= 8, and x otherwise",
     NULL, 20000, check_n3},
    {"004/text-case1-split", "For x = 7 (mod 8) the split into (1, 2, x-3) has f(1) XOR f(2) XOR f(x-3) = x (Case 1 "
                             "of the proof: 'one may simply take a = 1, b = 2 and c = x - 3')",
     NULL, 20000, check_case1_split},
    {"004/text-n2",
     "For n = 2 a similar pattern arises: f_2(x) = x+1 if x = 3 (mod 4), x-1 if x = 0 (mod 4) and x >= 4, else x",
     "'a similar pattern' read as the same shape with modulus 4 (Lasker's Nim)", 20000, check_n2},
    {"004/table-n4",
     "The table of f_4(x) - x: for each difference 0..10, all x <= 100 with that difference",
     "rows split apart from the extracted text: each row's first token is its label glued to its first entry", 100,
     check_table},
    ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7), ROW(8), ROW(9), ROW(10),
    {"004/text-n4", "For n = 4 the pattern seems non-trivial, 'rather chaotic'", NULL, 2000, check_chaotic},
};

const gr_seed_claims gr_claims_004 = {
    .seed = "004",
    .title = "Nim with division into three heaps (HDU 5795) and its generalisation to n heaps",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
