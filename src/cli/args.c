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
    gr_buf b;
    gr_buf_init(&b);
    gr_api_error_text(&b, GR_FRONT_CLI, err);
    fprintf(stderr, "grundy: %s\n", gr_buf_ok(&b) ? b.s : err->msg);
    gr_buf_free(&b);
    return gr_status_exit(err->code ? err->code : GR_EINTERNAL);
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
    if (!gr_limits_parse_size(v, out))
        return gr_fail(err, GR_EINPUT, "%s %s: expected a size such as 512M or 4G", flag, v);
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

/* ---- the answer layer's verbs ---- */

enum { MAX_PAIRS = 64 };

typedef struct api_words {
    gr_api_pair pair[MAX_PAIRS];
    size_t n;
    gr_buf pos;                 /* the position's operands, one text */
    bool have_pos, stdin_used, help;
    int format;
} api_words;

static int add_pair(api_words *w, const char *key, const char *value, gr_error *err)
{
    if (w->n == MAX_PAIRS) return gr_fail(err, GR_EINPUT, "too many options");
    w->pair[w->n++] = (gr_api_pair){key, strlen(key), value, value ? strlen(value) : 0};
    return GR_OK;
}

/* An operand: RULES first, then the position's sizes ('-': standard input). */
static int operand(api_words *w, const char *s, gr_error *err)
{
    if (!w->n || strcmp(w->pair[0].key, "rules") != 0) {
        /* RULES always leads the pairs, so that a message about it comes first */
        if (w->n == MAX_PAIRS) return gr_fail(err, GR_EINPUT, "too many options");
        memmove(w->pair + 1, w->pair, w->n * sizeof *w->pair);
        w->pair[0] = (gr_api_pair){"rules", 5, s, strlen(s)};
        w->n++;
        return GR_OK;
    }
    if (w->pos.len) gr_buf_putc(&w->pos, ' ');
    w->have_pos = true;
    if (strcmp(s, "-") != 0) {
        gr_buf_puts(&w->pos, s);
        return gr_buf_ok(&w->pos) ? GR_OK : gr_fail_nomem(err);
    }
    if (w->stdin_used) return gr_fail(err, GR_EINPUT, "'-' (standard input) given twice");
    w->stdin_used = true;
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        if (memchr(chunk, '\0', got)) return gr_fail(err, GR_EINPUT, "standard input holds a NUL byte");
        gr_buf_add(&w->pos, chunk, got);
    }
    if (ferror(stdin)) return gr_fail(err, GR_EINPUT, "cannot read standard input");
    return gr_buf_ok(&w->pos) ? GR_OK : gr_fail_nomem(err);
}

static int api_flag(api_words *w, int verb, int argc, char **argv, int *i, bool *format_seen, gr_error *err)
{
    const char *s = argv[*i];
    if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
        w->help = true;
        return GR_OK;
    }
    if (strcmp(s, "--format") == 0) {
        if (*format_seen) return gr_fail(err, GR_EINPUT, "--format given twice; give it once");
        *format_seen = true;
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--format needs a value");
        const char *f = argv[++*i];
        if (strcmp(f, "text") == 0) w->format = GR_API_TEXT;
        else if (strcmp(f, "json") == 0) w->format = GR_API_JSON;
        else return gr_fail(err, GR_EINPUT, "--format %s: %s prints text or json", f, argv[0]);
        return GR_OK;
    }
    const char *key = strncmp(s, "--", 2) == 0 ? s + 2 : s;
    /* RULES and POS are operands on the command line, never flags */
    int arity = strcmp(key, "rules") == 0 || strcmp(key, "pos") == 0 ? -1 : gr_api_key_arity(verb, key);
    if (arity < 0) return gr_fail(err, GR_EINPUT, "unknown option '%s' for %s; see grundy %s --help", s, argv[0], argv[0]);
    if (arity == 0) return add_pair(w, key, NULL, err);
    if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a value", s);
    return add_pair(w, key, argv[++*i], err);
}

static int api_words_parse(api_words *w, int verb, int argc, char **argv, gr_error *err)
{
    bool format_seen = false;
    int rc;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--") == 0) {
            for (i++; i < argc; i++)
                if ((rc = operand(w, argv[i], err))) return rc;
            break;
        }
        rc = is_flag(s) ? api_flag(w, verb, argc, argv, &i, &format_seen, err) : operand(w, s, err);
        if (rc) return rc;
    }
    if (w->have_pos) return add_pair(w, "pos", w->pos.s, err);
    return GR_OK;
}

/* A long nim-sequence run's progress on a terminal, once it has run for
 * a couple of seconds. */
void cli_heap_progress_line(void *ctx, uint64_t done, uint64_t to, double seconds)
{
    cli_heap_progress *p = ctx;
    if (seconds < 2 || done >= to) return;
    double rate = done / seconds;
    fprintf(stderr, "\rgrundy: heap %llu of %llu, %.2f M values/s, %.0f s left   ", (unsigned long long)done,
            (unsigned long long)to, rate / 1e6, rate > 0 ? (double)(to - done) / rate : 0.0);
    p->shown = true;
}

/* One of a verb's own flags (--KEY for KEY in keys), handed to the layer's
 * validator as it is read, so that its range and message live once. A
 * verb that takes RULES wants them in every fill and the command line may
 * give them later: a stand-in goes with the key and is dropped. 1: taken, 0: not
 * one of them, else the error. */
int cli_layer_flag(gr_api_request *req, const char *const *keys, size_t nkeys, int argc, char **argv, int *i,
                   gr_error *err)
{
    const char *flag = argv[*i], *v = NULL;
    size_t k = 0;
    while (k < nkeys && (strncmp(flag, "--", 2) != 0 || strcmp(flag + 2, keys[k]) != 0)) k++;
    if (k == nkeys) return 0;
    if (gr_api_key_arity(req->verb, keys[k]) > 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a value", flag);
        v = argv[++*i];
    }
    gr_api_pair pairs[2] = {{"rules", 5, "-", 1}, {keys[k], strlen(keys[k]), v, v ? strlen(v) : 0}};
    bool stand_in = gr_api_key_arity(req->verb, "rules") > 0;   /* census names codes, not a ruleset */
    int rc = gr_api_request_fill(req, pairs + !stand_in, 2 - !stand_in, err);
    free(req->rules);
    req->rules = NULL;
    return rc ? rc : 1;
}

int cli_api_verb(int verb, const char *help, int argc, char **argv)
{
    gr_error err;
    gr_error_clear(&err);
    gr_api_request req;
    gr_api_request_init(&req, verb, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    bool want_help = false;
    int format = GR_API_TEXT;
    int rc = cli_api_request(&req, argc, argv, &want_help, &format, &err);
    if (!rc && want_help) {
        fputs(help, stdout);
    } else if (!rc) {
        cli_heap_progress progress = {0};
        if (isatty(2)) req.progress = cli_heap_progress_line, req.progress_ctx = &progress;
        rc = gr_api_call(NULL, &req, &rep, &err);
        if (progress.shown) fputc('\n', stderr);
        if (!rc) gr_api_render(&out, format, &rep);
        if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
        if (!rc) fwrite(out.s, 1, out.len, stdout);
    }
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return rc ? cli_report(&err) : 0;
}

int cli_api_request(gr_api_request *req, int argc, char **argv, bool *help, int *format, gr_error *err)
{
    cli_args split;
    memset(&split, 0, sizeof split);
    gr_bigpos_init(&split.pos);
    api_words w;
    memset(&w, 0, sizeof w);
    gr_buf_init(&w.pos);
    int rc = split_words(&split, argc, argv, err);
    if (!rc) rc = api_words_parse(&w, req->verb, split.nwords, split.words, err);
    *help = !rc && w.help;
    if (format) *format = w.format;
    if (!rc && !w.help) rc = gr_api_request_fill(req, w.pair, w.n, err);
    gr_buf_free(&w.pos);
    cli_args_free(&split);
    return rc;
}
