/* What rulesets say about themselves (grundy/ruleset.h): the capabilities
 * checked against each ruleset's own move lists by an independent brute
 * force, the typed answer, and the example ruleset of docs/architecture.md
 * served by the engine, `moves` and play with no other change. */
#include <criterion/criterion.h>
#include "example_ruleset.h"
#include "grundy/engine.h"
#include "grundy/play.h"
#include "grundy/sharing3.h"
#include "grundy/takebreak.h"
#include "test_scale.h"

static void parse(gr_game *g, const char *spec)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, spec, &err), GR_OK, "%s: %s", spec, err.msg);
}

/* ---- a brute force that knows only the move lists: no canonical form,
 * no table, no reduction ---- */

typedef struct brute {
    const gr_game *g;
    bool misere;
    uint64_t seen;             /* bit v: an option of value v (normal) / a losing option (misere) */
} brute;

static uint32_t brute_value(const gr_game *g, const gr_pos *pos, bool misere);

static int brute_option(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    brute *b = ctx;
    uint32_t v = brute_value(b->g, result, b->misere);
    cr_assert_lt(v, 64);
    b->seen |= 1ull << v;
    return 0;
}

/* Normal play: the Grundy value. Misere: 1 when the mover wins, else 0. */
static uint32_t brute_value(const gr_game *g, const gr_pos *pos, bool misere)
{
    brute b = {g, misere, 0};
    gr_game_moves(g, pos, brute_option, &b);
    if (misere) return b.seen == 0 ? 1 : (b.seen & 1) != 0;
    uint32_t v = 0;
    while (b.seen >> v & 1) v++;
    return v;
}

/* Is the position's reduction the same game? Compared under normal and
 * misere play on every position of n piles up to max. */
static long reduction_agrees(const char *spec, int n, uint64_t max)
{
    gr_game g;
    parse(&g, spec);
    gr_bigpos big;
    gr_bigpos_init(&big);
    long changed = 0, total = 1;
    for (int i = 0; i < n; i++) total *= (long)max + 1;
    for (long code = 0; code < total; code++) {
        gr_pos p = {.n = n}, q;
        long c = code;
        for (int i = 0; i < n; i++) p.p[i] = (uint64_t)(c % ((long)max + 1)), c /= (long)max + 1;
        cr_assert_eq(gr_bigpos_from_pos(&big, &p), GR_OK);
        if (!gr_game_reduce(&g, &big)) continue;
        changed++;
        cr_assert(gr_bigpos_to_pos(&big, &q));
        for (int misere = 0; misere < 2; misere++)
            cr_assert_eq(brute_value(&g, &q, misere), brute_value(&g, &p, misere), "%s: reduction of code %ld",
                         spec, code);
    }
    gr_bigpos_clear(&big);
    gr_game_release(&g);
    return changed;
}

Test(rulesets, reductions_keep_the_game)
{
    cr_assert_gt(reduction_agrees("sharing", 3, GR_TEST_SIZE(7, 5)), 0);
    cr_assert_gt(reduction_agrees("sharing", 4, GR_TEST_SIZE(4, 3)), 0);
    cr_assert_gt(reduction_agrees("sharing:graph=0>1/1>2/2>0", 3, GR_TEST_SIZE(6, 5)), 0);
    cr_assert_gt(reduction_agrees("kim", 3, GR_TEST_SIZE(5, 4)), 0);
    cr_assert_gt(reduction_agrees("kim:reading=R2", 4, 3), 0);
    /* nim, and kim read after the move (empty piles receive), have none */
    cr_assert_eq(reduction_agrees("nim", 3, 4), 0);
    cr_assert_eq(reduction_agrees("kim:reading=R3", 2, 3), 0);
}

/* Why kim has no shift: adding a token to every pile changes the game. */
Test(rulesets, kim_is_not_shift_invariant)
{
    gr_game g;
    parse(&g, "kim");
    gr_pos a = {.n = 2, .p = {1, 2}}, b = {.n = 2, .p = {2, 3}};
    cr_assert_neq(brute_value(&g, &a, false), brute_value(&g, &b, false));
    gr_game_release(&g);
}

/* ---- legality on piles of any size, against the move lists ---- */

typedef struct finder {
    int kind, src, dst;
    uint64_t amount;
    bool found;
} finder;

static int find(void *ctx, const gr_move *mv, const gr_pos *r)
{
    (void)r;
    finder *f = ctx;
    if (mv->kind == f->kind && mv->src == f->src && mv->dst == f->dst && mv->amount == f->amount) f->found = true;
    return 0;
}

static void legal_agrees(const char *spec, uint64_t max)
{
    gr_game g;
    parse(&g, spec);
    gr_bigpos big;
    gr_bigpos_init(&big);
    mpz_t amount;
    mpz_init(amount);
    long legal = 0;
    for (uint64_t x = 0; x <= max; x++)
        for (uint64_t y = 0; y <= max; y++)
            for (uint64_t z = 0; z <= max; z++) {
                gr_pos p = {.n = 3, .p = {x, y, z}};
                cr_assert_eq(gr_bigpos_from_pos(&big, &p), GR_OK);
                for (int s = 0; s < 3; s++)
                    for (int d = -1; d < 3; d++)
                        for (uint64_t k = 1; k <= p.p[s] && d != s; k++) {
                            finder f = {d < 0 ? GR_MOVE_TAKE : GR_MOVE_TRANSFER, s, d, k, false};
                            gr_game_moves(&g, &p, find, &f);
                            mpz_set_ui(amount, k);
                            gr_bigmove mv = {f.kind, s, d, amount, NULL};
                            char why[200];
                            int ok = gr_game_legal(&g, &big, &mv, why, sizeof why);
                            cr_assert_eq(ok, f.found, "%s: (%d,%d,%lu) on %lu %lu %lu", spec, s, d,
                                         (unsigned long)k, (unsigned long)x, (unsigned long)y, (unsigned long)z);
                            legal += ok;
                        }
            }
    cr_assert_gt(legal, 0);
    mpz_clear(amount);
    gr_bigpos_clear(&big);
    gr_game_release(&g);
}

Test(rulesets, legal_matches_the_move_lists)
{
    legal_agrees("nim", 5);
    legal_agrees("sharing", 6);
    legal_agrees("sharing:graph=0>1/1-2", 6);
    for (int r = 1; r <= 4; r++) {
        char spec[32];
        snprintf(spec, sizeof spec, "kim:reading=R%d", r);
        legal_agrees(spec, 5);
    }
}

Test(rulesets, sharing_says_why_a_transfer_is_illegal)
{
    gr_game g;
    parse(&g, "sharing:graph=0>1");
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_bigpos_push_token(&pos, "100000000000000000000000", 24, &err), GR_OK);
    cr_assert_eq(gr_bigpos_push_token(&pos, "3", 1, &err), GR_OK);
    mpz_t k;
    mpz_init_set_str(k, "60000000000000000000000", 10);
    char why[200];
    gr_bigmove mv = {GR_MOVE_TRANSFER, 0, 1, k, NULL};
    cr_assert_eq(gr_game_legal(&g, &pos, &mv, why, sizeof why), 0);
    cr_assert_str_eq(why, "afterwards pile 1 would be bigger than pile 0 (the receiver may not end up bigger "
                          "than the source)");
    mpz_set_ui(k, 1);
    mv = (gr_bigmove){GR_MOVE_TRANSFER, 1, 0, k, NULL};
    mpz_set_str(pos.p[1], "200000000000000000000000", 10);
    cr_assert_eq(gr_game_legal(&g, &pos, &mv, why, sizeof why), 0);
    cr_assert_str_eq(why, "the rules allow no move from pile 1 to pile 0");
    mv.src = 0, mv.dst = 1;
    cr_assert_eq(gr_game_legal(&g, &pos, &mv, why, sizeof why), 0); /* 0 is now the smaller pile */
    mpz_clear(k);
    gr_bigpos_clear(&pos);
    gr_game_release(&g);
}

/* ---- which game it is ---- */

Test(rulesets, family_does_not_depend_on_spelling)
{
    static const struct {
        const char *spec;
        enum gr_family family;
        int param;
    } want[] = {
        {"nim", GR_FAMILY_NIM, 0},
        {"sharing", GR_FAMILY_SHARING, 0},
        {"sharing:piles=3", GR_FAMILY_SHARING, 0},
        {"sharing:graph=0>1/1>2/2>0", GR_FAMILY_SHARING_GRAPH, 0},
        {"kim", GR_FAMILY_KIM, 1},
        {"kim:reading=R2,piles=3", GR_FAMILY_KIM, 2},
        {"split", GR_FAMILY_SPLIT, 3},
        {"split:parts=2", GR_FAMILY_SPLIT, 2},
        {"tb:0.77", GR_FAMILY_NONE, 0},
        {"subtraction:1,3", GR_FAMILY_NONE, 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gr_game g;
        parse(&g, want[i].spec);
        int param = -1;
        cr_assert_eq(gr_game_family(&g, &param), want[i].family, "%s", want[i].spec);
        cr_assert_eq(param, want[i].param, "%s", want[i].spec);
        gr_game_release(&g);
    }
}

Test(rulesets, sharing_piles_3_has_theorem_p)
{
    gr_game a, b;
    parse(&a, "sharing");
    parse(&b, "sharing:piles=3");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    const gr_closed_form *cf = gr_closed_form_find(&a, &o, 3);
    cr_assert_not_null(cf);
    cr_assert_str_eq(cf->source, "000/thm-P");
    cr_assert_eq(gr_closed_form_find(&b, &o, 3), cf);
    gr_game_release(&a);
    gr_game_release(&b);
}

Test(rulesets, three_pile_table_covers_sharing_however_spelled)
{
    static const struct {
        const char *spec;
        bool covered;
    } want[] = {{"sharing", true}, {"sharing:piles=3", true}, {"sharing:piles=4", false},
                {"sharing:graph=0>1/1>2/2>0", false}, {"kim:piles=3", false}, {"nim", false}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gr_game g;
        parse(&g, want[i].spec);
        cr_assert_eq(gr_s3table_covers(&g), want[i].covered, "%s", want[i].spec);
        gr_game_release(&g);
    }
}

Test(rulesets, take_and_break_codes)
{
    gr_tb_code c;
    gr_game g;
    parse(&g, "split:parts=2");
    cr_assert(gr_tb_code_of(&g, &c));
    /* 4.[3], Lasker's Nim, exactly as split built it by hand before */
    cr_assert_eq(c.len, 2);
    cr_assert_eq(c.period, 1);
    cr_assert_eq(c.d[0].mask, 4u);
    cr_assert_eq(c.d[1].mask, 3u);
    cr_assert_eq(c.d[0].constraint, GR_TB_ANY);
    gr_game_release(&g);
    parse(&g, "nim");
    cr_assert(gr_tb_code_of(&g, &c));
    cr_assert_eq(c.d[1].mask, 3u);
    gr_game_release(&g);
    /* a subtraction set is a code for deciding moves, not its sequence maker */
    parse(&g, "subtraction:1,3,7");
    cr_assert_not(gr_tb_code_of(&g, &c));
    cr_assert(gr_tb_code_of_heaps(&g, &c));
    cr_assert_eq(c.len, 8);
    cr_assert_eq(c.d[7].mask, 3u);
    cr_assert_eq(c.d[2].mask, 0u);
    gr_game_release(&g);
    parse(&g, "sharing");
    cr_assert_not(gr_tb_code_of_heaps(&g, &c));
    gr_game_release(&g);
}

/* ---- the engine: normalised first, typed answers ---- */

static void answer(const char *spec, const char *const *piles, int n, gr_answer *a)
{
    gr_game *g = malloc(sizeof *g);
    parse(g, spec);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(g, &o, NULL, NULL);
    cr_assert_not_null(e);
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    gr_error err;
    gr_error_clear(&err);
    for (int i = 0; i < n; i++)
        cr_assert_eq(gr_bigpos_push_token(&pos, piles[i], strlen(piles[i]), &err), GR_OK);
    cr_assert_eq(gr_engine_value(e, &pos, a, &err), GR_OK, "%s: %s", spec, err.msg);
    gr_bigpos_clear(&pos);
    gr_engine_free(e);
    gr_game_release(g);
    free(g);
}

Test(rulesets, huge_sharing_positions_are_their_reductions)
{
    /* 10^20 + (3, 5, 9) is (0, 2, 6): G = 2 (Table 1 of seed 000, row 6) */
    const char *three[] = {"100000000000000000003", "100000000000000000005", "100000000000000000009"};
    gr_answer a;
    gr_answer_init(&a);
    answer("sharing:piles=3", three, 3, &a);
    cr_assert(a.has_value);
    cr_assert_eq(mpz_cmp_ui(a.value, 2), 0);
    cr_assert_eq(a.how, GR_METHOD_SEARCH);
    cr_assert_str_eq(a.method, "search");
    /* four piles: the brute force on the reduction decides */
    const char *four[] = {"200000000000000000001", "200000000000000000002", "200000000000000000004",
                          "200000000000000000006"};
    answer("sharing", four, 4, &a);
    gr_game g;
    parse(&g, "sharing");
    gr_pos q = {.n = 4, .p = {0, 1, 3, 5}};
    cr_assert(a.has_value);
    cr_assert_eq(mpz_get_ui(a.value), brute_value(&g, &q, false));
    gr_game_release(&g);
    /* a gap past 2^64: Theorem P decides, for either spelling. Two equal
     * piles 2^70 apart, an even power of 2: P, value 0. */
    const char *gap[] = {"1180591620717411303424", "2361183241434822606848", "2361183241434822606848"};
    answer("sharing:piles=3", gap, 3, &a);
    cr_assert_eq(a.how, GR_METHOD_CLOSED_FORM);
    cr_assert_str_eq(a.outcome, "P");
    cr_assert(a.has_value);
    cr_assert_eq(mpz_sgn(a.value), 0);
    /* 2^71 apart, an odd power: N, and the value is out of reach */
    const char *odd[] = {"1180591620717411303424", "3541774862152233910272", "3541774862152233910272"};
    answer("sharing:piles=3", odd, 3, &a);
    cr_assert_eq(a.how, GR_METHOD_CLOSED_FORM);
    cr_assert_str_eq(a.outcome, "N");
    cr_assert(a.value_needs_search);
    gr_answer_clear(&a);
}

Test(rulesets, answers_say_how_by_enum)
{
    static const struct {
        const char *spec;
        const char *pos[3];
        enum gr_method how;
        const char *text;
    } want[] = {
        {"nim", {"3", "5", "6"}, GR_METHOD_CLOSED_FORM, "Bouton's theorem (nim-sum)"},
        {"subtraction:1,3,7", {"10", "20", "31"}, GR_METHOD_NIM_SEQUENCE, "nim-sequence, simple"},
        {"sharing", {"3", "5", "9"}, GR_METHOD_SEARCH, "search"},
        {"kim:reading=R3", {"3", "3", "3"}, GR_METHOD_RETROGRADE, "retrograde analysis"},
    };
    gr_answer a;
    gr_answer_init(&a);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        answer(want[i].spec, want[i].pos, 3, &a);
        cr_assert_eq(a.how, want[i].how, "%s", want[i].spec);
        /* a nim-sequence answer names the method that made the table too */
        if (want[i].how != GR_METHOD_CLOSED_FORM && want[i].how != GR_METHOD_NIM_SEQUENCE)
            cr_assert_str_eq(gr_method_name(a.how), want[i].text);
        cr_assert_str_eq(a.method, want[i].text, "%s: %s", want[i].spec, a.method);
    }
    cr_assert_eq(gr_answer_by_heaps(&a), false);
    gr_answer_clear(&a);
}

/* ---- the example ruleset, through the engine and play ---- */

static void example_game(gr_game *g)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_init(g, &gr_rules_example, "take-one-or-two", &err), GR_OK, "%s", err.msg);
}

/* The example game under normal play, with an engine and a position. */
typedef struct example {
    gr_game g;
    gr_engine *e;
    gr_bigpos pos;
    gr_error err;
} example;

static void example_open(example *x)
{
    example_game(&x->g);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    x->e = gr_engine_new(&x->g, &o, NULL, NULL);
    cr_assert_not_null(x->e);
    gr_bigpos_init(&x->pos);
    gr_error_clear(&x->err);
}

static void example_close(example *x)
{
    gr_bigpos_clear(&x->pos);
    gr_engine_free(x->e);
    gr_game_release(&x->g);
}

Test(example_ruleset, values_are_n_mod_3_xored)
{
    example x;
    example_open(&x);
    gr_answer a;
    gr_answer_init(&a);
    for (uint64_t h = 0; h <= 12; h++)
        for (uint64_t k = 0; k <= 12; k++) {
            gr_pos p = {.n = 2, .p = {h, k}};
            cr_assert_eq(gr_bigpos_from_pos(&x.pos, &p), GR_OK);
            cr_assert_eq(gr_engine_value(x.e, &x.pos, &a, &x.err), GR_OK, "%s", x.err.msg);
            cr_assert(a.has_value);
            cr_assert_eq(mpz_get_ui(a.value), (h % 3) ^ (k % 3), "%lu %lu", (unsigned long)h, (unsigned long)k);
            cr_assert_eq(a.how, GR_METHOD_NIM_SEQUENCE); /* a game of heaps: by their values */
        }
    gr_answer_clear(&a);
    example_close(&x);
}

typedef struct listed {
    int n, winning;
    uint64_t values;           /* sum of the results' values */
} listed;

static int on_move(void *ctx, const gr_bigmove *mv, const gr_answer *r, bool winning)
{
    (void)mv;
    listed *l = ctx;
    l->n++;
    l->winning += winning;
    l->values += mpz_get_ui(r->value);
    cr_assert_eq(winning, mpz_sgn(r->value) == 0);
    return 0;
}

Test(example_ruleset, moves_are_listed_with_their_values)
{
    example x;
    example_open(&x);
    gr_pos p = {.n = 2, .p = {4, 5}}; /* values 1 and 2: G = 3 */
    cr_assert_eq(gr_bigpos_from_pos(&x.pos, &p), GR_OK);
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    listed l = {0};
    cr_assert_eq(gr_engine_moves(x.e, &x.pos, on_move, &l, &sum, &x.err), GR_OK, "%s", x.err.msg);
    /* (3,5) G 2, (2,5) G 0, (4,4) G 0, (4,3) G 1 */
    cr_assert_eq(l.n, 4);
    cr_assert_eq(l.winning, 2);
    cr_assert_eq(l.values, 3);
    cr_assert(sum.all_listed);
    cr_assert_eq(mpz_get_ui(sum.total), 4);
    gr_moves_summary_clear(&sum);
    example_close(&x);
}

Test(example_ruleset, play_checks_and_wins)
{
    gr_game g;
    example_game(&g);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_bigpos start;
    gr_bigpos_init(&start);
    gr_pos p = {.n = 3, .p = {4, 5, 7}}; /* 1 ^ 2 ^ 1 = 2: the mover wins */
    cr_assert_eq(gr_bigpos_from_pos(&start, &p), GR_OK);
    gr_error err;
    gr_error_clear(&err);
    gr_play *pl = gr_play_new(&g, &o, NULL, &start, &err);
    cr_assert_not_null(pl, "%s", err.msg);
    gr_play_move mv;
    gr_play_move_init(&mv);
    cr_assert_eq(gr_play_parse_move(pl, "1 3", &mv, &err), GR_OK, "%s", err.msg);
    gr_bigpos after;
    gr_bigpos_init(&after);
    cr_assert_neq(gr_play_check(pl, &mv, &after, &err), GR_OK); /* 3 is not 1 or 2 */
    cr_assert_str_eq(err.msg, "illegal move under take-one-or-two; type help for the rules");
    gr_play_choice c;
    gr_play_choice_init(&c);
    cr_assert_eq(gr_play_best(pl, &c, &err), GR_OK, "%s", err.msg);
    cr_assert(c.found);
    cr_assert(c.winning);
    /* the only winning move: take 2 from heap 1 (5 -> 3), leaving 1 ^ 0 ^ 1 */
    cr_assert_eq(c.move.src, 1);
    cr_assert_eq(mpz_get_ui(c.move.amount), 2);
    cr_assert_eq(gr_play_make(pl, &c.move, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(mpz_get_ui(gr_play_position(pl)->p[1]), 3);
    gr_play_choice_clear(&c);
    gr_bigpos_clear(&after);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
    gr_bigpos_clear(&start);
    gr_game_release(&g);
}
