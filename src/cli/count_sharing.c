/* grundy count sharing-p / sharing-f: seed 000's counting, from the table.
 *
 * sharing-p: P(n), the P-positions with exactly n tokens (piles as a
 * multiset), counted from the computed table, beside the paper's floor(n/3).
 * Two readings: empty piles allowed (x >= 0), or all three piles non-empty.
 * sharing-f: f(n) = 0 when (0,0,n) is a P-position, else 1, laid out in rows
 * of 32 (n mod 32 across), with what each column does (Proposition P-per and
 * the non-periodicity discussion). Both come from rows b <= N of the fast
 * table (src/fast/sharing3_counts.c); this file parses and prints. */
#include "count.h"
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>

static int parse(int argc, char **argv, long *to, int *format, const char *usage)
{
    *to = -1;
    *format = FMT_TEXT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return -1;
        }
        for (int j = 1; j < i; j++)
            if (argv[i][0] == '-' && strcmp(argv[j], argv[i]) == 0) {
                fprintf(stderr, "grundy: %s given twice; give it once\n", argv[i]);
                return GR_EINPUT;
            }
        if ((strcmp(argv[i], "--to") == 0 || strcmp(argv[i], "--format") == 0) && i + 1 >= argc) {
            fprintf(stderr, "grundy: %s needs a value\n", argv[i]);
            return GR_EINPUT;
        }
        if (strcmp(argv[i], "--to") == 0) {
            char *end;
            *to = strtol(argv[++i], &end, 10);
            if (*end || *to < 0 || *to > (long)GR_S3FAST_MAX_N) {
                fprintf(stderr, "grundy: --to %s: not a count in 0..%u\n", argv[i], GR_S3FAST_MAX_N);
                return GR_EINPUT;
            }
        } else if (strcmp(argv[i], "--format") == 0) {
            const char *f = argv[++i];
            if (strcmp(f, "json") == 0) *format = FMT_JSON;
            else if (strcmp(f, "text") != 0) {
                fprintf(stderr, "grundy: --format %s: not text or json\n", f);
                return GR_EINPUT;
            }
        } else {
            fprintf(stderr, "grundy: %s: unexpected here; grundy count %s --help\n", argv[i], argv[0]);
            return GR_EINPUT;
        }
    }
    if (*to < 0) {
        fprintf(stderr, "grundy: count %s needs --to N\n", argv[0]);
        return GR_EINPUT;
    }
    return 0;
}

static const char p_usage[] =
    "usage: grundy count sharing-p --to N [--format text|json]\n\n"
    "P(n) for n = 0..N: the P-positions of three-pile Sharing Nim with exactly n\n"
    "tokens, piles taken as a multiset, counted from the computed table; with empty\n"
    "piles allowed and with all piles non-empty, beside seed 000's floor(n/3).\n";

static void print_p(uint32_t n, const uint64_t *all, const uint64_t *pos, int format)
{
    long first_all = -1, first_pos = -1;
    if (format == FMT_JSON) printf("{\"what\":\"sharing-p\",\"to\":%u,\"rows\":[", n);
    else printf("%8s %10s %12s %10s\n", "n", "P(n)", "P(n) piles>0", "floor(n/3)");
    for (uint32_t m = 0; m <= n; m++) {
        uint32_t f = m / 3;
        if (all[m] != f && first_all < 0) first_all = m;
        if (pos[m] != f && first_pos < 0) first_pos = m;
        if (format == FMT_JSON)
            printf("%s[%u,%llu,%llu,%u]", m ? "," : "", m, (unsigned long long)all[m], (unsigned long long)pos[m], f);
        else
            printf("%8u %10llu %12llu %10u\n", m, (unsigned long long)all[m], (unsigned long long)pos[m], f);
    }
    if (format == FMT_JSON) {
        printf("],\"first_differs_all\":%ld,\"first_differs_positive\":%ld}\n", first_all, first_pos);
        return;
    }
    printf("piles may be empty: ");
    if (first_all < 0) printf("P(n) = floor(n/3) for every n <= %u\n", n);
    else printf("P(n) differs from floor(n/3) first at n = %ld\n", first_all);
    printf("all piles non-empty: ");
    if (first_pos < 0) printf("P(n) = floor(n/3) for every n <= %u\n", n);
    else printf("P(n) differs from floor(n/3) first at n = %ld\n", first_pos);
}

int count_sharing_p(int argc, char **argv)
{
    long to;
    int format;
    int rc = parse(argc, argv, &to, &format, p_usage);
    if (rc) return rc < 0 ? 0 : rc;
    uint32_t n = (uint32_t)to;
    uint64_t *all = calloc((size_t)n + 1, sizeof *all), *pos = calloc((size_t)n + 1, sizeof *pos);
    gr_error err;
    gr_error_clear(&err);
    if (!all || !pos) rc = gr_fail_nomem(&err);
    if (!rc) rc = gr_s3count_p(n, NULL, all, pos, &err);
    if (!rc) print_p(n, all, pos, format);
    free(all);
    free(pos);
    return rc ? cli_report(&err) : 0;
}

static const char f_usage[] =
    "usage: grundy count sharing-f --to N [--format text|json]\n\n"
    "f(n) = 0 if (0,0,n) is a P-position of three-pile Sharing Nim, else 1, for\n"
    "n = 0..N from the computed table, in rows of 32 (seed 000's table of f mod 2^5),\n"
    "and for each n mod 32 whether the column is constant (Proposition P-per) or\n"
    "varies (the column n = 0 mod 32, where periodicity dies out).\n";

static void print_f(uint32_t n, const unsigned char *f, int format)
{
    /* per residue, from n >= 3 as in the proposition */
    uint64_t zeros[32] = {0}, ones[32] = {0};
    for (uint32_t m = 3; m <= n; m++) (f[m] ? ones : zeros)[m % 32]++;
    if (format == FMT_JSON) {
        printf("{\"what\":\"sharing-f\",\"to\":%u,\"f\":[", n);
        for (uint32_t m = 0; m <= n; m++) printf(m ? ",%u" : "%u", f[m]);
        fputs("],\"columns\":[", stdout);
        for (int r = 0; r < 32; r++)
            printf("%s{\"residue\":%d,\"zeros\":%llu,\"ones\":%llu}", r ? "," : "", r, (unsigned long long)zeros[r],
                   (unsigned long long)ones[r]);
        fputs("]}\n", stdout);
        return;
    }
    printf("f(n), n = 32 r + c (c across, r down); f(n) = 0: (0,0,n) is a P-position\n%8s ", "r \\ c");
    for (int c = 0; c < 32; c++) printf("%c", c % 10 == 0 ? '0' + c / 10 : ' ');
    putchar('\n');
    for (uint32_t r = 0; 32 * r <= n; r++) {
        printf("%8u ", r);
        for (uint32_t c = 0; c < 32 && 32 * r + c <= n; c++) putchar('0' + f[32 * r + c]);
        putchar('\n');
    }
    printf("\ncolumns for n >= 3: n mod 32, then always 0, always 1, or varies (zeros/ones)\n");
    for (int c = 0; c < 32; c++) {
        const char *what = ones[c] == 0 ? "always 0" : zeros[c] == 0 ? "always 1" : "varies";
        printf("%4d %-9s (%llu/%llu)\n", c, what, (unsigned long long)zeros[c], (unsigned long long)ones[c]);
    }
}

int count_sharing_f(int argc, char **argv)
{
    long to;
    int format;
    int rc = parse(argc, argv, &to, &format, f_usage);
    if (rc) return rc < 0 ? 0 : rc;
    uint32_t n = (uint32_t)to;
    unsigned char *f = calloc((size_t)n + 1, 1);
    gr_error err;
    gr_error_clear(&err);
    if (!f) rc = gr_fail_nomem(&err);
    if (!rc) rc = gr_s3count_f(n, NULL, f, &err);
    if (!rc) print_f(n, f, format);
    free(f);
    return rc ? cli_report(&err) : 0;
}
