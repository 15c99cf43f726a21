/* The tier solver for Sharing Nim with any number of piles and on graphs:
 * the values, by chains of tiers (positions and ranks: tier_index.c), the
 * chains spread over threads and ranks, the per-option method, a tier's
 * end on a thread of its own, and the memory and time estimates. The fast
 * mex is tier_lines.c, threads and ranks inside a chain tier_steps.c.
 * docs/tiers.md has the proofs this code relies on:
 *  - options of canonical total t lie in t, t-n, t-2n, ... (chains by t mod n);
 *  - inside a tier every move lowers the rank of the sorted-descending piles
 *    in lexicographic order (the partition rank used here), and on a graph
 *    every move lowers the sum of squares;
 *  - on the complete graph, the options along one pair of piles are the
 *    points of one line, so one running bitset per line gives the mex. */
#include "grundy/tier.h"
#include "grundy/grow.h"
#include "tier_chain.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static uint32_t mex_small(const uint32_t *vals, size_t n, uint64_t *bits, size_t words)
{
    memset(bits, 0, words * sizeof *bits);
    for (size_t i = 0; i < n; i++)
        if (vals[i] < words * 64) bits[vals[i] >> 6] |= 1ULL << (vals[i] & 63);
    for (size_t w = 0; w < words; w++)
        if (~bits[w]) return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~bits[w]));
    return (uint32_t)(words * 64);
}

/* Growable list of option values plus scratch for mex. */
typedef struct optbuf {
    uint32_t *v;
    size_t n, cap;
    uint64_t *bits;
    size_t words;
} optbuf;

static int optbuf_push(optbuf *b, uint32_t x)
{
    if (!GR_GROW(b->v, b->cap, b->n + 1, 256)) return -1;
    b->v[b->n++] = x;
    return 0;
}

static uint32_t optbuf_mex(optbuf *b)
{
    size_t words = b->n / 64 + 1;
    if (words > b->words) {
        uint64_t *bits = realloc(b->bits, words * sizeof *bits);
        if (!bits) return UINT32_MAX;
        b->bits = bits, b->words = words;
    }
    return mex_small(b->v, b->n, b->bits, words);
}

static int tier_alloc(gr_tiers *s, uint64_t t, gr_error *err)
{
    s->v[t] = malloc((s->size[t] ? s->size[t] : 1) * sizeof *s->v[t]);
    if (!s->v[t])
        return gr_fail_nomem(err);
    return GR_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The per-option method: every move's result canonicalised, ranked and
 * looked up. Works on the complete graph and on any graph. */
static int solve_tier_options(gr_tiers *s, uint64_t t, optbuf *ob, gr_error *err)
{
    int n = s->n;
    uint64_t size = s->size[t];
    uint64_t *order = NULL;
    uint32_t *comp = NULL;    /* graphs: the tier's positions by rank */
    if (s->graph) {
        /* Process in increasing sum of squares (every move lowers it). */
        order = malloc(size * 2 * sizeof *order);
        comp = malloc(size * (uint64_t)n * sizeof *comp);
        if (!order || !comp) {
            free(order), free(comp);
            return gr_fail_nomem(err);
        }
        uint64_t c[GR_MAX_PILES] = {0}, r = 0;
        c[n - 1] = t;
        do {
            uint64_t mn = UINT64_MAX, sq = 0;
            for (int i = 0; i < n; i++) {
                if (c[i] < mn) mn = c[i];
                sq += c[i] * c[i];
            }
            if (mn) continue;
            order[2 * r] = sq;
            order[2 * r + 1] = r;
            for (int i = 0; i < n; i++) comp[r * (uint64_t)n + (uint64_t)i] = (uint32_t)c[i];
            r++;
        } while (gr_tier_comp_next(c, n));
        qsort(order, size, 2 * sizeof *order, cmp_u64);
    }
    for (uint64_t i = 0; i < size; i++) {
        uint64_t rank = s->graph ? order[2 * i + 1] : i;
        gr_pos p;
        if (s->graph) {
            p.n = n;
            for (int a = 0; a < n; a++) p.p[a] = comp[rank * (uint64_t)n + (uint64_t)a];
        } else {
            gr_tiers_unrank(s, t, rank, &p);
        }
        ob->n = 0;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                if (a == b || !s->edge[a][b] || p.p[a] < p.p[b] + 2) continue;
                /* equal piles give the same results on the complete graph */
                if (!s->graph && ((a > 0 && p.p[a - 1] == p.p[a]) || (b > 0 && p.p[b - 1] == p.p[b]))) continue;
                uint64_t kmax = (p.p[a] - p.p[b]) / 2;
                for (uint64_t k = 1; k <= kmax; k++) {
                    gr_pos q = p;
                    q.p[a] -= k;
                    q.p[b] += k;
                    uint64_t t2 = gr_tiers_canonical(s, &q);
                    if (optbuf_push(ob, s->v[t2][gr_tiers_rank(s, &q)])) {
                        free(order), free(comp);
                        return gr_fail_nomem(err);
                    }
                }
            }
        uint32_t x = optbuf_mex(ob);
        if (x == UINT32_MAX) {
            free(order), free(comp);
            return gr_fail_nomem(err);
        }
        s->v[t][rank] = x;
    }
    free(order), free(comp);
    return GR_OK;
}

/* The stop hook, asked at the start of a chain and once a tier. */
int gr_tier_stop_asked(const gr_tier_chain *ch, uint64_t t, gr_error *err)
{
    if (!ch->o->stop || !ch->o->stop(ch->o->stop_ctx)) return GR_OK;
    return gr_fail(err, GR_EINTR, "the tier solver stopped on request at tier %llu", (unsigned long long)t);
}

/* Tier t's checksum, and done() for a tier computed here; in a group the
 * rank that owns the tier reports it (the others leave sum[t] at 0). */
static int finish_tier(const gr_tier_chain *ch, uint64_t t, bool computed, bool summed, gr_error *err)
{
    gr_tiers *s = ch->s;
    if (gr_tier_stop_asked(ch, t, err)) return GR_EINPUT;
    if (!summed) s->sum[t] = gr_tier_fnv(s->v[t], s->size[t]);
    if (computed && ch->o->done) return ch->o->done(ch->o->ctx, s, t, err);
    return GR_OK;
}

static void *finisher_main(void *arg)
{
    gr_tier_finisher *f = arg;
    gr_tiers *s = f->ch->s;
    double c0 = gr_tier_cpu();
    f->rc = finish_tier(f->ch, f->t, f->computed, f->summed, &f->err);
    if (!f->ch->o->keep) {
        free(s->v[f->t]);
        s->v[f->t] = NULL;
    }
    f->cpu = gr_tier_cpu() - c0;
    return NULL;
}

void gr_tier_finisher_start(gr_tier_finisher *f, gr_tier_chain *ch, uint64_t t, bool computed, bool summed)
{
    *f = (gr_tier_finisher){.ch = ch, .t = t, .computed = computed, .summed = summed, .pending = true};
    gr_error_clear(&f->err);
    f->running = pthread_create(&f->th, NULL, finisher_main, f) == 0;
    if (!f->running) finisher_main(f);   /* no thread to be had: here, now */
}

int gr_tier_finisher_join(gr_tier_finisher *f)
{
    if (!f->pending) return GR_OK;
    if (f->running) pthread_join(f->th, NULL);
    f->pending = f->running = false;
    f->ch->behind += f->cpu;
    if (f->rc) f->ch->err = f->err;
    return f->rc;
}

int gr_tier_load(gr_tier_chain *ch, uint64_t t, bool *known)
{
    *known = false;
    if (ch->o->load) {
        int rc = ch->o->load(ch->o->ctx, ch->s, t, &ch->err);
        if (rc < 0 || rc > 1) return rc < 0 ? GR_EINTERNAL : rc;
        *known = rc == 1;
    }
    if (!*known) return tier_alloc(ch->s, t, &ch->err);
    return GR_OK;
}

/* Stored tiers above the last missing one need not be replayed into the
 * lines: nothing after them is computed (UINT64_MAX: replay every one). */
static uint64_t replay_limit(const gr_tier_chain *ch)
{
    if (!ch->o->have) return UINT64_MAX;
    uint64_t to = 0;
    for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)ch->s->n)
        if (!ch->o->have(ch->o->ctx, ch->s, t)) to = t + 1;
    return to;
}

/* A chain on one thread, tier after tier. */
static int run_chain_fast(gr_tier_chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    gr_tier_lines L;
    uint64_t replay_to = replay_limit(ch);
    if (gr_tier_stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    gr_tier_finisher fin = {.pending = false};
    if (!(rc = gr_tier_lines_init(ch, &L, 1)))   /* lower tiers first: they hold the raw positions with the bigger minimum */
        for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)n) {
            bool known = false;
            int frc = gr_tier_finisher_join(&fin);   /* the tier before: its checksum and file */
            if (!rc) rc = frc;
            double c0 = gr_tier_cpu();
            if (!rc) rc = gr_tier_load(ch, t, &known);
            ch->alone += gr_tier_cpu() - c0;
            if (rc) break;
            if (!known && t >= replay_to) {   /* a stored tier was damaged after all: start over */
                replay_to = UINT64_MAX;
                memset(L.bits, 0, L.count * L.words * sizeof *L.bits);
                free(s->v[t]);
                s->v[t] = NULL;
                t = ch->r - (uint64_t)n;   /* wraps; the loop's step brings it back to r */
                continue;
            }
            if (!known || t < replay_to) rc = gr_tier_fast_tier(s, &L, t, known, &ch->err);
            if (!rc) {
                gr_tier_finisher_start(&fin, ch, t, !known, false);   /* it frees the values, unless kept */
            } else if (!ch->o->keep) {
                free(s->v[t]);
                s->v[t] = NULL;
            }
        }
    int frc = gr_tier_finisher_join(&fin);
    if (!rc) rc = frc;
    gr_tier_lines_free(&L);
    return rc;
}

static int run_chain_options(gr_tier_chain *ch)
{
    gr_tiers *s = ch->s;
    optbuf ob = {0};
    int rc = GR_OK;
    for (uint64_t t = ch->r; !rc && t <= ch->top; t += (uint64_t)s->n) {
        bool known;
        if ((rc = gr_tier_load(ch, t, &known))) break;
        if (!known && (rc = solve_tier_options(s, t, &ob, &ch->err))) break;
        rc = finish_tier(ch, t, !known, false, &ch->err);
    }
    if (!ch->o->keep)
        for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)s->n) {
            free(s->v[t]);
            s->v[t] = NULL;
        }
    free(ob.v);
    free(ob.bits);
    return rc;
}

static double chain_lines(const gr_tiers *s, uint64_t top)
{
    double x = 0;
    for (uint64_t c = 0; c <= top; c++) x += (double)gr_tier_parts(s->tab, top - c, s->n - 2);
    return x;
}

static int threads_of(const gr_tier_opts *o)
{
#ifdef _OPENMP
    return o->threads > 0 ? o->threads : omp_get_max_threads();
#else
    (void)o;
    return 1;
#endif
}

static uint64_t chain_count(const gr_tiers *s)
{
    return s->total + 1 < (uint64_t)s->n ? s->total + 1 : (uint64_t)s->n;
}

int gr_tiers_rank_chain(const gr_tiers *s, int rank, int ranks)
{
    uint64_t nch = chain_count(s);
    if (ranks <= 1 || (uint64_t)ranks <= nch || rank < 0) return -1;
    /* the i-th longest chain is the one whose top tier is total - i */
    return (int)((s->total - (uint64_t)rank % nch) % (uint64_t)s->n);
}

/* Does this process work on chain r (alone, or in r's group)? */
static bool chain_here(const gr_tiers *s, const gr_tier_opts *o, uint64_t r)
{
    int c = gr_tiers_rank_chain(s, o->rank, o->ranks);
    if (o->ranks <= 1) return true;
    return c < 0 ? (int)(r % (uint64_t)o->ranks) == o->rank : (uint64_t)c == r;
}

/* The chains this process works on (all, or its rank's share). */
static int chains_here(const gr_tiers *s, const gr_tier_opts *o)
{
    int c = 0;
    for (uint64_t r = 0; r < chain_count(s); r++) c += chain_here(s, o, r);
    return c > 0 ? c : 1;
}

/* This rank's place in the group of its chain: ranks k with the same
 * k mod chains share one, in the order of k. */
static void group_place(const gr_tiers *s, const gr_tier_opts *o, gr_tier_chain *ch)
{
    int nch = (int)chain_count(s);
    ch->gi = 0, ch->gq = 1;
    if (gr_tiers_rank_chain(s, o->rank, o->ranks) < 0) return;
    ch->gi = o->rank / nch;
    ch->gq = o->ranks / nch + (o->rank % nch < o->ranks % nch);
}

double gr_tiers_bytes(const gr_tiers *s, const gr_tier_opts *o)
{
    int n = s->n;
    double positions = (double)gr_tiers_positions(s), biggest = 0;
    for (uint64_t t = 0; t <= s->total; t++)
        if ((double)s->size[t] > biggest) biggest = (double)s->size[t];
    double conc = threads_of(o) < n ? threads_of(o) : n;
    bool fast = o->method == GR_TIER_FAST && !s->graph, group = gr_tiers_rank_chain(s, o->rank, o->ranks) >= 0;
    /* a rank of a group solves its share of one chain's tiers */
    double q = group ? (double)(o->ranks / (int)chain_count(s)) : 1;
    if (group) conc = 1;
    bool steps = fast && (group ? n >= 3 : threads_of(o) > conc);
    double bytes = 8 * conc * biggest;   /* a tier being computed, and the one before it being finished */
    if (o->keep || o->method == GR_TIER_OPTIONS || s->graph)
        bytes += 4 * positions;   /* the per-option method keeps its chain */
    else if (steps)
        bytes += 4 * positions / q / (group ? (double)chain_count(s) : 1);   /* steps hold every tier until whole */
    if (fast) {
        /* values stay below 0.8 t (docs/tiers.md); the bitsets double as needed */
        bytes += conc * chain_lines(s, s->total) * (double)gr_tier_lines_words(s->total) * 8;
    }
    return bytes;
}

double gr_tiers_seconds(const gr_tiers *s, const gr_tier_opts *o)
{
    double positions = (double)gr_tiers_positions(s);
    /* The n chains run side by side; threads past them work inside the
     * chains' steps, at about 0.6 of a thread each (a 4-pile solve on 16
     * cores: 10.4x one thread, measured). */
    double threads = threads_of(o);
    double conc = threads <= s->n ? threads : s->n + 0.6 * (threads - s->n);
    /* measured: the fast method does 5 to 12 million positions per CPU
     * second (2-core machine, 4 piles to totals 300-1200; 6.6 million on one
     * thread of a 16-core Xeon), the per-option one about 5 million option
     * lookups; a position has about n(n-1)/2 * t/6 options */
    /* plus about 20 ms of set-up (lines, threads) whatever the size: a
     * 4-pile solve to total 180 took 47 ms of CPU on 2 threads */
    if (o->method == GR_TIER_FAST && !s->graph) return 0.02 + positions / 8e6 / conc;
    return positions * ((double)s->n * (s->n - 1) / 2 * (double)s->total / 6 + 1) / 5e6 / conc;
}

static double machine_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    return pages > 0 && psize > 0 ? (double)pages * (double)psize : 4e9;
}

int gr_tiers_solve(gr_tiers *s, const gr_tier_opts *o, gr_error *err)
{
    int n = s->n;
    double limit = o->max_bytes > 0 ? o->max_bytes : machine_bytes() / 2, need = gr_tiers_bytes(s, o);
    if (need > limit)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "this solve needs about %.0f MiB, more than the %.0f MiB allowed",
                       need / 1048576, limit / 1048576);
    double secs = gr_tiers_seconds(s, o);
    if (o->max_seconds > 0 && secs > o->max_seconds)
        return gr_fail_limit(err, GR_KNOB_SECONDS, "this solve would take about %.0f s, more than the %.0f s allowed",
                       secs, o->max_seconds);
    bool fast = o->method == GR_TIER_FAST && !s->graph;
    if (fast && gr_tiers_rank_chain(s, o->rank, o->ranks) >= 0 && !o->exchange)
        return gr_fail(err, GR_EINPUT, "%d ranks for %llu chains: the ranks of a chain need a way to exchange lines",
                       o->ranks, (unsigned long long)chain_count(s));
    uint64_t nch = chain_count(s);
    gr_tier_chain *ch = calloc(nch, sizeof *ch);
    if (!ch) return gr_fail_nomem(err);
    for (uint64_t r = 0; r < nch; r++) {
        ch[r].s = s;
        ch[r].o = o;
        ch[r].r = r;
        ch[r].top = r + (s->total - r) / (uint64_t)n * (uint64_t)n;
        group_place(s, o, &ch[r]);
        gr_error_clear(&ch[r].err);
    }
    int rcs[GR_MAX_PILES] = {0};
    int nt = threads_of(o), outer = chains_here(s, o), inner = outer < nt ? nt / outer : 1;
    /* every chain of this process runs at once (outer <= nt when inner > 1):
     * the threads left over go to the longest chains, one each (the
     * longest has the top tier T, residue T mod n, then T - 1, ...) */
    int extra = outer < nt ? nt % outer : 0, used = 0;
    for (uint64_t j = 0; j < nch; j++) {
        uint64_t r = (s->total - j) % (uint64_t)n;
        if (chain_here(s, o, r)) {
            ch[r].inner = fast ? inner + (extra > 0) : 1;
            extra -= extra > 0;
            used += ch[r].inner;
        }
    }
    /* Threads beyond the chains work inside them by steps (fast method),
     * on one pool: shared, every thread has blocks in every chain, so that
     * a thread whose next block must wait, or whose chain is done, takes
     * another chain's (o->pool: or a team a chain, docs/tiers.md). A
     * group's ranks meet at every step instead, and step_barrier asks the
     * steps as they ran before. */
    gr_tier_chain *pool[GR_MAX_PILES];
    int npool = 0;
    bool pooled = fast && used > outer && !o->step_barrier;
    for (uint64_t j = 0; j < nch; j++) {   /* the longest chains first */
        uint64_t r = (s->total - j) % (uint64_t)n;
        if (!chain_here(s, o, r)) continue;
        if (ch[r].gq > 1) pooled = false;
        pool[npool++] = &ch[r];
    }
    if (npool == 0) pooled = false;
    double t0 = gr_tier_now(), idle = 0;
    int team = 1;
    if (pooled) {
        int prc[GR_MAX_PILES];
        gr_tier_run_pool(pool, npool, nt, o->pool, prc, &idle, &team);
        for (int c = 0; c < npool; c++) rcs[pool[c]->r] = prc[c];
    } else {
        /* Chains share nothing but read-only tables; each writes its own tiers. */
#ifdef _OPENMP
        int levels = omp_get_max_active_levels();
        if (used > outer && levels < 2) omp_set_max_active_levels(2);
#endif
        if (outer > nt) outer = nt;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(outer)
#endif
        for (long j = 0; j < (long)nch; j++) {   /* the longest chains first */
            long r = (long)((s->total - (uint64_t)j) % (uint64_t)n);
            if (chain_here(s, o, (uint64_t)r) && (ch[r].gi == 0 || (fast && n >= 3))) {
                /* a group splits the chain by steps (3 piles and more; else, and
                 * with the per-option method, its first rank works alone) */
                bool steps = fast && (ch[r].inner > 1 || (ch[r].gq > 1 && n >= 3));
                double c0 = gr_tier_now();
                rcs[r] = !fast ? run_chain_options(&ch[r]) : steps ? gr_tier_run_steps(&ch[r]) : run_chain_fast(&ch[r]);
                ch[r].seconds = gr_tier_now() - c0;
            }
        }
#ifdef _OPENMP
        if (used > outer && levels < 2) omp_set_max_active_levels(levels);
#endif
    }
    double wall = gr_tier_now() - t0;
    /* threads not in a chain wait for the longest; inside, at steps' ends;
     * a pool's threads, when no chain has a block for them */
    if (pooled) used = team;
    else if (used > nt || outer >= nt) used = outer < nt ? outer : nt;
    s->used_threads = used;
    s->thread_s = used * wall;
    s->waited_s = pooled ? idle : s->thread_s;
    s->alone_s = s->behind_s = 0;
    for (uint64_t r = 0; r < nch; r++) {
        if (!pooled) s->waited_s -= ch[r].seconds * ch[r].inner - ch[r].waited;
        s->alone_s += ch[r].alone;
        s->behind_s += ch[r].behind;
    }
    if (s->waited_s < 0) s->waited_s = 0;
    int rc = GR_OK;
    for (uint64_t r = 0; r < nch && !rc; r++)
        if (rcs[r]) {
            rc = rcs[r];
            gr_fail(err, rc, "%s", ch[r].err.msg[0] ? ch[r].err.msg : "tier solve failed");
        }
    free(ch);
    return rc;
}
