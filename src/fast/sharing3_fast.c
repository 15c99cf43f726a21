/* Three-pile Sharing Nim table, fast method (docs/sharing-table.md).
 *
 * A position (0,a,b) with 2a <= b lies on three lines of the (a,b) plane,
 * each kept as one "slot" s in 0..2n:
 *   slot 2b-a  the folded line F_{2b-a}, reached through its rising part;
 *   slot a+b   the folded line F_{a+b}, reached through its falling part;
 *   slot b-2a  the steep line D_{b-2a}, which starts where F_{b-2a} ends,
 *              so one slot serves F_s until row s and D_s afterwards.
 * The options of (0,a,b) are exactly the points computed earlier on these
 * three slots, so G(0,a,b) is the mex of the union of the three slots' value
 * sets. Within one row no two positions share a slot (the proof is in the
 * doc), so a row's positions are independent and run in parallel.
 *
 * A slot's set is a bitset with two summary levels: bit w of sum1 says data
 * word w is full, bit i of sum2 says summary word i is full. The mex of a
 * union skips blocks of 4096 values that one of the sets fills, then words
 * that one set fills, and ORs data words only where no single set is full. */
/* MAP_ANONYMOUS, MAP_NORESERVE and madvise are outside POSIX 2008 */
#define _DEFAULT_SOURCE
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef _OPENMP
#include <omp.h>
#endif

struct gr_s3fast {
    uint32_t n;
    uint32_t next;          /* next row */
    size_t w0;              /* data words per slot: values 0..n */
    size_t w1;              /* summary words per slot */
    size_t nslots;
    uint64_t *data;         /* nslots * w0, mmap'd: pages are committed when touched */
    size_t data_bytes;
    uint64_t *sum1;         /* nslots * w1 */
    uint64_t *sum2;         /* nslots */
    uint32_t *top;          /* per slot, the highest data word touched + 1 (memory report) */
};

int gr_s3fast_new(gr_s3fast **out, uint32_t n, gr_error *err)
{
    *out = NULL;
    if (n > GR_S3FAST_MAX_N) return gr_fail(err, GR_EINPUT, "the fast table goes to N = %u, not %u", GR_S3FAST_MAX_N, n);
    gr_s3fast *st = calloc(1, sizeof *st);
    if (!st) return gr_fail(err, GR_EINTERNAL, "out of memory");
    st->n = n;
    /* G(0,a,b) <= number of options <= b <= n, so n+1 bits hold every value. */
    st->w0 = (size_t)n / 64 + 1;
    st->w1 = (st->w0 + 63) / 64;
    st->nslots = 2 * (size_t)n + 1;
    st->data_bytes = st->nslots * st->w0 * sizeof(uint64_t);
    void *p = mmap(NULL, st->data_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        size_t mib = st->data_bytes >> 20;
        free(st);
        return gr_fail(err, GR_EINPUT, "the fast table to %u needs %zu MiB of address space", n, mib);
    }
#ifdef MADV_NOHUGEPAGE
    /* huge pages would commit whole untouched stretches of every slot */
    madvise(p, st->data_bytes, MADV_NOHUGEPAGE);
#endif
    st->data = p;
    st->sum1 = calloc(st->nslots * st->w1, sizeof *st->sum1);
    st->sum2 = calloc(st->nslots, sizeof *st->sum2);
    st->top = calloc(st->nslots, sizeof *st->top);
    if (!st->sum1 || !st->sum2 || !st->top) {
        gr_s3fast_free(st);
        return gr_fail(err, GR_EINPUT, "the fast table to %u: not enough memory", n);
    }
    *out = st;
    return GR_OK;
}

void gr_s3fast_free(gr_s3fast *st)
{
    if (!st) return;
    if (st->data) munmap(st->data, st->data_bytes);
    free(st->sum1);
    free(st->sum2);
    free(st->top);
    free(st);
}

uint32_t gr_s3fast_next(const gr_s3fast *st) { return st->next; }

size_t gr_s3fast_touched_bytes(const gr_s3fast *st)
{
    size_t words = 0;
    for (size_t s = 0; s < st->nslots; s++) words += st->top[s];
    return words * 8 + st->nslots * (st->w1 + 2) * 8;
}

static inline void slot_add(gr_s3fast *st, size_t s, uint32_t v)
{
    size_t w = v >> 6;
    uint64_t *d = st->data + s * st->w0;
    d[w] |= (uint64_t)1 << (v & 63);
    if (w >= st->top[s]) st->top[s] = (uint32_t)w + 1;
    if (d[w] != ~(uint64_t)0) return;
    uint64_t *s1 = st->sum1 + s * st->w1;
    s1[w >> 6] |= (uint64_t)1 << (w & 63);
    if (s1[w >> 6] == ~(uint64_t)0) st->sum2[s] |= (uint64_t)1 << (w >> 6);
}

static inline uint32_t mex3(const gr_s3fast *st, size_t x, size_t y, size_t z)
{
    const uint64_t *dx = st->data + x * st->w0, *dy = st->data + y * st->w0, *dz = st->data + z * st->w0;
    const uint64_t *sx = st->sum1 + x * st->w1, *sy = st->sum1 + y * st->w1, *sz = st->sum1 + z * st->w1;
    uint64_t blocks = ~(st->sum2[x] | st->sum2[y] | st->sum2[z]);
    /* the value n+1 is never in a set, so some block has room */
    while (blocks) {
        size_t i = (size_t)__builtin_ctzll(blocks);
        blocks &= blocks - 1;
        uint64_t cand = ~(sx[i] | sy[i] | sz[i]);
        while (cand) {
            size_t w = i * 64 + (size_t)__builtin_ctzll(cand);
            cand &= cand - 1;
            uint64_t u = dx[w] | dy[w] | dz[w];
            if (u != ~(uint64_t)0) return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~u));
        }
    }
    return UINT32_MAX;   /* unreachable: w0 words hold n+1 values and at most n are present */
}

/* Below this row length a parallel region costs more than it saves. */
#define PAR_MIN 2048
/* Positions whose memory is requested together. The loads of one mex form
 * a chain (block summary, then word summary, then data word), each step
 * usually a cache miss; prefetching the next step for a batch of
 * independent positions keeps many misses in flight instead of one. */
#define BATCH 16

static inline void prefetch_summaries(const gr_s3fast *st, size_t s1, size_t s2, size_t s3, size_t *wout)
{
    uint64_t blocks = ~(st->sum2[s1] | st->sum2[s2] | st->sum2[s3]);
    size_t i = blocks ? (size_t)__builtin_ctzll(blocks) : 0;
    __builtin_prefetch(st->sum1 + s1 * st->w1 + i);
    __builtin_prefetch(st->sum1 + s2 * st->w1 + i);
    __builtin_prefetch(st->sum1 + s3 * st->w1 + i);
    *wout = i;
}

static inline void prefetch_data(const gr_s3fast *st, size_t s1, size_t s2, size_t s3, size_t i)
{
    uint64_t cand = ~(st->sum1[s1 * st->w1 + i] | st->sum1[s2 * st->w1 + i] | st->sum1[s3 * st->w1 + i]);
    size_t w = i * 64 + (cand ? (size_t)__builtin_ctzll(cand) : 0);
    __builtin_prefetch(st->data + s1 * st->w0 + w, 1);
    __builtin_prefetch(st->data + s2 * st->w0 + w, 1);
    __builtin_prefetch(st->data + s3 * st->w0 + w, 1);
}

static void row_range(gr_s3fast *st, long b, long lo, long hi, uint32_t *row)
{
    size_t blk[BATCH];
    for (long a0 = lo; a0 < hi; a0 += BATCH) {
        long m = hi - a0 < BATCH ? hi - a0 : BATCH;
        for (long j = 0; j < m; j++) {
            long a = a0 + j;
            prefetch_summaries(st, (size_t)(2 * b - a), (size_t)(a + b), (size_t)(b - 2 * a), &blk[j]);
        }
        for (long j = 0; j < m; j++) {
            long a = a0 + j;
            prefetch_data(st, (size_t)(2 * b - a), (size_t)(a + b), (size_t)(b - 2 * a), blk[j]);
        }
        for (long j = 0; j < m; j++) {
            long a = a0 + j;
            size_t s1 = (size_t)(2 * b - a), s2 = (size_t)(a + b), s3 = (size_t)(b - 2 * a);
            uint32_t g = mex3(st, s1, s2, s3);
            row[a] = g;
            slot_add(st, s1, g);
            slot_add(st, s2, g);
            slot_add(st, s3, g);
        }
    }
}

void gr_s3fast_row(gr_s3fast *st, uint32_t *row)
{
    const long b = st->next;
    const long len = b / 2 + 1;
    /* Reads and writes of position a touch only slots 2b-a, a+b, b-2a,
     * which no other position of the row touches (docs/sharing-table.md),
     * so the row splits into independent ranges. */
    if (len < PAR_MIN) {
        row_range(st, b, 0, len, row);
    } else {
#pragma omp parallel
        {
            int t = 0, nt = 1;
#ifdef _OPENMP
            t = omp_get_thread_num();
            nt = omp_get_num_threads();
#endif
            long lo = len * t / nt, hi = len * (t + 1) / nt;
            row_range(st, b, lo, hi, row);
        }
    }
    st->next++;
}

void gr_s3fast_feed(gr_s3fast *st, const uint32_t *row)
{
    const long b = st->next;
    const long len = b / 2 + 1;
#pragma omp parallel for schedule(static, 256) if (len >= PAR_MIN)
    for (long a = 0; a < len; a++) {
        size_t s1 = (size_t)(2 * b - a), s2 = (size_t)(a + b), s3 = (size_t)(b - 2 * a);
        slot_add(st, s1, row[a]);
        if (s2 != s1) slot_add(st, s2, row[a]);
        slot_add(st, s3, row[a]);
    }
    st->next++;
}

int gr_s3table_fast(gr_s3table *t, uint32_t n, gr_error *err)
{
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, n, err);
    if (rc) return rc;
    size_t cells = gr_s3table_index(0, n + 1);
    t->n = n;
    t->v = malloc(cells * sizeof *t->v);
    uint32_t *row = malloc(((size_t)n / 2 + 1) * sizeof *row);
    if (!t->v || !row) {
        free(row);
        gr_s3table_free(t);
        gr_s3fast_free(st);
        return gr_fail(err, GR_EINPUT, "table to %u needs %zu MiB; not enough memory", n, cells * 4 >> 20);
    }
    for (uint32_t b = 0; b <= n; b++) {
        gr_s3fast_row(st, row);
        for (uint32_t a = 0; a <= b / 2; a++) {
            t->v[gr_s3table_index(a, b)] = row[a];
            t->v[gr_s3table_index(b - a, b)] = row[a];
        }
    }
    free(row);
    gr_s3fast_free(st);
    return GR_OK;
}
