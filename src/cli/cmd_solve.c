/* grundy solve: every position of a total-keeping ruleset up to a canonical
 * total, by the tier solver; optionally stored on disk, one file per tier,
 * and resumed from the tiers already there (docs/tiers.md: the format).
 * The answer layer's solve verb runs it (src/api/solve.c); --mpi lends it
 * this executable's MPI (solve_mpi.c). This file parses, calls and prints. */
#include "cli.h"
#include <stdlib.h>
#include <string.h>

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

/* --mpi: the layer runs the chains over the ranks through these */
static const gr_api_solve_mpi solve_mpi = {cli_mpi_begin, cli_mpi_status, cli_mpi_gather,
                                           cli_mpi_share, cli_mpi_unshare, cli_mpi_end};

/* solve's own keys, as the answer layer names them (--mpi is the command line's) */
static const char *const own_keys[] = {"total", "piles", "threads", "stop-after", "stats", "method", "out"};

/* One of solve's own flags through the layer's validator (its ranges and
 * messages), at once, so that the first bad word is the one reported. */
static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    gr_api_request *req = ctx;
    if (strcmp(argv[*i], "--mpi") == 0) return req->solve.mpi = &solve_mpi, 1;
    return cli_layer_flag(req, own_keys, sizeof own_keys / sizeof *own_keys, argc, argv, i, err);
}

int cmd_solve(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    gr_api_request req;
    gr_api_request_init(&req, GR_API_SOLVE, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_LIMITS, extra, &req, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
    } else if (!rc) {
        req.limits = a.limits;
        if (!(req.rules = strdup(a.rules))) rc = gr_fail_nomem(&err);
        if (!rc) rc = gr_api_call(NULL, &req, &rep, &err);
        /* under MPI rank 0 prints */
        if (!rc && rep.solve.rank == 0) gr_api_render(&out, a.format == FMT_JSON ? GR_API_JSON : GR_API_TEXT, &rep);
        if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
        if (!rc) fwrite(out.s, 1, out.len, stdout);
    }
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    cli_args_free(&a);
    /* under MPI a rank that did not fail itself says nothing: the failing one did */
    if (rc && err.code == -1) return rc;
    return rc ? cli_report(&err) : 0;
}
