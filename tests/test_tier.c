/* The tier solver against the generic search (every position to a bound),
 * against the three-pile table, and its ranks against their inverse. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/claims.h"
#include "grundy/sharing3.h"
#include "grundy/solve.h"
#include "grundy/tier.h"
#include "thread_group.h"

static void solve(gr_tiers *s, gr_game *g, const char *spec, int n, uint64_t total, int method)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, spec, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(s, g, n, total, &err), 0, "%s", err.msg);
    gr_tier_opts o = {.method = method, .keep = true};
    cr_assert_eq(gr_tiers_solve(s, &o, &err), 0, "%s", err.msg);
}

/* Every canonical position of total <= total against gr_solver. */
static void against_search(const char *spec, int n, uint64_t total)
{
    gr_game g;
    gr_tiers s;
    solve(&s, &g, spec, n, total, GR_TIER_FAST);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_solver *gs = gr_solver_new(&g, &o, NULL);
    gr_error err;
    gr_error_clear(&err);
    uint64_t checked = 0;
    for (uint64_t t = 0; t <= total; t++)
        for (uint64_t r = 0; r < s.size[t]; r++) {
            gr_pos p;
            gr_tiers_unrank(&s, t, r, &p);
            gr_pos c = p;
            cr_assert_eq(gr_tiers_canonical(&s, &c), t);
            cr_assert_eq(gr_tiers_rank(&s, &c), r, "%s: rank of unrank(%llu, %llu)", spec, (unsigned long long)t,
                         (unsigned long long)r);
            uint32_t v;
            cr_assert_eq(gr_solver_score(gs, &p, &v, &err), 0, "%s", err.msg);
            char buf[256];
            gr_pos_format(&p, buf, sizeof buf);
            cr_assert_eq(s.v[t][r], v, "%s (%s): tier solver %u, search %u", spec, buf, s.v[t][r], v);
            checked++;
        }
    cr_assert_eq(checked, gr_tiers_positions(&s));
    /* the per-option method agrees, checksum included */
    gr_tiers s2;
    gr_game g2;
    solve(&s2, &g2, spec, n, total, GR_TIER_OPTIONS);
    cr_assert_eq(gr_tiers_checksum(&s), gr_tiers_checksum(&s2), "%s: methods differ", spec);
    gr_tiers_free(&s2);
    gr_game_release(&g2);
    gr_solver_free(gs);
    gr_tiers_free(&s);
    gr_game_release(&g);
}

Test(tier, three_piles_against_search) { against_search("sharing:piles=3", 3, 40); }
Test(tier, four_piles_against_search) { against_search("sharing:piles=4", 4, 26); }
Test(tier, five_piles_against_search) { against_search("sharing:piles=5", 5, 18); }
Test(tier, six_piles_against_search) { against_search("sharing:piles=6", 6, 13); }
Test(tier, two_piles_against_search) { against_search("sharing:piles=2", 2, 20); }
Test(tier, directed_triangle) { against_search("sharing:piles=3,graph=0>1/1>2/2>0", 3, 24); }
Test(tier, path) { against_search("sharing:piles=3,graph=0-1/1-2", 3, 24); }
Test(tier, star) { against_search("sharing:piles=4,graph=0-1/0-2/0-3", 4, 16); }
Test(tier, directed_square) { against_search("sharing:piles=4,graph=0>1/1>2/2>3/3>0", 4, 16); }

Test(tier, three_piles_against_table)
{
    gr_game g;
    gr_tiers s;
    const uint32_t B = 120;
    /* every (0,a,b) with b <= B has total a+b <= 2B */
    solve(&s, &g, "sharing:piles=3", 3, 2 * B, GR_TIER_FAST);
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_simple(&t, B, &err), 0);
    for (uint32_t b = 0; b <= B; b++)
        for (uint32_t a = 0; a <= b; a++) {
            gr_pos p = {.n = 3, .p = {0, a, b}};
            uint32_t v;
            cr_assert_eq(gr_tiers_value(&s, &p, &v, &err), 0, "%s", err.msg);
            cr_assert_eq(v, gr_s3table_get(&t, a, b), "(0,%u,%u)", a, b);
        }
    /* translation: (5, 5+a, 5+b) is the same position */
    gr_pos p = {.n = 3, .p = {12, 5, 9}};
    uint32_t v;
    cr_assert_eq(gr_tiers_value(&s, &p, &v, &err), 0);
    cr_assert_eq(v, gr_s3table_get(&t, 4, 7));
    gr_s3table_free(&t);
    gr_tiers_free(&s);
    gr_game_release(&g);
}

/* The fast method on a larger 4-pile chain against the per-option method. */
Test(tier, fast_equals_options_four_piles)
{
    gr_game g, g2;
    gr_tiers s, s2;
    solve(&s, &g, "sharing:piles=4", 4, 90, GR_TIER_FAST);
    solve(&s2, &g2, "sharing:piles=4", 4, 90, GR_TIER_OPTIONS);
    for (uint64_t t = 0; t <= 90; t++)
        cr_assert_eq(memcmp(s.v[t], s2.v[t], s.size[t] * sizeof *s.v[t]), 0, "tier %llu", (unsigned long long)t);
    gr_tiers_free(&s);
    gr_tiers_free(&s2);
    gr_game_release(&g);
    gr_game_release(&g2);
}

Test(tier, tier_sizes)
{
    gr_game g;
    gr_tiers s;
    solve(&s, &g, "sharing:piles=4", 4, 12, GR_TIER_FAST);
    /* partitions of t into at most 3 parts: 1 1 2 3 4 5 7 8 10 12 14 16 19 */
    static const uint64_t p3[] = {1, 1, 2, 3, 4, 5, 7, 8, 10, 12, 14, 16, 19};
    for (int t = 0; t <= 12; t++) cr_assert_eq(s.size[t], p3[t], "t=%d", t);
    gr_tiers_free(&s);
    gr_game_release(&g);
    /* a path on 3 vertices: weak compositions of t into 3 with a zero */
    solve(&s, &g, "sharing:piles=3,graph=0-1/1-2", 3, 6, GR_TIER_FAST);
    static const uint64_t c3[] = {1, 3, 6, 9, 12, 15, 18};
    for (int t = 0; t <= 6; t++) cr_assert_eq(s.size[t], c3[t], "t=%d", t);
    gr_tiers_free(&s);
    gr_game_release(&g);
}

Test(tier, refuses_other_rulesets)
{
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "nim", &err), 0);
    cr_assert_eq(gr_tiers_init(&s, &g, 3, 10, &err), GR_EINPUT);
    gr_game_release(&g);
}

/* The 4- and 5-pile conjectures (src/claims/seed000_piles.c) hold on a small
 * range; `grundy check` runs them further once the lead registers them. */
extern const gr_claim gr_claims_000_piles[];
extern const size_t gr_claims_000_piles_count;

Test(tier, piles_claims_hold)
{
    cr_assert_geq(gr_claims_000_piles_count, 4);
    for (size_t i = 0; i < gr_claims_000_piles_count; i++) {
        const gr_claim *c = &gr_claims_000_piles[i];
        gr_claim_result r = {0};
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(c->check(c, 60, &r, &err), 0, "%s: %s", c->id, err.msg);
        cr_assert_eq(r.status, GR_CLAIM_HOLDS, "%s: %s", c->id, r.detail);
    }
}

/* One chain's worth of threads and more: tiers split into levels (from
 * every size on) give the one-thread values, checksum for checksum, on 3
 * to 16 threads (oversubscribed on a small machine). */
static uint64_t checksum_on(const char *spec, int n, uint64_t total, int threads)
{
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&s, &g, n, total, &err), 0, "%s", err.msg);
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = threads};
    cr_assert_eq(gr_tiers_solve(&s, &o, &err), 0, "%s", err.msg);
    uint64_t sum = gr_tiers_checksum(&s);
    gr_tiers_free(&s);
    gr_game_release(&g);
    return sum;
}

/* Threads beyond the chains work inside a chain by steps of the largest
 * pile (3 piles to 300 widens the bitsets twice inside steps). */
Test(tier, steps_inside_chains_agree, .timeout = 60)
{
    struct { const char *spec; int n; uint64_t total; } cases[] = {
        {"sharing:piles=3", 3, 300}, {"sharing:piles=4", 4, 200}, {"sharing:piles=5", 5, 70}};
    int ps[] = {3, 4, 8, 16};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint64_t one = checksum_on(cases[c].spec, cases[c].n, cases[c].total, 1);
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i++)
            cr_assert_eq(checksum_on(cases[c].spec, cases[c].n, cases[c].total, ps[i]), one,
                         "%s total %llu, %d threads", cases[c].spec, (unsigned long long)cases[c].total, ps[i]);
    }
}

/* One chain alone (as one of n ranks, one chain each), its values kept:
 * fnv over every value of its tiers, each tier's checksum (taken block by
 * block on the steps' threads) checked against its values. */
static uint64_t chain_values_on(const char *spec, int n, uint64_t total, int threads, bool barrier)
{
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&s, &g, n, total, &err), 0, "%s", err.msg);
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = threads, .keep = true, .rank = (int)(total % (uint64_t)n),
                      .ranks = n, .step_barrier = barrier};
    cr_assert_eq(gr_tiers_solve(&s, &o, &err), 0, "%s", err.msg);
    cr_assert_eq(s.used_threads, threads, "%s to %llu", spec, (unsigned long long)total);
    /* counted, then asserted once: thousands of assertions a run weigh on the runner */
    uint64_t h = 1469598103934665603ULL, tiers = 0, lost = 0, wrong = UINT64_MAX;
    for (uint64_t t = total % (uint64_t)n; t <= total; t += (uint64_t)n, tiers++) {
        if (!s.v[t]) {
            lost++;
            continue;
        }
        if (s.sum[t] != gr_tier_fnv(s.v[t], s.size[t]) && wrong == UINT64_MAX) wrong = t;
        h = (h ^ s.sum[t]) * 1099511628211ULL;
    }
    cr_assert_eq(lost, 0, "%s: %llu tiers not kept on %d threads", spec, (unsigned long long)lost, threads);
    cr_assert_eq(wrong, UINT64_MAX, "%s tier %llu on %d threads: its checksum is not its values'", spec,
                 (unsigned long long)wrong, threads);
    cr_assert_eq(tiers, total / (uint64_t)n + 1);
    gr_tiers_free(&s);
    gr_game_release(&g);
    return h;
}

/* Every thread inside one chain (the steps flow without a barrier, the
 * lower tiers' marks ordering them): the one-thread values on 2, 3, 8 and
 * 16 threads (oversubscribed here); 3 piles to 400 widen the bitsets
 * inside the steps. */
Test(tier, one_chain_on_every_thread_count, .timeout = 120)
{
    struct { const char *spec; int n; uint64_t total; } cases[] = {
        {"sharing:piles=3", 3, 400}, {"sharing:piles=4", 4, 300}, {"sharing:piles=5", 5, 90}};
    int ps[] = {2, 3, 8, 16};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint64_t one = chain_values_on(cases[c].spec, cases[c].n, cases[c].total, 1, false);
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i++)
            cr_assert_eq(chain_values_on(cases[c].spec, cases[c].n, cases[c].total, ps[i], false), one,
                         "%s total %llu, %d threads", cases[c].spec, (unsigned long long)cases[c].total, ps[i]);
        /* the steps as they ran before (a barrier after each) agree too */
        cr_assert_eq(chain_values_on(cases[c].spec, cases[c].n, cases[c].total, 3, true), one, "%s with barriers",
                     cases[c].spec);
    }
}

/* With every tier kept (as the engine keeps its tables), the steps on 8
 * threads leave every value of one thread's solve, not only the checksums. */
Test(tier, steps_keep_every_value, .timeout = 60)
{
    gr_game g;
    gr_tiers one, many;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "sharing:piles=4", &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&one, &g, 4, 150, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&many, &g, 4, 150, &err), 0, "%s", err.msg);
    gr_tier_opts o1 = {.method = GR_TIER_FAST, .threads = 1, .keep = true};
    gr_tier_opts o8 = {.method = GR_TIER_FAST, .threads = 8, .keep = true};
    cr_assert_eq(gr_tiers_solve(&one, &o1, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_solve(&many, &o8, &err), 0, "%s", err.msg);
    cr_assert_eq(many.used_threads, 8);
    for (uint64_t t = 0; t <= 150; t++) {
        cr_assert(one.v[t] && many.v[t], "tier %llu kept", (unsigned long long)t);
        cr_assert(memcmp(one.v[t], many.v[t], one.size[t] * sizeof *one.v[t]) == 0, "tier %llu",
                  (unsigned long long)t);
    }
    gr_tiers_free(&one);
    gr_tiers_free(&many);
    gr_game_release(&g);
}

/* Every chain's steps on one pool of threads (more threads than chains):
 * shared, each thread takes blocks of every chain; in teams, of one chain.
 * Either way the values must be one thread's whatever the pool's size, a
 * multiple of the chains or not, and each tier's checksum (folded block by
 * block on the pool's threads) its values'. 3 piles to 400 widen the
 * bitsets inside the pool. (On this machine the command's own choice,
 * auto, is teams past 2 threads: the threads outnumber the cores.) */
static gr_tiers kept_on(gr_game *g, const char *spec, int n, uint64_t total, int threads, int pool)
{
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, spec, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&s, g, n, total, &err), 0, "%s", err.msg);
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = threads, .keep = true, .pool = pool};
    cr_assert_eq(gr_tiers_solve(&s, &o, &err), 0, "%s", err.msg);
    cr_assert_eq(s.used_threads, threads, "%s on %d threads", spec, threads);
    return s;
}

Test(tier, one_pool_keeps_every_value, .timeout = 120)
{
    struct { const char *spec; int n; uint64_t total; } cases[] = {
        {"sharing:piles=3", 3, 400}, {"sharing:piles=4", 4, 200}, {"sharing:piles=5", 5, 80}};
    int ps[] = {6, 7, 8, 16, -6, -7, -16};   /* negative: the same number in teams */
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        gr_game g1;
        gr_tiers one = kept_on(&g1, cases[c].spec, cases[c].n, cases[c].total, 1, GR_TIER_POOL_AUTO);
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
            gr_game g;
            int p = abs(ps[i]);
            gr_tiers many = kept_on(&g, cases[c].spec, cases[c].n, cases[c].total, p,
                                    ps[i] > 0 ? GR_TIER_POOL_SHARED : GR_TIER_POOL_TEAMS);
            uint64_t differ = UINT64_MAX, wrong = UINT64_MAX;
            for (uint64_t t = 0; t <= cases[c].total; t++) {
                cr_assert(many.v[t], "%s tier %llu kept", cases[c].spec, (unsigned long long)t);
                if (differ == UINT64_MAX && memcmp(one.v[t], many.v[t], one.size[t] * sizeof *one.v[t]))
                    differ = t;
                if (wrong == UINT64_MAX && many.sum[t] != gr_tier_fnv(many.v[t], many.size[t])) wrong = t;
            }
            cr_assert_eq(differ, UINT64_MAX, "%s on %d threads: tier %llu differs from one thread's", cases[c].spec,
                         ps[i], (unsigned long long)differ);   /* ps[i] < 0: in teams */
            cr_assert_eq(wrong, UINT64_MAX, "%s on %d threads: tier %llu's checksum is not its values'",
                         cases[c].spec, ps[i], (unsigned long long)wrong);
            cr_assert_eq(gr_tiers_checksum(&many), gr_tiers_checksum(&one));
            gr_tiers_free(&many);
            gr_game_release(&g);
        }
        gr_tiers_free(&one);
        gr_game_release(&g1);
    }
}

/* A chain of the pool that fails (its done() refuses tier 50) stops alone:
 * the pool neither hangs nor stops the other chains, which finish every
 * tier, and the solve reports the failure. */
typedef struct fail_at {
    uint64_t tier;
    long other[4];   /* done() calls by chain */
} fail_at;

static int fail_done(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err)
{
    fail_at *f = ctx;
    if (t == f->tier) return gr_fail(err, GR_ELIMIT, "refused tier %llu", (unsigned long long)t);
    __atomic_add_fetch(&f->other[t % (uint64_t)s->n], 1, __ATOMIC_SEQ_CST);
    return GR_OK;
}

Test(tier, a_failed_chain_stops_alone_in_the_pool, .timeout = 60)
{
    gr_game g;
    gr_tiers s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "sharing:piles=4", &err), 0, "%s", err.msg);
    cr_assert_eq(gr_tiers_init(&s, &g, 4, 200, &err), 0, "%s", err.msg);
    fail_at f = {.tier = 50};
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = 8, .done = fail_done, .ctx = &f, .pool = GR_TIER_POOL_SHARED};
    cr_assert_eq(gr_tiers_solve(&s, &o, &err), GR_ELIMIT);
    cr_assert(strstr(err.msg, "refused tier 50"), "%s", err.msg);
    for (int r = 0; r < 4; r++)
        if (r != 50 % 4) cr_assert_eq(f.other[r], 50 + (r <= 200 % 4), "chain %d: %ld tiers done", r, f.other[r]);
    /* tier 50's chain: its 12 tiers below 50 (the next is handed on only after 50's end is joined) */
    cr_assert_eq(f.other[50 % 4], 12, "chain 2: %ld tiers done", f.other[50 % 4]);
    gr_tiers_free(&s);
    gr_game_release(&g);
}

/* Ranks beyond the chains, without MPI: P "ranks" are threads of this
 * process, each with its own solver; the ranks of a chain's group exchange
 * through a thread_group. */
typedef struct fake_rank {
    const char *spec;
    int n, rank, ranks, threads, gi;
    uint64_t total;
    long stop_after;          /* done() fails after this many tiers (0: never) */
    long done;
    thread_group *group;
    gr_tiers s;
    gr_game g;
    int rc;
} fake_rank;

static int fake_exchange(void *ctx, const uint64_t *send, const size_t *counts, uint64_t **recv, size_t *cap,
                         size_t *got, gr_error *err)
{
    fake_rank *r = ctx;
    return thread_group_exchange(r->group, r->gi, send, counts, recv, cap, got, err);
}

static int fake_done(void *ctx, const gr_tiers *s, uint64_t t, gr_error *err)
{
    (void)s, (void)t;
    fake_rank *r = ctx;
    if (r->stop_after && ++r->done >= r->stop_after) return gr_fail(err, 3, "stopped as asked");
    return GR_OK;
}

static void *fake_run(void *arg)
{
    fake_rank *r = arg;
    gr_error err;
    gr_error_clear(&err);
    r->rc = gr_game_parse(&r->g, r->spec, &err);
    if (!r->rc) r->rc = gr_tiers_init(&r->s, &r->g, r->n, r->total, &err);
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = r->threads, .rank = r->rank, .ranks = r->ranks,
                      .exchange = fake_exchange, .exchange_ctx = r,
                      .done = fake_done, .ctx = r};
    if (!r->rc) r->rc = gr_tiers_solve(&r->s, &o, &err);
    return NULL;
}

/* Runs P fake ranks; returns the checksum of the tiers they report
 * (asserting that exactly one rank reports each tier), or 0 on failure. */
static uint64_t ranks_checksum(const char *spec, int n, uint64_t total, int ranks, int threads, long stop_after,
                               int *failed)
{
    fake_rank *r = calloc((size_t)ranks, sizeof *r);
    thread_group groups[GR_MAX_PILES];
    int nch = (int)(total + 1 < (uint64_t)n ? total + 1 : (uint64_t)n);
    cr_assert(ranks > nch);
    for (int c = 0; c < nch; c++) {
        cr_assert_eq(thread_group_init(&groups[c], ranks / nch + (c < ranks % nch)), 0);
    }
    pthread_t *th = calloc((size_t)ranks, sizeof *th);
    for (int k = 0; k < ranks; k++) {
        r[k] = (fake_rank){.spec = spec, .n = n, .rank = k, .ranks = ranks, .threads = threads, .gi = k / nch,
                           .total = total, .group = &groups[k % nch], .stop_after = stop_after};
        pthread_create(&th[k], NULL, fake_run, &r[k]);
    }
    *failed = 0;
    for (int k = 0; k < ranks; k++) {
        pthread_join(th[k], NULL);
        *failed += r[k].rc != 0;
    }
    uint64_t sum = 0;
    if (!*failed) {
        for (uint64_t t = 0; t <= total; t++) {
            int reporters = 0;
            for (int k = 1; k < ranks; k++)
                if (r[k].s.sum[t]) r[0].s.sum[t] = r[k].s.sum[t], reporters++;
            reporters += r[0].s.sum[t] != 0 && reporters == 0;
            cr_assert_eq(reporters, 1, "%s, %d ranks: tier %llu reported %d times", spec, ranks,
                         (unsigned long long)t, reporters);
        }
        sum = gr_tiers_checksum(&r[0].s);
    }
    for (int k = 0; k < ranks; k++) {
        gr_tiers_free(&r[k].s);
        if (r[k].g.rs) gr_game_release(&r[k].g);
    }
    for (int c = 0; c < nch; c++) {
        thread_group_destroy(&groups[c]);
    }
    free(th), free(r);
    return sum;
}

Test(tier, ranks_beyond_chains_agree, .timeout = 120)
{
    struct { const char *spec; int n; uint64_t total; int ranks, threads; } cases[] = {
        {"sharing:piles=3", 3, 120, 5, 1}, {"sharing:piles=4", 4, 90, 5, 1}, {"sharing:piles=4", 4, 90, 9, 1},
        {"sharing:piles=5", 5, 45, 7, 2}, {"sharing:piles=4", 4, 2, 5, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int failed;
        uint64_t one = checksum_on(cases[c].spec, cases[c].n, cases[c].total, 1);
        uint64_t got = ranks_checksum(cases[c].spec, cases[c].n, cases[c].total, cases[c].ranks, cases[c].threads, 0,
                                      &failed);
        cr_assert_eq(failed, 0, "%s, %d ranks: %d failed", cases[c].spec, cases[c].ranks, failed);
        cr_assert_eq(got, one, "%s total %llu, %d ranks", cases[c].spec, (unsigned long long)cases[c].total,
                     cases[c].ranks);
    }
}

/* A rank that stops (done() fails) stops the other ranks of its chain at
 * the next tier instead of leaving them waiting in an exchange. */
Test(tier, a_stopped_rank_stops_its_group, .timeout = 60)
{
    int failed;
    cr_assert_eq(ranks_checksum("sharing:piles=4", 4, 60, 8, 1, 3, &failed), 0);
    cr_assert_eq(failed, 8, "every rank of every chain stops: %d did", failed);
}
