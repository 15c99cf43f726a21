/* The play loop's logic: one game's line of play, move parsing and checking,
 * the computer's choice and its explanation, records. See docs/play.md.
 *
 * Legality is decided by the ruleset itself wherever its moves can be listed:
 * a person's move is legal when gr_game_moves lists it. On positions too big
 * to list (piles beyond 64 bits, or millions of moves) the move is checked on
 * a small stand-in position that agrees with the real one on every comparison
 * the comparison-based rulesets (nim, sharing, kim) look at, so the ruleset
 * still decides; tests/test_play.c checks the stand-in against listing on
 * every small position. */
#include "grundy/play.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A position whose moves number at most this is checked by listing them. */
#define LIST_MOVES_MAX 2000000.0
/* Remaining-game lengths are searched when the game tree from the start is
 * estimated at no more positions than this (a fraction of a second). */
#define LENGTH_STATES_MAX 100000.0
#define LEN_UNKNOWN UINT32_MAX
#define LEN_ON_PATH (UINT32_MAX - 1)

void gr_play_move_init(gr_play_move *m)
{
    m->kind = GR_MOVE_TAKE;
    m->src = 0;
    m->dst = -1;
    mpz_init(m->amount);
}

void gr_play_move_clear(gr_play_move *m)
{
    mpz_clear(m->amount);
}

void gr_play_move_copy(gr_play_move *to, const gr_play_move *from)
{
    to->kind = from->kind;
    to->src = from->src;
    to->dst = from->dst;
    mpz_set(to->amount, from->amount);
}

void gr_play_choice_init(gr_play_choice *c)
{
    memset(c, 0, sizeof *c);
    gr_play_move_init(&c->move);
    c->prescribed = -1;
    c->length = -1;
}

void gr_play_choice_clear(gr_play_choice *c)
{
    gr_play_move_clear(&c->move);
}

static void bp_copy(gr_bigpos *to, const gr_bigpos *from)
{
    to->n = 0;
    for (int i = 0; i < from->n; i++) gr_bigpos_push(to, from->p[i]);
}

static bool is_rules(const gr_play *pl, const char *name)
{
    return strcmp(pl->game->rs->name, name) == 0;
}

/* ---- probing the ruleset on small positions ---- */

typedef struct finder {
    int kind, src, dst;
    uint64_t amount;           /* 0: any amount */
    bool found;
    bool kinds[4];
} finder;

static int find_move(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)result;
    finder *f = ctx;
    if (mv->kind >= 0 && mv->kind < 4) f->kinds[mv->kind] = true;
    if (mv->kind == f->kind && mv->src == f->src && (f->kind != GR_MOVE_TRANSFER || mv->dst == f->dst) &&
        (f->amount == 0 || mv->amount == f->amount)) {
        f->found = true;
        return 1;
    }
    return 0;
}

static bool listed(const gr_game *g, const gr_pos *q, int kind, int src, int dst, uint64_t amount)
{
    finder f = {kind, src, dst, amount, false, {false}};
    gr_game_moves(g, q, find_move, &f);
    return f.found;
}

static int sign(int c)
{
    return (c > 0) - (c < 0);
}

/* Is the transfer (s, d, k) legal on pos? Decided by the ruleset on a small
 * position with the same order between p[s] and p[d] and between p[s]-k and
 * p[d]+k (all that nim, sharing and kim compare); other piles 0. */
static bool transfer_by_probe(const gr_play *pl, const gr_bigpos *pos, int s, int d, mpz_srcptr k)
{
    if (pos->n > GR_MAX_PILES || mpz_cmp(k, pos->p[s]) > 0) return false;
    int x = sign(mpz_cmp(pos->p[s], pos->p[d]));
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_sub(a, pos->p[s], k);
    mpz_add(b, pos->p[d], k);
    int y = sign(mpz_cmp(a, b));
    mpz_clears(a, b, NULL);
    for (uint64_t ps = 1; ps <= 8; ps++)
        for (uint64_t pd = 0; pd <= 8; pd++)
            for (uint64_t c = 1; c <= ps; c++) {
                if (sign((ps > pd) - (ps < pd)) != x) continue;
                if (sign((ps - c > pd + c) - (ps - c < pd + c)) != y) continue;
                gr_pos q = {.n = pos->n};
                q.p[s] = ps;
                q.p[d] = pd;
                return listed(pl->game, &q, GR_MOVE_TRANSFER, s, d, c);
            }
    return false;
}

static bool take_by_probe(const gr_play *pl, const gr_bigpos *pos, int s, mpz_srcptr k)
{
    if (mpz_cmp(k, pos->p[s]) > 0) return false;
    if (is_rules(pl, "nim")) return true;
    if (pos->n > GR_MAX_PILES) return false;
    gr_pos q = {.n = pos->n};
    q.p[s] = 1;
    return listed(pl->game, &q, GR_MOVE_TAKE, s, -1, 1);
}

/* An upper bound on the moves of pos for the comparison-based rulesets, and
 * whether pos is small enough to list them. */
static bool listable(const gr_bigpos *pos, gr_pos *small)
{
    if (pos->n > GR_MAX_PILES || !gr_bigpos_to_pos(pos, small)) return false;
    double total = 0;
    for (int i = 0; i < small->n; i++) total += (double)small->p[i];
    return total * small->n <= LIST_MOVES_MAX;
}

static void result_of(const gr_bigpos *pos, const gr_play_move *mv, gr_bigpos *res)
{
    bp_copy(res, pos);
    mpz_sub(res->p[mv->src], res->p[mv->src], mv->amount);
    if (mv->kind == GR_MOVE_TRANSFER) mpz_add(res->p[mv->dst], res->p[mv->dst], mv->amount);
}

bool gr_play_probe_legal(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv)
{
    if (mv->kind == GR_MOVE_TAKE) return take_by_probe(pl, pos, mv->src, mv->amount);
    return transfer_by_probe(pl, pos, mv->src, mv->dst, mv->amount);
}

/* ---- blocking: the moves forbidden this turn ---- */

static size_t turn_first_ban(const gr_play *pl)
{
    return pl->ban_start[pl->nmoves];
}

const gr_play_move *gr_play_bans(const gr_play *pl, size_t *n)
{
    size_t first = turn_first_ban(pl);
    *n = pl->nbans - first;
    return pl->bans + first;
}

static bool banned_small(const gr_play *pl, int kind, int src, int dst, uint64_t amount)
{
    for (size_t i = turn_first_ban(pl); i < pl->nbans; i++) {
        const gr_play_move *b = &pl->bans[i];
        if (b->kind == kind && b->src == src && (kind != GR_MOVE_TRANSFER || b->dst == dst) &&
            mpz_cmp_ui(b->amount, amount) == 0)
            return true;
    }
    return false;
}

static bool banned(const gr_play *pl, int kind, int src, int dst, mpz_srcptr amount)
{
    for (size_t i = turn_first_ban(pl); i < pl->nbans; i++) {
        const gr_play_move *b = &pl->bans[i];
        if (b->kind == kind && b->src == src && (kind != GR_MOVE_TRANSFER || b->dst == dst) &&
            mpz_cmp(b->amount, amount) == 0)
            return true;
    }
    return false;
}

static bool legal(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, bool *known)
{
    *known = true;
    gr_pos small;
    if (listable(pos, &small)) {
        if (!mpz_fits_ulong_p(mv->amount)) return false;
        return listed(pl->game, &small, mv->kind, mv->src, mv->dst, mpz_get_ui(mv->amount));
    }
    if (!is_rules(pl, "nim") && !is_rules(pl, "sharing") && !is_rules(pl, "kim")) {
        *known = false;
        return false;
    }
    return gr_play_probe_legal(pl, pos, mv);
}

/* The smallest move: the ruleset's first move of the least amount, takes
 * before transfers. On positions too big to list, one token: takes from each
 * pile in order, then transfers in (from, to) order. Every move of nim,
 * sharing and kim implies a one-token move exists, so finding none there
 * means the game is over. */
typedef struct smallest {
    const gr_play *pl;
    bool found;
    gr_move best;
} smallest;

static int smallest_cb(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)result;
    smallest *sm = ctx;
    if (banned_small(sm->pl, mv->kind, mv->src, mv->dst, mv->amount)) return 0;
    if (!sm->found || mv->amount < sm->best.amount ||
        (mv->amount == sm->best.amount && mv->kind < sm->best.kind)) {
        sm->best = *mv;
        sm->found = true;
    }
    return 0;
}

typedef struct anymove {
    const gr_play *pl;
    bool found;
} anymove;

static int any_cb(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)result;
    anymove *a = ctx;
    if (banned_small(a->pl, mv->kind, mv->src, mv->dst, mv->amount)) return 0;
    a->found = true;
    return 1;
}

static void set_move(gr_play_move *mv, int kind, int s, int d)
{
    mv->kind = kind;
    mv->src = s;
    mv->dst = d;
}

static bool smallest_move(const gr_play *pl, const gr_bigpos *pos, gr_play_move *mv)
{
    bool known;
    gr_pos small;
    if (listable(pos, &small)) {
        smallest sm = {pl, false, {0, 0, 0, 0, 0}};
        gr_game_moves(pl->game, &small, smallest_cb, &sm);
        if (!sm.found) return false;
        set_move(mv, sm.best.kind, sm.best.src, sm.best.kind == GR_MOVE_TRANSFER ? sm.best.dst : -1);
        mpz_set_ui(mv->amount, sm.best.amount);
        return true;
    }
    mpz_set_ui(mv->amount, 1);
    if (pl->has_take)
        for (int s = 0; s < pos->n; s++) {
            set_move(mv, GR_MOVE_TAKE, s, -1);
            if (legal(pl, pos, mv, &known) && !banned(pl, mv->kind, s, -1, mv->amount)) return true;
        }
    if (pl->has_transfer)
        for (int s = 0; s < pos->n; s++)
            for (int d = 0; d < pos->n; d++) {
                if (s == d) continue;
                set_move(mv, GR_MOVE_TRANSFER, s, d);
                if (legal(pl, pos, mv, &known) && !banned(pl, mv->kind, s, d, mv->amount)) return true;
            }
    return false;
}

static bool has_move(const gr_play *pl, const gr_bigpos *pos)
{
    gr_pos small;
    if (listable(pos, &small)) {
        anymove a = {pl, false};
        gr_game_moves(pl->game, &small, any_cb, &a);
        return a.found;
    }
    gr_play_move mv;
    gr_play_move_init(&mv);
    bool any = smallest_move(pl, pos, &mv);
    gr_play_move_clear(&mv);
    return any;
}

/* ---- the game ---- */

/* Which kinds of move the ruleset has: listed on small positions where every
 * ordered pair of piles meets in a few shapes (a source bigger, equal or
 * smaller than the receiver), so that rules comparing piles show them all. */
static void probe_kinds(gr_play *pl, int n)
{
    if (is_rules(pl, "nim")) {
        pl->has_take = true;
        return;
    }
    static const uint64_t shape[][2] = {{4, 0}, {2, 2}, {1, 3}};
    if (n > GR_MAX_PILES) n = GR_MAX_PILES;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (size_t k = 0; k < sizeof shape / sizeof shape[0] && i != j; k++) {
                gr_pos q = {.n = n};
                q.p[i] = shape[k][0];
                q.p[j] = shape[k][1];
                finder f = {-1, -1, -1, 0, false, {false}};
                gr_game_moves(pl->game, &q, find_move, &f);
                pl->has_take |= f.kinds[GR_MOVE_TAKE];
                pl->has_transfer |= f.kinds[GR_MOVE_TRANSFER];
            }
}

int gr_play_init(gr_play *pl, const gr_game *g, const gr_outcome *o, const gr_limits *lim,
                 const gr_bigpos *start, gr_error *err)
{
    memset(pl, 0, sizeof *pl);
    pl->game = g;
    gr_engine_init(&pl->engine, g, o, lim);
    gr_bigpos_init(&pl->start);
    gr_bigpos_init(&pl->pos);
    gr_postab_init(&pl->ltab);
    bp_copy(&pl->start, start);
    bp_copy(&pl->pos, start);
    /* players=m seats m people; every other rule is for two */
    pl->seats = strcmp(o->rule->name, "players") == 0 && o->param >= 2 ? o->param : 2;
    pl->ban_start = calloc(1, sizeof *pl->ban_start);
    if (!pl->ban_start) abort();
    if (strcmp(o->rule->name, "block") == 0) pl->block = o->param > 0 ? o->param : 1;
    if (strcmp(o->rule->name, "block-position") == 0) {
        gr_play_free(pl);
        return gr_fail(err, GR_EINPUT, "play forbids moves (--block K), not positions (--block-position) yet");
    }
    probe_kinds(pl, start->n);
    bool splits = false;
    for (uint64_t h = 1; h <= 8 && (g->flags & GR_RS_HEAPS); h++) {
        gr_pos q = {.n = 1, .p = {h}};
        finder f = {-1, -1, -1, 0, false, {false}};
        gr_game_moves(g, &q, find_move, &f);
        pl->has_take |= f.kinds[GR_MOVE_TAKE];
        splits |= f.kinds[GR_MOVE_SPLIT];
    }
    if (splits) {
        /* heap games that split (split, tb codes) need a notation for the
         * parts, which play does not have yet: refuse rather than misplay */
        gr_play_free(pl);
        return gr_fail(err, GR_EINPUT,
                       "play has no notation for moves that split heaps yet (%s); 'grundy moves' lists them",
                       g->spec);
    }
    gr_answer ans;
    gr_answer_init(&ans);
    int rc = gr_engine_value(&pl->engine, start, &ans, err);
    gr_answer_clear(&ans);
    if (rc) {
        gr_play_free(pl); /* a failed start owns nothing */
        return rc;
    }
    gr_pos small;
    if (start->n <= GR_MAX_PILES && gr_bigpos_to_pos(start, &small)) {
        gr_estimate est;
        gr_solver_estimate(g, o, &small, &est);
        pl->length_ok = est.states <= LENGTH_STATES_MAX;
    }
    return GR_OK;
}

void gr_play_free(gr_play *pl)
{
    for (size_t i = 0; i < pl->cap; i++) {
        gr_play_move_clear(&pl->moves[i]);
        gr_bigpos_clear(&pl->before[i]);
    }
    for (size_t i = 0; i < pl->capbans; i++) gr_play_move_clear(&pl->bans[i]);
    free(pl->bans);
    free(pl->ban_start);
    free(pl->moves);
    free(pl->before);
    gr_bigpos_clear(&pl->start);
    gr_bigpos_clear(&pl->pos);
    gr_postab_free(&pl->ltab);
    free(pl->len);
    free(pl->score);
    gr_engine_free(&pl->engine);
}

/* ---- parsing ---- */

static bool word_is(const char *w, size_t len, const char *s)
{
    return strlen(s) == len && strncasecmp(w, s, len) == 0;
}

int gr_play_parse_move(const gr_play *pl, const char *text, gr_play_move *mv, gr_error *err)
{
    const char *num[4];
    size_t nlen[4];
    int nn = 0, verb = 0; /* 1 take, 2 move */
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == ',' || *s == '\r' || *s == '\n') s++;
        if (!*s) break;
        const char *w = s;
        while (*s && !strchr(" \t,\r\n", *s)) s++;
        size_t len = (size_t)(s - w);
        if (isdigit((unsigned char)*w)) {
            for (size_t i = 0; i < len; i++)
                if (!isdigit((unsigned char)w[i]))
                    return gr_fail(err, GR_EINPUT, "'%.*s' is not a number; type help for the notation",
                                   len > 40 ? 40 : (int)len, w);
            if (nn == 3) return gr_fail(err, GR_EINPUT, "too many numbers; type help for the notation");
            num[nn] = w;
            nlen[nn++] = len;
        } else if (nn == 0 && verb == 0 && word_is(w, len, "take")) {
            verb = 1;
        } else if (nn == 0 && verb == 0 && (word_is(w, len, "move") || word_is(w, len, "transfer"))) {
            verb = 2;
        } else if (verb && (word_is(w, len, "from") || word_is(w, len, "to") || word_is(w, len, "pile"))) {
            continue;
        } else {
            return gr_fail(err, GR_EINPUT, "'%.*s' is not a move or a command; type help",
                           len > 40 ? 40 : (int)len, w);
        }
    }
    int order[3]; /* indices into num[] of src, dst (or -1), amount */
    if (verb == 1 || (verb == 0 && nn == 2)) {
        if (nn != 2) return gr_fail(err, GR_EINPUT, "a take needs a pile and an amount: PILE AMOUNT");
        mv->kind = GR_MOVE_TAKE;
        order[0] = verb ? 1 : 0, order[1] = -1, order[2] = verb ? 0 : 1;
    } else if (verb == 2 || (verb == 0 && nn == 3)) {
        if (nn != 3) return gr_fail(err, GR_EINPUT, "a transfer needs FROM TO AMOUNT");
        mv->kind = GR_MOVE_TRANSFER;
        order[0] = verb ? 1 : 0, order[1] = verb ? 2 : 1, order[2] = verb ? 0 : 2;
    } else {
        return gr_fail(err, GR_EINPUT, "expected %s; type help for the notation",
                       pl->has_take && pl->has_transfer ? "PILE AMOUNT or FROM TO AMOUNT"
                       : pl->has_transfer              ? "FROM TO AMOUNT"
                                                       : "PILE AMOUNT");
    }
    int pile[2] = {0, -1};
    for (int j = 0; j < 2; j++) {
        if (order[j] < 0) continue;
        size_t len = nlen[order[j]];
        long v = 0;
        for (size_t i = 0; i < len && v < 1000000; i++) v = v * 10 + (num[order[j]][i] - '0');
        if (len > 7 || v >= pl->pos.n)
            return gr_fail(err, GR_EINPUT, "there is no pile %.*s: piles are numbered 0 to %d",
                           len > 20 ? 20 : (int)len, num[order[j]], pl->pos.n - 1);
        pile[j] = (int)v;
    }
    mv->src = pile[0];
    mv->dst = pile[1];
    char *a = strndup(num[order[2]], nlen[order[2]]);
    if (!a) return gr_fail(err, GR_EINTERNAL, "out of memory");
    mpz_set_str(mv->amount, a, 10);
    free(a);
    return GR_OK;
}

/* ---- moves ---- */

int gr_play_check(gr_play *pl, const gr_play_move *mv, gr_bigpos *result, gr_error *err)
{
    const gr_bigpos *pos = &pl->pos;
    if (mv->src < 0 || mv->src >= pos->n || (mv->kind == GR_MOVE_TRANSFER && (mv->dst < 0 || mv->dst >= pos->n)))
        return gr_fail(err, GR_EINPUT, "there is no such pile: piles are numbered 0 to %d", pos->n - 1);
    if (mv->kind == GR_MOVE_TAKE && !pl->has_take)
        return gr_fail(err, GR_EINPUT, "%s has no moves that only take tokens; write FROM TO AMOUNT",
                       pl->game->rs->name);
    if (mv->kind == GR_MOVE_TRANSFER && !pl->has_transfer)
        return gr_fail(err, GR_EINPUT, "%s has no transfers; write PILE AMOUNT", pl->game->rs->name);
    if (mv->kind == GR_MOVE_TRANSFER && mv->src == mv->dst)
        return gr_fail(err, GR_EINPUT, "a transfer goes to a different pile");
    if (mpz_sgn(mv->amount) <= 0) return gr_fail(err, GR_EINPUT, "the amount must be at least 1");
    if (mpz_cmp(mv->amount, pos->p[mv->src]) > 0)
        return gr_fail(err, GR_EINPUT, "pile %d has fewer tokens than that", mv->src);
    if (banned(pl, mv->kind, mv->src, mv->dst, mv->amount))
        return gr_fail(err, GR_EINPUT, "that move is forbidden this turn");
    bool known;
    bool ok = legal(pl, pos, mv, &known);
    if (!known)
        return gr_fail(err, GR_EINPUT, "moves of %s cannot be checked on a position this big", pl->game->spec);
    if (!ok) {
        if (is_rules(pl, "sharing") && mv->kind == GR_MOVE_TRANSFER) {
            mpz_t a, b;
            mpz_inits(a, b, NULL);
            mpz_sub(a, pos->p[mv->src], mv->amount);
            mpz_add(b, pos->p[mv->dst], mv->amount);
            bool bigger = mpz_cmp(a, b) < 0;
            mpz_clears(a, b, NULL);
            if (bigger)
                return gr_fail(err, GR_EINPUT,
                               "illegal: afterwards pile %d would be bigger than pile %d (the receiver may "
                               "not end up bigger than the source)", mv->dst, mv->src);
            return gr_fail(err, GR_EINPUT, "illegal: the rules allow no move from pile %d to pile %d",
                           mv->src, mv->dst);
        }
        return gr_fail(err, GR_EINPUT, "illegal move under %s; type help for the rules", pl->game->spec);
    }
    result_of(pos, mv, result);
    return GR_OK;
}

static void grow(gr_play *pl)
{
    if (pl->nmoves < pl->cap) return;
    size_t cap = pl->cap ? 2 * pl->cap : 16;
    gr_play_move *m = realloc(pl->moves, cap * sizeof *m);
    if (!m) abort();
    pl->moves = m;
    gr_bigpos *b = realloc(pl->before, cap * sizeof *b);
    if (!b) abort();
    pl->before = b;
    size_t *bs = realloc(pl->ban_start, (cap + 1) * sizeof *bs);
    if (!bs) abort();
    pl->ban_start = bs;
    for (size_t i = pl->cap; i < cap; i++) {
        gr_play_move_init(&pl->moves[i]);
        gr_bigpos_init(&pl->before[i]);
    }
    pl->cap = cap;
}

int gr_play_make(gr_play *pl, const gr_play_move *mv, gr_error *err)
{
    gr_bigpos res;
    gr_bigpos_init(&res);
    int rc = gr_play_check(pl, mv, &res, err);
    if (!rc) {
        grow(pl);
        gr_play_move_copy(&pl->moves[pl->nmoves], mv);
        bp_copy(&pl->before[pl->nmoves], &pl->pos);
        pl->nmoves++;
        pl->ban_start[pl->nmoves] = pl->nbans; /* this turn's bans are spent */
        bp_copy(&pl->pos, &res);
    }
    gr_bigpos_clear(&res);
    return rc;
}

void gr_play_undo(gr_play *pl, size_t n)
{
    if (n > pl->nmoves) n = pl->nmoves;
    pl->nmoves -= n;
    pl->nbans = pl->ban_start[pl->nmoves]; /* the bans of the turn taken back go too */
    if (!n) return;
    bp_copy(&pl->pos, &pl->before[pl->nmoves]);
}

void gr_play_restart(gr_play *pl)
{
    gr_play_undo(pl, pl->nmoves);
}

static int own_score(gr_play *pl, const gr_bigpos *pos, uint32_t *score);

int gr_play_state_get(gr_play *pl, gr_play_state *st, gr_error *err)
{
    gr_answer ans;
    gr_answer_init(&ans);
    int rc = GR_OK;
    uint32_t score;
    if (own_score(pl, &pl->pos, &score) == GR_OK) {
        ans.score = score;
        snprintf(ans.outcome, sizeof ans.outcome, "%s", gr_outcome_label(&pl->engine.outcome, score));
    } else {
        rc = gr_engine_value(&pl->engine, &pl->pos, &ans, err);
    }
    if (!rc) {
        st->to_move = gr_play_to_move(pl);
        snprintf(st->outcome, sizeof st->outcome, "%s", ans.outcome);
        st->blocker = pl->block ? (st->to_move + 1) % pl->seats : -1;
        size_t nb;
        gr_play_bans(pl, &nb);
        bool some = has_move(pl, &pl->pos);
        st->banning = pl->block && some && nb < (size_t)pl->block;
        st->over = !some;
        st->loser = -1;
        /* A mover without a move has lost, except where the rule scores that
         * position above 0, the score of a lost mover (misere: the last mover
         * lost). Labels are no guide: under players=14 the lost class is "N".
         * A mover whose every move is forbidden has lost, whatever the score. */
        if (st->over && nb > 0) st->loser = st->to_move;
        else if (st->over) st->loser = ans.score != 0 ? (st->to_move + pl->seats - 1) % pl->seats : st->to_move;
    }
    gr_answer_clear(&ans);
    return rc;
}

/* ---- remaining-game length ----
 *
 * L(x) = 0 when x has no move; 1 + min L(y) over the options y the outcome
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
} lsearch;

/* The memo key: the canonical form, where an empty list (nim and kim drop
 * empty piles) stands as one empty pile, which no canonical form produces,
 * so keys stay distinct and the table never holds a position of no piles. */
static void l_key(const gr_play *pl, gr_pos *pos)
{
    gr_game_canonical(pl->game, pos);
    if (pos->n == 0) *pos = (gr_pos){.n = 1};
}

static int l_intern(gr_play *pl, gr_pos *pos, uint32_t *id, gr_error *err)
{
    bool is_new;
    l_key(pl, pos);
    if (!gr_postab_intern(&pl->ltab, pos, id, &is_new)) return gr_fail(err, GR_EINTERNAL, "out of memory");
    if (is_new) {
        if (pl->ltab.count > 4 * LENGTH_STATES_MAX)
            return gr_fail(err, GR_EINPUT, "the game tree is too big to search for game lengths");
        if (pl->ltab.count > pl->lcap) {
            size_t cap = pl->lcap ? 2 * pl->lcap : 1024;
            uint32_t *l = realloc(pl->len, cap * sizeof *l), *s;
            if (!l) return gr_fail(err, GR_EINTERNAL, "out of memory");
            pl->len = l;
            s = realloc(pl->score, cap * sizeof *s);
            if (!s) return gr_fail(err, GR_EINTERNAL, "out of memory");
            pl->score = s;
            pl->lcap = cap;
        }
        pl->len[*id] = LEN_UNKNOWN;
    }
    return GR_OK;
}

static int l_child(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    lsearch *ls = ctx;
    gr_pos r = *result;
    uint32_t id;
    int rc = l_intern(ls->pl, &r, &id, ls->err);
    if (rc) return rc;
    if (ls->nkids == ls->capkids) {
        size_t cap = ls->capkids ? 2 * ls->capkids : 4096;
        uint32_t *k = realloc(ls->kids, cap * sizeof *k);
        if (!k) return gr_fail(ls->err, GR_EINTERNAL, "out of memory");
        ls->kids = k;
        ls->capkids = cap;
    }
    ls->kids[ls->nkids++] = id;
    return 0;
}

static int l_push(lsearch *ls, uint32_t id)
{
    gr_play *pl = ls->pl;
    if (ls->nframes == ls->capframes) {
        size_t cap = ls->capframes ? 2 * ls->capframes : 256;
        lframe *f = realloc(ls->frames, cap * sizeof *f);
        if (!f) return gr_fail(ls->err, GR_EINTERNAL, "out of memory");
        ls->frames = f;
        ls->capframes = cap;
    }
    gr_pos pos;
    gr_postab_get(&pl->ltab, id, &pos);
    size_t first = ls->nkids;
    int rc = gr_game_moves(pl->game, &pos, l_child, ls);
    if (rc) return rc;
    pl->len[id] = LEN_ON_PATH;
    ls->frames[ls->nframes++] = (lframe){id, first, ls->nkids - first, 0};
    return GR_OK;
}

static int length_of(gr_play *pl, const gr_pos *start, uint32_t *out, gr_error *err)
{
    gr_pos p = *start;
    uint32_t root;
    int rc = l_intern(pl, &p, &root, err);
    if (rc) return rc;
    if (pl->len[root] != LEN_UNKNOWN) {
        *out = pl->len[root];
        return GR_OK;
    }
    lsearch ls = {.pl = pl, .err = err};
    gr_bitset_init(&ls.scratch);
    const gr_outcome *o = &pl->engine.outcome;
    rc = l_push(&ls, root);
    while (!rc && ls.nframes) {
        lframe *f = &ls.frames[ls.nframes - 1];
        if (f->next < f->count) {
            uint32_t c = ls.kids[f->first + f->next];
            if (pl->len[c] == LEN_ON_PATH) {
                rc = gr_fail(err, GR_EINPUT, "play can return to an earlier position; game lengths are undefined");
                break;
            }
            if (pl->len[c] == LEN_UNKNOWN) {
                rc = l_push(&ls, c);
                continue;
            }
            f->next++;
            continue;
        }
        /* The position's score from its options' scores, by the outcome
         * rule itself, as the solver does: one pass scores and times. */
        if (f->count > ls.capch) {
            size_t cap = f->count * 2;
            gr_child *chs = realloc(ls.ch, cap * sizeof *chs);
            if (!chs) {
                rc = gr_fail(err, GR_EINTERNAL, "out of memory");
                break;
            }
            ls.ch = chs;
            ls.capch = cap;
        }
        for (size_t i = 0; i < f->count; i++) {
            uint32_t c = ls.kids[f->first + i];
            ls.ch[i] = (gr_child){pl->score[c], c};
        }
        pl->score[f->id] = o->rule->combine(o, ls.ch, f->count, &ls.scratch);
        uint32_t best = 0;
        bool any_prescribed = false;
        for (size_t i = 0; i < f->count; i++) {
            uint32_t c = ls.kids[f->first + i];
            if (o->rule->prescribed(o, pl->score[f->id], pl->score[c])) {
                if (!any_prescribed || pl->len[c] + 1 < best) best = pl->len[c] + 1;
                any_prescribed = true;
            }
        }
        if (!any_prescribed)
            for (size_t i = 0; i < f->count; i++) {
                uint32_t c = ls.kids[f->first + i];
                if (pl->len[c] + 1 > best) best = pl->len[c] + 1;
            }
        pl->len[f->id] = best;
        ls.nkids = f->first;
        ls.nframes--;
    }
    if (rc) /* forget the unfinished line so that a later call starts clean */
        for (size_t i = 0; i < ls.nframes; i++) pl->len[ls.frames[i].id] = LEN_UNKNOWN;
    else
        *out = pl->len[root];
    free(ls.kids);
    free(ls.frames);
    free(ls.ch);
    gr_bitset_free(&ls.scratch);
    return rc;
}

/* The score from the length search's table where the game is small enough
 * for it (the engine would also search for Grundy values, which play does
 * not need); GR_EINPUT otherwise. */
static int own_score(gr_play *pl, const gr_bigpos *pos, uint32_t *score)
{
    gr_pos small;
    if (!pl->length_ok || pos->n > GR_MAX_PILES || !gr_bigpos_to_pos(pos, &small)) return GR_EINPUT;
    gr_error quiet;
    gr_error_clear(&quiet);
    uint32_t len;
    if (length_of(pl, &small, &len, &quiet) != GR_OK) return GR_EINPUT;
    l_key(pl, &small);
    *score = pl->score[gr_postab_find(&pl->ltab, &small)];
    return GR_OK;
}

/* ---- the computer's choice ---- */

typedef struct chooser {
    gr_play *pl;
    gr_play_choice *c;
    uint32_t parent;           /* the current position's score */
    bool by_length;
    long best_other;           /* longest non-prescribed length so far, -1 none */
    gr_play_move other;
    bool have_other;
    gr_error *err;
} chooser;

static void take_move(gr_play_move *to, const gr_move *mv)
{
    to->kind = mv->kind;
    to->src = mv->src;
    to->dst = mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1;
    mpz_set_ui(to->amount, mv->amount);
}

static int choose_small(void *ctx, const gr_move *mv, const gr_pos *result)
{
    chooser *ch = ctx;
    gr_play *pl = ch->pl;
    if (banned_small(pl, mv->kind, mv->src, mv->dst, mv->amount)) return 0;
    uint32_t len;
    int rc = length_of(pl, result, &len, ch->err);
    if (rc) return rc;
    gr_pos r = *result;
    l_key(pl, &r);
    uint32_t id = gr_postab_find(&pl->ltab, &r);
    const gr_outcome *o = &pl->engine.outcome;
    if (o->rule->prescribed(o, ch->parent, pl->score[id])) {
        ch->c->prescribed++;
        if (!ch->c->winning || (long)len < ch->c->length) {
            take_move(&ch->c->move, mv);
            ch->c->winning = true;
            ch->c->length = len;
        }
    } else if ((long)len > ch->best_other) {
        ch->best_other = len;
        take_move(&ch->other, mv);
        ch->have_other = true;
    }
    return 0;
}

static int choose_listed(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)res;
    chooser *ch = ctx;
    if (!winning || banned(ch->pl, mv->kind, mv->src, mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1, mv->amount))
        return 0;
    if (!ch->c->winning) {
        ch->c->move.kind = mv->kind;
        ch->c->move.src = mv->src;
        ch->c->move.dst = mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1;
        mpz_set(ch->c->move.amount, mv->amount);
        ch->c->winning = true;
    }
    ch->c->prescribed++;
    return 0;
}

int gr_play_best(gr_play *pl, gr_play_choice *c, gr_error *err)
{
    c->found = false;
    c->winning = false;
    c->prescribed = 0;
    c->length = -1;
    c->how = NULL;
    if (!has_move(pl, &pl->pos)) return GR_OK;
    gr_answer here;
    gr_answer_init(&here);
    uint32_t own;
    int rc = GR_OK;
    if (own_score(pl, &pl->pos, &own) == GR_OK) here.score = own, here.method = "search";
    else rc = gr_engine_value(&pl->engine, &pl->pos, &here, err);
    chooser ch = {.pl = pl, .c = c, .parent = here.score, .best_other = -1, .err = err};
    gr_play_move_init(&ch.other);
    gr_pos small;
    if (!rc && pl->length_ok && pl->pos.n <= GR_MAX_PILES && gr_bigpos_to_pos(&pl->pos, &small)) {
        gr_error quiet;
        gr_error_clear(&quiet);
        ch.err = &quiet;
        uint32_t len;
        int lrc = length_of(pl, &small, &len, &quiet);
        if (lrc == GR_OK) {
            gr_pos key = small;
            l_key(pl, &key);
            ch.parent = pl->score[gr_postab_find(&pl->ltab, &key)];
            lrc = gr_game_moves(pl->game, &small, choose_small, &ch);
        }
        if (lrc == GR_OK) {
            c->found = true;
            c->how = "search";
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
    if (!rc) {
        gr_moves_summary sum;
        gr_moves_summary_init(&sum);
        rc = gr_engine_moves(&pl->engine, &pl->pos, choose_listed, &ch, &sum, err);
        c->how = sum.method ? sum.method : here.method;
        gr_moves_summary_clear(&sum);
        if (!rc && !c->winning) {
            c->how = "smallest move";
            c->prescribed = 0;
            if (!smallest_move(pl, &pl->pos, &c->move))
                rc = gr_fail(err, GR_EINTERNAL, "no move found from a position that has one");
        }
        if (!rc) c->found = true;
    }
out:
    gr_play_move_clear(&ch.other);
    gr_answer_clear(&here);
    return rc;
}

/* ---- blocking ---- */

int gr_play_ban(gr_play *pl, const gr_play_move *mv, gr_error *err)
{
    if (!pl->block) return gr_fail(err, GR_EINPUT, "no moves are forbidden under this rule");
    size_t nb;
    gr_play_bans(pl, &nb);
    if (nb >= (size_t)pl->block)
        return gr_fail(err, GR_EINPUT, "%d move%s already forbidden this turn", pl->block, pl->block > 1 ? "s are" : " is");
    gr_bigpos res;
    gr_bigpos_init(&res);
    int rc = gr_play_check(pl, mv, &res, err); /* also refuses a move already forbidden */
    gr_bigpos_clear(&res);
    if (rc) return rc;
    if (pl->nbans == pl->capbans) {
        size_t cap = pl->capbans ? 2 * pl->capbans : 16;
        gr_play_move *b = realloc(pl->bans, cap * sizeof *b);
        if (!b) return gr_fail(err, GR_EINTERNAL, "out of memory");
        for (size_t i = pl->capbans; i < cap; i++) gr_play_move_init(&b[i]);
        pl->bans = b;
        pl->capbans = cap;
    }
    gr_play_move_copy(&pl->bans[pl->nbans++], mv);
    return GR_OK;
}

/* The mover's threats: unbanned moves to positions scored 0 (P), which win
 * unless forbidden. From an N-position these are its winning moves; from a
 * P-position of the blocking game there are at most k of them, and they are
 * exactly what the blocker must forbid. The quickest is kept. */
typedef struct threat {
    gr_play *pl;
    bool found;
    long length;
    gr_play_move *mv;
    gr_error *err;
} threat;

static int threat_small(void *ctx, const gr_move *mv, const gr_pos *result)
{
    threat *t = ctx;
    if (banned_small(t->pl, mv->kind, mv->src, mv->dst, mv->amount)) return 0;
    gr_bigpos r;
    gr_bigpos_init(&r);
    gr_bigpos_from_pos(&r, result);
    uint32_t score, len = 0;
    int rc = own_score(t->pl, &r, &score);
    gr_bigpos_clear(&r);
    if (rc) return rc;
    gr_pos k = *result;
    l_key(t->pl, &k);
    len = t->pl->len[gr_postab_find(&t->pl->ltab, &k)];
    if (score == 0 && (!t->found || (long)len < t->length)) {
        take_move(t->mv, mv);
        t->found = true;
        t->length = len;
    }
    return 0;
}

static int threat_listed(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)winning;
    threat *t = ctx;
    int dst = mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1;
    if (t->found || res->score != 0 || banned(t->pl, mv->kind, mv->src, dst, mv->amount)) return 0;
    set_move(t->mv, mv->kind, mv->src, dst);
    mpz_set(t->mv->amount, mv->amount);
    t->found = true;
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
        threat t = {pl, false, -1, &c.move, err};
        gr_pos small;
        gr_error quiet;
        gr_error_clear(&quiet);
        uint32_t sc;
        if (own_score(pl, &pl->pos, &sc) == GR_OK && gr_bigpos_to_pos(&pl->pos, &small)) {
            rc = gr_game_moves(pl->game, &small, threat_small, &t);
        } else {
            gr_moves_summary sum;
            gr_moves_summary_init(&sum);
            rc = gr_engine_moves(&pl->engine, &pl->pos, threat_listed, &t, &sum, err);
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

/* ---- words ---- */

char *gr_play_move_words(const gr_play_move *mv)
{
    char *s = NULL;
    int n;
    if (mv->kind == GR_MOVE_TAKE) n = gmp_asprintf(&s, "take %Zd from pile %d", mv->amount, mv->src);
    else n = gmp_asprintf(&s, "move %Zd from pile %d to pile %d", mv->amount, mv->src, mv->dst);
    return n < 0 ? NULL : s;
}

char *gr_play_move_notation(const gr_play_move *mv)
{
    char *s = NULL;
    int n;
    if (mv->kind == GR_MOVE_TAKE) n = gmp_asprintf(&s, "%d %Zd", mv->src, mv->amount);
    else n = gmp_asprintf(&s, "%d %d %Zd", mv->src, mv->dst, mv->amount);
    return n < 0 ? NULL : s;
}

/* A number in a sentence: in full up to 40 digits, else its length. */
static char *short_number(mpz_srcptr v)
{
    char *s = NULL;
    size_t digits = mpz_sizeinbase(v, 10);
    if (digits <= 40) gmp_asprintf(&s, "%Zd", v);
    else gmp_asprintf(&s, "a %zu-digit number", digits);
    return s;
}

static char *explain_sharing3(const gr_play_choice *c, const gr_bigpos *r, char *mw)
{
    int i = -1, j = -1, t = -1;
    for (int a = 0; a < 3 && i < 0; a++)
        for (int b = a + 1; b < 3; b++)
            if (mpz_cmp(r->p[a], r->p[b]) == 0) {
                i = a, j = b, t = 3 - a - b;
                break;
            }
    char *s = NULL;
    char more[200] = "";
    if (c->prescribed > 1)
        snprintf(more, sizeof more,
                 "; it is one of %ld winning moves here (the paper's remark that exactly one equalising move "
                 "wins is not true in general)", c->prescribed);
    if (i < 0) {
        gmp_asprintf(&s, "%s: it leads to a P-position by Theorem P%s.", mw, more);
        return s;
    }
    mpz_t d;
    mpz_init(d);
    mpz_sub(d, r->p[t], r->p[i]);
    mpz_abs(d, d);
    if (mpz_sgn(d) == 0) {
        gmp_asprintf(&s, "%s: it makes all three piles equal, which leaves your opponent no move%s.", mw, more);
    } else {
        char *e = short_number(r->p[i]), *dd = short_number(d);
        unsigned long v = mpz_scan1(d, 0);
        gmp_asprintf(&s,
                     "%s: afterwards piles %d and %d both hold %s and pile %d differs from them by %s = 2^%lu "
                     "x odd, an even power of 2, and by Theorem P of seed 000 two equal piles "
                     "with such a gap are a P-position, lost for the player to move%s.",
                     mw, i, j, e, t, dd, v, more);
        free(e);
        free(dd);
    }
    mpz_clear(d);
    return s;
}

static char *explain_nim(const gr_play *pl, const gr_bigpos *r, char *mw)
{
    char *s = NULL;
    mpz_t x;
    mpz_init(x);
    for (int i = 0; i < pl->pos.n; i++) mpz_xor(x, x, pl->pos.p[i]);
    char *xs = short_number(x);
    bool misere = strcmp(pl->engine.outcome.rule->name, "misere") == 0;
    long ones = 0;
    bool big = false;
    for (int i = 0; i < r->n; i++) {
        if (mpz_cmp_ui(r->p[i], 1) > 0) big = true;
        else if (mpz_cmp_ui(r->p[i], 1) == 0) ones++;
    }
    if (misere && !big)
        gmp_asprintf(&s,
                     "%s: it leaves only piles of 0 or 1 tokens, %ld of them with 1, an odd number, so under "
                     "misere play your opponent is left to take the last token.", mw, ones);
    else if (misere)
        gmp_asprintf(&s,
                     "%s: the nim-sum (XOR of the piles) is %s now and 0 after it with a pile of 2 or more "
                     "left, a P-position under misere play just as under normal play (Bouton).", mw, xs);
    else
        gmp_asprintf(&s,
                     "%s: the nim-sum (XOR of the piles) is %s now and 0 after it, and by Bouton's theorem a "
                     "position of nim-sum 0 is lost for the player to move.", mw, xs);
    free(xs);
    mpz_clear(x);
    return s;
}

char *gr_play_explain(gr_play *pl, const gr_play_choice *c)
{
    char *s = NULL;
    if (!c->found) {
        gmp_asprintf(&s, "There is no move: the game is over.");
        return s;
    }
    char *mw = gr_play_move_words(&c->move);
    if (!mw) return NULL;
    mw[0] = (char)toupper((unsigned char)mw[0]);
    const gr_outcome *o = &pl->engine.outcome;
    bool two = pl->seats == 2;
    char len[96] = "";
    if (c->length >= 0) snprintf(len, sizeof len, " (with best play %ld more moves after it)", c->length);
    if (!c->winning) {
        mw[0] = (char)tolower((unsigned char)mw[0]);
        if (two)
            gmp_asprintf(&s,
                         "No move wins here: every move leaves a position from which the other player can "
                         "force a win; the best try is to make the game last: %s%s.", mw, len);
        else
            gmp_asprintf(&s, "The rule prescribes no move here; the longest game follows %s%s.", mw, len);
        free(mw);
        return s;
    }
    gr_bigpos r;
    gr_bigpos_init(&r);
    result_of(&pl->pos, &c->move, &r);
    if (two && is_rules(pl, "nim") && c->move.kind == GR_MOVE_TAKE) {
        s = explain_nim(pl, &r, mw);
    } else if (strcmp(o->rule->name, "normal") == 0 && is_rules(pl, "sharing") &&
               strchr(pl->game->spec, ':') == NULL && r.n == 3) {
        s = explain_sharing3(c, &r, mw);
    } else if (pl->block) {
        gmp_asprintf(&s,
                     "%s: it leads to a P-position of the blocking game: there your opponent has at most %d "
                     "move%s to P-positions, and you forbid %s%s.", mw, pl->block, pl->block > 1 ? "s" : "",
                     pl->block > 1 ? "them all" : "it", len);
    } else if (two) {
        char count[64] = "";
        if (c->prescribed > 1) snprintf(count, sizeof count, ", one of %ld winning moves", c->prescribed);
        gmp_asprintf(&s,
                     "%s: it leads to a P-position (found by %s), from which every reply leaves you a winning "
                     "position%s%s.", mw, c->how, count, len);
    } else {
        gr_answer a;
        gr_answer_init(&a);
        gr_error quiet;
        gr_error_clear(&quiet);
        uint32_t sc;
        const char *cls = own_score(pl, &r, &sc) == GR_OK ? gr_outcome_label(o, sc)
                          : gr_engine_value(&pl->engine, &r, &a, &quiet) == GR_OK ? a.outcome
                                                                                   : "?";
        gmp_asprintf(&s, "%s: it leads to a position of class %s, the move the %s rule prescribes%s.", mw, cls,
                     o->rule->name, len);
        gr_answer_clear(&a);
    }
    gr_bigpos_clear(&r);
    free(mw);
    return s;
}

/* ---- records ---- */

char *gr_play_record_text(const gr_play *pl, const char *seats)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    char oc[64];
    gr_outcome_format(&pl->engine.outcome, oc, sizeof oc);
    fprintf(f, "# grundy play record 1\nrules %s\noutcome %s\nposition ", pl->game->spec, oc);
    for (int i = 0; i < pl->start.n; i++) {
        if (i) fputc(' ', f);
        mpz_out_str(f, 10, pl->start.p[i]);
    }
    fputc('\n', f);
    if (seats && *seats) fprintf(f, "seats %s\n", seats);
    for (size_t i = 0; i <= pl->nmoves; i++) {
        size_t end = i < pl->nmoves ? pl->ban_start[i + 1] : pl->nbans;
        for (size_t b = pl->ban_start[i]; b < end; b++) {
            char *m = gr_play_move_notation(&pl->bans[b]);
            fprintf(f, "ban %s\n", m ? m : "?");
            free(m);
        }
        if (i == pl->nmoves) break;
        char *m = gr_play_move_notation(&pl->moves[i]);
        fprintf(f, "move %s\n", m ? m : "?");
        free(m);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int gr_play_outcome_parse(gr_outcome *o, const char *text, gr_error *err)
{
    const char *eq = strchr(text, '=');
    if (!eq) return gr_outcome_parse(o, text, 0, err);
    char name[64];
    size_t n = (size_t)(eq - text);
    if (n >= sizeof name) return gr_fail(err, GR_EINPUT, "outcome '%.40s' is not known", text);
    memcpy(name, text, n);
    name[n] = '\0';
    char *end;
    long v = strtol(eq + 1, &end, 10);
    if (*end || v < 1 || v > 1000) return gr_fail(err, GR_EINPUT, "outcome '%.40s': bad number", text);
    return gr_outcome_parse(o, name, (int)v, err);
}

void gr_play_record_free(gr_play_record *rec)
{
    for (size_t i = 0; i < rec->nmoves; i++) free(rec->moves[i]);
    free(rec->moves);
    rec->moves = NULL;
    rec->nmoves = 0;
    gr_bigpos_clear(&rec->start);
}

int gr_play_record_parse(gr_play_record *rec, const char *text, gr_error *err)
{
    memset(rec, 0, sizeof *rec);
    gr_bigpos_init(&rec->start);
    snprintf(rec->outcome, sizeof rec->outcome, "normal");
    size_t cap = 0;
    int line = 0, rc = GR_OK;
    bool have_pos = false;
    const char *s = text;
    while (*s && !rc) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        line++;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ')) len--;
        const char *sp = memchr(s, ' ', len);
        size_t klen = sp ? (size_t)(sp - s) : len;
        const char *val = sp ? sp + 1 : s + len;
        size_t vlen = len - (size_t)(val - s);
        if (len == 0 || s[0] == '#') {
            /* comment or blank */
        } else if (klen == 5 && !memcmp(s, "rules", 5)) {
            if (vlen == 0 || vlen >= sizeof rec->rules) rc = gr_fail(err, GR_EINPUT, "record line %d: bad rules", line);
            else memcpy(rec->rules, val, vlen), rec->rules[vlen] = '\0';
        } else if (klen == 7 && !memcmp(s, "outcome", 7)) {
            if (vlen == 0 || vlen >= sizeof rec->outcome) rc = gr_fail(err, GR_EINPUT, "record line %d: bad outcome", line);
            else memcpy(rec->outcome, val, vlen), rec->outcome[vlen] = '\0';
        } else if (klen == 5 && !memcmp(s, "seats", 5)) {
            if (vlen >= sizeof rec->seats) rc = gr_fail(err, GR_EINPUT, "record line %d: seats line too long", line);
            else memcpy(rec->seats, val, vlen), rec->seats[vlen] = '\0';
        } else if (klen == 8 && !memcmp(s, "position", 8)) {
            char *v = strndup(val, vlen);
            if (!v) return gr_fail(err, GR_EINTERNAL, "out of memory");
            rec->start.n = 0;
            rc = gr_bigpos_parse(&rec->start, v, err);
            free(v);
            have_pos = true;
        } else if ((klen == 4 && !memcmp(s, "move", 4)) || (klen == 3 && !memcmp(s, "ban", 3))) {
            if (rec->nmoves == cap) {
                cap = cap ? 2 * cap : 16;
                char **m = realloc(rec->moves, cap * sizeof *m);
                if (!m) return gr_fail(err, GR_EINTERNAL, "out of memory");
                rec->moves = m;
            }
            /* a ban keeps its keyword, so the replay tells them apart */
            rec->moves[rec->nmoves] = klen == 3 ? strndup(s, len) : strndup(val, vlen);
            if (!rec->moves[rec->nmoves]) return gr_fail(err, GR_EINTERNAL, "out of memory");
            rec->nmoves++;
        } else {
            rc = gr_fail(err, GR_EINPUT, "record line %d: unknown line '%.*s'", line, (int)(klen > 30 ? 30 : klen), s);
        }
        s = e ? e + 1 : s + strlen(s);
    }
    if (!rc && !rec->rules[0]) rc = gr_fail(err, GR_EINPUT, "record has no 'rules' line");
    if (!rc && !have_pos) rc = gr_fail(err, GR_EINPUT, "record has no 'position' line");
    return rc;
}
