/* The play logic (src/engine/play.c) against independent brute force: the
 * computer's choice, move checking on big positions, records. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/engine.h"
#include "grundy/play.h"
#include "playtest.h"
#include "grundy/theory.h"

/* ---- brute force: win/lose and remoteness under normal play, memoised on
 * raw positions of three piles below 16 ---- */

typedef struct brute {
    const gr_game *g;
    signed char win[4096];     /* -1 unknown */
    int rem[4096];
} brute;

static int key(const gr_pos *p)
{
    return (int)(p->p[0] * 256 + p->p[1] * 16 + p->p[2]);
}

typedef struct kids {
    gr_pos r[512];
    int n;
} kids;

static int add_kid(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    kids *k = ctx;
    k->r[k->n++] = *result;
    return 0;
}

static void solve(brute *b, const gr_pos *p)
{
    int kk = key(p);
    if (b->win[kk] >= 0) return;
    kids *k = malloc(sizeof *k);
    k->n = 0;
    gr_game_moves(b->g, p, add_kid, k);
    bool win = false;
    int best = 0;
    for (int i = 0; i < k->n; i++) {
        solve(b, &k->r[i]);
        int c = key(&k->r[i]);
        if (!b->win[c] && (!win || b->rem[c] + 1 < best)) best = b->rem[c] + 1, win = true;
    }
    if (!win)
        for (int i = 0; i < k->n; i++)
            if (b->rem[key(&k->r[i])] + 1 > best) best = b->rem[key(&k->r[i])] + 1;
    b->win[kk] = win;
    b->rem[kk] = best;
    free(k);
}

/* For every position of three piles up to max: the computer's move wins
 * when anything wins, ending the game soonest, and otherwise holds out
 * longest; its length is the brute-force remoteness. */
static void check_choices(const char *rules, int max)
{
    gr_game g;
    gr_pos top = {.n = 3, .p = {(uint64_t)max, (uint64_t)max, (uint64_t)max}};
    gr_play *pl = playtest_start(&g, rules, "normal", &top);
    brute *b = malloc(sizeof *b);
    b->g = &g;
    memset(b->win, -1, sizeof b->win);
    int checked = 0;
    for (int x = 0; x <= max; x++)
        for (int y = 0; y <= max; y++)
            for (int z = 0; z <= max; z++) {
                gr_pos p = {.n = 3, .p = {(uint64_t)x, (uint64_t)y, (uint64_t)z}};
                solve(b, &p);
                playtest_restart_at(pl, &p);
                gr_play_choice c;
                gr_play_choice_init(&c);
                gr_error err;
                gr_error_clear(&err);
                cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
                int kk = key(&p);
                if (b->rem[kk] == 0) {
                    cr_assert(!c.found, "%s (%d,%d,%d) has no move", rules, x, y, z);
                } else {
                    cr_assert(c.found);
                    cr_assert_eq(c.winning, b->win[kk], "%s (%d,%d,%d)", rules, x, y, z);
                    gr_pos r = p;
                    r.p[c.move.src] -= mpz_get_ui(c.move.amount);
                    if (c.move.kind == GR_MOVE_TRANSFER) r.p[c.move.dst] += mpz_get_ui(c.move.amount);
                    cr_assert_eq(b->rem[key(&r)] + 1, b->rem[kk], "%s (%d,%d,%d): length %d, best %d", rules, x, y,
                                 z, b->rem[key(&r)] + 1, b->rem[kk]);
                    cr_assert_eq(c.length, b->rem[key(&r)], "%s (%d,%d,%d): length %ld, brute %d", rules, x, y, z,
                                 c.length, b->rem[key(&r)]);
                    checked++;
                }
                gr_play_choice_clear(&c);
            }
    cr_assert_gt(checked, 0);
    free(b);
    gr_play_free(pl);
    gr_game_release(&g);
}

Test(play, choice_sharing_is_fastest_win_or_longest_loss)
{
    check_choices("sharing", 12);
}

Test(play, choice_nim_is_fastest_win_or_longest_loss)
{
    check_choices("nim", 7);
}

Test(play, choice_kim_is_fastest_win_or_longest_loss)
{
    check_choices("kim", 5);
}

Test(play, choice_directed_triangle)
{
    check_choices("sharing:graph=0>1/1>2/2>0", 9);
}

/* ---- the computer wins every game from a winning position ---- */

typedef struct pick {
    int want, seen;
    gr_move mv;
    gr_pos result;
} pick;

static int pick_nth(void *ctx, const gr_move *mv, const gr_pos *result)
{
    pick *p = ctx;
    if (p->seen++ == p->want) p->mv = *mv, p->result = *result;
    return 0;
}

/* A listed move as play writes it: a split's parts are the heap moved and
 * the heaps the ruleset appended, smallest first. */
static void as_play_move(gr_play_move *to, const gr_pos *from, const gr_move *mv, const gr_pos *result)
{
    to->kind = mv->kind;
    to->src = mv->src;
    to->dst = mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1;
    mpz_set_ui(to->amount, mv->amount);
    to->nparts = 0;
    if (mv->kind != GR_MOVE_SPLIT) return;
    uint64_t part[GR_PLAY_MAX_PARTS];
    part[to->nparts++] = result->p[mv->src];
    for (int j = from->n; j < result->n; j++) part[to->nparts++] = result->p[j];
    for (int i = 0; i < to->nparts; i++)
        for (int j = i + 1; j < to->nparts; j++)
            if (part[j] < part[i]) {
                uint64_t t = part[i];
                part[i] = part[j];
                part[j] = t;
            }
    for (int j = 0; j < to->nparts; j++) mpz_set_ui(to->part[j], part[j]);
}

static int count_moves(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv, (void)result;
    (*(int *)ctx)++;
    return 0;
}

/* Plays `games` games from random positions the engine calls N, the
 * computer in seat 0 against uniformly random moves; returns games played. */
static int against_random(const char *rules, const char *outcome, int piles, int max, int games, unsigned seed)
{
    int played = 0;
    for (int t = 0; played < games && t < 50 * games; t++) {
        gr_pos p = {.n = piles};
        for (int i = 0; i < piles; i++) p.p[i] = (uint64_t)(rand_r(&seed) % (max + 1));
        gr_game g;
        gr_play *pl = playtest_start(&g, rules, outcome, &p);
        gr_play_choice c;
        gr_play_choice_init(&c);
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
        if (c.found && c.winning) {
            played++;
            gr_play_state st;
            for (;;) {
                cr_assert_eq(gr_play_state_get(pl, &st, &err), 0, "%s", err.msg);
                if (st.over) break;
                gr_play_move mv;
                gr_play_move_init(&mv);
                bool act_random = st.banning ? st.blocker == 1 : st.to_move == 1;
                if (st.banning && !act_random) {
                    cr_assert_eq(gr_play_auto_ban(pl, &err), 0, "%s", err.msg);
                } else if (st.to_move == 0 && !st.banning) {
                    cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
                    cr_assert(c.found && c.winning, "%s: the computer lost its win", rules);
                    gr_play_move_copy(&mv, &c.move);
                    cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s", err.msg);
                } else {
                    /* a random move (or ban), drawn again while it is forbidden */
                    gr_pos now;
                    cr_assert(gr_bigpos_to_pos(gr_play_position(pl), &now));
                    int n = 0;
                    gr_game_moves(&g, &now, count_moves, &n);
                    for (int tries = 0;; tries++) {
                        cr_assert_lt(tries, 10000);
                        pick pk = {rand_r(&seed) % n, 0, {0}, {0}};
                        gr_game_moves(&g, &now, pick_nth, &pk);
                        as_play_move(&mv, &now, &pk.mv, &pk.result);
                        gr_error_clear(&err);
                        if ((st.banning ? gr_play_ban(pl, &mv, &err) : gr_play_make(pl, &mv, &err)) == 0) break;
                        cr_assert(strstr(err.msg, "forbidden"), "%s", err.msg);
                    }
                }
                gr_play_move_clear(&mv);
            }
            cr_assert_eq(st.loser, 1, "%s %s: the computer (seat 0) lost from a winning position", rules, outcome);
        }
        gr_play_choice_clear(&c);
        gr_play_free(pl);
        gr_game_release(&g);
    }
    return played;
}

Test(play, computer_wins_sharing)
{
    cr_assert_eq(against_random("sharing", "normal", 3, 14, 150, 1), 150);
    cr_assert_eq(against_random("sharing", "normal", 4, 6, 60, 2), 60);
    cr_assert_eq(against_random("sharing:graph=0-1/1-2", "normal", 3, 8, 60, 3), 60);
}

Test(play, computer_wins_nim)
{
    cr_assert_eq(against_random("nim", "normal", 3, 9, 150, 4), 150);
    cr_assert_eq(against_random("nim", "misere", 3, 5, 150, 5), 150);
    cr_assert_eq(against_random("sharing", "misere", 3, 9, 60, 6), 60);
}

/* block=k where the blocking rule is built in (another part of the project) */
Test(play, computer_wins_blocking)
{
    gr_outcome o;
    gr_error err;
    gr_error_clear(&err);
    if (gr_outcome_parse(&o, "block", 1, &err) != GR_OK) cr_skip_test("the blocking rule is not built in");
    cr_assert_eq(against_random("nim", "block=1", 3, 5, 100, 9), 100);
    cr_assert_eq(against_random("sharing", "block=1", 3, 9, 60, 10), 60);
    cr_assert_eq(against_random("nim", "block=2", 3, 5, 60, 11), 60);
}

/* heap games that split: the parts travel through moves, checks and bans */
Test(play, computer_wins_heaps)
{
    cr_assert_eq(against_random("split", "normal", 2, 12, 80, 12), 80);
    cr_assert_eq(against_random("split:parts=2", "normal", 2, 14, 60, 13), 60);
    cr_assert_eq(against_random("tb:0.77", "normal", 2, 14, 60, 14), 60);
    cr_assert_eq(against_random("tb:0.07", "normal", 2, 16, 60, 15), 60);
    cr_assert_eq(against_random("grundy-game", "normal", 2, 16, 60, 16), 60);
    cr_assert_eq(against_random("tb:0.77", "misere", 2, 10, 60, 17), 60);
    cr_assert_eq(against_random("split", "block=1", 2, 6, 40, 18), 40);
}

/* block-position=k: a ban forbids a position, so every move that leads there */
Test(play, computer_wins_block_position)
{
    cr_assert_eq(against_random("nim", "block-position=1", 3, 5, 80, 19), 80);
    cr_assert_eq(against_random("sharing", "block-position=1", 3, 8, 60, 20), 60);
    cr_assert_eq(against_random("nim", "block-position=2", 3, 5, 60, 21), 60);
    cr_assert_eq(against_random("tb:0.77", "block-position=1", 2, 8, 40, 22), 40);
}

Test(play, computer_wins_kim)
{
    cr_assert_eq(against_random("kim", "normal", 3, 5, 100, 7), 100);
    cr_assert_eq(against_random("kim:reading=R2", "normal", 3, 5, 60, 8), 60);
}

/* ---- move checking on big positions ---- */

typedef struct want {
    int kind, s, d;
    uint64_t k;
    bool f;
} want;

static int find(void *ctx, const gr_move *m, const gr_pos *r)
{
    (void)r;
    want *w = ctx;
    if (m->kind == w->kind && m->src == w->s && (m->kind != GR_MOVE_TRANSFER || m->dst == w->d) && m->amount == w->k)
        w->f = true;
    return 0;
}

static void probe_agrees(const char *rules, int piles, int max)
{
    gr_game g;
    gr_pos p = {.n = piles};
    gr_play *pl = playtest_start(&g, rules, "normal", &p);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_play_move mv;
    gr_play_move_init(&mv);
    long legal = 0;
    int total = 1;
    for (int i = 0; i < piles; i++) total *= max + 1;
    for (int code = 0; code < total; code++) {
        int c = code;
        for (int i = 0; i < piles; i++) p.p[i] = (uint64_t)(c % (max + 1)), c /= max + 1;
        cr_assert_eq(gr_bigpos_from_pos(&bp, &p), GR_OK);
        for (int s = 0; s < piles; s++)
            for (int d = -1; d < piles; d++)
                for (uint64_t k = 1; k <= p.p[s]; k++) {
                    if (d == s) continue;
                    mv.kind = d < 0 ? GR_MOVE_TAKE : GR_MOVE_TRANSFER;
                    mv.src = s;
                    mv.dst = d;
                    mpz_set_ui(mv.amount, k);
                    want w = {mv.kind, s, d, k, false};
                    gr_game_moves(&g, &p, find, &w);
                    bool by_list = w.f;
                    bool by_probe = gr_play_probe_legal(pl, &bp, &mv);
                    cr_assert_eq(by_probe, by_list, "%s: move (%d,%d,%lu) on %lu %lu %lu: probe %d, list %d", rules,
                                 s, d, (unsigned long)k, (unsigned long)p.p[0], (unsigned long)p.p[1],
                                 (unsigned long)(piles > 2 ? p.p[2] : 0), by_probe, by_list);
                    legal += by_list;
                }
    }
    cr_assert_gt(legal, 0);
    gr_play_move_clear(&mv);
    gr_bigpos_clear(&bp);
    gr_play_free(pl);
    gr_game_release(&g);
}

Test(play, probe_matches_listing)
{
    probe_agrees("nim", 3, 6);
    probe_agrees("sharing", 3, 7);
    probe_agrees("sharing:graph=0>1/1>2/2>0", 3, 7);
    probe_agrees("kim", 3, 6);
    probe_agrees("kim:reading=R2", 3, 6);
    probe_agrees("sharing", 4, 4);
}

/* Three piles of 200 digits: the closed form plays; every computer move
 * leads to a P-position, legal person moves are accepted and illegal ones
 * refused. */
Test(play, huge_sharing_plays_by_closed_form)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 42);
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "sharing", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    mpz_t v, ten;
    mpz_inits(v, ten, NULL);
    mpz_ui_pow_ui(ten, 10, 200);
    for (int i = 0; i < 3; i++) {
        mpz_urandomm(v, rs, ten);
        cr_assert_eq(gr_bigpos_push(&bp, v), GR_OK);
    }
    if (gr_sharing3_is_p(bp.p[0], bp.p[1], bp.p[2])) mpz_add_ui(bp.p[0], bp.p[0], 1);
    gr_play *pl = gr_play_new(&g, &o, NULL, &bp, &err);
    cr_assert_not_null(pl, "%s", err.msg);
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_play_move mv;
    gr_play_move_init(&mv);
    for (int round = 0; round < 20; round++) {
        cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
        cr_assert(c.found && c.winning);
        cr_assert_eq(gr_play_make(pl, &c.move, &err), 0, "%s", err.msg);
        cr_assert(gr_sharing3_is_p(gr_play_position(pl)->p[0], gr_play_position(pl)->p[1], gr_play_position(pl)->p[2]));
        /* the person: a random legal transfer from the biggest to the smallest pile */
        int s = 0, d = 0;
        for (int i = 1; i < 3; i++) {
            if (mpz_cmp(gr_play_position(pl)->p[i], gr_play_position(pl)->p[s]) > 0) s = i;
            if (mpz_cmp(gr_play_position(pl)->p[i], gr_play_position(pl)->p[d]) < 0) d = i;
        }
        mpz_sub(v, gr_play_position(pl)->p[s], gr_play_position(pl)->p[d]);
        mpz_tdiv_q_2exp(v, v, 1); /* the largest legal amount */
        if (mpz_cmp_ui(v, 1) < 0) break;
        mv.kind = GR_MOVE_TRANSFER, mv.src = s, mv.dst = d;
        mpz_add_ui(mv.amount, v, 1);
        cr_assert_neq(gr_play_make(pl, &mv, &err), 0, "one past the largest amount must be refused");
        gr_error_clear(&err);
        mpz_urandomm(mv.amount, rs, v);
        mpz_add_ui(mv.amount, mv.amount, 1);
        cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s", err.msg);
    }
    gr_play_move_clear(&mv);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    mpz_clears(v, ten, NULL);
    gr_bigpos_clear(&bp);
    gr_game_release(&g);
    gmp_randclear(rs);
}

Test(play, huge_nim_plays_by_closed_form)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "nim", &err), 0);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    cr_assert_eq(gr_bigpos_parse(&bp, "123456789012345678901234567890 987654321098765432109876543210 5", &err), 0);
    gr_play *pl = gr_play_new(&g, &o, NULL, &bp, &err);
    cr_assert_not_null(pl, "%s", err.msg);
    gr_play_choice c;
    gr_play_choice_init(&c);
    cr_assert_eq(gr_play_best(pl, &c, &err), 0);
    cr_assert(c.found && c.winning);
    cr_assert_eq(gr_play_make(pl, &c.move, &err), 0, "%s", err.msg);
    mpz_t x;
    mpz_init(x);
    for (int i = 0; i < 3; i++) mpz_xor(x, x, gr_play_position(pl)->p[i]);
    cr_assert_eq(mpz_sgn(x), 0);
    /* from the P-position: no winning move; the smallest move is offered */
    cr_assert_eq(gr_play_best(pl, &c, &err), 0);
    cr_assert(c.found && !c.winning);
    cr_assert_eq(mpz_cmp_ui(c.move.amount, 1), 0);
    /* taking more than a pile holds is refused */
    gr_play_move mv;
    gr_play_move_init(&mv);
    cr_assert_eq(gr_play_parse_move(pl, "2 6", &mv, &err), 0);
    cr_assert_neq(gr_play_make(pl, &mv, &err), 0);
    gr_play_move_clear(&mv);
    mpz_clear(x);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_bigpos_clear(&bp);
    gr_game_release(&g);
}

/* ---- notation, undo, records ---- */

Test(play, parse_notation)
{
    gr_game g;
    gr_pos p = {.n = 3, .p = {3, 5, 9}};
    gr_play *pl = playtest_start(&g, "kim", "normal", &p);
    gr_play_move mv;
    gr_play_move_init(&mv);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_play_parse_move(pl, "2 1 3", &mv, &err), 0);
    cr_assert(mv.kind == GR_MOVE_TRANSFER && mv.src == 2 && mv.dst == 1 && mpz_cmp_ui(mv.amount, 3) == 0);
    cr_assert_eq(gr_play_parse_move(pl, "move 3 from pile 0 to pile 2", &mv, &err), 0);
    cr_assert(mv.kind == GR_MOVE_TRANSFER && mv.src == 0 && mv.dst == 2 && mpz_cmp_ui(mv.amount, 3) == 0);
    cr_assert_eq(gr_play_parse_move(pl, "take 4 from pile 1", &mv, &err), 0);
    cr_assert(mv.kind == GR_MOVE_TAKE && mv.src == 1 && mpz_cmp_ui(mv.amount, 4) == 0);
    cr_assert_eq(gr_play_parse_move(pl, "1, 4", &mv, &err), 0);
    cr_assert(mv.kind == GR_MOVE_TAKE && mv.src == 1);
    cr_assert_neq(gr_play_parse_move(pl, "1", &mv, &err), 0);
    gr_error_clear(&err);
    cr_assert_neq(gr_play_parse_move(pl, "3 1", &mv, &err), 0);
    cr_assert(strstr(err.msg, "no pile 3"), "%s", err.msg);
    gr_error_clear(&err);
    cr_assert_neq(gr_play_parse_move(pl, "1 x", &mv, &err), 0);
    gr_error_clear(&err);
    cr_assert_neq(gr_play_parse_move(pl, "1 2 3 4", &mv, &err), 0);
    gr_error_clear(&err);
    cr_assert_neq(gr_play_parse_move(pl, "99999999999999999999 1", &mv, &err), 0);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
    gr_game_release(&g);
}

Test(play, undo_and_record_round_trip)
{
    gr_game g;
    gr_pos p = {.n = 3, .p = {0, 5, 12}};
    gr_play *pl = playtest_start(&g, "sharing", "misere", &p);
    gr_play_move mv;
    gr_play_move_init(&mv);
    gr_error err;
    gr_error_clear(&err);
    const char *line[] = {"2 0 3", "2 1 2", "1 0 1"};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(gr_play_parse_move(pl, line[i], &mv, &err), 0, "%s", err.msg);
        cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s: %s", line[i], err.msg);
    }
    char *text = gr_play_record_text(pl, "me computer");
    gr_play_record rec;
    cr_assert_eq(gr_play_record_parse(&rec, text, &err), 0, "%s", err.msg);
    cr_assert_str_eq(rec.rules, "sharing");
    cr_assert_str_eq(rec.outcome, "misere");
    cr_assert_str_eq(rec.seats, "me computer");
    cr_assert_eq(rec.nmoves, 3);
    for (int i = 0; i < 3; i++) cr_assert_str_eq(rec.moves[i], line[i]);
    cr_assert_eq(rec.start.n, 3);
    cr_assert_eq(mpz_cmp_ui(rec.start.p[2], 12), 0);
    gr_play_record_free(&rec);
    free(text);
    gr_play_undo(pl, 2);
    cr_assert_eq(gr_play_nmoves(pl), 1);
    cr_assert_eq(mpz_cmp_ui(gr_play_position(pl)->p[0], 3), 0);
    cr_assert_eq(mpz_cmp_ui(gr_play_position(pl)->p[2], 9), 0);
    gr_play_restart(pl);
    cr_assert_eq(gr_play_nmoves(pl), 0);
    cr_assert_eq(mpz_cmp_ui(gr_play_position(pl)->p[2], 12), 0);
    cr_assert_neq(gr_play_record_parse(&rec, "rules nim\nbogus 1\n", &err), 0);
    gr_play_record_free(&rec);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
    gr_game_release(&g);
}
