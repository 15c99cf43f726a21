/* The three-pile table under an outcome rule other than normal play
 * (misere, m players, blocking): the score of every (0,a,b) by the generic
 * search, which keeps its table between positions. `grundy table --misere`
 * and friends print what this returns. */
#include "grundy/engine.h"
#include <stdlib.h>

int gr_engine_outcome_table(const gr_game *g, const gr_outcome *o, const gr_limits *lim, uint32_t max,
                            uint32_t **scores, gr_error *err)
{
    *scores = NULL;
    /* every position of the table is reachable from the corner's options or
     * smaller: admitting the biggest one admits the whole table */
    gr_pos corner = {.n = 3, .p = {0, max, max}};
    gr_pos far = {.n = 3, .p = {0, 0, max}};
    int rc = gr_solver_admit(g, o, &corner, lim, err);
    if (!rc) rc = gr_solver_admit(g, o, &far, lim, err);
    if (rc) return rc;
    gr_solver *s = gr_solver_new(g, o, lim);
    if (!s) return gr_fail_nomem(err);
    size_t cells = (size_t)(max + 1) * (size_t)(max + 2) / 2;
    uint32_t *score = malloc(cells * sizeof *score);
    if (!score) rc = gr_fail_nomem(err);
    size_t k = 0;
    for (uint64_t b = 0; !rc && b <= max; b++)
        for (uint64_t a = 0; !rc && a <= b; a++) {
            gr_pos p = {.n = 3, .p = {0, a, b}};
            rc = gr_solver_score(s, &p, &score[k++], err);
        }
    gr_solver_free(s);
    if (rc) free(score);
    else *scores = score;
    return rc;
}
