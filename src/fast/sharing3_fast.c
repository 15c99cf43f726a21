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


/* Strips (docs/sharing-table.md, "Strips"): rows b0..b1-1 in strips of at
 * most STRIP_T positions whose bounds move one position left per row, so the
 * slots a strip touches stay in cache across its rows. Every option of a
 * position lies before the band, in an earlier strip, or in an earlier row
 * of its own strip; and no position processed early (a later row of an
 * earlier strip) lies on a line in a way that puts its value into a set
 * too soon. */
#define STRIP_T 256
#define STRIP_R 256
#define RETRY_EPOCHS 8

/* One band of rows by strips on nt threads. Strips are claimed in order
 * from a counter, so a thread that finished early takes the next one (no
 * fixed share that leaves one thread a strip more than the others); strip
 * i computes row b0+r once strip i-1 has finished rows b0..b0+r-1 (each
 * strip publishes its rows done in its own cache line), so strip i-m has
 * finished rows up to r-m. An option k rows up lies at most k strips back
 * (a - a' <= 2k for every option, strip bounds move one position per row,
 * strips are at least STRIP_MIN >= 3 wide), so it is finished; positions
 * of one row never share a slot; and a later row of an earlier strip never
 * writes a slot that position reads (docs/sharing-table.md, "Any number of
 * threads"). So the values are those of one thread, whatever nt, the strip
 * width and the order strips are claimed in.
 *
 * The hand-over of the band before runs on the same threads, items claimed
 * from a second counter: by a thread with no strip left, and by one that
 * has spun a while waiting for the strip before (instead of yielding). */
#define STRIP_MIN 64
#define SPINS 200

typedef struct line_word {
    _Alignas(64) _Atomic long v;
} line_word;

/* What one thread did in a band, in its own cache line. */
typedef struct thread_word {
    _Alignas(64) uint64_t waited_ns;
    uint64_t handed_ns, end_ns;
    uint32_t vmax;
} thread_word;

/* A band computed but not yet handed over: its rows and where they go. */
typedef struct held {
    bool on;
    uint32_t b0, count;
    const uint32_t *rows;
} held;

typedef struct band {
    gr_s3fast *st;
    uint32_t b0, b1;
    uint32_t *rows;
    size_t stride;
    long nstrips, width;
    int nt, cap;
    line_word *prog;           /* per strip: rows done */
    line_word *claim;          /* [0]: the next strip; [1]: items, (count << 32) | next to claim; [2]: items done */
    thread_word *tw;
    const gr_s3fast_sink *k;
    /* The hand-over job of a region (handover != 0): one thread ends the
     * band whose items are out (`live`, two bands back) once they are done,
     * then begins the band before (`prev`) and puts its items out, while the
     * other threads compute. */
    bool handover;
    _Atomic int job;           /* taken by the first thread in */
    held live, prev;
    int rc;                    /* the job's begin or end failed */
} band;

/* One hand-over item on thread t; false when none is out. The count and
 * the next index share one word, so putting a band's items out (a store
 * once every item before is claimed) and claiming (a compare-and-swap)
 * never mix two bands' items. */
static bool take_item(band *bd, int t)
{
    _Atomic long *c = &bd->claim[1].v;
    long v = atomic_load_explicit(c, memory_order_acquire);
    for (;;) {
        /* a load first: once the items are gone, waiters only read the line */
        if ((v & 0xFFFFFFFFL) >= (v >> 32)) return false;
        if (atomic_compare_exchange_weak_explicit(c, &v, v + 1, memory_order_acq_rel, memory_order_acquire)) break;
    }
    uint64_t t0 = now_ns();
    bd->k->item(bd->k->ctx, v & 0xFFFFFFFFL, t);
    atomic_fetch_add_explicit(&bd->claim[2].v, 1, memory_order_release);
    bd->tw[t].handed_ns += now_ns() - t0;
    return true;
}

static long items_out(const band *bd)
{
    return atomic_load_explicit(&bd->claim[1].v, memory_order_acquire) >> 32;
}

/* The items of the band handed over are all done (and none is out: count 0). */
static void items_finish(band *bd, int t)
{
    while (take_item(bd, t)) {
    }
    long n = items_out(bd);
    while (atomic_load_explicit(&bd->claim[2].v, memory_order_acquire) < n) sched_yield();
}

/* Puts n items out (every earlier item claimed and done). */
static void items_put(band *bd, long n)
{
    atomic_store_explicit(&bd->claim[2].v, 0, memory_order_relaxed);
    atomic_store_explicit(&bd->claim[1].v, n << 32, memory_order_release);
}

/* The hand-over job (one thread of a region, or the caller between
 * regions): the live band ended once its items are done, then the band
 * before begun and its items put out. Begin and end run one at a time, in
 * band order. */
static void handover_job(band *bd, int t)
{
    gr_s3fast *st = bd->st;
    const gr_s3fast_sink *k = bd->k;
    if (bd->rc) return;
    if (bd->live.on) {
        items_finish(bd, t);
        bd->rc = k->end(k->ctx);
        bd->live.on = false;
        if (bd->rc) return;
        st->next = bd->live.b0 + bd->live.count;
    }
    if (!bd->prev.on) return;
    long items = 0;
    held p = bd->prev;
    bd->prev.on = false;
    bd->rc = k->begin(k->ctx, p.b0, p.count, p.rows, bd->stride, bd->cap, &items);
    if (bd->rc) return;
    if (items > 0) {
        bd->live = p;
        items_put(bd, items);
    } else {
        bd->rc = k->end(k->ctx);
        if (!bd->rc) st->next = p.b0 + p.count;
    }
}

/* A strip computes each row's last HEAD positions first and says so before
 * it computes the rest: the strip after it needs no more of that row (its
 * options one row up lie at most 2 positions left of its first position,
 * which is one past this strip's last; docs/sharing-table.md, "Any number
 * of threads"), so it may go on a row while this one finishes, instead of
 * in lock step. At least 3; a prefetching batch. */
#define HEAD BATCH

/* Waits until strip i-1 has finished rows 0..r-2 of the band and the head
 * of row r-1 (its progress counts half rows: 2r+1 once row r's head is
 * done, 2r+2 once the row is). */
static void wait_strip(band *bd, long i, long r, int t)
{
    _Atomic long *pr = &bd->prog[i - 1].v;
    long need = 2 * r - 1;
    if (atomic_load_explicit(pr, memory_order_acquire) >= need) return;
    thread_word *w = &bd->tw[t];
    uint64_t t0 = now_ns(), handed0 = w->handed_ns;
    unsigned spins = 0;
    while (atomic_load_explicit(pr, memory_order_acquire) < need) {
        if (++spins < SPINS) continue;
        if (!take_item(bd, t)) sched_yield();
    }
    w->waited_ns += now_ns() - t0 - (w->handed_ns - handed0);
}

static void run_strip(band *bd, long i, int t)
{
    gr_s3fast *st = bd->st;
    long R = (long)(bd->b1 - bd->b0), base = i * bd->width;
    uint32_t vmax = bd->tw[t].vmax;
    for (long r = 0; r < R; r++) {
        /* the band's first row reads only rows before the band */
        if (i > 0 && r > 0) wait_strip(bd, i, r, t);
        long b = (long)bd->b0 + r;
        long lo = base - r, hi = lo + bd->width, len = b / 2 + 1;
        if (lo < 0) lo = 0;
        if (hi > len) hi = len;
        uint32_t *row = bd->rows + (size_t)r * bd->stride;
        long mid = hi - HEAD > lo ? hi - HEAD : lo;
        if (mid < hi) batched_range(st, b, mid, hi, row);
        atomic_store_explicit(&bd->prog[i].v, 2 * r + 1, memory_order_release);
        if (lo < mid) batched_range(st, b, lo, mid, row);
        /* the values are in cache now: the largest costs little here, not serially later */
        for (long a = lo; a < hi; a++)
            if (row[a] > vmax) vmax = row[a];
        atomic_store_explicit(&bd->prog[i].v, 2 * r + 2, memory_order_release);
    }
    bd->tw[t].vmax = vmax;
}

static void band_thread(band *bd, int t)
{
    if (bd->handover && atomic_exchange_explicit(&bd->job, 1, memory_order_relaxed) == 0) {
        uint64_t t0 = now_ns(), h0 = bd->tw[t].handed_ns;
        handover_job(bd, t);
        /* begin and end are handing over too (their items counted already) */
        bd->tw[t].handed_ns = h0 + (now_ns() - t0);
    }
    for (;;) {
        long i = atomic_fetch_add_explicit(&bd->claim[0].v, 1, memory_order_relaxed);
        if (i >= bd->nstrips) break;
        run_strip(bd, i, t);
    }
    while (take_item(bd, t)) {
    }
    bd->tw[t].end_ns = now_ns();
}

/* Strips of STRIP_T positions in a band of rows b0..b1-1. */
static long band_strip_count(uint32_t b0, uint32_t b1)
{
    long R = (long)(b1 - b0), amax = ((long)b1 - 1) / 2;
    return (amax + R - 1) / STRIP_T + 1;
}

/* The strip width for nt threads: at most STRIP_T, and as many strips as
 * a whole number of rounds of nt, so the last round does not leave most
 * threads idle (66 strips on 16 threads were 5 rounds for one thread, 4
 * for the others). */
static long strip_width(uint32_t b0, uint32_t b1, int nt)
{
    long span = ((long)b1 - 1) / 2 + (long)(b1 - b0);   /* positions a strip boundary sweeps */
    long per = (long)nt * STRIP_T, rounds = (span + per - 1) / per;
    long w = (span + rounds * nt - 1) / (rounds * nt);
    return w < STRIP_MIN ? STRIP_MIN : w > STRIP_T ? STRIP_T : w;
}

/* What a band's threads did: wall time is the caller's. */
typedef struct band_use {
    int used;
    double waited, tail, handed;
} band_use;

/* Rows b0..b1-1 (set in bd) on nt threads (fewer if OpenMP grants fewer),
 * with bd->items of the band before's hand-over. */
static void band_strips(band *bd, int nt, band_use *u)
{
#ifndef _OPENMP
    nt = 1;   /* without OpenMP there is no other thread */
#endif
    bd->nt = nt;
    for (long i = 0; i < bd->nstrips; i++) atomic_init(&bd->prog[i].v, 0);
    atomic_init(&bd->claim[0].v, 0);
    atomic_init(&bd->job, 0);
    for (int t = 0; t < nt; t++) bd->tw[t] = (thread_word){0};
    if (nt == 1) {
        band_thread(bd, 0);
    } else {
#pragma omp parallel num_threads(nt)
        {
#ifdef _OPENMP
            if (omp_get_thread_num() == 0) bd->nt = omp_get_num_threads();
            band_thread(bd, omp_get_thread_num());
#endif
        }
    }
    uint64_t last = 0;
    *u = (band_use){bd->nt, 0, 0, 0};
    for (int t = 0; t < bd->nt; t++)
        if (bd->tw[t].end_ns > last) last = bd->tw[t].end_ns;
    for (int t = 0; t < bd->nt; t++) {
        const thread_word *w = &bd->tw[t];
        u->tail += (last - w->end_ns) * 1e-9;
        u->waited += w->waited_ns * 1e-9;
        u->handed += w->handed_ns * 1e-9;
        if (w->vmax > bd->st->vmax) bd->st->vmax = w->vmax;
    }
}

static int cores(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* Where rows go: a row function, a band function, or a pipelined sink. */
typedef struct feed {
    gr_s3fast *st;
    gr_s3fast_fn fn;
    gr_s3fast_band_fn band;
    const gr_s3fast_sink *k;
    void *ctx;
} feed;

/* A row or band function as a sink with no items: the rows are handed
 * over between bands, st->next moving past each row handed over. */
static int feed_begin(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                      long *items)
{
    feed *f = ctx;
    int rc = 0;
    *items = 0;
    if (f->band) {
        rc = f->band(f->ctx, b0, count, rows, stride, threads);
        f->st->next = b0 + count;
        return rc;
    }
    for (uint32_t b = b0; b < b0 + count && !rc; b++) {
        if (f->fn) rc = f->fn(f->ctx, b, rows + (size_t)(b - b0) * stride);
        f->st->next = b + 1;
    }
    return rc;
}

static void feed_item(void *ctx, long i, int thread) { (void)ctx, (void)i, (void)thread; }
static int feed_end(void *ctx) { return (void)ctx, 0; }

/* Runs the hand-over items out on up to nt threads, no strips. */
static void items_alone(band *bd, int nt, band_use *u)
{
    long left = items_out(bd);
    if (nt > left) nt = (int)left;
    if (nt < 1) nt = 1;
    bd->nstrips = 0;
    bd->handover = false;
    band_strips(bd, nt, u);
}

/* Rows in bands of STRIP_R on up to `cap` threads, never more than a band
 * has strips of STRIP_T. While band j is computed, the same threads hand
 * band j-1 over: the first thread into the region ends band j-2 (its items
 * done) and begins band j-1, whose items the others take when they wait
 * for a strip and when their strips are done; the rest of them are done in
 * the next region. So nothing runs on one thread between bands but the
 * start of a parallel region, and three bands of rows are held (computed,
 * being handed over, and the one whose items may still run). With the
 * adaptive default, a band in which the threads waited more than half
 * their time is followed by bands on half as many (a busy machine
 * deschedules threads that must run in step), and the full count is tried
 * again later. A row or band function (no items) is still called between
 * bands, on the calling thread. */
static int run_strips(gr_s3fast *st, uint32_t count, int cap, const gr_s3fast_sink *k, bool inside)
{
#ifndef _OPENMP
    cap = 1;
#endif
    size_t stride = (size_t)st->n / 2 + 1;
    size_t maxstrips = ((size_t)st->n / 2 + STRIP_R) / STRIP_MIN + 2;
    int nbuf = inside ? 3 : 2;
    uint32_t *rows = malloc((size_t)nbuf * STRIP_R * stride * sizeof *rows);
    line_word *prog = aligned_alloc(64, maxstrips * sizeof *prog);
    line_word *claim = aligned_alloc(64, 3 * sizeof *claim);
    thread_word *tw = aligned_alloc(64, (size_t)cap * sizeof *tw);
    if (!rows || !prog || !claim || !tw) {
        free(rows), free(prog), free(claim), free(tw);
        return GR_ENOMEM;
    }
    for (int i = 0; i < 3; i++) atomic_init(&claim[i].v, 0);
    band bd = {.st = st, .stride = stride, .prog = prog, .claim = claim, .tw = tw, .k = k, .cap = cap};
    uint32_t b0 = st->next, end = st->next + count;
    int rc = 0, lowered = cap, lowered_left = 0, buf = 0, allowed = cap;
    band_use u;
    while (!rc && b0 < end) {
        uint32_t b1 = end - b0 < STRIP_R ? end : b0 + STRIP_R;
        allowed = lowered_left > 0 ? lowered : cap;
        int nt = allowed;
        long nstrips = band_strip_count(b0, b1);
        if (nt > nstrips) nt = (int)nstrips;
        bd.b0 = b0, bd.b1 = b1;
        bd.rows = rows + (size_t)buf * STRIP_R * stride;
        bd.width = strip_width(b0, b1, nt);
        bd.nstrips = ((long)(b1 - 1) / 2 + (long)(b1 - b0) - 1) / bd.width + 1;
        bd.handover = inside;
        double t0 = now_ns() * 1e-9;
        band_strips(&bd, nt, &u);
        double wall = now_ns() * 1e-9 - t0;
        count_usage(st, u.used, wall, u.waited + u.tail);
        st->use.handed_s += u.handed;
        rc = bd.rc;
        if (lowered_left > 0) lowered_left--;
        /* waiting in step is what a busy machine causes; the tail is not, nor
         * a band of a round or two of strips (the first bands: a strip there
         * mostly waits for the one before, whatever the machine) */
        if (u.used > 1 && st->threads == 0 && bd.nstrips >= 3L * u.used && u.waited > 0.5 * u.used * wall) {
            lowered = u.used / 2;
            lowered_left = RETRY_EPOCHS * 8;
        }
        bd.prev = (held){true, b0, b1 - b0, bd.rows};
        if (!inside && !rc) {
            /* between bands, on this thread: end the band before, begin this one */
            t0 = now_ns() * 1e-9;
            handover_job(&bd, 0);
            rc = bd.rc;
            st->use.deliver_s += now_ns() * 1e-9 - t0;
            st->use.alone_s += now_ns() * 1e-9 - t0;
        }
        b0 = b1;
        buf = (buf + 1) % nbuf;
    }
    /* the bands not handed over yet, on the threads alone (counted as
     * handing over between bands, not computing) */
    while (!rc && (bd.live.on || bd.prev.on)) {
        double t0 = now_ns() * 1e-9;
        if (bd.live.on && items_out(&bd) > 0) items_alone(&bd, allowed, &u);
        double t1 = now_ns() * 1e-9;
        handover_job(&bd, 0);
        rc = bd.rc;
        st->use.deliver_s += now_ns() * 1e-9 - t0;
        st->use.alone_s += now_ns() * 1e-9 - t1;
    }
    free(rows), free(prog), free(claim), free(tw);
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

/* A row of the rows path to a band function or a pipelined sink, whose
 * items then run here. */
static int feed_row(void *ctx, uint32_t b, const uint32_t *row)
{
    const feed *f = ctx;
    if (f->band) return f->band(f->ctx, b, 1, row, 0, 1);
    long items = 0;
    int rc = f->k->begin(f->k->ctx, b, 1, row, 0, 1, &items);
    for (long i = 0; !rc && i < items; i++) f->k->item(f->k->ctx, i, 0);
    return rc ? rc : f->k->end(f->k->ctx);
}

/* Strips on the threads asked for (all cores by default); below PIPE_MIN
 * the default is one thread by rows, where strips and threads cost more
 * than they bring. */
static int run(gr_s3fast *st, uint32_t count, feed *f)
{
    if (count > st->n + 1 - st->next) count = st->n + 1 - st->next;
    gr_s3fast_fn fn = f->fn || (!f->band && !f->k) ? f->fn : feed_row;
    void *ctx = fn == feed_row ? (void *)f : f->ctx;
    gr_s3fast_sink adapter = {feed_begin, feed_item, feed_end, f};
    const gr_s3fast_sink *k = f->k ? f->k : &adapter;
    if (st->rows) return rows_in_step(st, count, st->rows, fn, ctx);
    if (st->threads) return run_strips(st, count, st->threads, k, f->k != NULL);
    if (st->n < PIPE_MIN) return rows_in_step(st, count, 1, fn, ctx);
    return run_strips(st, count, cores(), k, f->k != NULL);
}

int gr_s3fast_rows(gr_s3fast *st, uint32_t count, gr_s3fast_fn fn, void *ctx)
{
    feed f = {st, fn, NULL, NULL, ctx};
    return run(st, count, &f);
}

int gr_s3fast_bands(gr_s3fast *st, uint32_t count, gr_s3fast_band_fn fn, void *ctx)
{
    feed f = {st, NULL, fn, NULL, ctx};
    return run(st, count, &f);
}

int gr_s3fast_pipelined(gr_s3fast *st, uint32_t count, const gr_s3fast_sink *k)
{
    feed f = {st, NULL, NULL, k, NULL};
    return run(st, count, &f);
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
