#include "cli.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_report(const gr_error *err)
{
    fflush(stdout);
    fprintf(stderr, "grundy: %s\n", err->msg[0] ? err->msg : "failed");
    return err->code ? err->code : GR_EINTERNAL;
}

int cli_flag_long(int argc, char **argv, int *i, long lo, long hi, long *out, gr_error *err)
{
    const char *flag = argv[*i];
    if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a value", flag);
    const char *v = argv[++*i];
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (!*v || *end || errno || x < lo || x > hi)
        return gr_fail(err, GR_EINPUT, "%s %s: expected an integer from %ld to %ld", flag, v, lo, hi);
    *out = x;
    return GR_OK;
}

/* "4G", "512M", "100000" (bytes) */
static int parse_size(const char *flag, const char *v, double *out, gr_error *err)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    double mul = 1;
    if (*end == 'K' || *end == 'k') mul = 1024, end++;
    else if (*end == 'M' || *end == 'm') mul = 1024.0 * 1024, end++;
    else if (*end == 'G' || *end == 'g') mul = 1024.0 * 1024 * 1024, end++;
    else if (*end == 'T' || *end == 't') mul = 1024.0 * 1024 * 1024 * 1024, end++;
    if (!*v || *end || errno || !(x > 0))
        return gr_fail(err, GR_EINPUT, "%s %s: expected a size such as 512M or 4G", flag, v);
    *out = x * mul;
    return GR_OK;
}

static bool is_flag(const char *s)
{
    /* "-" is standard input and "-5" a (bad) negative size, not flags */
    return s[0] == '-' && s[1] != '\0' && !isdigit((unsigned char)s[1]);
}

int cli_parse(cli_args *a, int argc, char **argv, unsigned parts, cli_flag_fn extra, void *ctx, gr_error *err)
{
    memset(a, 0, sizeof *a);
    a->verb = argv[0];
    gr_bigpos_init(&a->pos);
    gr_outcome_init_normal(&a->outcome);
    gr_limits_default(&a->limits);
    a->format = FMT_TEXT;
    bool stdin_used = false;
    int rc;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--") == 0) {
            for (i++; i < argc; i++) {
                if (!a->rules && (parts & CLI_RULES)) a->rules = argv[i];
                else if ((rc = gr_bigpos_parse(&a->pos, argv[i], err))) return rc;
                else a->have_pos = true;
            }
            break;
        }
        if (is_flag(s)) {
            if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
                a->help = true;
                continue;
            }
            if (strcmp(s, "--format") == 0) {
                if (i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--format needs a value");
                const char *f = argv[++i];
                if (strcmp(f, "text") == 0) a->format = FMT_TEXT;
                else if (strcmp(f, "json") == 0) a->format = FMT_JSON;
                else if (strcmp(f, "csv") == 0 && (parts & CLI_CSV)) a->format = FMT_CSV;
                else if (strcmp(f, "md") == 0 && (parts & CLI_MD)) a->format = FMT_MD;
                else return gr_fail(err, GR_EINPUT, "--format %s: not a format %s offers", f, a->verb);
                continue;
            }
            if ((parts & CLI_OUTCOME) && strcmp(s, "--misere") == 0) {
                if ((rc = gr_outcome_parse(&a->outcome, "misere", 0, err))) return rc;
                continue;
            }
            /* Outcome rules with a parameter: the flag names the rule. */
            if ((parts & CLI_OUTCOME) &&
                (strcmp(s, "--players") == 0 || strcmp(s, "--block") == 0 || strcmp(s, "--block-position") == 0)) {
                long v;
                if ((rc = cli_flag_long(argc, argv, &i, 1, 1000, &v, err))) return rc;
                if ((rc = gr_outcome_parse(&a->outcome, s + 2, (int)v, err))) return rc;
                continue;
            }
            if ((parts & CLI_LIMITS) && strcmp(s, "--max-memory") == 0) {
                if (i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--max-memory needs a value");
                if ((rc = parse_size(s, argv[++i], &a->limits.max_bytes, err))) return rc;
                continue;
            }
            if ((parts & CLI_LIMITS) && strcmp(s, "--max-seconds") == 0) {
                long v;
                if ((rc = cli_flag_long(argc, argv, &i, 1, 1000000000L, &v, err))) return rc;
                a->limits.max_seconds = (double)v;
                continue;
            }
            if (extra) {
                rc = extra(ctx, argc, argv, &i, err);
                if (rc == 1) continue;
                if (rc) return rc;
            }
            return gr_fail(err, GR_EINPUT, "unknown option '%s' for %s; see grundy %s --help", s, a->verb, a->verb);
        }
        if ((parts & CLI_RULES) && !a->rules) {
            a->rules = s;
            continue;
        }
        if (!(parts & CLI_POS)) return gr_fail(err, GR_EINPUT, "unexpected argument '%s' for %s", s, a->verb);
        if (strcmp(s, "-") == 0) {
            if (stdin_used) return gr_fail(err, GR_EINPUT, "'-' (standard input) given twice");
            stdin_used = true;
            if ((rc = gr_bigpos_read(&a->pos, stdin, err))) return rc;
        } else if ((rc = gr_bigpos_parse(&a->pos, s, err))) {
            return rc;
        }
        a->have_pos = true;
    }
    if (a->help) return GR_OK;
    if ((parts & CLI_RULES) && !a->rules)
        return gr_fail(err, GR_EINPUT, "%s needs RULES (a ruleset such as sharing or nim); see grundy %s --help",
                       a->verb, a->verb);
    if ((parts & CLI_POS) && a->pos.n == 0)
        return gr_fail(err, GR_EINPUT, "empty position: give pile sizes after the rules, or - to read them");
    return GR_OK;
}

void cli_args_free(cli_args *a)
{
    gr_bigpos_clear(&a->pos);
}
