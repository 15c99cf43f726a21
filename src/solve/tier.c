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
    uint64_t q, j;           /* a group's rank j of q keeps the lines of sums c = j mod q */
    uint64_t *off;           /* off[c]: first line id of sum c (of those kept here) */
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
            /* another rank's line: no lines of this sum here (no division in this loop) */
            if (L->q > 1 && L->off[lam[i] + lam[j] + 1] == L->off[lam[i] + lam[j]]) continue;
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

#define NEEDS_WIDER (-2)   /* fast_block: a value too wide for the bitsets, not to be widened here */

/* Computes (or, when known, takes) the value at rank and adds it to its
 * lines; with grow false, a value too wide for the bitsets is left alone
 * (NEEDS_WIDER, *wide = the value) for the caller to widen. */
static int lineset_apply(lines *L, const lineset *ls, uint32_t *v, uint64_t rank, bool known, bool grow,
                         uint32_t *wide, gr_error *err)
{
    uint32_t x = known ? v[rank] : lineset_mex(L, ls);
    if (!grow && x >= L->words * 64) {
        *wide = x;
        return NEEDS_WIDER;
    }
    v[rank] = x;
    int rc = grow ? lines_fit(L, x, err) : GR_OK;
    if (!rc) lineset_add(L, ls, x);
    return rc;
}

/* Ranks [r0, r1) of tier t, mu the partition of r0: their values computed
 * (or, when `known`, only replayed) in rank order, updating the lines. Each
 * position's lines are found (and prefetched) AHEAD positions before they
 * are applied; positions are still applied in rank order, each after all
 * before it has written, so the values are those of the plain order. With
 * grow false a value too wide for the bitsets stops the block before that
 * rank (NEEDS_WIDER, *stuck its rank, *wide its value): threads may be
 * reading other lines, so only the caller may move the bitsets. */
static int fast_block(gr_tiers *s, lines *L, uint64_t t, uint64_t *mu, uint64_t r0, uint64_t r1, bool known, bool grow,
                      uint64_t *stuck, uint32_t *wide, gr_error *err)
{
    int n = s->n, k = n - 1;
    uint64_t m = (L->top - t) / (uint64_t)n;
    uint64_t lam[GR_MAX_PILES];
    enum { AHEAD = GR_TIER_AHEAD };
    lineset ls[AHEAD];
    uint32_t *v = s->v[t];
    if (k == 0 || r0 >= r1) return GR_OK;
    uint64_t rank = r0;
    int rc = GR_OK;
    for (;;) {
        for (int i = 0; i < k; i++) lam[i] = mu[i] + m;
        lam[k] = m;
        /* apply the oldest position before its slot is reused */
        if (rank >= r0 + AHEAD &&
            (rc = lineset_apply(L, &ls[rank % AHEAD], v, rank - AHEAD, known, grow, wide, err))) {
            if (rc == NEEDS_WIDER) *stuck = rank - AHEAD;
            return rc;
        }
        lineset_make(s, L, lam, &ls[rank % AHEAD]);
        if (++rank == r1) break;
        if (!gr_tier_part_next(mu, k))
            return gr_fail(err, GR_EINTERNAL, "tier %llu: enumerated %llu of %llu positions", (unsigned long long)t,
                           (unsigned long long)rank, (unsigned long long)s->size[t]);
    }
    for (uint64_t r = rank - r0 > AHEAD ? rank - AHEAD : r0; r < rank; r++)
        if ((rc = lineset_apply(L, &ls[r % AHEAD], v, r, known, grow, wide, err))) {
            if (rc == NEEDS_WIDER) *stuck = r;
            return rc;
        }
    return GR_OK;
}

/* One whole tier in rank order, on this thread. */
static int fast_tier(gr_tiers *s, lines *L, uint64_t t, bool known, gr_error *err)
{
    uint64_t mu[GR_MAX_PILES], stuck;
    uint32_t wide;
    gr_tier_part_first(mu, 0, s->n - 1, t);
    return fast_block(s, L, t, mu, 0, s->size[t], known, true, &stuck, &wide, err);
}

/* Inside a tier, by levels of the spread D = sum over pairs of piles of
 * |p_i - p_j| (docs/tiers.md, "Inside a tier"): a move of k tokens lowers D
 * by at least 2k, and two distinct points of one line are always a
 * position and one of its options, so positions of equal D share no line.
 * A level's positions therefore read and write disjoint bitsets and run in
 * parallel; levels go in increasing D. Every set a position reads then
 * holds what it holds in rank order (the points of its line with smaller
 * |p_i - p_j|, and the lower tiers), so the values are the same. */
#define PAR_MIN 4096   /* a group's smaller tiers are not worth a parallel region */

static uint64_t spread_level(const uint32_t *mu, int k)
{
    /* mu descending, then the pile 0: D = sum_i mu_i (n - 1 - 2i), n = k + 1 */
    int64_t d = 0;
    for (int i = 0; i < k; i++) d += (int64_t)mu[i] * (k - 2 * i);
    return (uint64_t)d / 2;   /* D has the parity of (n-1) t: halving keeps levels apart */
}

/* A tier split into levels: its positions grouped by level. The arrays
 * are kept from tier to tier (grown, never shrunk), so that a chain does
 * not fault in fresh pages for every tier. */
typedef struct levels {
    uint32_t *mus;          /* mus[i*k ..]: the partition of level-order position i */
    uint64_t *order;        /* order[start[l] .. start[l+1]): the ranks of level l */
    uint64_t *start;
    uint64_t nlev;
    uint64_t *hist;         /* each grouping thread's count of each level */
    size_t cap_mus, cap_order, cap_start, cap_hist;
    uint32_t *v;            /* the tier's values by rank */
    uint64_t m;             /* raw positions are canonical ones plus m */
    _Atomic uint64_t wide;  /* a level with a value too wide for the bitsets */
} levels;

static void levels_free(levels *lv)
{
    free(lv->mus), free(lv->order), free(lv->start), free(lv->hist);
}

/* Ranks [r0, r1) of tier t in rank order: with place NULL their levels
 * counted in hist; else each one's partition and rank stored at its slot
 * in level order (hist then holds each level's next slot). */
static void levels_walk(const gr_tiers *s, uint64_t t, levels *lv, uint64_t r0, uint64_t r1, uint64_t *hist,
                        bool place)
{
    int k = s->n - 1;
    uint64_t mu[GR_MAX_PILES];
    uint32_t x[GR_MAX_PILES];
    gr_pos p;
    gr_tiers_unrank(s, t, r0, &p);
    for (int i = 0; i < k; i++) mu[i] = p.p[s->n - 1 - i];
    for (uint64_t r = r0; r < r1; r++) {
        for (int i = 0; i < k; i++) x[i] = (uint32_t)mu[i];
        uint64_t l = spread_level(x, k);
        if (place) {
            uint64_t at = hist[l]++;
            lv->order[at] = r;
            memcpy(lv->mus + at * (uint64_t)k, x, (size_t)k * sizeof *x);
        } else {
            hist[l]++;
        }
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
    if (!GR_GROW(lv->mus, lv->cap_mus, size * (uint64_t)k, 1024) || !GR_GROW(lv->order, lv->cap_order, size, 256) ||
        !GR_GROW(lv->start, lv->cap_start, nb + 1, 256) || !GR_GROW(lv->hist, lv->cap_hist, (size_t)threads * nb, 256))
        return gr_fail(err, GR_ENOMEM, "tier %llu: not enough memory", (unsigned long long)t);
    uint64_t *hist = lv->hist;
    memset(hist, 0, (size_t)threads * nb * sizeof *hist);
    /* one path for any thread count (without OpenMP: one thread, u = 0) */
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        int u = 0, nt = 1;
#ifdef _OPENMP
        u = omp_get_thread_num(), nt = omp_get_num_threads();
#endif
        uint64_t r0 = size * (uint64_t)u / (uint64_t)nt, r1 = size * (uint64_t)(u + 1) / (uint64_t)nt;
        uint64_t *h = hist + (uint64_t)u * nb;
        if (r0 < r1) levels_walk(s, t, lv, r0, r1, h, false);
#pragma omp barrier
#pragma omp single
        levels_offsets(lv, nb, hist, nt);
        /* walked again rather than kept in rank order: the levels then
         * read their partitions in sequence, not scattered over the tier */
        if (r0 < r1) levels_walk(s, t, lv, r0, r1, h, true);
    }
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

/* Ranks beyond the chains (docs/tiers.md): the q ranks of a chain's group
 * keep disjoint parts of its lines, rank j those of the pair sums c = j
 * mod q, so each reads and writes 1/q of the bitsets. Per level every rank
 * ORs, for every position, the sets of the position's lines it keeps; one
 * bitwise-OR reduction across the group gives every rank the whole union,
 * hence every value, and each adds the values to the lines it keeps. */
typedef struct unions {
    uint64_t *part;         /* part[i*words ..]: the union of level position i */
    uint64_t *ids;          /* ids[i*per ..]: the lines kept here (bit 63: read) */
    uint16_t *nid;
    size_t cap, per, words;
} unions;

#define READ_BIT (1ULL << 63)

static void unions_free(unions *u)
{
    free(u->part), free(u->ids), free(u->nid);
}

/* Room for `size` positions at the lines' current width. */
static int unions_fit(unions *u, const lines *L, size_t size, int n)
{
    if (size <= u->cap && u->words == L->words) return GR_OK;
    size_t cap = size > u->cap ? size : u->cap;
    u->per = (size_t)n * (size_t)(n - 1) / 2;
    uint64_t *part = realloc(u->part, cap * L->words * sizeof *part);
    if (part) u->part = part;
    uint64_t *ids = realloc(u->ids, cap * u->per * sizeof *ids);
    if (ids) u->ids = ids;
    uint16_t *nid = realloc(u->nid, cap * sizeof *nid);
    if (nid) u->nid = nid;
    if (!part || !ids || !nid) return GR_ENOMEM;
    u->cap = cap, u->words = L->words;
    return GR_OK;
}

/* Level positions [i0, i1) (slots from a): the lines kept here of each
 * found (and prefetched) AHEAD positions before its sets are ORed, as in
 * fast_tier, so that the misses overlap. */
static void unions_part(const gr_tiers *s, const lines *L, const levels *lv, unions *u, uint64_t a, uint64_t i0,
                        uint64_t i1)
{
    enum { AHEAD = GR_TIER_AHEAD };
    size_t w = L->words;
    for (uint64_t i = i0; i < i1 + AHEAD; i++) {
        if (i < i1) {
            lineset ls;
            level_position(s, L, lv->mus + i * (uint64_t)(s->n - 1), lv->m, &ls);
            uint64_t *id = u->ids + (i - a) * u->per;
            for (int q = 0; q < ls.np; q++) id[q] = ls.ids[q] | (ls.read[q] ? READ_BIT : 0);
            u->nid[i - a] = (uint16_t)ls.np;
        }
        if (i < i0 + AHEAD) continue;
        uint64_t *acc = u->part + (i - AHEAD - a) * w;
        const uint64_t *id = u->ids + (i - AHEAD - a) * u->per;
        memset(acc, 0, w * sizeof *acc);
        for (int q = 0; q < u->nid[i - AHEAD - a]; q++)
            if (id[q] & READ_BIT) {
                const uint64_t *b = L->bits + (id[q] & ~READ_BIT) * w;
                for (size_t x = 0; x < w; x++) acc[x] |= b[x];
            }
    }
}

/* After the reduction: slot i's value, from the union, added to the lines
 * kept here (a value too wide for them: after the level). */
static void unions_apply(lines *L, levels *lv, unions *u, uint64_t a, uint64_t i, uint64_t l)
{
    size_t w = L->words;
    const uint64_t *acc = u->part + (i - a) * w;
    uint32_t x = (uint32_t)(w * 64);
    for (size_t k = 0; k < w; k++)
        if (~acc[k]) {
            x = (uint32_t)(k * 64 + (size_t)__builtin_ctzll(~acc[k]));
            break;
        }
    lv->v[lv->order[i]] = x;
    if (x >= w * 64) {
        atomic_store(&lv->wide, l);
        return;
    }
    const uint64_t *id = u->ids + (i - a) * u->per;
    for (int q = 0; q < u->nid[i - a]; q++) L->bits[(id[q] & ~READ_BIT) * w + (x >> 6)] |= 1ULL << (x & 63);
}

static int unions_widen(lines *L, levels *lv, unions *u, uint64_t l, int n, gr_error *err)
{
    uint64_t a = lv->start[l];
    int rc = GR_OK;
    for (uint64_t i = a; i < lv->start[l + 1] && !rc; i++) {
        uint32_t x = lv->v[lv->order[i]];
        if (x < u->words * 64) continue;
        if ((rc = lines_fit(L, x, err))) break;
        const uint64_t *id = u->ids + (i - a) * u->per;
        for (int q = 0; q < u->nid[i - a]; q++) L->bits[(id[q] & ~READ_BIT) * L->words + (x >> 6)] |= 1ULL << (x & 63);
    }
    if (!rc && unions_fit(u, L, u->cap, n)) rc = gr_fail(err, GR_ENOMEM, "not enough memory");
    return rc;
}

/* The group's statuses ORed, each rank's rc as one bit of w[1] (w[0] is
 * the caller's); the worst (largest) becomes every rank's. */
static int group_status(chain *ch, uint64_t *w, int rc)
{
    w[1] = rc ? 1ULL << (rc > 0 && rc < 62 ? rc : GR_EINTERNAL) : 0;
    int src = ch->o->share(ch->o->share_ctx, w, 2, &ch->err);
    if (src) return rc ? rc : src;
    if (w[1] && !rc) {
        int worst = 63 - __builtin_clzll(w[1]);
        rc = gr_fail(&ch->err, worst, "stopped with another rank solving this chain (its status %d)", worst);
    }
    return rc;
}

/* Every level of a tier, its unions reduced across the group. A level
 * that widens the bitsets is followed by one more exchange, of whether
 * every rank could widen: all ranks see the same values, so they widen at
 * the same levels and stop together. */
static int group_levels(chain *ch, lines *L, levels *lv, unions *u, int threads)
{
    gr_tiers *s = ch->s;
    int rc = GR_OK;
    double idle = 0;
#pragma omp parallel num_threads(threads) reduction(+ : idle)
    for (uint64_t l = 0; l < lv->nlev; l++) {
        uint64_t a = lv->start[l], b = lv->start[l + 1];
        if (a == b) continue;
#pragma omp for schedule(dynamic, 1) nowait
        for (uint64_t i = a; i < b; i += 16) unions_part(s, L, lv, u, a, i, i + 16 < b ? i + 16 : b);
        double d = now_s();
#pragma omp barrier
#pragma omp master
        rc = ch->o->share(ch->o->share_ctx, u->part, (size_t)(b - a) * u->words, &ch->err);
#pragma omp barrier
        idle += now_s() - d;   /* the reduction is waiting, for the slowest rank */
        if (rc) break;
#pragma omp for schedule(dynamic, 16)
        for (uint64_t i = a; i < b; i++) unions_apply(L, lv, u, a, i, l);
        if (atomic_load(&lv->wide) == l) {
#pragma omp single
            {
                double w0 = cpu_s();
                uint64_t w[2] = {0, 0};
                rc = group_status(ch, w, unions_widen(L, lv, u, l, s->n, &ch->err));
                ch->alone += cpu_s() - w0;
            }
            if (rc) break;
        }
    }
    ch->waited += idle;
    return rc;
}

/* Before a tier the group agrees: the tier is taken as known only when
 * every rank read it, and when one rank failed (reading, or preparing the
 * levels) all stop here together. */
static int group_agree(chain *ch, bool *known, int rc)
{
    uint64_t w[2] = {*known ? 0 : 1, 0};
    rc = group_status(ch, w, rc);
    *known = !w[0];
    return rc;
}

/* Tier t in a group: stored on every rank, its values are replayed into
 * the lines kept here; else computed level by level with the group. */
static int group_tier(chain *ch, lines *L, levels *lv, unions *u, uint64_t t, bool *known, int rc)
{
    gr_tiers *s = ch->s;
    lv->v = s->v[t], lv->m = (L->top - t) / (uint64_t)s->n;
    atomic_store(&lv->wide, UINT64_MAX);
    uint64_t split_min = ch->o->level_min ? ch->o->level_min : PAR_MIN, biggest = 0;
    int threads = s->size[t] >= split_min ? ch->inner : 1;
    double c0 = cpu_s();
    if (!rc) rc = tier_levels(s, t, lv, threads, &ch->err);
    for (uint64_t l = 0; !rc && l < lv->nlev; l++)
        if (lv->start[l + 1] - lv->start[l] > biggest) biggest = lv->start[l + 1] - lv->start[l];
    if (!rc && unions_fit(u, L, (size_t)biggest, s->n)) rc = gr_fail(&ch->err, GR_ENOMEM, "not enough memory");
    if (threads < 2) ch->alone += cpu_s() - c0;
    rc = group_agree(ch, known, rc);
    if (!rc) {
        if (*known) {
            c0 = cpu_s();
            uint64_t w[2] = {0, 0};
            rc = group_status(ch, w, fast_tier(s, L, t, true, &ch->err));   /* all learn of a failure */
            ch->alone += cpu_s() - c0;
        } else {
            rc = group_levels(ch, L, lv, u, threads);
        }
    }
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

/* The chain's lines, or in a group the rank's part of them: the lines of
 * the pair sums c = j mod q, numbered consecutively. */
static int lines_init(chain *ch, lines *L)
{
    gr_tiers *s = ch->s;
    int n = s->n;
    *L = (lines){.top = ch->top, .k = n - 2, .words = 1, .q = (uint64_t)ch->gq, .j = (uint64_t)ch->gi};
    L->off = malloc((ch->top + 2) * sizeof *L->off);
    if (!L->off) return gr_fail(&ch->err, GR_EINPUT, "not enough memory");
    L->off[0] = 0;
    for (uint64_t c = 0; c <= ch->top; c++)
        L->off[c + 1] = L->off[c] + (c % L->q == L->j ? gr_tier_parts(s->tab, ch->top - c, n - 2) : 0);
    L->count = L->off[ch->top + 1];
    L->bits = calloc(L->count ? L->count : 1, sizeof *L->bits);
    if (!L->bits)
        return gr_fail(&ch->err, GR_EINPUT, "not enough memory for %llu line bitsets", (unsigned long long)L->count);
    return GR_OK;
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

/* A chain on one thread, tier after tier; or a rank of a chain's group. */
static int run_chain_fast(chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    lines L;
    levels lv = {.mus = NULL};
    unions u = {0};
    uint64_t replay_to = replay_limit(ch);
    if (stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    finisher fin = {.pending = false};
    if (!(rc = lines_init(ch, &L)))   /* lower tiers first: they hold the raw positions with the bigger minimum */
        for (uint64_t t = ch->r; t <= ch->top; t += (uint64_t)n) {
            bool known = false;
            int frc = finisher_join(&fin);   /* the tier before: its checksum and file */
            if (!rc) rc = frc;
            double c0 = cpu_s();
            if (!rc) rc = load_tier(ch, t, &known);
            ch->alone += cpu_s() - c0;
            if (ch->gq > 1) {
                /* every tier with the group, also after a failure here: the
                 * others learn of it at the tier's agreement */
                if ((rc = group_tier(ch, &L, &lv, &u, t, &known, rc))) break;
            } else if (rc) {
                break;
            } else if (!known && t >= replay_to) {   /* a stored tier was damaged after all: start over */
                replay_to = UINT64_MAX;
                memset(L.bits, 0, L.count * L.words * sizeof *L.bits);
                free(s->v[t]);
                s->v[t] = NULL;
                t = ch->r - (uint64_t)n;   /* wraps; the loop's step brings it back to r */
                continue;
            } else if (!known || t < replay_to) {
                rc = fast_tier(s, &L, t, known, &ch->err);
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
    levels_free(&lv);
    unions_free(&u);
    return rc;
}

/* Threads beyond the chains (docs/tiers.md, "Steps of the largest pile"):
 * a move never raises the raw largest pile nor lowers the raw smallest, so
 * an option of a position of tier t with canonical largest pile d lies in
 * tier t with a largest pile <= d, or in a lower tier with one < d. The
 * positions of tier t with largest pile d are one block, a contiguous range
 * of ranks. Step d computes the blocks (t, d) of every tier t of the chain:
 * no one of them has an option in another, so they share no line and run
 * on the chain's threads at once, each in rank order as fast_tier goes;
 * steps go in increasing d. Tier t is whole after step t, and finished then
 * (its file written) while the steps go on. */
typedef struct stepper {
    chain *ch;
    lines *L;
    bool *known;            /* read from disk: only replayed */
    bool *handed;           /* whole, and handed to a finisher (which frees it) */
    uint64_t *from;         /* a block stopped for a value too wide: its rank to go on from */
    uint64_t replay_to;     /* tiers from here on are stored and not replayed */
    uint32_t need;          /* the widest value a stopped block of this step needs */
    bool again;             /* the step again, after widening: only the stopped blocks */
} stepper;

/* Block (t, d) of the tier with index i, from its first rank or where it stopped. */
static int step_block(stepper *sp, uint64_t i, uint64_t d)
{
    chain *ch = sp->ch;
    gr_tiers *s = ch->s;
    int k = s->n - 1;
    uint64_t t = ch->r + i * (uint64_t)s->n, mu[GR_MAX_PILES];
    if (t < d || t >= sp->replay_to || k == 0 || (sp->again && sp->from[i] == UINT64_MAX)) return GR_OK;
    /* ranks of tier t whose largest pile is below d, and below d + 1 */
    uint64_t r0 = gr_tier_cum(s->tab, k - 1, t, d), r1 = gr_tier_cum(s->tab, k - 1, t, d + 1);
    if (sp->from[i] != UINT64_MAX) {
        gr_pos p;
        r0 = sp->from[i];
        gr_tiers_unrank(s, t, r0, &p);
        for (int j = 0; j < k; j++) mu[j] = p.p[s->n - 1 - j];
    } else {
        mu[0] = d;
        gr_tier_part_first(mu, 1, k, t - d);
    }
    sp->from[i] = UINT64_MAX;
    gr_error err;
    uint64_t stuck = 0;
    uint32_t wide = 0;
    int rc = fast_block(s, sp->L, t, mu, r0, r1, sp->known[i], false, &stuck, &wide, &err);
    if (rc == NEEDS_WIDER) {
        sp->from[i] = stuck;
#pragma omp critical(gr_tier_need)
        if (wide > sp->need) sp->need = wide;
        return GR_OK;
    }
    if (rc) {
#pragma omp critical(gr_tier_err)
        ch->err = err;
    }
    return rc;
}

static int run_chain_steps(chain *ch)
{
    gr_tiers *s = ch->s;
    int n = s->n, rc = GR_OK;
    uint64_t nt = (ch->top - ch->r) / (uint64_t)n + 1;
    lines L = {.bits = NULL};
    stepper sp = {.ch = ch, .L = &L, .replay_to = 0};
    finisher fin = {.pending = false};
    if (stop_asked(ch, ch->r, &ch->err)) return GR_EINPUT;
    sp.known = calloc(nt, sizeof *sp.known);
    sp.handed = calloc(nt, sizeof *sp.handed);
    sp.from = malloc(nt * sizeof *sp.from);
    if (!sp.known || !sp.handed || !sp.from) rc = gr_fail(&ch->err, GR_ENOMEM, "not enough memory");
    if (!rc) rc = lines_init(ch, &L);
    /* every tier's values are held until it is whole: read the stored ones */
    double c0 = cpu_s();
    for (uint64_t i = 0; i < nt && !rc; i++) {
        uint64_t t = ch->r + i * (uint64_t)n;
        sp.from[i] = UINT64_MAX;
        if (!(rc = load_tier(ch, t, &sp.known[i])) && !sp.known[i]) sp.replay_to = t + 1;
    }
    ch->alone += cpu_s() - c0;
    /* stored tiers above the last missing one: nothing computed reads them */
    for (uint64_t i = 0; i < nt && !rc; i++) {
        uint64_t t = ch->r + i * (uint64_t)n;
        if (t < sp.replay_to) continue;
        if (!(rc = finisher_join(&fin))) finisher_start(&fin, ch, t, false);
        sp.handed[i] = !rc;
    }
    uint64_t d = 0;
    double idle = 0;
#pragma omp parallel num_threads(ch->inner) if (!rc) reduction(+ : idle)
    for (;;) {
        if (rc || d >= sp.replay_to) break;   /* the same for every thread: set only between barriers */
        uint64_t step = d;
        /* cyclic: a thread takes the same tiers every step, so the lines
         * its blocks wrote one step are in its cache the next */
#pragma omp for schedule(static, 1) nowait
        for (uint64_t j = 0; j < nt; j++) {
            int brc = step_block(&sp, nt - 1 - j, step);
            if (brc) {
#pragma omp critical(gr_tier_err)
                rc = brc;
            }
        }
        double w0 = now_s();
#pragma omp barrier
        idle += now_s() - w0;
#pragma omp single
        {
            double a0 = cpu_s();
            if (sp.need) {   /* widen, then go on with the stopped blocks: the same step again */
                if (!rc) rc = lines_fit(&L, sp.need, &ch->err);
                sp.need = 0;
                sp.again = true;
            } else {
                sp.again = false;
                /* tier d is whole: finished beside the next steps, which never read it */
                if (!rc && d >= ch->r && (d - ch->r) % (uint64_t)n == 0) {
                    uint64_t i = (d - ch->r) / (uint64_t)n;
                    if (!(rc = finisher_join(&fin))) finisher_start(&fin, ch, d, !sp.known[i]);
                    sp.handed[i] = !rc;
                }
                d++;
            }
            ch->alone += cpu_s() - a0;
        }
    }
    ch->waited += idle;
    int frc = finisher_join(&fin);
    if (!rc) rc = frc;
    /* tiers not finished (after a failure) are not the caller's */
    for (uint64_t i = 0; i < nt && sp.handed && !ch->o->keep; i++)
        if (!sp.handed[i]) {
            free(s->v[ch->r + i * (uint64_t)n]);
            s->v[ch->r + i * (uint64_t)n] = NULL;
        }
    free(L.off), free(L.bits);
    free(sp.known), free(sp.handed), free(sp.from);
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
    bool fast = o->method == GR_TIER_FAST && !s->graph, group = gr_tiers_rank_chain(s, o->rank, o->ranks) >= 0;
    if (group) conc = 1;   /* a rank of a group solves one chain */
    bool steps = fast && !group && threads_of(o) > conc;
    double bytes = 8 * conc * biggest;   /* a tier being computed, and the one before it being finished */
    if (o->keep || o->method == GR_TIER_OPTIONS || s->graph || steps)
        bytes += 4 * positions;   /* the per-option method keeps its chain; steps hold every tier until whole */
    if (fast && group)
        bytes += biggest * (8 + 4 * (double)(n - 1) + 8 * (double)(n * (n - 1) / 2));   /* levels, unions */
    if (fast) {
        /* values stay below 0.8 t (docs/tiers.md); the bitsets double as needed; a group's
         * rank keeps 1/q of them */
        double words = 1, q = group ? (double)(o->ranks / (int)chain_count(s)) : 1;
        while (words * 64 <= 0.8 * (double)s->total + 1) words *= 2;
        bytes += conc * chain_lines(s, s->total) * words * 8 / q;
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
            rcs[r] = !fast ? run_chain_options(&ch[r])
                     : ch[r].inner > 1 && ch[r].gq < 2 ? run_chain_steps(&ch[r])
                                                        : run_chain_fast(&ch[r]);
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
