/* The remaining-game length of positions, for the computer's choice: the
 * quickest win, or from a lost position the longest resistance. See
 * docs/play.md. */
#include "play_internal.h"
#include "grundy/bitset.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <time.h>

#define LEN_UNKNOWN UINT32_MAX
#define LEN_ON_PATH (UINT32_MAX - 1)

/* L(x) = 0 when x has no move; 1 + min L(y) over the options y the outcome
 * rule prescribes from x when there are any (the winner hurries); otherwise
 * 1 + max L(y) over all options (the loser holds out). Under normal play this
 * is Steinhaus's remoteness. An explicit stack, as in the solver: a line of
 * play can be longer than the C stack allows. */

typedef struct lframe {
    uint32_t id;
    size_t first, count, next;
} lframe;

typedef struct lsearch {
    gr_play *pl;
    uint32_t *kids;
    size_t nkids, capkids;
    lframe *frames;
    size_t nframes, capframes;
    gr_child *ch;              /* a finished position's options, for combine */
    size_t capch;
    gr_bitset scratch;
    gr_error *err;
    const gr_limits *lim;      /* the engine's: the search stops at its time, memory and stop hook */
    clock_t start;
    unsigned long steps;
} lsearch;

/* The memo key: the canonical form, where an empty list (nim and kim drop
 * empty piles) stands as one empty pile, which no canonical form produces,
 * so keys stay distinct and the table never holds a position of no piles. */
void gr_play_length_key(const gr_play *pl, gr_pos *pos)
{
    gr_game_canonical(pl->game, pos);
    if (pos->n == 0) *pos = (gr_pos){.n = 1};
}

static int l_intern(gr_play *pl, gr_pos *pos, uint32_t *id, gr_error *err)
{
    bool is_new;
    gr_play_length_key(pl, pos);
    if (!pl->lengths) {
        if (!(pl->lengths = calloc(1, sizeof *pl->lengths))) return gr_fail_nomem(err);
        gr_postab_init(&pl->lengths->tab);
    }
    if (!gr_postab_intern(&pl->lengths->tab, pos, id, &is_new)) return gr_fail_nomem(err);
    if (is_new) {
        if (pl->lengths->tab.count > 4 * GR_PLAY_LENGTH_STATES_MAX)
            return gr_fail_limit(err, 0, "the game tree is too big to search for game lengths");
        struct gr_play_lengths *L = pl->lengths;
        if (L->tab.count > L->cap) {
            size_t cap = gr_grow_cap(L->cap, L->tab.count, 1024, sizeof *L->len);
            if (!cap || !gr_resize(&L->len, cap, sizeof *L->len) || !gr_resize(&L->score, cap, sizeof *L->score))
                return gr_fail_nomem(err);
            L->cap = cap;
        }
        pl->lengths->len[*id] = LEN_UNKNOWN;
    }
    return GR_OK;
}

/* The engine's limits, checked as the solver checks them (a clock read
 * every few hundred positions): a stop is GR_ELIMIT naming the knob, which
 * the callers pass on, unlike the search's own size bound above. */
static int l_check(lsearch *ls)
{
    unsigned long k = ++ls->steps;
    const struct gr_play_lengths *L = ls->pl->lengths;
    if ((k & 0xff) == 0 && gr_limits_stopped(ls->lim))
        return gr_fail(ls->err, GR_EINTR, "the game-length search stopped on request at %zu positions",
                       (size_t)L->tab.count);
    if ((k & 0x3ff) == 0) {
        double secs = (double)(clock() - ls->start) / CLOCKS_PER_SEC;
        if (secs > ls->lim->max_seconds)
            return gr_fail_limit(ls->err, GR_KNOB_SECONDS,
                                 "the game-length search stopped after %g s (limit) at %zu positions",
                                 ls->lim->max_seconds, (size_t)L->tab.count);
        double bytes = (double)gr_postab_bytes(&L->tab) + (double)L->cap * 2 * sizeof *L->len +
                       (double)ls->capkids * sizeof *ls->kids + (double)ls->capframes * sizeof *ls->frames;
        if (bytes > ls->lim->max_bytes)
            return gr_fail_limit(ls->err, GR_KNOB_MEMORY,
                                 "the game-length search stopped at %.0f bytes (limit %.0f) at %zu positions", bytes,
                                 ls->lim->max_bytes, (size_t)L->tab.count);
    }
    return GR_OK;
}

static int l_child(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    lsearch *ls = ctx;
    gr_pos r = *result;
    uint32_t id;
    /* Counted a child at a time: one position of a large heap has tens of
     * thousands of options (kim 53333), so positions alone are too coarse
     * a unit for the limits. */
    int rc = l_check(ls);
    if (!rc) rc = l_intern(ls->pl, &r, &id, ls->err);
    if (rc) return rc;
    if (!GR_GROW(ls->kids, ls->capkids, ls->nkids + 1, 4096)) return gr_fail_nomem(ls->err);
    ls->kids[ls->nkids++] = id;
    return 0;
}

bool gr_play_length_stopped(int rc, const gr_error *err)
{
    return rc == GR_EINTR || (rc == GR_ELIMIT && err->knobs);
}

static int l_push(lsearch *ls, uint32_t id)
{
    gr_play *pl = ls->pl;
    if (!GR_GROW(ls->frames, ls->capframes, ls->nframes + 1, 256)) return gr_fail_nomem(ls->err);
    gr_pos pos;
    gr_postab_get(&pl->lengths->tab, id, &pos);
    size_t first = ls->nkids;
    int rc = gr_game_moves(pl->game, &pos, l_child, ls);
    if (rc) return rc;
    pl->lengths->len[id] = LEN_ON_PATH;
    ls->frames[ls->nframes++] = (lframe){id, first, ls->nkids - first, 0};
    return GR_OK;
}

int gr_play_length(gr_play *pl, const gr_pos *start, uint32_t *out, gr_error *err)
{
    gr_pos p = *start;
    uint32_t root;
    int rc = l_intern(pl, &p, &root, err);
    if (rc) return rc;
    if (pl->lengths->len[root] != LEN_UNKNOWN) {
        *out = pl->lengths->len[root];
        return GR_OK;
    }
    lsearch ls = {.pl = pl, .err = err, .lim = &pl->engine->limits, .start = clock()};
    gr_bitset_init(&ls.scratch);
    const gr_outcome *o = &pl->engine->outcome;
    rc = l_push(&ls, root);
    while (!rc && ls.nframes) {
        lframe *f = &ls.frames[ls.nframes - 1];
        if (f->next < f->count) {
            uint32_t c = ls.kids[f->first + f->next];
            if (pl->lengths->len[c] == LEN_ON_PATH) {
                rc = gr_fail(err, GR_EINPUT, "play can return to an earlier position; game lengths are undefined");
                break;
            }
            if (pl->lengths->len[c] == LEN_UNKNOWN) {
                if ((rc = l_check(&ls))) break;
                rc = l_push(&ls, c);
                continue;
            }
            f->next++;
            continue;
        }
        /* The position's score from its options' scores, by the outcome
         * rule itself, as the solver does: one pass scores and times. */
        if (!GR_GROW(ls.ch, ls.capch, f->count, f->count * 2)) {
            rc = gr_fail_nomem(err);
            break;
        }
        for (size_t i = 0; i < f->count; i++) {
            uint32_t c = ls.kids[f->first + i];
            ls.ch[i] = (gr_child){pl->lengths->score[c], c};
        }
        pl->lengths->score[f->id] = o->rule->combine(o, ls.ch, f->count, &ls.scratch);
        uint32_t best = 0;
        bool any_prescribed = false;
        for (size_t i = 0; i < f->count; i++) {
            uint32_t c = ls.kids[f->first + i];
            if (o->rule->prescribed(o, pl->lengths->score[f->id], pl->lengths->score[c])) {
                if (!any_prescribed || pl->lengths->len[c] + 1 < best) best = pl->lengths->len[c] + 1;
                any_prescribed = true;
            }
        }
        if (!any_prescribed)
            for (size_t i = 0; i < f->count; i++) {
                uint32_t c = ls.kids[f->first + i];
                if (pl->lengths->len[c] + 1 > best) best = pl->lengths->len[c] + 1;
            }
        pl->lengths->len[f->id] = best;
        ls.nkids = f->first;
        ls.nframes--;
    }
    if (rc) /* forget the unfinished line so that a later call starts clean */
        for (size_t i = 0; i < ls.nframes; i++) pl->lengths->len[ls.frames[i].id] = LEN_UNKNOWN;
    else
        *out = pl->lengths->len[root];
    free(ls.kids);
    free(ls.frames);
    free(ls.ch);
    gr_bitset_free(&ls.scratch);
    return rc;
}

uint32_t gr_play_length_at(const gr_play *pl, const gr_pos *pos, uint32_t *score)
{
    gr_pos k = *pos;
    gr_play_length_key(pl, &k);
    uint32_t id = gr_postab_find(&pl->lengths->tab, &k);
    if (score) *score = pl->lengths->score[id];
    return pl->lengths->len[id];
}

/* The score from the length search's table where the game is small enough
 * for it (the engine would also search for Grundy values, which play does
 * not need); GR_EINPUT otherwise, or the search's stop by a limit (err
 * saying so where given). */
int gr_play_own_score(gr_play *pl, const gr_bigpos *pos, uint32_t *score, gr_error *err)
{
    gr_pos small;
    if (!pl->length_ok || pos->n > GR_MAX_PILES || !gr_bigpos_to_pos(pos, &small)) return GR_EINPUT;
    gr_error quiet;
    gr_error_clear(&quiet);
    uint32_t len;
    int rc = gr_play_length(pl, &small, &len, &quiet);
    if (gr_play_length_stopped(rc, &quiet)) {
        if (err) gr_fail_again(err, &quiet);
        return rc;
    }
    if (rc) return GR_EINPUT;
    gr_play_length_at(pl, &small, score);
    return GR_OK;
}

int gr_play_answer(gr_play *pl, const gr_bigpos *pos, gr_answer *ans, gr_error *err)
{
    uint32_t score;
    int rc = gr_play_own_score(pl, pos, &score, err);
    if (rc == GR_EINPUT) return gr_engine_value(pl->engine, pos, ans, err);
    if (rc) return rc;
    gr_answer_set(ans, GR_METHOD_SEARCH, NULL, gr_outcome_label(&pl->engine->outcome, score), score, NULL);
    return GR_OK;
}

void gr_play_lengths_free(gr_play *pl)
{
    if (!pl->lengths) return;
    gr_postab_free(&pl->lengths->tab);
    free(pl->lengths->len);
    free(pl->lengths->score);
    free(pl->lengths);
    pl->lengths = NULL;
}
