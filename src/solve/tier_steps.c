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

/* One chain alone on its threads (no group): the steps without a barrier.
 * Block (t, d) reads the lines of the blocks (t', d') with t' < t, d' < d
 * (its options in lower tiers, Claim 3) and writes lines that only those
 * and the later blocks of higher tiers read; with any other block of
 * another tier it shares no line (docs/tiers.md, "Steps without a
 * barrier"). So a block may start as soon as every lower tier is through
 * step d - 1: a thread goes on to its next step while others finish the
 * higher tiers of this one, and a late block holds back only those above
 * it, not every thread at a barrier.
 *
 * Each thread keeps the tiers of index i = me mod P (the lines its blocks
 * wrote one step are in its cache the next) and works them step after
 * step, lower tiers first; its mark says how far: every one of its blocks
 * of the steps before at / nt, and of step at / nt below tier index
 * at % nt, is done (released after the block's lines are written). */
typedef struct flow_mark {
    _Atomic uint64_t at;
    char pad[128 - sizeof(uint64_t)];   /* one mark a cache line pair: no false sharing */
} flow_mark;

typedef struct flow {
    stepper *sp;
    gr_tier_finisher *fin;
    uint64_t nt, steps;
    int p;                  /* the team's threads */
    flow_mark *mark;
    uint64_t *seen;         /* per thread (a row of SEEN_AT words): the marks it last read */
    _Atomic int halt;       /* an error, or a block stopped for wider bitsets: every thread out */
    int finished;           /* threads through every step (under the team's barrier) */
    int rc;
} flow;

#define SEEN_AT(p) ((size_t)(p) + 16)

static void flow_stop(flow *f, int rc)
{
    if (rc) {
#pragma omp critical(gr_tier_err)
        if (!f->rc) f->rc = rc;
    }
    atomic_store_explicit(&f->halt, 1, memory_order_relaxed);
}

/* Waits until every other thread has done its blocks of step d - 1 below
 * tier index i; false when told to halt meanwhile. */
static bool flow_wait(flow *f, int me, uint64_t i, uint64_t d, double *idle)
{
    if (d == 0) return true;
    uint64_t want = (d - 1) * f->nt + i, *seen = f->seen + SEEN_AT(f->p) * (size_t)me;
    double w0 = 0;
    for (int b = 0; b < f->p; b++) {
        if (b == me || seen[b] >= want) continue;   /* marks only grow: a value seen stays true */
        unsigned spins = 0;
        while ((seen[b] = atomic_load_explicit(&f->mark[b].at, memory_order_acquire)) < want) {
            if (w0 == 0) w0 = gr_tier_now();
            if (atomic_load_explicit(&f->halt, memory_order_relaxed)) {
                *idle += gr_tier_now() - w0;
                return false;
            }
            /* a block is tens of microseconds: spin a little, then give the
             * core away (oversubscribed, the thread waited for may need it) */
            if (++spins > 64) sched_yield();
#if defined(__x86_64__) || defined(__i386__)
            else __builtin_ia32_pause();
#endif
        }
    }
    if (w0 != 0) *idle += gr_tier_now() - w0;
    return true;
}

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

/* Tier index i is whole (step t done): its end handed to the finisher,
 * after the previous tier's (which a lower tier's mark guarantees done
 * first: its last block precedes this one's). */
static void flow_hand(flow *f, uint64_t i)
{
    stepper *sp = f->sp;
    gr_tier_chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    uint64_t t = ch->r + i * (uint64_t)s->n;
    int lrc = GR_OK;
#pragma omp critical(gr_tier_err)
    {
        double a0 = gr_tier_cpu();
        if (!f->rc) {
            if (!(lrc = gr_tier_finisher_join(f->fin))) {
                s->sum[t] = sp->sum[SUM_AT * i];
                gr_tier_finisher_start(f->fin, ch, t, !sp->known[i], s->n > 1);
            }
            sp->handed[i] = !lrc;
            if (lrc) f->rc = lrc;
        }
        ch->alone += gr_tier_cpu() - a0;
    }
    if (lrc) flow_stop(f, lrc);
}

/* This thread's blocks from step *d, tier index *x on: true when through
 * every step, false when halted (where it stopped kept in *d, *x). */
static bool flow_run(flow *f, int me, uint64_t *d, uint64_t *x, double *idle)
{
    stepper *sp = f->sp;
    uint64_t n = (uint64_t)sp->ch->s->n, r = sp->ch->r;
    for (; *d < f->steps; ++*d, *x = (uint64_t)me) {
        for (; *x < f->nt; *x += (uint64_t)f->p) {
            uint64_t i = *x;
            if (atomic_load_explicit(&f->halt, memory_order_relaxed)) return false;
            if (!flow_has(sp, i, *d)) continue;
            /* its blocks below this one are done (those skipped included):
             * said before waiting, so that no one waits on it for them */
            atomic_store_explicit(&f->mark[me].at, *d * f->nt + i, memory_order_release);
            if (!flow_wait(f, me, i, *d, idle)) return false;
            int brc = step_block(sp, i, *d);
            if (brc || sp->from[i] != UINT64_MAX) {   /* failed, or stopped for wider bitsets */
                flow_stop(f, brc);
                return false;
            }
            if (r + i * n == *d) flow_hand(f, i);
            atomic_store_explicit(&f->mark[me].at, *d * f->nt + i + 1, memory_order_release);
        }
        atomic_store_explicit(&f->mark[me].at, (*d + 1) * f->nt, memory_order_release);
    }
    return true;
}

static int steps_flow(stepper *sp, gr_tier_finisher *fin, uint64_t nt, double *idle_out)
{
    gr_tier_chain *ch = sp->ch;
    int P = ch->inner > 0 ? ch->inner : 1;
    flow f = {.sp = sp, .fin = fin, .nt = nt, .steps = sp->replay_to, .p = 1};
    f.mark = aligned_alloc(128, (size_t)P * sizeof *f.mark);
    f.seen = calloc(SEEN_AT(P) * (size_t)P, sizeof *f.seen);
    if (!f.mark || !f.seen) {
        free(f.mark), free(f.seen);
        return gr_fail_nomem(&ch->err);
    }
    for (int b = 0; b < P; b++) atomic_init(&f.mark[b].at, 0);
    atomic_init(&f.halt, 0);
    gr_tier_lines wider;
    bool widen = false, over = false;
    double idle = 0;
#pragma omp parallel num_threads(P) reduction(+ : idle)
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#pragma omp single
        f.p = omp_get_num_threads();   /* maybe fewer than asked */
#endif
        uint64_t d = 0, x = (uint64_t)me;
        bool through = false;
        for (;;) {
            if (!through && (through = flow_run(&f, me, &d, &x, &idle))) {
#pragma omp atomic
                f.finished++;
            }
            double w0 = gr_tier_now();
#pragma omp barrier
            idle += gr_tier_now() - w0;
#pragma omp single
            {   /* every thread out: widen, then go on where each stopped */
                double a0 = gr_tier_cpu();
                if (!f.rc && sp->need) {
                    f.rc = gr_tier_lines_widen_begin(sp->L, sp->need, &wider, &ch->err);
                    widen = !f.rc;
                }
                sp->need = 0;
                over = f.rc || f.finished == f.p;
                atomic_store_explicit(&f.halt, 0, memory_order_relaxed);
                ch->alone += gr_tier_cpu() - a0;
            }
            if (over) break;   /* read between two barriers: the same on every thread */
            if (widen) {
#pragma omp for schedule(static)
                for (uint64_t c = 0; c < sp->L->count; c += 4096)
                    gr_tier_lines_widen_copy(sp->L, &wider, c, c + 4096 < sp->L->count ? c + 4096 : sp->L->count);
#pragma omp single
                {
                    gr_tier_lines_widen_end(sp->L, &wider);
                    widen = false;
                }
            }
        }
    }
    *idle_out += idle;
    free(f.mark), free(f.seen);
    return f.rc;
}

int gr_tier_run_steps(gr_tier_chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    bool group = ch->gq > 1;
    uint64_t nt = (ch->top - ch->r) / (uint64_t)n + 1;
    gr_tier_lines L = {.bits = NULL};
    /* o->step_barrier: a chain alone meets at every step's end too, its
     * checksums on the finisher (what was measured before, for benchmarks) */
    bool barrier = group || ch->o->step_barrier;
    stepper sp = {.ch = ch, .L = &L, .replay_to = 0, .fold = group || !ch->o->step_barrier};
    gr_tier_finisher fin = {.pending = false};
    /* a rank of a group that stops here would leave the others waiting:
     * it is asked at every tier's end, where the group learns of it */
    if (!group && gr_tier_stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    sp.known = calloc(nt, sizeof *sp.known);
    sp.handed = calloc(nt, sizeof *sp.handed);
    sp.from = malloc(nt * sizeof *sp.from);
    sp.sum = malloc(nt * SUM_AT * sizeof *sp.sum);
    sp.asks = calloc(nt, sizeof *sp.asks);
    sp.counts = calloc((size_t)ch->gq, sizeof *sp.counts);
    sp.got = calloc((size_t)ch->gq, sizeof *sp.got);
    sp.words = calloc((size_t)ch->gq, sizeof *sp.words);
    sp.small = calloc(3 * (size_t)ch->gq, sizeof *sp.small);
    if (!sp.known || !sp.handed || !sp.from || !sp.sum || !sp.asks || !sp.counts || !sp.got || !sp.words || !sp.small)
        rc = gr_fail_nomem(&ch->err);
    /* one word a bitset at first, as on one thread: starting at the width
     * the run reaches spared a group's ranks their widening (each widens the
     * whole array) but cost more, measured, in the early steps' cache
     * misses and answers (5 piles to 320, groups of 2: 0.75 s a rank
     * against 0.48) */
    if (!rc) rc = gr_tier_lines_init(ch, &L, 1);
    /* every tier's values are held until it is whole: read the stored ones */
    /* a group's ranks agree on what they read, a failure here included
     * (without the agreement's own buffers a rank cannot take part) */
    if ((group && sp.counts && sp.got && sp.words && sp.small) || !rc) rc = steps_load(&sp, nt);
    /* stored tiers above the last missing one: nothing computed reads them */
    for (uint64_t i = 0; i < nt && !rc; i++) {
        uint64_t t = ch->r + i * (uint64_t)n;
        if (t < sp.replay_to || !owns(ch, i)) continue;
        if (!(rc = gr_tier_finisher_join(&fin))) gr_tier_finisher_start(&fin, ch, t, false, false);
        sp.handed[i] = !rc;
    }
    double idle = 0;
    /* one chain alone flows from step to step; a group's ranks meet at
     * every step's end to exchange lines (below) */
    if (!barrier && !rc) rc = steps_flow(&sp, &fin, nt, &idle);
    uint64_t d = barrier ? 0 : sp.replay_to;
    gr_tier_lines wider;   /* the bitsets being widened */
    bool widen = false;
#pragma omp parallel num_threads(ch->inner) if (!rc && barrier) reduction(+ : idle)
    for (;;) {
        if (rc || d >= sp.replay_to) break;   /* the same for every thread: set only between barriers */
        uint64_t step = d;
        if (group && !sp.again) {
#pragma omp for schedule(static, 1)
            for (uint64_t j = 0; j < nt; j++)
                if (block_asks(&sp, nt - 1 - j, step)) {
#pragma omp critical(gr_tier_err)
                    rc = gr_fail_nomem(&ch->err);
                }
#pragma omp single
            {
                double w0 = gr_tier_now();
                if (!rc && asks_gather(&sp, nt)) rc = gr_fail_nomem(&ch->err);
                rc = asks_fetch(&sp, rc);
                idle += gr_tier_now() - w0;
            }
        }
        /* cyclic: a thread takes the same tiers every step, so the lines
         * its blocks wrote one step are in its cache the next */
#pragma omp for schedule(static, 1) nowait
        for (uint64_t j = 0; j < nt; j++) {
            int brc = rc ? GR_OK : step_block(&sp, nt - 1 - j, step);
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
            if (group) rc = group_agree(&sp, rc);   /* every rank widens, or stops, with the others */
            if (sp.need) {   /* widen (below), then go on with the stopped blocks: the same step again */
                int wrc = rc ? GR_OK : gr_tier_lines_widen_begin(&L, sp.need, &wider, &ch->err);
                if (group) sp.late = wrc;   /* still stopped: the next agreement stops every rank */
                else rc = wrc;
                widen = !rc && !wrc;
                sp.need = 0;
                sp.again = true;
            } else {
                sp.again = false;
                int lrc = group && !rc ? asks_return(&sp, rc) : GR_OK;
                /* tier d is whole: finished beside the next steps, which never read it */
                if (!rc && !lrc && d >= ch->r && (d - ch->r) % (uint64_t)n == 0 &&
                    owns(ch, (d - ch->r) / (uint64_t)n)) {
                    uint64_t i = (d - ch->r) / (uint64_t)n;
                    if (!(lrc = gr_tier_finisher_join(&fin))) {
                        s->sum[d] = sp.sum[SUM_AT * i];
                        gr_tier_finisher_start(&fin, ch, d, !sp.known[i], sp.fold && n > 1);
                    }
                    sp.handed[i] = !lrc;
                }
                /* in a group a failure of this rank alone waits for the next
                 * agreement, so that the others stop at the same step */
                if (group && lrc && d + 1 < sp.replay_to) sp.late = lrc;
                else if (!rc) rc = lrc;
                d++;
            }
            ch->alone += gr_tier_cpu() - a0;
        }
        if (widen) {   /* the copy into the wider bitsets, on every thread */
#pragma omp for schedule(static)
            for (uint64_t c = 0; c < L.count; c += 4096)
                gr_tier_lines_widen_copy(&L, &wider, c, c + 4096 < L.count ? c + 4096 : L.count);
#pragma omp single
            {
                gr_tier_lines_widen_end(&L, &wider);
                widen = false;
            }
        }
    }
    ch->waited += idle;
    if (!rc) rc = sp.late;
    int frc = gr_tier_finisher_join(&fin);
    if (!rc) rc = frc;
    /* tiers not finished (after a failure) are not the caller's */
    for (uint64_t i = 0; i < nt && sp.handed && !ch->o->keep; i++)
        if (!sp.handed[i]) {
            free(s->v[ch->r + i * (uint64_t)n]);
            s->v[ch->r + i * (uint64_t)n] = NULL;
        }
    gr_tier_lines_free(&L);
    steps_free(&sp, nt);
    return rc;
}
