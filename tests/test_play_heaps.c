/* Play in heap games that split and under block-position: move checking by
 * the take-and-break code against the ruleset's own listing, the winning
 * move found from Grundy values, huge positions through the closed form, the
 * split notation and records, and forbidden positions. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/engine.h"
#include "grundy/play.h"
#include "playtest.h"

/* ---- legality: the code against the listing ---- */

/* Does the ruleset list, on the single heap x, the move taking `taken` and
 * leaving exactly the multiset parts[0..k-1]? */
typedef struct lookup {
    uint64_t taken;
    const uint64_t *parts;
    int k;
    bool found;
} lookup;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int lookup_cb(void *ctx, const gr_move *mv, const gr_pos *r)
{
    lookup *l = ctx;
    uint64_t left[GR_MAX_PILES];
    int n = 0;
    for (int i = 0; i < r->n; i++)
        if (r->p[i]) left[n++] = r->p[i];
    qsort(left, (size_t)n, sizeof left[0], cmp_u64);
    if (mv->amount == l->taken && n == l->k && memcmp(left, l->parts, (size_t)n * sizeof left[0]) == 0)
        l->found = true;
    return 0;
}

static long checked;

/* Every way to take some tokens from a heap of x and leave k <= 5 heaps
 * (nondecreasing, so each multiset once), as a play move checked by play
 * against the listing; and the same move on a heap 2^70 bigger, its last
 * part grown by 2^70, which the code must judge alike. */
static void all_partitions(gr_play *pl, const gr_game *g, uint64_t x, uint64_t taken, uint64_t *parts, int j, int k,
                           uint64_t rest, uint64_t lo)
{
    if (j == k) {
        if (rest) return;
        lookup l = {taken, parts, k, false};
        gr_pos one = {.n = 1, .p = {x}};
        gr_game_moves(g, &one, lookup_cb, &l);
        gr_play_move mv;
        gr_play_move_init(&mv);
        mv.kind = k >= 2 ? GR_MOVE_SPLIT : GR_MOVE_TAKE;
        mv.src = 0;
        mpz_set_ui(mv.amount, taken);
        mv.nparts = k >= 2 ? k : 0;
        for (int i = 0; i < k && k >= 2; i++) mpz_set_ui(mv.part[i], parts[i]);
        gr_bigpos bp;
        gr_bigpos_init(&bp);
        cr_assert_eq(gr_bigpos_from_pos(&bp, &one), GR_OK);
        bool by_play = gr_play_probe_legal(pl, &bp, &mv);
        cr_assert_eq(by_play, l.found, "%s: heap %lu, take %lu, %d parts: play %d, listing %d", g->spec,
                     (unsigned long)x, (unsigned long)taken, k, by_play, l.found);
        if (k == 1 || (k >= 2 && parts[k - 2] < parts[k - 1])) { /* growing the last part keeps equalities */
            mpz_t big;
            mpz_init(big);
            mpz_ui_pow_ui(big, 2, 70);
            mpz_add(bp.p[0], bp.p[0], big);
            if (k >= 2) mpz_add(mv.part[k - 1], mv.part[k - 1], big);
            cr_assert_eq(gr_play_probe_legal(pl, &bp, &mv), l.found, "%s: heap 2^70+%lu, take %lu, %d parts",
                         g->spec, (unsigned long)x, (unsigned long)taken, k);
            mpz_clear(big);
        }
        checked++;
        gr_bigpos_clear(&bp);
        gr_play_move_clear(&mv);
        return;
    }
    for (uint64_t a = lo; a <= rest; a++) {
        parts[j] = a;
        all_partitions(pl, g, x, taken, parts, j + 1, k, rest - a, a);
    }
}

static void code_agrees(const char *rules, uint64_t max)
{
    gr_game g;
    gr_pos p = {.n = 1, .p = {max}};
    gr_play *pl = playtest_start(&g, rules, "normal", &p);
    uint64_t parts[5];
    for (uint64_t x = 1; x <= max; x++)
        for (uint64_t taken = 0; taken <= x; taken++)
            for (int k = 0; k <= 5; k++) all_partitions(pl, &g, x, taken, parts, 0, k, x - taken, 1);
    gr_play_free(pl);
    gr_game_release(&g);
}

Test(play_heaps, code_matches_listing)
{
    checked = 0;
    code_agrees("split", 20);
    code_agrees("split:parts=2", 20);
    code_agrees("tb:0.77", 20);
    code_agrees("tb:0.07", 20);
    code_agrees("tb:0.137", 20);
    code_agrees("grundy-game", 20);
    code_agrees("tb:4?.", 12);
    code_agrees("tb:0.[7]", 12);
    code_agrees("tb:&#12;.06", 12);
    code_agrees("subtraction:1,3,4", 16);
    cr_assert_gt(checked, 30000, "%ld moves checked", checked);
}

/* ---- the winning move from Grundy values ---- */

static uint32_t value_of(gr_play *pl, const gr_bigpos *pos)
{
    gr_answer a;
    gr_answer_init(&a);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_engine_value(gr_play_engine(pl), pos, &a, &err), 0, "%s", err.msg);
    uint32_t v = (uint32_t)mpz_get_ui(a.value);
    cr_assert(a.has_value);
    gr_answer_clear(&a);
    return v;
}

/* With the length search switched off, every position of three heaps up to
 * max: a winning move exactly when the value is not 0, legal, and to value 0. */
static void hunt_agrees(const char *rules, uint64_t max)
{
    gr_game g;
    gr_pos top = {.n = 3, .p = {max, max, max}};
    gr_play *pl = playtest_start(&g, rules, "normal", &top);
    gr_error err;
    gr_error_clear(&err);
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_bigpos res;
    gr_bigpos_init(&res);
    int wins = 0;
    for (uint64_t x = 1; x <= max; x++)
        for (uint64_t y = x; y <= max; y += 3)
            for (uint64_t z = y; z <= max; z += 5) {
                gr_pos p = {.n = 3, .p = {x, y, z}};
                playtest_restart_at(pl, &p);
                gr_play_set_length_search(pl, false);
                uint32_t v = value_of(pl, gr_play_position(pl));
                cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
                if (!c.found) { /* no move at all (Dawson's Kayles: heaps of 1) */
                    cr_assert_eq(v, 0);
                    continue;
                }
                cr_assert_eq(c.winning, v != 0, "%s (%lu %lu %lu)", rules, (unsigned long)x, (unsigned long)y,
                             (unsigned long)z);
                cr_assert_eq(gr_play_check(pl, &c.move, &res, &err), 0, "%s", err.msg);
                if (v) {
                    cr_assert_eq(value_of(pl, &res), 0, "%s (%lu %lu %lu)", rules, (unsigned long)x,
                                 (unsigned long)y, (unsigned long)z);
                    wins++;
                }
            }
    cr_assert_gt(wins, 10);
    gr_bigpos_clear(&res);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_game_release(&g);
}

Test(play_heaps, winning_move_from_grundy_values)
{
    hunt_agrees("tb:0.77", 40);
    hunt_agrees("tb:0.07", 40);
    hunt_agrees("grundy-game", 40);
    hunt_agrees("split", 30);
    hunt_agrees("subtraction:1,3,4", 40);
}

/* ---- huge heaps through the closed form ---- */

static bool is_p(gr_play *pl, const gr_bigpos *pos)
{
    gr_answer a;
    gr_answer_init(&a);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_engine_value(gr_play_engine(pl), pos, &a, &err), 0, "%s", err.msg);
    bool p = strcmp(a.outcome, "P") == 0;
    gr_answer_clear(&a);
    return p;
}

/* From (x, x+1) with x = -1 mod 2^parts only a split wins: no take of heap
 * x reaches the value x, and heap x+1 has no winning move. */
static void huge_split(const char *rules, unsigned long m, unsigned seed)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, seed);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    mpz_t x;
    mpz_init(x);
    mpz_ui_pow_ui(x, 10, 40);
    mpz_add_ui(x, x, (m - 1) - mpz_fdiv_ui(x, m));
    cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    mpz_add_ui(x, x, 1);
    cr_assert_eq(gr_bigpos_push(&bp, x), GR_OK);
    gr_game g;
    gr_play *pl = playtest_start_big(&g, rules, "normal", &bp);
    gr_error err;
    gr_error_clear(&err);
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_play_move mv;
    gr_play_move_init(&mv);
    cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
    cr_assert(c.found && c.winning);
    cr_assert_eq(c.move.kind, GR_MOVE_SPLIT, "%s: only a split wins", rules);
    /* a game: the computer answers random takes and splits of the person */
    for (int round = 0; round < 12; round++) {
        if (round) {
            cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
            cr_assert(c.found && c.winning, "%s round %d", rules, round);
        }
        cr_assert_eq(gr_play_make(pl, &c.move, &err), 0, "%s", err.msg);
        cr_assert(is_p(pl, gr_play_position(pl)), "%s round %d: the computer's move leads to P", rules, round);
        /* the person: take a random amount from the biggest heap, or split it */
        int b = 0;
        for (int i = 1; i < gr_play_position(pl)->n; i++)
            if (mpz_cmp(gr_play_position(pl)->p[i], gr_play_position(pl)->p[b]) > 0) b = i;
        if (mpz_cmp_ui(gr_play_position(pl)->p[b], 10) < 0) break;
        mv.src = b;
        if (round % 2) {
            mv.kind = GR_MOVE_TAKE;
            mv.nparts = 0;
            mpz_urandomm(mv.amount, rs, gr_play_position(pl)->p[b]);
            mpz_add_ui(mv.amount, mv.amount, 1);
        } else {
            mv.kind = GR_MOVE_SPLIT;
            mv.nparts = (int)(m == 8 ? 3 : 2);
            mpz_set_ui(mv.amount, 0);
            mpz_set_ui(mv.part[0], 3);
            mpz_set_ui(mv.part[1], 4);
            mpz_sub_ui(mv.part[mv.nparts - 1], gr_play_position(pl)->p[b], mv.nparts == 3 ? 7 : 3);
        }
        cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s: %s", rules, err.msg);
    }
    gr_play_move_clear(&mv);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_game_release(&g);
    mpz_clear(x);
    gr_bigpos_clear(&bp);
    gmp_randclear(rs);
}

Test(play_heaps, huge_heaps_play_by_closed_form)
{
    huge_split("split", 8, 1);
    huge_split("split:parts=2", 4, 2);
}

/* Heaps of 30 digits in games with a certified period (Kayles, Dawson's
 * Kayles, a subtraction game): the computer's move is legal and leads to
 * value 0 every time, against takes and splits of the person's. */
static void huge_periodic(const char *rules, unsigned seed)
{
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_bigpos_parse(&bp, "123456789012345678901234567890 987654321098765432109876543 17", &err), 0);
    gr_game g;
    gr_play *pl = playtest_start_big(&g, rules, "normal", &bp);
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_play_move mv;
    gr_play_move_init(&mv);
    unsigned r = seed;
    int won = 0;
    for (int round = 0; round < 30; round++) {
        cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
        if (!c.found) break;
        if (c.winning) {
            cr_assert_eq(gr_play_make(pl, &c.move, &err), 0, "%s: %s", rules, err.msg);
            cr_assert(is_p(pl, gr_play_position(pl)), "%s round %d: the computer's move leads to value 0", rules,
                      round);
            won++;
        } else {
            cr_assert(is_p(pl, gr_play_position(pl)), "%s round %d: no winning move from an N-position", rules, round);
            cr_assert_eq(gr_play_make(pl, &c.move, &err), 0, "%s: %s", rules, err.msg);
        }
        /* the person: the first legal one of a few random small moves on a big heap */
        int b = 0;
        for (int i = 1; i < gr_play_position(pl)->n; i++)
            if (mpz_cmp(gr_play_position(pl)->p[i], gr_play_position(pl)->p[b]) > 0) b = i;
        bool moved = false;
        for (int tries = 0; tries < 50 && !moved; tries++) {
            mv.src = b;
            mpz_set_ui(mv.amount, (unsigned long)(rand_r(&r) % 4 + 1));
            if (rand_r(&r) % 2) {
                mv.kind = GR_MOVE_TAKE;
                mv.nparts = 0;
            } else {
                mv.kind = GR_MOVE_SPLIT;
                mv.nparts = 2;
                mpz_set_ui(mv.part[0], (unsigned long)(rand_r(&r) % 200 + 1));
                mpz_sub(mv.part[1], gr_play_position(pl)->p[b], mv.amount);
                mpz_sub(mv.part[1], mv.part[1], mv.part[0]);
            }
            gr_error_clear(&err);
            moved = gr_play_make(pl, &mv, &err) == 0;
        }
        cr_assert(moved, "%s: no random move of the person's was legal", rules);
    }
    cr_assert_gt(won, 10, "%s", rules);
    gr_play_move_clear(&mv);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_game_release(&g);
    gr_bigpos_clear(&bp);
}

Test(play_heaps, huge_heaps_play_by_certified_period)
{
    huge_periodic("tb:0.77", 1);
    huge_periodic("tb:0.07", 2);
    huge_periodic("tb:0.137", 3);
    huge_periodic("subtraction:1,3,4", 4);
}

/* ---- notation, words, records ---- */

static void parse_ok(gr_play *pl, const char *text, gr_play_move *mv)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_play_parse_move(pl, text, mv, &err), 0, "'%s': %s", text, err.msg);
}

static void parse_fails(gr_play *pl, const char *text, const char *why)
{
    gr_play_move mv;
    gr_play_move_init(&mv);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_neq(gr_play_parse_move(pl, text, &mv, &err), 0, "'%s' parsed", text);
    cr_assert(strstr(err.msg, why), "'%s': %s", text, err.msg);
    gr_play_move_clear(&mv);
}

Test(play_heaps, split_notation)
{
    gr_game g;
    gr_pos p = {.n = 2, .p = {7, 12}};
    gr_play *pl = playtest_start(&g, "tb:0.77", "normal", &p);
    gr_play_move mv, back;
    gr_play_move_init(&mv);
    gr_play_move_init(&back);
    parse_ok(pl, "1 = 6 4", &mv);
    cr_assert(mv.kind == GR_MOVE_SPLIT && mv.src == 1 && mv.nparts == 2 && mpz_cmp_ui(mv.amount, 2) == 0);
    cr_assert(mpz_cmp_ui(mv.part[0], 4) == 0 && mpz_cmp_ui(mv.part[1], 6) == 0, "parts in order");
    char *w = gr_play_move_words(&mv), *n = gr_play_move_notation(&mv);
    cr_assert_str_eq(w, "take 2 from pile 1 and split the rest into 4 and 6");
    cr_assert_str_eq(n, "1 = 4 6");
    parse_ok(pl, w, &back);
    cr_assert(back.kind == mv.kind && back.nparts == 2 && mpz_cmp(back.amount, mv.amount) == 0 &&
              mpz_cmp(back.part[1], mv.part[1]) == 0);
    free(w);
    free(n);
    parse_ok(pl, "split heap 0 into 3, 3", &mv);
    cr_assert(mv.kind == GR_MOVE_SPLIT && mpz_cmp_ui(mv.amount, 1) == 0, "the left-over token is taken");
    parse_ok(pl, "0=6", &mv);
    cr_assert(mv.kind == GR_MOVE_TAKE && mpz_cmp_ui(mv.amount, 1) == 0);
    parse_ok(pl, "0 =", &mv);
    cr_assert(mv.kind == GR_MOVE_TAKE && mpz_cmp_ui(mv.amount, 7) == 0);
    parse_ok(pl, "0 = 0", &mv);
    cr_assert(mv.kind == GR_MOVE_TAKE && mpz_cmp_ui(mv.amount, 7) == 0);
    parse_fails(pl, "0 = 5 5", "more than pile 0 holds");
    parse_fails(pl, "0 = 0 3", "not empty");
    parse_fails(pl, "= 1 2", "HEAP = PARTS");
    parse_fails(pl, "2 = 1 2", "no pile 2");
    parse_fails(pl, "0 = 1 x", "not a heap size");
    parse_fails(pl, "take 5 from pile 0 and split the rest into 1 2", "more than");
    parse_fails(pl, "0 1 two", "not a move");
    /* checked by the rules: Kayles takes 1 or 2 before splitting */
    gr_error err;
    gr_error_clear(&err);
    gr_bigpos res;
    gr_bigpos_init(&res);
    parse_ok(pl, "1 = 4 5", &mv);
    cr_assert_neq(gr_play_check(pl, &mv, &res, &err), 0, "Kayles cannot take 3");
    parse_ok(pl, "take 1 from pile 1 and split the rest into 4 and 5", &mv);
    gr_error_clear(&err);
    cr_assert_neq(gr_play_check(pl, &mv, &res, &err), 0, "the parts leave 2 taken, not 1");
    cr_assert(strstr(err.msg, "add up to less"), "%s", err.msg);
    gr_bigpos_clear(&res);
    gr_play_move_clear(&mv);
    gr_play_move_clear(&back);
    gr_play_free(pl);
    gr_game_release(&g);
}

/* A game of splits: empty heaps go, the record replays to the same line. */
Test(play_heaps, split_record_round_trip)
{
    gr_game g;
    gr_pos p = {.n = 1, .p = {11}};
    gr_play *pl = playtest_start(&g, "split", "normal", &p);
    gr_play_move mv;
    gr_play_move_init(&mv);
    gr_error err;
    gr_error_clear(&err);
    const char *line[] = {"0 = 2 4 5", "1 4", "split pile 1 into 1, 2 and 2", "0 2"};
    const char *after[] = {"2 4 5", "2 5", "2 1 2 2", "1 2 2"};
    for (int i = 0; i < 4; i++) {
        parse_ok(pl, line[i], &mv);
        cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s: %s", line[i], err.msg);
        char got[64] = "";
        const gr_bigpos *now = gr_play_position(pl);
        for (int j = 0; j < now->n; j++)
            gmp_snprintf(got + strlen(got), sizeof got - strlen(got), "%s%Zd", j ? " " : "", now->p[j]);
        cr_assert_str_eq(got, after[i], "after '%s'", line[i]);
    }
    char *text = gr_play_record_text(pl, NULL);
    gr_play_record rec;
    cr_assert_eq(gr_play_record_parse(&rec, text, &err), 0, "%s", err.msg);
    cr_assert_eq(rec.nmoves, 4);
    cr_assert_str_eq(rec.moves[0], "0 = 2 4 5");
    cr_assert_str_eq(rec.moves[2], "1 = 1 2 2");
    gr_game g2;
    gr_play *again = playtest_start_big(&g2, rec.rules, rec.outcome, &rec.start);
    for (size_t i = 0; i < rec.nmoves; i++) {
        parse_ok(again, rec.moves[i], &mv);
        cr_assert_eq(gr_play_make(again, &mv, &err), 0, "%s", err.msg);
    }
    cr_assert_eq(gr_play_position(again)->n, gr_play_position(pl)->n);
    for (int j = 0; j < gr_play_position(pl)->n; j++)
        cr_assert_eq(mpz_cmp(gr_play_position(again)->p[j], gr_play_position(pl)->p[j]), 0);
    gr_play_free(again);
    gr_game_release(&g2);
    gr_play_record_free(&rec);
    free(text);
    /* taking back the split brings its heap back whole */
    gr_play_undo(pl, 2);
    cr_assert_eq(gr_play_position(pl)->n, 2);
    cr_assert_eq(mpz_cmp_ui(gr_play_position(pl)->p[1], 5), 0);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
    gr_game_release(&g);
}

/* ---- block-position ---- */

Test(play_heaps, ban_forbids_the_position)
{
    gr_game g;
    gr_pos p = {.n = 3, .p = {2, 2, 3}};
    gr_play *pl = playtest_start(&g, "nim", "block-position=1", &p);
    gr_play_move mv;
    gr_play_move_init(&mv);
    gr_error err;
    gr_error_clear(&err);
    gr_play_state st;
    cr_assert_eq(gr_play_state_get(pl, &st, &err), 0);
    cr_assert(st.banning && st.blocker == 1);
    parse_ok(pl, "0 2", &mv);
    cr_assert_eq(gr_play_ban(pl, &mv, &err), 0, "%s", err.msg);
    /* (2,0,3) is (0,2,3) again: forbidden too */
    parse_ok(pl, "1 2", &mv);
    cr_assert_neq(gr_play_make(pl, &mv, &err), 0);
    cr_assert(strstr(err.msg, "position forbidden"), "%s", err.msg);
    gr_error_clear(&err);
    parse_ok(pl, "2 2", &mv);
    cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s", err.msg);
    /* under block=1 the same ban forbids only the move itself */
    gr_play_free(pl);
    gr_game_release(&g);
    pl = playtest_start(&g, "nim", "block=1", &p);
    parse_ok(pl, "0 2", &mv);
    cr_assert_eq(gr_play_ban(pl, &mv, &err), 0, "%s", err.msg);
    parse_ok(pl, "1 2", &mv);
    cr_assert_eq(gr_play_make(pl, &mv, &err), 0, "%s", err.msg);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
    gr_game_release(&g);
}

/* The blocker's bans: from (1,2,2) under block-position=1 one option is a
 * P-position, (0,2,2); forbidding it leaves the mover lost, which the
 * engine's class P says. */
Test(play_heaps, auto_ban_covers_the_threats)
{
    gr_game g;
    gr_pos p = {.n = 3, .p = {1, 2, 2}};
    gr_play *pl = playtest_start(&g, "nim", "block-position=1", &p);
    gr_error err;
    gr_error_clear(&err);
    gr_play_state st;
    cr_assert_eq(gr_play_state_get(pl, &st, &err), 0);
    cr_assert_str_eq(st.outcome, "P", "one P-option, (0,2,2), which the blocker forbids");
    cr_assert_eq(gr_play_auto_ban(pl, &err), 0, "%s", err.msg);
    size_t nb;
    const gr_play_move *b = gr_play_bans(pl, &nb);
    cr_assert_eq(nb, 1);
    cr_assert(b[0].src == 0 && mpz_cmp_ui(b[0].amount, 1) == 0, "the ban takes away (0,2,2)");
    gr_play_choice c;
    gr_play_choice_init(&c);
    cr_assert_eq(gr_play_best(pl, &c, &err), 0, "%s", err.msg);
    cr_assert(c.found && !c.winning);
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_game_release(&g);
}
