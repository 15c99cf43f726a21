/* The play loop's state: one game's line of play, which moves are legal,
 * making and taking back moves, bans. See docs/play.md; the computer's
 * choice is in play_choice.c, the notation and records in play_text.c.
 *
 * Legality is decided by the ruleset itself wherever its moves can be listed:
 * a person's move is legal when gr_game_moves lists it. Heap games with a
 * take-and-break code are decided by the code on the one heap moved (any
 * 64-bit size). On positions too big to list (piles beyond 64 bits, or
 * millions of moves) nim, sharing and kim are checked on a small stand-in
 * position that agrees with the real one on every comparison they look at,
 * so the ruleset still decides; tests/test_play.c checks both against
 * listing on every small position. */
#include "play_internal.h"
#include "grundy/block.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

/* A position whose moves number at most this is checked by listing them. */
#define LIST_MOVES_MAX 2000000.0

void gr_play_move_init(gr_play_move *m)
{
    m->kind = GR_MOVE_TAKE;
    m->src = 0;
    m->dst = -1;
    m->nparts = 0;
    mpz_init(m->amount);
    for (int j = 0; j < GR_PLAY_MAX_PARTS; j++) mpz_init(m->part[j]); /* allocates nothing yet */
}

void gr_play_move_clear(gr_play_move *m)
{
    mpz_clear(m->amount);
    for (int j = 0; j < GR_PLAY_MAX_PARTS; j++) mpz_clear(m->part[j]);
}

void gr_play_move_copy(gr_play_move *to, const gr_play_move *from)
{
    to->kind = from->kind;
    to->src = from->src;
    to->dst = from->dst;
    mpz_set(to->amount, from->amount);
    to->nparts = from->nparts;
    for (int j = 0; j < from->nparts; j++) mpz_set(to->part[j], from->part[j]);
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

static void bigpos_swap(gr_bigpos *a, gr_bigpos *b)
{
    gr_bigpos t = *a;
    *a = *b;
    *b = t;
}

/* ---- moves as the ruleset lists them ---- */

void gr_play_sort_parts(gr_play_move *mv)
{
    for (int i = 1; i < mv->nparts; i++)
        for (int j = i; j > 0 && mpz_cmp(mv->part[j - 1], mv->part[j]) > 0; j--) mpz_swap(mv->part[j - 1], mv->part[j]);
}

/* kind, piles and no parts yet; true when parts follow */
static bool begin_move(gr_play_move *to, int kind, int src, int dst)
{
    to->kind = kind;
    to->src = src;
    to->dst = kind == GR_MOVE_TRANSFER ? dst : -1;
    to->nparts = 0;
    return kind == GR_MOVE_SPLIT;
}

void gr_play_from_listed(gr_play_move *to, const gr_pos *from, const gr_move *mv, const gr_pos *result)
{
    mpz_set_ui(to->amount, mv->amount);
    if (!begin_move(to, mv->kind, mv->src, mv->dst)) return;
    mpz_set_ui(to->part[to->nparts++], result->p[mv->src]);
    for (int j = from->n; j < result->n && to->nparts < GR_PLAY_MAX_PARTS; j++)
        mpz_set_ui(to->part[to->nparts++], result->p[j]);
    gr_play_sort_parts(to);
}

void gr_play_from_big(gr_play_move *to, const gr_bigpos *from, const gr_bigmove *mv)
{
    mpz_set(to->amount, mv->amount);
    if (!begin_move(to, mv->kind, mv->src, mv->dst)) return;
    mpz_set(to->part[to->nparts++], mv->result->p[mv->src]);
    for (int j = from->n; j < mv->result->n && to->nparts < GR_PLAY_MAX_PARTS; j++)
        mpz_set(to->part[to->nparts++], mv->result->p[j]);
    gr_play_sort_parts(to);
}

static bool same_move(const gr_play_move *a, const gr_play_move *b)
{
    if (a->kind != b->kind || a->src != b->src || mpz_cmp(a->amount, b->amount) != 0) return false;
    if (a->kind == GR_MOVE_TRANSFER) return a->dst == b->dst;
    if (a->kind != GR_MOVE_SPLIT) return true;
    if (a->nparts != b->nparts) return false;
    for (int j = 0; j < a->nparts; j++)
        if (mpz_cmp(a->part[j], b->part[j]) != 0) return false;
    return true;
}

int gr_play_result_of(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, gr_bigpos *res)
{
    if (gr_bigpos_copy(res, pos)) return GR_ENOMEM;
    if (mv->kind == GR_MOVE_SPLIT) {
        mpz_set(res->p[mv->src], mv->part[0]);
        for (int j = 1; j < mv->nparts; j++)
            if (gr_bigpos_push(res, mv->part[j])) return GR_ENOMEM;
    } else {
        mpz_sub(res->p[mv->src], res->p[mv->src], mv->amount);
        if (mv->kind == GR_MOVE_TRANSFER) mpz_add(res->p[mv->dst], res->p[mv->dst], mv->amount);
    }
    if (!pl->has_split) return GR_OK;
    int k = 0;
    for (int i = 0; i < res->n; i++)
        if (mpz_sgn(res->p[i])) mpz_swap(res->p[k++], res->p[i]);
    res->n = k ? k : 1; /* p[0] is 0 when every heap is empty */
    return GR_OK;
}

/* ---- probing the ruleset on small positions ---- */

typedef struct finder {
    const gr_pos *from;
    const gr_play_move *want;  /* NULL: only note the kinds */
    gr_play_move seen;
    bool found;
    bool kinds[4];
} finder;

static int find_move(void *ctx, const gr_move *mv, const gr_pos *result)
{
    finder *f = ctx;
    if (mv->kind >= 0 && mv->kind < 4) f->kinds[mv->kind] = true;
    if (!f->want || mv->kind != f->want->kind || mv->src != f->want->src) return 0;
    gr_play_from_listed(&f->seen, f->from, mv, result);
    if (!same_move(&f->seen, f->want)) return 0;
    f->found = true;
    return 1;
}

/* Which kinds of move the ruleset lists on q, or whether it lists want. */
static bool listed(const gr_game *g, const gr_pos *q, const gr_play_move *want, bool kinds[4])
{
    finder f = {.from = q, .want = want};
    gr_play_move_init(&f.seen);
    gr_game_moves(g, q, find_move, &f);
    gr_play_move_clear(&f.seen);
    if (kinds)
        for (int k = 0; k < 4; k++) kinds[k] |= f.kinds[k];
    return f.found;
}

static bool first_of_value(const gr_play_move *mv, int m)
{
    for (int e = 0; e < m; e++)
        if (mpz_cmp(mv->part[e], mv->part[m]) == 0) return false;
    return true;
}

/* A heap move by the take-and-break code, on heaps of any size. The code
 * looks only at the digit of the amount taken, the number of heaps left and
 * which of them are equal, so the move is decided on a stand-in: an amount
 * below the code's length with the same digit, and the parts renumbered
 * 1, 2, ... keeping their order and equalities. */
static bool heap_by_code(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv)
{
    const gr_tb_code *c = &pl->code;
    mpz_srcptr x = pos->p[mv->src];
    if (mpz_sgn(mv->amount) < 0 || mpz_cmp(mv->amount, x) > 0) return false;
    uint64_t i, start = (uint64_t)(c->len - c->period);
    if (mpz_cmp_ui(mv->amount, (unsigned long)c->len) < 0) {
        i = mpz_get_ui(mv->amount);
    } else {
        if (!c->period) return false; /* past the end of a finite code */
        mpz_t r;
        mpz_init(r);
        mpz_sub_ui(r, mv->amount, start);
        i = start + mpz_fdiv_ui(r, (unsigned long)c->period);
        mpz_clear(r);
        if (i == 0) i += (uint64_t)c->period; /* an amount taken is no amount 0 */
    }
    uint64_t stand[GR_PLAY_MAX_PARTS], sum = 0;
    int k = 0;
    bool adds_up = true;
    mpz_t left;
    mpz_init(left);
    mpz_sub(left, x, mv->amount);
    if (mv->kind == GR_MOVE_TAKE) {
        if (mpz_sgn(left)) stand[k++] = 1;
    } else {
        for (int j = 0; j < mv->nparts; j++) {
            adds_up &= mpz_sgn(mv->part[j]) > 0;
            mpz_sub(left, left, mv->part[j]);
        }
        adds_up &= mpz_sgn(left) == 0;
        for (k = 0; k < mv->nparts; k++) {
            stand[k] = 1; /* 1 + how many smaller values the parts take */
            for (int m = 0; m < mv->nparts; m++)
                if (mpz_cmp(mv->part[m], mv->part[k]) < 0 && first_of_value(mv, m)) stand[k]++;
        }
    }
    mpz_clear(left);
    if (!adds_up) return false;
    for (int j = 0; j < k; j++) sum += stand[j];
    return gr_tb_allows(c, i + sum, i, stand, k);
}

/* A heap move checked on the one heap moved: the moves of a heap do not
 * depend on the others. */
static bool heap_by_listing(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, bool *known)
{
    if (!mpz_fits_ulong_p(pos->p[mv->src])) {
        *known = false;
        return false;
    }
    gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[mv->src])}};
    gr_play_move at0;
    gr_play_move_init(&at0);
    gr_play_move_copy(&at0, mv);
    at0.src = 0;
    bool ok = listed(pl->game, &one, &at0, NULL);
    gr_play_move_clear(&at0);
    return ok;
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

/* The ruleset's own rule on piles of any size (its legal capability): 1, 0,
 * or -1 when it has none; why as for gr_game_legal. */
static int by_rules(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, char *why, size_t len)
{
    if (mv->kind == GR_MOVE_SPLIT) {
        why[0] = '\0';
        return 0;
    }
    gr_bigmove bm = {mv->kind, mv->src, mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1, mv->amount, NULL};
    return gr_game_legal(pl->game, pos, &bm, why, len);
}

bool gr_play_probe_legal(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv)
{
    if (pl->has_code) return mv->kind != GR_MOVE_TRANSFER && heap_by_code(pl, pos, mv);
    char why[8];
    return by_rules(pl, pos, mv, why, sizeof why) == 1;
}

static bool legal(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, bool *known)
{
    *known = true;
    if (pl->has_code) return mv->kind != GR_MOVE_TRANSFER && heap_by_code(pl, pos, mv);
    gr_pos small;
    if (listable(pos, &small)) return listed(pl->game, &small, mv, NULL);
    /* a ruleset with a code never gets here */
    if (pl->game->flags & GR_RS_HEAPS) return heap_by_listing(pl, pos, mv, known);
    char why[8];
    int ok = by_rules(pl, pos, mv, why, sizeof why);
    *known = ok >= 0;
    return ok == 1;
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
    return pl->bans ? pl->bans + first : NULL; /* no ban made yet: no array to point into */
}

/* Equal as positions of the game: the same canonical form where the piles
 * fit in 64 bits (as the solver's block-position rule compares them),
 * otherwise the same piles in the same order. */
static bool same_position(const gr_play *pl, const gr_bigpos *a, const gr_bigpos *b)
{
    gr_pos x, y;
    if (a->n <= GR_MAX_PILES && b->n <= GR_MAX_PILES && gr_bigpos_to_pos(a, &x) && gr_bigpos_to_pos(b, &y)) {
        gr_game_canonical(pl->game, &x);
        gr_game_canonical(pl->game, &y);
        return x.n == y.n && memcmp(x.p, y.p, (size_t)x.n * sizeof x.p[0]) == 0;
    }
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (mpz_cmp(a->p[i], b->p[i]) != 0) return false;
    return true;
}

bool gr_play_banned(const gr_play *pl, const gr_play_move *mv)
{
    size_t first = turn_first_ban(pl);
    if (first == pl->nbans) return false;
    if (!pl->ban_positions) {
        for (size_t i = first; i < pl->nbans; i++)
            if (same_move(&pl->bans[i], mv)) return true;
        return false;
    }
    gr_bigpos r, b;
    gr_bigpos_init(&r);
    gr_bigpos_init(&b);
    /* out of memory (no answer to give): forbidden, so that a forbidden
     * position is never reached */
    bool hit = gr_play_result_of(pl, &pl->pos, mv, &r) != GR_OK;
    for (size_t i = first; i < pl->nbans && !hit; i++)
        hit = gr_play_result_of(pl, &pl->pos, &pl->bans[i], &b) != GR_OK || same_position(pl, &r, &b);
    gr_bigpos_clear(&r);
    gr_bigpos_clear(&b);
    return hit;
}

bool gr_play_banned_listed(const gr_play *pl, const gr_pos *from, const gr_move *mv, const gr_pos *result)
{
    if (turn_first_ban(pl) == pl->nbans) return false;
    gr_play_move m;
    gr_play_move_init(&m);
    gr_play_from_listed(&m, from, mv, result);
    bool hit = gr_play_banned(pl, &m);
    gr_play_move_clear(&m);
    return hit;
}

/* ---- the first move ---- */

typedef struct smallest {
    const gr_play *pl;
    const gr_pos *from;
    bool found;
    gr_move best;
    gr_pos result;
} smallest;

static int smallest_cb(void *ctx, const gr_move *mv, const gr_pos *result)
{
    smallest *sm = ctx;
    if (gr_play_banned_listed(sm->pl, sm->from, mv, result)) return 0;
    if (!sm->found || mv->amount < sm->best.amount ||
        (mv->amount == sm->best.amount && mv->kind < sm->best.kind)) {
        sm->best = *mv;
        sm->result = *result;
        sm->found = true;
    }
    return 0;
}

typedef struct walk {
    uint64_t want, at;
    gr_move mv;
    gr_pos result;
    bool found;
} walk;

static int walk_cb(void *ctx, const gr_move *mv, const gr_pos *result)
{
    walk *w = ctx;
    if (w->at++ < w->want) return 0;
    w->mv = *mv;
    w->result = *result;
    w->found = true;
    return 1;
}

/* The first unforbidden move of heap s, listed on the heap alone: the
 * listing stops there, so it is cheap however many moves the heap has.
 * Forbidden moves (at most k a turn) are stepped over one by one. */
/* A heap beyond 64 bits, in a game with a code: the first of the moves that
 * take i tokens (i up to the code's length plus period, which shows every
 * digit) and leave k heaps 1, 2, ..., k-1 and the rest, which every
 * constraint allows. A heap this big is never taken whole by a small i. */
static bool big_heap_first_move(const gr_play *pl, const gr_bigpos *pos, int s, gr_play_move *mv)
{
    uint64_t last = (uint64_t)pl->code.len + (uint64_t)pl->code.period;
    for (uint64_t i = 0; i <= last; i++)
        for (int k = 1; k <= GR_PLAY_MAX_PARTS; k++) {
            if (!(gr_tb_digit_at(&pl->code, i).mask >> k & 1)) continue;
            if (begin_move(mv, k == 1 ? GR_MOVE_TAKE : GR_MOVE_SPLIT, s, -1)) mv->nparts = k;
            mpz_set_ui(mv->amount, i);
            mpz_sub_ui(mv->part[k - 1], pos->p[s], i);
            for (int j = 0; k > 1 && j < k - 1; j++) {
                mpz_set_ui(mv->part[j], (unsigned long)j + 1);
                mpz_sub_ui(mv->part[k - 1], mv->part[k - 1], (unsigned long)j + 1);
            }
            if (heap_by_code(pl, pos, mv) && !gr_play_banned(pl, mv)) return true;
        }
    return false;
}

static bool heap_first_move(const gr_play *pl, const gr_bigpos *pos, int s, gr_play_move *mv)
{
    if (mpz_sgn(pos->p[s]) == 0) return false;
    if (!mpz_fits_ulong_p(pos->p[s])) return pl->has_code && big_heap_first_move(pl, pos, s, mv);
    gr_pos one = {.n = 1, .p = {mpz_get_ui(pos->p[s])}};
    for (uint64_t skip = 0;; skip++) {
        walk w = {.want = skip};
        gr_game_moves(pl->game, &one, walk_cb, &w);
        if (!w.found) return false;
        gr_play_from_listed(mv, &one, &w.mv, &w.result);
        mv->src = s;
        if (!gr_play_banned(pl, mv)) return true;
    }
}

bool gr_play_first_move(const gr_play *pl, const gr_bigpos *pos, gr_play_move *mv)
{
    bool known;
    gr_pos small;
    /* heap games first: a heap's moves can be far more than its size
     * (splits), and listing stops at the first one */
    if (pl->game->flags & GR_RS_HEAPS && !pl->game->rs->legal) {
        for (int s = 0; s < pos->n; s++)
            if (heap_first_move(pl, pos, s, mv)) return true;
        return false;
    }
    if (listable(pos, &small)) {
        smallest sm = {.pl = pl, .from = &small};
        gr_game_moves(pl->game, &small, smallest_cb, &sm);
        if (sm.found) gr_play_from_listed(mv, &small, &sm.best, &sm.result);
        return sm.found;
    }
    /* rulesets that decide moves at any size (nim, sharing, kim): every
     * move implies a one-token move exists */
    mpz_set_ui(mv->amount, 1);
    if (pl->has_take)
        for (int s = 0; s < pos->n; s++) {
            begin_move(mv, GR_MOVE_TAKE, s, -1);
            if (legal(pl, pos, mv, &known) && !gr_play_banned(pl, mv)) return true;
        }
    if (pl->has_transfer)
        for (int s = 0; s < pos->n; s++)
            for (int d = 0; d < pos->n; d++) {
                if (s == d) continue;
                begin_move(mv, GR_MOVE_TRANSFER, s, d);
                if (legal(pl, pos, mv, &known) && !gr_play_banned(pl, mv)) return true;
            }
    return false;
}

static bool has_move(const gr_play *pl, const gr_bigpos *pos)
{
    gr_play_move mv;
    gr_play_move_init(&mv);
    bool any = gr_play_first_move(pl, pos, &mv);
    gr_play_move_clear(&mv);
    return any;
}

/* ---- the game ---- */

/* Which kinds of move the ruleset has: listed on small positions where every
 * ordered pair of piles meets in a few shapes (a source bigger, equal or
 * smaller than the receiver), so that rules comparing piles show them all;
 * heap games on single heaps. */
static void probe_kinds(gr_play *pl, int n)
{
    bool kinds[4] = {false};
    unsigned known = gr_game_move_kinds(pl->game);
    if (known) {
        pl->has_take = known & GR_MOVE_BIT(GR_MOVE_TAKE);
        pl->has_transfer = known & GR_MOVE_BIT(GR_MOVE_TRANSFER);
        pl->has_split = known & GR_MOVE_BIT(GR_MOVE_SPLIT);
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
                listed(pl->game, &q, NULL, kinds);
            }
    for (uint64_t h = 1; h <= 8 && (pl->game->flags & GR_RS_HEAPS); h++) {
        gr_pos q = {.n = 1, .p = {h}};
        listed(pl->game, &q, NULL, kinds);
    }
    pl->has_take = kinds[GR_MOVE_TAKE];
    pl->has_transfer = kinds[GR_MOVE_TRANSFER];
    pl->has_split = kinds[GR_MOVE_SPLIT];
}

/* The play's fields from the start position, before the engine is asked
 * anything; GR_ENOMEM when memory runs out. */
static int play_setup(gr_play *pl, const gr_game *g, const gr_outcome *o, const gr_limits *lim,
                      const gr_bigpos *start, gr_error *err)
{
    pl->game = g;
    gr_bigpos_init(&pl->start);
    gr_bigpos_init(&pl->pos);
    pl->engine = gr_engine_new(g, o, lim, err);
    if (!pl->engine) return GR_ENOMEM;
    pl->ban_start = calloc(1, sizeof *pl->ban_start);
    if (!pl->ban_start || gr_bigpos_copy(&pl->start, start) || gr_bigpos_copy(&pl->pos, start))
        return gr_fail_nomem(err);
    /* players=m seats m people; every other rule is for two */
    pl->seats = o->rule == &gr_outcome_players && o->param >= 2 ? o->param : 2;
    pl->ban_positions = o->rule == &gr_outcome_block_position;
    if (o->rule == &gr_outcome_block || pl->ban_positions) pl->block = o->param > 0 ? o->param : 1;
    pl->has_code = gr_tb_code_of_heaps(g, &pl->code);
    probe_kinds(pl, start->n);
    return GR_OK;
}

/* Can the engine answer start (the play's first question)? Then the length
 * search is on when the tree from start is small enough. */
static int start_check(gr_play *pl, const gr_bigpos *start, gr_error *err)
{
    gr_answer ans;
    gr_answer_init(&ans);
    int rc = gr_engine_value(pl->engine, start, &ans, err);
    gr_answer_clear(&ans);
    if (rc) return rc;
    gr_pos small;
    pl->length_ok = false;
    if (start->n <= GR_MAX_PILES && gr_bigpos_to_pos(start, &small)) {
        gr_estimate est;
        gr_solver_estimate(pl->game, &pl->engine->outcome, &small, &est);
        pl->length_ok = est.states <= GR_PLAY_LENGTH_STATES_MAX;
    }
    return GR_OK;
}

gr_play *gr_play_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim, const gr_bigpos *start,
                     gr_error *err)
{
    gr_play *pl = calloc(1, sizeof *pl);
    if (!pl) {
        gr_fail_nomem(err);
        return NULL;
    }
    int rc = play_setup(pl, g, o, lim, start, err);
    if (!rc) rc = start_check(pl, start, err);
    if (rc) {
        gr_play_free(pl); /* a failed start leaves nothing to free */
        return NULL;
    }
    return pl;
}

int gr_play_set_start(gr_play *pl, const gr_bigpos *start, gr_error *err)
{
    gr_bigpos first, now;
    gr_bigpos_init(&first);
    gr_bigpos_init(&now);
    bool length_ok = pl->length_ok;
    int rc = gr_bigpos_copy(&first, start) || gr_bigpos_copy(&now, start) ? gr_fail_nomem(err)
                                                                          : start_check(pl, start, err);
    if (rc) {
        pl->length_ok = length_ok;
    } else {
        bigpos_swap(&pl->start, &first);
        bigpos_swap(&pl->pos, &now);
        pl->nmoves = 0;
        pl->nbans = pl->ban_start[0];
        probe_kinds(pl, start->n);
    }
    gr_bigpos_clear(&first);
    gr_bigpos_clear(&now);
    return rc;
}

void gr_play_free(gr_play *pl)
{
    if (!pl) return;
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
    gr_play_lengths_free(pl);
    gr_engine_free(pl->engine);
    free(pl);
}

/* ---- reading the game ---- */

const gr_game *gr_play_game(const gr_play *pl) { return pl->game; }
gr_engine *gr_play_engine(gr_play *pl) { return pl->engine; }
int gr_play_seats(const gr_play *pl) { return pl->seats; }
int gr_play_to_move(const gr_play *pl) { return (int)(pl->nmoves % (size_t)pl->seats); }
const gr_bigpos *gr_play_start(const gr_play *pl) { return &pl->start; }
const gr_bigpos *gr_play_position(const gr_play *pl) { return &pl->pos; }
size_t gr_play_nmoves(const gr_play *pl) { return pl->nmoves; }
const gr_play_move *gr_play_move_at(const gr_play *pl, size_t i) { return &pl->moves[i]; }
const gr_bigpos *gr_play_before(const gr_play *pl, size_t i) { return &pl->before[i]; }
void gr_play_set_length_search(gr_play *pl, bool on) { pl->length_ok = on; }

unsigned gr_play_move_kinds(const gr_play *pl)
{
    return (pl->has_take ? GR_MOVE_BIT(GR_MOVE_TAKE) : 0) | (pl->has_transfer ? GR_MOVE_BIT(GR_MOVE_TRANSFER) : 0) |
           (pl->has_split ? GR_MOVE_BIT(GR_MOVE_SPLIT) : 0);
}

int gr_play_block(const gr_play *pl, bool *positions)
{
    if (positions) *positions = pl->ban_positions;
    return pl->block;
}

/* ---- moves ---- */

int gr_play_check(gr_play *pl, const gr_play_move *mv, gr_bigpos *result, gr_error *err)
{
    const gr_bigpos *pos = &pl->pos;
    const char *unit = "pile";  /* as the board and the move words say, for every game */
    if (mv->src < 0 || mv->src >= pos->n || (mv->kind == GR_MOVE_TRANSFER && (mv->dst < 0 || mv->dst >= pos->n)))
        return gr_fail(err, GR_EINPUT, "there is no such %s: %ss are numbered 0 to %d", unit, unit, pos->n - 1);
    if (mv->kind == GR_MOVE_TAKE && !pl->has_take)
        return gr_fail(err, GR_EINPUT, "%s has no moves that only take tokens; type help for the notation",
                       pl->game->rs->name);
    if (mv->kind == GR_MOVE_TRANSFER && !pl->has_transfer)
        return gr_fail(err, GR_EINPUT, "%s has no transfers; type help for the notation", pl->game->rs->name);
    if (mv->kind == GR_MOVE_SPLIT && !pl->has_split)
        return gr_fail(err, GR_EINPUT, "%s never splits a heap; type help for the notation", pl->game->rs->name);
    if (mv->kind == GR_MOVE_TRANSFER && mv->src == mv->dst)
        return gr_fail(err, GR_EINPUT, "a transfer goes to a different pile");
    if (mv->kind != GR_MOVE_SPLIT && mpz_sgn(mv->amount) <= 0)
        return gr_fail(err, GR_EINPUT, "the amount must be at least 1");
    if (mpz_cmp(mv->amount, pos->p[mv->src]) > 0)
        return gr_fail(err, GR_EINPUT, "%s %d has fewer tokens than that", unit, mv->src);
    if (mv->kind == GR_MOVE_SPLIT) {
        mpz_t sum;
        mpz_init_set(sum, mv->amount);
        for (int j = 0; j < mv->nparts; j++) mpz_add(sum, sum, mv->part[j]);
        int c = mpz_cmp(sum, pos->p[mv->src]);
        mpz_clear(sum);
        if (c != 0)
            return gr_fail(err, GR_EINPUT, "the parts add up to %s than pile %d holds", c > 0 ? "more" : "less",
                           mv->src);
    }
    if (gr_play_banned(pl, mv))
        return gr_fail(err, GR_EINPUT, pl->ban_positions ? "that move leads to a position forbidden this turn"
                                                         : "that move is forbidden this turn");
    bool known;
    bool ok = legal(pl, pos, mv, &known);
    if (!known)
        return gr_fail(err, GR_EINPUT, "moves of %s cannot be checked on a position this big", pl->game->spec);
    char why[200];
    if (!ok && by_rules(pl, pos, mv, why, sizeof why) == 0 && why[0]) {
        return gr_fail(err, GR_EINPUT, "illegal: %s", why);
    }
    if (!ok) {
        if (pl->has_code && mv->kind != GR_MOVE_TRANSFER) {
            int left = mv->kind == GR_MOVE_SPLIT ? mv->nparts : mpz_cmp(mv->amount, pos->p[mv->src]) != 0;
            char taken[48] = "nothing";
            if (mpz_sizeinbase(mv->amount, 10) < 40) gmp_snprintf(taken, sizeof taken, "%Zd", mv->amount);
            if (mpz_sgn(mv->amount) == 0) snprintf(taken, sizeof taken, "nothing");
            return gr_fail(err, GR_EINPUT,
                           "illegal under %s: taking %s from pile %d and leaving %d heap%s is not a move; type help",
                           pl->game->spec, taken, mv->src, left, left == 1 ? "" : "s");
        }
        return gr_fail(err, GR_EINPUT, "illegal move under %s; type help for the rules", pl->game->spec);
    }
    return gr_play_result_of(pl, pos, mv, result) ? gr_fail_nomem(err) : GR_OK;
}

/* Room for one more move; false when memory runs out (the arrays already
 * grown stay valid: pl->cap changes only once all three have). */
static bool grow(gr_play *pl)
{
    if (pl->nmoves < pl->cap) return true;
    size_t cap = gr_grow_cap(pl->cap, pl->nmoves + 1, 16, sizeof *pl->moves);
    if (!cap || !gr_resize(&pl->moves, cap, sizeof *pl->moves) || !gr_resize(&pl->before, cap, sizeof *pl->before) ||
        !gr_resize(&pl->ban_start, cap + 1, sizeof *pl->ban_start))
        return false;
    for (size_t i = pl->cap; i < cap; i++) {
        gr_play_move_init(&pl->moves[i]);
        gr_bigpos_init(&pl->before[i]);
    }
    pl->cap = cap;
    return true;
}

int gr_play_make(gr_play *pl, const gr_play_move *mv, gr_error *err)
{
    gr_bigpos res;
    gr_bigpos_init(&res);
    int rc = gr_play_check(pl, mv, &res, err);
    if (!rc && !grow(pl)) rc = gr_fail_nomem(err);
    if (!rc) {
        gr_play_move_copy(&pl->moves[pl->nmoves], mv);
        /* swapped, not copied: nothing to allocate once the move is legal */
        bigpos_swap(&pl->before[pl->nmoves], &pl->pos);
        bigpos_swap(&pl->pos, &res);
        pl->nmoves++;
        pl->ban_start[pl->nmoves] = pl->nbans; /* this turn's bans are spent */
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
    /* the slot is free from now on: a swap cannot run out of memory */
    bigpos_swap(&pl->pos, &pl->before[pl->nmoves]);
}

void gr_play_restart(gr_play *pl)
{
    gr_play_undo(pl, pl->nmoves);
}

int gr_play_state_get(gr_play *pl, gr_play_state *st, gr_error *err)
{
    gr_answer ans;
    gr_answer_init(&ans);
    int rc = gr_play_answer(pl, &pl->pos, &ans, err);
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

/* ---- blocking ---- */

int gr_play_ban(gr_play *pl, const gr_play_move *mv, gr_error *err)
{
    if (!pl->block) return gr_fail(err, GR_EINPUT, "no moves are forbidden under this rule");
    size_t nb;
    gr_play_bans(pl, &nb);
    const char *what = pl->ban_positions ? "position" : "move";
    if (nb >= (size_t)pl->block)
        return gr_fail(err, GR_EINPUT, "%d %s%s already forbidden this turn", pl->block, what,
                       pl->block > 1 ? "s are" : " is");
    gr_bigpos res;
    gr_bigpos_init(&res);
    int rc = gr_play_check(pl, mv, &res, err); /* also refuses a move already forbidden */
    gr_bigpos_clear(&res);
    if (rc) return rc;
    size_t had = pl->capbans;
    if (!GR_GROW(pl->bans, pl->capbans, pl->nbans + 1, 16)) return gr_fail_nomem(err);
    for (size_t i = had; i < pl->capbans; i++) gr_play_move_init(&pl->bans[i]);
    gr_play_move_copy(&pl->bans[pl->nbans++], mv);
    return GR_OK;
}
