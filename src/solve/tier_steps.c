/* Threads and ranks inside one chain of the tier solver: steps of the
 * largest pile, and the exchange of lines among the ranks of a chain's
 * group (docs/tiers.md, "Inside a chain" and "Ranks beyond the chains"). */
#include "tier_chain.h"
#include "grundy/grow.h"
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Threads beyond the chains (docs/tiers.md, "Steps of the largest pile"):
 * a move never raises the raw largest pile nor lowers the raw smallest, so
 * an option of a position of tier t with canonical largest pile d lies in
 * tier t with a largest pile <= d, or in a lower tier with one < d. The
 * positions of tier t with largest pile d are one block, a contiguous range
 * of ranks. Step d computes the blocks (t, d) of every tier t of the chain:
 * no one of them has an option in another, so they share no line and run
 * on the chain's threads at once, each in rank order as gr_tier_fast_tier
 * goes; steps go in increasing d. Tier t is whole after step t, and finished then
 * (its file written) while the steps go on.
 *
 * Ranks beyond the chains (docs/tiers.md) take the same steps: the q ranks
 * of a chain's group own its tiers in turn (tier index i on rank i mod q)
 * and compute only their blocks. Every rank holds the whole line array, but
 * a line's bitset is kept current only by its home: the owner of the tier
 * of the line's smallest other pile, which holds every point of the line
 * whose pair does not go below those piles. A position's lines through all
 * its smallest piles (its only smallest, or both of exactly two) are homed
 * in a lower tier, maybe on another rank: before each step a rank asks
 * their homes for them, and after it sends each home the one value it
 * added (no other block of the step touches such a line). */
typedef struct asklist {
    uint64_t *v;            /* (home rank, line id, tier index << 40 | rank) triples: a
                             * tier has fewer than 2^40 positions, a chain fewer than 2^24 tiers */
    size_t n, cap;
} asklist;

typedef struct stepper {
    gr_tier_chain *ch;
    gr_tier_lines *L;
    bool *known;            /* read from disk: only replayed */
    bool *handed;           /* whole, and handed to a finisher (which frees it) */
    uint64_t *from;         /* a block stopped for a value too wide: its rank to go on from */
    uint64_t *sum;          /* by tier index (a cache line each, threads apart): its checksum so far */
    uint64_t replay_to;     /* tiers from here on are stored and not replayed */
    uint32_t need;          /* the widest value a stopped block of this step needs */
    bool again;             /* the step again, after widening: only the stopped blocks */
    bool fold;              /* tiers' checksums taken block by block (else by the finisher) */
    /* groups: buffers kept from step to step (no fresh pages every step) */
    asklist *asks;          /* by tier index: the lines its block of this step asks for */
    uint64_t *ids, *at;     /* all asks of the step, by home rank */
    size_t nask, cap_ask;
    uint64_t *out, *in, *in2;   /* words sent, received */
    size_t cap_out, cap_in, cap_in2;
    size_t *counts, *got, *words;   /* per rank of the group: asks, received, words sent */
    uint64_t *small;        /* 3 words per rank: the agreement */
    uint64_t most;          /* agreed with the need: the largest of the ranks' */
    int late;               /* a failure here after the step's agreement: told at the next */
} stepper;

#define SUM_AT 8   /* words from one tier's checksum to the next: a cache line */

static bool owns(const gr_tier_chain *ch, uint64_t i)
{
    return i % (uint64_t)ch->gq == (uint64_t)ch->gi;
}

/* Block (t, d): ranks [*r0, *r1) of tier t whose largest pile is d, and
 * mu the partition of *r0 (d, then the least descending fill of t - d). */
static void block_first(const gr_tiers *s, uint64_t t, uint64_t d, uint64_t *r0, uint64_t *r1, uint64_t *mu)
{
    int k = s->n - 1;
    *r0 = gr_tier_cum(s->tab, k - 1, t, d), *r1 = gr_tier_cum(s->tab, k - 1, t, d + 1);
    mu[0] = d;
    gr_tier_part_first(mu, 1, k, t - d);
}

/* Block (t, d) of the tier with index i, from its first rank or where it stopped. */
static int step_block(stepper *sp, uint64_t i, uint64_t d)
{
    gr_tier_chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    int k = s->n - 1;
    uint64_t t = ch->r + i * (uint64_t)s->n, mu[GR_MAX_PILES];
    if (t < d || t >= sp->replay_to || k == 0 || !owns(ch, i) || (sp->again && sp->from[i] == UINT64_MAX))
        return GR_OK;
    uint64_t r0, r1;
    block_first(s, t, d, &r0, &r1, mu);
    uint64_t first = r0;
    if (sp->from[i] != UINT64_MAX) {   /* go on where it stopped */
        gr_pos p;
        r0 = sp->from[i];
        gr_tiers_unrank(s, t, r0, &p);
        for (int j = 0; j < k; j++) mu[j] = p.p[s->n - 1 - j];
    }
    sp->from[i] = UINT64_MAX;
    gr_error err;
    uint64_t stuck = 0;
    uint32_t wide = 0;
    int rc = gr_tier_fast_block(s, sp->L, t, mu, r0, r1, sp->known[i], false, &stuck, &wide, &err);
    if (rc == GR_TIER_NEEDS_WIDER) {
        sp->from[i] = stuck;
#pragma omp critical(gr_tier_need)
        if (wide > sp->need) sp->need = wide;
        return GR_OK;
    }
    if (rc) {
#pragma omp critical(gr_tier_err)
        ch->err = err;
    } else if (sp->fold && r1 > first) {
        /* the tier's checksum, block after block in rank order, while the
         * values are in this thread's cache: not on the finisher, which
         * alone would take ~1.7 ms a tier of 4 piles to 2000, a step's
         * work on 8 threads */
        sp->sum[SUM_AT * i] = gr_tier_fnv_more(sp->sum[SUM_AT * i], s->v[t] + first, r1 - first);
    }
    return rc;
}

/* The lines block (t, d) of tier index i reads that another rank keeps:
 * those whose other piles lie above the position's smallest (its pair
 * takes every smallest pile), homed in the tier of their own smallest. */
static int block_asks(stepper *sp, uint64_t i, uint64_t d)
{
    gr_tier_chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    int n = s->n, k = n - 1;
    uint64_t t = ch->r + i * (uint64_t)n, mu[GR_MAX_PILES], lam[GR_MAX_PILES];
    asklist *a = &sp->asks[i];
    a->n = 0;
    if (t < d || t >= sp->replay_to || !owns(ch, i) || k < 2) return GR_OK;
    uint64_t r0, r1, m = (ch->top - t) / (uint64_t)n;
    block_first(s, t, d, &r0, &r1, mu);
    for (uint64_t r = r0; r < r1; r++) {
        /* only a pair through the smallest pile, when at most two piles are
         * the smallest, leaves other piles all above it */
        if (mu[k - 2] > 0) {
            for (int x = 0; x < k; x++) lam[x] = mu[x] + m;
            lam[k] = m;
            /* the pairs of lineset_make that hold the last pile (k), or both
             * smallest piles (k-1, k) */
            for (int x = 0; x < k; x++) {
                if (x > 0 && lam[x] == lam[x - 1]) continue;
                int y = k;
                if (lam[k - 1] == m && x != k - 1) continue;   /* the other smallest stays */
                int rest = k;   /* the largest index outside the pair: the other piles' smallest */
                while (rest == x || rest == y) rest--;
                uint64_t home = ((ch->top - (uint64_t)n * lam[rest]) - ch->r) / (uint64_t)n % (uint64_t)ch->gq;
                if (home == (uint64_t)ch->gi) continue;
                if (!GR_GROW(a->v, a->cap, a->n + 3, 768)) return GR_ENOMEM;
                a->v[a->n++] = home;
                a->v[a->n++] = gr_tier_line_id(s, sp->L, lam, x, y);
                a->v[a->n++] = i << 40 | r;
            }
        }
        if (r + 1 < r1) gr_tier_part_next(mu, k);
    }
    return GR_OK;
}

/* The step's asks of every block, sorted by home rank. */
static int asks_gather(stepper *sp, uint64_t nt)
{
    int q = sp->ch->gq;
    size_t total = 0;
    for (int h = 0; h < q; h++) sp->counts[h] = 0;
    for (uint64_t i = 0; i < nt; i++) {
        total += sp->asks[i].n / 3;
        for (size_t x = 0; x < sp->asks[i].n; x += 3) sp->counts[sp->asks[i].v[x]]++;
    }
    if (total > sp->cap_ask) {
        size_t cap = gr_grow_cap(sp->cap_ask, total, 1024, sizeof *sp->ids);
        if (!cap || !gr_resize(&sp->ids, cap, sizeof *sp->ids) || !gr_resize(&sp->at, cap, sizeof *sp->at))
            return GR_ENOMEM;
        sp->cap_ask = cap;
    }
    size_t *start = sp->words;   /* scratch here */
    start[0] = 0;
    for (int h = 0; h + 1 < q; h++) start[h + 1] = start[h] + sp->counts[h];
    for (uint64_t i = 0; i < nt; i++)
        for (size_t x = 0; x < sp->asks[i].n; x += 3) {
            size_t at = start[sp->asks[i].v[x]]++;
            sp->ids[at] = sp->asks[i].v[x + 1];
            sp->at[at] = sp->asks[i].v[x + 2];
        }
    sp->nask = total;
    return GR_OK;
}

static int exchange(stepper *sp, const uint64_t *send, const size_t *counts, uint64_t **recv, size_t *cap)
{
    gr_tier_chain *ch = sp->ch;
    return ch->o->exchange(ch->o->exchange_ctx, send, counts, recv, cap, sp->got, &ch->err);
}

static bool out_fit(stepper *sp, size_t words)
{
    return GR_GROW(sp->out, sp->cap_out, words ? words : 1, 1024);
}

/* Before a step: the asks sent to their homes, each home's answer (the
 * line's words) written over this rank's copy of the line. A rank that
 * failed takes part all the same (asking for nothing, or answering with
 * nothing), so that no rank waits for it; the group learns of the failure
 * at the step's agreement. */
static int asks_fetch(stepper *sp, int rc)
{
    gr_tier_chain *ch = sp->ch;
    gr_tier_lines *L = sp->L;
    int q = ch->gq;
    size_t w = L->words, nasked = 0, nwords = 0;
    if (rc) sp->nask = 0, memset(sp->counts, 0, (size_t)q * sizeof *sp->counts);
    int xrc = exchange(sp, sp->ids, sp->counts, &sp->in, &sp->cap_in);
    for (int h = 0; h < q; h++) nasked += sp->got[h];
    if (!rc && !xrc && !out_fit(sp, nasked * w)) rc = GR_ENOMEM;
    for (int h = 0; h < q; h++) sp->words[h] = rc || xrc ? 0 : sp->got[h] * w;
    for (size_t x = 0; !rc && !xrc && x < nasked; x++)
        for (size_t y = 0; y < w; y++) sp->out[x * w + y] = L->bits[sp->in[x] * w + y];
    if (!xrc) xrc = exchange(sp, sp->out, sp->words, &sp->in2, &sp->cap_in2);
    for (int h = 0; h < q; h++) nwords += sp->got[h];
    if (!rc && !xrc && nwords != sp->nask * w)
        rc = gr_fail(&ch->err, GR_EINTERNAL, "a rank of this chain's group did not answer");
    for (size_t x = 0; !rc && !xrc && x < sp->nask; x++)
        for (size_t y = 0; y < w; y++) L->bits[sp->ids[x] * w + y] = sp->in2[x * w + y];
    return rc ? rc : xrc;
}

/* After a step: each asked line's home adds the value its asker computed
 * (one value a line: no other block of the step has a point on it). */
static int asks_return(stepper *sp, int rc)
{
    gr_tier_chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    gr_tier_lines *L = sp->L;
    int q = ch->gq;
    if (!rc && !out_fit(sp, 2 * sp->nask)) rc = GR_ENOMEM;
    for (size_t x = 0; !rc && x < sp->nask; x++) {
        uint64_t i = sp->at[x] >> 40, r = sp->at[x] & ((1ULL << 40) - 1);
        sp->out[2 * x] = sp->ids[x];
        sp->out[2 * x + 1] = s->v[ch->r + i * (uint64_t)s->n][r];
    }
    for (int h = 0; h < q; h++) sp->words[h] = rc ? 0 : 2 * sp->counts[h];
    int xrc = exchange(sp, sp->out, sp->words, &sp->in, &sp->cap_in);
    size_t nin = 0;
    for (int h = 0; h < q; h++) nin += sp->got[h];
    for (size_t x = 0; !xrc && x + 1 < nin; x += 2)
        L->bits[sp->in[x] * L->words + (sp->in[x + 1] >> 6)] |= 1ULL << (sp->in[x + 1] & 63);
    return rc ? rc : xrc;
}

/* The group's widest need and worst status, the same on every rank. */
static int group_agree(stepper *sp, int rc)
{
    gr_tier_chain *ch = sp->ch;
    int q = ch->gq;
    if (!rc) rc = sp->late;
    sp->late = GR_OK;
    for (int h = 0; h < q; h++) {
        sp->words[h] = 3;
        sp->small[3 * h] = sp->need;
        sp->small[3 * h + 1] = (uint64_t)(rc > 0 ? rc : rc ? GR_EINTERNAL : 0);
        sp->small[3 * h + 2] = sp->most;
    }
    int xrc = exchange(sp, sp->small, sp->words, &sp->in2, &sp->cap_in2);
    if (xrc) return rc ? rc : xrc;
    uint64_t worst = 0, *all = sp->in2;
    for (int h = 0; h < q; h++) {
        if (all[3 * h] > sp->need) sp->need = (uint32_t)all[3 * h];
        if (all[3 * h + 1] > worst) worst = all[3 * h + 1];
        if (all[3 * h + 2] > sp->most) sp->most = all[3 * h + 2];
    }
    if (worst && !rc)
        rc = gr_fail(&ch->err, (int)worst, "stopped with another rank solving this chain (its status %d)", (int)worst);
    return rc;
}

static void steps_free(stepper *sp, uint64_t nt)
{
    for (uint64_t i = 0; sp->asks && i < nt; i++) free(sp->asks[i].v);
    free(sp->asks), free(sp->ids), free(sp->at), free(sp->counts), free(sp->got), free(sp->words), free(sp->small);
    free(sp->out), free(sp->in), free(sp->in2);
    free(sp->known), free(sp->handed), free(sp->from), free(sp->sum);
}

/* Reads this rank's stored tiers; the tiers from which on every one is
 * stored (the group's agreement) need no replay. */
static int steps_load(stepper *sp, uint64_t nt)
{
    gr_tier_chain *ch = sp->ch;
    int rc = GR_OK;
    uint64_t n = (uint64_t)ch->s->n;
    double c0 = gr_tier_cpu();
    for (uint64_t i = 0; i < nt && !rc; i++) {
        sp->from[i] = UINT64_MAX;
        if (sp->sum) sp->sum[SUM_AT * i] = 1469598103934665603ULL;   /* gr_tier_fnv of nothing */
        if (!owns(ch, i)) continue;
        uint64_t t = ch->r + i * n;
        if (!(rc = gr_tier_load(ch, t, &sp->known[i])) && !sp->known[i]) sp->replay_to = t + 1;
    }
    ch->alone += gr_tier_cpu() - c0;
    if (ch->gq > 1) {   /* the group's latest missing tier */
        sp->most = sp->replay_to;
        rc = group_agree(sp, rc);
        sp->replay_to = sp->most;
    }
    return rc;
}

/* One chain's steps from their start to their end: what they hold, and
 * their place in the pool (below). */
typedef struct flow_mark {
    _Atomic uint64_t at;
    char pad[128 - sizeof(uint64_t)];   /* one mark a cache line pair: no false sharing */
} flow_mark;

typedef struct chain_run {
    stepper sp;
    gr_tier_lines L;
    gr_tier_finisher fin;
    uint64_t nt;            /* the chain's tiers */
    uint64_t steps;         /* steps d = 0 .. steps - 1 (the stored tiers above are not replayed) */
    int rc;
    int rot, w;             /* in the pool: tier index i is thread (rot + i mod w) mod P's */
    flow_mark *mark;        /* one a pool thread */
    uint64_t *seen;         /* per pool thread (a row of SEEN_AT words): the marks it last read */
    _Atomic int dead;       /* failed: no thread takes its blocks any more */
    bool widen;             /* its bitsets being widened into `wider` */
    gr_tier_lines wider;
} chain_run;

#define SEEN_AT(p) ((size_t)(p) + 16)

/* The chain's steps set up: its stepper, its lines (empty), its stored
 * tiers read, those above the last missing one finished at once. */
static int steps_open(chain_run *cr, gr_tier_chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    bool group = ch->gq > 1;
    uint64_t nt = (ch->top - ch->r) / (uint64_t)n + 1;
    *cr = (chain_run){.nt = nt, .fin = {.pending = false}};
    atomic_init(&cr->dead, 0);
    stepper *sp = &cr->sp;
    /* o->step_barrier: a chain alone meets at every step's end too, its
     * checksums on the finisher (what was measured before, for benchmarks) */
    *sp = (stepper){.ch = ch, .L = &cr->L, .replay_to = 0, .fold = group || !ch->o->step_barrier};
    /* a rank of a group that stops here would leave the others waiting:
     * it is asked at every tier's end, where the group learns of it */
    if (!group && gr_tier_stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    sp->known = calloc(nt, sizeof *sp->known);
    sp->handed = calloc(nt, sizeof *sp->handed);
    sp->from = malloc(nt * sizeof *sp->from);
    sp->sum = malloc(nt * SUM_AT * sizeof *sp->sum);
    sp->asks = calloc(nt, sizeof *sp->asks);
    sp->counts = calloc((size_t)ch->gq, sizeof *sp->counts);
    sp->got = calloc((size_t)ch->gq, sizeof *sp->got);
    sp->words = calloc((size_t)ch->gq, sizeof *sp->words);
    sp->small = calloc(3 * (size_t)ch->gq, sizeof *sp->small);
    if (!sp->known || !sp->handed || !sp->from || !sp->sum || !sp->asks || !sp->counts || !sp->got || !sp->words ||
        !sp->small)
        rc = gr_fail_nomem(&ch->err);
    /* one word a bitset at first, as on one thread: starting at the width
     * the run reaches spared a group's ranks their widening (each widens the
     * whole array) but cost more, measured, in the early steps' cache
     * misses and answers (5 piles to 320, groups of 2: 0.75 s a rank
     * against 0.48) */
    if (!rc) rc = gr_tier_lines_init(ch, &cr->L, 1);
    /* every tier's values are held until it is whole: read the stored ones */
    /* a group's ranks agree on what they read, a failure here included
     * (without the agreement's own buffers a rank cannot take part) */
    if ((group && sp->counts && sp->got && sp->words && sp->small) || !rc) rc = steps_load(sp, nt);
    /* stored tiers above the last missing one: nothing computed reads them */
    for (uint64_t i = 0; i < nt && !rc; i++) {
        uint64_t t = ch->r + i * (uint64_t)n;
        if (t < sp->replay_to || !owns(ch, i)) continue;
        if (!(rc = gr_tier_finisher_join(&cr->fin))) gr_tier_finisher_start(&cr->fin, ch, t, false, false);
        sp->handed[i] = !rc;
    }
    cr->steps = sp->replay_to;
    return rc;
}

/* The chain's last tier's end joined, the tiers not finished (after a
 * failure: not the caller's) freed, the rest let go. */
static int steps_close(chain_run *cr, int rc)
{
    gr_tier_chain *ch = cr->sp.ch;
    gr_tiers *s = ch->s;
    int frc = gr_tier_finisher_join(&cr->fin);
    if (!rc) rc = frc;
    for (uint64_t i = 0; i < cr->nt && cr->sp.handed && !ch->o->keep; i++)
        if (!cr->sp.handed[i]) {
            free(s->v[ch->r + i * (uint64_t)s->n]);
            s->v[ch->r + i * (uint64_t)s->n] = NULL;
        }
    gr_tier_lines_free(&cr->L);
    steps_free(&cr->sp, cr->nt);
    free(cr->mark), free(cr->seen);
    return rc;
}

/* The steps without a barrier, every chain of this process on one pool of
 * threads (docs/tiers.md, "Steps without a barrier" and "One pool for
 * every chain"). Block (t, d) reads the lines of the blocks (t', d') with
 * t' < t, d' < d (its options in lower tiers, Claim 3) and writes lines
 * that only those and the later blocks of higher tiers read; with any
 * other block of another tier it shares no line, and chains share none.
 * So a block may start as soon as every lower tier of its chain is
 * through step d - 1: a thread goes on to its next step while others
 * finish the higher tiers of this one, and a late block holds back only
 * those above it, not every thread at a barrier.
 *
 * Each thread keeps, in every chain, the tiers of index i = me - rot mod P
 * (the lines its blocks wrote one step are in its cache the next), and
 * works them step after step, lower tiers first (GR_TIER_POOL_TEAMS: the
 * tiers of chain c go round a team of its own, w = P / chains threads from
 * rot on, the longest chains taking the threads left over); its mark in the chain
 * says how far: every one of its blocks of the steps before at / nt, and
 * of step at / nt below tier index at % nt, is done (released after the
 * block's lines are written). A thread whose next block in one chain must
 * wait takes its blocks of another chain meanwhile, and one through its
 * share of a chain (or of a chain that is over) works on the others: the
 * threads are not tied to chains, and every chain has all of them. With
 * one chain this is the chain alone on its threads. */
typedef struct pool {
    chain_run **c;
    int nc, p;
    _Atomic int halt;       /* a block stopped for wider bitsets: every thread out */
    int finished;           /* threads through every chain (under the team's barrier) */
} pool;

typedef struct cursor {
    uint64_t d, x;          /* this thread's next block of the chain: step d, tier index x */
    uint64_t told;          /* the mark last published */
    bool through;
} cursor;

/* Tier index i with work in step d? */
static bool flow_has(const stepper *sp, uint64_t i, uint64_t d)
{
    const gr_tier_chain *ch = sp->ch;
    const gr_tiers *s = ch->s;
    int k = s->n - 1;
    uint64_t t = ch->r + i * (uint64_t)s->n;
    if (t < d || t >= sp->replay_to || k == 0) return false;
    return gr_tier_cum(s->tab, k - 1, t, d) < gr_tier_cum(s->tab, k - 1, t, d + 1) || sp->from[i] != UINT64_MAX;
}

/* The thread's first tier index in the chain (none: nt, at once through). */
static uint64_t pool_first(const pool *pl, const chain_run *cr, int me)
{
    int j = (me + pl->p - cr->rot % pl->p) % pl->p;
    return j < cr->w ? (uint64_t)j : cr->nt;
}

static void pool_tell(chain_run *cr, cursor *cu, int me, uint64_t at)
{
    if (at == cu->told) return;
    cu->told = at;
    atomic_store_explicit(&cr->mark[me].at, at, memory_order_release);
}

/* Has every other thread done its blocks of the chain's step d - 1 below
 * tier index i? (Not waiting: the caller has other chains.) */
static bool pool_ready(const pool *pl, chain_run *cr, int me, uint64_t i, uint64_t d)
{
    if (d == 0) return true;
    uint64_t want = (d - 1) * cr->nt + i, *seen = cr->seen + SEEN_AT(pl->p) * (size_t)me;
    for (int b = 0; b < pl->p; b++) {
        if (b == me || seen[b] >= want) continue;   /* marks only grow: a value seen stays true */
        if ((seen[b] = atomic_load_explicit(&cr->mark[b].at, memory_order_acquire)) < want) return false;
    }
    return true;
}

/* The chain failed: the first error is its, no block of it runs again. */
static void pool_fail(chain_run *cr, int rc)
{
#pragma omp critical(gr_tier_err)
    if (!cr->rc) cr->rc = rc;
    atomic_store_explicit(&cr->dead, 1, memory_order_relaxed);
}

/* Tier index i is whole (step t done): its end handed to the finisher,
 * after the previous tier's. One thread at a time: the tier below's last
 * block (which handed it) came before this tier's last block began. */
static void pool_hand(chain_run *cr, uint64_t i)
{
    stepper *sp = &cr->sp;
    gr_tier_chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    uint64_t t = ch->r + i * (uint64_t)s->n;
    double a0 = gr_tier_cpu();
    int lrc = gr_tier_finisher_join(&cr->fin);
    if (!lrc) {
        s->sum[t] = sp->sum[SUM_AT * i];
        gr_tier_finisher_start(&cr->fin, ch, t, !sp->known[i], s->n > 1);
    }
    sp->handed[i] = !lrc;
    ch->alone += gr_tier_cpu() - a0;
    if (lrc) pool_fail(cr, lrc);
}

/* This thread's blocks of one chain from its cursor on, in order, until
 * one must wait, or this thread's part of a step is done and another chain
 * has its turn; the blocks run. */
static int pool_turn(pool *pl, chain_run *cr, int me, cursor *cu)
{
    stepper *sp = &cr->sp;
    uint64_t n = (uint64_t)sp->ch->s->n, r = sp->ch->r, P = (uint64_t)cr->w;
    int ran = 0;
    while (cu->d < cr->steps) {
        if (cu->x >= cr->nt) {   /* its blocks of step d done */
            pool_tell(cr, cu, me, (cu->d + 1) * cr->nt);
            cu->d++, cu->x = pool_first(pl, cr, me);
            if (ran) return ran;
            continue;
        }
        uint64_t i = cu->x, d = cu->d;
        if (!flow_has(sp, i, d)) {
            cu->x += P;
            continue;
        }
        if (atomic_load_explicit(&pl->halt, memory_order_relaxed) ||
            atomic_load_explicit(&cr->dead, memory_order_relaxed))
            return ran;
        /* its blocks below this one are done (those skipped included):
         * told before waiting, so that no one waits on it for them */
        pool_tell(cr, cu, me, d * cr->nt + i);
        if (!pool_ready(pl, cr, me, i, d)) return ran;
        int brc = step_block(sp, i, d);
        if (brc) {
            pool_fail(cr, brc);
            return ran;
        }
        if (sp->from[i] != UINT64_MAX) {   /* stopped for wider bitsets: every thread out */
            atomic_store_explicit(&pl->halt, 1, memory_order_relaxed);
            return ran;
        }
        if (r + i * n == d) pool_hand(cr, i);
        pool_tell(cr, cu, me, d * cr->nt + i + 1);
        cu->x += P;
        ran++;
    }
    cu->through = true;
    return ran;
}

/* The thread's blocks of every chain, a turn each, until it is through
 * them all (*through) or told to halt. */
static void pool_work(pool *pl, int me, cursor *cu, double *idle, bool *through)
{
    int at = me % pl->nc;
    unsigned spins = 0;
    double w0 = 0;
    while (!atomic_load_explicit(&pl->halt, memory_order_relaxed)) {
        int ran = 0, open = 0;
        for (int k = 0; k < pl->nc; k++) {
            int c = (at + k) % pl->nc;
            if (cu[c].through || atomic_load_explicit(&pl->c[c]->dead, memory_order_relaxed)) continue;
            open++;
            ran += pool_turn(pl, pl->c[c], me, &cu[c]);
        }
        at = (at + 1) % pl->nc;
        if (!open) {
            *through = true;
            break;
        }
        if (ran) {
            if (w0 != 0) *idle += gr_tier_now() - w0;
            w0 = 0, spins = 0;
            continue;
        }
        /* nothing ready in any chain: a block is tens of microseconds, so
         * spin a little, then give the core away (oversubscribed, the
         * thread waited for may need it) */
        if (w0 == 0) w0 = gr_tier_now();
        if (++spins > 64) sched_yield();
#if defined(__x86_64__) || defined(__i386__)
        else __builtin_ia32_pause();
#endif
    }
    if (w0 != 0) *idle += gr_tier_now() - w0;
}

/* Each chain's threads: all of them, or a team of its own. */
static void pool_layout(pool *pl, int layout)
{
    int P = pl->p, nc = pl->nc, at = 0;
#ifdef _OPENMP
    if (layout == GR_TIER_POOL_AUTO) layout = P > omp_get_num_procs() ? GR_TIER_POOL_TEAMS : GR_TIER_POOL_SHARED;
#endif
    for (int c = 0; c < nc; c++) {
        chain_run *cr = pl->c[c];
        if (layout == GR_TIER_POOL_TEAMS && P >= nc) {
            cr->w = P / nc + (c < P % nc);   /* the longest chains first */
            cr->rot = at;
            at += cr->w;
        } else {
            cr->w = P;
            cr->rot = (int)((long)c * P / nc);
        }
    }
}

static void pool_run(pool *pl, int threads, int layout, double *idle_out)
{
    double idle = 0;
    bool over = false;
#pragma omp parallel num_threads(threads) reduction(+ : idle)
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
#pragma omp single
        {
#ifdef _OPENMP
            pl->p = omp_get_num_threads();   /* maybe fewer than asked */
#endif
            pool_layout(pl, layout);
        }
        cursor cu[GR_MAX_PILES];
        for (int c = 0; c < pl->nc; c++)
            cu[c] = (cursor){.d = 0, .x = pool_first(pl, pl->c[c], me), .told = 0, .through = pl->c[c]->rc != 0};
        bool through = false;
        for (;;) {
            if (!through) {
                pool_work(pl, me, cu, &idle, &through);
                if (through) {
#pragma omp atomic
                    pl->finished++;
                }
            }
            double w0 = gr_tier_now();
#pragma omp barrier
            idle += gr_tier_now() - w0;
#pragma omp single
            {   /* every thread out: widen, then go on where each stopped */
                for (int c = 0; c < pl->nc; c++) {
                    chain_run *cr = pl->c[c];
                    double a0 = gr_tier_cpu();
                    if (!cr->rc && cr->sp.need) {
                        int wrc = gr_tier_lines_widen_begin(&cr->L, cr->sp.need, &cr->wider, &cr->sp.ch->err);
                        if (wrc) pool_fail(cr, wrc);
                        cr->widen = !wrc;
                    }
                    cr->sp.need = 0;
                    cr->sp.ch->alone += gr_tier_cpu() - a0;
                }
                over = pl->finished == pl->p;
                atomic_store_explicit(&pl->halt, 0, memory_order_relaxed);
            }
            if (over) break;   /* read between two barriers: the same on every thread */
            for (int c = 0; c < pl->nc; c++) {
                chain_run *cr = pl->c[c];
                if (!cr->widen) continue;   /* set in the single above: the same on every thread */
#pragma omp for schedule(static)
                for (uint64_t x = 0; x < cr->L.count; x += 4096)
                    gr_tier_lines_widen_copy(&cr->L, &cr->wider, x, x + 4096 < cr->L.count ? x + 4096 : cr->L.count);
            }
#pragma omp single
            for (int c = 0; c < pl->nc; c++)
                if (pl->c[c]->widen) {
                    gr_tier_lines_widen_end(&pl->c[c]->L, &pl->c[c]->wider);
                    pl->c[c]->widen = false;
                }
        }
    }
    *idle_out += idle;
}

int gr_tier_run_pool(gr_tier_chain *const *chs, int count, int threads, int layout, int *rcs, double *idle,
                     int *team)
{
    int P = threads > 0 ? threads : 1;
    chain_run *cr = calloc((size_t)count, sizeof *cr);
    chain_run **list = calloc((size_t)count, sizeof *list);
    *team = 1;
    if (!cr || !list) {
        free(cr), free(list);
        for (int c = 0; c < count; c++) rcs[c] = gr_fail_nomem(&chs[c]->err);
        return GR_ENOMEM;
    }
    /* the chains' lines set up and their stored tiers read side by side */
#pragma omp parallel for schedule(dynamic, 1) num_threads(count < P ? count : P) if (count > 1)
    for (int c = 0; c < count; c++) {
        gr_tier_chain *ch = chs[c];
        cr[c].rc = steps_open(&cr[c], ch);
        if (!cr[c].rc) {
            cr[c].mark = aligned_alloc(128, (size_t)P * sizeof *cr[c].mark);
            cr[c].seen = calloc(SEEN_AT(P) * (size_t)P, sizeof *cr[c].seen);
            if (!cr[c].mark || !cr[c].seen) cr[c].rc = gr_fail_nomem(&ch->err);
            else
                for (int b = 0; b < P; b++) atomic_init(&cr[c].mark[b].at, 0);
        }
        list[c] = &cr[c];
    }
    pool pl = {.c = list, .nc = count, .p = 1};
    atomic_init(&pl.halt, 0);
    double t0 = gr_tier_now();
    pool_run(&pl, P, layout, idle);
    double wall = gr_tier_now() - t0;
    *team = pl.p;
    int rc = GR_OK;
    for (int c = 0; c < count; c++) {
        chs[c]->seconds = wall;
        rcs[c] = steps_close(&cr[c], cr[c].rc);
        if (!rc) rc = rcs[c];
    }
    free(cr), free(list);
    return rc;
}

/* A chain by steps with a barrier after each: a group's ranks meet there
 * to exchange lines, and o->step_barrier asks it of a chain alone (as the
 * steps ran before they flowed, for benchmarks). Without either, the
 * chain flows on a pool of its own. */
int gr_tier_run_steps(gr_tier_chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    bool group = ch->gq > 1;
    if (!group && !ch->o->step_barrier) {
        int prc = GR_OK, team;
        double idle = 0;
        gr_tier_run_pool(&ch, 1, ch->inner, GR_TIER_POOL_SHARED, &prc, &idle, &team);
        ch->waited += idle;
        return prc;
    }
    chain_run cr;
    rc = steps_open(&cr, ch);
    stepper *sp = &cr.sp;
    gr_tier_lines *L = &cr.L;
    gr_tier_finisher *fin = &cr.fin;
    uint64_t nt = cr.nt, d = 0;
    double idle = 0;
    gr_tier_lines wider;   /* the bitsets being widened */
    bool widen = false;
#pragma omp parallel num_threads(ch->inner) if (!rc) reduction(+ : idle)
    for (;;) {
        if (rc || d >= sp->replay_to) break;   /* the same for every thread: set only between barriers */
        uint64_t step = d;
        if (group && !sp->again) {
#pragma omp for schedule(static, 1)
            for (uint64_t j = 0; j < nt; j++)
                if (block_asks(sp, nt - 1 - j, step)) {
#pragma omp critical(gr_tier_err)
                    rc = gr_fail_nomem(&ch->err);
                }
#pragma omp single
            {
                double w0 = gr_tier_now();
                if (!rc && asks_gather(sp, nt)) rc = gr_fail_nomem(&ch->err);
                rc = asks_fetch(sp, rc);
                idle += gr_tier_now() - w0;
            }
        }
        /* cyclic: a thread takes the same tiers every step, so the lines
         * its blocks wrote one step are in its cache the next */
#pragma omp for schedule(static, 1) nowait
        for (uint64_t j = 0; j < nt; j++) {
            int brc = rc ? GR_OK : step_block(sp, nt - 1 - j, step);
            if (brc) {
#pragma omp critical(gr_tier_err)
                rc = brc;
            }
        }
        double w0 = gr_tier_now();
#pragma omp barrier
        idle += gr_tier_now() - w0;
#pragma omp single
        {
            double a0 = gr_tier_cpu();
            if (group) rc = group_agree(sp, rc);   /* every rank widens, or stops, with the others */
            if (sp->need) {   /* widen (below), then go on with the stopped blocks: the same step again */
                int wrc = rc ? GR_OK : gr_tier_lines_widen_begin(L, sp->need, &wider, &ch->err);
                if (group) sp->late = wrc;   /* still stopped: the next agreement stops every rank */
                else rc = wrc;
                widen = !rc && !wrc;
                sp->need = 0;
                sp->again = true;
            } else {
                sp->again = false;
                int lrc = group && !rc ? asks_return(sp, rc) : GR_OK;
                /* tier d is whole: finished beside the next steps, which never read it */
                if (!rc && !lrc && d >= ch->r && (d - ch->r) % (uint64_t)n == 0 &&
                    owns(ch, (d - ch->r) / (uint64_t)n)) {
                    uint64_t i = (d - ch->r) / (uint64_t)n;
                    if (!(lrc = gr_tier_finisher_join(fin))) {
                        s->sum[d] = sp->sum[SUM_AT * i];
                        gr_tier_finisher_start(fin, ch, d, !sp->known[i], sp->fold && n > 1);
                    }
                    sp->handed[i] = !lrc;
                }
                /* in a group a failure of this rank alone waits for the next
                 * agreement, so that the others stop at the same step */
                if (group && lrc && d + 1 < sp->replay_to) sp->late = lrc;
                else if (!rc) rc = lrc;
                d++;
            }
            ch->alone += gr_tier_cpu() - a0;
        }
        if (widen) {   /* the copy into the wider bitsets, on every thread */
#pragma omp for schedule(static)
            for (uint64_t c = 0; c < L->count; c += 4096)
                gr_tier_lines_widen_copy(L, &wider, c, c + 4096 < L->count ? c + 4096 : L->count);
#pragma omp single
            {
                gr_tier_lines_widen_end(L, &wider);
                widen = false;
            }
        }
    }
    ch->waited += idle;
    if (!rc) rc = sp->late;
    return steps_close(&cr, rc);
}
