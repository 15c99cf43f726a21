/* Seed 003: Three-Pile Nim with Blocking (Holshouser & Reiter), and the
 * conjectures found exploring its open questions (more piles, more blocked
 * moves, blocked positions). Checks run on the bottom-up blocking table
 * (src/fast/nimblock.c), itself tested against the generic solver and a game
 * tree with the blocker as a player (tests/test_block.c); the paper's partition
 * properties (a)-(c) are checked on the partition alone, with no game. */
#include "grundy/block.h"
#include "grundy/claims.h"
#include "grundy/solve.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_BYTES 2e9

static gr_pos pos_of(const uint32_t *x, int d)
{
    gr_pos p = {.n = d};
    for (int i = 0; i < d; i++) p.p[i] = x[i];
    return p;
}

/* Next sorted tuple (colex), false after the last. */
static bool next_sorted(uint32_t *x, int d, uint32_t n)
{
    int i = 0;
    while (i < d && x[i] == (i + 1 < d ? x[i + 1] : n)) i++;
    if (i == d) return false;
    x[i]++;
    for (int j = 0; j < i; j++) x[j] = 0;
    return true;
}

/* The paper's S, sorted a <= b <= c, written from the statement alone. */
static bool in_s(uint64_t a, uint64_t b, uint64_t c)
{
    return (a == b && b == c) || a + b + 1 == c;
}

static bool in_s_any(uint64_t x, uint64_t y, uint64_t z)
{
    uint64_t v[3] = {x, y, z}, t;
    if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
    if (v[1] > v[2]) t = v[1], v[1] = v[2], v[2] = t;
    if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
    return in_s(v[0], v[1], v[2]);
}

/* ---- the paper ---- */

static int check_thm1(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_nbtable t;
    int rc = gr_nbtable_build(&t, 3, (uint32_t)to, 1, false, TABLE_BYTES, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (a,b,c) with a <= b <= c <= %llu, against search", (unsigned long long)to);
    mpz_t a, b, cc;
    mpz_inits(a, b, cc, NULL);
    uint32_t x[3] = {0, 0, 0};
    do {
        bool p = gr_nbtable_is_p(&t, x);
        mpz_set_ui(a, x[0]), mpz_set_ui(b, x[1]), mpz_set_ui(cc, x[2]);
        if (p != in_s(x[0], x[1], x[2]) || p != gr_block3_is_p(a, b, cc)) {
            gr_pos cex = pos_of(x, 3);
            gr_claim_fails(r, &cex, "search says %s, the theorem says %s", p ? "P" : "N", p ? "N" : "P");
            break;
        }
    } while (next_sorted(x, 3, (uint32_t)to));
    mpz_clears(a, b, cc, NULL);
    gr_nbtable_free(&t);
    return GR_OK;
}

/* Moves from sorted (x) to S, with multiplicity, and distinct S-positions. */
static void moves_to_s(const uint32_t *x, int *moves, int *distinct)
{
    uint64_t seen[8][3];
    int m = 0, dn = 0;
    for (int i = 0; i < 3; i++)
        for (uint32_t t = 0; t < x[i]; t++) {
            uint64_t y[3] = {x[0], x[1], x[2]};
            y[i] = t;
            if (!in_s_any(y[0], y[1], y[2])) continue;
            m++;
            /* sort to compare positions */
            uint64_t s;
            if (y[0] > y[1]) s = y[0], y[0] = y[1], y[1] = s;
            if (y[1] > y[2]) s = y[1], y[1] = y[2], y[2] = s;
            if (y[0] > y[1]) s = y[0], y[0] = y[1], y[1] = s;
            int j = 0;
            while (j < dn && memcmp(seen[j], y, sizeof y) != 0) j++;
            if (j == dn && dn < 8) memcpy(seen[dn++], y, sizeof y);
        }
    *moves = m;
    *distinct = dn;
}

static int check_prop_a(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    /* Under block=1 a position is terminal when its every move can be
     * forbidden: at most one move. Count moves from the ruleset itself. */
    gr_game g;
    int rc = gr_game_parse(&g, "nim", err);
    if (rc) return rc;
    gr_claim_holds(r, "all (a,b,c) with a <= b <= c <= %llu", (unsigned long long)to);
    uint32_t x[3] = {0, 0, 0};
    int terminals = 0;
    do {
        uint64_t moves = (uint64_t)x[0] + x[1] + x[2];   /* nim: one move per token removed */
        if (moves <= 1) {
            terminals++;
            if (!in_s(x[0], x[1], x[2])) {
                gr_pos cex = pos_of(x, 3);
                gr_claim_fails(r, &cex, "a terminal position outside S");
                break;
            }
        }
    } while (next_sorted(x, 3, (uint32_t)to));
    if (r->status == GR_CLAIM_HOLDS && terminals != 2)
        gr_claim_fails(r, NULL, "%d terminal positions, the paper names two", terminals);
    else if (r->status == GR_CLAIM_HOLDS)
        snprintf(r->detail, sizeof r->detail, "the terminal positions are exactly (0,0,0) and (0,0,1), both in S");
    gr_game_release(&g);
    return GR_OK;
}

static int check_prop_b(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)err;
    gr_claim_holds(r, "all (a,b,c) in U with a <= b <= c <= %llu", (unsigned long long)to);
    uint32_t x[3] = {0, 0, 0};
    do {
        if (in_s(x[0], x[1], x[2])) continue;
        int m, dn;
        moves_to_s(x, &m, &dn);
        if (m < 2) {
            gr_pos cex = pos_of(x, 3);
            gr_claim_fails(r, &cex, "only %d move(s) to S", m);
            break;
        }
    } while (next_sorted(x, 3, (uint32_t)to));
    return GR_OK;
}

static int check_prop_c(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)err;
    gr_claim_holds(r, "all (a,b,c) in S with a <= b <= c <= %llu", (unsigned long long)to);
    uint32_t x[3] = {0, 0, 0};
    int most = 0;
    do {
        if (!in_s(x[0], x[1], x[2])) continue;
        int m, dn;
        moves_to_s(x, &m, &dn);
        if (dn > 1) {
            gr_pos cex = pos_of(x, 3);
            gr_claim_fails(r, &cex, "%d positions of S are accessible", dn);
            break;
        }
        if (m > most) most = m;
    } while (next_sorted(x, 3, (uint32_t)to));
    if (r->status == GR_CLAIM_HOLDS)
        snprintf(r->detail, sizeof r->detail,
                 "also counted as moves (what block=1 needs): at most %d move from S to S", most);
    return GR_OK;
}

typedef struct bouton {
    gr_solver *s;
    int winning;
    gr_pos to;
    gr_error *err;
    int rc;
} bouton;

static int bouton_move(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    bouton *b = ctx;
    uint32_t v;
    b->rc = gr_solver_score(b->s, result, &v, b->err);
    if (b->rc) return 1;
    if (v == 0) b->winning++, b->to = *result;
    return 0;
}

static int check_bouton_example(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    gr_game g;
    int rc = gr_game_parse(&g, "nim", err);
    if (rc) return rc;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    bouton b = {.s = gr_solver_new(&g, &o, NULL), .err = err};
    if (!b.s) {
        gr_game_release(&g);
        return gr_fail_nomem(err);
    }
    gr_pos from = {.n = 3, .p = {13, 15, 17}};
    gr_game_moves(&g, &from, bouton_move, &b);
    rc = b.rc;
    if (!rc) {
        if (b.winning == 1 && b.to.p[0] == 13 && b.to.p[1] == 15 && b.to.p[2] == 2)
            gr_claim_holds(r, "every move from (13,15,17), by search");
        else
            gr_claim_fails(r, &from, "%d winning moves found", b.winning);
    }
    gr_solver_free(b.s);
    gr_game_release(&g);
    return rc;
}

/* ---- conjectures from the exploration ---- */

typedef struct config {
    int d, k;
    bool bypos;
    int divide;   /* piles up to to / divide */
} config;

static int check_gap(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const config cfg[] = {
        {2, 1, false, 1}, {2, 2, false, 1}, {2, 3, false, 1}, {2, 1, true, 1}, {2, 2, true, 1},
        {3, 1, false, 1}, {3, 2, false, 1}, {3, 3, false, 1}, {3, 4, false, 1}, {3, 5, false, 1},
        {3, 1, true, 1},  {3, 2, true, 1},  {4, 1, false, 3}, {4, 2, false, 3}, {4, 1, true, 3},
        {5, 1, false, 6}, {6, 1, false, 12},
    };
    gr_claim_holds(r, "block=1..5, block-position=1..2; 2-3 piles <= %llu, 4 piles <= %llu, 5 <= %llu, 6 <= %llu",
                   (unsigned long long)to, (unsigned long long)to / 3, (unsigned long long)to / 6,
                   (unsigned long long)to / 12);
    for (size_t i = 0; i < sizeof cfg / sizeof cfg[0] && r->status == GR_CLAIM_HOLDS; i++) {
        if (gr_claim_poll(r, err)) return err->code;
        gr_nbtable t;
        uint32_t n = (uint32_t)(to / cfg[i].divide);
        int rc = gr_nbtable_build(&t, cfg[i].d, n, cfg[i].k, cfg[i].bypos, TABLE_BYTES, err);
        if (rc) return rc;
        uint32_t x[GR_NBTABLE_MAX_D] = {0};
        int d = cfg[i].d;
        uint64_t r0 = 0;
        do {
            if (!t.p[r0++]) continue;
            uint64_t rest = 0;
            for (int j = 0; j < d - 2; j++) rest += x[j];
            if ((uint64_t)x[d - 1] - x[d - 2] > (uint64_t)cfg[i].k * (rest + 1)) {
                gr_pos cex = pos_of(x, d);
                gr_claim_fails(r, &cex, "a P-position under %s=%d whose largest pile is %llu above the next",
                               cfg[i].bypos ? "block-position" : "block", cfg[i].k,
                               (unsigned long long)(x[d - 1] - x[d - 2]));
                break;
            }
        } while (next_sorted(x, d, n));
        gr_nbtable_free(&t);
    }
    return GR_OK;
}

/* The three-pile block-position=1 game, sorted a <= b <= c. */
static bool bp1_formula(uint64_t a, uint64_t b, uint64_t c)
{
    if (a == 0) return b == c || (b % 2 == 0 && c == b + 1);
    if (a == 1 && b == 1 && c == 1) return true;
    if (a < b && c == a + b + 1) return true;
    if (b == c && c == 2 * a + 1) return true;
    return a % 2 == 1 && b == c && b == a + 1;
}

static int check_bp1(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_nbtable t;
    int rc = gr_nbtable_build(&t, 3, (uint32_t)to, 1, true, TABLE_BYTES, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (a,b,c) with a <= b <= c <= %llu, against search", (unsigned long long)to);
    uint32_t x[3] = {0, 0, 0};
    uint64_t i = 0;
    do {
        bool p = t.p[i++];
        if (p != bp1_formula(x[0], x[1], x[2])) {
            gr_pos cex = pos_of(x, 3);
            gr_claim_fails(r, &cex, "search says %s", p ? "P" : "N");
            break;
        }
    } while (next_sorted(x, 3, (uint32_t)to));
    gr_nbtable_free(&t);
    return GR_OK;
}

/* Odd k = 2j+1, three piles, row a far enough out: the differences c - b
 * of P-positions are exactly this set. */
static bool odd_tail(int k, uint64_t a, uint64_t b, uint64_t c, bool *in_tail)
{
    uint64_t j = (uint64_t)(k - 1) / 2, diff = c - b;
    uint64_t start = a == 0 ? (uint64_t)k : a == 1 ? (uint64_t)k + 2 : k == 3 ? 3 * a + 2 : k == 5 ? 7 * a + 3 : 13 * a + 5;
    *in_tail = c >= start;
    if (a == 0) return diff % 2 == 1 && diff <= (uint64_t)k;
    if (a == 1) return diff % 2 == 0 && diff >= 2 && diff <= (uint64_t)k + 1;
    return diff >= (j + 1) * a + 1 && diff <= (j + 1) * a + j + 1;
}

static int check_odd_k(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "k = 3, 5, 7; all (a,b,c) with a <= b <= c <= %llu and c past the row's start",
                   (unsigned long long)to);
    for (int k = 3; k <= 7 && r->status == GR_CLAIM_HOLDS; k += 2) {
        if (gr_claim_poll(r, err)) return err->code;
        gr_nbtable t;
        int rc = gr_nbtable_build(&t, 3, (uint32_t)to, k, false, TABLE_BYTES, err);
        if (rc) return rc;
        uint32_t x[3] = {0, 0, 0};
        uint64_t i = 0;
        do {
            bool p = t.p[i++], tail;
            bool f = odd_tail(k, x[0], x[1], x[2], &tail);
            if (tail && p != f) {
                gr_pos cex = pos_of(x, 3);
                gr_claim_fails(r, &cex, "block=%d: search says %s", k, p ? "P" : "N");
                break;
            }
        } while (next_sorted(x, 3, (uint32_t)to));
        gr_nbtable_free(&t);
    }
    return GR_OK;
}

/* Rows: fix every pile but the two largest (a sorted prefix f); the row is
 * the set {e - d : (f, d, e) P} as a function of e. A row is found periodic
 * with period p from e0 when row(e) = row(e + p) for e0 <= e <= n - p and the
 * stretch n - e0 covers two periods and 10 more; the smallest such p is
 * compared with the one the claim states. */
typedef struct row_spec {
    uint32_t f[GR_NBTABLE_MAX_D];
    uint32_t period;
} row_spec;

static int check_rows(int d, int k, uint32_t n, const row_spec *rows, size_t nrows, gr_claim_result *r,
                      gr_error *err)
{
    enum { MAXP = 60 };
    gr_nbtable t;
    int rc = gr_nbtable_build(&t, d, n, k, false, TABLE_BYTES, err);
    if (rc) return rc;
    uint64_t *row = calloc((size_t)n + 1, sizeof *row);
    if (!row) {
        gr_nbtable_free(&t);
        return gr_fail_nomem(err);
    }
    char found[400] = "";
    int stopped = GR_OK;
    for (size_t i = 0; i < nrows && r->status == GR_CLAIM_HOLDS && !(stopped = gr_claim_poll(r, err)); i++) {
        const uint32_t *f = rows[i].f;
        uint32_t lo = f[d - 3];
        uint32_t x[GR_NBTABLE_MAX_D];
        memcpy(x, f, sizeof x);
        for (uint32_t e = lo; e <= n && r->status == GR_CLAIM_HOLDS; e++) {
            row[e] = 0;
            for (uint32_t dd = lo; dd <= e; dd++) {
                x[d - 2] = dd, x[d - 1] = e;
                if (!gr_nbtable_is_p(&t, x)) continue;
                if (e - dd > 63) {
                    /* the masks hold differences below 64 (the gap bound keeps them small) */
                    gr_pos cex = pos_of(x, d);
                    gr_claim_fails(r, &cex, "a difference over 63 in a row");
                    break;
                }
                row[e] |= 1ull << (e - dd);
            }
        }
        if (r->status != GR_CLAIM_HOLDS) break;
        uint32_t pre = 0, per = 0;
        for (uint32_t p = 1; p <= MAXP && !per && p < n; p++) {
            uint32_t s0 = n - p;
            while (s0 > lo && row[s0 - 1] == row[s0 - 1 + p]) s0--;
            if (n - s0 >= 2 * p + 10) pre = s0, per = p;
        }
        char name[64];
        int len = 0;
        for (int j = 0; j < d - 2; j++) len += snprintf(name + len, sizeof name - (size_t)len, j ? ",%u" : "%u", f[j]);
        if (per != rows[i].period) {
            gr_pos cex = {.n = d - 2};
            for (int j = 0; j < d - 2; j++) cex.p[j] = f[j];
            if (per)
                gr_claim_fails(r, &cex, "row (%s) has period %u from %u, not %u", name, per, pre, rows[i].period);
            else
                gr_claim_fails(r, &cex, "row (%s) shows no period <= %d repeating twice up to %u", name, MAXP, n);
            break;
        }
        size_t fl = strlen(found);
        snprintf(found + fl, sizeof found - fl, "%s(%s): from %u period %u", i ? "; " : "", name, pre, per);
    }
    if (r->status == GR_CLAIM_HOLDS) snprintf(r->detail, sizeof r->detail, "%s", found);
    free(row);
    gr_nbtable_free(&t);
    return stopped;
}

static int check_even_k(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const row_spec rows[] = {{{0}, 1}, {{1}, 2}, {{2}, 2}, {{3}, 8}, {{4}, 56}, {{5}, 56}, {{6}, 56}};
    if (to < 200) return gr_fail(err, GR_EINPUT, "--to %llu: the periods need piles up to 200 at least", (unsigned long long)to);
    gr_claim_holds(r, "rows a = 0..6 of three-pile Nim with block=2, piles <= %llu", (unsigned long long)to);
    return check_rows(3, 2, (uint32_t)to, rows, sizeof rows / sizeof rows[0], r, err);
}

static int check_four_rows(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const row_spec rows[] = {{{1, 1}, 2}, {{1, 2}, 1}, {{1, 3}, 2}, {{2, 2}, 1}, {{2, 3}, 6},
                                    {{2, 4}, 1}, {{2, 5}, 10}, {{3, 3}, 12}, {{3, 4}, 6}};
    if (to < 50) return gr_fail(err, GR_EINPUT, "--to %llu: the periods need piles up to 50 at least", (unsigned long long)to);
    gr_claim_holds(r, "rows (a,b) listed, four-pile Nim with block=1, piles <= %llu", (unsigned long long)to);
    return check_rows(4, 1, (uint32_t)to, rows, sizeof rows / sizeof rows[0], r, err);
}

static int check_five_rows(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    static const row_spec rows[] = {{{1, 1, 1}, 1}, {{1, 1, 2}, 1}, {{1, 1, 3}, 2}, {{1, 2, 2}, 3},
                                    {{2, 2, 2}, 3}, {{1, 1, 4}, 1}, {{1, 2, 4}, 6}};
    if (to < 40) return gr_fail(err, GR_EINPUT, "--to %llu: the periods need piles up to 40 at least", (unsigned long long)to);
    gr_claim_holds(r, "rows (a,b,c) listed, five-pile Nim with block=1, piles <= %llu", (unsigned long long)to);
    return check_rows(5, 1, (uint32_t)to, rows, sizeof rows / sizeof rows[0], r, err);
}

static int check_four_a1(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_nbtable t;
    int rc = gr_nbtable_build(&t, 4, (uint32_t)to, 1, false, TABLE_BYTES, err);
    if (rc) return rc;
    gr_claim_holds(r, "all (1,b,c,d) with 1 <= b <= c <= d <= %llu, d >= 2b + 3", (unsigned long long)to);
    for (uint32_t d = 0; d <= to && r->status == GR_CLAIM_HOLDS; d++)
        for (uint32_t b = 1; 2 * b + 3 <= d && r->status == GR_CLAIM_HOLDS; b++)
            for (uint32_t cc = b; cc <= d; cc++) {
                uint32_t x[4] = {1, b, cc, d};
                uint32_t want = (b % 2 == 1 && d % 2 == 0) ? b : b + 2;
                if (gr_nbtable_is_p(&t, x) != (d - cc == want)) {
                    gr_pos cex = pos_of(x, 4);
                    gr_claim_fails(r, &cex, "search says %s", gr_nbtable_is_p(&t, x) ? "P" : "N");
                    break;
                }
            }
    gr_nbtable_free(&t);
    return GR_OK;
}

static int check_four_equal(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_nbtable t;
    int rc = gr_nbtable_build(&t, 4, (uint32_t)to, 1, false, TABLE_BYTES, err);
    if (rc) return rc;
    gr_claim_holds(r, "(a,a,a,a) for a <= %llu", (unsigned long long)to);
    for (uint32_t a = 1; a <= to; a++) {
        uint32_t x[4] = {a, a, a, a};
        if (gr_nbtable_is_p(&t, x)) {
            gr_pos cex = pos_of(x, 4);
            gr_claim_fails(r, &cex, "search says P");
            break;
        }
    }
    gr_nbtable_free(&t);
    return GR_OK;
}

static const gr_claim claims[] = {
    {"003/thm-1",
     "Three-pile Nim, one move blocked before each move: the P-positions are (a,a,a) and the (a,b,c), "
     "a <= b <= c, with a + b + 1 = c",
     "block=1: the blocker forbids exactly one move, moves counted with multiplicity (two equal piles give two "
     "moves); the ban is forgotten after the move",
     200, check_thm1},
    {"003/prop-a", "Every terminal position belongs to S ((0,0,0) and (0,0,1) are the terminal positions)",
     "terminal under block=1: at most one move, so every move can be forbidden", 200, check_prop_a},
    {"003/prop-b", "From each position in U there are at least two moves to positions in S", NULL, 100,
     check_prop_b},
    {"003/prop-c", "From each position in S at most one position of S is accessible", NULL, 100, check_prop_c},
    {"003/text-bouton-example", "In Bouton's Nim the only winning move from (13,15,17) is to (13,15,2)", NULL, 1,
     check_bouton_example},
    {"003/conj-gap",
     "Under block=k or block-position=k, in every P-position of Nim the largest pile exceeds the second largest "
     "by at most k (s + 1), s the sum of the other piles",
     "found here, not in the paper; for three piles and k = 1 it is part of Theorem 1 (c = a + b + 1)", 120,
     check_gap},
    {"003/conj-position-3",
     "Three-pile Nim, one resulting position blocked (block-position=1), a <= b <= c: P exactly for (0,b,b); "
     "(0,b,b+1) with b even; (1,1,1); (a,b,a+b+1) with 1 <= a < b; (a,2a+1,2a+1) with a >= 1; (a,a+1,a+1) "
     "with a odd",
     "found here: the paper says it can solve this game but gives no solution", 200, check_bp1},
    {"003/conj-odd-k",
     "Three-pile Nim with block=k, k = 2j+1 odd: far enough along each row (c >= k for a = 0, c >= k+2 for "
     "a = 1, c >= 3a+2 / 7a+3 / 13a+5 for k = 3 / 5 / 7), (a,b,c) is P iff c - b is odd and <= k (a = 0), "
     "even in [2, k+1] (a = 1), in [(j+1)a + 1, (j+1)a + j + 1] (a >= 2)",
     "found here, not in the paper", 200, check_odd_k},
    {"003/conj-even-k",
     "Three-pile Nim with block=2: each row (a fixed) is ultimately periodic in c, as the set {c - b : (a,b,c) "
     "is P}; periods 1, 2, 2, 8, 56, 56, 56 for a = 0..6",
     "found here, not in the paper; the check finds each row's period afresh", 300, check_even_k},
    {"003/conj-four-rows",
     "Four-pile Nim with block=1: fixing the two smallest piles (a,b), the set {d - c : (a,b,c,d) is P} is "
     "ultimately periodic in d; periods 2, 1, 2, 1, 6, 1, 10, 12, 6 for (a,b) = (1,1), (1,2), (1,3), (2,2), (2,3), "
     "(2,4), (2,5), (3,3), (3,4)",
     "found here, not in the paper; (2,6) has period 30 and (3,6) 24 by c <= 100; some rows show none by 100", 80,
     check_four_rows},
    {"003/conj-five-rows",
     "Five-pile Nim with block=1: fixing the three smallest piles, the row is ultimately periodic; periods 1, 1, "
     "2, 3, 3, 1, 6 for (1,1,1), (1,1,2), (1,1,3), (1,2,2), (2,2,2), (1,1,4), (1,2,4)",
     "found here, not in the paper; (1,2,3) shows no period by 40", 40, check_five_rows},
    {"003/conj-four-a1",
     "Four-pile Nim with block=1: for d >= 2b + 3, (1,b,c,d) sorted is P iff d - c = b when b is odd and d even, "
     "d - c = b + 2 otherwise",
     "found here, not in the paper", 60, check_four_a1},
    {"003/conj-four-equal", "Four-pile Nim with block=1: (a,a,a,a) is N for every a >= 1 (three piles: P)",
     "found here, not in the paper", 60, check_four_equal},
};

const gr_seed_claims gr_claims_003 = {
    .seed = "003",
    .title = "Three-Pile Nim with Blocking",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
