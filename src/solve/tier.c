/* The tier solver for Sharing Nim with any number of piles and on graphs:
 * the values, by chains of tiers (positions and ranks: tier_index.c).
 * docs/tiers.md has the proofs this code relies on:
 *  - options of canonical total t lie in t, t-n, t-2n, ... (chains by t mod n);
 *  - inside a tier every move lowers the rank of the sorted-descending piles
 *    in lexicographic order (the partition rank used here), and on a graph
 *    every move lowers the sum of squares;
 *  - on the complete graph, the options along one pair of piles are the
 *    points of one line, so one running bitset per line gives the mex. */
#include "grundy/tier.h"
#include "grundy/grow.h"
#include "tier_internal.h"
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

typedef struct chain {
    gr_tiers *s;
    const gr_tier_opts *o;
    uint64_t r;             /* residue: tiers r, r+n, ..., top */
    uint64_t top;
    int inner;              /* threads inside a tier (fast method) */
    int gi, gq;             /* this rank's index in the chain's group, the group's size */
    uint32_t *agree;        /* groups: one word per rank, before each split tier */
    int *counts, *displs;   /* groups: every rank's block of a level */
    double seconds;         /* wall time of the chain */
    double waited;          /* thread-seconds its inner threads waited at levels' ends */
    double alone;           /* CPU seconds of work only one thread of the chain can do */
    double behind;          /* CPU seconds of tiers' ends done beside the computing */
    gr_error err;
} chain;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread: what one thread did, whatever the load. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
        return gr_fail(err, GR_EINPUT, "tier %llu: not enough memory for %llu values", (unsigned long long)t,
                       (unsigned long long)s->size[t]);
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
            return gr_fail(err, GR_EINPUT, "not enough memory");
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
                        return gr_fail(err, GR_EINPUT, "not enough memory");
                    }
                }
            }
        uint32_t x = optbuf_mex(ob);
        if (x == UINT32_MAX) {
            free(order), free(comp);
            return gr_fail(err, GR_EINPUT, "not enough memory");
        }
        s->v[t][rank] = x;
    }
    free(order), free(comp);
    return GR_OK;
}

/* The fast method's state for one chain: the chain seen in raw coordinates
 * of total `top` (canonical total t = top - n*m is the raw position minus m),
 * and one bitset per line: a line is a pair of piles with the other n-2
 * raw piles fixed (as a multiset R) and their sum c fixed. */
typedef struct lines {
    uint64_t top;
    int k;                   /* n - 2 entries in R */
    uint64_t *off;           /* off[c]: first line id of sum c */
    uint64_t count;
    uint64_t *bits;
    size_t words;
} lines;

static int lines_grow(lines *L)
{
    size_t w2 = L->words * 2;
    uint64_t *b = realloc(L->bits, (size_t)L->count * w2 * sizeof *b);
    if (!b) return -1;
    /* spread from the back so nothing is overwritten before it moves */
    for (uint64_t i = L->count; i-- > 0;) {
        memmove(b + i * w2, b + i * L->words, L->words * sizeof *b);
        memset(b + i * w2 + L->words, 0, (w2 - L->words) * sizeof *b);
    }
    L->bits = b;
    L->words = w2;
    return 0;
}

static inline uint64_t line_id(const gr_tiers *s, const lines *L, const uint64_t *lam, int i, int j)
{
    uint64_t R[GR_MAX_PILES];
    int k = 0;
    for (int a = 0; a < s->n; a++)
        if (a != i && a != j) R[k++] = lam[a];
    uint64_t c = lam[i] + lam[j];
    return L->off[c] + gr_tier_part_rank(s->tab, R, k, L->top - c);
}

/* How many positions' lines are prefetched ahead of their use (measured:
 * without it 4 piles to 800 ran at ~6.3 M positions per CPU second, with
 * 3 to 6 ahead at ~12, on a loaded 2-core machine). */
#ifndef GR_TIER_AHEAD
#define GR_TIER_AHEAD 4
#endif

/* One position's lines: ids, and whether its value set is read (δ >= 2). */
typedef struct lineset {
    int np;
    uint64_t ids[GR_MAX_PILES * GR_MAX_PILES];
    bool read[GR_MAX_PILES * GR_MAX_PILES];
} lineset;

static void lineset_make(const gr_tiers *s, const lines *L, const uint64_t *lam, lineset *ls)
{
    int n = s->n, np = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && lam[i] == lam[i - 1]) continue;
        for (int j = i + 1; j < n; j++) {
            if (j > i + 1 && lam[j] == lam[j - 1]) continue;
            ls->ids[np] = line_id(s, L, lam, i, j);
            ls->read[np] = lam[i] >= lam[j] + 2;
            /* the bitsets are far apart in memory: ask for them a position ahead */
            const uint64_t *b = L->bits + ls->ids[np] * L->words;
            __builtin_prefetch(b, 1);
            if (L->words > 8) __builtin_prefetch(b + 8, 1);
            np++;
        }
    }
    ls->np = np;
}

/* The mex of the union of the read lines' sets: words * 64 when they are
 * all full below that (the value then needs wider bitsets). */
static uint32_t lineset_mex(const lines *L, const lineset *ls)
{
    for (size_t w = 0; w < L->words; w++) {
        uint64_t acc = 0;
        for (int q = 0; q < ls->np; q++)
            if (ls->read[q]) acc |= L->bits[ls->ids[q] * L->words + w];
        if (~acc) return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~acc));
    }
    return (uint32_t)(L->words * 64);
}

static void lineset_add(lines *L, const lineset *ls, uint32_t x)
{
    for (int q = 0; q < ls->np; q++) L->bits[ls->ids[q] * L->words + (x >> 6)] |= 1ULL << (x & 63);
}

static int lines_fit(lines *L, uint32_t x, gr_error *err)
{
    while (x >= L->words * 64)
        if (lines_grow(L)) return gr_fail(err, GR_EINPUT, "not enough memory for the line bitsets");
    return GR_OK;
}

/* Computes (or, when known, takes) the value at rank and adds it to its lines. */
static int lineset_apply(lines *L, const lineset *ls, uint32_t *v, uint64_t rank, bool known, gr_error *err)
{
    uint32_t x = known ? v[rank] : lineset_mex(L, ls);
    v[rank] = x;
    int rc = lines_fit(L, x, err);
    if (!rc) lineset_add(L, ls, x);
    return rc;
}

/* One tier of the fast method: computes (or, when `known`, only replays)
 * its values in rank order, updating the lines. Each position's lines are
 * found (and prefetched) AHEAD positions before they are applied; positions
 * are still applied in rank order, each after all before it has written, so
 * the values are those of the plain order. */
static int fast_tier(gr_tiers *s, lines *L, uint64_t t, bool known, gr_error *err)
{
    int n = s->n, k = n - 1;
    uint64_t m = (L->top - t) / (uint64_t)n;
    uint64_t mu[GR_MAX_PILES], lam[GR_MAX_PILES];
    enum { AHEAD = GR_TIER_AHEAD };
    lineset ls[AHEAD];
    uint32_t *v = s->v[t];
    if (k == 0) return GR_OK;
    gr_tier_part_first(mu, 0, k, t);
    uint64_t rank = 0;
    int rc;
    bool more;
    do {
        for (int i = 0; i < k; i++) lam[i] = mu[i] + m;
        lam[k] = m;
        /* apply the oldest position before its slot is reused */
        if (rank >= AHEAD && (rc = lineset_apply(L, &ls[rank % AHEAD], v, rank - AHEAD, known, err))) return rc;
        lineset_make(s, L, lam, &ls[rank % AHEAD]);
        rank++;
        more = gr_tier_part_next(mu, k);
    } while (more);
    for (uint64_t r = rank > AHEAD ? rank - AHEAD : 0; r < rank; r++)
        if ((rc = lineset_apply(L, &ls[r % AHEAD], v, r, known, err))) return rc;
    if (rank != s->size[t]) return gr_fail(err, GR_EINTERNAL, "tier %llu: enumerated %llu of %llu positions",
                                           (unsigned long long)t, (unsigned long long)rank,
                                           (unsigned long long)s->size[t]);
    return GR_OK;
}

/* Inside a tier, by levels of the spread D = sum over pairs of piles of
 * |p_i - p_j| (docs/tiers.md, "Inside a tier"): a move of k tokens lowers D
 * by at least 2k, and two distinct points of one line are always a
 * position and one of its options, so positions of equal D share no line.
 * A level's positions therefore read and write disjoint bitsets and run in
 * parallel; levels go in increasing D. Every set a position reads then
 * holds what it holds in rank order (the points of its line with smaller
 * |p_i - p_j|, and the lower tiers), so the values are the same. */
#define PAR_MIN 4096   /* smaller tiers are not worth a parallel region */
#define SHARE_MIN 64   /* smaller levels cost less to compute than to send */

static uint64_t spread_level(const uint32_t *mu, int k)
{
    /* mu descending, then the pile 0: D = sum_i mu_i (n - 1 - 2i), n = k + 1 */
    int64_t d = 0;
    for (int i = 0; i < k; i++) d += (int64_t)mu[i] * (k - 2 * i);
    return (uint64_t)d / 2;   /* D has the parity of (n-1) t: halving keeps levels apart */
}

/* A tier split into levels: its positions grouped by level, and the values
 * in level order, the order in which ranks exchange them. */
typedef struct levels {
    uint32_t *mus;          /* mus[rank*k ..]: the partition of each position */
    uint64_t *order;        /* order[start[l] .. start[l+1]): the ranks of level l */
    uint64_t *start;
    uint64_t nlev;
    uint32_t *vals;         /* vals[i]: the value of order[i] */
    uint32_t *v;            /* the tier's values by rank */
    uint64_t m;             /* raw positions are canonical ones plus m */
    _Atomic uint64_t wide;  /* a level with a value too wide for the bitsets */
} levels;

static void levels_free(levels *lv)
{
    free(lv->mus), free(lv->order), free(lv->start), free(lv->vals);
}

/* Ranks [r0, r1) of tier t: their partitions kept, their levels counted in hist. */
static void levels_count(const gr_tiers *s, uint64_t t, levels *lv, uint64_t r0, uint64_t r1, uint64_t *hist)
{
    int k = s->n - 1;
    uint64_t mu[GR_MAX_PILES];
    gr_pos p;
    gr_tiers_unrank(s, t, r0, &p);
    for (int i = 0; i < k; i++) mu[i] = p.p[s->n - 1 - i];
    for (uint64_t r = r0; r < r1; r++) {
        uint32_t *x = lv->mus + r * (uint64_t)k;
        for (int i = 0; i < k; i++) x[i] = (uint32_t)mu[i];
        hist[spread_level(x, k)]++;
        if (r + 1 < r1) gr_tier_part_next(mu, k);
    }
}

/* The levels' starts, and each thread's first slot in each level: the
 * threads' ranges are in rank order, so every level lists its ranks in
 * increasing order whatever the thread count. */
static void levels_offsets(levels *lv, uint64_t nb, uint64_t *hist, int nt)
{
    lv->start[0] = 0;
    for (uint64_t l = 0; l < nb; l++) {
        uint64_t at = lv->start[l];
        for (int u = 0; u < nt; u++) {
            uint64_t c = hist[(uint64_t)u * nb + l];
            hist[(uint64_t)u * nb + l] = at;
            at += c;
        }
        lv->start[l + 1] = at;
    }
}

/* Groups the positions of tier t by level (a counting sort on the level),
 * on `threads` threads, each a contiguous range of ranks: the grouping is
 * one pass over the tier, which on one thread would hold the chain's
 * others idle. */
static int tier_levels(const gr_tiers *s, uint64_t t, levels *lv, int threads, gr_error *err)
{
    int k = s->n - 1;
    uint64_t size = s->size[t], nb = t * (uint64_t)k / 2 + 2;
    if (threads < 1 || (uint64_t)threads > size) threads = 1;
    lv->mus = malloc(size * (uint64_t)k * sizeof *lv->mus);
    lv->order = malloc(size * sizeof *lv->order);
    lv->start = calloc(nb + 1, sizeof *lv->start);
    lv->vals = malloc(size * sizeof *lv->vals);
    uint64_t *hist = calloc((size_t)threads * nb, sizeof *hist);
    if (!lv->mus || !lv->order || !lv->start || !lv->vals || !hist) {
        free(hist);
        return gr_fail(err, GR_ENOMEM, "tier %llu: not enough memory", (unsigned long long)t);
    }
    /* one path for any thread count (without OpenMP: one thread, u = 0) */
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        int u = 0, nt = 1;
#ifdef _OPENMP
        u = omp_get_thread_num(), nt = omp_get_num_threads();
#endif
        uint64_t r0 = size * (uint64_t)u / (uint64_t)nt, r1 = size * (uint64_t)(u + 1) / (uint64_t)nt;
        uint64_t *h = hist + (uint64_t)u * nb;
        if (r0 < r1) levels_count(s, t, lv, r0, r1, h);
#pragma omp barrier
#pragma omp single
        levels_offsets(lv, nb, hist, nt);
        for (uint64_t r = r0; r < r1; r++) lv->order[h[spread_level(lv->mus + r * (uint64_t)k, k)]++] = r;
    }
    free(hist);
    lv->nlev = nb;
    return GR_OK;
}

static void level_position(const gr_tiers *s, const lines *L, const uint32_t *mu, uint64_t m, lineset *ls)
{
    int k = s->n - 1;
    uint64_t lam[GR_MAX_PILES];
    for (int i = 0; i < k; i++) lam[i] = mu[i] + m;
    lam[k] = m;
    lineset_make(s, L, lam, ls);
}

/* The position at level-order index i of level l: its value computed (or,
 * when taken, received from another rank) and added to its lines; a value
 * too wide for the bitsets is added after the level, by one thread. */
static void level_point(const gr_tiers *s, lines *L, levels *lv, uint64_t i, uint64_t l, bool taken)
{
    lineset ls;
    uint64_t r = lv->order[i];
    level_position(s, L, lv->mus + r * (uint64_t)(s->n - 1), lv->m, &ls);
    uint32_t x = taken ? lv->vals[i] : lineset_mex(L, &ls);
    lv->v[r] = lv->vals[i] = x;
    if (x < L->words * 64) lineset_add(L, &ls, x);
    else atomic_store(&lv->wide, l);
}

static int level_widen(const gr_tiers *s, lines *L, levels *lv, uint64_t l, gr_error *err)
{
    int rc = GR_OK;
    size_t words = L->words;
    for (uint64_t i = lv->start[l]; i < lv->start[l + 1] && !rc; i++) {
        uint64_t r = lv->order[i];
        if (lv->v[r] < words * 64) continue;
        lineset ls;
        level_position(s, L, lv->mus + r * (uint64_t)(s->n - 1), lv->m, &ls);
        if (!(rc = lines_fit(L, lv->v[r], err))) lineset_add(L, &ls, lv->v[r]);
    }
    return rc;
}

/* Rank j's block of a level of m positions: [block(m, j, q), block(m, j+1, q)). */
static uint64_t block(uint64_t m, int j, int q)
{
    return m * (uint64_t)j / (uint64_t)q;
}

/* The level's blocks, gathered on every rank of the group. */
static int level_share(chain *ch, levels *lv, uint64_t l)
{
    uint64_t a = lv->start[l], m = lv->start[l + 1] - a;
    for (int j = 0; j < ch->gq; j++) {
        ch->displs[j] = (int)block(m, j, ch->gq);
        ch->counts[j] = (int)block(m, j + 1, ch->gq) - ch->displs[j];
    }
    return ch->o->share(ch->o->share_ctx, lv->vals + a, ch->counts, ch->displs, &ch->err);
}

/* Inside a tier, by levels of the spread (docs/tiers.md): positions of one
 * level share no line, so the threads of this rank split each level, and
 * with a group the ranks do too: each computes its block, the blocks are
 * exchanged, and every rank adds the others' values to its own lines, so
 * that every rank holds the whole chain's bitsets for the next level. */
static int fast_tier_levels(chain *ch, lines *L, uint64_t t)
{
    gr_tiers *s = ch->s;
    levels lv = {.v = s->v[t], .m = (L->top - t) / (uint64_t)s->n, .wide = UINT64_MAX};
    int rc = tier_levels(s, t, &lv, ch->inner, &ch->err), q = ch->gq;
    uint64_t share_min = ch->o->share_min ? ch->o->share_min : SHARE_MIN;
    double idle = 0;
#pragma omp parallel num_threads(ch->inner) if (!rc) reduction(+ : idle)
    for (uint64_t l = 0; l < lv.nlev; l++) {
        uint64_t a = lv.start[l], size = lv.start[l + 1] - a, lo = a, hi = a + size;
        if (!size) continue;
        bool shared = q > 1 && size >= share_min;
        if (shared) lo = a + block(size, ch->gi, q), hi = a + block(size, ch->gi + 1, q);
#pragma omp for schedule(dynamic, 16) nowait
        for (uint64_t i = lo; i < hi; i++) level_point(s, L, &lv, i, l, false);
        double d = now_s();
#pragma omp barrier
        if (shared) {
#pragma omp master
            if (!rc) rc = level_share(ch, &lv, l);   /* MPI from the main thread only */
#pragma omp barrier
            idle += now_s() - d;   /* the exchange is waiting, for the slowest rank */
#pragma omp for schedule(dynamic, 16) nowait
            for (uint64_t i = a; i < a + size; i++)
                if (i < lo || i >= hi) level_point(s, L, &lv, i, l, true);
            d = now_s();
#pragma omp barrier
        }
        idle += now_s() - d;
        if (atomic_load(&lv.wide) == l) {
#pragma omp single
            {
                double w0 = cpu_s();
                if (!rc) rc = level_widen(s, L, &lv, l, &ch->err);
                ch->alone += cpu_s() - w0;
            }
            /* a group goes on exchanging until all its ranks learn of it */
            if (rc && q < 2) break;
        }
    }
    levels_free(&lv);
    ch->waited += idle;
    return rc;
}

/* The stop hook, asked at the start of a chain and once a tier. */
static int stop_asked(const chain *ch, uint64_t t, gr_error *err)
{
    if (!ch->o->stop || !ch->o->stop(ch->o->stop_ctx)) return GR_OK;
    return gr_fail(err, GR_EINPUT, "the tier solver stopped on request at tier %llu", (unsigned long long)t);
}

/* Tier t's checksum, and done() for a tier computed here; in a group only
 * the first rank reports it (the others leave sum[t] at 0). */
static int finish_tier(const chain *ch, uint64_t t, bool computed, gr_error *err)
{
    gr_tiers *s = ch->s;
    if (stop_asked(ch, t, err)) return GR_EINPUT;
    if (ch->gi > 0) return GR_OK;
    s->sum[t] = gr_tier_fnv(s->v[t], s->size[t]);
    if (computed && ch->o->done) return ch->o->done(ch->o->ctx, s, t, err);
    return GR_OK;
}

/* A tier's end (its checksum, the caller's done(): for the command line
 * the tally and the tier's file) runs on a thread of its own while the
 * chain computes its next tier, which reads the lines and never this
 * tier's values; the chain joins it before the tier after. Its error, if
 * any, is the chain's at that join. */
typedef struct finisher {
    chain *ch;
    uint64_t t;
    bool computed, pending, running;
    int rc;
    double cpu;
    gr_error err;
    pthread_t th;
} finisher;

static void *finisher_main(void *arg)
{
    finisher *f = arg;
    gr_tiers *s = f->ch->s;
    double c0 = cpu_s();
    f->rc = finish_tier(f->ch, f->t, f->computed, &f->err);
    if (!f->ch->o->keep) {
        free(s->v[f->t]);
        s->v[f->t] = NULL;
    }
    f->cpu = cpu_s() - c0;
    return NULL;
}

static void finisher_start(finisher *f, chain *ch, uint64_t t, bool computed)
{
    *f = (finisher){.ch = ch, .t = t, .computed = computed, .pending = true};
    gr_error_clear(&f->err);
    f->running = pthread_create(&f->th, NULL, finisher_main, f) == 0;
    if (!f->running) finisher_main(f);   /* no thread to be had: here, now */
}

static int finisher_join(finisher *f)
{
    if (!f->pending) return GR_OK;
    if (f->running) pthread_join(f->th, NULL);
    f->pending = f->running = false;
    f->ch->behind += f->cpu;
    if (f->rc) f->ch->err = f->err;
    return f->rc;
}

static int load_tier(chain *ch, uint64_t t, bool *known)
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

/* Before a tier the group splits, its ranks agree: the tier is taken as
 * known only when every rank read it (one that could not must not be left
 * alone in the level exchanges), and when one rank failed, all stop here
 * together. */
static int group_agree(chain *ch, bool *known, int rc)
{
    for (int j = 0; j < ch->gq; j++) ch->counts[j] = 1, ch->displs[j] = j;
    ch->agree[ch->gi] = (*known ? 1u : 0u) | (rc ? (uint32_t)(rc > 0 ? rc : GR_EINTERNAL) << 1 : 0u);
    int src = ch->o->share(ch->o->share_ctx, ch->agree, ch->counts, ch->displs, &ch->err);
    if (src) return rc ? rc : src;
    bool all = true;
    uint32_t worst = 0;
    for (int j = 0; j < ch->gq; j++) {
        all = all && (ch->agree[j] & 1u);
        if (ch->agree[j] >> 1 > worst) worst = ch->agree[j] >> 1;
    }
    *known = all;
    if (worst && !rc) rc = gr_fail(&ch->err, (int)worst, "stopped with another rank solving this chain (its status %u)", worst);
    return rc;
}

static int lines_init(chain *ch, lines *L)
{
    gr_tiers *s = ch->s;
    int n = s->n;
    *L = (lines){.top = ch->top, .k = n - 2, .words = 1};
    L->off = malloc((ch->top + 2) * sizeof *L->off);
    if (!L->off) return gr_fail(&ch->err, GR_EINPUT, "not enough memory");
    L->off[0] = 0;
    for (uint64_t c = 0; c <= ch->top; c++) L->off[c + 1] = L->off[c] + gr_tier_parts(s->tab, ch->top - c, n - 2);
    L->count = L->off[ch->top + 1];
    L->bits = calloc(L->count ? L->count : 1, sizeof *L->bits);
    if (!L->bits)
        return gr_fail(&ch->err, GR_EINPUT, "not enough memory for %llu line bitsets", (unsigned long long)L->count);
    if (ch->gq < 2) return GR_OK;
    ch->agree = malloc((size_t)ch->gq * sizeof *ch->agree);
    ch->counts = malloc((size_t)ch->gq * sizeof *ch->counts);
    ch->displs = malloc((size_t)ch->gq * sizeof *ch->displs);
    return ch->agree && ch->counts && ch->displs ? GR_OK : gr_fail(&ch->err, GR_EINPUT, "not enough memory");
}

/* Stored tiers above the last missing one need not be replayed into the
 * lines: nothing after them is computed (UINT64_MAX: replay every one). A
 * group replays every one, so that its ranks take the same path. */
static uint64_t replay_limit(const chain *ch)
{
    if (!ch->o->have || ch->gq > 1) return UINT64_MAX;
    uint64_t to = 0;
    for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)ch->s->n)
        if (!ch->o->have(ch->o->ctx, ch->s, t)) to = t + 1;
    return to;
}

static int run_chain_fast(chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    lines L;
    uint64_t replay_to = replay_limit(ch), split_min = ch->o->level_min ? ch->o->level_min : PAR_MIN;
    if (stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    finisher fin = {.pending = false};
    if (!(rc = lines_init(ch, &L)))   /* lower tiers first: they hold the raw positions with the bigger minimum */
        for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)n) {
            bool known = false, split = s->size[t] >= split_min && (ch->inner > 1 || ch->gq > 1);
            int frc = finisher_join(&fin);   /* the tier before: its checksum and file */
            if (!rc) rc = frc;
            double c0 = cpu_s();
            if (!rc) rc = load_tier(ch, t, &known);
            ch->alone += cpu_s() - c0;
            if (split && ch->gq > 1) rc = group_agree(ch, &known, rc);
            if (rc && (ch->gq < 2 || split)) break;
            if (rc) continue;   /* on to the group's next agreement, to tell the others */
            if (!known && t >= replay_to) {   /* a stored tier was damaged after all: start over */
                replay_to = UINT64_MAX;
                memset(L.bits, 0, L.count * L.words * sizeof *L.bits);
                free(s->v[t]);
                s->v[t] = NULL;
                t = ch->r - (uint64_t)n;   /* wraps; the loop's step brings it back to r */
                continue;
            }
            if (!known && split) rc = fast_tier_levels(ch, &L, t);
            else if (!known || t < replay_to) {
                double t0 = now_s();
                c0 = cpu_s();
                rc = fast_tier(s, &L, t, known, &ch->err);
                ch->waited += (now_s() - t0) * (ch->inner - 1);   /* a small tier leaves the others idle */
                /* a tier too small to split is one thread's, at any thread count */
                if (s->size[t] < split_min) ch->alone += cpu_s() - c0;
            }
            if (!rc) {
                finisher_start(&fin, ch, t, !known);   /* it frees the values, unless kept */
            } else if (!ch->o->keep) {
                free(s->v[t]);
                s->v[t] = NULL;
            }
        }
    int frc = finisher_join(&fin);
    if (!rc) rc = frc;
    free(L.off), free(L.bits);
    free(ch->agree), free(ch->counts), free(ch->displs);
    return rc;
}

static int run_chain_options(chain *ch)
{
    gr_tiers *s = ch->s;
    optbuf ob = {0};
    int rc = GR_OK;
    for (uint64_t t = ch->r; !rc && t <= ch->top; t += (uint64_t)s->n) {
        bool known;
        if ((rc = load_tier(ch, t, &known))) break;
        if (!known && (rc = solve_tier_options(s, t, &ob, &ch->err))) break;
        rc = finish_tier(ch, t, !known, &ch->err);
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
static void group_place(const gr_tiers *s, const gr_tier_opts *o, chain *ch)
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
    double bytes = 8 * conc * biggest;   /* a tier being computed, and the one before it being finished */
    if (o->keep || o->method == GR_TIER_OPTIONS || s->graph) {
        bytes += 4 * positions;   /* the per-option method keeps its chain */
    }
    if (o->method == GR_TIER_FAST && !s->graph && threads_of(o) > conc)
        bytes += conc * biggest * (8 + 4 * (double)(n - 1));   /* levels inside a tier */
    if (o->method == GR_TIER_FAST && !s->graph) {
        /* values stay below 0.8 t (docs/tiers.md); the bitsets double as needed */
        double words = 1;
        while (words * 64 <= 0.8 * (double)s->total + 1) words *= 2;
        bytes += conc * chain_lines(s, s->total) * words * 8;
    }
    return bytes;
}

double gr_tiers_seconds(const gr_tiers *s, const gr_tier_opts *o)
{
    double positions = (double)gr_tiers_positions(s);
    double conc = threads_of(o) < s->n ? threads_of(o) : s->n;
    /* measured on a busy 2-core machine: the fast method does 4 to 12
     * million positions per CPU second, the per-option one about 5 million
     * option lookups; a position has about n(n-1)/2 * t/6 options */
    if (o->method == GR_TIER_FAST && !s->graph) return positions / 3e6 / conc;
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
        return gr_fail(err, GR_EINPUT, "this solve needs about %.0f MiB, more than the %.0f MiB allowed (--max-memory)",
                       need / 1048576, limit / 1048576);
    double secs = gr_tiers_seconds(s, o);
    if (o->max_seconds > 0 && secs > o->max_seconds)
        return gr_fail(err, GR_EINPUT, "this solve would take about %.0f s, more than the %.0f s allowed (--max-seconds)",
                       secs, o->max_seconds);
    bool fast = o->method == GR_TIER_FAST && !s->graph;
    if (fast && gr_tiers_rank_chain(s, o->rank, o->ranks) >= 0 && !o->share)
        return gr_fail(err, GR_EINPUT, "%d ranks for %llu chains: the ranks of a chain need a way to share levels",
                       o->ranks, (unsigned long long)chain_count(s));
    uint64_t nch = chain_count(s);
    chain *ch = calloc(nch, sizeof *ch);
    if (!ch) return gr_fail(err, GR_EINPUT, "not enough memory");
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
     * the threads left over go to the longest chains, one each */
    int extra = outer < nt ? nt % outer : 0, used = 0;
    for (long r = (long)nch - 1; r >= 0; r--)
        if (chain_here(s, o, (uint64_t)r)) {
            ch[r].inner = fast ? inner + (extra > 0) : 1;
            extra -= extra > 0;
            used += ch[r].inner;
        }
    /* Chains share nothing but read-only tables; each writes its own tiers.
     * Threads beyond the chains work inside tiers (fast method). */
#ifdef _OPENMP
    int levels = omp_get_max_active_levels();
    if (used > outer && levels < 2) omp_set_max_active_levels(2);
#endif
    if (outer > nt) outer = nt;
    double t0 = now_s();
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(outer)
#endif
    for (long r = (long)nch - 1; r >= 0; r--)   /* the longest chains first */
        if (chain_here(s, o, (uint64_t)r) && (fast || ch[r].gi == 0)) {
            double c0 = now_s();
            rcs[r] = fast ? run_chain_fast(&ch[r]) : run_chain_options(&ch[r]);
            ch[r].seconds = now_s() - c0;
        }
    double wall = now_s() - t0;
#ifdef _OPENMP
    if (used > outer && levels < 2) omp_set_max_active_levels(levels);
#endif
    /* threads not in a chain wait for the longest; inside, at levels' ends */
    if (used > nt || outer >= nt) used = outer < nt ? outer : nt;
    s->used_threads = used;
    s->thread_s = used * wall;
    s->waited_s = s->thread_s;
    s->alone_s = s->behind_s = 0;
    for (uint64_t r = 0; r < nch; r++) {
        s->waited_s -= ch[r].seconds * ch[r].inner - ch[r].waited;
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
