/* Seed 002: games for three and more players (Luo, Jain, Sundaresan). The
 * checks search from the rules with the players=m outcome rule (itself
 * tested against the paper's recursive definition), scan subtraction games
 * with certified periods, and compute nim-pairs from their meaning. */
#include "grundy/claims.h"
#include "grundy/players.h"
#include "grundy/solve.h"
#include "grundy/subtraction.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- positions in order: smallest largest pile first, then lexicographic ---- */

typedef bool (*pos_fn)(const gr_pos *p, void *ctx, gr_claim_result *r, gr_error *err, int *rc);

/* Sorted positions of exactly n piles (zeros allowed, so fewer piles too),
 * largest pile 0..max. Stops when fn returns false. */
static int each_position(int n, uint64_t max, pos_fn fn, void *ctx, gr_claim_result *r, gr_error *err)
{
    int rc = GR_OK;
    for (uint64_t top = 0; top <= max; top++) {
        if ((rc = gr_claim_poll(r, err))) return rc;
        gr_pos p = {.n = n};
        for (int i = 0; i < n; i++) p.p[i] = 0;
        p.p[n - 1] = top;
        for (;;) {
            if (!fn(&p, ctx, r, err, &rc)) return rc;
            int i = n - 2;
            while (i >= 0 && p.p[i] == top) i--;
            if (i < 0) break;
            p.p[i]++;
            for (int k = i + 1; k < n - 1; k++) p.p[k] = p.p[i];
        }
    }
    return rc;
}

/* The position without its empty piles (one pile at least), for printing. */
static gr_pos trimmed(const gr_pos *p)
{
    gr_pos t = {.n = 0};
    for (int i = 0; i < p->n; i++)
        if (p->p[i]) t.p[t.n++] = p->p[i];
    if (t.n == 0) t.n = 1, t.p[0] = 0;
    return t;
}

/* The solver runs under the check's limits: an interrupt stops its search. */
static gr_solver *players_solver(const char *spec, int m, const gr_claim_result *r, gr_game *g, gr_error *err)
{
    if (gr_game_parse(g, spec, err)) return NULL;
    gr_outcome o;
    if (gr_outcome_parse(&o, "players", m, err)) {
        gr_game_release(g);
        return NULL;
    }
    gr_solver *s = gr_solver_new(g, &o, r->limits);
    if (!s) {
        gr_game_release(g);
        gr_fail_nomem(err);
    }
    return s;
}

typedef struct nimctx {
    gr_solver *s;
    const gr_game *g;
    int m;
    uint32_t kids[4096];
    size_t nkids;
} nimctx;

static int collect_kid(void *ctx, const gr_move *mv, const gr_pos *res)
{
    (void)mv;
    nimctx *c = ctx;
    gr_error err;
    gr_error_clear(&err);
    if (c->nkids < 4096 && gr_solver_score(c->s, res, &c->kids[c->nkids], &err) == GR_OK) c->nkids++;
    return 0;
}

/* ---- 002/text-1.2: the class is (min(S) - 1) mod 3 ---- */

static bool formula12(const gr_pos *p, void *ctx, gr_claim_result *r, gr_error *err, int *rc)
{
    nimctx *c = ctx;
    uint32_t cls;
    if ((*rc = gr_solver_score(c->s, p, &cls, err))) return false;
    c->nkids = 0;
    gr_game_moves(c->g, p, collect_kid, c);
    if (c->nkids == 0) return true;   /* min of the empty set: the formula does not say */
    uint32_t least = 3;
    for (size_t i = 0; i < c->nkids; i++) least = c->kids[i] < least ? c->kids[i] : least;
    uint32_t formula = (least + 2) % 3;
    if (formula != cls) {
        gr_pos cex = trimmed(p);
        gr_claim_fails(r, &cex,
                       "in 3-player Nim the least option class is %s (%u); (min-1) mod 3 = %u is %s, but the "
                       "recursive definition makes the position %s; (min+1) mod 3 is what it gives",
                       gr_players_label(3, least), least, formula, gr_players_label(3, formula),
                       gr_players_label(3, cls));
        return false;
    }
    return true;
}

static int check_formula12(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    gr_game g;
    nimctx c = {.m = 3};
    if (!(c.s = players_solver("nim", 3, r, &g, err))) return err->code;
    c.g = &g;
    gr_claim_holds(r, "3-player Nim, all positions of up to 3 piles each <= %llu, in increasing order of the largest pile, "
                      "then lexicographically", (unsigned long long)to);
    int rc = each_position(3, to, formula12, &c, r, err);
    gr_solver_free(c.s);
    gr_game_release(&g);
    return rc;
}

/* ---- 002/thm-2.2, 002/prop-2.1, 002/lemma-2.3 on Nim ---- */

typedef struct thmctx {
    gr_solver *s;
    int m;
    int which;          /* 0: thm-2.2, 1: prop-2.1 */
} thmctx;

static bool thm22(const gr_pos *p, void *ctx, gr_claim_result *r, gr_error *err, int *rc)
{
    thmctx *c = ctx;
    uint32_t cls;
    if ((*rc = gr_solver_score(c->s, p, &cls, err))) return false;
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    if (gr_bigpos_from_pos(&bp, p)) {
        gr_bigpos_clear(&bp);
        *rc = gr_fail_nomem(err);
        return false;
    }
    bool ok;
    gr_pos cex = trimmed(p);
    if (c->which == 0) {
        bool zero = gr_players_msum_zero(&bp, c->m);
        ok = zero == (cls == 0);
        if (!ok)
            gr_claim_fails(r, &cex, "%d players: the m-sum is %s but search says class %s", c->m,
                           zero ? "zero" : "not zero", gr_players_label(c->m, cls));
    } else {
        bool a = gr_players_prop21_is_a(&bp);
        ok = a == (cls == 1);
        if (!ok)
            gr_claim_fails(r, &cex, "the conditions say %s, search says %s", a ? "A" : "not A",
                           gr_players_label(3, cls));
    }
    gr_bigpos_clear(&bp);
    return ok;
}

static int check_nim_thm(uint64_t to, int mlo, int mhi, int which, gr_claim_result *r, gr_error *err)
{
    if (to > 40) return gr_fail(err, GR_EINPUT, "--to %llu: this check searches 4-pile Nim, at most 40",
                                (unsigned long long)to);
    gr_claim_holds(r, "m = %d..%d, all Nim positions of up to 4 piles each <= %llu, against search", mlo, mhi,
                   (unsigned long long)to);
    for (int m = mlo; m <= mhi && r->status == GR_CLAIM_HOLDS; m++) {
        gr_game g;
        thmctx c = {.m = m, .which = which};
        if (!(c.s = players_solver("nim", m, r, &g, err))) return err->code;
        int rc = each_position(4, to, thm22, &c, r, err);
        gr_solver_free(c.s);
        gr_game_release(&g);
        if (rc) return rc;
    }
    return GR_OK;
}

static int check_thm22(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    return check_nim_thm(to, 2, 6, 0, r, err);
}

static int check_prop21(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    return check_nim_thm(to, 3, 3, 1, r, err);
}

/* Lemma 2.3 by a table of move distances, without the players rule: dist(P)
 * = 0 if the m-sum of P is zero, else 1 + the least dist of an option. */
static int check_lemma23(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 15) return gr_fail(err, GR_EINPUT, "--to %llu: at most 15 (a table of 4-pile positions)",
                                (unsigned long long)to);
    size_t B = (size_t)to + 1, N = B * B * B * B;
    uint8_t *dist = malloc(N), *zero = malloc(N);
    if (!dist || !zero) {
        free(dist), free(zero);
        return gr_fail_nomem(err);
    }
    gr_claim_holds(r, "m = 2..6, all Nim positions of up to 4 piles each <= %llu", (unsigned long long)to);
    for (int m = 2; m <= 6 && r->status == GR_CLAIM_HOLDS; m++) {
        for (size_t i = 0; i < N; i++) {
            size_t p[4] = {i / (B * B * B), i / (B * B) % B, i / B % B, i % B};
            unsigned col[8] = {0};
            for (int q = 0; q < 4; q++)
                for (int k = 0; k < 8; k++) col[k] += (p[q] >> k) & 1;
            bool z = true;
            for (int k = 0; k < 8; k++) z = z && col[k] % (unsigned)m == 0;
            zero[i] = z;
            /* options have one coordinate lower, so a smaller index */
            unsigned least = 255, least_any = 255;
            size_t stride[4] = {B * B * B, B * B, B, 1};
            for (int q = 0; q < 4; q++)
                for (size_t v = 0; v < p[q]; v++) {
                    size_t j = i - (p[q] - v) * stride[q];
                    if (dist[j] < least) least = dist[j];
                    if (dist[j] < least_any) least_any = dist[j];
                }
            dist[i] = z ? 0 : (uint8_t)(least == 255 ? 255 : least + 1);
            gr_pos cex = {.n = 4, .p = {p[0], p[1], p[2], p[3]}};
            if (!z && dist[i] > m - 1) {
                gr_claim_fails(r, &cex, "%d players: the m-sum is not zero and it takes %u moves to make it zero", m,
                               dist[i]);
                break;
            }
            if (z && least_any != 255 && least_any + 1 < (unsigned)m) {
                gr_claim_fails(r, &cex, "%d players: the m-sum is zero and another such position is %u moves away",
                               m, least_any + 1);
                break;
            }
        }
    }
    free(dist);
    free(zero);
    return GR_OK;
}

/* ---- subtraction games: periods ---- */

typedef struct seqinfo {
    gr_subperiod per;
} seqinfo;

static int period_of(const uint64_t *set, size_t n, gr_subperiod *p, gr_error *err)
{
    int rc = gr_subseq_period(set, n, 3, 10000000, p, err);
    if (!rc && !p->found) rc = gr_fail(err, GR_EINPUT, "no period within 10^7 heaps");
    return rc;
}

static gr_pos set_pos(const uint64_t *set, size_t n)
{
    gr_pos p = {.n = (int)n};
    for (size_t i = 0; i < n; i++) p.p[i] = set[i];
    return p;
}

static int check_thm41(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 64) return gr_fail(err, GR_EINPUT, "--to %llu: sets {1..n} have at most 64 elements",
                                (unsigned long long)to);
    gr_claim_holds(r, "S = {1..n} for n = 1..%llu, 3 players, certified periods; the sequence is (C A^n B^n) repeated",
                   (unsigned long long)to);
    uint64_t set[64];
    for (uint64_t n = 1; n <= to; n++) {
        set[n - 1] = n;
        gr_subperiod p;
        int rc = period_of(set, n, &p, err);
        if (rc) return rc;
        if (p.period != 2 * n + 1) {
            gr_pos cex = set_pos(set, n);
            gr_claim_fails(r, &cex, "period %llu (preperiod %llu), not 2n+1 = %llu", (unsigned long long)p.period,
                           (unsigned long long)p.preperiod, (unsigned long long)(2 * n + 1));
            break;
        }
        /* the proof's picture: C, then n A's, then n B's, from heap 0 */
        gr_subseq g;
        if ((rc = gr_subseq_init(&g, set, n, 3, err))) return rc;
        bool shape = p.preperiod == 0;
        for (uint64_t x = 0; x <= 2 * n && shape; x++) {
            uint8_t v = gr_subseq_next(&g);
            shape = v == (x == 0 ? 0 : x <= n ? 1 : 2);
        }
        gr_subseq_free(&g);
        if (!shape) {
            gr_pos cex = set_pos(set, n);
            gr_claim_fails(r, &cex, "period 2n+1 but not the proof's C A^n B^n from heap 0 (preperiod %llu)",
                           (unsigned long long)p.preperiod);
            break;
        }
    }
    return GR_OK;
}

/* Every set S' of 2..4 elements from 1..to, in order of largest element, then
 * lexicographic; fn gets S' and the index of the added element a_n. */
typedef int (*set_fn)(const uint64_t *set, size_t n, size_t added, void *ctx, gr_claim_result *r, gr_error *err);

static int each_set(uint64_t to, size_t maxn, set_fn fn, void *ctx, gr_claim_result *r, gr_error *err)
{
    for (uint64_t top = 2; top <= to; top++) {
        /* subsets of 1..top-1 of size 1..maxn-1, plus top */
        uint64_t lim = 1ull << (top - 1);
        for (uint64_t bits = 1; bits < lim; bits++) {
            size_t n = (size_t)__builtin_popcountll(bits) + 1;
            if (n > maxn) continue;
            int stopped = gr_claim_poll(r, err);
            if (stopped) return stopped;
            uint64_t set[8];
            size_t k = 0;
            for (uint64_t e = 1; e < top; e++)
                if (bits >> (e - 1) & 1) set[k++] = e;
            set[k++] = top;
            for (size_t added = 0; added < n; added++) {
                int rc = fn(set, n, added, ctx, r, err);
                if (rc) return rc;
                if (r->status != GR_CLAIM_HOLDS) return GR_OK;
            }
        }
    }
    return GR_OK;
}

/* The set without element i. */
static size_t without(const uint64_t *set, size_t n, size_t i, uint64_t *out)
{
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
        if (j != i) out[k++] = set[j];
    return k;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Are the class sequences of two sets equal for every heap? Both are
 * eventually periodic (certified), so comparing max(preperiods) + lcm(periods)
 * heaps decides it. */
static int same_sequence(const uint64_t *s1, size_t n1, const gr_subperiod *p1, const uint64_t *s2, size_t n2,
                         const gr_subperiod *p2, bool *same, uint64_t *first_diff, gr_error *err)
{
    uint64_t l = p1->period / gcd(p1->period, p2->period) * p2->period;
    uint64_t len = (p1->preperiod > p2->preperiod ? p1->preperiod : p2->preperiod) + l;
    if (len > 100000000) return gr_fail(err, GR_EINPUT, "sequences too long to compare");
    gr_subseq a, b;
    int rc = gr_subseq_init(&a, s1, n1, 3, err);
    if (rc) return rc;
    if ((rc = gr_subseq_init(&b, s2, n2, 3, err))) {
        gr_subseq_free(&a);
        return rc;
    }
    *same = true;
    for (uint64_t x = 0; x < len && *same; x++)
        if (gr_subseq_next(&a) != gr_subseq_next(&b)) *same = false, *first_diff = x;
    gr_subseq_free(&a);
    gr_subseq_free(&b);
    return GR_OK;
}

static int thm42_one(const uint64_t *set, size_t n, size_t added, void *ctx, gr_claim_result *r, gr_error *err)
{
    /* ctx non-NULL: only a_n larger than every a_i */
    if (ctx && added != n - 1) return GR_OK;
    uint64_t base[8];
    size_t nb = without(set, n, added, base);
    gr_subperiod p, p2;
    int rc = period_of(base, nb, &p, err);
    if (rc) return rc;
    bool congruent = false;
    for (size_t i = 0; i < nb; i++) congruent = congruent || base[i] % p.period == set[added] % p.period;
    if (!congruent) return GR_OK;
    if ((rc = period_of(set, n, &p2, err))) return rc;
    bool same = false;
    uint64_t diff = 0;
    if ((rc = same_sequence(base, nb, &p, set, n, &p2, &same, &diff, err))) return rc;
    if (!same || p.period != p2.period) {
        gr_pos cex = set_pos(set, n);
        if (!same)
            gr_claim_fails(r, &cex,
                           "adding %llu to S (period %llu, preperiod %llu) changes the class of heap %llu; "
                           "the new period is %llu",
                           (unsigned long long)set[added], (unsigned long long)p.period,
                           (unsigned long long)p.preperiod, (unsigned long long)diff, (unsigned long long)p2.period);
        else
            gr_claim_fails(r, &cex, "adding %llu keeps the sequence but the period goes from %llu to %llu",
                           (unsigned long long)set[added], (unsigned long long)p.period,
                           (unsigned long long)p2.period);
    }
    return GR_OK;
}

static int check_thm42(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 20) return gr_fail(err, GR_EINPUT, "--to %llu: at most 20", (unsigned long long)to);
    gr_claim_holds(r, "all S' of 2..4 elements <= %llu and each choice of the added element a_n, 3 players, in increasing "
                      "order of the largest element, then of the others as a bit mask",
                   (unsigned long long)to);
    int rc = each_set(to, 4, thm42_one, NULL, r, err);
    if (rc || r->status != GR_CLAIM_FAILS) return rc;
    /* Say too whether the narrower reading (a_n the largest) survives. */
    gr_claim_result narrow = {0};
    memset(&narrow, 0, sizeof narrow);
    narrow.limits = r->limits;
    gr_claim_holds(&narrow, "-");
    if ((rc = each_set(to, 4, thm42_one, &narrow, &narrow, err))) return rc;
    size_t len = strlen(r->detail);
    if (narrow.status == GR_CLAIM_HOLDS)
        snprintf(r->detail + len, sizeof r->detail - len, "; with a_n larger than every a_i it holds in this range");
    else {
        char cex[64];
        gr_pos_format(&narrow.cex, cex, sizeof cex);
        snprintf(r->detail + len, sizeof r->detail - len, "; with a_n larger than every a_i it fails too, first at {%s}",
                 cex);
    }
    return GR_OK;
}

static bool in_sumset(const uint64_t *set, size_t n, int terms, uint64_t v)
{
    if (terms == 0) return v == 0;
    for (size_t i = 0; i < n; i++)
        if (set[i] <= v && in_sumset(set, n, terms - 1, v - set[i])) return true;
    return false;
}

static int conj31_one(const uint64_t *set, size_t n, size_t added, void *ctx, gr_claim_result *r, gr_error *err)
{
    (void)ctx;
    uint64_t base[8];
    size_t nb = without(set, n, added, base);
    gr_subperiod p, p2;
    int rc = period_of(base, nb, &p, err);
    if (rc) return rc;
    bool congruent = false;
    for (size_t i = 0; i < nb; i++) congruent = congruent || base[i] % p.period == set[added] % p.period;
    if ((rc = period_of(set, n, &p2, err))) return rc;
    if (congruent) {
        if (p2.period != p.period) {
            gr_pos cex = set_pos(set, n);
            gr_claim_fails(r, &cex, "a_n = %llu is congruent mod p = %llu, but the period becomes %llu",
                           (unsigned long long)set[added], (unsigned long long)p.period,
                           (unsigned long long)p2.period);
        }
        return GR_OK;
    }
    if (!in_sumset(set, n, 3, p2.period) || in_sumset(set, n, 2, p2.period)) {
        gr_pos cex = set_pos(set, n);
        gr_claim_fails(r, &cex, "adding a_n = %llu to S (period %llu): the period %llu is %s", (unsigned long long)set[added],
                       (unsigned long long)p.period, (unsigned long long)p2.period,
                       in_sumset(set, n, 2, p2.period) ? "in S'+S'" : "not in S'+S'+S'");
    }
    return GR_OK;
}

static int check_conj31(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 20) return gr_fail(err, GR_EINPUT, "--to %llu: at most 20", (unsigned long long)to);
    gr_claim_holds(r, "all S' of 2..4 elements <= %llu and each choice of the added element a_n, 3 players, in increasing "
                      "order of the largest element, then of the others as a bit mask",
                   (unsigned long long)to);
    return each_set(to, 4, conj31_one, NULL, r, err);
}

/* ---- nim-pairs ---- */

static int pairs_by_search(const uint64_t *set, size_t n, uint64_t heaps, gr_pairs *out, uint32_t *bound,
                           gr_error *err)
{
    gr_pairs rec;
    int rc = gr_pairs_recursion(set, n, heaps, &rec, err);
    if (rc) return rc;
    /* the box: twice the largest element the recursion gives, so a pair the
     * recursion misses would show up inside it */
    *bound = 2 * gr_pairs_max(&rec) + 2;
    gr_pairs_free(&rec);
    return gr_pairs_search(set, n, heaps, *bound, out, err);
}

static int thm43_one(const uint64_t *set, size_t n, size_t added, void *ctx, gr_claim_result *r, gr_error *err)
{
    (void)ctx;
    if (added) return GR_OK;   /* each set once */
    uint64_t heaps = 24;
    gr_pairs rec, srch;
    int rc = gr_pairs_recursion(set, n, heaps, &rec, err);
    if (rc) return rc;
    uint32_t bound;
    if ((rc = pairs_by_search(set, n, heaps, &srch, &bound, err))) {
        gr_pairs_free(&rec);
        return rc;
    }
    for (uint64_t x = 0; x <= heaps && r->status == GR_CLAIM_HOLDS; x++) {
        size_t n1 = rec.first[x + 1] - rec.first[x], n2 = srch.first[x + 1] - srch.first[x];
        bool same = n1 == n2;
        for (size_t k = 0; same && k < n1; k++)
            same = rec.pairs[rec.first[x] + k].a == srch.pairs[srch.first[x] + k].a &&
                   rec.pairs[rec.first[x] + k].b == srch.pairs[srch.first[x] + k].b;
        if (!same) {
            gr_pos cex = set_pos(set, n);
            cex.p[cex.n++] = x;
            gr_claim_fails(r, &cex, "heap %llu: %zu pairs by the recursion, %zu C-positions x+N_a+N_b by search",
                           (unsigned long long)x, n1, n2);
        }
    }
    gr_pairs_free(&rec);
    gr_pairs_free(&srch);
    return GR_OK;
}

static int check_thm43(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 8) return gr_fail(err, GR_EINPUT, "--to %llu: at most 8", (unsigned long long)to);
    gr_claim_holds(r, "all S of 2..3 elements <= %llu, heaps 0..24, pairs in a box twice the largest found",
                   (unsigned long long)to);
    return each_set(to, 3, thm43_one, NULL, r, err);
}

static int check_prop44(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 12) return gr_fail(err, GR_EINPUT, "--to %llu: at most 12", (unsigned long long)to);
    gr_claim_holds(r, "S = {1..n}, n = 1..%llu, heaps k <= 3(2n+1), pairs by search", (unsigned long long)to);
    uint64_t set[16];
    for (uint64_t n = 1; n <= to && r->status == GR_CLAIM_HOLDS; n++) {
        set[n - 1] = n;
        uint64_t heaps = 3 * (2 * n + 1);
        gr_pairs srch;
        uint32_t bound;
        int rc = pairs_by_search(set, n, heaps, &srch, &bound, err);
        if (rc) return rc;
        for (uint64_t k = 0; k <= heaps; k++) {
            uint64_t q = k % (2 * n + 1);
            uint64_t a, b;
            if (q <= n) a = b = q;
            else if ((q - n) % 2 == 0) a = b = n + (q - n) / 2;
            else a = q - n - 1, b = q - n;
            size_t cnt = srch.first[k + 1] - srch.first[k];
            gr_pair got = cnt ? srch.pairs[srch.first[k]] : (gr_pair){0, 0};
            if (cnt != 1 || got.a != a || got.b != b) {
                gr_pos cex = {.n = 2, .p = {n, k}};
                gr_claim_fails(r, &cex, "n = %llu, heap %llu: %zu pairs, first {%u,%u}; the claim says {%llu,%llu}",
                               (unsigned long long)n, (unsigned long long)k, cnt, got.a, got.b,
                               (unsigned long long)a, (unsigned long long)b);
                break;
            }
        }
        gr_pairs_free(&srch);
    }
    return GR_OK;
}

static int check_prop45(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 6) return gr_fail(err, GR_EINPUT, "--to %llu: at most 6", (unsigned long long)to);
    gr_claim_holds(r, "S of 1..3 elements <= %llu, k = 2..3, heaps of S up to 12, pairs by search",
                   (unsigned long long)to);
    for (uint64_t bits = 1; bits < (1ull << to) && r->status == GR_CLAIM_HOLDS; bits++) {
        if (__builtin_popcountll(bits) > 3) continue;
        uint64_t set[8], kset[8];
        size_t n = 0;
        for (uint64_t e = 1; e <= to; e++)
            if (bits >> (e - 1) & 1) set[n++] = e;
        uint64_t heaps = 12;
        gr_pairs base;
        uint32_t bound;
        int rc = pairs_by_search(set, n, heaps, &base, &bound, err);
        if (rc) return rc;
        for (uint64_t k = 2; k <= 3 && r->status == GR_CLAIM_HOLDS; k++) {
            for (size_t i = 0; i < n; i++) kset[i] = k * set[i];
            gr_pairs scaled;
            if ((rc = pairs_by_search(kset, n, k * (heaps + 1) - 1, &scaled, &bound, err))) {
                gr_pairs_free(&base);
                return rc;
            }
            for (uint64_t x = 0; x < k * (heaps + 1); x++) {
                uint64_t y = x / k;
                size_t n1 = scaled.first[x + 1] - scaled.first[x], n2 = base.first[y + 1] - base.first[y];
                bool same = n1 == n2;
                for (size_t q = 0; same && q < n1; q++)
                    same = scaled.pairs[scaled.first[x] + q].a == base.pairs[base.first[y] + q].a &&
                           scaled.pairs[scaled.first[x] + q].b == base.pairs[base.first[y] + q].b;
                if (!same) {
                    gr_pos cex = set_pos(kset, n);
                    cex.p[cex.n++] = x;
                    gr_claim_fails(r, &cex, "heap %llu of kS (k = %llu) does not have the pairs of heap %llu of S",
                                   (unsigned long long)x, (unsigned long long)k, (unsigned long long)y);
                    break;
                }
            }
            gr_pairs_free(&scaled);
        }
        gr_pairs_free(&base);
    }
    return GR_OK;
}

static int prop46_one(const uint64_t *set, size_t n, size_t added, void *ctx, gr_claim_result *r, gr_error *err)
{
    (void)ctx;
    if (added) return GR_OK;
    gr_pairs srch;
    uint32_t bound;
    int rc = pairs_by_search(set, n, 24, &srch, &bound, err);
    if (rc) return rc;
    for (uint64_t x = 0; x <= 24; x++)
        if (srch.first[x + 1] == srch.first[x]) {
            gr_pos cex = set_pos(set, n);
            cex.p[cex.n++] = x;
            gr_claim_fails(r, &cex, "heap %llu has no nim-pair with elements <= %u", (unsigned long long)x, bound);
            break;
        }
    gr_pairs_free(&srch);
    return GR_OK;
}

static int check_prop46(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 8) return gr_fail(err, GR_EINPUT, "--to %llu: at most 8", (unsigned long long)to);
    gr_claim_holds(r, "subtraction games, all S of 2..3 elements <= %llu, heaps 0..24, by search",
                   (unsigned long long)to);
    return each_set(to, 3, prop46_one, NULL, r, err);
}

static int check_conj33(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl, (void)to, (void)err;
    gr_claim_unchecked(r, "the conjecture itself admits anomalies and does not say which values the mex rule must "
                          "match (a position can have several nim-pairs, Theorem 4.3), so there is nothing to test");
    return GR_OK;
}

static int check_conj32(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl, (void)to, (void)err;
    gr_claim_unchecked(r, "the covering rule is stated loosely (conditions (iv) and (v) end in '(?)', 'healthy' "
                          "covers are not defined precisely), so it cannot be turned into a computation");
    return GR_OK;
}

/* Section 4.2: G + G + G need not be a C-position (an existence claim). */
static int check_ggg(const gr_claim *cl, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)cl;
    if (to > 12) return gr_fail(err, GR_EINPUT, "--to %llu: at most 12", (unsigned long long)to);
    for (uint64_t top = 1; top <= to; top++)
        for (uint64_t bits = 0; bits < (1ull << (top - 1)); bits++) {
            char spec[96];
            int len = snprintf(spec, sizeof spec, "subtraction:");
            for (uint64_t e = 1; e < top; e++)
                if (bits >> (e - 1) & 1) len += snprintf(spec + len, sizeof spec - (size_t)len, "%llu,", (unsigned long long)e);
            snprintf(spec + len, sizeof spec - (size_t)len, "%llu", (unsigned long long)top);
            gr_game g;
            gr_solver *s = players_solver(spec, 3, r, &g, err);
            if (!s) return err->code;
            for (uint64_t x = 1; x <= to; x++) {
                gr_pos p = {.n = 3, .p = {x, x, x}};
                uint32_t cls;
                int rc = gr_solver_score(s, &p, &cls, err);
                if (rc) {
                    gr_solver_free(s);
                    gr_game_release(&g);
                    return rc;
                }
                if (cls != 0) {
                    gr_claim_holds(r, "subtraction games with S within 1..%llu, heaps x <= %llu; first example: %s, "
                                      "x = %llu, x+x+x is %s",
                                   (unsigned long long)to, (unsigned long long)to, spec, (unsigned long long)x,
                                   gr_players_label(3, cls));
                    gr_solver_free(s);
                    gr_game_release(&g);
                    return GR_OK;
                }
            }
            gr_solver_free(s);
            gr_game_release(&g);
        }
    gr_claim_fails(r, NULL, "every x+x+x with S within 1..%llu and x <= %llu is a C-position", (unsigned long long)to,
                   (unsigned long long)to);
    return GR_OK;
}

static const gr_claim claims[] = {
    {"002/text-1.2",
     "With C = 0, A = 1, B = 2, the class of a position is (min(S) - 1) mod 3, S the classes of its options", NULL, 6,
     check_formula12},
    {"002/thm-2.2",
     "In m-Nim the mover loses (class C) iff the m-sum of the m-ations (binary read in base m) of the piles is 0",
     "classes by the players=m recursion (docs/players.md)", 7, check_thm22},
    {"002/prop-2.1",
     "3-Nim: A iff the leading base-3 digit of the 3-sum is 1 and some pile has bit 1 where the digit is 1 and bit 0 "
     "where it is 2",
     NULL, 9, check_prop21},
    {"002/lemma-2.3",
     "A position with non-zero m-sum reaches m-sum zero in at most m-1 moves; one with m-sum zero reaches no other "
     "in at most m-1 moves",
     NULL, 9, check_lemma23},
    {"002/conj-3.1",
     "Adding a_n to S (period p): if a_n = a_i mod p nothing changes; otherwise the new period is in S'+S'+S' but "
     "not in S'+S'",
     "sumsets with repetition; S of 1..3 elements plus a_n; 3-player class sequences", 10, check_conj31},
    {"002/thm-4.1", "For S = {1..n} the 3-player class sequence has period 2n+1", NULL, 40, check_thm41},
    {"002/thm-4.2",
     "If a_n = a_i mod p (p the period of S = {a_1..a_{n-1}}), S and S u {a_n} have the same class sequence and "
     "period",
     "p is the least period, from the certified preperiod on", 10, check_thm42},
    {"002/thm-4.3",
     "Nim-pairs by the pair-mex recursion (Definition 4) are exactly the {a,b} with x + N_a + N_b a C-position",
     "S2 is the pairs of positions two moves from G (the text says 'from 0')", 6, check_thm43},
    {"002/prop-4.4",
     "For S = {1..n} the nim-pair of heap k is unique, periodic mod 2n+1: {k,k} (k <= n), {n+m,n+m} (k = n+2m), "
     "{2m,2m+1} (k = n+2m+1)",
     NULL, 8, check_prop44},
    {"002/prop-4.5", "The nim-pair sequence of kS repeats each term of that of S k times", NULL, 5, check_prop45},
    {"002/prop-4.6", "Every position has at least one nim-pair", NULL, 6, check_prop46},
    {"002/text-4.2", "In a 3-player game G + G + G is not always a C-position (an example exists)",
     "three equal heaps of one subtraction game", 8, check_ggg},
    {"002/conj-3.2", "3-player nim-values come from a covering algorithm with conditions (i)-(v)", NULL, 0,
     check_conj32},
    {"002/conj-3.3", "3-player nim-values come from a mex over positions one or two moves away, with three rules",
     NULL, 0, check_conj33},
};

const gr_seed_claims gr_claims_002 = {
    .seed = "002",
    .title = "Generalized nim-values for 3-player impartial games (m-player Nim, subtraction games, nim-pairs)",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
