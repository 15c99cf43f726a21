/* The answer layer's one validator (grundy/api.h): key/value pairs from any
 * front end into a request, strictly. */
#include "grundy/api.h"
#include "grundy/block.h"
#include "grundy/misere.h"
#include "grundy/sharing3_fast.h"
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest number a numeric key takes (outcome rules' numbers, limits). */
enum { NUMBER_DIGITS = 12 };

void gr_api_request_init(gr_api_request *r, int verb, int front)
{
    memset(r, 0, sizeof *r);
    r->verb = verb;
    r->front = front;
    gr_bigpos_init(&r->pos);
    gr_outcome_init_normal(&r->outcome);
    gr_limits_default(&r->limits);
    r->seq.row = r->seq.diagonal = -1;
    r->count.digits = r->count.to = -1;
    r->losing.piles = 3;
    r->losing.max = -1;
}

void gr_api_request_clear(gr_api_request *r)
{
    gr_bigpos_clear(&r->pos);
    free(r->rules);
    free(r->db);
    free(r->seq.method);
    free(r->table.method);
    free(r->table.in);
    free(r->in);
    free(r->seats);
    free(r->input);
    free(r->quotient);
    free(r->check.which);
    r->check.which = NULL;
    free(r->count.what);
    free(r->count.sum);
    free(r->count.xor_);
    free(r->count.max_total);
    free(r->losing.picture);
    free(r->losing.png);
    free(r->solve.method);
    free(r->solve.out);
    memset(&r->count, 0, sizeof r->count);
    memset(&r->losing, 0, sizeof r->losing);
    memset(&r->solve, 0, sizeof r->solve);
    free(r->misere.out);
    free(r->misere.resume);
    free(r->misere.in);
    memset(&r->misere, 0, sizeof r->misere);
    free(r->census.dir);
    r->census.dir = NULL;
    r->rules = r->db = r->seq.method = r->table.method = r->table.in = r->in = r->seats = r->input = r->quotient = NULL;
}

const char *gr_api_key_name(int front, const char *key, char *buf, size_t size)
{
    if (front == GR_FRONT_CLI) {
        snprintf(buf, size, "%s%s", strcmp(key, "rules") == 0 || strcmp(key, "pos") == 0 ? "" : "--", key);
        if (strcmp(key, "rules") == 0) snprintf(buf, size, "RULES");
        if (strcmp(key, "pos") == 0) snprintf(buf, size, "POS");
    } else if (front == GR_FRONT_PYTHON) {
        snprintf(buf, size, "%s=", key);
        for (char *c = buf; *c; c++)
            if (*c == '-') *c = '_';
    } else {
        snprintf(buf, size, "%s", key);
    }
    return buf;
}

const char *gr_api_key_sep(int front)
{
    return front == GR_FRONT_CLI ? " " : front == GR_FRONT_PYTHON ? "" : "=";
}

const char *gr_api_key_lead(int front, const char *key, char *buf, size_t size)
{
    char name[64];
    gr_api_key_name(front, key, name, sizeof name);
    snprintf(buf, size, "%s%s", name, gr_api_key_sep(front));
    return buf;
}

/* The keys besides the outcome rules', and who may give them. */
enum key_type { KEY_TEXT, KEY_POS, KEY_BOOL, KEY_SIZE, KEY_SECONDS, KEY_SEQ_NUMBER, KEY_SEQ_BOOL, KEY_FIRST, KEY_INPUT,
                KEY_VERB, KEY_VERB_BOOL /* count's, losing's and solve's own (take_verb) */ };
typedef struct key_spec {
    const char *name;
    int type;
    unsigned verbs;            /* 1u << verb */
    bool local;                /* the command line's and Python's only: never from the network */
} key_spec;

#define ANSWER_VERBS ((1u << GR_API_VALUE) | (1u << GR_API_MOVES))
#define PLAY (1u << GR_API_PLAY)
#define POS_VERBS (ANSWER_VERBS | PLAY)
#define SEQ (1u << GR_API_SEQ)
#define TABLE (1u << GR_API_TABLE)
#define COUNT (1u << GR_API_COUNT)
#define LOSING (1u << GR_API_LOSING)
#define SOLVE (1u << GR_API_SOLVE)
#define CENSUS (1u << GR_API_CENSUS)
#define MISERE (1u << GR_API_MISERE)
#define ALL_VERBS (POS_VERBS | SEQ | TABLE | LOSING | SOLVE | MISERE)
static const key_spec keys[] = {
    {"rules", KEY_TEXT, ALL_VERBS, false},
    {"pos", KEY_POS, POS_VERBS, false},
    {"winning", KEY_BOOL, 1u << GR_API_MOVES, false},
    {"max-memory", KEY_SIZE, ALL_VERBS | CENSUS, true},
    {"max-seconds", KEY_SECONDS, ALL_VERBS | CENSUS, true},
    {"db", KEY_TEXT, ANSWER_VERBS, true},
    {"in", KEY_TEXT, POS_VERBS, true},
    {"quotient", KEY_TEXT, POS_VERBS, true},
    {"to", KEY_SEQ_NUMBER, SEQ, false},
    {"from", KEY_SEQ_NUMBER, SEQ, false},
    {"row", KEY_SEQ_NUMBER, SEQ, false},
    {"diagonal", KEY_SEQ_NUMBER, SEQ, false},
    {"period", KEY_SEQ_BOOL, SEQ, false},
    {"nim-pairs", KEY_SEQ_BOOL, SEQ, false},
    {"method", KEY_TEXT, ANSWER_VERBS | SEQ | TABLE, false},
    {"mask", KEY_SEQ_NUMBER, SEQ, true},
    {"threads", KEY_SEQ_NUMBER, SEQ | TABLE, true},
    {"max", KEY_SEQ_NUMBER, TABLE, false},
    {"stored", KEY_SEQ_BOOL, TABLE, false},
    {"first", KEY_FIRST, PLAY, false},
    {"seats", KEY_TEXT, PLAY, true},
    {"hints", KEY_BOOL, PLAY, true},
    {"input", KEY_INPUT, PLAY, false},
    {"what", KEY_VERB, COUNT, false},
    {"sum", KEY_VERB, COUNT, false},
    {"xor", KEY_VERB, COUNT, false},
    {"max-total", KEY_VERB, COUNT, false},
    {"digits", KEY_VERB, COUNT, false},
    {"to", KEY_VERB, COUNT, false},
    {"ordered", KEY_VERB_BOOL, COUNT, false},
    {"zero", KEY_VERB_BOOL, COUNT, false},
    {"at-most", KEY_VERB_BOOL, COUNT, false},
    {"list", KEY_VERB_BOOL, COUNT, false},
    {"piles", KEY_VERB, LOSING | SOLVE, false},
    {"max", KEY_VERB, LOSING, false},
    {"picture", KEY_VERB, LOSING, false},
    {"png", KEY_VERB, LOSING, true},
    {"total", KEY_VERB, SOLVE, false},
    {"stats", KEY_VERB_BOOL, SOLVE, false},
    {"method", KEY_VERB, SOLVE, false},
    {"out", KEY_VERB, SOLVE | MISERE, true},
    {"threads", KEY_VERB, SOLVE | CENSUS, true},
    {"stop-after", KEY_VERB, SOLVE, true},
    {"to", KEY_VERB, CENSUS | MISERE, false},
    {"digits", KEY_VERB, CENSUS, false},
    {"unsolved", KEY_VERB_BOOL, CENSUS, false},
    {"report", KEY_VERB_BOOL, CENSUS, true},
    {"dir", KEY_VERB, CENSUS, true},
    {"genus", KEY_VERB_BOOL, MISERE, false},
    {"quotient", KEY_VERB_BOOL, MISERE, false},
    {"terms", KEY_VERB, MISERE, false},
    {"verify", KEY_VERB, MISERE, false},
    {"in", KEY_VERB, MISERE, true},
    {"resume", KEY_VERB, MISERE, true},
};

/* check's keys (games takes none): the seed or claim, its bound, the list
 * alone, and (command line and Python) the limits the estimates and the
 * searches answer to. */
static const char *const check_keys[] = {"id", "to", "list", "max-memory", "max-seconds"};

int gr_api_key_arity(int verb, const char *key)
{
    if (verb == GR_API_GAMES || verb == GR_API_CHECK) {
        for (size_t i = 0; verb == GR_API_CHECK && i < sizeof check_keys / sizeof *check_keys; i++)
            if (strcmp(check_keys[i], key) == 0) return strcmp(key, "list") != 0;
        return -1;
    }
    for (size_t i = 0; i < gr_outcome_rule_count(); i++) {
        const gr_outcome_rule *rule = gr_outcome_rule_at(i);
        if (rule->param_min >= 0 && strcmp(rule->name, key) == 0) return rule->param_max > 0;
    }
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].name, key) == 0 && (keys[i].verbs & (1u << verb)))
            return keys[i].type != KEY_BOOL && keys[i].type != KEY_SEQ_BOOL && keys[i].type != KEY_VERB_BOOL;
    return -1;
}

typedef struct filling {
    gr_api_request *r;
    const char *outcome_key;   /* the outcome rule's key, once given, and its value */
    const char *outcome_value;
    bool have_rules, have_pos, have_first;
    gr_error *err;
} filling;

static int bad(filling *f, const char *key, const char *why)
{
    char name[64];
    return gr_fail(f->err, GR_EINPUT, "%s: %s", gr_api_key_name(f->r->front, key, name, sizeof name), why);
}

/* The key with the value given, as the front end writes them: "--players 1",
 * "players=1". The value is valid UTF-8 without NUL by now; a long one is cut. */
static int bad_value(filling *f, const char *key, const char *v, const char *why)
{
    char name[64];
    size_t n = strlen(v), show = n > 32 ? 28 : n;
    while (show > 0 && show < n && ((unsigned char)v[show] & 0xc0) == 0x80) show--; /* whole characters */
    return gr_fail(f->err, GR_EINPUT, "%s%s%.*s%s: %s", gr_api_key_name(f->r->front, key, name, sizeof name),
                   gr_api_key_sep(f->r->front), (int)show, v, show < n ? "..." : "", why);
}

static bool valid_utf8(const char *s, size_t n)
{
    const unsigned char *c = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = gr_utf8_seq(c + i, n - i);
        if (k == 0) return false;
        i += k;
    }
    return true;
}

/* A boolean: a command-line flag alone, or elsewhere 1/true/0/false. */
static int take_bool(filling *f, const char *key, const char *v, bool *out)
{
    if (f->r->front == GR_FRONT_CLI) {
        if (v) return bad(f, key, "takes no value");
        return (*out = true), GR_OK;
    }
    if (!v) return bad(f, key, "expected 1, true, 0 or false");
    if (strcmp(v, "1") == 0 || strcmp(v, "true") == 0) return (*out = true), GR_OK;
    if (strcmp(v, "0") == 0 || strcmp(v, "false") == 0) return (*out = false), GR_OK;
    return bad_value(f, key, v, "expected 1, true, 0 or false");
}

/* A whole number in [lo, hi], plain digits, no more than NUMBER_DIGITS. */
static int take_long(filling *f, const char *key, const char *v, long lo, long hi, long *out)
{
    char why[96];
    snprintf(why, sizeof why, "expected an integer from %ld to %ld", lo, hi);
    if (!v || !*v) return bad(f, key, "needs a value");
    size_t n = strlen(v);
    if (n > NUMBER_DIGITS) return bad_value(f, key, v, why);
    for (size_t i = 0; i < n; i++)
        if (v[i] < '0' || v[i] > '9') return bad_value(f, key, v, why);
    long x = strtol(v, NULL, 10);
    if (x < lo || x > hi) return bad_value(f, key, v, why);
    *out = x;
    return GR_OK;
}

/* "4G", "512M", "100000" (bytes) */
static int take_size(filling *f, const char *key, const char *v, double *out)
{
    if (!v || !*v) return bad(f, key, "needs a value");
    if (!gr_limits_parse_size(v, out)) return bad_value(f, key, v, "expected a size such as 512M or 4G");
    return GR_OK;
}

static int take_pos(filling *f, const char *key, const char *v)
{
    if (!v) return bad(f, key, "needs pile sizes");
    size_t max = f->r->max_digits;
    if (max) {
        size_t run = 0;
        for (const char *c = v; *c; c++) {
            run = (*c >= '0' && *c <= '9') ? run + 1 : 0;
            if (run > max) {
                char why[96];
                snprintf(why, sizeof why, "a pile size has more than %zu digits", max);
                return bad(f, key, why);
            }
        }
    }
    int rc = gr_bigpos_parse(&f->r->pos, v, f->err);
    if (rc) return rc;
    f->have_pos = true;
    return GR_OK;
}

static int copy_text(filling *f, const char *key, const char *v, char **out)
{
    if (!v || !*v) return bad(f, key, "needs a value");
    if (!(*out = strdup(v))) return gr_fail_nomem(f->err);
    return GR_OK;
}

static int take_outcome(filling *f, const gr_outcome_rule *rule, const char *key, const char *v)
{
    char name[64], other[64];
    const char *sep = gr_api_key_sep(f->r->front);
    if (f->outcome_key) {
        const char *ov = f->outcome_value;
        gr_api_key_name(f->r->front, f->outcome_key, other, sizeof other);
        return gr_fail(f->err, GR_EINPUT, "%s%s%.20s conflicts with %s%s%.20s: give one outcome rule",
                       gr_api_key_name(f->r->front, key, name, sizeof name), v ? sep : "", v ? v : "", other,
                       ov ? sep : "", ov ? ov : "");
    }
    long param = 0;
    int rc;
    if (rule->param_max == 0) {
        bool on = false;
        if ((rc = take_bool(f, key, v, &on))) return rc;
        if (!on) return GR_OK;
    } else if ((rc = take_long(f, key, v, rule->param_min, rule->param_max, &param))) {
        return rc;
    }
    f->outcome_key = rule->name;
    f->outcome_value = v;
    f->r->outcome.rule = rule;
    f->r->outcome.param = (int)param;
    return GR_OK;
}

/* seq's keys: sizes to 2^32 - 1 (a row or diagonal to 4e9), the sparse
 * method's mask and threads, and two booleans. */
static int take_seq(filling *f, const char *key, const char *v)
{
    gr_api_seq_opts *o = &f->r->seq;
    gr_api_table_opts *t = &f->r->table;
    if (f->r->verb == GR_API_TABLE) {
        if (strcmp(key, "stored") == 0) return take_bool(f, key, v, &t->stored);
        t->have_max |= strcmp(key, "max") == 0;
        /* the most one process computes is the fast table's 262000; more is the command line's --mpi */
        return strcmp(key, "max") == 0 ? take_long(f, key, v, 0, 2097152, &t->max)
                                       : take_long(f, key, v, 1, 1024, &t->threads);
    }
    static const struct {
        const char *name;
        long hi;
        size_t at;
    } numbers[] = {
        {"to", 4294967295L, offsetof(gr_api_seq_opts, to)},
        {"from", 4294967295L, offsetof(gr_api_seq_opts, from)},
        {"row", 4000000000L, offsetof(gr_api_seq_opts, row)},
        {"diagonal", 4000000000L, offsetof(gr_api_seq_opts, diagonal)},
        {"mask", 65535, offsetof(gr_api_seq_opts, mask)},
        {"threads", 4096, offsetof(gr_api_seq_opts, threads)},
    };
    if (strcmp(key, "period") == 0) return take_bool(f, key, v, &o->period);
    if (strcmp(key, "nim-pairs") == 0) return take_bool(f, key, v, &o->nim_pairs);
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (strcmp(numbers[i].name, key) == 0) {
            long lo = strcmp(key, "mask") == 0 || strcmp(key, "threads") == 0;
            o->have_to |= strcmp(key, "to") == 0;
            return take_long(f, key, v, lo, numbers[i].hi, (long *)((char *)o + numbers[i].at));
        }
    return gr_fail(f->err, GR_EINTERNAL, "seq key %s has no place", key);
}

static int take_check(filling *f, const char *key, const char *v)
{
    char name[64];
    gr_api_check_opts *o = &f->r->check;
    bool local = f->r->front != GR_FRONT_HTTP;
    long secs;
    int rc;
    if (f->r->verb == GR_API_CHECK && strcmp(key, "id") == 0) {
        /* a seed or claim id, never a flag's spelling */
        if (v && *v && *v != '-') return copy_text(f, key, v, &o->which);
        return gr_fail(f->err, GR_EINPUT, "%s%s must be a seed such as 000 or a claim id such as 000/thm-P",
                       f->r->front == GR_FRONT_HTTP ? "parameter " : "", gr_api_key_name(f->r->front, key, name, sizeof name));
    }
    if (f->r->verb == GR_API_CHECK && strcmp(key, "to") == 0) return take_long(f, key, v, 1, 1000000000L, &o->to);
    if (f->r->verb == GR_API_CHECK && strcmp(key, "list") == 0) return take_bool(f, key, v, &o->list);
    if (f->r->verb == GR_API_CHECK && local && strcmp(key, "max-memory") == 0)
        return take_size(f, key, v, &f->r->limits.max_bytes);
    if (f->r->verb == GR_API_CHECK && local && strcmp(key, "max-seconds") == 0) {
        if ((rc = take_long(f, key, v, 1, 1000000000L, &secs))) return rc;
        f->r->limits.max_seconds = (double)secs;
        return GR_OK;
    }
    return gr_fail(f->err, GR_EINPUT, "unknown %s '%s'", f->r->front == GR_FRONT_CLI ? "option" : "parameter",
                   gr_api_key_name(f->r->front, key, name, sizeof name));
}

/* The value shown in a message, whole characters, cut past 40 bytes. */
static int bad_cut(filling *f, const char *key, const char *v, const char *why)
{
    char name[64];
    size_t n = strlen(v), show = n > 40 ? 40 : n;
    while (show > 0 && show < n && ((unsigned char)v[show] & 0xc0) == 0x80) show--;
    return gr_fail(f->err, GR_EINPUT, "%s%s%.*s%s: %s", gr_api_key_name(f->r->front, key, name, sizeof name),
                   gr_api_key_sep(f->r->front), (int)show, v, show < n ? "..." : "", why);
}

/* A decimal integer of any size, digits only, kept as text. */
static int take_decimal(filling *f, const char *key, const char *v, char **out)
{
    char name[64];
    if (!v || !*v)
        return gr_fail(f->err, GR_EINPUT, "%s needs a non-negative decimal integer",
                       gr_api_key_name(f->r->front, key, name, sizeof name));
    for (const char *c = v; *c; c++)
        if (*c < '0' || *c > '9') return bad_cut(f, key, v, "expected a non-negative decimal integer");
    free(*out);
    return (*out = strdup(v)) ? GR_OK : gr_fail_nomem(f->err);
}

/* A whole number 0..hi, digits only, with count's own wording. */
static int take_upto(filling *f, const char *key, const char *v, unsigned long hi, const char *why, long *out)
{
    if (!v || !*v) return bad(f, key, "needs a value");
    size_t n = strlen(v);
    for (size_t i = 0; i < n; i++)
        if (v[i] < '0' || v[i] > '9') return bad_cut(f, key, v, why);
    errno = 0;
    unsigned long x = strtoul(v, NULL, 10);
    if (errno || x > hi) return bad_cut(f, key, v, why);
    *out = (long)x;
    return GR_OK;
}

/* A file's name, given again: the last one stands. */
static int take_file(filling *f, const char *key, const char *v, char **out)
{
    free(*out);
    *out = NULL;
    return copy_text(f, key, v, out);
}

/* census's keys: the sizes, the threads in all, the census folder, and
 * what to do (the unsolved codes too; a report of the folder alone). */
static int take_census(filling *f, const char *key, const char *v)
{
    gr_api_census_opts *c = &f->r->census;
    long x;
    int rc;
    if (strcmp(key, "unsolved") == 0) return take_bool(f, key, v, &c->unsolved);
    if (strcmp(key, "report") == 0) return take_bool(f, key, v, &c->report);
    if (strcmp(key, "digits") == 0) return take_long(f, key, v, 1, 3, &c->digits);
    if (strcmp(key, "dir") == 0) return take_file(f, key, v, &c->dir);
    bool to = strcmp(key, "to") == 0;
    if ((rc = take_long(f, key, v, 1, to ? 4294967294L : 4096, &x))) return rc;
    if (to) c->to = (uint64_t)x, c->have_to = true;
    else c->threads = (int)x;
    return GR_OK;
}

/* misere's keys: the heaps 0..to, what to compute (the genus or the
 * quotient), its options, and the quotient's files. */
static int take_misere(filling *f, const char *key, const char *v)
{
    gr_api_misere_opts *m = &f->r->misere;
    if (strcmp(key, "genus") == 0) return take_bool(f, key, v, &m->genus);
    if (strcmp(key, "quotient") == 0) return take_bool(f, key, v, &m->quotient);
    if (strcmp(key, "to") == 0) return (m->have_to = true), take_long(f, key, v, 0, 1000000000L, &m->to);
    if (strcmp(key, "terms") == 0) return take_long(f, key, v, 4, GR_GENUS_TERMS, &m->terms);
    if (strcmp(key, "verify") == 0) return take_long(f, key, v, 0, GR_MIS_MAX_HEAP, &m->verify);
    return take_file(f, key, v, strcmp(key, "out") == 0 ? &m->out : strcmp(key, "in") == 0 ? &m->in : &m->resume);
}

/* count's, losing's, solve's, census's and misere's own keys. */
static int take_verb(filling *f, const char *key, const char *v)
{
    gr_api_request *r = f->r;
    if (r->verb == GR_API_CENSUS) return take_census(f, key, v);
    if (r->verb == GR_API_MISERE) return take_misere(f, key, v);
    if (r->verb == GR_API_COUNT) {
        gr_api_count_opts *c = &r->count;
        bool *flag = strcmp(key, "ordered") == 0   ? &c->ordered
                     : strcmp(key, "zero") == 0    ? &c->zero
                     : strcmp(key, "at-most") == 0 ? &c->at_most
                     : strcmp(key, "list") == 0    ? &c->list
                                                   : NULL;
        if (flag) return take_bool(f, key, v, flag);
        char **dec = strcmp(key, "sum") == 0         ? &c->sum
                     : strcmp(key, "xor") == 0       ? &c->xor_
                     : strcmp(key, "max-total") == 0 ? &c->max_total
                                                     : NULL;
        if (dec) return take_decimal(f, key, v, dec);
        if (strcmp(key, "digits") == 0)
            return take_upto(f, key, v, 100000000, "expected an integer from 0 to 100000000", &c->digits);
        if (strcmp(key, "to") == 0) {
            char why[48];
            snprintf(why, sizeof why, "not a count in 0..%u", GR_S3FAST_MAX_N);
            return take_upto(f, key, v, GR_S3FAST_MAX_N, why, &c->to);
        }
        return copy_text(f, key, v, &c->what);
    }
    if (r->verb == GR_API_LOSING) {
        gr_api_losing_opts *l = &r->losing;
        if (strcmp(key, "piles") == 0) return take_long(f, key, v, 1, GR_NBTABLE_MAX_D, &l->piles);
        if (strcmp(key, "max") == 0) return take_long(f, key, v, 0, 65535, &l->max);
        char **text = strcmp(key, "png") == 0 ? &l->png : &l->picture;
        free(*text); /* filled key by key, a key may come again: the last one stands */
        *text = NULL;
        return copy_text(f, key, v, text);
    }
    gr_api_solve_opts *s = &r->solve;
    if (strcmp(key, "stats") == 0) return take_bool(f, key, v, &s->stats);
    if (strcmp(key, "total") == 0) return (s->have_total = true), take_long(f, key, v, 0, 100000, &s->total);
    if (strcmp(key, "piles") == 0) return take_long(f, key, v, 2, GR_MAX_PILES, &s->piles);
    if (strcmp(key, "threads") == 0) return take_long(f, key, v, 1, 1024, &s->threads);
    if (strcmp(key, "stop-after") == 0) return take_long(f, key, v, 1, 1000000, &s->stop_after);
    if (strcmp(key, "method") == 0) {
        if (!v || (strcmp(v, "fast") != 0 && strcmp(v, "options") != 0))
            return v ? bad_value(f, key, v, "expected fast or options") : bad(f, key, "needs fast or options");
        free(s->method);
        s->method = NULL;
        return copy_text(f, key, v, &s->method);
    }
    free(s->out);
    s->out = NULL;
    return copy_text(f, key, v, &s->out);
}

static int take(filling *f, const char *key, const char *v)
{
    char name[64];
    if (f->r->verb == GR_API_GAMES || f->r->verb == GR_API_CHECK) return take_check(f, key, v);
    /* count, solve, census and misere take no outcome rule */
    int verb = f->r->verb;
    bool outcomes = verb != GR_API_COUNT && verb != GR_API_SOLVE && verb != GR_API_CENSUS && verb != GR_API_MISERE;
    for (size_t i = 0; outcomes && i < gr_outcome_rule_count(); i++) {
        const gr_outcome_rule *rule = gr_outcome_rule_at(i);
        if (rule->param_min >= 0 && strcmp(rule->name, key) == 0) return take_outcome(f, rule, key, v);
    }
    const key_spec *k = NULL;
    /* a key two verbs spell alike ("to", "max", "method"): the entry of this verb */
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].name, key) == 0 && (!k || (keys[i].verbs & (1u << f->r->verb)))) k = &keys[i];
    if (!k || !(k->verbs & (1u << f->r->verb)) || (k->local && f->r->front == GR_FRONT_HTTP))
        return gr_fail(f->err, GR_EINPUT, "unknown %s '%s'", f->r->front == GR_FRONT_CLI ? "option" : "parameter",
                       gr_api_key_name(f->r->front, key, name, sizeof name));
    long secs;
    int rc;
    if (k->type == KEY_VERB || k->type == KEY_VERB_BOOL) return take_verb(f, key, v);
    if (k->type == KEY_SEQ_NUMBER || k->type == KEY_SEQ_BOOL) return take_seq(f, key, v);
    switch (k->type) {
    case KEY_POS: return take_pos(f, key, v);
    case KEY_BOOL: return take_bool(f, key, v, strcmp(key, "hints") == 0 ? &f->r->hints : &f->r->winning);
    case KEY_FIRST:
        f->have_first = true;
        if (v && strcmp(v, "me") == 0) return (f->r->first = 0), GR_OK;
        if (v && strcmp(v, "computer") == 0) return (f->r->first = 1), GR_OK;
        return v ? bad_value(f, key, v, "expected me or computer") : bad(f, key, "needs a value");
    case KEY_INPUT: /* play's lines; none is fine */
        free(f->r->input);
        return (f->r->input = strdup(v ? v : "")) ? GR_OK : gr_fail_nomem(f->err);
    case KEY_SIZE: return take_size(f, key, v, &f->r->limits.max_bytes);
    case KEY_SECONDS:
        if ((rc = take_long(f, key, v, 1, 1000000000L, &secs))) return rc;
        f->r->limits.max_seconds = (double)secs;
        f->r->census.max_seconds = true;   /* a census runs as long as it takes unless told */
        return GR_OK;
    default:
        if (strcmp(key, "db") == 0) return copy_text(f, key, v, &f->r->db);
        if (strcmp(key, "in") == 0) return copy_text(f, key, v, &f->r->in);
        if (strcmp(key, "method") == 0) {
            if (f->r->verb == GR_API_TABLE) return copy_text(f, key, v, &f->r->table.method);
            if (f->r->verb == GR_API_SEQ) return copy_text(f, key, v, &f->r->seq.method);
            if (!v || !gr_heap_method_parse(v, &f->r->heap_method))
                return bad_value(f, key, v ? v : "", "expected " GR_HEAP_METHODS);
            return GR_OK;
        }
        if (strcmp(key, "seats") == 0) return copy_text(f, key, v, &f->r->seats);
        if (strcmp(key, "quotient") == 0) return copy_text(f, key, v, &f->r->quotient);
        f->have_rules = true;
        return copy_text(f, key, v, &f->r->rules);
    }
}

static const char *const verb_names[] = {[GR_API_VALUE] = "value", [GR_API_MOVES] = "moves", [GR_API_SEQ] = "seq",
                                         [GR_API_TABLE] = "table", [GR_API_PLAY] = "play",
                                         [GR_API_GAMES] = "games", [GR_API_CHECK] = "check",
                                         [GR_API_COUNT] = "count", [GR_API_LOSING] = "losing",
                                         [GR_API_SOLVE] = "solve", [GR_API_CENSUS] = "census",
                                         [GR_API_MISERE] = "misere"};

int gr_api_verb_named(const char *name)
{
    for (size_t i = 0; i < sizeof verb_names / sizeof verb_names[0]; i++)
        if (verb_names[i] && strcmp(verb_names[i], name) == 0) return (int)i;
    return -1;
}

int gr_api_request_fill(gr_api_request *r, const gr_api_pair *pairs, size_t n, gr_error *err)
{
    filling f = {.r = r, .err = err};
    for (size_t i = 0; i < n; i++) {
        const gr_api_pair *p = &pairs[i];
        char key[32];
        /* what follows a NUL would be silently dropped: refused instead */
        if (memchr(p->key, '\0', p->key_len) || (p->value && memchr(p->value, '\0', p->value_len)))
            return gr_fail(err, GR_EINPUT, "a parameter holds a NUL byte");
        if (!valid_utf8(p->key, p->key_len) || (p->value && !valid_utf8(p->value, p->value_len)))
            return gr_fail(err, GR_EINPUT, "a parameter is not valid UTF-8");
        if (p->key_len == 0 || p->key_len >= sizeof key)
            return gr_fail(err, GR_EINPUT, "unknown parameter '%.40s%s'", p->key, p->key_len >= 40 ? "..." : "");
        memcpy(key, p->key, p->key_len);
        key[p->key_len] = '\0';
        for (size_t j = 0; j < i; j++)
            if (pairs[j].key_len == p->key_len && memcmp(pairs[j].key, p->key, p->key_len) == 0) {
                char name[64];
                return gr_fail(err, GR_EINPUT, "%s%s given twice; give it once", r->front == GR_FRONT_HTTP ? "parameter " : "",
                               gr_api_key_name(r->front, key, name, sizeof name));
            }
        int rc = take(&f, key, p->value);
        if (rc) return rc;
    }
    if (r->verb == GR_API_GAMES || r->verb == GR_API_CHECK) return GR_OK;   /* no ruleset */
    char name[64];
    const char *verb = verb_names[r->verb];
    /* the call checks what each count needs; a census names codes, not a
     * ruleset; misere reads a saved quotient's or takes the rules */
    if (r->verb == GR_API_COUNT || r->verb == GR_API_CENSUS || r->verb == GR_API_MISERE) return GR_OK;
    if (!f.have_rules && r->front == GR_FRONT_CLI)
        return gr_fail(err, GR_EINPUT, "%s needs RULES (a ruleset such as sharing or nim); see grundy %s --help", verb,
                       verb);
    if (!f.have_rules) return gr_fail(err, GR_EINPUT, "missing parameter %s", gr_api_key_name(r->front, "rules", name, sizeof name));
    if (r->quotient && r->outcome.rule != &gr_outcome_misere)
        return bad(&f, "quotient", "a misere quotient answers misere play only: give it with misere");
    if (r->verb == GR_API_SEQ || r->verb == GR_API_TABLE || r->verb == GR_API_LOSING || r->verb == GR_API_SOLVE)
        return GR_OK;   /* they check their sizes themselves */
    if (r->heap_method == GR_HEAP_FILE && !r->in && r->front == GR_FRONT_HTTP)
        return gr_fail(err, GR_EINPUT, "method=file needs a sequence file, which the network does not give");
    if (r->heap_method == GR_HEAP_FILE && !r->in) {
        char in[64];
        return gr_fail(err, GR_EINPUT, "%s file needs a sequence file: %s FILE",
                       gr_api_key_name(r->front, "method", name, sizeof name),
                       gr_api_key_name(r->front, "in", in, sizeof in));
    }
    if (!f.have_pos || r->pos.n == 0)
        return gr_fail(err, GR_EINPUT, r->front == GR_FRONT_HTTP ? "missing parameter %s (pile sizes separated by commas)"
                                                                 : "empty position: give pile sizes after the rules, or - to read them",
                       gr_api_key_name(r->front, "pos", name, sizeof name));
    if (f.have_first && r->seats) {
        char other[64];
        return gr_fail(err, GR_EINPUT, "give %s or %s, not both", gr_api_key_name(r->front, "first", name, sizeof name),
                       gr_api_key_name(r->front, "seats", other, sizeof other));
    }
    return GR_OK;
}

/* The knobs of each front end, for a limit's message. */
static const char *const knob_names[][2] = {
    [GR_FRONT_CLI] = {"--max-memory", "--max-seconds"},
    [GR_FRONT_HTTP] = {NULL, NULL},      /* the server's limits are its own */
    [GR_FRONT_PYTHON] = {"max_memory=", "max_seconds="},
};

void gr_api_error_text(gr_buf *b, int front, const gr_error *err)
{
    gr_buf_puts(b, err->msg[0] ? err->msg : "failed");
    if (err->code != GR_ELIMIT || front < 0 || front > GR_FRONT_PYTHON) return;
    const char *mem = err->knobs & GR_KNOB_MEMORY ? knob_names[front][0] : NULL;
    const char *secs = err->knobs & GR_KNOB_SECONDS ? knob_names[front][1] : NULL;
    /* a message that names its knob already (the command line's own checks) */
    if (mem && strstr(err->msg, mem)) mem = NULL;
    if (secs && strstr(err->msg, secs)) secs = NULL;
    if (mem && secs) gr_buf_printf(b, "; raise with %s or %s", mem, secs);
    else if (mem || secs) gr_buf_printf(b, "; raise with %s", mem ? mem : secs);
    else if (front == GR_FRONT_HTTP && err->knobs) gr_buf_puts(b, " (this server's limit)");
}

void gr_api_error_json(gr_buf *b, int front, const gr_error *err)
{
    gr_buf text;
    gr_buf_init(&text);
    gr_api_error_text(&text, front, err);
    gr_buf_puts(b, "{\"error\":");
    gr_buf_json_string(b, gr_buf_ok(&text) ? text.s : "out of memory");
    gr_buf_puts(b, "}\n");
    gr_buf_free(&text);
}
