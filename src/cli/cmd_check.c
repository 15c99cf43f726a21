/* `grundy check`: the papers' claims against search, the answer layer's check
 * verb (src/api/check.c) parsed, called and printed; the command line adds
 * only an alarm that stops a check running past --max-seconds. */
#include "cli.h"
#include "grundy/claims.h"
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "usage: grundy check [SEED|CLAIM-ID] [--to N] [--format text|json|md] [--max-seconds S]\n"
    "                    [--max-memory SIZE]\n"
    "       grundy check [SEED|CLAIM-ID] --list [--format text|json|md]\n\n"
    "Checks the papers' claims against search from the rules. Each verdict is\n"
    "holds (in the range printed), fails (with the smallest counterexample found)\n"
    "or unchecked (with why). SEED is a seed prefix such as 000; CLAIM-ID a claim\n"
    "such as 000/thm-P. --to N raises or lowers each claim's bound. Every check's\n"
    "cost is estimated first: one estimated beyond --max-seconds (default 60) is\n"
    "refused before anything runs (--max-memory is the searches' memory limit).\n"
    "--list lists the claim ids and statements without checking them.\n";

typedef struct check_opts {
    long to;
    bool list;
} check_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    check_opts *o = ctx;
    if (strcmp(argv[*i], "--to") == 0) {
        int rc = cli_flag_long(argc, argv, i, 1, 1000000000L, &o->to, err);
        return rc ? rc : 1;
    }
    if (strcmp(argv[*i], "--list") == 0) return o->list = true, 1;
    return 0;
}

/* The estimates bound each check before it starts; this bounds it while it
 * runs, should an estimate be wrong: past --max-seconds the process stops
 * with the claim named, nothing printed (the output is still in memory). */
static char overrun_msg[256];
static size_t overrun_len;

static void on_overrun(int sig)
{
    (void)sig;
    ssize_t w = write(STDERR_FILENO, overrun_msg, overrun_len);
    (void)w;
    _exit(GR_EINPUT);
}

/* The layer's hook before each claim's check (gr_api_check_opts.before). */
static void arm_overrun(void *ctx, const gr_claim *c, const gr_limits *lim)
{
    (void)ctx;
    int n = snprintf(overrun_msg, sizeof overrun_msg,
                     "grundy: %s ran past the limit of %.0f s (--max-seconds) though estimated within it; nothing "
                     "printed\n", c->id, lim->max_seconds);
    overrun_len = n > 0 && (size_t)n < sizeof overrun_msg ? (size_t)n : 0;
    signal(SIGALRM, on_overrun);
    alarm((unsigned)ceil(lim->max_seconds));
}

int cmd_check(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    check_opts o = {0};
    const char *which = NULL;
    /* the optional operand comes in as "rules" */
    int rc = cli_parse(&a, argc, argv, CLI_MD | CLI_LIMITS, extra, &o, &err);
    if (rc && argc > 1) {
        /* one operand allowed: SEED or CLAIM-ID */
        gr_error_clear(&err);
        cli_args_free(&a);
        rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_MD | CLI_LIMITS, extra, &o, &err);
        which = a.rules;
    }
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    /* the words into the layer's keys: the operand, --to, --list; the
     * limits as parsed */
    char to[24];
    snprintf(to, sizeof to, "%ld", o.to);
    gr_api_pair pairs[3];
    size_t n = 0;
    if (which) pairs[n++] = (gr_api_pair){"id", 2, which, strlen(which)};
    if (o.to) pairs[n++] = (gr_api_pair){"to", 2, to, strlen(to)};
    if (o.list) pairs[n++] = (gr_api_pair){"list", 4, NULL, 0};
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CHECK, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    rc = gr_api_request_fill(&req, pairs, n, &err);
    req.limits = a.limits;
    req.check.before = arm_overrun;
    if (!rc) rc = gr_api_call(NULL, &req, &rep, &err);
    alarm(0);
    int format = a.format == FMT_JSON ? GR_API_JSON : a.format == FMT_MD ? GR_API_MD : GR_API_TEXT;
    if (!rc) gr_api_render(&out, format, &rep);
    if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
    /* the whole answer at once, or nothing and the error */
    if (!rc) fwrite(out.s, 1, out.len, stdout);
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
