#include "seq.h"
#include "grundy/sharing3.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "usage: grundy seq RULES --to N [--from M] [--format text|json] [--bfile] [--period]\n"
    "                  [--players M | --misere] [--row A | --diagonal D] [--nim-pairs]\n"
    "                  [--method simple|fast|sparse] [--mask M] [--threads T]\n"
    "                  [--out FILE] [--until-period] [--rare] [--max-memory SIZE] [--max-seconds S]\n"
    "       grundy seq --in FILE [--to N] [--from M] [--bfile] [--period] [--rare] [--format text|json]\n"
    "       grundy seq --compare RULES1 RULES2 --to N [--format text|json]\n\n"
    "Prints a sequence of values: the nim-sequence G(0), G(1), ... of a heap ruleset\n"
    "(one heap of each size), a row or diagonal of three-pile Sharing Nim\n"
    "(G(0,A,n) for n = A..N), or class sequences for m players.\n\n"
    "  --to N, --from M   the sizes n = M..N (default M = 0)\n"
    "  --row A            three-pile Sharing Nim: G(0,A,n) for n = A..N\n"
    "  --diagonal D       three-pile Sharing Nim: G(0,n,n+D) for n = 0..N\n"
    "  --period           also the preperiod and period found (and, for octal codes,\n"
    "                     the periodicity theorem's certificate when it applies)\n"
    "  --bfile            OEIS b-file lines \"n a(n)\" (text only; the period, if\n"
    "                     asked for, goes to standard error)\n"
    "  --method M         the nim-sequence engine: fast (bitsets; the default below\n"
    "                     50000), sparse (the sparse-space method; the default from\n"
    "                     50000 on for codes whose moves leave at most two heaps) or\n"
    "                     simple (every option, the reference)\n"
    "  --players M        the class of one heap for m players (subtraction games with\n"
    "                     --period; any heap ruleset by search); --nim-pairs the\n"
    "                     nim-pairs of 3 players\n"
    "  --misere           the misere outcome (P or N) of one heap of each size\n"
    "  --max-memory SIZE  refuse up front beyond it (default: half the memory)\n"
    "  --max-seconds S    refuse up front a run estimated beyond S seconds (default\n"
    "                     60: wall time for the sparse method, CPU time for fast and\n"
    "                     simple) and stop one that runs past them (exit 3); a run\n"
    "                     with --out has no default time limit\n"
    "--block and --block-position are refused: blocking has no sequence here.\n\n"
    "The sparse-space method (octal games, Grundy's game, at record scale):\n"
    "  --mask M           the rare/common mask (default: chosen from the values)\n"
    "  --threads T        threads (default: chosen as it runs, one thread for codes\n"
    "                     whose heaps are cheap, all cores otherwise); the values\n"
    "                     never depend on T\n"
    "  --out FILE         write the values to a binary sequence file as they come; the\n"
    "                     same command resumes a killed or stopped run, a larger --to\n"
    "                     extends it; no time limit unless --max-seconds is given\n"
    "  --until-period     stop as soon as a period is certified\n"
    "  --rare             list the rare heaps and their values\n"
    "  --in FILE          read a stored sequence instead of computing it (streamed:\n"
    "                     a few blocks of memory whatever its length, --period too)\n"
    "  --compare A B      the first heap where two rulesets' nim-sequences differ\n";

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    seq_args *s = ctx;
    const char *f = argv[*i];
    int rc;
    if (strcmp(f, "--to") == 0) {
        s->have_to = true;
        return (rc = cli_flag_long(argc, argv, i, 0, 4294967295L, &s->to, err)) ? rc : 1;
    }
    if (strcmp(f, "--from") == 0) return (rc = cli_flag_long(argc, argv, i, 0, 4294967295L, &s->from, err)) ? rc : 1;
    if (strcmp(f, "--row") == 0) return (rc = cli_flag_long(argc, argv, i, 0, 4000000000L, &s->row, err)) ? rc : 1;
    if (strcmp(f, "--diagonal") == 0)
        return (rc = cli_flag_long(argc, argv, i, 0, 4000000000L, &s->diagonal, err)) ? rc : 1;
    if (strcmp(f, "--bfile") == 0) return s->bfile = true, 1;
    if (strcmp(f, "--period") == 0) return s->period = true, 1;
    if (strcmp(f, "--nim-pairs") == 0) return s->nim_pairs = true, 1;
    if (strcmp(f, "--method") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--method needs a value");
        s->method = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--mask") == 0) return (rc = cli_flag_long(argc, argv, i, 1, 65535, &s->mask, err)) ? rc : 1;
    if (strcmp(f, "--threads") == 0) return (rc = cli_flag_long(argc, argv, i, 1, 4096, &s->threads, err)) ? rc : 1;
    if (strcmp(f, "--rare") == 0) return s->rare = true, 1;
    if (strcmp(f, "--until-period") == 0) return s->until_period = true, 1;
    if (strcmp(f, "--out") == 0 || strcmp(f, "--in") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a file", f);
        if (f[2] == 'o') s->out = argv[++*i];
        else s->in = argv[++*i];
        return 1;
    }
    if (strcmp(f, "--compare") == 0) {
        if (*i + 2 >= argc) return gr_fail(err, GR_EINPUT, "--compare needs two rulesets, e.g. --compare tb:0.161 tb:0.36");
        s->compare[0] = argv[++*i];
        s->compare[1] = argv[++*i];
        return 1;
    }
    return 0;
}

/* Only the sparse method's file-backed runs (--out, --rare,
 * --until-period) are made outside the layer's call (seq_sparse.c, which
 * renders them through the layer): they apply to the nim-sequences of heap
 * rulesets under normal play. */
static bool sparse_file_run(const seq_args *s)
{
    return (s->out || s->rare || s->until_period) && (s->game.flags & GR_RS_HEAPS) &&
           !gr_s3table_covers(&s->game) && s->common.outcome.rule == &gr_outcome_normal && s->row < 0 &&
           s->diagonal < 0 && !s->nim_pairs;
}

/* The answer layer's seq (grundy/api.h): the request from the flags, the
 * call, the reply printed whole (a b-file's period to standard error). */
static int by_layer(seq_args *s, gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_SEQ, GR_FRONT_CLI);
    req.outcome = s->common.outcome;
    req.limits = s->common.limits;
    gr_api_seq_opts *o = &req.seq;
    o->from = s->from;
    o->to = s->to;
    o->have_to = s->have_to;
    o->row = s->row;
    o->diagonal = s->diagonal;
    o->period = s->period;
    o->nim_pairs = s->nim_pairs;
    o->mask = s->mask;
    o->threads = s->threads;
    o->bfile = s->bfile;
    if (isatty(2)) o->progress = seq_progress;
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out, tail;
    gr_buf_init(&out);
    gr_buf_init(&tail);
    int rc = (req.rules = strdup(s->common.rules)) && (!s->method || (o->method = strdup(s->method)))
                 ? gr_api_call(NULL, &req, &rep, err)
                 : gr_fail_nomem(err);
    if (!rc) {
        int format = seq_api_format(s);
        gr_api_render(&out, format, &rep);
        if (format == GR_API_BFILE) gr_api_seq_period_text(&tail, &rep.seq);
        rc = seq_write(&out, &tail, err);
    }
    gr_buf_free(&out);
    gr_buf_free(&tail);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return rc;
}

int cmd_seq(int argc, char **argv)
{
    seq_args s;
    memset(&s, 0, sizeof s);
    s.row = s.diagonal = -1;
    gr_error err;
    gr_error_clear(&err);
    /* --in and --compare name their games themselves: no RULES operand. */
    unsigned parts = CLI_RULES | CLI_OUTCOME | CLI_LIMITS;
    bool max_seconds = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--in") == 0 || strcmp(argv[i], "--compare") == 0) parts &= ~(unsigned)CLI_RULES;
        if (strncmp(argv[i], "--max-seconds", 13) == 0) max_seconds = true;
    }
    int rc = cli_parse(&s.common, argc, argv, parts, extra, &s, &err);
    /* A run that writes a resumable file was asked for that file: only a
     * time limit given on the command line stops it. */
    if (!rc && s.out && !max_seconds) s.common.limits.max_seconds = 1e18;
    if (!rc && !s.common.help && (s.in || s.compare[0])) {
        if (s.common.rules) rc = gr_fail(&err, GR_EINPUT, "unexpected argument '%s': %s names the game", s.common.rules,
                                         s.in ? "--in FILE" : "--compare");
        else if (s.in && s.compare[0]) rc = gr_fail(&err, GR_EINPUT, "--in and --compare do not go together");
        else rc = seq_sparse(&s, &err);
        cli_args_free(&s.common);
        return rc ? cli_report(&err) : 0;
    }
    if (!rc && s.common.help) {
        fputs(help, stdout);
        cli_args_free(&s.common);
        return 0;
    }
    if (!rc) rc = gr_game_parse(&s.game, s.common.rules, &err);
    if (!rc && !s.have_to) rc = gr_fail(&err, GR_EINPUT, "seq needs --to N");
    if (!rc && s.bfile && s.common.format != FMT_TEXT)
        rc = gr_fail(&err, GR_EINPUT, "--bfile conflicts with --format %s: a b-file is text", "json");
    if (!rc && sparse_file_run(&s)) {
        if (s.row >= 0 && s.diagonal >= 0)
            rc = gr_fail(&err, GR_EINPUT, "--row %ld conflicts with --diagonal %ld: give one", s.row, s.diagonal);
        else if (s.from > s.to) rc = gr_fail(&err, GR_EINPUT, "--from %ld is past --to %ld", s.from, s.to);
        else rc = seq_sparse(&s, &err);
    } else if (!rc) {
        rc = by_layer(&s, &err);
    }
    if (s.game.rs) gr_game_release(&s.game);
    cli_args_free(&s.common);
    return rc ? cli_report(&err) : 0;
}
