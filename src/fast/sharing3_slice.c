/* One slice of the three-pile table's line sets (include/grundy/sharing3_slice.h).
 *
 * The layout follows the whole-state method (sharing3_fast.c): word-major,
 * word i of every slot, then word i+1, mmap'd so that words above the
 * largest value are never committed. Summaries: bit j of sum1 word i says
 * local word 64i+j is full; bit j of sum2 word i says sum1 word 64i+j is
 * full (every word it covers that the slice owns). A slice may own any
 * number of words, so sum2 has as many words per slot as it needs. */
/* MAP_ANONYMOUS and MAP_NORESERVE are outside POSIX 2008 */
#define _DEFAULT_SOURCE
#include "grundy/sharing3_slice.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct gr_s3slice {
    uint32_t n;
    uint64_t w_lo, nw;      /* owned words: w_lo .. w_lo + nw - 1 */
    uint64_t n1, n2;        /* summary words per slot at each level */
    size_t nslots;
    uint64_t *data;         /* nw bands of nslots words */
    size_t data_bytes;
    uint64_t *sum1;         /* n1 bands of nslots words */
    uint64_t *sum2;         /* n2 bands of nslots words */
    uint64_t top;           /* highest local word touched, plus one */
};

/* The bits of summary word i that stand for something the slice owns. */
static inline uint64_t valid_bits(uint64_t count, uint64_t i)
{
    uint64_t left = count - 64 * i;
    return left >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << left) - 1;
}

/* Where slice r's words start: rank 0 takes half a share of the busy range,
 * every other rank a whole one. */
static uint64_t split_at(uint64_t busy, int r, int P)
{
    return r == 0 ? 0 : busy * (uint64_t)(2 * r - 1) / (uint64_t)(2 * P - 1);
}

void gr_s3slice_split(uint32_t n, int r, int P, uint64_t *w_lo, uint64_t *words)
{
    uint64_t all = gr_s3slice_words(n), busy = (uint64_t)(0.7 * n) / 64 + 1;
    if (busy > all) busy = all;
    uint64_t lo = split_at(busy, r, P);
    uint64_t hi = r == P - 1 ? all : split_at(busy, r + 1, P);
    *w_lo = lo;
    *words = hi - lo;
}

int gr_s3slice_new(gr_s3slice **out, uint32_t n, uint64_t w_lo, uint64_t words, gr_error *err)
{
    *out = NULL;
    gr_s3slice *sl = calloc(1, sizeof *sl);
    if (!sl) return gr_fail_nomem(err);
    sl->n = n;
    sl->w_lo = w_lo;
    sl->nw = words;
    sl->n1 = (words + 63) / 64;
    sl->n2 = (sl->n1 + 63) / 64;
    sl->nslots = 2 * (size_t)n + 1;
    sl->data_bytes = sl->nslots * (words ? words : 1) * sizeof(uint64_t);
    void *p = mmap(NULL, sl->data_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        free(sl);
        return gr_fail(err, GR_EINPUT, "a slice of the table to %u needs %zu MiB of address space", n,
                       (size_t)(words * (2 * (uint64_t)n + 1) * 8) >> 20);
    }
    sl->data = p;
    sl->sum1 = calloc(sl->nslots * (sl->n1 ? sl->n1 : 1), sizeof *sl->sum1);
    sl->sum2 = calloc(sl->nslots * (sl->n2 ? sl->n2 : 1), sizeof *sl->sum2);
    if (!sl->sum1 || !sl->sum2) {
        gr_s3slice_free(sl);
        return gr_fail_nomem(err);
    }
    *out = sl;
    return GR_OK;
}

void gr_s3slice_free(gr_s3slice *sl)
{
    if (!sl) return;
    if (sl->data) munmap(sl->data, sl->data_bytes);
    free(sl->sum1);
    free(sl->sum2);
    free(sl);
}

size_t gr_s3slice_touched_bytes(const gr_s3slice *sl)
{
    return sl->top * sl->nslots * 8 + sl->nslots * (sl->n1 + sl->n2) * 8;
}

/* Adds v to slot s; *top: the highest local word touched, plus one (kept
 * by the caller, so threads adding one row each keep their own). */
static inline void slot_add(gr_s3slice *sl, size_t s, uint32_t v, uint64_t *top)
{
    uint64_t w = (uint64_t)(v >> 6);
    if (w < sl->w_lo || w >= sl->w_lo + sl->nw) return;
    w -= sl->w_lo;
    if (w + 1 > *top) *top = w + 1;
    uint64_t *d = sl->data + w * sl->nslots + s;
    *d |= (uint64_t)1 << (v & 63);
    if (*d != ~(uint64_t)0) return;
    uint64_t i1 = w >> 6, *s1 = sl->sum1 + i1 * sl->nslots + s;
    *s1 |= (uint64_t)1 << (w & 63);
    if (*s1 == valid_bits(sl->nw, i1)) sl->sum2[(i1 >> 6) * sl->nslots + s] |= (uint64_t)1 << (i1 & 63);
}

/* The smallest owned value missing from all three sets, or UINT32_MAX. */
static uint32_t partial_mex(const gr_s3slice *sl, size_t x, size_t y, size_t z)
{
    const size_t k = sl->nslots;
    for (uint64_t i2 = 0; i2 < sl->n2; i2++) {
        const uint64_t *s2 = sl->sum2 + i2 * k;
        uint64_t blocks = ~(s2[x] | s2[y] | s2[z]) & valid_bits(sl->n1, i2);
        while (blocks) {
            uint64_t i1 = i2 * 64 + (uint64_t)__builtin_ctzll(blocks);
            blocks &= blocks - 1;
            const uint64_t *s1 = sl->sum1 + i1 * k;
            uint64_t cand = ~(s1[x] | s1[y] | s1[z]) & valid_bits(sl->nw, i1);
            while (cand) {
                uint64_t w = i1 * 64 + (uint64_t)__builtin_ctzll(cand);
                cand &= cand - 1;
                const uint64_t *d = sl->data + w * k;
                uint64_t u = d[x] | d[y] | d[z];
                if (u != ~(uint64_t)0) return (uint32_t)((sl->w_lo + w) * 64 + (uint64_t)__builtin_ctzll(~u));
            }
        }
    }
    return UINT32_MAX;
}

void gr_s3slice_partial(const gr_s3slice *sl, uint32_t b, uint32_t *part, int threads)
{
    long len = (long)b / 2 + 1, bb = (long)b;
    (void)threads;
    /* positions of one row share no slot: any order, any thread */
#pragma omp parallel for schedule(static) num_threads(threads > 1 ? threads : 1) if (threads > 1 && len >= 4096)
    for (long a = 0; a < len; a++)
        part[a] = partial_mex(sl, (size_t)(2 * bb - a), (size_t)(a + bb), (size_t)(bb - 2 * a));
}

void gr_s3slice_resolve(const gr_s3slice *sl, uint32_t b, uint32_t *row, int threads)
{
    long len = (long)b / 2 + 1, bb = (long)b;
    (void)threads;
    /* a position a lower slice resolved has its value below this range: skipped */
#pragma omp parallel for schedule(static) num_threads(threads > 1 ? threads : 1) if (threads > 1 && len >= 4096)
    for (long a = 0; a < len; a++)
        if (row[a] == UINT32_MAX) row[a] = partial_mex(sl, (size_t)(2 * bb - a), (size_t)(a + bb), (size_t)(bb - 2 * a));
}

void gr_s3slice_add_on(gr_s3slice *sl, uint32_t b, const uint32_t *row, int threads)
{
    long len = (long)b / 2 + 1, bb = (long)b;
    uint64_t top = sl->top;
    (void)threads;
    /* positions of one row share no slot (docs/sharing-table.md, Lemma 2):
     * any order, any thread; below a few thousand positions a parallel
     * region costs more than it saves */
#pragma omp parallel for schedule(static) num_threads(threads > 1 ? threads : 1) if (threads > 1 && len >= 4096) \
    reduction(max : top)
    for (long a = 0; a < len; a++) {
        if (row[a] == UINT32_MAX) continue;   /* resolved by a later slice: above this range */
        slot_add(sl, (size_t)(2 * bb - a), row[a], &top);
        slot_add(sl, (size_t)(a + bb), row[a], &top);
        slot_add(sl, (size_t)(bb - 2 * a), row[a], &top);
    }
    sl->top = top;
}

/* Rows from which a band goes on several threads: below, a row's work is
 * too little beside two barriers, and where threads outnumber cores (ranks
 * of several threads on a small machine) a spinning barrier a row costs far
 * more (from 1024 positions on, 3 ranks x 2 threads on 2 cores took 128 s
 * to N = 9000 instead of a few). */
#define BAND_PAR_LEN 4096

void gr_s3slice_band(gr_s3slice *sl, uint32_t b0, uint32_t count, uint32_t *rows, int threads)
{
    long len0 = (long)b0 / 2 + 1;
    int nt = threads > 1 && len0 >= BAND_PAR_LEN ? threads : 1;
    uint64_t top = sl->top;
    (void)nt;
    /* one parallel region a band, two barriers a row: row b's positions
     * share no slot, so they resolve in any order; its additions follow
     * them, and row b+1 reads what they added */
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        uint64_t mytop = top;
        uint32_t *row = rows;
        for (long b = b0; b < (long)b0 + count; b++) {
            long len = b / 2 + 1;
#pragma omp for schedule(static)
            for (long a = 0; a < len; a++)
                if (row[a] == UINT32_MAX) row[a] = partial_mex(sl, (size_t)(2 * b - a), (size_t)(a + b), (size_t)(b - 2 * a));
#pragma omp for schedule(static)
            for (long a = 0; a < len; a++) {
                if (row[a] == UINT32_MAX) continue;
                slot_add(sl, (size_t)(2 * b - a), row[a], &mytop);
                slot_add(sl, (size_t)(a + b), row[a], &mytop);
                slot_add(sl, (size_t)(b - 2 * a), row[a], &mytop);
            }
            row += len;
        }
#pragma omp critical
        if (mytop > top) top = mytop;
    }
    sl->top = top;
}

void gr_s3slice_add(gr_s3slice *sl, uint32_t b, const uint32_t *row)
{
    gr_s3slice_add_on(sl, b, row, 1);
}
