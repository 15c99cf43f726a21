/* The seq verb: a sequence of values, one size after another. Which
 * sequence the request names decides the maker, tried in this order:
 *   a row or diagonal of three-pile Sharing Nim (the fast table's rows),
 *   m players' classes or nim-pairs of a subtraction heap,
 *   the nim-sequence of a heap ruleset (the method policy of seq_policy.c:
 *     the sparse method at scale, the O(N^2) ones below it, and a certified
 *     period when the one chosen is refused by a limit),
 *   the outcome of one heap of each size under another outcome rule (the
 *     engine, size by size).
 * The reply holds the values (or the sparse method's store of them); the
 * renderings write them as JSON, text or a b-file. */
#include "api_internal.h"
#include "grundy/heapseq.h"
#include "grundy/io.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include "grundy/sparse.h"
#include "grundy/subtraction.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void gr_api_seq_reply_init(gr_api_seq_reply *s)
{
    memset(s, 0, sizeof *s);
}

void gr_api_seq_reply_clear(gr_api_seq_reply *s)
{
    free(s->spec);
    free(s->values);
    gr_sparse_free(s->sparse);
    free(s->classes);
    free(s->labels);
    if (s->kind == GR_SEQ_PAIRS) gr_pairs_free(&s->pairs);
    gr_api_seq_reply_init(s);
}

uint32_t gr_api_seq_at(const gr_api_seq_reply *s, long x)
{
    if (s->sparse) return gr_sparse_value(s->sparse, (uint64_t)x);
    if (s->classes) return s->classes[x - s->base];
    return s->values[x - s->base];
}

/* ---- the request, in the caller's words ---- */

typedef struct seqcall {
    const gr_api_request *req;
    const gr_api_seq_opts *o;
    gr_api_seq_reply *rep;
    gr_game game;
    gr_error *err;
} seqcall;

static const char *kname(const seqcall *c, const char *key, char *buf, size_t size)
{
    return gr_api_key_name(c->req->front, key, buf, size);
}

/* "--row 5", "row=5" */
static const char *kval(const seqcall *c, const char *key, long v, char *buf, size_t size)
{
    char name[48];
    int front = c->req->front;
    snprintf(buf, size, "%s%s%ld", kname(c, key, name, sizeof name),
             front == GR_FRONT_CLI ? " " : front == GR_FRONT_HTTP ? "=" : "", v);
    return buf;
}

/* "--method 'x'" or "--method x" (quoted), "method=x", "method='x'" */
static const char *kstr(const seqcall *c, const char *key, const char *v, bool quoted, char *buf, size_t size)
{
    char name[24];
    int front = c->req->front;
    kname(c, key, name, sizeof name);
    if (front == GR_FRONT_CLI) snprintf(buf, size, quoted ? "%s '%.40s'" : "%s %.40s", name, v);
    else if (front == GR_FRONT_HTTP) snprintf(buf, size, "%s=%.40s", name, v);
    else snprintf(buf, size, "%s'%.40s'", name, v);
    return buf;
}

static bool stopped(const seqcall *c)
{
    return gr_limits_stopped(&c->req->limits);
}

static int fail_stopped(seqcall *c)
{
    return gr_fail(c->err, GR_EINTR, "stopped");
}

/* ---- three-pile Sharing Nim: rows and diagonals ---- */

typedef struct pick {
    const seqcall *c;
    bool diagonal;
    long ad, first, to;
    uint32_t *out;
    double deadline;   /* monotonic seconds: the time limit, met at a row */
    bool late;
    long at;           /* the last row handed over */
} pick;

/* The fast table fills (top+1)^2/4 cells up to row top. Measured here
 * (bench: seq sharing --row 1 --to 40000, release): 2.7e-8 s of CPU a cell;
 * the refusal uses 1e-8 on every core so that it never refuses what would
 * finish, and the deadline in take() stops what the estimate let through. */
#define S3_SECONDS_PER_CELL 1.0e-8

/* The threads the fast table will use: OpenMP's count (OMP_NUM_THREADS
 * caps it), never more than the cores online, since more threads than
 * cores add no speed the estimate may count on. */
static int cores_here(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    int cores = n > 0 ? (int)n : 1;
#ifdef _OPENMP
    int omp = omp_get_max_threads();
    if (omp >= 1 && omp < cores) cores = omp;
#endif
    return cores;
}

/* Row b holds G(0,x,b) = half[min(x, b-x)]. For a row A, b = n gives
 * n's term (n >= A); for a diagonal D, b = n + D gives G(0,n,n+D). */
static int take(void *ctx, uint32_t b, const uint32_t *half)
{
    pick *p = ctx;
    long n = p->diagonal ? (long)b - p->ad : (long)b;
    if (n >= p->first && n <= p->to) {
        long x = p->diagonal ? n : p->ad;
        long lo = x <= (long)b - x ? x : (long)b - x;
        p->out[n - p->first] = half[lo];
    }
    p->at = (long)b;
    if ((b & 63) == 0 && gr_monotonic_seconds() > p->deadline) return p->late = true;
    return stopped(p->c);
}

static bool plain_three_pile(const seqcall *c)
{
    return gr_s3table_covers(&c->game) && c->req->outcome.rule == &gr_outcome_normal && !c->o->period &&
           !c->o->nim_pairs;
}

static int seq_sharing(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    char name[96];
    if (!plain_three_pile(c)) return -1;
    if (o->method && strcmp(o->method, "fast") != 0)
        return gr_fail(c->err, GR_EINPUT, "%s: seq sharing streams the fast method",
                       kstr(c, "method", o->method, false, name, sizeof name));
    r->kind = GR_SEQ_SHARING;
    r->diagonal = o->diagonal >= 0;
    r->ad = o->diagonal >= 0 ? o->diagonal : (o->row >= 0 ? o->row : 0);
    /* a row starts at n = A (the position (0,A,A)); from moves the start on */
    long first = r->diagonal ? o->from : (o->from > r->ad ? o->from : r->ad);
    if (first > o->to)
        return gr_fail(c->err, GR_EINPUT, "row %ld starts at n = %ld, past %s", r->ad, r->ad,
                       kval(c, "to", o->to, name, sizeof name));
    long top = r->diagonal ? o->to + r->ad : o->to;
    if (top > (long)GR_S3FAST_MAX_N)
        return gr_fail(c->err, GR_EINPUT, "needs the table to b = %ld; the fast table goes to %u", top,
                       GR_S3FAST_MAX_N);
    size_t cnt = (size_t)(o->to - first + 1);
    double need = (double)cnt * sizeof(uint32_t);
    if (need > c->req->limits.max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "%zu values need %.0f bytes, over the memory limit", cnt, need);
    double most = c->req->limits.max_seconds, cells = ((double)top + 1) * ((double)top + 1) / 4;
    int nt = cores_here();
    double secs = cells * S3_SECONDS_PER_CELL / nt;
    if (secs > most)
        return gr_fail_limit(c->err, GR_KNOB_SECONDS,
                             "the table to b = %ld fills %.3g cells: at least %.3g s on %d thread%s, over the limit of %.3g s",
                             top, cells, secs, nt, nt == 1 ? "" : "s", most);
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, (uint32_t)top, c->err);
    if (rc) return rc;
    pick p = {c, r->diagonal, r->ad, first, o->to, malloc(cnt * sizeof(uint32_t)), gr_monotonic_seconds() + most, false, -1};
    if (!p.out) {
        gr_s3fast_free(st);
        return gr_fail_nomem(c->err);
    }
    int stop = gr_s3fast_rows(st, (uint32_t)top + 1, take, &p);
    gr_s3fast_free(st);
    r->values = p.out;
    r->from = r->base = first;
    r->to = o->to;
    if (stop && p.late)
        return gr_fail_limit(c->err, GR_KNOB_SECONDS, "the table stopped at row %ld of %ld after %.3g s", p.at, top, most);
    if (stop) return stopped(c) ? fail_stopped(c) : gr_fail_nomem(c->err);
    return GR_OK;
}

/* ---- subtraction games: m players' classes, nim-pairs ---- */

static int players_classes(seqcall *c, const uint64_t *set, size_t nset)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    int m = c->req->outcome.param;
    r->kind = GR_SEQ_PLAYERS;
    r->players = m;
    r->from = r->base = o->from;
    r->to = o->to;
    r->period = o->period;
    r->sub_limit = (uint64_t)o->to > 1000000 ? (uint64_t)o->to : 1000000;
    int rc;
    if (o->period && (rc = gr_subseq_period(set, nset, m, r->sub_limit, &r->sub, c->err))) return rc;
    size_t cnt = (size_t)(o->to - o->from + 1);
    if ((double)cnt > c->req->limits.max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "%zu classes need %zu bytes, over the memory limit", cnt, cnt);
    if (!(r->classes = malloc(cnt))) return gr_fail_nomem(c->err);
    gr_subseq g;
    if ((rc = gr_subseq_init(&g, set, nset, m, c->err))) return rc;
    for (long x = 0; x <= o->to; x++) {
        uint8_t v = gr_subseq_next(&g);
        if (x >= o->from) r->classes[x - o->from] = v;
        if ((x & 0xffff) == 0 && stopped(c)) {
            rc = fail_stopped(c);
            break;
        }
    }
    gr_subseq_free(&g);
    return rc;
}

static int nim_pairs(seqcall *c, const uint64_t *set, size_t nset)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    char name[96], most[48];
    if (o->to > 100000)
        return gr_fail(c->err, GR_EINPUT, "%s goes up to %s", kname(c, "nim-pairs", name, sizeof name),
                       kval(c, "to", 100000, most, sizeof most));
    bool by_search = o->method && strcmp(o->method, "search") == 0;
    if (o->method && !by_search && strcmp(o->method, "recursion") != 0)
        return gr_fail(c->err, GR_EINPUT, "%s: nim-pairs take recursion or search",
                       kstr(c, "method", o->method, false, name, sizeof name));
    gr_pairs rec;
    int rc = gr_pairs_recursion(set, nset, (uint64_t)o->to, &rec, c->err);
    if (rc) return rc;
    r->kind = GR_SEQ_PAIRS;
    r->from = o->from;
    r->to = o->to;
    r->by_search = by_search;
    r->method = by_search ? "search" : "recursion";
    if (!by_search) {
        r->pairs = rec;
        return GR_OK;
    }
    /* a box twice as wide as any pair the recursion finds */
    r->bound = 2 * gr_pairs_max(&rec) + 2;
    rc = gr_pairs_search(set, nset, (uint64_t)o->to, r->bound, &r->pairs, c->err);
    gr_pairs_free(&rec);
    if (rc) memset(&r->pairs, 0, sizeof r->pairs);
    return rc;
}

static int seq_players(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    const gr_outcome *oc = &c->req->outcome;
    bool players = oc->rule == &gr_outcome_players;
    if (!players && !o->nim_pairs) return -1;
    if (o->row >= 0 || o->diagonal >= 0) return -1;
    size_t nset;
    const uint64_t *set = gr_subtraction_set(&c->game, &nset);
    if (!set) return -1;
    if (!(c->rep->spec = strdup(c->game.spec))) return gr_fail_nomem(c->err);
    if (o->nim_pairs) {
        if (players && oc->param != 3) return gr_fail(c->err, GR_EINPUT, "nim-pairs are defined for three players");
        if (oc->rule == &gr_outcome_misere)
            return gr_fail(c->err, GR_EINPUT, "nim-pairs are defined for three players, not misere play");
        return nim_pairs(c, set, nset);
    }
    return players_classes(c, set, nset);
}

/* ---- nim-sequences of heap rulesets ---- */

static bool sparse_only(const gr_api_seq_opts *o)
{
    return o->mask || o->threads || (o->method && strcmp(o->method, "sparse") == 0);
}

static bool wants_sparse(const seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    if (o->mask || o->threads) return true;
    if (o->method) return strcmp(o->method, "sparse") == 0;
    /* the method policy every front end shares (seq_policy.c) */
    return gr_api_seq_wants_sparse(&c->game, (uint64_t)o->to);
}

/* "--method fast", "method=fast", "method='fast'" */
static const char *use_fast(const seqcall *c)
{
    return c->req->front == GR_FRONT_CLI ? "--method fast" : c->req->front == GR_FRONT_PYTHON ? "method='fast'"
                                                                                             : "method=fast";
}

static int by_sparse(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    if (o->method && strcmp(o->method, "sparse") != 0)
        return gr_fail(c->err, GR_EINPUT, "--out, --rare, --until-period, --mask and --threads need --method sparse, "
                       "not %s", o->method);
    gr_tb_code code;
    char why[96];
    if (!gr_tb_code_of(&c->game, &code))
        return gr_fail(c->err, GR_EINPUT, "the sparse method needs a take-and-break code; %s has none", c->req->rules);
    if (!gr_sparse_covers(&code, why, sizeof why))
        return gr_fail(c->err, GR_EINPUT, "the sparse method does not cover %s: %s (use %s)", c->req->rules, why,
                       use_fast(c));
    gr_sparse_job j = {.code = &code, .rules = c->req->rules, .to = (uint64_t)o->to, .mask = (uint32_t)o->mask,
                       .threads = (int)o->threads, .period = o->period, .lim = c->req->limits};
    if (o->progress && o->to >= 1 << 22) j.progress = o->progress;
    gr_sparse_result res;
    int rc = gr_sparse_job_run(&j, &res, c->err);
    if (j.progress && res.s) fputc('\n', stderr);
    if (rc) {
        gr_sparse_free(res.s);
        return rc;
    }
    r->sparse = res.s;
    r->mask = gr_sparse_mask(res.s);
    r->method = "sparse";
    r->per = res.per;
    r->cert = res.cert;
    return GR_OK;
}

/* When the engine that computes every value is out of reach, a certified
 * period (the periodicity theorem, found by the engine on a short table)
 * gives them all: G(x) = G(e + (x - e) mod p) for x >= e. -1 when the game
 * has none within reach. */
static int by_period(seqcall *c, uint32_t n, uint32_t *v)
{
    gr_outcome normal;
    gr_outcome_init_normal(&normal);
    gr_error quiet;
    gr_error_clear(&quiet);
    gr_engine *e = gr_engine_new(&c->game, &normal, &c->req->limits, &quiet);
    if (!e) return -1;
    mpz_t x;
    mpz_init_set_ui(x, n);
    uint32_t last;
    uint64_t pre = 0, per = 1, have;
    int rc = gr_engine_heap_grundy(e, x, &last, &quiet) == GR_OK && gr_engine_heap_period(e, &pre, &per) ? GR_OK : -1;
    mpz_clear(x);
    const uint32_t *g = gr_engine_heap_values(e, &have);
    for (uint64_t y = 0; rc == GR_OK && y <= n; y++) v[y] = y <= have ? g[y] : g[pre + (y - pre) % per];
    gr_engine_free(e);
    return rc;
}

/* Heaps a certified period is looked for in before a run to `to`: below
 * it that search is the run itself (it goes on to `to` when no period is
 * certified), above it a fraction of the run (.16's certificate needs
 * G(509621)). A bound in heaps, not seconds, so that the same request is
 * answered by the same method however loaded the machine is. */
#define PERIOD_FIRST (1ull << 20)

/* A code the periodicity theorem covers, at a size where the sparse method
 * is the policy's: the sparse run to min(to, PERIOD_FIRST) stops at a
 * certificate, and the period gives every value past the run ("certified
 * period"); without one, a run that reached `to` is the answer ("sparse").
 * -1: no period within the bound (or the run refused by the limits), the
 * policy's method answers. */
static int period_first(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    gr_tb_code code;
    if (o->method || sparse_only(o) || !wants_sparse(c)) return -1;
    if (!gr_tb_code_of(&c->game, &code) || !gr_sparse_covers(&code, NULL, 0)) return -1;
    gr_period any = {.found = true, .period = 1};
    gr_octal_cert cover;
    gr_period_octal(&code, &any, &cover);
    if (!cover.applies) return -1;
    uint64_t to = (uint64_t)o->to < PERIOD_FIRST ? (uint64_t)o->to : PERIOD_FIRST - 1;
    gr_sparse_job j = {.code = &code, .rules = c->req->rules, .to = to, .period = o->period, .until_period = true,
                       .lim = c->req->limits};
    if (o->progress && to >= 1 << 22) j.progress = o->progress;
    gr_sparse_result res;
    int rc = gr_sparse_job_run(&j, &res, c->err);
    if (rc) {
        gr_sparse_free(res.s);
        if (rc != GR_ELIMIT) return rc;
        gr_error_clear(c->err);   /* refused by the limits: the policy's method (and its fallback) answers */
        return -1;
    }
    uint64_t count = gr_sparse_count(res.s);
    bool certified = res.cert.applies && res.cert.certified;
    if (count > (uint64_t)o->to) {   /* the run reached `to`: its own values */
        r->sparse = res.s;
        r->mask = gr_sparse_mask(res.s);
        r->method = "sparse";
        r->per = res.per;
        r->cert = res.cert;
        return GR_OK;
    }
    if (!certified) {
        gr_sparse_free(res.s);
        return -1;
    }
    /* the values asked for alone, from the run and the period */
    size_t cnt = (size_t)(o->to - o->from + 1);
    double need = (double)cnt * sizeof *r->values;
    char name[96];
    if (need > c->req->limits.max_bytes)
        rc = gr_fail_limit(c->err, GR_KNOB_MEMORY, "%s needs %.0f bytes for the values alone, over the memory limit",
                           kval(c, "to", o->to, name, sizeof name), need);
    else if (!(r->values = malloc(cnt * sizeof *r->values)))
        rc = gr_fail_nomem(c->err);
    uint64_t pre = res.per.preperiod, per = res.per.period;
    for (uint64_t y = (uint64_t)o->from; !rc && y <= (uint64_t)o->to; y++)
        r->values[y - (uint64_t)o->from] = gr_sparse_value(res.s, y < count ? y : pre + (y - pre) % per);
    gr_sparse_free(res.s);
    if (rc) return rc;
    r->base = o->from;
    r->method = "certified period";
    r->per = res.per;
    r->cert = res.cert;
    return GR_OK;
}

/* The method named and the sizes, checked before any work. */
static int heap_checks(seqcall *c, int *method)
{
    const gr_api_seq_opts *o = c->o;
    char name[96], other[48];
    *method = GR_HEAPSEQ_AUTO;
    if (o->method) {
        if (strcmp(o->method, "simple") == 0) *method = GR_HEAPSEQ_SIMPLE;
        else if (strcmp(o->method, "fast") == 0) *method = GR_HEAPSEQ_FAST;
        else return gr_fail(c->err, GR_EINPUT, "%s: expected simple, fast or sparse",
                            kstr(c, "method", o->method, true, name, sizeof name));
    }
    if ((unsigned long)o->to >= UINT32_MAX)
        return gr_fail(c->err, GR_EINPUT, "%s: heap sizes up to %u", kval(c, "to", o->to, name, sizeof name),
                       UINT32_MAX - 1);
    double need = ((double)o->to + 1) * 4;
    if (need > c->req->limits.max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "%s needs %.0f bytes for the values alone, over %s",
                             kval(c, "to", o->to, name, sizeof name), need,
                             c->req->front == GR_FRONT_CLI ? kname(c, "max-memory", other, sizeof other)
                                                           : "the memory limit");
    return GR_OK;
}

static int seq_heap(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    gr_api_seq_reply *r = c->rep;
    if (!(c->game.flags & GR_RS_HEAPS) || c->req->outcome.rule != &gr_outcome_normal) return -1;
    if (o->row >= 0 || o->diagonal >= 0 || o->nim_pairs) return -1;
    r->kind = GR_SEQ_HEAP;
    r->from = o->from;
    r->to = o->to;
    r->period = o->period;
    bool refused = false;
    int first = period_first(c);
    if (first != -1) return first;
    if (wants_sparse(c)) {
        int rc = by_sparse(c);
        /* refused by a limit: a certified period may still answer */
        if (o->no_fallback || !gr_api_seq_falls_back(rc, sparse_only(o))) return rc;
        refused = true;
    }
    int method;
    int rc = heap_checks(c, &method);
    if (rc) return rc;
    uint32_t n = (uint32_t)o->to;
    if (!(r->values = malloc(((size_t)n + 1) * sizeof *r->values))) return gr_fail_nomem(c->err);
    gr_heapseq_info info = {0};
    rc = refused ? GR_ELIMIT : gr_heapseq(&c->game, method, n, r->values, &c->req->limits, &info, c->err);
    if ((rc == GR_ELIMIT || rc == GR_EINPUT) && !o->method && !o->no_fallback && by_period(c, n, r->values) == GR_OK) {
        gr_error_clear(c->err);
        info.method = "certified period";
        rc = GR_OK;
    }
    if (rc) return rc;
    r->method = info.method;
    if (o->period) {
        gr_tb_code code;
        gr_period_find(r->values, n, false, &r->per);
        if (!r->per.found) gr_period_find(r->values, n, true, &r->per);
        if (gr_tb_code_of_heaps(&c->game, &code)) gr_period_octal(&code, &r->per, &r->cert);
    }
    return GR_OK;
}

/* ---- misere and m players on any heap ruleset, by the engine ---- */

static int seq_classes(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    const gr_outcome *oc = &c->req->outcome;
    gr_api_seq_reply *r = c->rep;
    char name[48];
    if (!(c->game.flags & GR_RS_HEAPS) || (oc->rule != &gr_outcome_misere && oc->rule != &gr_outcome_players))
        return -1;
    if (o->row >= 0 || o->diagonal >= 0 || o->nim_pairs) return -1;
    const char *flag = kname(c, oc->rule->name, name, sizeof name);
    if (o->bfile) return gr_fail(c->err, GR_EINPUT, "--bfile conflicts with %s: a b-file holds numbers, not classes", flag);
    if (o->period)
        return gr_fail(c->err, GR_EINPUT, "%s with %s covers subtraction games only (not %s)",
                       c->req->front == GR_FRONT_CLI ? "--period" : "period", flag, c->game.spec);
    if (o->method)
        return gr_fail(c->err, GR_EINPUT, "%s is the nim-sequence engine's, not %s's",
                       c->req->front == GR_FRONT_CLI ? "--method" : "method", flag);
    r->kind = GR_SEQ_CLASSES;
    r->from = r->base = o->from;
    r->to = o->to;
    gr_outcome_format(oc, r->outcome, sizeof r->outcome);
    size_t cnt = (size_t)(o->to - o->from + 1);
    if ((double)cnt * sizeof *r->labels > c->req->limits.max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "%zu classes need %zu bytes, over the memory limit", cnt,
                             cnt * sizeof *r->labels);
    if (!(r->labels = malloc(cnt * sizeof *r->labels))) return gr_fail_nomem(c->err);
    gr_engine *e = gr_engine_new(&c->game, oc, &c->req->limits, c->err);
    if (!e) return c->err && c->err->code ? c->err->code : GR_ENOMEM;
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    gr_answer ans;
    gr_answer_init(&ans);
    clock_t start = clock();
    double most = c->req->limits.max_seconds;
    int rc = GR_OK;
    for (long n = o->from; n <= o->to && !rc; n++) {
        pos.n = 0;
        char num[24];
        snprintf(num, sizeof num, "%ld", n);
        if ((rc = gr_bigpos_parse(&pos, num, c->err)) || (rc = gr_engine_value(e, &pos, &ans, c->err))) break;
        memcpy(r->labels[n - o->from], ans.outcome, sizeof r->labels[0]);
        if ((double)(clock() - start) / CLOCKS_PER_SEC > most)
            rc = c->req->front == GR_FRONT_CLI
                     ? gr_fail_limit(c->err, GR_KNOB_SECONDS, "stopped at heap %ld after %.0f s (--max-seconds)", n, most)
                     : gr_fail_limit(c->err, GR_KNOB_SECONDS, "stopped at heap %ld after %.0f s", n, most);
    }
    gr_answer_clear(&ans);
    gr_bigpos_clear(&pos);
    gr_engine_free(e);
    return rc;
}

/* Names the option no maker covers for these rules. */
static int not_covered(seqcall *c)
{
    const gr_api_seq_opts *o = c->o;
    char rule[32];
    gr_outcome_format(&c->req->outcome, rule, sizeof rule);
    const char *what = o->nim_pairs                                      ? "--nim-pairs"
                       : o->row >= 0                                     ? "--row"
                       : o->diagonal >= 0                                ? "--diagonal"
                       : c->req->outcome.rule != &gr_outcome_normal ? rule
                                                                         : NULL;
    if (what && c->req->front != GR_FRONT_CLI && what[0] == '-') what += 2;
    if (what)
        return gr_fail(c->err, GR_EINPUT, "seq does not cover %s%s for '%s'",
                       what[0] == '-' || c->req->front != GR_FRONT_CLI ? "" : "--", what, c->req->rules);
    return gr_fail(c->err, GR_EINPUT, "seq covers heap rulesets and three-pile sharing rows, not '%s'", c->req->rules);
}

int gr_api_seq(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    seqcall c = {req, &req->seq, &rep->seq, {0}, err};
    const gr_api_seq_opts *o = &req->seq;
    char a[48], b[48];
    int rc = gr_game_parse(&c.game, req->rules, err);
    if (rc) return rc;
    if (!o->have_to)
        rc = req->front == GR_FRONT_CLI ? gr_fail(err, GR_EINPUT, "seq needs --to N")
                                        : gr_fail(err, GR_EINPUT, "missing parameter %s", kname(&c, "to", a, sizeof a));
    else if (o->row >= 0 && o->diagonal >= 0)
        rc = gr_fail(err, GR_EINPUT, "%s conflicts with %s: give one", kval(&c, "row", o->row, a, sizeof a),
                     kval(&c, "diagonal", o->diagonal, b, sizeof b));
    else if (o->from > o->to)
        rc = gr_fail(err, GR_EINPUT, "%s is past %s", kval(&c, "from", o->from, a, sizeof a),
                     kval(&c, "to", o->to, b, sizeof b));
    if (!rc) {
        int (*makers[])(seqcall *) = {seq_sharing, seq_players, seq_heap, seq_classes};
        rc = -1;
        for (size_t i = 0; rc == -1 && i < sizeof makers / sizeof makers[0]; i++) rc = makers[i](&c);
        if (rc == -1) rc = not_covered(&c);
    }
    gr_game_release(&c.game);
    return rc;
}

/* ---- rendering ---- */

/* Numbers one after another, fast: a long sequence is millions of them. */
void gr_api_put_u64(gr_buf *b, uint64_t v)
{
    char d[24];
    int n = 0;
    do d[sizeof d - 1 - n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    gr_buf_add(b, d + sizeof d - n, (size_t)n);
}

static void values_line(gr_buf *b, const gr_api_seq_reply *s, char sep)
{
    for (long x = s->from; x <= s->to; x++) {
        if (x > s->from) gr_buf_putc(b, sep);
        gr_api_put_u64(b, gr_api_seq_at(s, x));
    }
}

static void bfile_lines(gr_buf *b, const gr_api_seq_reply *s)
{
    for (long x = s->from; x <= s->to; x++) {
        gr_api_put_u64(b, (uint64_t)x);
        gr_buf_putc(b, ' ');
        gr_api_put_u64(b, gr_api_seq_at(s, x));
        gr_buf_putc(b, '\n');
    }
}

void gr_api_heap_period_text(gr_buf *b, const gr_period *p, const gr_octal_cert *cert)
{
    if (!p->found) {
        gr_buf_printf(b, "period: none found in G(0..%llu)\n", (unsigned long long)p->checked_to);
        return;
    }
    if (p->saltus)
        gr_buf_printf(b, "period: arithmetic, preperiod %llu, period %llu, saltus %lld (G(x+%llu) = G(x) + %lld for "
                      "%llu <= x, seen up to %llu)\n", (unsigned long long)p->preperiod, (unsigned long long)p->period,
                      (long long)p->saltus, (unsigned long long)p->period, (long long)p->saltus,
                      (unsigned long long)p->preperiod, (unsigned long long)p->checked_to);
    else
        gr_buf_printf(b, "period: preperiod %llu, period %llu (G(x+%llu) = G(x) for %llu <= x, seen up to %llu)\n",
                      (unsigned long long)p->preperiod, (unsigned long long)p->period, (unsigned long long)p->period,
                      (unsigned long long)p->preperiod, (unsigned long long)p->checked_to);
    if (!cert->applies) {
        gr_buf_puts(b, "certificate: none (the periodicity theorem covers finite codes without constraints or d0 "
                       "splits, and plain periods; this one is observed, not proved)\n");
    } else if (cert->certified) {
        gr_buf_printf(b, "certificate: periodicity theorem (last digit t = %d, at most k = %d heaps per move): the "
                      "check had to run to G(%llu) = G(k(e+p)+t-1); computed to G(%llu): periodic for ever\n",
                      cert->last_digit, cert->parts, (unsigned long long)cert->needed_to,
                      (unsigned long long)p->checked_to);
    } else {
        gr_buf_printf(b, "certificate: not yet: the periodicity theorem needs G up to %llu (run --to %llu)\n",
                      (unsigned long long)cert->needed_to, (unsigned long long)cert->needed_to);
    }
}

void gr_api_seq_period_json(gr_buf *b, const gr_period *p, const gr_octal_cert *cert)
{
    gr_buf_printf(b, ",\"period\":{\"found\":%s", p->found ? "true" : "false");
    if (p->found)
        gr_buf_printf(b, ",\"preperiod\":%llu,\"period\":%llu,\"saltus\":%lld", (unsigned long long)p->preperiod,
                      (unsigned long long)p->period, (long long)p->saltus);
    gr_buf_printf(b, ",\"checked_to\":%llu,\"certificate\":", (unsigned long long)p->checked_to);
    if (!cert->applies) gr_buf_puts(b, "null");
    else
        gr_buf_printf(b, "{\"theorem\":\"take-and-break periodicity\",\"last_digit\":%d,\"parts\":%d,"
                      "\"needed_to\":%llu,\"certified\":%s}", cert->last_digit, cert->parts,
                      (unsigned long long)cert->needed_to, cert->certified ? "true" : "false");
    gr_buf_putc(b, '}');
}

static void players_period_text(gr_buf *b, const gr_subperiod *p, uint64_t limit, int m)
{
    if (!p->found) {
        gr_buf_printf(b, "no period found within %" PRIu64 " heaps\n", limit);
        return;
    }
    gr_buf_printf(b, "period %" PRIu64 " preperiod %" PRIu64 "\n", p->period, p->preperiod);
    gr_buf_printf(b,
                  "certificate: heaps %" PRIu64 "..%" PRIu64 " have the same %s as heaps %" PRIu64 "..%" PRIu64
                  " (checked value by value); every heap x >= %" PRIu64 " is scored from heaps x-%" PRIu64
                  "..x-1 alone, so by induction v(x) = v(x+%" PRIu64 ") for all x >= %" PRIu64
                  "; no smaller period or preperiod exists (Brent's cycle finding on these windows, docs/players.md)\n",
                  p->preperiod, p->preperiod + p->window - 1, m ? "classes" : "values", p->preperiod + p->period,
                  p->preperiod + p->period + p->window - 1, p->window, p->window, p->period, p->preperiod);
}

void gr_api_seq_period_text(gr_buf *b, const gr_api_seq_reply *s)
{
    if (!s->period) return;
    if (s->kind == GR_SEQ_HEAP) gr_api_heap_period_text(b, &s->per, &s->cert);
    else if (s->kind == GR_SEQ_PLAYERS) players_period_text(b, &s->sub, s->sub_limit, s->players);
}

static void head(gr_buf *b, const char *rules)
{
    gr_buf_puts(b, "{\"ruleset\":");
    gr_buf_json_string(b, rules);
}

static void render_heap(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_seq_reply *s = &rep->seq;
    if (format == GR_API_JSON) {
        head(b, rep->rules);
        gr_buf_printf(b, ",\"from\":%ld,\"to\":%ld,\"method\":", s->from, s->to);
        gr_buf_json_string(b, s->method);
        if (s->sparse) gr_buf_printf(b, ",\"mask\":%u", s->mask);
        gr_buf_puts(b, ",\"values\":[");
        values_line(b, s, ',');
        gr_buf_putc(b, ']');
        if (s->period) gr_api_seq_period_json(b, &s->per, &s->cert);
        gr_buf_puts(b, "}\n");
    } else if (format == GR_API_BFILE) {
        bfile_lines(b, s);
    } else {
        values_line(b, s, ' ');
        gr_buf_putc(b, '\n');
        gr_api_seq_period_text(b, s);
    }
}

static void render_sharing(gr_buf *b, int format, const gr_api_seq_reply *s)
{
    if (format == GR_API_JSON) {
        gr_buf_printf(b, "{\"ruleset\":\"sharing\",\"%s\":%ld,\"from\":%ld,\"to\":%ld,\"values\":[",
                      s->diagonal ? "diagonal" : "row", s->ad, s->from, s->to);
        values_line(b, s, ',');
        gr_buf_puts(b, "]}\n");
    } else if (format == GR_API_BFILE) {
        bfile_lines(b, s);
    } else {
        values_line(b, s, ' ');
        gr_buf_putc(b, '\n');
    }
}

static void render_players(gr_buf *b, int format, const gr_api_seq_reply *s)
{
    if (format == GR_API_BFILE) {
        bfile_lines(b, s);
        return;
    }
    if (format == GR_API_JSON) {
        head(b, s->spec);
        gr_buf_printf(b, ",\"players\":%d,\"from\":%ld,\"to\":%ld,\"labels\":\"", s->players, s->from, s->to);
    }
    for (long x = s->from; x <= s->to; x++) gr_buf_putc(b, gr_players_label(s->players, s->classes[x - s->base])[0]);
    if (format != GR_API_JSON) {
        gr_buf_putc(b, '\n');
        gr_api_seq_period_text(b, s);
        return;
    }
    gr_buf_puts(b, "\",\"classes\":[");
    values_line(b, s, ',');
    gr_buf_putc(b, ']');
    if (s->period && !s->sub.found) gr_buf_printf(b, ",\"period\":null,\"period_searched_to\":%" PRIu64, s->sub_limit);
    else if (s->period)
        gr_buf_printf(b, ",\"period\":{\"period\":%" PRIu64 ",\"preperiod\":%" PRIu64 ",\"window\":%" PRIu64
                      ",\"certified\":true}", s->sub.period, s->sub.preperiod, s->sub.window);
    gr_buf_puts(b, "}\n");
}

static void render_classes(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_seq_reply *s = &rep->seq;
    bool json = format == GR_API_JSON;
    if (json) {
        head(b, rep->rules);
        gr_buf_puts(b, ",\"outcome\":");
        gr_buf_json_string(b, s->outcome);
        gr_buf_printf(b, ",\"from\":%ld,\"to\":%ld,\"classes\":[", s->from, s->to);
    }
    for (long x = s->from; x <= s->to; x++) {
        if (x > s->from) gr_buf_putc(b, json ? ',' : ' ');
        if (json) gr_buf_json_string(b, s->labels[x - s->base]);
        else gr_buf_puts(b, s->labels[x - s->base]);
    }
    gr_buf_puts(b, json ? "]}\n" : "\n");
}

static void render_pairs(gr_buf *b, int format, const gr_api_seq_reply *s)
{
    const gr_pairs *p = &s->pairs;
    bool json = format == GR_API_JSON;
    if (json) {
        head(b, s->spec);
        gr_buf_printf(b, ",\"method\":\"%s\"", s->method);
        if (s->by_search) gr_buf_printf(b, ",\"bound\":%u", s->bound);
        gr_buf_puts(b, ",\"nim_pairs\":[");
    }
    for (long x = s->from; x <= s->to; x++) {
        size_t lo = p->first[x], hi = p->first[x + 1];
        if (json) {
            gr_buf_puts(b, x > s->from ? ",[" : "[");
            for (size_t i = lo; i < hi; i++)
                gr_buf_printf(b, "%s[%u,%u]", i > lo ? "," : "", p->pairs[i].a, p->pairs[i].b);
            gr_buf_putc(b, ']');
            continue;
        }
        gr_api_put_u64(b, (uint64_t)x);
        for (size_t i = lo; i < hi; i++) gr_buf_printf(b, " {%u,%u}", p->pairs[i].a, p->pairs[i].b);
        if (hi - lo > 1) gr_buf_printf(b, "   (%zu pairs)", hi - lo);
        gr_buf_putc(b, '\n');
    }
    if (json) gr_buf_puts(b, "]}\n");
}

void gr_api_render_seq(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_seq_reply *s = &rep->seq;
    switch (s->kind) {
    case GR_SEQ_HEAP: render_heap(b, format, rep); break;
    case GR_SEQ_SHARING: render_sharing(b, format, s); break;
    case GR_SEQ_PLAYERS: render_players(b, format, s); break;
    case GR_SEQ_CLASSES: render_classes(b, format, rep); break;
    default: render_pairs(b, format, s); break;
    }
}

/* ---- the server's estimate ---- */

/* Small sequences of the O(N) and O(N^2) makers finish in milliseconds;
 * the engine's classes (a search per size) and nim-pairs by search do not
 * have such a bound, nor does a diagonal far out. */
enum { CHEAP_TO = 4096, CHEAP_SHARING = 1000 };

bool gr_api_seq_cheap(const gr_api_request *req, double seconds, double bytes)
{
    (void)seconds;
    const gr_api_seq_opts *o = &req->seq;
    if (bytes < 64.0 * CHEAP_TO || (o->method && strcmp(o->method, "search") == 0)) return false;
    gr_game g = {0};
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(&g, req->rules, &err) != GR_OK) return true;   /* refused at once */
    size_t n;
    /* a sharing row is the fast table's to its end: O(top^2); m players
     * are streamed for a subtraction game, else a search per size */
    bool sharing = gr_s3table_covers(&g), sub = gr_subtraction_set(&g, &n) != NULL;
    gr_game_release(&g);
    long top = o->to + (o->diagonal > 0 ? o->diagonal : 0) + (o->row > 0 ? o->row : 0);
    if (top > (sharing ? CHEAP_SHARING : CHEAP_TO)) return false;
    if (req->outcome.rule == &gr_outcome_normal) return true;
    return req->outcome.rule == &gr_outcome_players && sub;
}
