/* grundy count pairs | zero-nim | no-carry | zero-graph: seed 001's
 * enumerations (Kim), exact. The answer layer's count verb answers them
 * (src/api/count.c); this file reads the words into its request, each key
 * through the layer's validator, and prints the reply. */
#include "count.h"
#include "grundy/grow.h"
#include "grundy/io.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct copts {
    const char *what;
    int format;
    bool help, stdin_used;
} copts;

/* "-" reads a number from standard input (whitespace dropped); else the
 * text as given. The layer's validator checks the digits. */
static int read_value(copts *o, const char *flag, const char *v, char **buf, gr_error *err)
{
    *buf = NULL;
    if (strcmp(v, "-") != 0) return GR_OK;
    if (o->stdin_used) return gr_fail(err, GR_EINPUT, "'-' (standard input) given twice");
    o->stdin_used = true;
    size_t len = 0, cap = 0;
    int c;
    while ((c = getchar()) != EOF) {
        if (isspace(c)) continue;
        if (!GR_GROW(*buf, cap, len + 2, 4096)) return free(*buf), *buf = NULL, gr_fail_nomem(err);
        (*buf)[len++] = (char)c;
    }
    if (!*buf) return gr_fail(err, GR_EINPUT, "%s -: standard input is empty", flag);
    (*buf)[len] = '\0';
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

/* One key for the layer's validator, checked at once so that the first bad
 * word is the one reported. */
static int give(gr_api_request *req, const char *key, const char *value, gr_error *err)
{
    gr_api_pair p = {key, strlen(key), value, value ? strlen(value) : 0};
    return gr_api_request_fill(req, &p, 1, err);
}

static int parse(copts *o, gr_api_request *req, int argc, char **argv, const char *help, gr_error *err)
{
    o->what = argv[0];
    int rc = give(req, "what", o->what, err);
    for (int i = 1; !rc && i < argc; i++) {
        const char *f = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
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
        else if (strcmp(f, "--format") == 0) {
            if (strcmp(val, "text") == 0) o->format = GR_API_TEXT;
            else if (strcmp(val, "json") == 0) o->format = GR_API_JSON;
            else return gr_fail(err, GR_EINPUT, "--format %s: expected text or json", val);
            i++;
        } else if (strncmp(f, "--", 2) == 0 && takes) {
            char *buf;
            rc = read_value(o, f, val, &buf, err);
            if (!rc) rc = give(req, f + 2, buf ? buf : val, err);
            free(buf);
            i++;
        } else if (strncmp(f, "--", 2) == 0 && f[2]) {
            rc = give(req, f + 2, NULL, err);
        } else
            return gr_fail(err, GR_EINPUT, "unknown argument '%s' for count %s; see grundy count %s --help", f,
                           o->what, o->what);
    }
    return rc;
}

/* parse -> the layer's call -> render */
static int run(int argc, char **argv, const char *help)
{
    copts o;
    memset(&o, 0, sizeof o);
    gr_error err;
    gr_error_clear(&err);
    gr_api_request req;
    gr_api_request_init(&req, GR_API_COUNT, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    int rc = parse(&o, &req, argc, argv, help, &err);
    if (!rc && o.help) fputs(help, stdout);
    else if (!rc) rc = gr_api_call(NULL, &req, &rep, &err);
    if (!rc && !o.help) gr_api_render(&out, o.format, &rep);
    if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
    if (!rc) fwrite(out.s, 1, out.len, stdout);
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return rc ? cli_report(&err) : 0;
}

/* ---- pairs ---- */

static const char help_pairs[] =
    "usage: grundy count pairs --sum S --xor X [--ordered] [--zero] [--format text|json]\n\n"
    "Pairs (a, b) with a + b = S and a XOR b = X (seed 001, Theorem 7.2): unordered and\n"
    "positive by default; --ordered counts (a,b) and (b,a) apart, --zero admits 0.\n"
    "S and X are decimal integers of any size; '-' reads one from standard input.\n";

int count_kim_pairs(int argc, char **argv)
{
    return run(argc, argv, help_pairs);
}

/* ---- zero-nim ---- */

static const char help_zero[] =
    "usage: grundy count zero-nim (--sum S | --max-total K) [--format text|json]\n\n"
    "Unordered triples of positive piles with nim-sum 0 and total S (or total at most K)\n"
    "(seed 001, Lemmas 7.4, 7.5). Exact, from the binary digits of S or K: a number\n"
    "with a million digits is ordinary input ('-' reads it from standard input).\n";

int count_kim_zero_nim(int argc, char **argv)
{
    return run(argc, argv, help_zero);
}

/* ---- no-carry ---- */

static const char help_nocarry[] =
    "usage: grundy count no-carry --digits k [--at-most] [--format text|json]\n\n"
    "Positions (a, b, a+b) with 1 <= a < b and no carry in a + b (so nim-sum 0) whose\n"
    "largest pile has exactly k binary digits (seed 001, Theorem 7.7: 3^(k-1) - 2^(k-1)),\n"
    "or at most k with --at-most (Theorem 7.9).\n";

int count_kim_no_carry(int argc, char **argv)
{
    return run(argc, argv, help_nocarry);
}

/* ---- zero-graph ---- */

static const char help_graph[] =
    "usage: grundy count zero-graph --sum S [--list] [--format text|json]\n\n"
    "The zero nim-sum positions (positive piles a < b < c) of total S as a graph whose\n"
    "edges are the legal transfers of kim (reading R1) that keep the nim-sum 0 (seed 001,\n"
    "Lemmas 7.11-7.13): the number of positions and moves, connected components, and a\n"
    "longest chain of such transfers. --list prints every position and its moves.\n"
    "Built explicitly: at most 30000 positions (popcount(S) <= 11).\n";

int count_kim_zero_graph(int argc, char **argv)
{
    return run(argc, argv, help_graph);
}
