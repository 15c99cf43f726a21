/* The computer's choice: the move perfect play makes, and as blocker the
 * moves it forbids. See docs/play.md. */
#include "play_internal.h"
#include <string.h>

typedef struct chooser {
    gr_play *pl;
    gr_play_choice *c;
    const gr_pos *from;        /* the position moved from, as listed */
    uint32_t parent;           /* the current position's score */
    long best_other;           /* longest non-prescribed length so far, -1 none */
    gr_play_move other;
    gr_error *err;
} chooser;

static int choose_small(void *ctx, const gr_move *mv, const gr_pos *result)
{
    chooser *ch = ctx;
    gr_play *pl = ch->pl;
    if (gr_play_banned_listed(pl, ch->from, mv, result)) return 0;
    uint32_t len, score;
    int rc = gr_play_length(pl, result, &len, ch->err);
    if (rc) return rc;
    gr_play_length_at(pl, result, &score);
    const gr_outcome *o = &pl->engine->outcome;
    if (o->rule->prescribed(o, ch->parent, score)) {
        ch->c->prescribed++;
        if (!ch->c->winning || (long)len < ch->c->length) {
            gr_play_from_listed(&ch->c->move, ch->from, mv, result);
            ch->c->winning = true;
            ch->c->length = len;
        }
    } else if ((long)len > ch->best_other) {
        ch->best_other = len;
        gr_play_from_listed(&ch->other, ch->from, mv, result);
    }
    return 0;
}

static int choose_listed(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)res;
    chooser *ch = ctx;
    if (!winning) return 0;
    gr_play_from_big(&ch->other, &ch->pl->pos, mv);
    if (gr_play_banned(ch->pl, &ch->other)) return 0;
    if (!ch->c->winning) {
        gr_play_move_copy(&ch->c->move, &ch->other);
        ch->c->winning = true;
    }
    ch->c->prescribed++;
    return 0;
}

/* A heap of more than 10^6 tokens: more moves than a listing shows. */
static bool big_heap(const gr_bigpos *pos)
{
    for (int i = 0; i < pos->n; i++)
        if (mpz_cmp_ui(pos->p[i], 1000000) > 0) return true;
    return false;
}

int gr_play_best(gr_play *pl, gr_play_choice *c, gr_error *err)
{
    c->found = false;
    c->winning = false;
    c->prescribed = 0;
    c->length = -1;
    c->how = NULL;
    gr_play_move first;
    gr_play_move_init(&first);
    bool any = gr_play_first_move(pl, &pl->pos, &first);
    if (!any) {
        gr_play_move_clear(&first);
        return GR_OK;
    }
    gr_answer here;
    gr_answer_init(&here);
    int rc = gr_play_answer(pl, &pl->pos, &here, err);
    chooser ch = {.pl = pl, .c = c, .parent = here.score, .best_other = -1, .err = err};
    gr_play_move_init(&ch.other);
    gr_pos small;
    if (!rc && pl->length_ok && pl->pos.n <= GR_MAX_PILES && gr_bigpos_to_pos(&pl->pos, &small)) {
        gr_error quiet;
        gr_error_clear(&quiet);
        ch.err = &quiet;
        uint32_t len;
        int lrc = gr_play_length(pl, &small, &len, &quiet);
        if (lrc == GR_OK) {
            gr_play_length_at(pl, &small, &ch.parent);
            ch.from = &small;
            lrc = gr_game_moves(pl->game, &small, choose_small, &ch);
        }
        if (gr_play_length_stopped(lrc, &quiet)) {
            rc = gr_fail_again(err, &quiet);
            goto out;
        }
        if (lrc == GR_OK) {
            c->found = true;
            c->how = gr_method_name(GR_METHOD_SEARCH);
            if (!c->winning) {
                gr_play_move_copy(&c->move, &ch.other);
                c->length = ch.best_other;
            }
            goto out;
        }
        /* too big after all: fall back to the engine's listing */
        pl->length_ok = false;
        c->winning = false;
        c->prescribed = 0;
        c->length = -1;
        ch.err = err;
    }
    /* heap games beyond the length search: the heaps' Grundy values find a
     * winning move without listing the whole position's moves */
    if (!rc && gr_answer_by_heaps(&here)) {
        c->prescribed = -1;
        c->how = gr_method_name(GR_METHOD_NIM_SEQUENCE);
        if (here.score == 0 || gr_play_heap_winning_move(pl, &c->move)) {
            c->winning = here.score != 0;
            if (!c->winning) gr_play_move_copy(&c->move, &first), c->how = "first move";
            c->found = true;
            goto out;
        }
        c->prescribed = 0;
    }
    /* misere sums with a heap past a listing's 10^6 moves, by a quotient of
     * all heaps: one move of each class, without walking every move */
    if (!rc && here.how == GR_METHOD_QUOTIENT && here.score != 0 && big_heap(&pl->pos)) {
        gr_error why;
        gr_error_clear(&why);
        if (gr_engine_quotient_winners(pl->engine, &pl->pos, choose_listed, &ch, &why) == GR_OK && c->winning) {
            c->prescribed = -1;
            c->how = here.method;
            c->found = true;
            goto out;
        }
        c->winning = false;
        c->prescribed = 0;
    }
    if (!rc) {
        gr_moves_summary sum;
        gr_moves_summary_init(&sum);
        gr_error quiet;
        gr_error_clear(&quiet);
        rc = gr_engine_moves(pl->engine, &pl->pos, choose_listed, &ch, &sum, &quiet);
        c->how = sum.method ? sum.method : here.method;
        gr_moves_summary_clear(&sum);
        if (rc && here.score != 0) {
            /* too many winning moves to list (splits of huge heaps): one will do */
            gr_error why;
            gr_error_clear(&why);
            c->prescribed = -1;
            c->how = here.method;
            /* misere heap sums: one move of each class by the quotient of all heaps */
            bool quot = here.how == GR_METHOD_QUOTIENT;
            rc = quot ? gr_engine_quotient_winners(pl->engine, &pl->pos, choose_listed, &ch, &why)
                      : gr_engine_one_winning_move(pl->engine, &pl->pos, choose_listed, &ch, &why);
            if (quot) c->prescribed = -1;
        } else if (rc) {
            /* score 0, the lost class under every outcome rule: a lost
             * position needs no list, the first move will do */
            rc = GR_OK;
        }
        if (rc) gr_fail_again(err, &quiet);
        if (!rc && !c->winning) {
            c->how = "first move";
            c->prescribed = 0;
            gr_play_move_copy(&c->move, &first);
        }
        if (!rc) c->found = true;
    }
out:
    gr_play_move_clear(&first);
    gr_play_move_clear(&ch.other);
    gr_answer_clear(&here);
    return rc;
}


typedef struct threat {
    gr_play *pl;
    const gr_pos *from;
    bool found;
    long length;
    gr_play_move *mv;
    gr_error *err;
} threat;

static int threat_small(void *ctx, const gr_move *mv, const gr_pos *result)
{
    threat *t = ctx;
    if (gr_play_banned_listed(t->pl, t->from, mv, result)) return 0;
    uint32_t score, len;
    int rc = gr_play_length(t->pl, result, &len, t->err);
    if (rc) return rc;
    len = gr_play_length_at(t->pl, result, &score);
    if (score == 0 && (!t->found || (long)len < t->length)) {
        gr_play_from_listed(t->mv, t->from, mv, result);
        t->found = true;
        t->length = len;
    }
    return 0;
}

static int threat_listed(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)winning;
    threat *t = ctx;
    if (t->found || res->score != 0) return 0;
    gr_play_from_big(t->mv, &t->pl->pos, mv);
    t->found = !gr_play_banned(t->pl, t->mv);
    return 0;
}

int gr_play_auto_ban(gr_play *pl, gr_error *err)
{
    gr_play_state st;
    gr_play_choice c;
    gr_play_choice_init(&c);
    int rc;
    /* Each ban takes away the mover's quickest threat while any is left,
     * then the move the mover's perfect play would make (the longest game). */
    while (!(rc = gr_play_state_get(pl, &st, err)) && st.banning) {
        gr_pos small;
        threat t = {pl, &small, false, -1, &c.move, err};
        uint32_t sc;
        int own = gr_play_own_score(pl, &pl->pos, &sc, err);
        if (own && own != GR_EINPUT) {
            rc = own;
            break;
        }
        if (own == GR_OK && gr_bigpos_to_pos(&pl->pos, &small)) {
            rc = gr_game_moves(pl->game, &small, threat_small, &t);
        } else {
            gr_moves_summary sum;
            gr_moves_summary_init(&sum);
            rc = gr_engine_moves(pl->engine, &pl->pos, threat_listed, &t, &sum, err);
            gr_moves_summary_clear(&sum);
        }
        if (rc) break;
        if (!t.found) {
            if ((rc = gr_play_best(pl, &c, err))) break;
            if (!c.found) break;
        }
        if ((rc = gr_play_ban(pl, &c.move, err))) break;
    }
    gr_play_choice_clear(&c);
    return rc;
}

