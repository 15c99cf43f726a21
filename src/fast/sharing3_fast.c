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
 * that one set fills, and ORs data words only where no single set is full.
 *
 * Memory is word-major: word w of every slot, then word w+1, ... Positions
 * next to each other in a row use neighbouring slots and have values close
 * to each other (a row's values come in a few clusters), so they share cache
 * lines; and the region of one word index is a couple of MiB, so huge pages
 * cover it with few TLB entries. Bands above the largest value are never
 * touched and never committed. */
/* MAP_ANONYMOUS, MAP_NORESERVE and madvise are outside POSIX 2008 */
#define _DEFAULT_SOURCE
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

struct gr_s3fast {
    uint32_t n;
    uint32_t next;          /* next row */
    size_t w0;              /* data words per slot: values 0..n */
    size_t w1;              /* summary words per slot */
    size_t nslots;
    uint64_t *data;         /* w0 bands of nslots words, mmap'd: committed when touched */
    size_t data_bytes;
    uint64_t *sum1;         /* w1 bands of nslots words */
    uint64_t *sum2;         /* nslots */
    uint32_t vmax;          /* largest value so far: bands above it are untouched */
    uint32_t *rowbuf;       /* three rows for the pipeline */
    int threads;            /* strips on at most this many threads; 0: every core, adaptive */
    int rows;               /* 1 or 2: rows in step on that many threads instead (tests) */
    size_t stride;          /* words per band: nslots */
    gr_s3fast_usage use;
};

int gr_s3fast_new(gr_s3fast **out, uint32_t n, gr_error *err)
{
    *out = NULL;
    if (n > GR_S3FAST_MAX_N) return gr_fail(err, GR_EINPUT, "the fast table goes to N = %u, not %u", GR_S3FAST_MAX_N, n);
    gr_s3fast *st = calloc(1, sizeof *st);
    if (!st) return gr_fail_nomem(err);
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
#ifdef MADV_HUGEPAGE
    madvise(p, st->data_bytes, MADV_HUGEPAGE);
#endif
    st->stride = st->nslots;
    st->data = p;
    st->sum1 = calloc(st->nslots * st->w1, sizeof *st->sum1);
    st->sum2 = calloc(st->nslots, sizeof *st->sum2);
    st->rowbuf = malloc(3 * ((size_t)n / 2 + 1) * sizeof *st->rowbuf);
    if (!st->sum1 || !st->sum2 || !st->rowbuf) {
        gr_s3fast_free(st);
        return gr_fail_nomem(err);
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
    free(st->rowbuf);
    free(st);
}

uint32_t gr_s3fast_next(const gr_s3fast *st) { return st->next; }

void gr_s3fast_set_threads(gr_s3fast *st, int threads)
{
    st->threads = threads >= 1 && threads <= GR_S3FAST_MAX_THREADS ? threads : 0;
    st->rows = 0;
}

void gr_s3fast_set_rows(gr_s3fast *st, int threads)
{
    st->rows = threads == 2 ? 2 : 1;
}

void gr_s3fast_get_usage(const gr_s3fast *st, gr_s3fast_usage *u)
{
    *u = st->use;
}

/* Adds one parallel run of `nt` threads that took `wall` seconds. */
static void count_usage(gr_s3fast *st, int nt, double wall, double waited)
{
    if (nt > st->use.threads) st->use.threads = nt;
    st->use.wall_s += wall;
    st->use.thread_s += nt * wall;
    st->use.waited_s += waited;
}

size_t gr_s3fast_touched_bytes(const gr_s3fast *st)
{
    /* bands are committed whole (huge pages), up to the largest value */
    size_t top = (size_t)st->vmax / 64 + 1;
    return top * st->stride * 8 + st->nslots * (st->w1 + 1) * 8;
}

static inline void slot_add(gr_s3fast *st, size_t s, uint32_t v)
{
    size_t w = v >> 6;
    uint64_t *d = st->data + w * st->stride + s;
    *d |= (uint64_t)1 << (v & 63);
    if (*d != ~(uint64_t)0) return;
    uint64_t *s1 = st->sum1 + (w >> 6) * st->stride + s;
    *s1 |= (uint64_t)1 << (w & 63);
    if (*s1 == ~(uint64_t)0) st->sum2[s] |= (uint64_t)1 << (w >> 6);
}

static inline uint32_t mex3(const gr_s3fast *st, size_t x, size_t y, size_t z)
{
    const size_t k = st->stride;
    const uint64_t *dx = st->data + x, *dy = st->data + y, *dz = st->data + z;
    const uint64_t *sx = st->sum1 + x, *sy = st->sum1 + y, *sz = st->sum1 + z;
    uint64_t blocks = ~(st->sum2[x] | st->sum2[y] | st->sum2[z]);
    /* the value n+1 is never in a set, so some block has room */
    while (blocks) {
        size_t i = (size_t)__builtin_ctzll(blocks);
        blocks &= blocks - 1;
        uint64_t cand = ~(sx[i * k] | sy[i * k] | sz[i * k]);
        while (cand) {
            size_t w = i * 64 + (size_t)__builtin_ctzll(cand);
            cand &= cand - 1;
            uint64_t u = dx[w * k] | dy[w * k] | dz[w * k];
            if (u != ~(uint64_t)0) return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~u));
        }
    }
    return UINT32_MAX;   /* unreachable: w0 words hold n+1 values and at most n are present */
}

/* Positions whose memory is requested together. The loads of one mex form
 * a chain (block summary, then word summary, then data word), each step
 * usually a cache miss; prefetching the next step for a batch of
 * independent positions keeps many misses in flight instead of one. */
#define BATCH 16

static inline void prefetch_summaries(const gr_s3fast *st, size_t s1, size_t s2, size_t s3, size_t *wout)
{
    uint64_t blocks = ~(st->sum2[s1] | st->sum2[s2] | st->sum2[s3]);
    size_t i = blocks ? (size_t)__builtin_ctzll(blocks) : 0;
    __builtin_prefetch(st->sum1 + i * st->stride + s1);
    __builtin_prefetch(st->sum1 + i * st->stride + s2);
    __builtin_prefetch(st->sum1 + i * st->stride + s3);
    *wout = i;
}

static inline void prefetch_data(const gr_s3fast *st, size_t s1, size_t s2, size_t s3, size_t i)
{
    const uint64_t *s1p = st->sum1 + i * st->stride;
    uint64_t cand = ~(s1p[s1] | s1p[s2] | s1p[s3]);
    size_t w = i * 64 + (cand ? (size_t)__builtin_ctzll(cand) : 0);
    __builtin_prefetch(st->data + w * st->stride + s1, 1);
    __builtin_prefetch(st->data + w * st->stride + s2, 1);
    __builtin_prefetch(st->data + w * st->stride + s3, 1);
}

static void compute_range(gr_s3fast *st, long b, long lo, long hi, uint32_t *row)
{
    for (long a = lo; a < hi; a++) {
        size_t s1 = (size_t)(2 * b - a), s2 = (size_t)(a + b), s3 = (size_t)(b - 2 * a);
        uint32_t g = mex3(st, s1, s2, s3);
        row[a] = g;
        slot_add(st, s1, g);
        slot_add(st, s2, g);
        slot_add(st, s3, g);
    }
}

/* Positions lo..hi-1 of row b, in prefetching batches. */
static void batched_range(gr_s3fast *st, long b, long lo, long hi, uint32_t *row)
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
        compute_range(st, b, a0, a0 + m, row);
    }
}

/* Two threads, one row each, in step: thread t takes rows start+t,
 * start+t+2, ... Position a of row q reads what positions a-2, a+1 and (near
 * the fold) q-2-a of row q-1 wrote, and every older row is complete (the
 * other thread is on q-1, so it finished q-3). Row q may therefore work on
 * positions up to a while row q-1 has finished positions 0..a+1; the two
 * rows then touch disjoint slots (docs/sharing-table.md, "Two rows at
 * once"). Unlike a barrier per row, the lag lets each thread run on while
 * the other is descheduled by a busy machine, and waits yield the core. */
/* Below this, by default, more threads cost more than they bring. */
#define PIPE_MIN 4096

typedef struct pipe {
    gr_s3fast *st;
    uint32_t start, count;
    int nt;
    uint32_t *buf[3];
    _Atomic uint64_t prog[2];   /* ((row + 1) << 32) | positions done */
    _Atomic uint32_t delivered; /* rows handed to fn, from start */
    _Atomic int stop;
    gr_s3fast_fn fn;
    void *ctx;
    int rc;
    _Atomic uint64_t waited_ns;  /* time the threads spent waiting for each other */
} pipe;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void pause_briefly(unsigned *spins, uint64_t *since)
{
    if (++*spins == 200) *since = now_ns();
    if (*spins > 200) sched_yield();
}

static void add_wait(pipe *p, unsigned spins, uint64_t since)
{
    if (spins >= 200) atomic_fetch_add_explicit(&p->waited_ns, now_ns() - since, memory_order_relaxed);
}

/* Waits until row q has positions 0..need-1 done; false when stopping. */
static bool wait_row(pipe *p, uint32_t q, uint32_t need)
{
    if (q < p->start) return true;
    _Atomic uint64_t *pr = &p->prog[(q - p->start) % 2];
    unsigned spins = 0;
    uint64_t since = 0;
    for (;;) {
        uint64_t v = atomic_load_explicit(pr, memory_order_acquire);
        uint64_t row1 = v >> 32;
        if (row1 > (uint64_t)q + 1 || (row1 == (uint64_t)q + 1 && (uint32_t)v >= need)) {
            add_wait(p, spins, since);
            return true;
        }
        if (atomic_load_explicit(&p->stop, memory_order_relaxed)) return false;
        pause_briefly(&spins, &since);
    }
}

static void pipe_thread(pipe *p, int t)
{
    gr_s3fast *st = p->st;
    for (uint32_t q = p->start + (uint32_t)t; q < p->start + p->count; q += (uint32_t)p->nt) {
        uint32_t *row = p->buf[q % 3];
        long len = (long)q / 2 + 1;
        uint32_t plen = q ? (q - 1) / 2 + 1 : 0;
        for (long a0 = 0; a0 < len; a0 += BATCH) {
            long m = len - a0 < BATCH ? len - a0 : BATCH;
            if (p->nt > 1 && q > 0) {
                uint32_t need = (uint32_t)(a0 + m + 1);
                if (need > plen) need = plen;
                if (!wait_row(p, q - 1, need)) return;
            }
            batched_range(st, (long)q, a0, a0 + m, row);
            atomic_store_explicit(&p->prog[t], ((uint64_t)q + 1) << 32 | (uint64_t)(a0 + m), memory_order_release);
        }
        /* rows go to fn in order */
        unsigned spins = 0;
        uint64_t since = 0;
        while (atomic_load_explicit(&p->delivered, memory_order_acquire) != q - p->start) {
            if (atomic_load_explicit(&p->stop, memory_order_relaxed)) return;
            pause_briefly(&spins, &since);
        }
        add_wait(p, spins, since);
        for (long a = 0; a < len; a++)
            if (row[a] > st->vmax) st->vmax = row[a];
        if (p->fn) {
            int rc = p->fn(p->ctx, q, row);
            if (rc) {
                p->rc = rc;
                atomic_store(&p->stop, 1);
                return;
            }
        }
        atomic_store_explicit(&p->delivered, q - p->start + 1, memory_order_release);
    }
}


/* Strips (docs/sharing-table.md, "Strips"): rows b0..b1-1 in strips of
 * STRIP_T positions whose bounds move one position left per row, so the
 * slots a strip touches stay in cache across its rows. Every option of a
 * position lies before the band, in an earlier strip, or in an earlier row
 * of its own strip; and no position processed early (a later row of an
 * earlier strip) lies on a line in a way that puts its value into a set
 * too soon. */
#define STRIP_T 256
#define STRIP_R 256
#define RETRY_EPOCHS 8

/* One band of rows by strips on nt threads: thread t takes strips t, t+nt,
 * t+2nt, ...; strip i computes row b0+r once strip i-1 has finished rows
 * b0..b0+r-1, so strip i-m has finished rows up to r-m. An option k rows
 * up lies at most k strips back (a - a' <= 2k for every option, and strip
 * bounds move one position per row), so it is finished; positions of one
 * row never share a slot; and a later row of an earlier strip never writes
 * a slot that position reads (docs/sharing-table.md, "Any number of
 * threads"). So the values are those of one thread, whatever nt is. */
typedef struct progress_word {
    _Atomic uint64_t v;        /* ((strip + 1) << 32) | rows done */
    uint32_t vmax;             /* the largest value this thread computed */
    char pad[64 - sizeof(uint64_t) - sizeof(uint32_t)];
} progress_word;

typedef struct band {
    gr_s3fast *st;
    uint32_t b0, b1;
    uint32_t *rows;
    size_t stride;
    long nstrips;
    int nt;
    progress_word *prog;       /* one per thread, each on its own cache line */
    double *end;               /* when each thread finished its strips */
    _Atomic uint64_t waited_ns;
} band;

/* Waits until strip i-1 has finished rows 0..r-1 of the band. */
static void wait_strip(band *bd, long i, long r)
{
    _Atomic uint64_t *pr = &bd->prog[(i - 1) % bd->nt].v;
    unsigned spins = 0;
    uint64_t since = 0;
    for (;;) {
        uint64_t v = atomic_load_explicit(pr, memory_order_acquire);
        long strip1 = (long)(v >> 32);
        if (strip1 > i || (strip1 == i && (long)(uint32_t)v >= r)) break;
        if (++spins == 200) since = now_ns();
        if (spins > 200) sched_yield();
    }
    if (spins >= 200) atomic_fetch_add_explicit(&bd->waited_ns, now_ns() - since, memory_order_relaxed);
}

static void strip_thread(band *bd, int t)
{
    gr_s3fast *st = bd->st;
    long R = (long)(bd->b1 - bd->b0);
    for (long i = t; i < bd->nstrips; i += bd->nt) {
        long base = i * STRIP_T;
        for (long r = 0; r < R; r++) {
            /* the band's first row reads only rows before the band */
            if (bd->nt > 1 && i > 0 && r > 0) wait_strip(bd, i, r);
            long b = (long)bd->b0 + r;
            long lo = base - r, hi = lo + STRIP_T, len = b / 2 + 1;
            if (lo < 0) lo = 0;
            if (hi > len) hi = len;
            if (lo < hi) {
                uint32_t *row = bd->rows + (size_t)r * bd->stride;
                batched_range(st, b, lo, hi, row);
                /* the values are in cache now: the largest costs little here, not serially later */
                for (long a = lo; a < hi; a++)
                    if (row[a] > bd->prog[t].vmax) bd->prog[t].vmax = row[a];
            }
            atomic_store_explicit(&bd->prog[t].v, ((uint64_t)i + 1) << 32 | (uint64_t)(r + 1), memory_order_release);
        }
    }
    bd->end[t] = now_ns() * 1e-9;
}

static long band_strip_count(uint32_t b0, uint32_t b1)
{
    long R = (long)(b1 - b0), amax = ((long)b1 - 1) / 2;
    return (amax + R - 1) / STRIP_T + 1;
}

/* Rows b0..b1-1 on nt threads (fewer if OpenMP grants fewer); *used gets
 * the count that ran, *in_step the thread-seconds spent waiting for the
 * strip before, *tail those spent at the end waiting for the slowest. */
static void band_strips(gr_s3fast *st, uint32_t b0, uint32_t b1, uint32_t *rows, size_t stride, int nt, int *used,
                        double *in_step, double *tail)
{
    band bd;
    memset(&bd, 0, sizeof bd);
    bd.st = st;
    bd.b0 = b0;
    bd.b1 = b1;
    bd.rows = rows;
    bd.stride = stride;
    bd.nstrips = band_strip_count(b0, b1);
#ifndef _OPENMP
    nt = 1;   /* without OpenMP there is no other thread */
#endif
    bd.nt = nt;
    progress_word prog1;
    double end1;
    bd.prog = nt > 1 ? aligned_alloc(64, (size_t)nt * sizeof *bd.prog) : &prog1;
    bd.end = nt > 1 ? malloc((size_t)nt * sizeof *bd.end) : &end1;
    if (!bd.prog || !bd.end) {
        if (nt > 1) free(bd.prog), free(bd.end);
        bd.prog = &prog1, bd.end = &end1, bd.nt = nt = 1;   /* one thread needs no bookkeeping memory */
    }
    for (int t = 0; t < nt; t++) atomic_init(&bd.prog[t].v, 0), bd.prog[t].vmax = 0;
    atomic_init(&bd.waited_ns, 0);
    if (nt == 1) {
        strip_thread(&bd, 0);
    } else {
#pragma omp parallel num_threads(nt)
        {
#ifdef _OPENMP
#pragma omp single
            bd.nt = omp_get_num_threads();
            strip_thread(&bd, omp_get_thread_num());
#endif
        }
    }
    double last = 0;
    *tail = 0;
    for (int t = 0; t < bd.nt; t++)
        if (bd.end[t] > last) last = bd.end[t];
    for (int t = 0; t < bd.nt; t++) {
        *tail += last - bd.end[t];
        if (bd.prog[t].vmax > st->vmax) st->vmax = bd.prog[t].vmax;
    }
    *used = bd.nt;
    if (nt > 1) free(bd.prog), free(bd.end);
    *in_step = atomic_load(&bd.waited_ns) * 1e-9;
}

static int cores(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* Where the rows of a band go: to a row function, one row after the other,
 * or to a band function once for the whole band. */
typedef struct sink {
    gr_s3fast_fn fn;
    gr_s3fast_band_fn band;
    void *ctx;
} sink;

/* The band's rows to the sink; st->next moves past the rows handed over. */
static int hand_over(gr_s3fast *st, const sink *k, uint32_t b0, uint32_t b1, const uint32_t *rows, size_t stride,
                     int threads)
{
    int rc = 0;
    if (k->band) {
        rc = k->band(k->ctx, b0, b1 - b0, rows, stride, threads);
        st->next = b1;
        return rc;
    }
    for (uint32_t b = b0; b < b1 && !rc; b++) {
        if (k->fn) rc = k->fn(k->ctx, b, rows + (size_t)(b - b0) * stride);
        st->next = b + 1;
    }
    return rc;
}

/* Rows in bands of STRIP_R on up to `cap` threads, never more than a band
 * has strips. With the adaptive default, a band in which the threads
 * waited more than half their time is followed by bands on half as many
 * (a busy machine deschedules threads that must run in step), and the full
 * count is tried again later. */
static int run_strips(gr_s3fast *st, uint32_t count, int cap, const sink *k)
{
    size_t stride = (size_t)st->n / 2 + 1;
    uint32_t *rows = malloc(STRIP_R * stride * sizeof *rows);
    if (!rows) return GR_EINPUT;
    uint32_t end = st->next + count;
    int rc = 0, lowered = cap, lowered_left = 0;
    while (!rc && st->next < end) {
        uint32_t b0 = st->next, b1 = end - b0 < STRIP_R ? end : b0 + STRIP_R;
        const int allowed = lowered_left > 0 ? lowered : cap;
        int nt = allowed;
        long nstrips = band_strip_count(b0, b1);
        if (nt > nstrips) nt = (int)nstrips;
        double t0 = now_ns() * 1e-9;
        int used;
        double waited, tail;
        band_strips(st, b0, b1, rows, stride, nt, &used, &waited, &tail);
        double wall = now_ns() * 1e-9 - t0;
        count_usage(st, used, wall, waited + tail);
        if (lowered_left > 0) lowered_left--;
        /* waiting in step is what a busy machine causes; the tail is not */
        if (used > 1 && st->threads == 0 && waited > 0.5 * used * wall) {
            lowered = used / 2;
            lowered_left = RETRY_EPOCHS * 8;
        }
        t0 = now_ns() * 1e-9;
        /* the hand-over splits by columns, not strips: it may use every thread allowed */
        rc = hand_over(st, k, b0, b1, rows, stride, allowed);
        st->use.deliver_s += now_ns() * 1e-9 - t0;
    }
    free(rows);
    return rc;
}

/* Runs `count` rows on nt threads; *waited gets the time lost to waiting. */
static int run_rows(gr_s3fast *st, uint32_t count, int nt, gr_s3fast_fn fn, void *ctx, double *waited)
{
    pipe p;
    memset(&p, 0, sizeof p);
    p.st = st;
    p.start = st->next;
    p.count = count;
    p.fn = fn;
    p.ctx = ctx;
#ifndef _OPENMP
    nt = 1;   /* without OpenMP there is no second thread */
#endif
    p.nt = nt;
    size_t len = (size_t)st->n / 2 + 1;
    for (int i = 0; i < 3; i++) p.buf[i] = st->rowbuf + i * len;
    atomic_init(&p.prog[0], 0);
    atomic_init(&p.prog[1], 0);
    atomic_init(&p.delivered, 0);
    atomic_init(&p.stop, 0);
    atomic_init(&p.waited_ns, 0);
    if (p.nt == 1) {
        pipe_thread(&p, 0);
    } else {
#pragma omp parallel num_threads(2)
        {
#ifdef _OPENMP
            int t = omp_get_thread_num();
            if (omp_get_num_threads() == 2) pipe_thread(&p, t);
            else if (t == 0) p.nt = 1, pipe_thread(&p, 0);
#endif
        }
    }
    st->next += atomic_load(&p.delivered);
    *waited = atomic_load(&p.waited_ns) * 1e-9;
    return p.rc;
}

/* Rows go in epochs of about EPOCH_S seconds, a parallel region each
 * (starting one costs milliseconds on a busy machine). */
#define EPOCH_S 0.5

static int rows_in_step(gr_s3fast *st, uint32_t count, int nt, gr_s3fast_fn fn, void *ctx)
{
    uint32_t end = st->next + count, rows = 1024;
    while (st->next < end) {
        uint32_t c = end - st->next < rows ? end - st->next : rows;
        int used = nt > 1 && c > 1 ? nt : 1;
        double waited, t0 = now_ns() * 1e-9;
        int rc = run_rows(st, c, used, fn, ctx, &waited);
        double wall = now_ns() * 1e-9 - t0;
        count_usage(st, used, wall, waited);
        if (rc) return rc;
        /* rows get longer: keep an epoch near EPOCH_S */
        if (wall < EPOCH_S / 2 && rows < (1u << 20)) rows *= 2;
        else if (wall > 2 * EPOCH_S && rows > 1) rows /= 2;
    }
    return 0;
}

/* A band function fed one row at a time (rows computed one by one). */
static int row_to_band(void *ctx, uint32_t b, const uint32_t *row)
{
    const sink *k = ctx;
    return k->band(k->ctx, b, 1, row, 0, 1);
}

/* Strips on the threads asked for (all cores by default); below PIPE_MIN
 * the default is one thread by rows, where strips and threads cost more
 * than they bring. */
static int run(gr_s3fast *st, uint32_t count, const sink *k)
{
    if (count > st->n + 1 - st->next) count = st->n + 1 - st->next;
    gr_s3fast_fn fn = k->band ? row_to_band : k->fn;
    void *ctx = k->band ? (void *)k : k->ctx;
    if (st->rows) return rows_in_step(st, count, st->rows, fn, ctx);
    if (st->threads) return run_strips(st, count, st->threads, k);
    if (st->n < PIPE_MIN) return rows_in_step(st, count, 1, fn, ctx);
    return run_strips(st, count, cores(), k);
}

int gr_s3fast_rows(gr_s3fast *st, uint32_t count, gr_s3fast_fn fn, void *ctx)
{
    sink k = {fn, NULL, ctx};
    return run(st, count, &k);
}

int gr_s3fast_bands(gr_s3fast *st, uint32_t count, gr_s3fast_band_fn fn, void *ctx)
{
    sink k = {NULL, fn, ctx};
    return run(st, count, &k);
}

static int copy_row(void *ctx, uint32_t b, const uint32_t *row)
{
    memcpy(ctx, row, ((size_t)b / 2 + 1) * sizeof *row);
    return 0;
}

void gr_s3fast_row(gr_s3fast *st, uint32_t *row)
{
    gr_s3fast_rows(st, 1, copy_row, row);
}

void gr_s3fast_feed(gr_s3fast *st, const uint32_t *row)
{
    const long b = st->next;
    const long len = b / 2 + 1;
    for (long a = 0; a < len; a++) {
        size_t s1 = (size_t)(2 * b - a), s2 = (size_t)(a + b), s3 = (size_t)(b - 2 * a);
        slot_add(st, s1, row[a]);
        if (s2 != s1) slot_add(st, s2, row[a]);
        slot_add(st, s3, row[a]);
    }
    for (long a = 0; a < len; a++)
        if (row[a] > st->vmax) st->vmax = row[a];
    st->next++;
}

int gr_s3table_put_row(void *table, uint32_t b, const uint32_t *row)
{
    gr_s3table *t = table;
    for (uint32_t a = 0; a <= b / 2; a++) {
        t->v[gr_s3table_index(a, b)] = row[a];
        t->v[gr_s3table_index(b - a, b)] = row[a];
    }
    return 0;
}

int gr_s3table_fast(gr_s3table *t, uint32_t n, gr_error *err)
{
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, n, err);
    if (rc) return rc;
    size_t cells = gr_s3table_index(0, n + 1);
    t->n = n;
    t->v = malloc(cells * sizeof *t->v);
    if (!t->v) {
        gr_s3fast_free(st);
        return gr_fail_nomem(err);
    }
    gr_s3fast_rows(st, n + 1, gr_s3table_put_row, t);
    gr_s3fast_free(st);
    return GR_OK;
}
