/* The solve verb: every position of a total-keeping ruleset (Sharing Nim
 * with any piles, on any graph) up to a canonical total, by the tier
 * solver; optionally stored on disk, one file per tier, and resumed from the
 * tiers already there (docs/tiers.md). The reply holds the totals; under
 * MPI the front end's hooks (gr_api_solve_mpi) spread the chains. */
#include "api_internal.h"
#include "grundy/tier.h"
#include "grundy/tier_index.h"
#include "grundy/tierdb.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct solve_ctx {
    gr_tierdb db;
    bool have_db;
    uint32_t *max;            /* per tier */
    uint64_t *zeros;          /* P-positions per tier */
    uint64_t *loaded;         /* per tier: 1 when read from disk, not computed */
    long stop_after;
    long done_count;          /* updated atomically: chains run in parallel */
    const char *stop_knob;    /* "--stop-after", as the front end spells it */
} solve_ctx;

/* One run: the rules, the tiers, the per-tier tallies, where it runs. */
typedef struct solve_run {
    const gr_api_request *req;
    const gr_api_solve_mpi *mpi;   /* NULL: one process */
    gr_game g;
    gr_tiers s;
    solve_ctx c;
    int n;                    /* piles */
    int method;
    int rank, ranks;
    double secs;
} solve_run;

static void tally(solve_ctx *c, const gr_tiers *s, uint64_t t)
{
    uint32_t mx = 0;
    uint64_t z = 0;
    for (uint64_t i = 0; i < s->size[t]; i++) {
        if (s->v[t][i] > mx) mx = s->v[t][i];
        z += s->v[t][i] == 0;
    }
    c->max[t] = mx;
    c->zeros[t] = z;
}

static int on_done(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err)
{
    solve_ctx *c = ctx;
    /* The tier claims its place in the count before it is written: chains
     * run in parallel and each hands its tiers to a finisher while it goes
     * on, so tiers past the K-th still arrive here and must not be kept. */
    long n = __atomic_add_fetch(&c->done_count, 1, __ATOMIC_SEQ_CST);
    if (c->stop_after && n > c->stop_after)
        return gr_fail(err, GR_ELIMIT, "stopped after %ld new tiers as asked (%s); run again to resume",
                       c->stop_after, c->stop_knob);
    tally(c, s, t);
    if (c->have_db) {
        int rc = gr_tierdb_write(&c->db, s, t, err);
        if (rc) return rc;
    }
    if (c->stop_after && n == c->stop_after)
        return gr_fail(err, GR_ELIMIT, "stopped after %ld new tiers as asked (%s); run again to resume", n,
                       c->stop_knob);
    return GR_OK;
}

static int on_load(void *ctx, gr_tiers *s, uint64_t t, gr_error *err)
{
    solve_ctx *c = ctx;
    int rc = gr_tierdb_read(&c->db, s, t, err);
    if (rc == 1) {
        tally(c, s, t);
        c->loaded[t] = 1;
    }
    return rc;
}

static bool on_have(void *ctx, const gr_tiers *s, uint64_t t)
{
    (void)s;
    return gr_tierdb_has(&((solve_ctx *)ctx)->db, t);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The pile count: the rules', the request's, or for a graph the fewest
 * piles the rules accept when that is more than 2 (plain sharing accepts 2
 * and needs piles=n). */
static int solve_piles(solve_run *r, gr_error *err)
{
    long asked = r->req->solve.piles;
    r->n = r->g.piles ? r->g.piles : (int)asked;
    if (r->g.piles && asked && r->g.piles != asked) {
        char name[64];
        return gr_fail(err, GR_EINPUT, "%s%s%ld disagrees with the rules' piles=%d",
                       gr_api_key_name(r->req->front, "piles", name, sizeof name), gr_api_key_sep(r->req->front),
                       asked, r->g.piles);
    }
    if (r->n) return GR_OK;
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_check_count(&r->g, 2, &quiet))
        for (int k = 3; k <= GR_MAX_PILES && !r->n; k++) {
            gr_error_clear(&quiet);
            if (!gr_game_check_count(&r->g, k, &quiet)) r->n = k;
        }
    return GR_OK;
}

/* Under MPI every rank learns whether any failed; one that did not fail
 * itself reports nothing (err->code -1), the failing rank said why. */
static int solve_agree(solve_run *r, int rc, gr_error *err)
{
    if (!r->mpi) return rc;
    int mine = rc;
    rc = r->mpi->status(rc);
    if (rc && !mine) err->code = -1;
    return rc;
}

static int solve_setup(solve_run *r, gr_error *err)
{
    solve_ctx *c = &r->c;
    const char *out = r->req->solve.out;
    int rc = gr_tiers_init(&r->s, &r->g, r->n, (uint64_t)r->req->solve.total, err);
    if (!rc) {
        c->max = calloc(r->s.total + 1, sizeof *c->max);
        c->zeros = calloc(r->s.total + 1, sizeof *c->zeros);
        c->loaded = calloc(r->s.total + 1, sizeof *c->loaded);
        if (!c->max || !c->zeros || !c->loaded) rc = gr_fail_nomem(err);
    }
    r->rank = 0, r->ranks = 1;
    const gr_api_solve_mpi *mpi = r->mpi;
    r->mpi = NULL;
    if (!rc && mpi) {
        rc = mpi->begin(&r->rank, &r->ranks, err);
        if (!rc) r->mpi = mpi;
    }
    /* rank 0 sets the directory up (and clears stale temporary files) before
     * the others start writing into it */
    if (!rc && out && r->rank == 0) {
        rc = gr_tierdb_open(&c->db, out, &r->g, r->n, true, err);
        c->have_db = !rc;
    }
    rc = solve_agree(r, rc, err);
    if (!rc && out && r->rank != 0) {
        rc = gr_tierdb_open(&c->db, out, &r->g, r->n, false, err);
        c->have_db = !rc;
    }
    return rc;
}

static int solve_tiers(solve_run *r, gr_error *err)
{
    solve_ctx *c = &r->c;
    const gr_api_request *req = r->req;
    c->stop_after = req->solve.stop_after;
    const gr_limits *lim = &req->limits;
    gr_tier_opts o = {.method = r->method, .threads = (int)req->solve.threads, .keep = false, .done = on_done,
                      .load = c->have_db ? on_load : NULL, .have = c->have_db ? on_have : NULL, .ctx = c,
                      .max_bytes = lim->max_bytes, .max_seconds = lim->max_seconds, .rank = r->rank,
                      .ranks = r->ranks};
    double t0 = now();
    int rc = r->mpi ? r->mpi->share(&o, &r->s, err) : GR_OK;
    if (!rc) rc = gr_tiers_solve(&r->s, &o, err);
    r->secs = now() - t0;
    rc = solve_agree(r, rc, err);
    if (!rc && r->mpi) r->mpi->gather(&r->s, c->max, c->zeros, c->loaded);
    if (r->mpi) r->mpi->unshare(&o);
    if (!rc && c->have_db && r->rank == 0) rc = gr_tierdb_finish(&c->db, &r->s, err);
    return rc;
}

static void fill(const solve_run *r, gr_api_solve_reply *t)
{
    const gr_tiers *s = &r->s;
    t->positions = gr_tiers_positions(s);
    t->checksum = gr_tiers_checksum(s);
    for (uint64_t i = 0; i <= s->total; i++) {
        if (r->c.max[i] > t->max_value) t->max_value = r->c.max[i];
        t->p_positions += r->c.zeros[i];
        t->tiers_loaded += r->c.loaded[i];
    }
    t->piles = s->n;
    t->graph = s->graph;
    t->total = r->req->solve.total;
    t->tiers = s->total + 1;
    t->seconds = r->secs;
    t->per_second = r->secs > 0 ? t->positions / r->secs : 0;
    t->stats = r->req->solve.stats;
    t->method = r->method == GR_TIER_FAST ? "fast" : "options";
    t->threads = s->used_threads;
    t->thread_seconds = s->thread_s;
    t->waiting_seconds = s->waited_s;
    t->serial_cpu_seconds = s->alone_s;
    t->overlapped_cpu_seconds = s->behind_s;
}

int gr_api_solve(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    solve_run r;
    memset(&r, 0, sizeof r);
    r.req = req;
    r.mpi = req->solve.mpi;
    r.method = req->solve.method && strcmp(req->solve.method, "options") == 0 ? GR_TIER_OPTIONS : GR_TIER_FAST;
    char knob[64];
    r.c.stop_knob = gr_api_key_name(req->front, "stop-after", knob, sizeof knob);
    char name[64];
    int rc = GR_OK;
    if (!req->solve.have_total)
        rc = gr_fail(err, GR_EINPUT, "solve needs %s%sT", gr_api_key_name(req->front, "total", name, sizeof name),
                     gr_api_key_sep(req->front));
    if (!rc) rc = gr_game_parse(&r.g, req->rules, err);
    if (!rc) rc = solve_piles(&r, err);
    if (!rc) rc = solve_setup(&r, err);
    if (!rc) rc = solve_tiers(&r, err);
    rep->solve.rank = r.rank;
    rep->solve.ranks = r.ranks;
    if (!rc) fill(&r, &rep->solve);
    if (r.c.have_db) gr_tierdb_close(&r.c.db);
    if (r.mpi) r.mpi->end();
    free(r.c.max);
    free(r.c.zeros);
    free(r.c.loaded);
    gr_tiers_free(&r.s);
    if (r.g.rs) gr_game_release(&r.g);
    return rc;
}

void gr_api_render_solve(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_solve_reply *t = &rep->solve;
    if (format == GR_API_JSON) {
        gr_buf_puts(b, "{\"rules\": ");
        gr_buf_json_string(b, rep->rules);
        gr_buf_printf(b, ", \"piles\": %d, \"graph\": %s, \"total\": %ld, \"positions\": %llu, \"max_value\": %u,"
                         " \"seconds\": %.3f, \"checksum\": \"%016llx\"",
                      t->piles, t->graph ? "true" : "false", t->total, (unsigned long long)t->positions, t->max_value,
                      t->seconds, (unsigned long long)t->checksum);
        if (t->ranks > 1) gr_buf_printf(b, ", \"ranks\": %d", t->ranks);
        if (t->stats)
            gr_buf_printf(b, ", \"p_positions\": %llu, \"tiers\": %llu, \"tiers_loaded\": %llu"
                             ", \"positions_per_second\": %.0f, \"method\": \"%s\", \"threads\": %d, \"ranks_used\": %d"
                             ", \"thread_seconds\": %.3f, \"waiting_seconds\": %.3f, \"serial_cpu_seconds\": %.3f,"
                             " \"overlapped_cpu_seconds\": %.3f",
                          (unsigned long long)t->p_positions, (unsigned long long)t->tiers,
                          (unsigned long long)t->tiers_loaded, t->per_second, t->method, t->threads, t->ranks,
                          t->thread_seconds, t->waiting_seconds, t->serial_cpu_seconds, t->overlapped_cpu_seconds);
        gr_buf_puts(b, "}\n");
        return;
    }
    gr_buf_printf(b, "positions %llu\nmax_value %u\nseconds %.3f\nchecksum %016llx\n", (unsigned long long)t->positions,
                  t->max_value, t->seconds, (unsigned long long)t->checksum);
    if (t->stats)
        gr_buf_printf(b, "p_positions %llu\ntiers %llu\ntiers_loaded %llu\npositions_per_second %.0f\nmethod %s\n"
                         "threads %d\nranks %d\nthread_seconds %.3f\nwaiting_seconds %.3f (%.0f%%)\n"
                         "serial_cpu_seconds %.3f\noverlapped_cpu_seconds %.3f\n",
                      (unsigned long long)t->p_positions, (unsigned long long)t->tiers,
                      (unsigned long long)t->tiers_loaded, t->per_second, t->method, t->threads, t->ranks,
                      t->thread_seconds, t->waiting_seconds,
                      t->thread_seconds > 0 ? 100 * t->waiting_seconds / t->thread_seconds : 0,
                      t->serial_cpu_seconds, t->overlapped_cpu_seconds);
}
