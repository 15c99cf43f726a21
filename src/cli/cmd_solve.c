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
    "                 and those beyond n inside each tier (fast method)\n"
    "  --piles N      the number of piles, as sharing:piles=N says\n"
    "  --stop-after K stop after K tiers (the next run resumes from --out DIR)\n"
    "  --split-min K  testing: split tiers and levels from K positions on\n"
    "  --mpi          under mpirun: chains spread over the ranks (ranks beyond the\n"
    "                 chains split their tiers), results gathered on rank 0\n"
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
    long split_min;           /* testing: levels, and blocks of them over ranks, from this size on */
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
    if (strcmp(f, "--split-min") == 0) return (rc = cli_flag_long(argc, argv, i, 1, 1L << 30, &s->split_min, err)) ? rc : 1;
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
    tally(c, s, t);
    if (c->have_db) {
        int rc = gr_tierdb_write(&c->db, s, t, err);
        if (rc) return rc;
    }
    long n = __atomic_add_fetch(&c->done_count, 1, __ATOMIC_SEQ_CST);
    if (c->stop_after && n >= c->stop_after)
        return gr_fail(err, 3, "stopped after %ld new tiers as asked (--stop-after); run again to resume", n);
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

int cmd_solve(int argc, char **argv)
{
    solve_args a;
    memset(&a, 0, sizeof a);
    gr_error err;
    gr_error_clear(&err);
    gr_game g = {0};
    gr_tiers s;
    memset(&s, 0, sizeof s);
    solve_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse(&a.common, argc, argv, CLI_RULES | CLI_LIMITS, extra, &a, &err);
    if (!rc && a.common.help) {
        fputs(help, stdout);
        cli_args_free(&a.common);
        return 0;
    }
    if (!rc && !a.have_total) rc = gr_fail(&err, GR_EINPUT, "solve needs --total T");
    if (!rc) rc = gr_game_parse(&g, a.common.rules, &err);
    int n = g.piles ? g.piles : (int)a.piles;
    if (!rc && g.piles && a.piles && g.piles != a.piles)
        rc = gr_fail(&err, GR_EINPUT, "--piles %ld disagrees with the rules' piles=%d", a.piles, g.piles);
    if (!rc && !n) {
        /* a graph names its piles: the fewest piles the rules accept, when
         * that is more than 2 (plain sharing accepts 2 and needs piles=n) */
        gr_error quiet;
        gr_error_clear(&quiet);
        if (gr_game_check_count(&g, 2, &quiet))
            for (int k = 3; k <= GR_MAX_PILES && !n; k++) {
                gr_error_clear(&quiet);
                if (!gr_game_check_count(&g, k, &quiet)) n = k;
            }
    }
    if (!rc) rc = gr_tiers_init(&s, &g, n, (uint64_t)a.total, &err);
    if (!rc) {
        c.max = calloc(s.total + 1, sizeof *c.max);
        c.zeros = calloc(s.total + 1, sizeof *c.zeros);
        c.loaded = calloc(s.total + 1, sizeof *c.loaded);
        if (!c.max || !c.zeros || !c.loaded) rc = gr_fail(&err, GR_EINPUT, "not enough memory");
    }
    int rank = 0, ranks = 1;
    bool mpi = !rc && a.mpi;
    if (mpi) {
        rc = cli_mpi_begin(&rank, &ranks, &err);
        mpi = !rc;
    }
    /* rank 0 sets the directory up (and clears stale temporary files) before
     * the others start writing into it */
    if (!rc && a.out && rank == 0) {
        rc = gr_tierdb_open(&c.db, a.out, &g, n, true, &err);
        c.have_db = !rc;
    }
    if (mpi) {
        int mine = rc;
        rc = cli_mpi_status(rc);
        if (rc && !mine) err.code = -1;   /* rank 0 failed and said why */
    }
    if (!rc && a.out && rank != 0) {
        rc = gr_tierdb_open(&c.db, a.out, &g, n, false, &err);
        c.have_db = !rc;
    }
    double secs = 0;
    if (!rc) {
        c.stop_after = a.stop_after;
        gr_tier_opts o = {.method = a.method, .threads = (int)a.threads, .keep = false, .done = on_done,
                          .load = c.have_db ? on_load : NULL, .have = c.have_db ? on_have : NULL, .ctx = &c, .max_bytes = a.common.limits.max_bytes,
                          .max_seconds = a.common.limits.max_seconds,
                          .rank = rank, .ranks = ranks, .level_min = (uint64_t)a.split_min, .share_min = (uint64_t)a.split_min};
        double t0 = now();
        if (mpi) rc = cli_mpi_share(&o, &s, &err);
        if (!rc) rc = gr_tiers_solve(&s, &o, &err);
        secs = now() - t0;
        if (mpi) {
            int mine = rc;
            rc = cli_mpi_status(rc);
            if (rc && !mine) err.code = -1;   /* another rank failed and said why */
            if (!rc) cli_mpi_gather(&s, c.max, c.zeros, c.loaded);
            cli_mpi_unshare(&o);
        }
        if (!rc && c.have_db && rank == 0) rc = gr_tierdb_finish(&c.db, &s, &err);
    }
    if (!rc && rank == 0) {
        uint64_t positions = gr_tiers_positions(&s), zeros = 0, loaded = 0;
        uint32_t mx = 0;
        for (uint64_t t = 0; t <= s.total; t++) {
            if (c.max[t] > mx) mx = c.max[t];
            zeros += c.zeros[t];
            loaded += c.loaded[t];
        }
        uint64_t sum = gr_tiers_checksum(&s);
        int threads = s.used_threads;
        double pps = secs > 0 ? positions / secs : 0;
        if (a.common.format == FMT_JSON) {
            printf("{\"rules\": ");
            gr_json_string(stdout, a.common.rules);
            printf(", \"piles\": %d, \"graph\": %s, \"total\": %ld, \"positions\": %" PRIu64
                   ", \"max_value\": %u, \"seconds\": %.3f, \"checksum\": \"%016" PRIx64 "\"",
                   s.n, s.graph ? "true" : "false", a.total, positions, mx, secs, sum);
            if (ranks > 1) printf(", \"ranks\": %d", ranks);
            if (a.stats)
                printf(", \"p_positions\": %" PRIu64 ", \"tiers\": %" PRIu64 ", \"tiers_loaded\": %" PRIu64
                       ", \"positions_per_second\": %.0f, \"method\": \"%s\", \"threads\": %d, \"ranks_used\": %d"
                       ", \"thread_seconds\": %.3f, \"waiting_seconds\": %.3f",
                       zeros, s.total + 1, loaded, pps, a.method == GR_TIER_FAST ? "fast" : "options", threads, ranks,
                       s.thread_s, s.waited_s);
            printf("}\n");
        } else {
            printf("positions %" PRIu64 "\nmax_value %u\nseconds %.3f\nchecksum %016" PRIx64 "\n", positions, mx,
                   secs, sum);
            if (a.stats)
                printf("p_positions %" PRIu64 "\ntiers %" PRIu64 "\ntiers_loaded %" PRIu64
                       "\npositions_per_second %.0f\nmethod %s\nthreads %d\nranks %d\n"
                       "thread_seconds %.3f\nwaiting_seconds %.3f (%.0f%%)\n",
                       zeros, s.total + 1, loaded, pps, a.method == GR_TIER_FAST ? "fast" : "options", threads, ranks,
                       s.thread_s, s.waited_s, s.thread_s > 0 ? 100 * s.waited_s / s.thread_s : 0);
        }
    }
    if (c.have_db) gr_tierdb_close(&c.db);
    if (mpi) cli_mpi_end();
    free(c.max);
    free(c.zeros);
    free(c.loaded);
    gr_tiers_free(&s);
    if (g.rs) gr_game_release(&g);
    cli_args_free(&a.common);
    if (rc && err.code == -1) return rc;
    return rc ? cli_report(&err) : 0;
}
