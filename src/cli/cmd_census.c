/* grundy census: many octal codes by the sparse-space engine, each into
 * its sequence file in one folder, resumable as a whole (grundy/census.h).
 * Small codes run side by side, one thread each; with fewer codes than
 * threads each code gets a share of them. */
#include "census.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "usage: grundy census CODES... | --unsolved | --digits K  --to N --dir DIR\n"
    "                     [--threads T] [--format text|md|csv|json] [--png FILE]\n"
    "                     [--max-seconds S] [--max-memory SIZE] [--mpi]\n\n"
    "Runs the nim-sequences of many octal codes (.161, 4.007, grundy-game, ...) to\n"
    "G(0..N) with the sparse-space engine, each into DIR/<code>.grs (the sequence\n"
    "files of grundy seq --out), and prints per code the heaps reached, the largest\n"
    "value and where, the mask, the rare heaps and the last one, and the period when\n"
    "the periodicity theorem certifies one (the run of that code stops there); then\n"
    "the codes whose sequences agree on 0..N, and the games published tables list\n"
    "as one with their first difference.\n\n"
    "  --unsolved      the 82 unsolved octal games of at most 3 digits, and Grundy's game\n"
    "  --digits K      every code 0.d1..dk and 4.d1..dk, k <= K (K = 1..3)\n"
    "  --dir DIR       the census folder: DIR/MANIFEST and the sequence files. The\n"
    "                  same command resumes a killed census where each code stopped;\n"
    "                  a larger --to extends it; no codes: the codes of DIR's census\n"
    "  --threads T     threads in all (default: all cores): codes side by side, one\n"
    "                  thread each, or one code on all of them\n"
    "  --png FILE      each code's rare heaps and largest value against N\n"
    "  --max-seconds S each code stops after S seconds (resumable; exit 3)\n"
    "  --report        the table of what DIR holds now, computing nothing (a census\n"
    "                  running meanwhile is not disturbed)\n"
    "  --mpi           started by mpirun: rank 0 hands codes to the ranks\n";

typedef struct opts {
    census c;
    bool have_to, unsolved;
    long digits;
    bool max_seconds;
    bool report;                 /* print what DIR holds, compute nothing */
} opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    opts *o = ctx;
    const char *f = argv[*i];
    long v;
    int rc;
    if (strcmp(f, "--to") == 0) {
        if ((rc = cli_flag_long(argc, argv, i, 1, 4294967294L, &v, err))) return rc;
        o->c.to = (uint64_t)v, o->have_to = true;
        return 1;
    }
    if (strcmp(f, "--threads") == 0) {
        if ((rc = cli_flag_long(argc, argv, i, 1, 4096, &v, err))) return rc;
        o->c.threads = (int)v;
        return 1;
    }
    if (strcmp(f, "--digits") == 0) {
        if ((rc = cli_flag_long(argc, argv, i, 1, 3, &o->digits, err))) return rc;
        return 1;
    }
    if (strcmp(f, "--dir") == 0 || strcmp(f, "--png") == 0) {
        if (*i + 1 >= argc || !*argv[*i + 1]) return gr_fail(err, GR_EINPUT, "%s needs a value", f);
        if (f[2] == 'd') o->c.dir = argv[++*i];
        else o->c.png = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--unsolved") == 0) return o->unsolved = true, 1;
    if (strcmp(f, "--mpi") == 0) return o->c.mpi = true, 1;
    if (strcmp(f, "--report") == 0) return o->report = true, 1;
    return 0;
}

/* Flags that take a value: the word after one is not a code. */
static bool takes_value(const char *f)
{
    static const char *const with[] = {"--to", "--dir", "--threads", "--format", "--png", "--digits",
                                       "--max-memory", "--max-seconds"};
    for (size_t k = 0; k < sizeof with / sizeof *with; k++)
        if (strcmp(f, with[k]) == 0) return true;
    return false;
}

/* Adds a code unless the census has it already (the same ruleset). */
static int add_code(census *c, size_t *cap, const char *word, gr_error *err)
{
    gr_census_rec r;
    int rc = gr_census_code(word, &r, err);
    if (rc) return rc;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->recs[i].rules, r.rules) == 0) return GR_OK;
    if (c->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        gr_census_rec *more = realloc(c->recs, *cap * sizeof *more);
        if (!more) return gr_fail_nomem(err);
        c->recs = more;
    }
    c->recs[c->n++] = r;
    return GR_OK;
}

static int gather_codes(opts *o, char **codes, int ncodes, gr_error *err)
{
    size_t cap = 0;
    int rc = GR_OK;
    for (int k = 0; k < ncodes && !rc; k++) rc = add_code(&o->c, &cap, codes[k], err);
    if (!rc && o->unsolved) {
        const char *const *names;
        size_t n = gr_census_unsolved(&names);
        for (size_t k = 0; k < n && !rc; k++) rc = add_code(&o->c, &cap, names[k], err);
    }
    if (!rc && o->digits) {
        size_t n = gr_census_all((int)o->digits, NULL, 0);
        char (*names)[8] = malloc(n * sizeof *names);
        if (!names) return gr_fail_nomem(err);
        gr_census_all((int)o->digits, names, n);
        for (size_t k = 0; k < n && !rc; k++) rc = add_code(&o->c, &cap, names[k], err);
        free(names);
    }
    return rc;
}

/* ------------------------------------------------------------ running */

/* set by SIGINT/SIGTERM, read by every worker (a lock-free atomic is safe in a handler) */
static atomic_int interrupted;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&interrupted, 1);
}

static int stop_hook(void *ctx)
{
    (void)ctx;
    return atomic_load(&interrupted);
}

typedef struct pool {
    census *c;
    pthread_mutex_t lock;
    size_t next, finished;
    int per;                     /* threads a code */
    int rc;                      /* the first failure's status */
    gr_error err;
} pool;

static void note_done(pool *p, size_t i, int rc, const gr_error *e)
{
    census *c = p->c;
    gr_census_rec *r = &c->recs[i];
    p->finished++;
    gr_error ignored = {0};
    gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);
    if (rc && rc != GR_ELIMIT && !p->rc) p->rc = rc, p->err = *e;
    if (isatty(2))
        fprintf(stderr, "census: %zu of %zu: %s to G(%llu), %llu computed in %.1f s on %d thread%s%s%s\n", p->finished,
                c->n, r->name, (unsigned long long)(r->count ? r->count - 1 : 0),
                (unsigned long long)(r->count - r->resumed), r->seconds, r->threads, r->threads == 1 ? "" : "s",
                r->cert.certified ? ", period certified" : "", rc ? " (stopped)" : "");
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        /* each code runs on a copy: the manifest is written from every
         * record while others run */
        pthread_mutex_lock(&p->lock);
        size_t i = p->next++;
        gr_census_rec r;
        if (i < p->c->n) r = p->c->recs[i];
        pthread_mutex_unlock(&p->lock);
        if (i >= p->c->n || interrupted) break;
        gr_error e = {0};
        int rc = gr_census_run(&r, p->c->dir, p->c->to, p->per, &p->c->lim, &e);
        pthread_mutex_lock(&p->lock);
        p->c->recs[i] = r;
        note_done(p, i, rc, &e);
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}

static int run_local(census *c, gr_error *err)
{
    pool p = {.c = c, .next = 0};
    pthread_mutex_init(&p.lock, NULL);
    int workers = c->threads < (int)c->n ? c->threads : (int)c->n;
    p.per = c->n >= (size_t)c->threads ? 1 : c->threads / (int)c->n;
    pthread_t *t = calloc((size_t)workers, sizeof *t);
    if (!t) return gr_fail_nomem(err);
    int started = 0;
    for (; started < workers; started++)
        if (pthread_create(&t[started], NULL, worker, &p) != 0) break;
    if (!started) worker(&p);
    for (int k = 0; k < started; k++) pthread_join(t[k], NULL);
    free(t);
    pthread_mutex_destroy(&p.lock);
    if (p.rc) *err = p.err;
    return p.rc;
}

/* --report: each code's file as it stands. */
static int report(census *c, gr_error *err)
{
    int rc = GR_OK;
    for (size_t i = 0; i < c->n && !rc && !interrupted; i++) rc = gr_census_read(&c->recs[i], c->dir, c->to, &c->lim, err);
    return rc;
}

/* The exit status once every code has run: a limit (exit 3) when some
 * code stopped short of --to, with the resume hint. */
static int outcome(const census *c, gr_error *err)
{
    size_t stopped = 0;
    const char *first = NULL;
    for (size_t i = 0; i < c->n; i++)
        if (c->recs[i].state == GR_CENSUS_STOPPED) stopped++, first = first ? first : c->recs[i].name;
    if (stopped)
        return gr_fail(err, GR_ELIMIT, "census: %zu code%s stopped before G(%llu) (the first %s); the same command "
                       "resumes", stopped, stopped == 1 ? "" : "s", (unsigned long long)c->to, first);
    return GR_OK;
}

static int finish(opts *o, int rc, gr_error *err);

static int run(opts *o, char **codes, int ncodes, int *rank, gr_error *err)
{
    census *c = &o->c;
    int ranks = 1, rc = GR_OK;
    if (c->mpi && (rc = cli_mpi_begin(rank, &ranks, err))) return rc;
    if (!c->dir) rc = gr_fail(err, GR_EINPUT, "census needs --dir DIR (the census folder)");
    else if (!o->have_to) rc = gr_fail(err, GR_EINPUT, "census needs --to N");
    if (!rc) rc = gather_codes(o, codes, ncodes, err);
    /* rank 0 alone keeps the folder; the ranks get the records from it */
    int lock = -1;
    if (!rc && *rank == 0) rc = gr_census_open(c->dir, &c->recs, &c->n, err);
    if (!rc && *rank == 0 && !o->report) rc = gr_census_lock(c->dir, &lock, err);
    if (!rc && *rank == 0 && !o->report) rc = gr_census_save(c->dir, c->recs, c->n, c->to, err);
    if (c->mpi && cli_mpi_status(rc) && !rc) rc = GR_EINPUT;    /* rank 0 said why */
    if (rc) {
        if (c->mpi) cli_mpi_end();
        gr_census_unlock(lock);
        return rc;
    }
    if (!o->max_seconds) c->lim.max_seconds = 1e18;    /* a census runs as long as it takes */
    c->lim.stop = stop_hook;
    if (c->threads <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        c->threads = cores > 0 ? (int)cores : 1;
    }
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    if (o->report) rc = report(c, err);
    else rc = c->mpi ? census_mpi(c, *rank, ranks, err) : run_local(c, err);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (*rank != 0) return rc;
    rc = finish(o, rc, err);
    gr_census_unlock(lock);
    return rc;
}

/* Rank 0 after the run: the manifest, then the table and the picture. */
static int finish(opts *o, int rc, gr_error *err)
{
    census *c = &o->c;
    gr_error ignored = {0};
    if (!o->report) gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);   /* a running census owns it */
    if (interrupted)
        return gr_fail(err, GR_EINTR, "census: interrupted; every code's file is kept: the same command resumes");
    /* a code that failed (memory, a value past the file's range) does not
     * hide the others' rows: the table first, then its message */
    gr_error shown = {0};
    int prc = census_print(c, &shown);
    if (!prc && c->png) prc = census_png(c, c->png, &shown);
    if (rc) return rc;
    if (prc) {
        *err = shown;
        return prc;
    }
    return o->report ? GR_OK : outcome(c, err);
}

int cmd_census(int argc, char **argv)
{
    opts o;
    memset(&o, 0, sizeof o);
    gr_error err = {0};
    /* the codes are the words that are neither flags nor a flag's value */
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest), **codes = malloc(((size_t)argc + 1) * sizeof *codes);
    if (!rest || !codes) {
        free(rest);
        free(codes);
        gr_fail_nomem(&err);
        return cli_report(&err);
    }
    int nrest = 0, ncodes = 0, rank = 0;
    for (int k = 0; k < argc; k++) {
        const char *w = argv[k];
        if (k > 0 && w[0] != '-' && !(nrest > 0 && takes_value(rest[nrest - 1]))) {
            codes[ncodes++] = argv[k];
            continue;
        }
        if (strncmp(w, "--max-seconds", 13) == 0) o.max_seconds = true;
        rest[nrest++] = argv[k];
    }
    rest[nrest] = NULL;
    cli_args a;
    int rc = cli_parse(&a, nrest, rest, CLI_CSV | CLI_MD | CLI_LIMITS, extra, &o, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
    } else if (!rc) {
        o.c.format = a.format;
        o.c.lim = a.limits;
        rc = run(&o, codes, ncodes, &rank, &err);
    }
    cli_args_free(&a);
    free(o.c.recs);
    free(rest);
    free(codes);
    if (rc && rank != 0) return rc;         /* rank 0 reports */
    return rc ? cli_report(&err) : 0;
}
