/* grundy solve: every position of a total-keeping ruleset up to a canonical
 * total, by the tier solver; optionally stored on disk, one file per tier,
 * and resumed from the tiers already there (docs/tiers.md: the format). */
#include "cli.h"
#include "grundy/tier.h"
#include "grundy/io.h"
#include "grundy/tierdb.h"
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char help[] =
    "usage: grundy solve RULES --total T [--out DIR] [--stats] [--format text|json]\n"
    "                    [--method fast|options] [--threads N] [--piles N] [--stop-after K] [--mpi]\n"
    "                    [--max-memory SIZE] [--max-seconds S]\n\n"
    "Solves every position of Sharing Nim with any number of piles (sharing:piles=n)\n"
    "or on a graph ('sharing:piles=3,graph=0>1/1>2/2>0') whose canonical total (the\n"
    "minimum subtracted from every pile) is at most T, tier by tier.\n\n"
    "  --out DIR      store the values: a file per tier, checksummed, written aside\n"
    "                 and renamed; a run that was stopped resumes from the tiers\n"
    "                 already in DIR (`grundy value --db DIR` reads them)\n"
    "  --stats        also P-positions, tiers, positions per second, memory\n"
    "  --method M     fast (default: one bitset per line of moves) or options\n"
    "                 (every option looked up: the reference)\n"
    "  --threads N    OpenMP threads (default: all): over the n independent chains,\n"
    "                 and those beyond n inside each chain (fast method)\n"
    "  --piles N      the number of piles, as sharing:piles=N says\n"
    "  --stop-after K stop after K tiers (the next run resumes from --out DIR)\n"
    "  --mpi          under mpirun: chains spread over the ranks (ranks beyond the\n"
    "                 chains share their lines), results gathered on rank 0\n"
    "                 (same files and checksum for any number of ranks)\n"
    "  --max-memory, --max-seconds  refuse up front a solve estimated beyond them\n"
    "                 (defaults: half the machine, 60 s)\n"
    "Prints positions, max_value, seconds and checksum (FNV-1a 64 over the tiers'\n"
    "checksums, each FNV-1a 64 of its values as 32-bit little-endian in rank order).\n";

typedef struct solve_args {
    cli_args common;
    long total;
    bool have_total;
    long piles;
    const char *out;
    bool stats;
    int method;
    long threads;
    long stop_after;          /* testing: stop after this many new tiers */
    bool mpi;
} solve_args;

typedef struct solve_ctx {
    gr_tierdb db;
    bool have_db;
    uint32_t *max;            /* per tier */
    uint64_t *zeros;          /* P-positions per tier */
    long stop_after;
    long done_count;          /* updated atomically: chains run in parallel */
    uint64_t *loaded;         /* per tier: 1 when read from disk, not computed */
} solve_ctx;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    solve_args *s = ctx;
    const char *f = argv[*i];
    int rc;
    if (strcmp(f, "--total") == 0) {
        s->have_total = true;
        return (rc = cli_flag_long(argc, argv, i, 0, 100000, &s->total, err)) ? rc : 1;
    }
    if (strcmp(f, "--piles") == 0) return (rc = cli_flag_long(argc, argv, i, 2, GR_MAX_PILES, &s->piles, err)) ? rc : 1;
    if (strcmp(f, "--threads") == 0) return (rc = cli_flag_long(argc, argv, i, 1, 1024, &s->threads, err)) ? rc : 1;
    if (strcmp(f, "--stop-after") == 0)
        return (rc = cli_flag_long(argc, argv, i, 1, 1000000, &s->stop_after, err)) ? rc : 1;
    if (strcmp(f, "--stats") == 0) return s->stats = true, 1;
    if (strcmp(f, "--mpi") == 0) return s->mpi = true, 1;
    if (strcmp(f, "--out") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--out needs a directory");
        s->out = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--method") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--method needs fast or options");
        const char *m = argv[++*i];
        if (strcmp(m, "fast") == 0) s->method = GR_TIER_FAST;
        else if (strcmp(m, "options") == 0) s->method = GR_TIER_OPTIONS;
        else return gr_fail(err, GR_EINPUT, "--method %s: expected fast or options", m);
        return 1;
    }
    return 0;
}

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
        return gr_fail(err, GR_ELIMIT, "stopped after %ld new tiers as asked (--stop-after); run again to resume",
                       c->stop_after);
    tally(c, s, t);
    if (c->have_db) {
        int rc = gr_tierdb_write(&c->db, s, t, err);
        if (rc) return rc;
    }
    if (c->stop_after && n == c->stop_after)
        return gr_fail(err, GR_ELIMIT, "stopped after %ld new tiers as asked (--stop-after); run again to resume", n);
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

/* One run: the rules, the tiers, the per-tier tallies, where it runs. */
typedef struct solve_run {
    solve_args a;
    gr_game g;
    gr_tiers s;
    solve_ctx c;
    int n;                    /* piles */
    int rank, ranks;
    bool mpi;
    double secs;
} solve_run;

/* The pile count: the rules', --piles, or for a graph the fewest piles the
 * rules accept when that is more than 2 (plain sharing accepts 2 and needs
 * piles=n). */
static int solve_piles(solve_run *r, gr_error *err)
{
    r->n = r->g.piles ? r->g.piles : (int)r->a.piles;
    if (r->g.piles && r->a.piles && r->g.piles != r->a.piles)
        return gr_fail(err, GR_EINPUT, "--piles %ld disagrees with the rules' piles=%d", r->a.piles, r->g.piles);
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

/* Under --mpi every rank learns whether any failed; one that did not fail
 * itself reports nothing (err.code -1), the failing rank said why. */
static int solve_agree(solve_run *r, int rc, gr_error *err)
{
    if (!r->mpi) return rc;
    int mine = rc;
    rc = cli_mpi_status(rc);
    if (rc && !mine) err->code = -1;
    return rc;
}

static int solve_setup(solve_run *r, gr_error *err)
{
    solve_ctx *c = &r->c;
    int rc = gr_tiers_init(&r->s, &r->g, r->n, (uint64_t)r->a.total, err);
    if (!rc) {
        c->max = calloc(r->s.total + 1, sizeof *c->max);
        c->zeros = calloc(r->s.total + 1, sizeof *c->zeros);
        c->loaded = calloc(r->s.total + 1, sizeof *c->loaded);
        if (!c->max || !c->zeros || !c->loaded) rc = gr_fail_nomem(err);
    }
    r->rank = 0, r->ranks = 1;
    r->mpi = !rc && r->a.mpi;
    if (r->mpi) {
        rc = cli_mpi_begin(&r->rank, &r->ranks, err);
        r->mpi = !rc;
    }
    /* rank 0 sets the directory up (and clears stale temporary files) before
     * the others start writing into it */
    if (!rc && r->a.out && r->rank == 0) {
        rc = gr_tierdb_open(&c->db, r->a.out, &r->g, r->n, true, err);
        c->have_db = !rc;
    }
    rc = solve_agree(r, rc, err);
    if (!rc && r->a.out && r->rank != 0) {
        rc = gr_tierdb_open(&c->db, r->a.out, &r->g, r->n, false, err);
        c->have_db = !rc;
    }
    return rc;
}

static int solve_tiers(solve_run *r, gr_error *err)
{
    solve_ctx *c = &r->c;
    c->stop_after = r->a.stop_after;
    const gr_limits *lim = &r->a.common.limits;
    gr_tier_opts o = {.method = r->a.method, .threads = (int)r->a.threads, .keep = false, .done = on_done,
                      .load = c->have_db ? on_load : NULL, .have = c->have_db ? on_have : NULL, .ctx = c,
                      .max_bytes = lim->max_bytes, .max_seconds = lim->max_seconds, .rank = r->rank,
                      .ranks = r->ranks};
    double t0 = now();
    int rc = r->mpi ? cli_mpi_share(&o, &r->s, err) : GR_OK;
    if (!rc) rc = gr_tiers_solve(&r->s, &o, err);
    r->secs = now() - t0;
    rc = solve_agree(r, rc, err);
    if (!rc && r->mpi) cli_mpi_gather(&r->s, c->max, c->zeros, c->loaded);
    if (r->mpi) cli_mpi_unshare(&o);
    if (!rc && c->have_db && r->rank == 0) rc = gr_tierdb_finish(&c->db, &r->s, err);
    return rc;
}

typedef struct solve_totals {
    uint64_t positions, zeros, loaded, sum;
    uint32_t max;
    double pps;
} solve_totals;

static void print_json(const solve_run *r, const solve_totals *t)
{
    const gr_tiers *s = &r->s;
    printf("{\"rules\": ");
    gr_json_string(stdout, r->a.common.rules);
    printf(", \"piles\": %d, \"graph\": %s, \"total\": %ld, \"positions\": %" PRIu64
           ", \"max_value\": %u, \"seconds\": %.3f, \"checksum\": \"%016" PRIx64 "\"",
           s->n, s->graph ? "true" : "false", r->a.total, t->positions, t->max, r->secs, t->sum);
    if (r->ranks > 1) printf(", \"ranks\": %d", r->ranks);
    if (r->a.stats)
        printf(", \"p_positions\": %" PRIu64 ", \"tiers\": %" PRIu64 ", \"tiers_loaded\": %" PRIu64
               ", \"positions_per_second\": %.0f, \"method\": \"%s\", \"threads\": %d, \"ranks_used\": %d"
               ", \"thread_seconds\": %.3f, \"waiting_seconds\": %.3f, \"serial_cpu_seconds\": %.3f, \"overlapped_cpu_seconds\": %.3f",
               t->zeros, s->total + 1, t->loaded, t->pps, r->a.method == GR_TIER_FAST ? "fast" : "options",
               s->used_threads, r->ranks, s->thread_s, s->waited_s, s->alone_s, s->behind_s);
    printf("}\n");
}

static void print_text(const solve_run *r, const solve_totals *t)
{
    const gr_tiers *s = &r->s;
    printf("positions %" PRIu64 "\nmax_value %u\nseconds %.3f\nchecksum %016" PRIx64 "\n", t->positions, t->max,
           r->secs, t->sum);
    if (r->a.stats)
        printf("p_positions %" PRIu64 "\ntiers %" PRIu64 "\ntiers_loaded %" PRIu64
               "\npositions_per_second %.0f\nmethod %s\nthreads %d\nranks %d\n"
               "thread_seconds %.3f\nwaiting_seconds %.3f (%.0f%%)\nserial_cpu_seconds %.3f\n"
               "overlapped_cpu_seconds %.3f\n",
               t->zeros, s->total + 1, t->loaded, t->pps, r->a.method == GR_TIER_FAST ? "fast" : "options",
               s->used_threads, r->ranks, s->thread_s, s->waited_s,
               s->thread_s > 0 ? 100 * s->waited_s / s->thread_s : 0, s->alone_s, s->behind_s);
}

static void print_report(const solve_run *r)
{
    solve_totals t = {gr_tiers_positions(&r->s), 0, 0, gr_tiers_checksum(&r->s), 0, 0};
    for (uint64_t i = 0; i <= r->s.total; i++) {
        if (r->c.max[i] > t.max) t.max = r->c.max[i];
        t.zeros += r->c.zeros[i];
        t.loaded += r->c.loaded[i];
    }
    t.pps = r->secs > 0 ? t.positions / r->secs : 0;
    if (r->a.common.format == FMT_JSON) print_json(r, &t);
    else print_text(r, &t);
}

static void solve_free(solve_run *r)
{
    if (r->c.have_db) gr_tierdb_close(&r->c.db);
    if (r->mpi) cli_mpi_end();
    free(r->c.max);
    free(r->c.zeros);
    free(r->c.loaded);
    gr_tiers_free(&r->s);
    if (r->g.rs) gr_game_release(&r->g);
    cli_args_free(&r->a.common);
}

int cmd_solve(int argc, char **argv)
{
    solve_run r;
    memset(&r, 0, sizeof r);
    gr_error err;
    gr_error_clear(&err);
    int rc = cli_parse(&r.a.common, argc, argv, CLI_RULES | CLI_LIMITS, extra, &r.a, &err);
    if (!rc && r.a.common.help) {
        fputs(help, stdout);
        cli_args_free(&r.a.common);
        return 0;
    }
    if (!rc && !r.a.have_total) rc = gr_fail(&err, GR_EINPUT, "solve needs --total T");
    if (!rc) rc = gr_game_parse(&r.g, r.a.common.rules, &err);
    if (!rc) rc = solve_piles(&r, &err);
    if (!rc) rc = solve_setup(&r, &err);
    if (!rc) rc = solve_tiers(&r, &err);
    if (!rc && r.rank == 0) print_report(&r);
    solve_free(&r);
    if (rc && err.code == -1) return rc;
    return rc ? cli_report(&err) : 0;
}
