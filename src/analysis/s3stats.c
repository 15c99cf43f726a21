/* Seed 000's statistics of the three-pile Sharing Nim table, on the fly
 * (include/grundy/s3stats.h). Memory is O(n) plus the listed positions. */
#include "grundy/s3stats.h"
#include "grundy/grow.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIST_VALUES 8
#define LIST_SHOWN 100     /* positions per list printed in text */
#define SHOWN 64            /* rows and values printed in text; JSON has all */

typedef struct ulist {
    uint32_t *v;
    size_t n, cap;
} ulist;

struct gr_s3stats {
    uint32_t n;
    uint32_t *row_max, *row_first;   /* per paper row a, over b = a..n */
    long *val_row;                   /* per g: largest a <= b/2 with value g, -1 none */
    uint32_t *val_at;                /* the b of that */
    uint64_t *val_count;             /* per g: positions with 2a <= b */
    uint32_t vmax, vmax_a, vmax_b;
    int ngs;
    uint32_t gs[MAX_LIST_VALUES];
    uint32_t list_rows;
    ulist *lists;                    /* [k * list_rows + a] */
    uint64_t ones;                   /* 1-positions with 2a <= b */
    uint64_t *ones_row;              /* per a */
    ulist ones_first;                /* the first few, as (a,b) pairs */
    uint64_t p_count, p_miss;
    uint32_t p_miss_a, p_miss_b;
    bool claim_fail;                 /* a <= 2g-1 for g >= 2 */
    uint32_t claim_a, claim_b, claim_g;
    bool oom;
    uint64_t *rows_of;               /* for g < ROWSETS: bitset of the a (2a <= b) where g occurs */
    size_t rows_words;
};

#define ROWSETS 32

static void push(gr_s3stats *s, ulist *l, uint32_t v)
{
    if (!GR_GROW(l->v, l->cap, l->n + 1, 16)) {
        s->oom = true;
        return;
    }
    l->v[l->n++] = v;
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
    s->val_row = malloc(m * sizeof *s->val_row);
    s->val_at = calloc(m, sizeof *s->val_at);
    s->val_count = calloc(m, sizeof *s->val_count);
    s->ones_row = calloc(m, sizeof *s->ones_row);
    s->lists = calloc((size_t)ngs * list_rows + 1, sizeof *s->lists);
    s->rows_words = (size_t)n / 2 / 64 + 1;
    s->rows_of = calloc(ROWSETS * s->rows_words, sizeof *s->rows_of);
    if (!s->rows_of || !s->row_max || !s->row_first || !s->val_row || !s->val_at || !s->val_count || !s->ones_row || !s->lists) {
        gr_s3stats_free(s);
        return gr_fail(err, GR_ENOMEM, "statistics to %u: not enough memory", n);
    }
    for (size_t g = 0; g < m; g++) s->val_row[g] = -1;
    *out = s;
    return GR_OK;
}

void gr_s3stats_free(gr_s3stats *s)
{
    if (!s) return;
    for (size_t i = 0; s->lists && i < (size_t)s->ngs * s->list_rows; i++) free(s->lists[i].v);
    free(s->lists);
    free(s->ones_first.v);
    free(s->row_max);
    free(s->row_first);
    free(s->val_row);
    free(s->val_at);
    free(s->val_count);
    free(s->ones_row);
    free(s->rows_of);
    free(s);
}

/* Theorem P in the (0,a,b), 2a <= b, chart: a = 0 and b = 0 or 4^k (2l+1). */
static bool theorem_p(uint32_t a, uint32_t b)
{
    return a == 0 && (b == 0 || (__builtin_ctz(b) & 1) == 0);
}

void gr_s3stats_row(gr_s3stats *s, uint32_t b, const uint32_t *half)
{
    for (uint32_t x = 0; x <= b; x++) {
        uint32_t v = half[x <= b - x ? x : b - x];
        if (b == x || v > s->row_max[x]) s->row_max[x] = v, s->row_first[x] = b;
    }
    for (uint32_t a = 0; a <= b / 2; a++) {
        uint32_t g = half[a];
        s->val_count[g]++;
        if (g < ROWSETS) s->rows_of[g * s->rows_words + a / 64] |= (uint64_t)1 << (a % 64);
        if ((long)a > s->val_row[g]) s->val_row[g] = a, s->val_at[g] = b;
        if (g > s->vmax || (a == 0 && b == 0)) s->vmax = g, s->vmax_a = a, s->vmax_b = b;
        if (g >= 2 && a > 2 * g - 1 && !s->claim_fail)
            s->claim_fail = true, s->claim_a = a, s->claim_b = b, s->claim_g = g;
        if (g == 1) {
            s->ones++;
            s->ones_row[a]++;
            if (s->ones_first.n < 2 * 40) push(s, &s->ones_first, a), push(s, &s->ones_first, b);
        }
        if (g == 0) s->p_count++;
        if ((g == 0) != theorem_p(a, b) && s->p_miss++ == 0) s->p_miss_a = a, s->p_miss_b = b;
        if (a < s->list_rows)
            for (int k = 0; k < s->ngs; k++)
                if (g == s->gs[k]) push(s, &s->lists[(size_t)k * s->list_rows + a], b);
    }
}

uint32_t gr_s3stats_row_max(const gr_s3stats *s, uint32_t a, uint32_t *first_b)
{
    if (first_b) *first_b = s->row_first[a];
    return s->row_max[a];
}

long gr_s3stats_value_max_row(const gr_s3stats *s, uint32_t g, uint32_t *at_b)
{
    if (g > s->n) return -1;
    if (at_b) *at_b = s->val_at[g];
    return s->val_row[g];
}

const uint32_t *gr_s3stats_positions(const gr_s3stats *s, int k, uint32_t a, size_t *cnt)
{
    const ulist *l = &s->lists[(size_t)k * s->list_rows + a];
    *cnt = l->n;
    return l->v;
}

uint64_t gr_s3stats_p_mismatches(const gr_s3stats *s) { return s->p_miss; }

/* The rows of value g as ranges, "0-3 5 7-9". */
static void print_rows_of(const gr_s3stats *s, uint32_t g, FILE *f, bool json)
{
    const uint64_t *w = s->rows_of + (size_t)g * s->rows_words;
    long start = -1;
    bool first = true;
    for (uint32_t a = 0; a <= s->n / 2 + 1; a++) {
        bool in = a <= s->n / 2 && (w[a / 64] >> (a % 64) & 1);
        if (in && start < 0) start = a;
        if (!in && start >= 0) {
            if (json) fprintf(f, "%s[%ld,%u]", first ? "" : ",", start, a - 1);
            else if (start == (long)a - 1) fprintf(f, "%s%ld", first ? "" : " ", start);
            else fprintf(f, "%s%ld-%u", first ? "" : " ", start, a - 1);
            first = false;
            start = -1;
        }
    }
}

static void print_json(const gr_s3stats *s, FILE *f)
{
    fprintf(f, "{\"max\":%u,\"largest\":{\"value\":%u,\"a\":%u,\"b\":%u},\"rows\":[", s->n, s->vmax, s->vmax_a,
            s->vmax_b);
    for (uint32_t a = 0; a <= s->n; a++)
        fprintf(f, "%s{\"a\":%u,\"max\":%u,\"first_b\":%u}", a ? "," : "", a, s->row_max[a], s->row_first[a]);
    fputs("],\"values\":[", f);
    for (uint32_t g = 0; g <= s->vmax; g++)
        fprintf(f, "%s{\"g\":%u,\"count\":%llu,\"max_a\":%ld,\"at_b\":%u}", g ? "," : "", g,
                (unsigned long long)s->val_count[g], s->val_row[g], s->val_at[g]);
    fputs("],\"rows_of_value\":[", f);
    for (uint32_t g = 0; g < ROWSETS && g <= s->vmax; g++) {
        fprintf(f, "%s{\"g\":%u,\"rows\":[", g ? "," : "", g);
        print_rows_of(s, g, f, true);
        fputs("]}", f);
    }
    fprintf(f, "],\"claim_a_le_2g_minus_1\":%s", s->claim_fail ? "false" : "true");
    if (s->claim_fail) fprintf(f, ",\"claim_counterexample\":[0,%u,%u]", s->claim_a, s->claim_b);
    fputs(",\"positions\":[", f);
    for (int k = 0; k < s->ngs; k++)
        for (uint32_t a = 0; a < s->list_rows; a++) {
            const ulist *l = &s->lists[(size_t)k * s->list_rows + a];
            fprintf(f, "%s{\"g\":%u,\"a\":%u,\"b\":[", k || a ? "," : "", s->gs[k], a);
            for (size_t i = 0; i < l->n; i++) fprintf(f, i ? ",%u" : "%u", l->v[i]);
            fputs("]}", f);
        }
    fprintf(f, "],\"one_positions\":{\"count\":%llu,\"per_row\":[", (unsigned long long)s->ones);
    bool first = true;
    for (uint32_t a = 0; a <= s->n / 2; a++)
        if (s->ones_row[a])
            fprintf(f, "%s{\"a\":%u,\"count\":%llu}", first ? "" : ",", a, (unsigned long long)s->ones_row[a]),
                first = false;
    fprintf(f, "]},\"p_positions\":{\"count\":%llu,\"theorem_p_mismatches\":%llu", (unsigned long long)s->p_count,
            (unsigned long long)s->p_miss);
    if (s->p_miss) fprintf(f, ",\"first_mismatch\":[0,%u,%u]", s->p_miss_a, s->p_miss_b);
    fputs("}}\n", f);
}

void gr_s3stats_print(const gr_s3stats *s, FILE *f, int json)
{
    if (json) {
        print_json(s, f);
        return;
    }
    uint32_t n = s->n;
    fprintf(f, "Three-pile Sharing Nim, G(0,a,b) for 0 <= a <= b <= %u (seed 000)\n", n);
    fprintf(f, "largest value %u, first at (0,%u,%u)\n\n", s->vmax, s->vmax_a, s->vmax_b);
    fprintf(f, "rows: G(0,a,b) for b = a..%u: maximum and the first b where it occurs\n", n);
    fprintf(f, "%8s %8s %8s\n", "a", "max", "first_b");
    for (uint32_t a = 0; a <= n && a < SHOWN; a++) fprintf(f, "%8u %8u %8u\n", a, s->row_max[a], s->row_first[a]);
    if (n >= SHOWN) fprintf(f, "   (rows %u..%u: --format json)\n", SHOWN, n);
    fprintf(f, "\nvalues: for each g, the positions (0,a,b) with 2a <= b and value g,\nand the largest a among them"
               " (seed 000: a <= 2g-1 for g >= 2)\n");
    fprintf(f, "%8s %12s %8s %8s %8s\n", "g", "positions", "max_a", "at_b", "2g-1");
    for (uint32_t g = 0; g <= s->vmax && g < SHOWN; g++)
        fprintf(f, "%8u %12llu %8ld %8u %8ld\n", g, (unsigned long long)s->val_count[g], s->val_row[g], s->val_at[g],
                2 * (long)g - 1);
    if (s->vmax >= SHOWN) fprintf(f, "   (values %u..%u: --format json)\n", SHOWN, s->vmax);
    fprintf(f, "\nrows a (2a <= b) where g occurs, as ranges:\n");
    for (uint32_t g = 0; g < 16 && g <= s->vmax; g++) {
        fprintf(f, "%8u: ", g);
        print_rows_of(s, g, f, false);
        fputc('\n', f);
    }
    if (s->claim_fail)
        fprintf(f, "claim a <= 2g-1 (g >= 2) FAILS: G(0,%u,%u) = %u, the first such row b\n", s->claim_a, s->claim_b,
                s->claim_g);
    else
        fprintf(f, "claim a <= 2g-1 (g >= 2) holds for every (0,a,b) with 2a <= b <= %u\n", n);
    for (int k = 0; k < s->ngs; k++)
        for (uint32_t a = 0; a < s->list_rows && a <= n / 2; a++) {
            const ulist *l = &s->lists[(size_t)k * s->list_rows + a];
            fprintf(f, "\nG(0,%u,b) = %u for b in [%u,%u] (%zu):", a, s->gs[k], 2 * a, n, l->n);
            for (size_t i = 0; i < l->n && i < LIST_SHOWN; i++) fprintf(f, "%s%u", i ? ", " : " ", l->v[i]);
            if (l->n > LIST_SHOWN) fprintf(f, ", ... (%zu more: --format json)", l->n - LIST_SHOWN);
        }
    fprintf(f, "\n\n1-positions (0,a,b), 2a <= b: %llu, in rows", (unsigned long long)s->ones);
    for (uint32_t a = 0; a <= n / 2; a++)
        if (s->ones_row[a]) fprintf(f, " a=%u (%llu)", a, (unsigned long long)s->ones_row[a]);
    fputs("\n  first:", f);
    for (size_t i = 0; i + 1 < s->ones_first.n; i += 2) fprintf(f, " (0,%u,%u)", s->ones_first.v[i], s->ones_first.v[i + 1]);
    fprintf(f, "\n\nP-positions (0,a,b), 2a <= b: %llu; Theorem P (a = 0, b = 0 or 4^k(2l+1)): ",
            (unsigned long long)s->p_count);
    if (s->p_miss)
        fprintf(f, "%llu disagreements, first (0,%u,%u)\n", (unsigned long long)s->p_miss, s->p_miss_a, s->p_miss_b);
    else
        fprintf(f, "agrees on every position\n");
}
