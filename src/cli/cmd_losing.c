/* grundy losing RULES --block K --piles D --max N: every losing (P) position
 * under blocking, piles sorted, each pile at most N, as a list or a picture
 * of a slice. The engine enumerates them (src/engine/losing.c); this verb
 * parses and prints. */
#include "cli.h"
#include "grundy/block.h"
#include "grundy/graypng.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy losing RULES (--block K | --block-position K) [--piles D] --max N\n"
    "                     [--format text|csv|json] [--picture FIXED [--png FILE]]\n\n"
    "Lists every P-position (the player to move loses) of D piles (default 3)\n"
    "in which the opponent forbids K moves (--block) or K resulting positions\n"
    "(--block-position) before every move, piles sorted, each at most N, in\n"
    "colex order (by the largest pile, then the next, ...). RULES nim uses a\n"
    "fast table; other rulesets (whose pile order must not matter) are searched.\n"
    "--picture FIXED draws a slice instead: FIXED is D-2 pile sizes separated by\n"
    "commas ('-' for two piles); the picture has a row for each size c of one\n"
    "more pile and a column for each size b <= c of the last, '#' where the\n"
    "position is P, '.' where it is N. --png FILE writes it as a PNG (P black).\n"
    "The Nim table costs O(D^2 C(N+D,D)) time; it is refused up front beyond\n"
    "--max-memory, a search beyond --max-memory or --max-seconds.\n"
    "--misere and --players M are refused: the losing positions are of blocking.\n";

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
        return gr_fail(err, GR_EINPUT, "--picture %s: %d piles need %d fixed size%s ('-' for none)", text, d, d - 2,
                           d - 2 == 1 ? "" : "s");
    return GR_OK;
}

typedef struct lister {
    FILE *out;
    int format;
    int d;
    long count;
} lister;

static int print_one(void *ctx, const uint32_t *x)
{
    lister *l = ctx;
    if (l->format == FMT_JSON) fputs(l->count ? ",[" : "\n[", l->out);
    for (int i = 0; i < l->d; i++) fprintf(l->out, i == 0 ? "%u" : l->format == FMT_TEXT ? " %u" : ",%u", x[i]);
    fputs(l->format == FMT_JSON ? "]" : "\n", l->out);
    l->count++;
    return 0;
}

static int print_list(FILE *out, int format, gr_losing *g, const gr_outcome *rule, gr_error *err)
{
    lister l = {out, format, gr_losing_piles(g), 0};
    unsigned long long positions = 0;
    if (format == FMT_JSON) fprintf(out, "{\"piles\":%d,\"max\":%u,\"%s\":%d,\"losing\":[", l.d, gr_losing_max(g),
                                    gr_outcome_is_block_position(rule) ? "block_position" : "block", rule->param);
    int rc = gr_losing_each(g, print_one, &l, &positions, err);
    if (!rc && format == FMT_JSON) fprintf(out, "\n],\"count\":%ld,\"positions\":%llu}\n", l.count, positions);
    return rc;
}

static int print_picture(FILE *out, gr_losing *g, const uint32_t *fixed, const char *text, gr_error *err)
{
    uint32_t n = gr_losing_max(g);
    if (gr_losing_piles(g) == 2) fprintf(out, "(b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", n);
    else fprintf(out, "slice (%s, b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", text, n);
    int rc = GR_OK;
    for (uint32_t c = 0; c <= n && !rc; c++) {
        fprintf(out, "%5u ", c);
        for (uint32_t b = 0; b <= c && !rc; b++) {
            bool p;
            rc = gr_losing_slice(g, fixed, b, c, &p, err);
            fputc(p ? '#' : '.', out);
        }
        fputc('\n', out);
    }
    return rc;
}

/* The same slice as pixels, each cell s x s, the unused triangle b > c gray. */
static int slice_pixels(gr_losing *g, const uint32_t *fixed, uint8_t *px, uint32_t cells, uint32_t s, gr_error *err)
{
    uint32_t w = cells * s;
    int rc = GR_OK;
    for (uint32_t c = 0; c < cells && !rc; c++)
        for (uint32_t b = 0; b < cells && !rc; b++) {
            bool p = false;
            if (b <= c) rc = gr_losing_slice(g, fixed, b, c, &p, err);
            uint8_t v = b > c ? 200 : p ? 0 : 255;
            for (uint32_t i = 0; i < s; i++) memset(px + ((size_t)c * s + i) * w + (size_t)b * s, v, s);
        }
    return rc;
}

static int write_png(const char *path, gr_losing *g, const uint32_t *fixed, gr_error *err)
{
    uint32_t cells = gr_losing_max(g) + 1, s = cells >= 512 ? 1 : 512 / cells, w = cells * s;
    uint8_t *px = malloc((size_t)w * w);
    if (!px) return gr_fail_nomem(err);
    gr_atomic_file af;
    int rc = slice_pixels(g, fixed, px, cells, s, err);
    if (rc) /* the solver failed: write nothing */;
    else if (gr_atomic_open(&af, path) != 0) rc = gr_fail(err, GR_EINPUT, "--png %s: cannot write there", path);
    else if (gr_graypng_write(af.f, px, w, w) != 0) {
        gr_atomic_abort(&af);
        rc = gr_fail(err, GR_EINPUT, "--png %s: write failed", path);
    } else if (gr_atomic_commit(&af) != 0) {
        rc = gr_fail(err, GR_EINPUT, "--png %s: write failed", path);
    }
    free(px);
    return rc;
}

/* The flags checked before any work, in the order they are reported. */
static int check_flags(const cli_args *a, const losing_opts *o, uint32_t *fixed, gr_error *err)
{
    if (!gr_outcome_is_block_position(&a->outcome) && !gr_outcome_is_block(&a->outcome))
        return gr_fail(err, GR_EINPUT, "losing needs --block K or --block-position K");
    if (o->max < 0) return gr_fail(err, GR_EINPUT, "losing needs --max N (the largest pile)");
    if (o->png && !o->picture) return gr_fail(err, GR_EINPUT, "--png needs --picture FIXED (the slice to draw)");
    if (o->png) {
        int rc = cli_check_output("--png", o->png, err);
        if (rc) return rc;
    }
    if (o->picture && o->piles < 2)
        return gr_fail(err, GR_EINPUT, "--picture draws two piles against each other; got --piles %ld", o->piles);
    return o->picture ? parse_fixed(o->picture, (int)o->piles, o->max, fixed, err) : GR_OK;
}

/* The answer into out (kept in memory until complete: a search may fail
 * half-way). */
static int answer(FILE *out, const cli_args *a, const losing_opts *o, gr_losing *g, const uint32_t *fixed,
                  gr_error *err)
{
    if (o->png) {
        int rc = write_png(o->png, g, fixed, err);
        if (!rc) fprintf(out, "wrote %s\n", o->png);
        return rc;
    }
    if (o->picture) return print_picture(out, g, fixed, o->picture, err);
    return print_list(out, a->format, g, &a->outcome, err);
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
    if (!rc) rc = check_flags(&a, &o, fixed, &err);
    gr_losing *g = NULL;
    if (!rc) rc = gr_losing_open(&g, a.rules, &a.outcome, (int)o.piles, (uint32_t)o.max, &a.limits, &err);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = rc ? NULL : open_memstream(&buf, &len);
    if (!rc && !out) rc = gr_fail_nomem(&err);
    if (!rc) {
        rc = answer(out, &a, &o, g, fixed, &err);
        fclose(out);
    }
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    gr_losing_free(g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
