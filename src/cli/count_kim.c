/* grundy count pairs | zero-nim | no-carry | zero-graph: seed 001's
 * enumerations (Kim), exact. The arithmetic is in src/theory/count001.c and
 * src/analysis/zero_graph.c; this file parses and prints. */
#include "count.h"
#include "grundy/counting.h"
#include "grundy/grow.h"
#include "grundy/io.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct copts {
    const char *what;
    int format;
    bool help, stdin_used;
    bool ordered, zero, at_most, list;
    bool have_sum, have_xor, have_max, have_digits;
    mpz_t sum, xor_, max;
    unsigned long digits;
} copts;

/* A decimal integer of any size; "-" reads it from standard input. */
static int big_value(copts *o, const char *flag, const char *v, mpz_t out, gr_error *err)
{
    char *buf = NULL;
    const char *s = v;
    if (strcmp(v, "-") == 0) {
        if (o->stdin_used) return gr_fail(err, GR_EINPUT, "'-' (standard input) given twice");
        o->stdin_used = true;
        size_t len = 0, cap = 0;
        int c;
        while ((c = getchar()) != EOF) {
            if (isspace(c)) continue;
            if (!GR_GROW(buf, cap, len + 2, 4096))
                return free(buf), gr_fail_nomem(err);
            buf[len++] = (char)c;
        }
        if (!buf) return gr_fail(err, GR_EINPUT, "%s -: standard input is empty", flag);
        buf[len] = '\0';
        s = buf;
    }
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) {
            int rc = gr_fail(err, GR_EINPUT, "%s %.*s%s: expected a non-negative decimal integer", flag,
                             n > 40 ? 40 : (int)n, s, n > 40 ? "..." : "");
            free(buf);
            return rc;
        }
    if (n == 0) return free(buf), gr_fail(err, GR_EINPUT, "%s needs a non-negative decimal integer", flag);
    mpz_set_str(out, s, 10);
    free(buf);
    return GR_OK;
}

/* The flags a count takes are those its usage line names, so the help and
 * what is accepted cannot drift apart. */
static bool usage_names(const char *help, const char *f)
{
    const char *eol = strchr(help, '\n');
    size_t n = strlen(f);
    for (const char *p = strstr(help, f); p && p < eol; p = strstr(p + 1, f))
        if (p[-1] != '-' && !isalnum((unsigned char)p[n]) && p[n] != '-') return true;
    return false;
}

static int parse(copts *o, int argc, char **argv, const char *help, gr_error *err)
{
    o->what = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = GR_OK;
        for (int j = 1; j < i; j++)
            if (f[0] == '-' && f[1] && strcmp(argv[j], f) == 0)
                return gr_fail(err, GR_EINPUT, "%s given twice; give it once", f);
        if (f[0] == '-' && f[1] && strcmp(f, "--help") != 0 && strcmp(f, "-h") != 0 && !usage_names(help, f))
            return gr_fail(err, GR_EINPUT, "unknown argument '%s' for count %s; see grundy count %s --help", f,
                           o->what, o->what);
        bool takes = strcmp(f, "--sum") == 0 || strcmp(f, "--xor") == 0 || strcmp(f, "--max-total") == 0 ||
                     strcmp(f, "--digits") == 0 || strcmp(f, "--format") == 0;
        if (takes && !val) return gr_fail(err, GR_EINPUT, "%s needs a value", f);
        if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) o->help = true;
        else if (strcmp(f, "--ordered") == 0) o->ordered = true;
        else if (strcmp(f, "--zero") == 0) o->zero = true;
        else if (strcmp(f, "--at-most") == 0) o->at_most = true;
        else if (strcmp(f, "--list") == 0) o->list = true;
        else if (strcmp(f, "--sum") == 0) rc = big_value(o, f, val, o->sum, err), o->have_sum = true, i++;
        else if (strcmp(f, "--xor") == 0) rc = big_value(o, f, val, o->xor_, err), o->have_xor = true, i++;
        else if (strcmp(f, "--max-total") == 0) rc = big_value(o, f, val, o->max, err), o->have_max = true, i++;
        else if (strcmp(f, "--digits") == 0) {
            char *end;
            errno = 0;
            unsigned long v = strtoul(val, &end, 10);
            if (!isdigit((unsigned char)*val) || *end || errno || v > 100000000UL)
                return gr_fail(err, GR_EINPUT, "--digits %s: expected an integer from 0 to 100000000", val);
            o->digits = v;
            o->have_digits = true;
            i++;
        } else if (strcmp(f, "--format") == 0) {
            if (strcmp(val, "text") == 0) o->format = FMT_TEXT;
            else if (strcmp(val, "json") == 0) o->format = FMT_JSON;
            else return gr_fail(err, GR_EINPUT, "--format %s: expected text or json", val);
            i++;
        } else
            return gr_fail(err, GR_EINPUT, "unknown argument '%s' for count %s; see grundy count %s --help", f,
                           o->what, o->what);
        if (rc) return rc;
    }
    return GR_OK;
}

static void print_count(const copts *o, mpz_srcptr c)
{
    char *s = mpz_get_str(NULL, 10, c);
    if (o->format == FMT_JSON) printf("{\"count\":\"%s\"}\n", s);
    else printf("%s\n", s);
    free(s);
}

typedef int (*body_fn)(copts *o, gr_error *err);

static int run(int argc, char **argv, const char *help, body_fn body)
{
    copts o;
    memset(&o, 0, sizeof o);
    mpz_inits(o.sum, o.xor_, o.max, NULL);
    gr_error err;
    gr_error_clear(&err);
    int rc = parse(&o, argc, argv, help, &err);
    if (!rc && o.help) fputs(help, stdout);
    else if (!rc) rc = body(&o, &err);
    mpz_clears(o.sum, o.xor_, o.max, NULL);
    return rc ? cli_report(&err) : 0;
}

/* ---- pairs ---- */

static const char help_pairs[] =
    "usage: grundy count pairs --sum S --xor X [--ordered] [--zero] [--format text|json]\n\n"
    "Pairs (a, b) with a + b = S and a XOR b = X (seed 001, Theorem 7.2): unordered and\n"
    "positive by default; --ordered counts (a,b) and (b,a) apart, --zero admits 0.\n"
    "S and X are decimal integers of any size; '-' reads one from standard input.\n";

static int body_pairs(copts *o, gr_error *err)
{
    if (!o->have_sum || !o->have_xor) return gr_fail(err, GR_EINPUT, "count pairs needs --sum S and --xor X");
    mpz_t c;
    mpz_init(c);
    gr_count_pairs(c, o->sum, o->xor_, o->ordered, o->zero);
    print_count(o, c);
    mpz_clear(c);
    return GR_OK;
}

int count_kim_pairs(int argc, char **argv)
{
    return run(argc, argv, help_pairs, body_pairs);
}

/* ---- zero-nim ---- */

static const char help_zero[] =
    "usage: grundy count zero-nim (--sum S | --max-total K) [--format text|json]\n\n"
    "Unordered triples of positive piles with nim-sum 0 and total S (or total at most K)\n"
    "(seed 001, Lemmas 7.4, 7.5). Exact, from the binary digits of S or K: a number\n"
    "with a million digits is ordinary input ('-' reads it from standard input).\n";

static int body_zero(copts *o, gr_error *err)
{
    if (o->have_sum == o->have_max) return gr_fail(err, GR_EINPUT, "count zero-nim needs one of --sum S or --max-total K");
    mpz_t c;
    mpz_init(c);
    if (o->have_sum) gr_count_zero_nim(c, o->sum);
    else gr_count_zero_nim_upto(c, o->max);
    print_count(o, c);
    mpz_clear(c);
    return GR_OK;
}

int count_kim_zero_nim(int argc, char **argv)
{
    return run(argc, argv, help_zero, body_zero);
}

/* ---- no-carry ---- */

static const char help_nocarry[] =
    "usage: grundy count no-carry --digits k [--at-most] [--format text|json]\n\n"
    "Positions (a, b, a+b) with 1 <= a < b and no carry in a + b (so nim-sum 0) whose\n"
    "largest pile has exactly k binary digits (seed 001, Theorem 7.7: 3^(k-1) - 2^(k-1)),\n"
    "or at most k with --at-most (Theorem 7.9).\n";

static int body_nocarry(copts *o, gr_error *err)
{
    if (!o->have_digits) return gr_fail(err, GR_EINPUT, "count no-carry needs --digits k");
    mpz_t c;
    mpz_init(c);
    gr_count_no_carry(c, o->digits, o->at_most);
    print_count(o, c);
    mpz_clear(c);
    return GR_OK;
}

int count_kim_no_carry(int argc, char **argv)
{
    return run(argc, argv, help_nocarry, body_nocarry);
}

/* ---- zero-graph ---- */

static const char help_graph[] =
    "usage: grundy count zero-graph --sum S [--list] [--format text|json]\n\n"
    "The zero nim-sum positions (positive piles a < b < c) of total S as a graph whose\n"
    "edges are the legal transfers of kim (reading R1) that keep the nim-sum 0 (seed 001,\n"
    "Lemmas 7.11-7.13): the number of positions and moves, connected components, and a\n"
    "longest chain of such transfers. --list prints every position and its moves.\n"
    "Built explicitly: at most 30000 positions (popcount(S) <= 11).\n";

static void triple_text(const uint64_t *t)
{
    printf("(%llu,%llu,%llu)", (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2]);
}

static void triple_json(const uint64_t *t)
{
    printf("[%llu,%llu,%llu]", (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2]);
}

static int body_graph(copts *o, gr_error *err)
{
    if (!o->have_sum) return gr_fail(err, GR_EINPUT, "count zero-graph needs --sum S");
    if (!mpz_fits_ulong_p(o->sum) || mpz_sizeinbase(o->sum, 2) > 63)
        return gr_fail(err, GR_EINPUT, "count zero-graph: --sum must be below 2^63 (the graph is built explicitly)");
    gr_zgraph g;
    int rc = gr_zgraph_build(&g, mpz_get_ui(o->sum), GR_ZGRAPH_MAX_VERTICES, err);
    if (rc) return rc;
    char *s = mpz_get_str(NULL, 10, o->sum);
    if (o->format == FMT_JSON) {
        printf("{\"sum\":\"%s\",\"count\":\"%zu\",\"moves\":%zu,\"components\":%zu,\"longest_chain\":%zu,\"chain\":[", s,
               g.n, g.m, g.components, g.longest);
        for (size_t i = 0; i < g.longest; i++) {
            if (i) putchar(',');
            triple_json(g.v[g.chain[i]]);
        }
        putchar(']');
        if (o->list) {
            fputs(",\"positions\":[", stdout);
            for (size_t i = 0; i < g.n; i++) {
                fputs(i ? ",\n {\"position\":" : "\n {\"position\":", stdout);
                triple_json(g.v[i]);
                fputs(",\"to\":[", stdout);
                for (size_t e = g.start[i]; e < g.start[i + 1]; e++) {
                    if (e > g.start[i]) putchar(',');
                    triple_json(g.v[g.to[e]]);
                }
                fputs("]}", stdout);
            }
            fputs("]", stdout);
        }
        puts("}");
    } else {
        printf("total %s: %zu position%s, %zu move%s, %zu component%s, longest chain %zu\n", s, g.n,
               g.n == 1 ? "" : "s", g.m, g.m == 1 ? "" : "s", g.components, g.components == 1 ? "" : "s",
               g.longest);
        if (g.longest) {
            fputs("chain:", stdout);
            for (size_t i = 0; i < g.longest; i++) {
                fputs(i ? " -> " : " ", stdout);
                triple_text(g.v[g.chain[i]]);
            }
            putchar('\n');
        }
        if (o->list)
            for (size_t i = 0; i < g.n; i++) {
                triple_text(g.v[i]);
                fputs(":", stdout);
                for (size_t e = g.start[i]; e < g.start[i + 1]; e++) {
                    putchar(' ');
                    triple_text(g.v[g.to[e]]);
                }
                putchar('\n');
            }
    }
    free(s);
    gr_zgraph_free(&g);
    return GR_OK;
}

int count_kim_zero_graph(int argc, char **argv)
{
    return run(argc, argv, help_graph, body_graph);
}
