/* The engine answers heap rulesets under normal play from the nim-sequence
 * engine; it must agree with the generic search on whole positions. */
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/solve.h"

static void agree(const char *spec, uint64_t max)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine e;
    gr_engine_init(&e, &g, &o, NULL);
    /* the search, told the position is not a sum, so it cannot shortcut */
    gr_game whole = g;
    whole.flags &= ~(unsigned)GR_RS_HEAPS;
    gr_solver *s = gr_solver_new(&whole, &o, NULL);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_answer ans;
    gr_answer_init(&ans);
    for (uint64_t x = 0; x <= max; x++)
        for (uint64_t y = x; y <= max; y++) {
            gr_pos p = {.n = 2, .p = {x, y}};
            uint32_t v;
            cr_assert_eq(gr_solver_score(s, &p, &v, &err), 0, "%s", err.msg);
            gr_bigpos_from_pos(&bp, &p);
            cr_assert_eq(gr_engine_value(&e, &bp, &ans, &err), 0, "%s", err.msg);
            cr_assert_eq(mpz_get_ui(ans.value), v, "%s (%lu,%lu)", spec, (unsigned long)x, (unsigned long)y);
        }
    gr_answer_clear(&ans);
    gr_bigpos_clear(&bp);
    gr_solver_free(s);
    gr_engine_free(&e);
    gr_game_release(&g);
}

Test(engine_heaps, kayles) { agree("tb:0.77", 14); }
Test(engine_heaps, dawsons_kayles) { agree("tb:0.07", 14); }
Test(engine_heaps, split_four) { agree("split:parts=4", 12); }
Test(engine_heaps, subtraction) { agree("subtraction:1,3,7", 20); }
Test(engine_heaps, grundy_game) { agree("grundy-game", 14); }
