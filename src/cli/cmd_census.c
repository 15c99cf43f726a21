/* grundy census: many octal codes by the sparse-space engine, each into
 * its sequence file in one folder, resumable as a whole (grundy/census.h).
 * The answer layer's census verb runs it (src/api/census.c); --mpi lends it
 * this executable's MPI (census_mpi.c). This file parses, calls and prints
 * (the table, then the picture). */
#include "census.h"
#include <stdio.h>
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

/* --mpi: the layer runs the codes over the ranks through these */
static int mpi_run(gr_census_rec *recs, size_t n, const char *dir, uint64_t to, int threads, const gr_limits *lim,
                   int rank, int ranks, gr_error *err)
{
    census c = {.recs = recs, .n = n, .to = to, .dir = dir, .threads = threads, .mpi = true, .lim = *lim};
    return census_mpi(&c, rank, ranks, err);
}

static const gr_api_census_mpi census_mpi_hooks = {cli_mpi_begin, cli_mpi_status, mpi_run, cli_mpi_end};

typedef struct opts {
    gr_api_request *req;
    int format;
    const char *png;
} opts;

/* census's own flags go to the layer's validator as they are read; the
 * picture and MPI are the command line's. */
static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    static const char *const own_keys[] = {"to", "threads", "digits", "dir", "unsolved", "report"};
    opts *o = ctx;
    const char *f = argv[*i];
    if (strcmp(f, "--png") == 0) {
        if (*i + 1 >= argc || !*argv[*i + 1]) return gr_fail(err, GR_EINPUT, "%s needs a value", f);
        o->png = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--mpi") == 0) return o->req->census.mpi = &census_mpi_hooks, 1;
    return cli_layer_flag(o->req, own_keys, sizeof own_keys / sizeof *own_keys, argc, argv, i, err);
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

/* Each finished code, on a terminal. */
static void progress(void *ctx, size_t finished, size_t n, const gr_census_rec *r, int rc)
{
    (void)ctx;
    if (isatty(2))
        fprintf(stderr, "census: %zu of %zu: %s to G(%llu), %llu computed in %.1f s on %d thread%s%s%s\n", finished, n,
                r->name, (unsigned long long)(r->count ? r->count - 1 : 0),
                (unsigned long long)(r->count - r->resumed), r->seconds, r->threads, r->threads == 1 ? "" : "s",
                r->cert.certified ? ", period certified" : "", rc ? " (stopped)" : "");
}

/* The table, then the picture; the call's own failure first, then the
 * picture's, then codes stopped short (exit 3). */
static int show(const opts *o, const gr_api_reply *rep, int rc, gr_error *err)
{
    gr_buf out;
    gr_buf_init(&out);
    gr_api_render(&out, o->format == FMT_JSON ? GR_API_JSON : o->format == FMT_CSV ? GR_API_CSV
                        : o->format == FMT_MD ? GR_API_MD : GR_API_TEXT, rep);
    gr_error shown = {0};
    int prc = GR_OK;
    if (!gr_buf_ok(&out)) prc = gr_fail_nomem(&shown);
    else if (fwrite(out.s, 1, out.len, stdout) != out.len || fflush(stdout) != 0)
        prc = gr_fail(&shown, GR_EINPUT, "census: cannot write the table");
    gr_buf_free(&out);
    const gr_api_census_reply *c = &rep->census;
    if (!prc && o->png) {
        census pic = {.recs = c->recs, .n = c->n, .to = c->to, .dir = c->dir, .format = o->format, .png = o->png};
        prc = census_png(&pic, o->png, &shown);
    }
    if (rc && !c->stopped) return rc;
    if (prc) {
        *err = shown;
        return prc;
    }
    return rc;
}

int cmd_census(int argc, char **argv)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CENSUS, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    opts o = {.req = &req};
    gr_error err = {0};
    /* the codes are the words that are neither flags nor a flag's value */
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest), **codes = malloc(((size_t)argc + 1) * sizeof *codes);
    if (!rest || !codes) {
        free(rest);
        free(codes);
        gr_fail_nomem(&err);
        return cli_report(&err);
    }
    int nrest = 0, ncodes = 0;
    for (int k = 0; k < argc; k++) {
        const char *w = argv[k];
        if (k > 0 && w[0] != '-' && !(nrest > 0 && takes_value(rest[nrest - 1]))) {
            codes[ncodes++] = argv[k];
            continue;
        }
        if (strncmp(w, "--max-seconds", 13) == 0) req.census.max_seconds = true;
        rest[nrest++] = argv[k];
    }
    rest[nrest] = NULL;
    req.census.codes = (const char *const *)codes;
    req.census.ncodes = (size_t)ncodes;
    req.census.progress = progress;
    cli_args a;
    int rc = cli_parse(&a, nrest, rest, CLI_CSV | CLI_MD | CLI_LIMITS, extra, &o, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
    } else if (!rc) {
        o.format = a.format;
        req.limits = a.limits;
        cli_stop stop;
        cli_stop_begin(&stop, &req.limits, false);
        rc = gr_api_call(NULL, &req, &rep, &err);
        cli_stop_end(&stop);
        if (rep.census.table && rep.census.rank == 0) rc = show(&o, &rep, rc, &err);
    }
    int rank = rep.census.rank;
    cli_args_free(&a);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    free(rest);
    free(codes);
    if (rc && rank != 0) return rc;         /* rank 0 reports */
    return rc ? cli_report(&err) : 0;
}
