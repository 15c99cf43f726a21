/* grundy losing RULES --block K --piles D --max N: every losing (P) position
 * of d-pile Nim under blocking, piles sorted, each pile at most N. Built for
 * the seed's open questions (more piles, more blocked moves, blocked
 * positions); the table is the bottom-up one of src/fast/nimblock.c. */
#include "cli.h"
#include "grundy/block.h"
#include "grundy/graypng.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy losing nim (--block K | --block-position K) [--piles D] --max N\n"
    "                     [--format text|csv|json] [--picture FIXED [--png FILE]]\n\n"
    "Lists every P-position (the player to move loses) of D-pile Nim (default 3)\n"
    "in which the opponent forbids K moves (--block) or K resulting positions\n"
    "(--block-position) before every move, piles sorted, each at most N, in\n"
    "colex order (by the largest pile, then the next, ...).\n"
    "--picture FIXED draws a slice instead: FIXED is D-2 pile sizes separated by\n"
    "commas ('-' for two piles); the picture has a row for each size c of one\n"
    "more pile and a column for each size b <= c of the last, '#' where the\n"
    "position is P, '.' where it is N. --png FILE writes it as a PNG (P black).\n"
    "The table costs O(D^2 C(N+D,D)) time; it is refused up front beyond\n"
    "--max-memory.\n";

typedef struct losing_opts {
    long piles, max;
    const char *picture;
    const char *png;
} losing_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    losing_opts *o = ctx;
    const char *s = argv[*i];
    if (strcmp(s, "--picture") == 0 || strcmp(s, "--png") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a value", s);
        *(s[2] == 'p' && s[3] == 'i' ? &o->picture : &o->png) = argv[++*i];
        return 1;
    }
    long *dst = strcmp(s, "--piles") == 0 ? &o->piles : strcmp(s, "--max") == 0 ? &o->max : NULL;
    if (!dst) return 0;
    int rc = cli_flag_long(argc, argv, i, dst == &o->piles ? 1 : 0, dst == &o->piles ? GR_NBTABLE_MAX_D : 65535, dst,
                           err);
    return rc ? rc : 1;
}

/* "3,5" into d-2 fixed sizes, each <= n. */
static int parse_fixed(const char *text, int d, long n, uint32_t *fixed, gr_error *err)
{
    int m = 0;
    if (strcmp(text, "-") != 0) {
        const char *p = text;
        for (;;) {
            char *end;
            if (*p < '0' || *p > '9') break;
            unsigned long v = strtoul(p, &end, 10);
            if (v > (unsigned long)n || m >= GR_NBTABLE_MAX_D)
                return gr_fail(err, GR_EINPUT, "--picture %s: %lu is beyond --max %ld", text, v, n);
            fixed[m++] = (uint32_t)v;
            p = end;
            if (*p == ',') p++;
            else break;
            if (!*p) return gr_fail(err, GR_EINPUT, "--picture %s: a size is missing after ','", text);
        }
        if (*p || m == 0) return gr_fail(err, GR_EINPUT, "--picture %s: expected sizes separated by commas", text);
    }
    if (m != d - 2)
        return gr_fail(err, GR_EINPUT, "--picture %s: %d piles need %d fixed sizes ('-' for none)", text, d, d - 2);
    return GR_OK;
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

static bool slice_p(const gr_nbtable *t, const uint32_t *fixed, uint32_t b, uint32_t c)
{
    uint32_t x[GR_NBTABLE_MAX_D];
    memcpy(x, fixed, (size_t)(t->d - 2) * sizeof *x);
    x[t->d - 2] = b;
    x[t->d - 1] = c;
    return gr_nbtable_is_p(t, x);
}

static void print_picture(FILE *out, const gr_nbtable *t, const uint32_t *fixed, const char *text)
{
    if (t->d == 2) fprintf(out, "(b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", t->n);
    else fprintf(out, "slice (%s, b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", text, t->n);
    for (uint32_t c = 0; c <= t->n; c++) {
        fprintf(out, "%5u ", c);
        for (uint32_t b = 0; b <= c; b++) fputc(slice_p(t, fixed, b, c) ? '#' : '.', out);
        fputc('\n', out);
    }
}

/* The same slice as pixels, each cell s x s, the unused triangle b > c gray. */
static int write_png(const char *path, const gr_nbtable *t, const uint32_t *fixed, gr_error *err)
{
    uint32_t cells = t->n + 1, s = cells >= 512 ? 1 : 512 / cells, w = cells * s;
    uint8_t *px = malloc((size_t)w * w);
    if (!px) return gr_fail(err, GR_EINPUT, "out of memory for a %u x %u picture", w, w);
    for (uint32_t c = 0; c < cells; c++)
        for (uint32_t b = 0; b < cells; b++) {
            uint8_t v = b > c ? 200 : slice_p(t, fixed, b, c) ? 0 : 255;
            for (uint32_t i = 0; i < s; i++) memset(px + ((size_t)c * s + i) * w + (size_t)b * s, v, s);
        }
    gr_atomic_file af;
    int rc = GR_OK;
    if (gr_atomic_open(&af, path) != 0) rc = gr_fail(err, GR_EINPUT, "--png %s: cannot write there", path);
    else if (gr_graypng_write(af.f, px, w, w) != 0) {
        gr_atomic_abort(&af);
        rc = gr_fail(err, GR_EINPUT, "--png %s: write failed", path);
    } else if (gr_atomic_commit(&af) != 0) {
        rc = gr_fail(err, GR_EINPUT, "--png %s: write failed", path);
    }
    free(px);
    return rc;
}

int cmd_losing(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    losing_opts o = {3, -1, NULL, NULL};
    uint32_t fixed[GR_NBTABLE_MAX_D] = {0};
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
    else if (!rc && o.png && !o.picture)
        rc = gr_fail(&err, GR_EINPUT, "--png needs --picture FIXED (the slice to draw)");
    else if (!rc && o.picture && o.piles < 2)
        rc = gr_fail(&err, GR_EINPUT, "--picture draws two piles against each other; got --piles %ld", o.piles);
    else if (!rc && o.picture)
        rc = parse_fixed(o.picture, (int)o.piles, o.max, fixed, &err);
    gr_nbtable t;
    memset(&t, 0, sizeof t);
    if (!rc)
        rc = gr_nbtable_build(&t, (int)o.piles, (uint32_t)o.max, a.outcome.param, bypos, a.limits.max_bytes, &err);
    if (!rc && o.png) rc = write_png(o.png, &t, fixed, &err);
    if (rc) {
        gr_nbtable_free(&t);
        cli_args_free(&a);
        return cli_report(&err);
    }
    if (o.png) printf("wrote %s\n", o.png);
    else if (o.picture) print_picture(stdout, &t, fixed, o.picture);
    else print_list(stdout, a.format, &t);
    gr_nbtable_free(&t);
    cli_args_free(&a);
    return 0;
}
