#include "cli.h"
#include "grundy/io.h"
#include "grundy/sharing3.h"
#include <string.h>

static const char help[] =
    "usage: grundy table sharing --max N [--format text|csv|json]\n\n"
    "Prints G(0,a,b) of three-pile Sharing Nim for 0 <= a <= b <= N: text laid out\n"
    "like seed 000's Table 1 (row a, column b, a = 0 at the bottom), CSV with\n"
    "header a,b,value, or JSON {\"ruleset\",\"max\",\"rows\":[[G(0,0,0)],[G(0,0,1),G(0,1,1)],...]}\n"
    "(rows indexed by b). --db DIR reads them from `grundy solve sharing:piles=3\n"
    "--total 2N --out DIR` results.\n";

typedef struct table_opts {
    long max;
    bool have_max;
    const char *db;           /* --db DIR: from stored results */
} table_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    table_opts *t = ctx;
    if (strcmp(argv[*i], "--max") == 0) {
        t->have_max = true;
        int rc = cli_flag_long(argc, argv, i, 0, 100000, &t->max, err);
        return rc ? rc : 1;
    }
    if (strcmp(argv[*i], "--db") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--db needs a directory");
        t->db = argv[++*i];
        return 1;
    }
    return 0;
}

static void print_text(const gr_s3table *t, FILE *out)
{
    uint32_t n = t->n;
    int w = 1;
    for (size_t i = 0; i < gr_s3table_index(0, n + 1); i++) {
        int d = snprintf(NULL, 0, "%u", t->v[i]);
        if (d > w) w = d;
    }
    int aw = snprintf(NULL, 0, "%u", n);
    if (w < aw) w = aw;
    fprintf(out, "G(0,a,b) of three-pile Sharing Nim, 0 <= a <= b <= %u (row a, column b)\n", n);
    for (uint32_t a = n + 1; a-- > 0;) {
        fprintf(out, "%*u |", aw, a);
        for (uint32_t b = 0; b <= n; b++) {
            if (b < a) fprintf(out, " %*s", w, "");
            else fprintf(out, " %*u", w, gr_s3table_get(t, a, b));
        }
        fputc('\n', out);
    }
    fprintf(out, "%*s +", aw, "");
    for (uint32_t b = 0; b <= n; b++) fprintf(out, "%.*s", w + 1, "----------------");
    fprintf(out, "\n%*s  ", aw, "");
    for (uint32_t b = 0; b <= n; b++) fprintf(out, " %*u", w, b);
    fputs("  = b\n", out);
}

int cmd_table(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    table_opts t = {0, false, NULL};
    gr_game g = {0};
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_CSV, extra, &t, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (!rc) rc = gr_game_parse(&g, a.rules, &err);
    if (!rc && !t.have_max) rc = gr_fail(&err, GR_EINPUT, "table needs --max N");
    if (!rc && (strcmp(g.rs->name, "sharing") != 0 || g.piles > 3 || strchr(a.rules, ':')))
        rc = gr_fail(&err, GR_EINPUT, "table covers three-pile sharing so far, not '%s'", a.rules);
    gr_s3table tab = {0, NULL};
    if (!rc) rc = t.db ? cli_db_s3table(t.db, &tab, (uint32_t)t.max, &err) : gr_s3table_simple(&tab, (uint32_t)t.max, &err);
    if (!rc) {
        if (a.format == FMT_CSV) {
            puts("a,b,value");
            for (uint32_t b = 0; b <= tab.n; b++)
                for (uint32_t x = 0; x <= b; x++) printf("%u,%u,%u\n", x, b, gr_s3table_get(&tab, x, b));
        } else if (a.format == FMT_JSON) {
            fputs("{\"ruleset\":\"sharing\",\"max\":", stdout);
            printf("%ld,\"rows\":[", t.max);
            for (uint32_t b = 0; b <= tab.n; b++) {
                fputs(b ? ",[" : "[", stdout);
                for (uint32_t x = 0; x <= b; x++) printf(x ? ",%u" : "%u", gr_s3table_get(&tab, x, b));
                fputc(']', stdout);
            }
            fputs("]}\n", stdout);
        } else {
            print_text(&tab, stdout);
        }
    }
    gr_s3table_free(&tab);
    gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
