/* grundy losing RULES --block K --piles D --max N: every losing (P) position
 * of d-pile Nim under blocking, piles sorted, each pile at most N. Built for
 * the seed's open questions (more piles, more blocked moves, blocked
 * positions); the table is the bottom-up one of src/fast/nimblock.c. */
#include "cli.h"
#include "grundy/block.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy losing nim (--block K | --block-position K) [--piles D] --max N\n"
    "                     [--format text|csv|json] [--picture A]\n\n"
    "Lists every P-position (the player to move loses) of D-pile Nim (default 3)\n"
    "in which the opponent forbids K moves (--block) or K resulting positions\n"
    "(--block-position) before every move, piles sorted, each at most N, in\n"
    "order of the largest pile. --picture A (3 piles) draws instead the slice\n"
    "with smallest pile A: row c, column b, '#' where (A,b,c) is P.\n"
    "The table costs O(D^2 C(N+D,D)) time; it is refused up front beyond\n"
    "--max-memory.\n";

typedef struct losing_opts {
    long piles, max, picture;
} losing_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    losing_opts *o = ctx;
    long *dst = strcmp(argv[*i], "--piles") == 0 ? &o->piles
                : strcmp(argv[*i], "--max") == 0 ? &o->max
                : strcmp(argv[*i], "--picture") == 0 ? &o->picture
                : NULL;
    if (!dst) return 0;
    long hi = dst == &o->piles ? GR_NBTABLE_MAX_D : 65535;
    int rc = cli_flag_long(argc, argv, i, dst == &o->piles ? 1 : 0, hi, dst, err);
    return rc ? rc : 1;
}

static void print_list(FILE *out, int format, const gr_nbtable *t)
{
    uint32_t x[GR_NBTABLE_MAX_D] = {0};
    int d = t->d;
    long count = 0;
    if (format == FMT_JSON) fprintf(out, "{\"piles\":%d,\"max\":%u,\"%s\":%d,\"losing\":[", d, t->n,
                                    t->by_position ? "block_position" : "block", t->k);
    for (uint64_t r = 0; r < t->size; r++) {
        if (t->p[r]) {
            if (format == FMT_JSON) fputs(count ? ",[" : "\n[", out);
            for (int i = 0; i < d; i++)
                fprintf(out, i == 0 ? "%u" : format == FMT_TEXT ? " %u" : ",%u", x[i]);
            fputs(format == FMT_JSON ? "]" : "\n", out);
            count++;
        }
        int i = 0;
        while (i < d && x[i] == (i + 1 < d ? x[i + 1] : t->n)) i++;
        if (i == d) break;
        x[i]++;
        for (int j = 0; j < i; j++) x[j] = 0;
    }
    if (format == FMT_JSON) fprintf(out, "\n],\"count\":%ld,\"positions\":%llu}\n", count, (unsigned long long)t->size);
}

static void print_picture(FILE *out, const gr_nbtable *t, uint32_t a)
{
    fprintf(out, "(%u,b,c) with %u <= b <= c <= %u: row c, column b from %u; '#' P, '.' N\n", a, a, t->n, a);
    for (uint32_t c = a; c <= t->n; c++) {
        fprintf(out, "%5u ", c);
        for (uint32_t b = a; b <= c; b++) {
            uint32_t x[3] = {a, b, c};
            fputc(gr_nbtable_is_p(t, x) ? '#' : '.', out);
        }
        fputc('\n', out);
    }
}

int cmd_losing(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    losing_opts o = {3, -1, -1};
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_OUTCOME | CLI_LIMITS | CLI_CSV, extra, &o, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    bool bypos = gr_outcome_is_block_position(&a.outcome);
    if (!rc && strcmp(a.rules, "nim") != 0)
        rc = gr_fail(&err, GR_EINPUT, "losing: '%s': only nim is tabled (other rulesets: grundy value --block K)",
                     a.rules);
    else if (!rc && !bypos && !gr_outcome_is_block(&a.outcome))
        rc = gr_fail(&err, GR_EINPUT, "losing needs --block K or --block-position K");
    else if (!rc && o.max < 0)
        rc = gr_fail(&err, GR_EINPUT, "losing needs --max N (the largest pile)");
    else if (!rc && o.picture >= 0 && o.piles != 3)
        rc = gr_fail(&err, GR_EINPUT, "--picture draws three-pile slices; got --piles %ld", o.piles);
    else if (!rc && o.picture > o.max)
        rc = gr_fail(&err, GR_EINPUT, "--picture %ld is beyond --max %ld", o.picture, o.max);
    gr_nbtable t;
    memset(&t, 0, sizeof t);
    if (!rc)
        rc = gr_nbtable_build(&t, (int)o.piles, (uint32_t)o.max, a.outcome.param, bypos, a.limits.max_bytes, &err);
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    if (o.picture >= 0) print_picture(stdout, &t, (uint32_t)o.picture);
    else print_list(stdout, a.format, &t);
    gr_nbtable_free(&t);
    cli_args_free(&a);
    return 0;
}
