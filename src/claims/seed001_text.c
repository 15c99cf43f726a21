/* Seed 001 (Kim): the checkable facts stated in the running text and in the
 * proofs, beside the numbered statements of seed001.c. Values come from
 * search under the kim rules (reading R1), never from the paper's formulas. */
#include "grundy/claims.h"
#include "grundy/solve.h"
#include <stdio.h>

/* A solver for spec under the check's limits (an interrupt stops it). */
static gr_solver *open_solver(const char *spec, const gr_claim_result *r, gr_game *g, gr_error *err)
{
    if (gr_game_parse(g, spec, err)) return NULL;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *s = gr_solver_new(g, &o, r->limits);
    if (!s) {
        gr_game_release(g);
        gr_fail_nomem(err);
    }
    return s;
}

static void close_solver(gr_solver *s, gr_game *g)
{
    gr_solver_free(s);
    gr_game_release(g);
}

/* Remark 4.5: in Nim the value of a position is the nim-sum of its piles
 * (a pile of n is worth n). Positions of 1 to 3 piles, each <= to, by the
 * largest pile, then lexicographically. */
static int check_remark_4_5(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_game g;
    gr_solver *s = open_solver("nim", r, &g, err);
    if (!s) return err->code;
    gr_claim_holds(r, "every Nim position of 3 piles (empty piles allowed) each <= %llu, by search, in increasing "
                      "order of the largest pile, then lexicographically", (unsigned long long)to);
    int rc = GR_OK;
    for (uint64_t z = 0; z <= to && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); z++)
        for (uint64_t x = 0; x <= z && r->status == GR_CLAIM_HOLDS && !rc; x++)
            for (uint64_t y = x; y <= z; y++) {
                gr_pos p = {.n = 3, .p = {x, y, z}};
                uint32_t v;
                if ((rc = gr_solver_score(s, &p, &v, err))) break;
                if (v != (x ^ y ^ z)) {
                    gr_claim_fails(r, &p, "search says G = %u, the nim-sum is %llu", v, (unsigned long long)(x ^ y ^ z));
                    break;
                }
            }
    close_solver(s, &g);
    return rc;
}

/* Section 5, "Game with 1 pile": a single non-empty pile is an N-position,
 * won by removing it all. Read as (0,0,a): with two empty piles no transfer
 * is legal (a pile never moves onto a smaller one), so only removals remain. */
static int check_one_pile(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_game g;
    gr_solver *s = open_solver("kim", r, &g, err);
    if (!s) return err->code;
    gr_claim_holds(r, "(0,0,a) for 1 <= a <= %llu in increasing order, by search; (0,0,0), where removing all "
                      "leads, is P", (unsigned long long)to);
    gr_pos zero = {.n = 3, .p = {0, 0, 0}};
    uint32_t v;
    int rc = gr_solver_score(s, &zero, &v, err);
    if (!rc && v != 0) gr_claim_fails(r, &zero, "search says the empty position has G = %u", v);
    for (uint64_t a = 1; a <= to && !rc && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); a++) {
        gr_pos p = {.n = 3, .p = {0, 0, a}};
        if ((rc = gr_solver_score(s, &p, &v, err))) break;
        if (v == 0) gr_claim_fails(r, &p, "search says P");
    }
    close_solver(s, &g);
    return rc;
}

/* Proof of Lemma 7.4: "positions with repeating numbers do not appear as
 * the 3 numbers need a XOR value of 0", so fixing each pile in turn counts
 * every zero nim-sum triple exactly three times. */
static int check_distinct(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    gr_claim_holds(r, "every triple of positive piles with total <= %llu, in increasing order of total, then "
                      "lexicographically", (unsigned long long)to);
    int rc = GR_OK;
    for (uint64_t t = 3; t <= to && r->status == GR_CLAIM_HOLDS && !(rc = gr_claim_poll(r, err)); t++)
        for (uint64_t a = 1; a + 2 <= t && r->status == GR_CLAIM_HOLDS; a++)
            for (uint64_t b = 1; a + b < t; b++) {
                uint64_t z = t - a - b;
                if ((a ^ b ^ z) == 0 && (a == b || b == z || a == z)) {
                    gr_pos p = {.n = 3, .p = {a, b, z}};
                    gr_claim_fails(r, &p, "a zero nim-sum position with two equal piles");
                    break;
                }
            }
    return rc;
}

/* Proof of Lemma 9.2: from (1,2,4) every move leads to (a,b), (a,a,b) or
 * (a,b,a+b) (a, b positive, in any order), and all of these are N. */
typedef struct moves_124 {
    gr_solver *s;
    gr_claim_result *r;
    gr_error *err;
    int seen, rc;
} moves_124;

/* The kind of shape the paper names, or NULL. */
static const char *shape(const gr_pos *res)
{
    gr_pos q = {.n = 0};
    for (int i = 0; i < res->n; i++)
        if (res->p[i]) q.p[q.n++] = res->p[i];
    gr_pos_sort(&q);
    if (q.n == 2) return "(a,b)";
    if (q.n != 3) return NULL;
    if (q.p[0] == q.p[1] || q.p[1] == q.p[2]) return "(a,a,b)";
    if (q.p[0] + q.p[1] == q.p[2]) return "(a,b,a+b)";
    return NULL;
}

static int move_124(void *ctx, const gr_move *mv, const gr_pos *res)
{
    (void)mv;
    moves_124 *m = ctx;
    uint32_t v;
    m->seen++;
    if ((m->rc = gr_solver_score(m->s, res, &v, m->err))) return 1;
    const char *kind = shape(res);
    if (!kind || v == 0) {
        gr_claim_fails(m->r, res, kind ? "a move leads to %s, which search says is P" :
                                          "a move leads to a position of none of the three shapes%s",
                       kind ? kind : "");
        return 1;
    }
    return 0;
}

static int check_moves_124(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    gr_game g;
    gr_solver *s = open_solver("kim", r, &g, err);
    if (!s) return err->code;
    moves_124 m = {.s = s, .r = r, .err = err};
    gr_claim_holds(r, "every move from (1,2,4), in the order the rules list them, by search");
    gr_pos p = {.n = 3, .p = {1, 2, 4}};
    gr_game_moves(&g, &p, move_124, &m);
    if (!m.rc && r->status == GR_CLAIM_HOLDS)
        snprintf(r->detail, sizeof r->detail, "%d moves, every one to one of the three shapes, every result N", m.seen);
    close_solver(s, &g);
    return m.rc;
}

static const char R1[] = "kim reading R1 (sizes compared before the move, p[s] <= p[d])";

static const gr_claim claims[] = {
    {"001/remark-4.5", "Applied to Nim, the value of a position is the nim-sum of its piles (a pile of n is worth n)",
     NULL, 24, check_remark_4_5},
    {"001/text-5.one-pile", "Sharing Nim with one pile is an N-position: the first player removes every object",
     "one pile as (0,0,a); " "kim reading R1", 200, check_one_pile},
    {"001/text-7.4-distinct", "A zero nim-sum position of three positive piles has no repeated pile (proof of Lemma "
                              "7.4: so each is counted once per fixed pile, three times)",
     NULL, 300, check_distinct},
    {"001/text-9.2-moves", "From (1,2,4) every move leads to (a,b), (a,a,b) or (a,b,a+b), and all of these are "
                           "N-positions (proof of Lemma 9.2)",
     R1, 0, check_moves_124},
};

/* Listed under seed 001 after the numbered statements. */
const gr_seed_claims gr_claims_001_text = {
    .seed = "001",
    .title = "Sharing Nim and enumeration of Nim characteristics (Kim): the running text",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
