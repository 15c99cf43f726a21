#include "cli.h"
#include "grundy/players.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* "--flag=value" is "--flag value": the words are split into a copy of argv
 * that the arguments own (a->words), so verbs' flag functions see one form. */
static int split_words(cli_args *a, int argc, char **argv, gr_error *err)
{
    size_t bytes = 0;
    for (int i = 0; i < argc; i++) bytes += strlen(argv[i]) + 1;
    a->words = malloc((size_t)(2 * argc + 1) * sizeof *a->words);
    a->names = malloc(bytes + 1);
    if (!a->words || !a->names) return gr_fail_nomem(err);
    char *name = a->names;
    bool operands = false;
    a->nwords = 0;
    for (int i = 0; i < argc; i++) {
        char *s = argv[i];
        char *eq = strchr(s, '=');
        operands |= strcmp(s, "--") == 0;
        if (!operands && i > 0 && strncmp(s, "--", 2) == 0 && eq && eq > s + 2) {
            size_t n = (size_t)(eq - s);
            memcpy(name, s, n);
            name[n] = '\0';
            a->words[a->nwords++] = name;
            a->words[a->nwords++] = eq + 1;
            name += n + 1;
        } else {
            a->words[a->nwords++] = s;
        }
    }
    a->words[a->nwords] = NULL;
    return GR_OK;
}

/* A flag given twice is an error (the second would silently win), and so is
 * a second outcome rule: --misere, --players, --block and --block-position
 * each name the whole rule. */
typedef struct seen_flags {
    const char *flag[64];
    int n;
    const char *outcome;        /* the outcome flag given, with its value */
    const char *outcome_value;
} seen_flags;

static int note_flag(seen_flags *f, const char *s, gr_error *err)
{
    for (int k = 0; k < f->n; k++)
        if (strcmp(f->flag[k], s) == 0) return gr_fail(err, GR_EINPUT, "%s given twice; give it once", s);
    if (f->n < 64) f->flag[f->n++] = s;
    return GR_OK;
}

static int note_outcome(seen_flags *f, const char *flag, const char *value, gr_error *err)
{
    if (f->outcome)
        return gr_fail(err, GR_EINPUT, "%s%s%s conflicts with %s%s%s: give one outcome rule", flag, value ? " " : "",
                       value ? value : "", f->outcome, f->outcome_value ? " " : "",
                       f->outcome_value ? f->outcome_value : "");
    f->outcome = flag;
    f->outcome_value = value;
    return GR_OK;
}

static int parse_format(cli_args *a, const char *f, unsigned parts, gr_error *err)
{
    if (strcmp(f, "text") == 0) a->format = FMT_TEXT;
    else if (strcmp(f, "json") == 0) a->format = FMT_JSON;
    else if (strcmp(f, "csv") == 0 && (parts & CLI_CSV)) a->format = FMT_CSV;
    else if (strcmp(f, "md") == 0 && (parts & CLI_MD)) a->format = FMT_MD;
    else
        return gr_fail(err, GR_EINPUT, "--format %s: %s prints text or json%s%s", f, a->verb,
                       (parts & CLI_CSV) ? " or csv" : "", (parts & CLI_MD) ? " or md" : "");
    return GR_OK;
}

/* --players M, --block K, --block-position K: the flag names the rule. */
static int parse_outcome_flag(cli_args *a, seen_flags *seen, int argc, char **argv, int *i, gr_error *err)
{
    const char *s = argv[*i];
    if (strcmp(s, "--misere") == 0) {
        int rc = note_outcome(seen, s, NULL, err);
        return rc ? rc : gr_outcome_parse(&a->outcome, "misere", 0, err);
    }
    long lo = strcmp(s, "--players") == 0 ? 2 : 1;
    long hi = strcmp(s, "--players") == 0 ? GR_PLAYERS_MAX : 1000;
    long v;
    int rc = cli_flag_long(argc, argv, i, lo, hi, &v, err);
    if (!rc) rc = note_outcome(seen, s, argv[*i], err);
    return rc ? rc : gr_outcome_parse(&a->outcome, s + 2, (int)v, err);
}

static bool is_outcome_flag(const char *s)
{
    return strcmp(s, "--misere") == 0 || strcmp(s, "--players") == 0 || strcmp(s, "--block") == 0 ||
           strcmp(s, "--block-position") == 0;
}

static int parse_flag(cli_args *a, seen_flags *seen, int argc, char **argv, int *i, unsigned parts,
                      cli_flag_fn extra, void *ctx, gr_error *err)
{
    const char *s = argv[*i];
    int rc;
    if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
        a->help = true;
        return GR_OK;
    }
    if ((rc = note_flag(seen, s, err))) return rc;
    if (strcmp(s, "--format") == 0 && !(parts & CLI_NOFORMAT)) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--format needs a value");
        return parse_format(a, argv[++*i], parts, err);
    }
    if ((parts & CLI_OUTCOME) && is_outcome_flag(s)) return parse_outcome_flag(a, seen, argc, argv, i, err);
    if ((parts & CLI_LIMITS) && strcmp(s, "--max-memory") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--max-memory needs a value");
        return parse_size(s, argv[++*i], &a->limits.max_bytes, err);
    }
    if ((parts & CLI_LIMITS) && strcmp(s, "--max-seconds") == 0) {
        long v;
        if ((rc = cli_flag_long(argc, argv, i, 1, 1000000000L, &v, err))) return rc;
        a->limits.max_seconds = (double)v;
        return GR_OK;
    }
    if (extra) {
        rc = extra(ctx, argc, argv, i, err);
        if (rc == 1) return GR_OK;
        if (rc) return rc;
    }
    return gr_fail(err, GR_EINPUT, "unknown option '%s' for %s; see grundy %s --help", s, a->verb, a->verb);
}

int cli_parse(cli_args *a, int argc, char **argv, unsigned parts, cli_flag_fn extra, void *ctx, gr_error *err)
{
    memset(a, 0, sizeof *a);
    a->verb = argv[0];
    gr_bigpos_init(&a->pos);
    gr_outcome_init_normal(&a->outcome);
    gr_limits_default(&a->limits);
    a->format = FMT_TEXT;
    int rc = split_words(a, argc, argv, err);
    if (rc) return rc;
    argc = a->nwords;
    argv = a->words;
    bool stdin_used = false;
    seen_flags seen = {.n = 0};
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
            if ((rc = parse_flag(a, &seen, argc, argv, &i, parts, extra, ctx, err))) return rc;
            continue;
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
    free(a->words);
    free(a->names);
    a->words = NULL;
    a->names = NULL;
}

int cli_check_output(const char *flag, const char *path, gr_error *err)
{
    if (!path) return GR_OK;
    if (!*path) return gr_fail(err, GR_EINPUT, "%s needs a file name", flag);
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (slash && !slash[1]) return gr_fail(err, GR_EINPUT, "%s %s: names a folder, not a file", flag, path);
    if (access(dir, W_OK) != 0)
        return gr_fail(err, GR_EINPUT, "%s %s: cannot write there: folder '%s': %s", flag, path, dir, strerror(errno));
    return GR_OK;
}
