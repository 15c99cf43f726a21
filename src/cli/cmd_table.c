#include "cli.h"
#include "grundy/io.h"
#include "grundy/s3file.h"
#include "grundy/s3png.h"
#include "grundy/s3stats.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static const char help[] =
    "usage: grundy table sharing --max N [--method simple|fast] [--format text|csv|json]\n"
    "       grundy table sharing --max N --players M | --misere | --block K | --block-position K\n"
    "                            (classes, by search; --max-memory SIZE, --max-seconds S)\n"
    "                            [--out FILE] [--in FILE] [--stats] [--png FILE] [--threads P]\n"
    "       mpirun -np P grundy table sharing --max N --mpi [--out FILE] ...\n\n"
    "Prints G(0,a,b) of three-pile Sharing Nim for 0 <= a <= b <= N: text laid out\n"
    "like seed 000's Table 1 (row a, column b, a = 0 at the bottom), CSV with\n"
    "header a,b,value, or JSON {\"ruleset\",\"max\",\"rows\":[[G(0,0,0)],[G(0,0,1),G(0,1,1)],...]}\n"
    "(rows indexed by b). CSV and JSON stream row by row; the text layout needs\n"
    "the whole table and stops at N = 2000.\n\n"
    "  --method fast     (default) line bitsets, O(N^2 V/w) time, rows streamed\n"
    "  --method simple   every option of every position, O(N^3), the reference\n"
    "  --out FILE        write the table to FILE (binary, docs/sharing-table.md);\n"
    "                    FILE.part holds the rows so far: run the same command\n"
    "                    again after an interruption and it resumes there\n"
    "  --in FILE         read a table written by --out instead of computing\n"
    "  --stats           seed 000's statistics, computed as rows stream; on stderr,\n"
    "                    the threads used and the time they lost waiting\n"
    "  --threads P       the fast method on at most P threads (default: every core,\n"
    "                    OMP_NUM_THREADS; fewer for a small N); same output for any P\n"
    "  --mpi             under mpirun: the line sets split over the ranks (each holds\n"
    "                    about 1/P of them), rank 0 writes; the same output, and the\n"
    "                    same resume, as one process; N up to 2097152 (one process:\n"
    "                    262000); --threads then counts threads per rank (default 1)\n"
    "  --png FILE        heatmap (numbers in the cells up to N = 40, downsampled\n"
    "                    beyond, the rule printed on the picture)\n"
    "With --out, --stats or --png the table itself is not printed.\n"
    "Progress shows on stderr when it is a terminal.\n"
    "  --db DIR          read the values from `grundy solve sharing:piles=3\n"
    "                    --total 2N --out DIR` results\n";

#define TEXT_MAX 2000
#define SIMPLE_MAX 20000
#define MPI_MAX_N 2097152

typedef struct table_opts {
    long max;
    bool have_max;
    const char *method;
    const char *out;
    const char *in;
    const char *png;
    bool stats;
    const char *db;           /* --db DIR: from stored results */
    long threads;             /* 0: every core */
    bool mpi;
} table_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    table_opts *t = ctx;
    const char *f = argv[*i];
    if (strcmp(f, "--max") == 0) {
        t->have_max = true;
        int rc = cli_flag_long(argc, argv, i, 0, MPI_MAX_N, &t->max, err);
        return rc ? rc : 1;
    }
    if (strcmp(f, "--db") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--db needs a directory");
        t->db = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--threads") == 0) {
        int rc = cli_flag_long(argc, argv, i, 1, GR_S3FAST_MAX_THREADS, &t->threads, err);
        return rc ? rc : 1;
    }
    if (strcmp(f, "--stats") == 0) return t->stats = true, 1;
    if (strcmp(f, "--mpi") == 0) return t->mpi = true, 1;
    const char **slot = strcmp(f, "--method") == 0 ? &t->method
                        : strcmp(f, "--out") == 0  ? &t->out
                        : strcmp(f, "--in") == 0   ? &t->in
                        : strcmp(f, "--png") == 0  ? &t->png
                                                   : NULL;
    if (!slot) return 0;
    if (*i + 1 >= argc || argv[*i + 1][0] == '\0') return gr_fail(err, GR_EINPUT, "%s needs a value", f);
    *slot = argv[++*i];
    return 1;
}

static uint32_t s3table_at(const void *ctx, uint32_t a, uint32_t b)
{
    return gr_s3table_get(ctx, a, b);
}

/* What the layer rendered, to standard output; the buffer emptied. */
static int flush_out(gr_buf *b)
{
    if (!gr_buf_ok(b)) return GR_ENOMEM;
    fwrite(b->s, 1, b->len, stdout);
    gr_buf_reset(b);
    return GR_OK;
}

/* The text layout of a whole table, rendered by the layer. */
static int print_text(const gr_s3table *t)
{
    gr_buf b;
    gr_buf_init(&b);
    gr_api_table_put_text(&b, t->n, s3table_at, t);
    int rc = flush_out(&b);
    gr_buf_free(&b);
    return rc;
}

/* Everything a row goes to, besides the file. */
typedef struct sinks {
    int format;                 /* GR_API_CSV / GR_API_JSON when streaming to stdout, else -1 */
    gr_buf line;                /* the rows rendered by the layer, on their way to stdout */
    gr_s3table *full;           /* text layout: the whole table */
    gr_s3stats *stats;
    gr_s3png *png;
    gr_s3fast *feed;            /* rows recovered from FILE.part rebuild this state */
    table_mpi *mpi;             /* or every rank's slice */
} sinks;

/* The sinks that take rows in order, one after the other. */
static void to_ordered_sinks(sinks *k, uint32_t b, const uint32_t *half)
{
    if (k->format >= 0) {
        gr_api_table_put_row(&k->line, k->format, b, half);
        if (k->line.len >= 1 << 16) flush_out(&k->line);
    }
    if (k->full)
        for (uint32_t x = 0; x <= b / 2; x++) {
            k->full->v[gr_s3table_index(x, b)] = half[x];
            k->full->v[gr_s3table_index(b - x, b)] = half[x];
        }
}

static void to_sinks(sinks *k, uint32_t b, const uint32_t *half)
{
    to_ordered_sinks(k, b, half);
    if (k->stats) gr_s3stats_row(k->stats, b, half);
    if (k->png) gr_s3png_row(k->png, b, half);
}

static int recovered(void *ctx, uint32_t b, const uint32_t *row, gr_error *err)
{
    (void)err;
    sinks *k = ctx;
    if (k->feed) gr_s3fast_feed(k->feed, row);
    if (k->mpi) table_mpi_feed(k->mpi, b, row);
    to_sinks(k, b, row);
    return GR_OK;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The share of the threads' time lost waiting for each other. */
static double waiting_share(const gr_s3fast_usage *u)
{
    return u->thread_s > 0 ? 100 * u->waited_s / u->thread_s : 0;
}

/* Work up to row b grows like b^2; progress and the estimate say so. */
static void progress(const gr_s3fast *st, const table_mpi *mpi, double t0, double *last, uint32_t b, uint32_t n,
                     bool done)
{
    double t = now();
    if (!done && t - *last < 0.5) return;
    *last = t;
    double frac = ((double)b + 1) * (b + 1) / (((double)n + 1) * (n + 1));
    double eta = frac > 0 ? (t - t0) * (1 - frac) / frac : 0;
    fprintf(stderr, "\rgrundy: row %u of %u, %5.1f%% of the work, %.0f s, about %.0f s left", b, n, 100 * frac,
            t - t0, eta);
    if (st) {
        gr_s3fast_usage u;
        gr_s3fast_get_usage(st, &u);
        fprintf(stderr, ", %d thread%s, %.0f%% waiting", u.threads, u.threads == 1 ? "" : "s", waiting_share(&u));
    }
    if (mpi) {
        char line[128];
        table_mpi_progress(mpi, line, sizeof line);
        fputs(line, stderr);
    }
    fputs("   ", stderr);
    if (done) fputc('\n', stderr);
}

/* --stats, on stderr (stdout is the same for every thread count): what
 * the computation used, so a user sees whether more cores would help. The
 * threads' time inside the computing splits into the table itself, handing
 * the band before over (its items) and waiting; between bands the calling
 * thread begins and ends each band's hand-over (and the last band's items
 * run after the computing). */
static void print_usage(const gr_s3fast *st, double seconds, double file_wait_s, double writing_s)
{
    gr_s3fast_usage u;
    gr_s3fast_get_usage(st, &u);
    /* what ran on one thread: everything but the computing and the hand-over's share on the threads
     * (the start, the serial rest of the hand-over, the picture and the figures at the end) */
    double one = seconds - u.wall_s - (u.deliver_s - u.alone_s);
    if (one < 0) one = 0;
    double table_s = u.thread_s - u.waited_s - u.handed_s;
    if (table_s < 0) table_s = 0;
    fprintf(stderr,
            "grundy: %d thread%s, 1 rank; %.2f s, %.2f s computing: of %.2f thread-s, %.2f on the table (%.0f%%), "
            "%.2f handing the band before over (%.0f%%), %.2f waiting (%.0f%%); %.2f s handing rows over between "
            "bands (%.2f s of it on one thread), %.2f s of the run on one thread (%.0f%%); %.2f s writing the file "
            "behind the computing, %.2f s waiting for its writer (between bands and at the end)\n",
            u.threads, u.threads == 1 ? "" : "s", seconds, u.wall_s, u.thread_s, table_s,
            u.thread_s > 0 ? 100 * table_s / u.thread_s : 0, u.handed_s,
            u.thread_s > 0 ? 100 * u.handed_s / u.thread_s : 0, u.waited_s, waiting_share(&u), u.deliver_s, u.alone_s,
            one, seconds > 0 ? 100 * one / seconds : 0, writing_s, file_wait_s);
}

/* Where each computed row goes: the file (the checkpoint), then the sinks. */
typedef struct deliver {
    const gr_s3fast *st;
    const table_mpi *mpi;
    sinks *k;
    gr_s3file *out;
    gr_error *err;
    bool tty;
    double t0, last;
    uint32_t n;
    /* the band being handed over: its rows and its items (file, statistics, picture) */
    uint32_t band_b0, band_count;
    const uint32_t *band_rows;
    size_t band_stride;
    long nf, ns, np;
} deliver;

static int deliver_row(void *ctx, uint32_t b, const uint32_t *row)
{
    deliver *d = ctx;
    if (d->out) {
        int rc = gr_s3file_write_row(d->out, row, d->err);
        if (rc) return rc;
    }
    to_sinks(d->k, b, row);
    if (d->tty) progress(d->st, d->mpi, d->t0, &d->last, b, d->n, b == d->n);
    return GR_OK;
}

/* A band of computed rows (docs/sharing-table.md, "The serial part" and
 * "Hand-over inside the computing"): the file's records packed, the
 * statistics and the picture gathered as items that the fast method runs
 * on its threads while it computes the next band; the file written by a
 * background thread; only what must go in row order (the printed formats,
 * the text table, the progress line) and starting and ending the band's
 * sinks run on this thread alone. */
static int band_begin(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                      long *items)
{
    deliver *d = ctx;
    int rc = GR_OK;
    *items = 0;
    d->band_b0 = b0, d->band_count = count, d->band_rows = rows, d->band_stride = stride;
    d->nf = d->ns = d->np = 0;
    if (count == 1) {
        rc = deliver_row(d, b0, rows);   /* rows computed one by one, on one thread */
        d->band_count = 0;
        return rc;
    }
    if (d->out) rc = gr_s3file_band_begin(d->out, count, d->err);
    if (rc) return rc;
    d->nf = d->out ? (long)count : 0;
    /* (on one thread the statistics' begin does the band's statistics: not a serial part) */
    d->ns = d->k->stats ? gr_s3stats_band_begin(d->k->stats, b0, count, rows, stride, threads) : 0;
    d->np = d->k->png ? gr_s3png_band_items(d->k->png, b0, count) : 0;
    *items = d->nf + d->ns + d->np;
    return GR_OK;
}

/* One item: a row's record, COLS columns of statistics or of the picture. */
static void band_item(void *ctx, long i, int thread)
{
    deliver *d = ctx;
    if (i < d->nf) gr_s3file_band_pack(d->out, (uint32_t)i, d->band_rows + (size_t)i * d->band_stride);
    else if (i < d->nf + d->ns) gr_s3stats_band_item(d->k->stats, i - d->nf, thread);
    else gr_s3png_band_item(d->k->png, i - d->nf - d->ns, d->band_b0, d->band_count, d->band_rows, d->band_stride);
}

static int band_end(void *ctx)
{
    deliver *d = ctx;
    if (!d->band_count) return GR_OK;   /* a row handed over whole by begin */
    int rc = GR_OK;
    if (d->k->stats) gr_s3stats_band_end(d->k->stats);
    if (d->out) rc = gr_s3file_band_end(d->out, d->err);
    uint32_t b0 = d->band_b0, count = d->band_count;
    if (d->k->format >= 0 || d->k->full)
        for (uint32_t r = 0; r < count; r++) to_ordered_sinks(d->k, b0 + r, d->band_rows + (size_t)r * d->band_stride);
    uint32_t last = b0 + count - 1;
    if (d->tty) progress(d->st, d->mpi, d->t0, &d->last, last, d->n, last == d->n);
    return rc;
}

/* The requests refused before any work; *fast: the fast method. */
static int check_run(const table_opts *t, int format, const table_mpi *mpi, bool *fast, gr_error *err)
{
    uint32_t n = (uint32_t)t->max;
    *fast = !t->method || strcmp(t->method, "fast") == 0;
    if (t->method && !*fast && strcmp(t->method, "simple") != 0)
        return gr_fail(err, GR_EINPUT, "--method %s: not simple or fast", t->method);
    if (t->in && t->out) return gr_fail(err, GR_EINPUT, "--in and --out together: nothing to compute");
    if (!*fast && n > SIMPLE_MAX)
        return gr_fail(err, GR_EINPUT, "--method simple is O(N^3) time and O(N^2) memory; it stops at --max %d",
                       SIMPLE_MAX);
    if (*fast && !mpi && !t->in && n > GR_S3FAST_MAX_N)
        return gr_fail(err, GR_EINPUT,
                       "--max %u: the fast table on one process goes to %u; beyond, run it over several with --mpi", n,
                       GR_S3FAST_MAX_N);
    bool print = !t->out && !t->stats && !t->png;
    if (print && format == FMT_TEXT && n > TEXT_MAX)
        return gr_fail(err, GR_EINPUT, "the text layout stops at --max %d; use --format csv or --out", TEXT_MAX);
    return GR_OK;
}

/* One run of rank 0 (or the only process): where the rows come from and go. */
typedef struct table_run {
    const table_opts *t;
    uint32_t n;
    bool fast;
    gr_s3table full, simple;
    gr_s3fast *st;
    gr_s3file in, out;
    bool have_in, have_out;
    sinks k;
    uint32_t *row;
    uint32_t start;           /* the first row to compute (a resumed --out) */
} table_run;

/* The sinks (text table, --stats, --png) and the source: --in, the fast
 * state, or the simple table. */
static int open_run(table_run *r, bool print, int format, gr_error *err)
{
    const table_opts *t = r->t;
    int rc = GR_OK;
    if (print && format == FMT_TEXT) {
        r->full.n = r->n;
        r->full.v = malloc(gr_s3table_index(0, r->n + 1) * sizeof *r->full.v);
        if (!r->full.v) rc = gr_fail_nomem(err);
        r->k.full = &r->full;
    }
    if (!rc && t->stats) {
        uint32_t gs[] = {2, 3};
        rc = gr_s3stats_new(&r->k.stats, r->n, gs, 2, 4, err);
    }
    if (!rc && t->png) rc = gr_s3png_new(&r->k.png, r->n, err);
    if (!rc && t->in) {
        rc = gr_s3file_open_read(&r->in, t->in, err);
        r->have_in = !rc;
        if (!rc && r->in.n < r->n)
            rc = gr_fail(err, GR_EINPUT, "'%s' holds the table to %u, not %u", t->in, r->in.n, r->n);
    } else if (!rc && r->fast && !r->k.mpi) {
        rc = gr_s3fast_new(&r->st, r->n, err);
        if (!rc) gr_s3fast_set_threads(r->st, (int)t->threads);
    } else if (!rc && !r->k.mpi) {
        rc = gr_s3table_simple(&r->simple, r->n, err);
    }
    return rc;
}

/* --out: the file, resumed from its .part where a run was stopped. */
static int open_out(table_run *r, gr_error *err)
{
    const table_opts *t = r->t;
    if (!r->fast) return gr_fail(err, GR_EINPUT, "--out streams the fast method; drop --method simple");
    r->k.feed = r->st;
    int rc = gr_s3file_open_write(&r->out, t->out, r->n, recovered, &r->k, err);
    r->have_out = !rc;
    if (!rc) r->start = r->out.next;
    if (!rc && r->start && isatty(2)) fprintf(stderr, "grundy: resumed %s.part at row %u\n", t->out, r->start);
    return rc;
}

/* Rows start..n into d: over the ranks, by the fast state, or read. */
static int compute_rows(table_run *r, deliver *d, char *usage, size_t size, gr_error *err)
{
    int rc = GR_OK;
    if (r->k.mpi) {
        gr_s3fast_sink k = {band_begin, band_item, band_end, d};
        rc = table_mpi_rows(r->k.mpi, r->start, &k);
        if (!rc && r->t->stats) table_mpi_usage(r->k.mpi, usage, size);
        return rc;
    }
    if (r->st) {
        gr_s3fast_sink k = {band_begin, band_item, band_end, d};
        return gr_s3fast_pipelined(r->st, r->n + 1 - r->start, &k);
    }
    for (uint32_t b = r->start; !rc && b <= r->n; b++) {
        if (r->have_in) rc = gr_s3file_read_row(&r->in, r->row, err);
        else
            for (uint32_t x = 0; x <= b / 2; x++) r->row[x] = gr_s3table_get(&r->simple, x, b);
        if (!rc) rc = deliver_row(d, b, r->row);
    }
    return rc;
}

/* What follows the rows: the files closed, the text, picture and figures. */
static int finish_run(table_run *r, int rc, int format, const deliver *d, const char *usage, gr_error *err)
{
    const table_opts *t = r->t;
    double waited = 0, writing = 0;
    if (r->have_out) gr_s3file_write_times(&r->out, &waited, &writing);
    if (r->have_out) {
        if (!rc) rc = gr_s3file_commit(&r->out, err);
        else gr_s3file_close(&r->out);
    }
    if (r->have_in) gr_s3file_close(&r->in);
    if (!rc && r->k.format >= 0) {
        gr_api_table_tail(&r->k.line, r->k.format);
        if (flush_out(&r->k.line)) rc = gr_fail_nomem(err);
    }
    if (!rc && r->k.full && print_text(&r->full)) rc = gr_fail_nomem(err);
    if (!rc && r->k.png) rc = gr_s3png_write(r->k.png, t->png, err);
    gr_buf b;
    gr_buf_init(&b);
    if (!rc && r->k.stats) {
        gr_api_table_stats_render(&b, format == FMT_JSON ? GR_API_JSON : GR_API_TEXT, r->k.stats);
        if (flush_out(&b)) rc = gr_fail_nomem(err);
    }
    if (!rc && t->stats && r->st) print_usage(r->st, now() - d->t0, waited, writing);
    if (!rc && usage[0]) fprintf(stderr, "%s\n", usage);
    if (!rc && t->out && !t->stats) {
        gr_api_table_out_text(&b, t->out, r->n);
        if (flush_out(&b)) rc = gr_fail_nomem(err);
    }
    gr_buf_free(&b);
    return rc;
}

/* mpi: rank 0 of a --mpi run (the other ranks follow, below), else NULL. */
static int run(const table_opts *t, int format, table_mpi *mpi, gr_error *err)
{
    table_run r = {.t = t, .n = (uint32_t)t->max};
    int rc = check_run(t, format, mpi, &r.fast, err);
    if (rc) return rc;
    bool print = !t->out && !t->stats && !t->png;
    int api_format = format == FMT_JSON ? GR_API_JSON : format == FMT_CSV ? GR_API_CSV : -1;
    r.k = (sinks){print ? api_format : -1, {0}, NULL, NULL, NULL, NULL, mpi};
    gr_buf_init(&r.k.line);
    r.row = malloc(((size_t)r.n / 2 + 1) * sizeof *r.row);
    if (!r.row) return gr_fail_nomem(err);
    rc = open_run(&r, print, format, err);
    if (r.k.format >= 0 && !rc) gr_api_table_head(&r.k.line, r.k.format, r.n);
    if (!rc && t->out) rc = open_out(&r, err);
    if (mpi) rc = table_mpi_recovered(mpi, rc, &r.start);
    deliver d = {.st = r.st, .mpi = mpi, .k = &r.k, .out = r.have_out ? &r.out : NULL, .err = err,
                 .tty = isatty(2) && (t->out || r.n >= 4096), .t0 = now(), .n = r.n};
    d.last = d.t0;
    char usage[512] = "";
    if (!rc) rc = compute_rows(&r, &d, usage, sizeof usage, err);
    rc = finish_run(&r, rc, format, &d, usage, err);
    gr_buf_free(&r.k.line);
    gr_s3stats_free(r.k.stats);
    gr_s3png_free(r.k.png);
    gr_s3fast_free(r.st);
    gr_s3table_free(&r.simple);
    gr_s3table_free(&r.full);
    free(r.row);
    return rc;
}

/* A rank other than 0 of a --mpi run: its slice of the state, no output. */
static int follow(table_mpi *m, bool stats)
{
    uint32_t start = 0;
    int rc = table_mpi_recovered(m, GR_OK, &start);
    if (!rc) rc = table_mpi_rows(m, start, NULL);
    char usage[512];
    if (!rc && stats) table_mpi_usage(m, usage, sizeof usage);
    return rc;
}

static int run_table(const table_opts *t, int format, gr_error *err)
{
    if (!t->mpi) return run(t, format, NULL, err);
    if ((t->method && strcmp(t->method, "fast") != 0) || t->in)
        return gr_fail(err, GR_EINPUT, "--mpi computes the table by the fast method: drop --method and --in");
    table_mpi *m = NULL;
    int rc = table_mpi_begin(&m, (uint32_t)t->max, (int)t->threads, err);
    if (m && table_mpi_rank(m) != 0) {
        if (!rc) rc = follow(m, t->stats);
        /* a rank that stops for another's failure ends with status 0: that
         * rank reports it, and a non-zero status here would have mpirun end
         * the job, rank 0 perhaps before its message is out */
        if (rc && table_mpi_failed_elsewhere(m)) rc = 0;
    } else if (!rc) {
        rc = run(t, format, m, err);
    }
    table_mpi_end(m);
    return rc;
}

/* --db: the table from stored tier results, printed like a computed one */
static int print_db_table(const table_opts *t, int format, gr_error *err)
{
    gr_s3table tab = {0, NULL};
    int rc = gr_engine_db_s3table(t->db, &tab, (uint32_t)t->max, err);
    if (rc) return rc;
    if (format == FMT_CSV || format == FMT_JSON) {
        int api_format = format == FMT_JSON ? GR_API_JSON : GR_API_CSV;
        uint32_t *row = malloc(((size_t)tab.n / 2 + 1) * sizeof *row);
        gr_buf b;
        gr_buf_init(&b);
        rc = row ? GR_OK : gr_fail_nomem(err);
        if (!rc) gr_api_table_head(&b, api_format, tab.n);
        for (uint32_t r = 0; !rc && r <= tab.n; r++) {
            for (uint32_t x = 0; x <= r / 2; x++) row[x] = gr_s3table_get(&tab, x, r);
            gr_api_table_put_row(&b, api_format, r, row);
            if (b.len >= 1 << 16) rc = flush_out(&b);
        }
        if (!rc) gr_api_table_tail(&b, api_format);
        if (!rc) rc = flush_out(&b);
        if (rc == GR_ENOMEM) rc = gr_fail_nomem(err);
        gr_buf_free(&b);
        free(row);
    } else {
        rc = print_text(&tab);
        if (rc) rc = gr_fail_nomem(err);
    }
    gr_s3table_free(&tab);
    return rc;
}

/* Streams the layer's rows to standard output as they come. */
typedef struct stream {
    gr_buf b;
    int format;
    uint32_t n;
} stream;

static int stream_row(void *ctx, uint32_t b, const uint32_t *row)
{
    stream *s = ctx;
    if (b == 0) gr_api_table_head(&s->b, s->format, s->n);
    gr_api_table_put_row(&s->b, s->format, b, row);
    if (s->b.len >= 1 << 20 || b == s->n) {
        if (!gr_buf_ok(&s->b)) return GR_ENOMEM;
        fwrite(s->b.s, 1, s->b.len, stdout);
        gr_buf_reset(&s->b);
    }
    return 0;
}

/* The answer layer's table (grundy/api.h): the values printed (CSV and JSON
 * streamed row by row, the text layout whole), or another outcome rule's
 * classes. */
static int by_layer(const cli_args *a, const table_opts *t, gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_TABLE, GR_FRONT_CLI);
    req.outcome = a->outcome;
    req.limits = a->limits;
    gr_api_table_opts *o = &req.table;
    o->max = t->max;
    o->have_max = t->have_max;
    o->threads = t->threads;
    o->text = a->format == FMT_TEXT;
    int format = a->format == FMT_JSON ? GR_API_JSON : a->format == FMT_CSV ? GR_API_CSV : GR_API_TEXT;
    int rc = !(req.rules = strdup(a->rules)) || (t->method && !(o->method = strdup(t->method))) ||
                     (t->in && !(o->in = strdup(t->in)))
                 ? gr_fail_nomem(err)
                 : GR_OK;
    if (!rc && format != GR_API_TEXT && a->outcome.rule == &gr_outcome_normal) {
        stream s = {.format = format, .n = (uint32_t)t->max};
        gr_buf_init(&s.b);
        rc = gr_api_table_rows(&req, stream_row, &s, err);
        if (rc == GR_ENOMEM && !err->code) rc = gr_fail_nomem(err);
        if (!rc) {
            gr_api_table_tail(&s.b, format);
            fwrite(s.b.s, 1, s.b.len, stdout);
        }
        gr_buf_free(&s.b);
    } else if (!rc) {
        gr_api_reply rep;
        gr_api_reply_init(&rep);
        gr_buf out;
        gr_buf_init(&out);
        rc = gr_api_call(NULL, &req, &rep, err);
        if (!rc) gr_api_render(&out, format, &rep);
        if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(err);
        if (!rc) fwrite(out.s, 1, out.len, stdout);
        gr_buf_free(&out);
        gr_api_reply_clear(&rep);
    }
    gr_api_request_clear(&req);
    return rc;
}

int cmd_table(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    table_opts t = {0};
    gr_game g = {0};
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_CSV | CLI_OUTCOME | CLI_LIMITS, extra, &t, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (!rc) rc = gr_game_parse(&g, a.rules, &err);
    if (!rc && !t.have_max) rc = gr_fail(&err, GR_EINPUT, "table needs --max N");
    if (!rc) rc = cli_check_output("--png", t.png, &err);
    if (!rc) rc = cli_check_output("--out", t.out, &err);
    if (!rc && !gr_s3table_covers(&g))
        rc = gr_fail(&err, GR_EINPUT, "table covers three-pile sharing so far, not '%s'", a.rules);
    bool other_rule = a.outcome.rule != &gr_outcome_normal;
    if (!rc && other_rule && (t.db || t.out || t.in || t.png || t.stats || t.method))
        rc = gr_fail(&err, GR_EINPUT, "--db, --out, --in, --png, --stats and --method are for normal play");
    /* the files, statistics, picture and ranks of a run stay on this file's own rows */
    bool plain = !t.db && !t.out && !t.stats && !t.png && !t.mpi;
    if (!rc && (other_rule || plain)) rc = by_layer(&a, &t, &err);
    else if (!rc && t.db) rc = print_db_table(&t, a.format, &err);
    else if (!rc) rc = run_table(&t, a.format, &err);
    if (g.rs) gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
