/* grundy table sharing --max N under another outcome rule (--players M,
 * --misere, --block K): prints the class of every (0,a,b), which the engine
 * works out (gr_engine_outcome_table). */
#include "cli.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

static void print_csv(const gr_outcome *o, const uint32_t *score, long max)
{
    puts("a,b,outcome");
    size_t k = 0;
    for (long b = 0; b <= max; b++)
        for (long a = 0; a <= b; a++) printf("%ld,%ld,%s\n", a, b, gr_outcome_label(o, score[k++]));
}

static void print_json(const gr_outcome *o, const char *rule, const uint32_t *score, long max)
{
    printf("{\"ruleset\":\"sharing\",\"outcome_rule\":\"%s\",\"max\":%ld,\"rows\":[", rule, max);
    size_t k = 0;
    for (long b = 0; b <= max; b++) {
        fputs(b ? ",[" : "[", stdout);
        for (long a = 0; a <= b; a++) {
            if (a) fputc(',', stdout);
            gr_json_string(stdout, gr_outcome_label(o, score[k++]));
        }
        fputc(']', stdout);
    }
    fputs("]}\n", stdout);
}

static void print_text(const gr_outcome *o, const char *rule, const uint32_t *score, long max)
{
    printf("outcome classes (%s) of (0,a,b), three-pile Sharing Nim, 0 <= a <= b <= %ld (row a, column b)\n", rule,
           max);
    size_t cells = (size_t)(max + 1) * (size_t)(max + 2) / 2;
    int w = 1;
    for (size_t i = 0; i < cells; i++) {
        int l = (int)strlen(gr_outcome_label(o, score[i]));
        if (l > w) w = l;
    }
    int aw = snprintf(NULL, 0, "%ld", max);
    if (w < aw) w = aw;
    for (long a = max; a >= 0; a--) {
        printf("%*ld |", aw, a);
        for (long b = 0; b <= max; b++)
            printf(" %*s", w, b < a ? "" : gr_outcome_label(o, score[(size_t)b * (size_t)(b + 1) / 2 + (size_t)a]));
        putchar('\n');
    }
    printf("%*s  ", aw, "");
    for (long b = 0; b <= max; b++) printf(" %*ld", w, b);
    puts("  = b");
}

int table_by_outcome(const gr_game *g, const gr_outcome *o, const gr_limits *lim, long max, int format,
                     gr_error *err)
{
    uint32_t *score;
    int rc = gr_engine_outcome_table(g, o, lim, (uint32_t)max, &score, err);
    if (rc) return rc;
    char rule[32];
    gr_outcome_format(o, rule, sizeof rule);
    if (format == FMT_CSV) print_csv(o, score, max);
    else if (format == FMT_JSON) print_json(o, rule, score, max);
    else print_text(o, rule, score, max);
    free(score);
    return GR_OK;
}
