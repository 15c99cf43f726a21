/* Starting and restarting a play in the play tests (test_play.c,
 * test_play_heaps.c): the game parsed, the outcome rule parsed, the play
 * made at a position; failures fail the test. */
#ifndef GRUNDY_TESTS_PLAYTEST_H
#define GRUNDY_TESTS_PLAYTEST_H
#include <criterion/criterion.h>
#include "grundy/engine.h"
#include "grundy/play.h"

static inline gr_play *playtest_start_big(gr_game *g, const char *rules, const char *outcome, const gr_bigpos *bp)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, rules, &err), 0, "%s", err.msg);
    gr_outcome o;
    cr_assert_eq(gr_play_outcome_parse(&o, outcome, &err), 0, "%s", err.msg);
    gr_play *pl = gr_play_new(g, &o, NULL, bp, &err);
    cr_assert_not_null(pl, "%s: %s", rules, err.msg);
    return pl;
}

static inline gr_play *playtest_start(gr_game *g, const char *rules, const char *outcome, const gr_pos *p)
{
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_from_pos(&bp, p), GR_OK);
    gr_play *pl = playtest_start_big(g, rules, outcome, &bp);
    gr_bigpos_clear(&bp);
    return pl;
}

/* The play started again at p (its tables kept). */
static inline void playtest_restart_at(gr_play *pl, const gr_pos *p)
{
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_from_pos(&bp, p), GR_OK);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_play_set_start(pl, &bp, &err), 0, "%s", err.msg);
    gr_bigpos_clear(&bp);
}
#endif
