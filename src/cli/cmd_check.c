#include "cli.h"
#include "grundy/claims.h"
#include "grundy/io.h"
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

static void print_one(FILE *out, int format, const gr_claim *c, const gr_claim_result *r, bool first)
{
    const char *status = gr_claim_status_name(r->status);
    if (format == FMT_JSON) {
        fputs(first ? "\n  {\"id\":" : ",\n  {\"id\":", out);
        gr_json_string(out, c->id);
        fputs(",\"statement\":", out);
        gr_json_string(out, c->statement);
        fputs(",\"reading\":", out);
        if (c->reading) gr_json_string(out, c->reading);
        else fputs("null", out);
        fputs(",\"status\":", out);
        gr_json_string(out, status);
        fputs(",\"range\":", out);
        gr_json_string(out, r->range);
        fputs(",\"counterexample\":", out);
        if (r->has_cex) gr_json_pos(out, &r->cex);
        else fputs("null", out);
        fputs(",\"detail\":", out);
        gr_json_string(out, r->detail);
        fputc('}', out);
    } else if (format == FMT_MD) {
        fprintf(out, "| `%s` | %s | **%s** | %s | ", c->id, c->statement, status, r->range);
        if (r->has_cex) {
            fputc('(', out);
            gr_pos_print(out, &r->cex, ",");
            fputs(") ", out);
        }
        fprintf(out, "%s |\n", r->detail);
    } else {
        fprintf(out, "%-22s %-9s %s\n", c->id, status, c->statement);
        if (c->reading) fprintf(out, "%22s reading:  %s\n", "", c->reading);
        if (r->range[0]) fprintf(out, "%22s checked:  %s\n", "", r->range);
        if (r->has_cex) {
            fprintf(out, "%22s smallest counterexample: (", "");
            gr_pos_print(out, &r->cex, ",");
            fputs(")\n", out);
        }
        if (r->detail[0]) fprintf(out, "%22s %s\n", "", r->detail);
    }
}

/* The claims SEED, CLAIM-ID or (which == NULL) all name, in registry order. */
static int select_claims(const char *which, const gr_claim ***pick, size_t *n, gr_error *err)
{
    size_t total = 0;
    for (size_t s = 0; s < gr_seed_count(); s++) total += gr_seed_at(s)->count;
    *pick = malloc((total + 1) * sizeof **pick);
    if (!*pick) return gr_fail_nomem(err);
    *n = 0;
    for (size_t s = 0; s < gr_seed_count(); s++) {
        const gr_seed_claims *seed = gr_seed_at(s);
        for (size_t i = 0; i < seed->count; i++) {
            const gr_claim *c = &seed->claims[i];
            bool in = !which || (strchr(which, '/') ? strcmp(which, c->id) == 0 : strcmp(which, seed->seed) == 0);
            if (in) (*pick)[(*n)++] = c;
        }
    }
    if (*n) return GR_OK;
    if (strchr(which, '/')) return gr_fail(err, GR_EINPUT, "unknown claim '%s'; grundy check --list lists them", which);
    return gr_fail(err, GR_EINPUT, "unknown seed '%s'; grundy check --list lists the claims", which);
}

static void print_list(int format, const gr_claim **pick, size_t n)
{
    if (format == FMT_JSON) fputc('[', stdout);
    for (size_t i = 0; i < n; i++) {
        const gr_claim *c = pick[i];
        if (format == FMT_JSON) {
            fputs(i ? ",\n  {\"id\":" : "\n  {\"id\":", stdout);
            gr_json_string(stdout, c->id);
            fputs(",\"statement\":", stdout);
            gr_json_string(stdout, c->statement);
            printf(",\"default_to\":%llu}", (unsigned long long)c->default_to);
        } else if (format == FMT_MD) {
            printf("| `%s` | %s |\n", c->id, c->statement);
        } else {
            printf("%-22s %s\n", c->id, c->statement);
        }
    }
    if (format == FMT_JSON) fputs("\n]\n", stdout);
}

/* Every check is estimated before any runs; one over the limit refuses the
 * whole request, so nothing is half-printed and nothing runs unbounded. */
static int refuse_costly(const gr_claim **pick, size_t n, long to, const gr_limits *lim, gr_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const gr_claim *c = pick[i];
        uint64_t bound = to ? (uint64_t)to : c->default_to;
        if (to && n == 1 && c->default_to == 0)
            return gr_fail(err, GR_EINPUT, "--to %ld: %s checks a fixed statement, with no bound to raise", to, c->id);
        double est = gr_claim_estimate(c, bound);
        if (est < 0) return gr_fail(err, GR_EINTERNAL, "%s has no cost estimate", c->id);
        if (est > lim->max_seconds)
            return gr_fail_limit(err, GR_KNOB_SECONDS, "%s --to %llu would take about %.2g s, over the limit of %.0f s "
                           "(--max-seconds); its default bound is %llu", c->id, (unsigned long long)bound, est,
                           lim->max_seconds, (unsigned long long)c->default_to);
    }
    return GR_OK;
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

static void arm_overrun(const gr_claim *c, const gr_limits *lim)
{
    int n = snprintf(overrun_msg, sizeof overrun_msg,
                     "grundy: %s ran past the limit of %.0f s (--max-seconds) though estimated within it; nothing "
                     "printed\n", c->id, lim->max_seconds);
    overrun_len = n > 0 && (size_t)n < sizeof overrun_msg ? (size_t)n : 0;
    signal(SIGALRM, on_overrun);
    alarm((unsigned)ceil(lim->max_seconds));
}

static int run_claims(int format, const gr_claim **pick, size_t n, bool one, long to, const gr_limits *lim,
                      gr_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out) return gr_fail_nomem(err);
    int rc = GR_OK;
    const char *seed_shown = NULL;
    if (format == FMT_JSON) fputc('[', out);
    if (format == FMT_MD)
        fputs("| claim | statement | verdict | checked | counterexample / detail |\n|---|---|---|---|---|\n", out);
    for (size_t i = 0; !rc && i < n; i++) {
        const gr_claim *c = pick[i];
        const gr_seed_claims *seed = gr_claim_seed(c);
        if (format == FMT_TEXT && !one && seed && seed->title != seed_shown) {
            fprintf(out, "seed %s: %s\n", seed->seed, seed->title);
            seed_shown = seed->title;
        }
        gr_claim_result r = {0};
        memset(&r, 0, sizeof r);
        arm_overrun(c, lim);
        rc = c->check(c, to && c->default_to ? (uint64_t)to : c->default_to, &r, err);
        alarm(0);
        if (!rc) print_one(out, format, c, &r, i == 0);
    }
    if (!rc && format == FMT_JSON) fputs("\n]\n", out);
    fclose(out);
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    return rc;
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
    const gr_claim **pick = NULL;
    size_t n = 0;
    if (!rc) rc = select_claims(which, &pick, &n, &err);
    if (!rc && o.list) print_list(a.format, pick, n);
    else if (!rc) rc = refuse_costly(pick, n, o.to, &a.limits, &err);
    if (!rc && !o.list) rc = run_claims(a.format, pick, n, which && strchr(which, '/'), o.to, &a.limits, &err);
    free(pick);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
