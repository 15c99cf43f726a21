/* grundy table sharing --max N under another outcome rule (--players M,
 * --misere, --block K): the class of every (0,a,b) by the generic search,
 * which keeps its table between positions. */
#include "cli.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

int table_by_outcome(const gr_game *g, const gr_outcome *o, const gr_limits *lim, long max, int format,
                     gr_error *err)
{
    /* every position of the table is reachable from the corner's options or
     * smaller: admitting the biggest one admits the whole table */
    gr_pos corner = {.n = 3, .p = {0, (uint64_t)max, (uint64_t)max}};
    gr_pos far = {.n = 3, .p = {0, 0, (uint64_t)max}};
    int rc = gr_solver_admit(g, o, &corner, lim, err);
    if (!rc) rc = gr_solver_admit(g, o, &far, lim, err);
    if (rc) return rc;
    gr_solver *s = gr_solver_new(g, o, lim);
    if (!s) return gr_fail(err, GR_EINTERNAL, "out of memory");
    size_t cells = (size_t)(max + 1) * (size_t)(max + 2) / 2;
    uint32_t *score = malloc(cells * sizeof *score);
    if (!score) rc = gr_fail(err, GR_EINPUT, "not enough memory for the table");
    size_t k = 0;
    for (long b = 0; !rc && b <= max; b++)
        for (long a = 0; !rc && a <= b; a++) {
            gr_pos p = {.n = 3, .p = {0, (uint64_t)a, (uint64_t)b}};
            rc = gr_solver_score(s, &p, &score[k++], err);
        }
    char rule[32];
    gr_outcome_format(o, rule, sizeof rule);
    if (!rc && format == FMT_CSV) {
        puts("a,b,outcome");
        k = 0;
        for (long b = 0; b <= max; b++)
            for (long a = 0; a <= b; a++) printf("%ld,%ld,%s\n", a, b, gr_outcome_label(o, score[k++]));
    } else if (!rc && format == FMT_JSON) {
        printf("{\"ruleset\":\"sharing\",\"outcome_rule\":\"%s\",\"max\":%ld,\"rows\":[", rule, max);
        k = 0;
        for (long b = 0; b <= max; b++) {
            fputs(b ? ",[" : "[", stdout);
            for (long a = 0; a <= b; a++) {
                if (a) fputc(',', stdout);
                gr_json_string(stdout, gr_outcome_label(o, score[k++]));
            }
            fputc(']', stdout);
        }
        fputs("]}\n", stdout);
    } else if (!rc) {
        printf("outcome classes (%s) of (0,a,b), three-pile Sharing Nim, 0 <= a <= b <= %ld (row a, column b)\n",
               rule, max);
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
    free(score);
    gr_solver_free(s);
    return rc;
}
