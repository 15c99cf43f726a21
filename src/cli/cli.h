/* Shared pieces of the verbs: argument parsing and error reporting. The verbs
 * hold no game logic: they parse, call the engine, and print. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include "grundy/api.h"
#include "grundy/bigpos.h"
#include "grundy/engine.h"
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/ruleset.h"
#include "grundy/solve.h"

enum cli_format { FMT_TEXT, FMT_JSON, FMT_CSV, FMT_MD };

/* What most verbs take: RULES POS... and the shared flags. */
typedef struct cli_args {
    const char *verb;
    const char *rules;          /* first operand */
    gr_bigpos pos;              /* the remaining operands, or standard input for "-" */
    bool have_pos;
    int format;
    gr_outcome outcome;
    gr_limits limits;
    bool help;
    char **words;               /* argv with "--flag=value" split in two (owned) */
    char *names;
    int nwords;
} cli_args;

/* Flags a verb accepts beyond the shared ones: returns 1 if it consumed
 * argv[*i] (advancing *i past any value), 0 if not its flag, or an error. */
typedef int (*cli_flag_fn)(void *ctx, int argc, char **argv, int *i, gr_error *err);

enum cli_parts {
    CLI_RULES = 1u << 0,        /* first operand is RULES */
    CLI_POS = 1u << 1,          /* then a position */
    CLI_OUTCOME = 1u << 2,      /* --misere and friends */
    CLI_LIMITS = 1u << 3,       /* --max-memory, --max-seconds */
    CLI_CSV = 1u << 4,
    CLI_MD = 1u << 5,
    CLI_NOFORMAT = 1u << 6      /* no --format: the verb prints no data */
};

int cli_parse(cli_args *a, int argc, char **argv, unsigned parts, cli_flag_fn extra, void *ctx, gr_error *err);
void cli_args_free(cli_args *a);
/* The value after a flag, as a counted integer in [lo, hi]. */
int cli_flag_long(int argc, char **argv, int *i, long lo, long hi, long *out, gr_error *err);
/* Refuses up front (before any work) an output file whose folder is missing
 * or not writable, with the reason. */
int cli_check_output(const char *flag, const char *path, gr_error *err);
/* Prints "grundy: message" (a limit's with the flag that raises it) and
 * returns the exit status (gr_status_exit). */
int cli_report(const gr_error *err);
/* A verb of the answer layer (grundy/api.h) as a command: its words into
 * key/value pairs (RULES, then POS... or '-' for standard input, then the
 * flags), the layer's call, and the reply printed in --format text|json.
 * The whole answer is printed at once, or nothing and the error. */
int cli_api_verb(int verb, const char *help, int argc, char **argv);
/* A verb's own flag --KEY through the layer's validator: 1 taken, 0 not one, else the error. */
struct gr_api_request;
int cli_layer_flag(struct gr_api_request *req, const char *const *keys, size_t nkeys, int argc, char **argv, int *i,
                   gr_error *err);
/* The progress line of a long nim-sequence run (grundy/engine.h's
 * gr_heap_progress_fn), on standard error. */
typedef struct cli_heap_progress {
    bool shown;
} cli_heap_progress;
void cli_heap_progress_line(void *ctx, uint64_t done, uint64_t to, double seconds);
/* The same words into a request (req initialised with its verb), filled by
 * the layer's validator (cli_api_verb, and play, which prints as it goes);
 * *help: --help was given, nothing filled; *format (unless NULL): --format's
 * value. */
int cli_api_request(gr_api_request *req, int argc, char **argv, bool *help, int *format, gr_error *err);

int cmd_games(int argc, char **argv);
int cmd_value(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_seq(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_losing(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_misere(int argc, char **argv);
int cmd_census(int argc, char **argv);
/* solve --mpi (solve_mpi.c; stubs that refuse when built without MPI).
 * begin refuses a process not started by mpirun. gather: the per-tier
 * figures onto rank 0, each from the one rank that reports the tier, and
 * the threads and thread-seconds of every rank summed there. share: with
 * more ranks than chains, one communicator per chain's group as o's share
 * hook (collective; unshare frees it). */
struct gr_tiers;
struct gr_tier_opts;
int cli_mpi_begin(int *rank, int *ranks, gr_error *err);
int cli_mpi_status(int rc);
void cli_mpi_gather(struct gr_tiers *s, uint32_t *max, uint64_t *zeros, uint64_t *loaded);
int cli_mpi_share(struct gr_tier_opts *o, const struct gr_tiers *s, gr_error *err);
void cli_mpi_unshare(struct gr_tier_opts *o);
void cli_mpi_end(void);
/* table --mpi: started by mpirun; rank 0's values to every rank; x summed
 * and maxed onto rank 0. */
bool cli_mpi_launched(void);
void cli_mpi_bcast_u32(uint32_t *v, size_t count);
void cli_mpi_sum_max(double x, double *sum, double *max);
/* table --mpi (table_mpi.c): the three-pile table with its state split
 * over the ranks, rank 0 handing the rows on. */
typedef struct table_mpi table_mpi;
int table_mpi_begin(table_mpi **out, uint32_t n, int threads, gr_error *err);
int table_mpi_rank(const table_mpi *m);
/* true when this rank stopped because another rank failed (that rank says why) */
bool table_mpi_failed_elsewhere(const table_mpi *m);
/* rank 0's own figures for the progress line (no communication) */
void table_mpi_progress(const table_mpi *m, char *buf, size_t size);
/* rank 0: a row recovered from FILE.part, sent to every rank's slice */
void table_mpi_feed(table_mpi *m, uint32_t b, const uint32_t *row);
/* After rank 0's recovery (its status rc): every rank gets the first row
 * to compute, or fails (GR_EINPUT everywhere, rank 0 having said why). */
int table_mpi_recovered(table_mpi *m, int rc, uint32_t *start);
/* Rows start..n; rank 0 hands them to k (NULL on the other ranks) a band at
 * a time, the items on the rank's threads (a non-zero return stops every rank). */
struct gr_s3fast_sink;
int table_mpi_rows(table_mpi *m, uint32_t start, const struct gr_s3fast_sink *k);
/* rank 0: the line for --stats and progress (every rank must call it) */
void table_mpi_usage(table_mpi *m, char *buf, size_t size);
void table_mpi_end(table_mpi *m);

/* stop.c: SIGINT/SIGTERM ask a long run to stop (lim->stop) between
 * begin and end; with second_kills a second signal kills at once. */
typedef struct cli_stop {
    struct sigaction old_int, old_term;
} cli_stop;
void cli_stop_begin(cli_stop *s, gr_limits *lim, bool second_kills);
void cli_stop_end(cli_stop *s);

#endif
