/* Where the engine's table of heap values G(0..max) comes from: a stored
 * sequence file (which answers any heap it holds from that heap's block
 * alone, without a table), the sparse-space method (grundy/sparse.h) for the codes it
 * covers once the table is long enough to gain from it, else the bitset
 * (fast) or simple method (grundy/heapseq.h); and a certified period found
 * by the sparse method, which reaches the certificate of codes such as .16
 * (needed to G(509621)) in a fraction of a second. heap_values.c keeps the
 * table and answers from it. See docs/takebreak.md. */
#include "engine_internal.h"
#include "grundy/heapseq.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include "grundy/solve.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* From here on the O(N^2) methods cost more than the sparse one. */
#define SPARSE_FROM 50000
/* The prefix whose values tell whether they grow as fast as the heaps. */
#define GROWTH_PREFIX 1023u
/* The sparse period search: heaps at most (and as many as the memory
 * limit allows), looked at from PERIOD_LOOK on at doublings. */
#define PERIOD_HEAPS_MAX (1ull << 23)
#define PERIOD_LOOK 4096u

bool gr_heap_method_parse(const char *name, int *method)
{
    static const char *const names[] = {[GR_HEAP_AUTO] = "auto",     [GR_HEAP_PERIOD] = "period",
                                        [GR_HEAP_FILE] = "file",     [GR_HEAP_SPARSE] = "sparse",
                                        [GR_HEAP_FAST] = "fast",     [GR_HEAP_SIMPLE] = "simple",
                                        [GR_HEAP_SEARCH] = "search"};
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (strcmp(name, names[i]) == 0) return (*method = i), true;
    return false;
}

void gr_engine_heap_source(gr_engine *e, int method, const char *file)
{
    e->heap_method = method;
    e->heap_file = file;
}

void gr_engine_heap_progress(gr_engine *e, gr_heap_progress_fn fn, void *ctx)
{
    e->progress = fn;
    e->progress_ctx = ctx;
}

static bool sparse_code(const gr_game *g, gr_tb_code *c)
{
    return gr_tb_code_of(g, c) && gr_tb_splits(c) && gr_sparse_covers(c, NULL, 0);
}

/* Values that grow as fast as the heaps (split games, 4.[3]: G(n) near n)
 * pass the largest value the sparse method stores near heap 65535, late in
 * a run; the first heaps show it. Cheap: the fast method on 1024 heaps. */
static bool grows_past_sparse(const gr_game *g, uint64_t to)
{
    if (to <= GR_SPARSE_MAX_VALUE) return false;
    uint32_t *v = malloc((GROWTH_PREFIX + 1) * sizeof *v);
    if (!v) return false;
    gr_limits lim;
    gr_limits_default(&lim);
    gr_heapseq_info info;
    gr_error quiet;
    gr_error_clear(&quiet);
    bool grows = false;
    if (gr_heapseq(g, GR_HEAPSEQ_AUTO, GROWTH_PREFIX, v, &lim, &info, &quiet) == GR_OK) {
        uint32_t most = 0;
        for (uint32_t x = 0; x <= GROWTH_PREFIX; x++) most = v[x] > most ? v[x] : most;
        /* linear growth, extrapolated to the last heap */
        grows = most >= GROWTH_PREFIX / 4 && (double)most * ((double)to / GROWTH_PREFIX) > GR_SPARSE_MAX_VALUE;
    }
    free(v);
    return grows;
}

bool gr_engine_heap_wants_sparse(const gr_game *g, uint64_t to)
{
    gr_tb_code c;
    return to >= SPARSE_FROM && sparse_code(g, &c) && !grows_past_sparse(g, to);
}

/* ------------------------------------------------------------ a file */

/* A heap answered from its block alone: a table from heap 0 would cost
 * four bytes a heap in memory, 16 GiB for a file of 2^32 heaps. */
int gr_engine_heap_file_value(gr_engine *e, mpz_srcptr x, uint32_t *value, gr_error *err)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    const char *path = e->heap_file;
    if (!path) return gr_fail(err, GR_EINPUT, "the file method needs a sequence file, and none was given");
    if (!c->heap_reader) {
        gr_seqfile_header h;
        gr_seqfile_reader *r = gr_seqfile_open(path, &h, err);
        if (!r) return err->code;
        if (!gr_game_same_rules(e->game, h.rules)) {
            gr_seqfile_reader_free(r);
            return gr_fail(err, GR_EINPUT, "%s holds the nim-sequence of %.60s, not of %s", path, h.rules,
                           e->game->spec);
        }
        c->heap_reader = r;
        c->heap_how = "nim-sequence, stored file";
        c->heap_by = GR_HEAP_FILE;
    }
    if (!mpz_fits_ulong_p(x)) {
        uint64_t n = gr_seqfile_reader_header(c->heap_reader)->count;
        return gr_fail(err, GR_EINPUT, "%s holds G(0..%llu); a heap of %zu digits is past it", path,
                       (unsigned long long)(n ? n - 1 : 0), gr_mpz_digits(x));
    }
    uint16_t v;
    int rc = gr_seqfile_at(c->heap_reader, mpz_get_ui(x), &v, err);
    if (!rc) *value = v;
    return rc;
}

void gr_engine_heap_file_close(struct gr_engine_cache *c)
{
    gr_seqfile_reader_free(c->heap_reader);
    c->heap_reader = NULL;
}

/* ------------------------------------------------------- sparse runs */

typedef struct relay {
    gr_engine *e;
    const gr_limits *lim;      /* the caller's, whose stop hook is polled too */
    double deadline;
} relay;

static int past_deadline(void *ctx)
{
    relay *r = ctx;
    return gr_monotonic_seconds() > r->deadline || gr_limits_stopped(r->lim);
}

static void relay_progress(void *ctx, const gr_sparse_progress *p)
{
    gr_engine *e = ((relay *)ctx)->e;
    e->progress(e->progress_ctx, p->done, p->to + 1, p->seconds);
}

/* A refusal of a run without a file: what keeps the values instead (the
 * job's own words speak of a run that writes one, which this is not). */
static void say_file(gr_error *err)
{
    char *hint = strstr(err->msg, " (a run with a file");
    if (!hint) return;
    size_t at = (size_t)(hint - err->msg);
    snprintf(hint, sizeof err->msg - at, "; a sequence file (grundy seq --out) keeps the values for later answers");
}

static int by_sparse(gr_engine *e, uint64_t max, const gr_limits *lim, uint32_t *v, gr_error *err)
{
    gr_tb_code c;
    char why[96];
    if (!gr_tb_code_of(e->game, &c))
        return gr_fail(err, GR_EINPUT, "the sparse method needs a take-and-break code; %s has none", e->game->spec);
    if (!gr_sparse_covers(&c, why, sizeof why))
        return gr_fail(err, GR_EINPUT, "the sparse method does not cover %s: %s", e->game->spec, why);
    relay r = {e, lim, 0};
    gr_sparse_job j = {.code = &c, .rules = e->game->spec, .to = max, .lim = *lim};
    if (e->progress) {
        j.progress = relay_progress;
        j.ctx = &r;
    }
    gr_sparse_result res;
    int rc = gr_sparse_job_run(&j, &res, err);
    for (uint64_t x = 0; !rc && x <= max; x++) v[x] = gr_sparse_value(res.s, x);
    gr_sparse_free(res.s);
    if (rc == GR_ELIMIT) say_file(err);
    return rc;
}

int gr_engine_heap_build(gr_engine *e, uint64_t max, const gr_limits *lim, uint32_t **out, const char **how,
                         int *by, gr_error *err)
{
    uint32_t *v = malloc(((size_t)max + 1) * sizeof *v);
    if (!v) return gr_fail_nomem(err);
    int m = e->heap_method, rc;
    if (m == GR_HEAP_FILE || (m == GR_HEAP_AUTO && e->heap_file)) {
        /* the table from the file's blocks, one after another */
        mpz_t x;
        mpz_init(x);
        rc = GR_OK;
        for (uint64_t y = 0; !rc && y <= max; y++) {
            mpz_set_ui(x, y);
            rc = gr_engine_heap_file_value(e, x, &v[y], err);
        }
        mpz_clear(x);
        *how = "nim-sequence, stored file";
        *by = GR_HEAP_FILE;
    } else {
        rc = -1;
        if (m == GR_HEAP_SPARSE || (m == GR_HEAP_AUTO && gr_engine_heap_wants_sparse(e->game, max))) {
            rc = by_sparse(e, max, lim, v, err);
            *how = "nim-sequence, sparse";
            *by = GR_HEAP_SPARSE;
            /* a value past what the sparse method stores, met late: the
             * fast method covers every code the sparse one does */
            if (rc == GR_EINPUT && m == GR_HEAP_AUTO) {
                gr_error_clear(err);
                rc = -1;
            }
        }
        if (rc == -1) {
            gr_heapseq_info info = {0};
            rc = gr_heapseq(e->game, m == GR_HEAP_SIMPLE ? GR_HEAPSEQ_SIMPLE : m == GR_HEAP_FAST ? GR_HEAPSEQ_FAST
                                                                                                 : GR_HEAPSEQ_AUTO,
                            (uint32_t)max, v, lim, &info, err);
            bool simple = info.method && strcmp(info.method, "simple") == 0;
            *how = simple ? "nim-sequence, simple" : "nim-sequence, fast";
            *by = simple ? GR_HEAP_SIMPLE : GR_HEAP_FAST;
        }
    }
    if (rc) free(v);
    else *out = v;
    return rc;
}

/* ------------------------------------------------ a certified period */

int gr_engine_heap_sparse_period(gr_engine *e, uint64_t want, const gr_limits *lim, gr_error *err)
{
    gr_tb_code c;
    struct gr_engine_cache *cache = gr_engine_cache(e);
    if (!cache) return gr_fail_nomem(err);
    if (!sparse_code(e->game, &c) || !gr_tb_is_octal(&c, NULL)) return -1;
    /* the period alone: as many heaps as the time allows, two bytes a heap
     * while it runs and four in the table it leaves */
    uint64_t to = want;
    if (!to)
        for (to = PERIOD_HEAPS_MAX; to > PERIOD_LOOK && (double)to * 6 > lim->max_bytes;) to /= 2;
    relay r = {e, lim, 0};
    gr_sparse_job j = {.code = &c, .rules = e->game->spec, .to = to - 1, .until_period = true, .lim = *lim};
    if (!want) {
        /* the period alone is looked for until the time limit, not refused
         * by an estimate of the run to `to`: a deadline as the stop hook */
        r.deadline = gr_monotonic_seconds() + lim->max_seconds;
        j.lim.max_seconds = 1e18;
        j.lim.stop = past_deadline;
        j.lim.stop_ctx = &r;
    }
    if (e->progress && want) {
        j.progress = relay_progress;
        j.ctx = &r;
    }
    gr_sparse_result res;
    int rc = gr_sparse_job_run(&j, &res, err);
    uint64_t count = res.s ? gr_sparse_count(res.s) : 0;
    bool certified = res.cert.applies && res.cert.certified;
    /* stopped at the deadline: the period search's own end, not a failure */
    if (rc == GR_EINTR && !want && res.s && !gr_limits_stopped(lim)) {
        gr_error_clear(err);
        rc = GR_OK;
    }
    uint32_t *v = NULL;
    if (!rc && (certified || count >= want) && count > 0 && !(v = malloc(count * sizeof *v))) rc = gr_fail_nomem(err);
    if (v) {
        for (uint64_t x = 0; x < count; x++) v[x] = gr_sparse_value(res.s, x);
        free(cache->heap_values);
        cache->heap_values = v;
        cache->heap_n = count - 1;
        cache->heap_how = "nim-sequence, sparse";
        cache->heap_by = GR_HEAP_SPARSE;
        if (certified) {
            cache->periodic = true;
            cache->preperiod = res.per.preperiod;
            cache->period = res.per.period;
        }
    }
    gr_sparse_free(res.s);
    if (rc == GR_ELIMIT) say_file(err);
    if (rc) return rc;
    return certified || (want && count >= want) ? GR_OK : -1;
}
