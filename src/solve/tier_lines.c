/* The fast mex of the tier solver (complete graph): one bitset per line of
 * moves, read for a position's mex and written with its value, positions in
 * rank order, their lines prefetched ahead (docs/tiers.md, "The fast mex"). */
/* MAP_ANONYMOUS and madvise are outside POSIX 2008 */
#define _DEFAULT_SOURCE
#include "tier_chain.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

double gr_tier_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double gr_tier_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The bitsets in 2 MiB pages where the kernel gives them (madvise, for
 * transparent huge pages): the lines are read at random over tens of MiB,
 * and with 4 KiB pages nearly every read misses the TLB, and every 4 KiB
 * first touched is a page fault. Anonymous memory comes zeroed. */
#define HUGE_PAGE ((size_t)2 << 20)

static uint64_t *bits_alloc(gr_tier_lines *L, size_t words)
{
    size_t bytes = (words ? words : 1) * sizeof(uint64_t);
    bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    /* one huge page more, to start on a huge page boundary */
    char *base = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    char *at = (char *)(((uintptr_t)base + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
#ifdef MADV_HUGEPAGE
    madvise(at, bytes, MADV_HUGEPAGE);
#endif
    L->map = base, L->map_bytes = bytes + HUGE_PAGE;
    return (uint64_t *)(void *)at;
}

void gr_tier_lines_free(gr_tier_lines *L)
{
    if (L->map) munmap(L->map, L->map_bytes);
    free(L->off);
    L->map = NULL, L->bits = NULL, L->off = NULL;
}

/* Widening, in three parts so that a team of threads can share the copy:
 * a new mapping wide enough for x (doubling), the lines [i0, i1) copied
 * into it, the old one dropped. */
int gr_tier_lines_widen_begin(const gr_tier_lines *L, uint32_t x, gr_tier_lines *to, gr_error *err)
{
    *to = *L;
    while (x >= to->words * 64) to->words *= 2;
    if (!(to->bits = bits_alloc(to, (size_t)L->count * to->words)))
        return gr_fail_nomem(err);
    return GR_OK;
}

void gr_tier_lines_widen_copy(const gr_tier_lines *L, gr_tier_lines *to, uint64_t i0, uint64_t i1)
{
    size_t w = L->words, w2 = to->words;
    for (uint64_t i = i0; i < i1; i++)
        for (size_t x = 0; x < w; x++) to->bits[i * w2 + x] = L->bits[i * w + x];
}

void gr_tier_lines_widen_end(gr_tier_lines *L, gr_tier_lines *to)
{
    munmap(L->map, L->map_bytes);
    *L = *to;
}

/* One position's lines: ids, and whether its value set is read (δ >= 2). */
typedef struct lineset {
    int np;
    uint64_t ids[GR_MAX_PILES * GR_MAX_PILES];
    bool read[GR_MAX_PILES * GR_MAX_PILES];
} lineset;

static void lineset_make(const gr_tiers *s, const gr_tier_lines *L, const uint64_t *lam, lineset *ls)
{
    int n = s->n, np = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && lam[i] == lam[i - 1]) continue;
        for (int j = i + 1; j < n; j++) {
            if (j > i + 1 && lam[j] == lam[j - 1]) continue;
            ls->ids[np] = gr_tier_line_id(s, L, lam, i, j);
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
static uint32_t lineset_mex(const gr_tier_lines *L, const lineset *ls)
{
    for (size_t w = 0; w < L->words; w++) {
        uint64_t acc = 0;
        for (int q = 0; q < ls->np; q++)
            if (ls->read[q]) acc |= L->bits[ls->ids[q] * L->words + w];
        if (~acc) return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~acc));
    }
    return (uint32_t)(L->words * 64);
}

static void lineset_add(gr_tier_lines *L, const lineset *ls, uint32_t x)
{
    for (int q = 0; q < ls->np; q++) L->bits[ls->ids[q] * L->words + (x >> 6)] |= 1ULL << (x & 63);
}

int gr_tier_lines_fit(gr_tier_lines *L, uint32_t x, gr_error *err)
{
    if (x < L->words * 64) return GR_OK;
    gr_tier_lines to;
    int rc = gr_tier_lines_widen_begin(L, x, &to, err);
    if (rc) return rc;
    gr_tier_lines_widen_copy(L, &to, 0, L->count);
    gr_tier_lines_widen_end(L, &to);
    return GR_OK;
}


/* Computes (or, when known, takes) the value at rank and adds it to its
 * lines; with grow false, a value too wide for the bitsets is left alone
 * (GR_TIER_NEEDS_WIDER, *wide = the value) for the caller to widen. */
static int lineset_apply(gr_tier_lines *L, const lineset *ls, uint32_t *v, uint64_t rank, bool known, bool grow,
                         uint32_t *wide, gr_error *err)
{
    uint32_t x = known ? v[rank] : lineset_mex(L, ls);
    if (!grow && x >= L->words * 64) {
        *wide = x;
        return GR_TIER_NEEDS_WIDER;
    }
    v[rank] = x;
    int rc = grow ? gr_tier_lines_fit(L, x, err) : GR_OK;
    if (!rc) lineset_add(L, ls, x);
    return rc;
}

/* Ranks [r0, r1) of tier t, mu the partition of r0: their values computed
 * (or, when `known`, only replayed) in rank order, updating the lines. Each
 * position's lines are found (and prefetched) AHEAD positions before they
 * are applied; positions are still applied in rank order, each after all
 * before it has written, so the values are those of the plain order. With
 * grow false a value too wide for the bitsets stops the block before that
 * rank (GR_TIER_NEEDS_WIDER, *stuck its rank, *wide its value): threads may be
 * reading other lines, so only the caller may move the bitsets. */
int gr_tier_fast_block(gr_tiers *s, gr_tier_lines *L, uint64_t t, uint64_t *mu, uint64_t r0, uint64_t r1, bool known, bool grow,
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
            if (rc == GR_TIER_NEEDS_WIDER) *stuck = rank - AHEAD;
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
            if (rc == GR_TIER_NEEDS_WIDER) *stuck = r;
            return rc;
        }
    return GR_OK;
}

/* One whole tier in rank order, on this thread. */
int gr_tier_fast_tier(gr_tiers *s, gr_tier_lines *L, uint64_t t, bool known, gr_error *err)
{
    uint64_t mu[GR_MAX_PILES], stuck;
    uint32_t wide;
    gr_tier_part_first(mu, 0, s->n - 1, t);
    return gr_tier_fast_block(s, L, t, mu, 0, s->size[t], known, true, &stuck, &wide, err);
}

int gr_tier_lines_init(gr_tier_chain *ch, gr_tier_lines *L, size_t words)
{
    gr_tiers *s = ch->s;
    int n = s->n;
    *L = (gr_tier_lines){.top = ch->top, .k = n - 2, .words = words ? words : 1};
    L->off = malloc((ch->top + 2) * sizeof *L->off);
    if (!L->off) return gr_fail_nomem(&ch->err);
    L->off[0] = 0;
    for (uint64_t c = 0; c <= ch->top; c++) L->off[c + 1] = L->off[c] + gr_tier_parts(s->tab, ch->top - c, n - 2);
    L->count = L->off[ch->top + 1];
    L->bits = bits_alloc(L, (size_t)L->count * L->words);
    if (!L->bits)
        return gr_fail_nomem(&ch->err);
    return GR_OK;
}

/* The width the values of a solve to `total` are expected to need (they
 * stay below 0.8 total, docs/tiers.md): the memory estimate counts it. */
size_t gr_tier_lines_words(uint64_t total)
{
    size_t words = 1;
    while (words * 64 <= 0.8 * (double)total + 1) words *= 2;
    return words;
}
