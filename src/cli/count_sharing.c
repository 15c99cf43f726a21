/* grundy count sharing-p / sharing-f: seed 000's counting, from the table.
 *
 * sharing-p: P(n), the P-positions with exactly n tokens (piles as a
 * multiset), counted from the computed table, beside the paper's floor(n/3).
 * Two readings: empty piles allowed (x >= 0), or all three piles non-empty.
 * sharing-f: f(n) = 0 when (0,0,n) is a P-position, else 1, laid out in rows
 * of 32 (n mod 32 across), with what each column does (Proposition P-per and
 * the non-periodicity discussion). Both come from rows b <= N of the fast
 * table (src/fast/sharing3_counts.c), answered by the layer's count verb
 * (src/api/count.c); this file parses and prints its reply. */
#include "count.h"
#include <stdlib.h>
#include <string.h>

/* The words into req's count options, each key through the layer's
 * validator as it comes; -1 after printing the usage (--help). */
static int parse(int argc, char **argv, gr_api_request *req, int *format, const char *usage, gr_error *err)
{
    *format = GR_API_TEXT;
    gr_api_pair what = {"what", 4, argv[0], strlen(argv[0])};
    int rc = gr_api_request_fill(req, &what, 1, err);
    for (int i = 1; !rc && i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return -1;
        }
        for (int j = 1; j < i; j++)
            if (argv[i][0] == '-' && strcmp(argv[j], argv[i]) == 0)
                return gr_fail(err, GR_EINPUT, "%s given twice; give it once", argv[i]);
        if ((strcmp(argv[i], "--to") == 0 || strcmp(argv[i], "--format") == 0) && i + 1 >= argc)
            return gr_fail(err, GR_EINPUT, "%s needs a value", argv[i]);
        if (strcmp(argv[i], "--to") == 0) {
            const char *v = argv[++i];
            gr_api_pair to = {"to", 2, v, strlen(v)};
            rc = gr_api_request_fill(req, &to, 1, err);
        } else if (strcmp(argv[i], "--format") == 0) {
            const char *f = argv[++i];
            if (strcmp(f, "json") == 0) *format = GR_API_JSON;
            else if (strcmp(f, "text") != 0) return gr_fail(err, GR_EINPUT, "--format %s: not text or json", f);
        } else {
            return gr_fail(err, GR_EINPUT, "%s: unexpected here; grundy count %s --help", argv[i], argv[0]);
        }
    }
    return rc;
}

/* parse -> the layer's call -> render */
static int run(int argc, char **argv, const char *usage)
{
    gr_error err;
    gr_error_clear(&err);
    gr_api_request req;
    gr_api_request_init(&req, GR_API_COUNT, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    int format;
    int rc = parse(argc, argv, &req, &format, usage, &err);
    if (!rc) rc = gr_api_call(NULL, &req, &rep, &err);
    if (!rc) gr_api_render(&out, format, &rep);
    if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
    if (!rc) fwrite(out.s, 1, out.len, stdout);
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return rc < 0 ? 0 : rc ? cli_report(&err) : 0;
}

static const char p_usage[] =
    "usage: grundy count sharing-p --to N [--format text|json]\n\n"
    "P(n) for n = 0..N: the P-positions of three-pile Sharing Nim with exactly n\n"
    "tokens, piles taken as a multiset, counted from the computed table; with empty\n"
    "piles allowed and with all piles non-empty, beside seed 000's floor(n/3).\n";

int count_sharing_p(int argc, char **argv)
{
    return run(argc, argv, p_usage);
}

static const char f_usage[] =
    "usage: grundy count sharing-f --to N [--format text|json]\n\n"
    "f(n) = 0 if (0,0,n) is a P-position of three-pile Sharing Nim, else 1, for\n"
    "n = 0..N from the computed table, in rows of 32 (seed 000's table of f mod 2^5),\n"
    "and for each n mod 32 whether the column is constant (Proposition P-per) or\n"
    "varies (the column n = 0 mod 32, where periodicity dies out).\n";

int count_sharing_f(int argc, char **argv)
{
    return run(argc, argv, f_usage);
}
