/* grundy losing RULES --block K --piles D --max N: every losing (P) position
 * under blocking, piles sorted, each pile at most N. Built for the seed's open
 * questions (more piles, more blocked moves, blocked positions): Nim uses the
 * bottom-up table of src/fast/nimblock.c; any other ruleset is scored one
 * position at a time by the generic solver (hundreds of times slower, see
 * bench/bench_block.c). */
#include "cli.h"
#include "grundy/block.h"
#include "grundy/graypng.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* Who answers "is this sorted position P?": the Nim table or the solver. */
typedef struct oracle {
    int d;
    uint32_t n;
    gr_nbtable t;
    gr_solver *s;
    gr_error *err;
    int rc;                     /* the solver's first failure */
    double started, max_seconds; /* the solver's limit holds per position: keep one for all */
    unsigned long asked;
} oracle;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool oracle_p(oracle *o, const uint32_t *x)
{
    if (!o->s) return gr_nbtable_is_p(&o->t, x);
    if (o->rc) return false;
    if ((++o->asked & 0x3ff) == 0 && now() - o->started > o->max_seconds) {
        o->rc = gr_fail(o->err, GR_EINPUT, "losing: stopped after %.0f s (--max-seconds) at %lu positions",
                        o->max_seconds, o->asked);
        return false;
    }
    gr_pos pos = {.n = o->d};
    for (int i = 0; i < o->d; i++) pos.p[i] = x[i];
    uint32_t score = 1;
    o->rc = gr_solver_score(o->s, &pos, &score, o->err);
    return !o->rc && score == 0;
}

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

static void print_list(FILE *out, int format, oracle *o, const gr_outcome *rule)
{
    uint32_t x[GR_NBTABLE_MAX_D] = {0};
    int d = o->d;
    long count = 0;
    unsigned long long positions = 0;
    if (format == FMT_JSON) fprintf(out, "{\"piles\":%d,\"max\":%u,\"%s\":%d,\"losing\":[", d, o->n,
                                    gr_outcome_is_block_position(rule) ? "block_position" : "block", rule->param);
    for (;;) {
        positions++;
        if (oracle_p(o, x)) {
            if (format == FMT_JSON) fputs(count ? ",[" : "\n[", out);
            for (int i = 0; i < d; i++)
                fprintf(out, i == 0 ? "%u" : format == FMT_TEXT ? " %u" : ",%u", x[i]);
            fputs(format == FMT_JSON ? "]" : "\n", out);
            count++;
        }
        if (o->rc) return;
        int i = 0;
        while (i < d && x[i] == (i + 1 < d ? x[i + 1] : o->n)) i++;
        if (i == d) break;
        x[i]++;
        for (int j = 0; j < i; j++) x[j] = 0;
    }
    if (format == FMT_JSON) fprintf(out, "\n],\"count\":%ld,\"positions\":%llu}\n", count, positions);
}

static bool slice_p(oracle *o, const uint32_t *fixed, uint32_t b, uint32_t c)
{
    uint32_t x[GR_NBTABLE_MAX_D];
    memcpy(x, fixed, (size_t)(o->d - 2) * sizeof *x);
    x[o->d - 2] = b;
    x[o->d - 1] = c;
    /* sorted, as both the table and the listing expect */
    for (int i = 1; i < o->d; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            uint32_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    return oracle_p(o, x);
}

static void print_picture(FILE *out, oracle *o, const uint32_t *fixed, const char *text)
{
    if (o->d == 2) fprintf(out, "(b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", o->n);
    else fprintf(out, "slice (%s, b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", text, o->n);
    for (uint32_t c = 0; c <= o->n && !o->rc; c++) {
        fprintf(out, "%5u ", c);
        for (uint32_t b = 0; b <= c; b++) fputc(slice_p(o, fixed, b, c) ? '#' : '.', out);
        fputc('\n', out);
    }
}

/* The same slice as pixels, each cell s x s, the unused triangle b > c gray. */
static int write_png(const char *path, oracle *o, const uint32_t *fixed, gr_error *err)
{
    uint32_t cells = o->n + 1, s = cells >= 512 ? 1 : 512 / cells, w = cells * s;
    uint8_t *px = malloc((size_t)w * w);
    if (!px) return gr_fail(err, GR_EINPUT, "out of memory for a %u x %u picture", w, w);
    for (uint32_t c = 0; c < cells; c++)
        for (uint32_t b = 0; b < cells; b++) {
            uint8_t v = b > c ? 200 : slice_p(o, fixed, b, c) ? 0 : 255;
            for (uint32_t i = 0; i < s; i++) memset(px + ((size_t)c * s + i) * w + (size_t)b * s, v, s);
        }
    gr_atomic_file af;
    int rc = o->rc;
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

/* Any other ruleset: the generic solver, which keeps its table between
 * positions. Listing sorted positions is only right when the pile order does
 * not matter: probe that on (1, 2, ..., d) and its reverse. */
static int open_search(oracle *o, gr_game *g, const char *rules, const gr_outcome *rule, const gr_limits *lim,
                       gr_error *err)
{
    int rc = gr_game_parse(g, rules, err);
    if (!rc) rc = gr_game_check_count(g, o->d, err);
    if (rc) return rc;
    if (g->flags & GR_RS_LOOPY)
        return gr_fail(err, GR_EINPUT, "losing: %s can loop; blocking tables need a game that ends", g->spec);
    gr_pos up = {.n = o->d}, down = {.n = o->d};
    for (int i = 0; i < o->d; i++) up.p[i] = (uint64_t)i + 1, down.p[i] = (uint64_t)(o->d - i);
    gr_game_canonical(g, &up);
    gr_game_canonical(g, &down);
    if (!gr_pos_equal(&up, &down))
        return gr_fail(err, GR_EINPUT, "losing: pile order matters in %s; positions cannot be listed sorted", g->spec);
    /* the listing itself visits C(n+d, d) positions */
    double listed = 1;
    for (int j = 1; j <= o->d; j++) listed = listed * ((double)o->n + j) / j;
    if (listed > 1e8)
        return gr_fail(err, GR_EINPUT, "losing: %.3g positions to list by search; lower --max", listed);
    gr_pos top = {.n = o->d};
    for (int i = 0; i < o->d; i++) top.p[i] = o->n;
    if ((rc = gr_solver_admit(g, rule, &top, lim, err))) return rc;
    o->started = now();
    o->max_seconds = lim->max_seconds;
    o->s = gr_solver_new(g, rule, lim);
    return o->s ? GR_OK : gr_fail(err, GR_EINTERNAL, "out of memory");
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
    bool nim = !rc && strcmp(a.rules, "nim") == 0;
    gr_game g = {0};
    oracle orc = {.d = (int)o.piles, .n = (uint32_t)(o.max < 0 ? 0 : o.max), .err = &err};
    if (!rc && !bypos && !gr_outcome_is_block(&a.outcome))
        rc = gr_fail(&err, GR_EINPUT, "losing needs --block K or --block-position K");
    else if (!rc && o.max < 0)
        rc = gr_fail(&err, GR_EINPUT, "losing needs --max N (the largest pile)");
    else if (!rc && o.png && !o.picture)
        rc = gr_fail(&err, GR_EINPUT, "--png needs --picture FIXED (the slice to draw)");
    else if (!rc && o.png && (rc = cli_check_output("--png", o.png, &err)))
        ;
    else if (!rc && o.picture && o.piles < 2)
        rc = gr_fail(&err, GR_EINPUT, "--picture draws two piles against each other; got --piles %ld", o.piles);
    else if (!rc && o.picture)
        rc = parse_fixed(o.picture, (int)o.piles, o.max, fixed, &err);
    if (!rc && nim)
        rc = gr_nbtable_build(&orc.t, orc.d, orc.n, a.outcome.param, bypos, a.limits.max_bytes, &err);
    else if (!rc)
        rc = open_search(&orc, &g, a.rules, &a.outcome, &a.limits, &err);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = rc ? NULL : open_memstream(&buf, &len);
    if (!rc && !out) rc = gr_fail(&err, GR_EINTERNAL, "out of memory");
    if (!rc) {
        /* kept in memory until complete: a search may fail half-way */
        if (o.png) rc = write_png(o.png, &orc, fixed, &err);
        else if (o.picture) print_picture(out, &orc, fixed, o.picture);
        else print_list(out, a.format, &orc, &a.outcome);
        if (!rc) rc = orc.rc;
        if (!rc && o.png) fprintf(out, "wrote %s\n", o.png);
        fclose(out);
    }
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    gr_solver_free(orc.s);
    gr_nbtable_free(&orc.t);
    if (g.rs) gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
