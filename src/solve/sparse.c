/* The sparse-space method for nim-sequences (grundy/sparse.h): the rare pass,
 * the common candidate, the scan for rare values, and the thread pipeline
 * that publishes heaps in order (the heap code is in sparse_heap.h, compiled
 * for byte and for 16-bit values); the values' layout and its widening.
 * docs/takebreak.md has the proof and costs. */
/* madvise(MADV_DONTNEED), which POSIX does not name, drops spilled pages. */
#define _DEFAULT_SOURCE
#include "grundy/sparse.h"
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GR_SPARSE_SIMD 1
#endif

#define UNSET 0xffffu                /* no value: the largest stored is UNSET - 1 */
#define VALUE_WORDS 1024u            /* 65536 values, one bit each (class sets) */
#define RCHUNK_BITS 16
#define RCHUNK (1u << RCHUNK_BITS)
#define RCHUNKS (1u << 16)           /* 2^32 rare heaps at most */
#define FIRST_MASK_AT 4096u          /* the mask is chosen from G(1..4095) */
#define SPILL_KEEP (1ull << 22)      /* heaps kept in memory at each end of a spilled run */
#define PASS (1ull << 24)            /* heaps read between two trims when reading them all */

/* Heaps phase A may run ahead of the last published one: far enough that a
 * thread descheduled for a moment does not stall the others, near enough
 * that phase A sees all but the smallest rare heaps. */
#define AHEAD 512u
#define RING 1024u
#define BATCH 16u                    /* heap_a16 takes whole batches */
/* The publisher shows its count every SHOW_EVERY heaps on several threads
 * (shown). */
#define SHOW_EVERY 16u
/* Stale stages near the front a thread brings up to date after each batch
 * of phase A (GR_SPARSE_REFRESH to vary it; threads with nothing else to do
 * bring them up to date too). */
#define REFRESH_AFTER 2u
/* Pauses an idle thread waits, watching lines that change rarely, before
 * it looks for work again. */
#define IDLE_SPIN 32u
/* Phase B's rare splits pair the heaps not yet published with the rare
 * heaps below about AHEAD: where each rare heap below SMALL lies in the
 * list is kept in a table for the run (filled once heaps below SMALL are
 * published), so the in-order phase does no binary search. */
#define SMALL 2048u
/* The two-byte layout keeps the low byte of every value in a plane of its
 * own, and while at most this many values pass 255 (Grundy's game: one by
 * 8e6, heap 7250049) their heaps in a list: the scan's lookup kernel reads
 * the plane always (its hits are checked on two bytes), the other kernels
 * while the list is whole, doing the splits touching those heaps with two
 * bytes. */
#define BIG_MAX 64u
/* A scan wanting more values than this marks a byte a split over a block
 * of 256 (most blocks find some); then it looks the splits up in the set of
 * values left (scan_filter), which stops at each find. Measured 12 against
 * 4, 6, 8, 16, 24 and 32 on Grundy's game and Officers (user CPU). */
#define FILTER_FROM 12u


/* A set of values below LOW_VALUES, a bit each (the low mode). */
#define LOW_WORDS 8
#define LOW_VALUES (64u * LOW_WORDS)
#define MARK_ROW (LOW_VALUES + 32)    /* a row of marks: the values, then LOW_VALUES for "LOW_VALUES or more" */
typedef struct vset {
    uint64_t w[LOW_WORDS];
} vset;

/* The rare heaps in chunks that never move (threads read them while the
 * publisher appends), heaps and values apart so the rare pass streams. */
typedef struct rare_chunk {
    uint32_t heap[RCHUNK];
    uint16_t value[RCHUNK];
} rare_chunk;

/* Where one thread's time went (GR_SPARSE_STATS), summed over the runs: a
 * few clock reads a batch, a token hold and a refresh. */
typedef struct tstat {
    /* seconds: phase A, phase B (the token held), refreshes, in the pipeline */
    _Alignas(64) double a, b, refresh, total;
    uint64_t a_heaps, b_heaps, holds, refreshes;
    uint64_t depth;                  /* phase B: heaps between a stage's snap and its heap, summed */
    uint64_t bytes;                  /* phase B: heaps done in the byte mode */
    uint64_t b_scanned;              /* phase B: splits its scans examined */
    uint64_t rescans, rescanned;     /* phase B: scans of the old splits for values phase A did not look for, splits */
    uint64_t fronts;                 /* of those rescans, heaps whose phase A ran at the front (no scan of its own) */
    uint64_t a_scanned;              /* phase A: splits its scans examined */
    uint64_t groups, group_passes;   /* phase B: groups of stages taken, of them done with a rare pass for the group */
} tstat;
#define STAT_THREADS 256             /* threads with a row of their own; more share the last */

/* The engine's side of a run's statistics. */
typedef struct run_stats {
    tstat th[STAT_THREADS];
    int most;                        /* rows used */
    uint64_t regions;                /* parallel regions started (one a run of `run`) */
    double region, setup, widen, mask;   /* seconds: in regions, before them (tables, scratch), widening, masks */
} run_stats;

struct gr_sparse {
    gr_tb_code code;
    uint64_t cap;
    void *g;                         /* cap slots of `width` bytes, published ones below count */
    unsigned width;                  /* 1 while every value is below 256, then 2 (promote_to_2) */
    uint8_t *lo;                     /* width 2 in memory: the low byte of every value (else NULL) */
    int spill;                       /* >= 0: g maps this (unlinked) file, trimmed as the run goes */
    uint64_t keep;                   /* heaps kept in memory at each end when spilled */
    size_t map_bytes;
    uint32_t mask;
    bool choose_mask;                /* the mask is still the engine's to choose */
    rare_chunk *rare[RCHUNKS];
    uint32_t gmax;
    vset rare_low;                   /* bit v: v < LOW_VALUES is rare under the mask */
    /* The moves of the code, as lists. */
    int nsplit;
    uint32_t split_i[GR_TB_MAX_DIGITS];
    bool split_uneq[GR_TB_MAX_DIGITS];
    uint32_t split_min;              /* the smallest split digit */
    int ntake;
    uint32_t take_i[GR_TB_MAX_DIGITS];  /* leave one heap, listed digits */
    int p0, period;                  /* the repeating digits (takes only) */
    bool period_take[GR_TB_MAX_DIGITS];
    uint64_t *cls;                   /* period x VALUE_WORDS: G(j), j = rho mod period, 1 <= j <= x - p0 */
    uint64_t scanned;                /* splits the scans examined: each thread's count, summed after a run */
    bool simd;                       /* the processor has AVX2 */
    int failed;                      /* 1: a value past GR_SPARSE_MAX_VALUE; 2: out of memory */
    uint64_t failed_at;
    int threads_used;                /* by the last run */
    double scan_rate;                /* splits scanned a heap in the last run of 4096 heaps or more */
    bool small_ready;                /* below[] holds the rare list's positions for this run */
    /* Phase A's work ahead of the published heaps, kept from one run to the
     * next (a run stops at a checkpoint, a power of two or the end): stages
     * of heaps count..claims->next_a - 1 are done while ahead_ok. Dropped
     * when the values or the rare list change other than by publishing. */
    struct stage *ring;
    struct claims *cl;
    bool ahead_ok;
    uint32_t below[SMALL + 1];       /* below[a]: the first k with rare heap >= a (a <= SMALL), or the count */
    run_stats *stats;                /* GR_SPARSE_STATS set: where the time goes (else NULL) */
    uint32_t show_every;             /* the publisher shows its count every this many heaps (see shown) */
    uint32_t refresh_after;          /* stale stages a thread brings up to date after each phase A batch */
    uint32_t show_asked;             /* GR_SPARSE_SHOW: show_every on several threads (0: SHOW_EVERY) */
    /* Written by the publisher at every heap and read by the thread that
     * takes the token next: a line of its own, which the other threads do
     * not read during a run. */
    _Alignas(64) uint64_t count;     /* heaps 0..count-1 are published (atomic) */
    uint64_t show_next;              /* the publisher's next heap count to show: a multiple of show_every */
    /* The count as the other threads see it (phase A's snap, the room ahead,
     * the end of a run): at most count, brought up to it every show_every
     * heaps, when the token is given back and when the run ends. A line
     * written at every heap and read by every thread costs the publisher a
     * transfer of the line at every heap; the threads lose only a few heaps
     * of the look-ahead. */
    _Alignas(64) uint64_t shown;
    _Alignas(64) uint64_t nrare;     /* rare heaps published (atomic) */
    uint32_t nbig;                   /* heaps in big[], BIG_MAX + 1 once more pass 255 (atomic; before count) */
    uint32_t big[BIG_MAX];           /* with lo: the heaps whose value passes 255, in order */
    _Alignas(64) int promote;        /* the run stops: to widen, or to drop lo (too many values past 255) (atomic) */
};

bool gr_sparse_covers(const gr_tb_code *c, char *why, size_t len)
{
    int p0 = c->len - c->period;
    for (int i = 0; i < c->len; i++) {
        if (c->d[i].mask & ~7u) {
            if (why) snprintf(why, len, "digit d%d leaves more than two heaps", i);
            return false;
        }
        if (c->period && i >= p0 && (c->d[i].mask & 4u)) {
            if (why) snprintf(why, len, "the repeating digit d%d splits a heap", i);
            return false;
        }
    }
    return true;
}

/* A zeroed block aligned to a cache line (NULL when memory is short). */
static void *line_alloc(size_t bytes)
{
    bytes = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, bytes);
    if (p) memset(p, 0, bytes);
    return p;
}

static void set_mask(gr_sparse *s, uint32_t m)
{
    s->ahead_ok = false;
    s->mask = m;
    memset(&s->rare_low, 0, sizeof s->rare_low);
    for (uint32_t v = 0; v < LOW_VALUES; v++)
        if (gr_sparse_is_rare(m, v)) s->rare_low.w[v >> 6] |= 1ull << (v & 63);
}

/* The values in a file of the spill folder, unlinked at once, mapped
 * shared: pages the run no longer needs are dropped from memory (they stay
 * in the file) and come back on demand when a rare scan reaches them. */
static bool map_spill(gr_sparse *s, uint64_t cap, const char *dir, gr_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/.grundy-spill-XXXXXX", dir);
    int fd = mkstemp(path);
    if (fd < 0) {
        gr_fail(err, GR_EINPUT, "cannot create a spill file in %s: %s", dir, strerror(errno));
        return true;
    }
    unlink(path);
    size_t bytes = (size_t)cap * s->width;
    void *m = MAP_FAILED;
    if (ftruncate(fd, (off_t)bytes) == 0) m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) {
        gr_fail(err, GR_EINPUT, "cannot map %.0f MiB of spill file in %s: %s", (double)bytes / 1048576.0, dir,
                strerror(errno));
        close(fd);
        return true;
    }
    s->g = m;
    s->spill = fd;
    s->map_bytes = bytes;
    return false;
}

/* Drops from memory the whole pages within bytes [lo, end) of a spilled
 * run's values (they stay in the file). */
static void drop_bytes(gr_sparse *s, uint64_t lo, uint64_t end)
{
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    lo = (lo + page - 1) / page * page;
    end = end / page * page;
    if (s->spill >= 0 && end > lo) madvise((char *)s->g + lo, end - lo, MADV_DONTNEED);
}

void gr_sparse_trim(gr_sparse *s, uint64_t upto)
{
    if (upto > s->keep) drop_bytes(s, s->keep * s->width, (upto - s->keep) * s->width);
}

/* Widens G(0..n-1) from a byte a value to two. In memory with `plane`, the
 * byte layout is kept as the low-byte plane (lo) beside a new two-byte
 * layout (3 bytes a value; gr_sparse_estimate counts them). Else in place from the top down:
 * value x moves to bytes 2x and 2x + 1, which hold no value below x, so
 * nothing is overwritten before it is read. A stretch at a time, so a
 * spilled run drops each stretch's pages once written (the file grows to
 * two bytes a slot first). In memory, realloc grows the block; for a large
 * block the kernel moves its pages without a copy, so the peak is the
 * 2-byte layout the run would have had without the byte layout. The values
 * do not change, only where they lie. False when memory or the spill file
 * cannot grow (the values are then as they were). */
static bool promote_to_2(gr_sparse *s, uint64_t n, bool plane)
{
    s->ahead_ok = false;
    size_t bytes = (size_t)s->cap * 2;
    void *m;
    if (s->spill < 0 && plane && (m = malloc(bytes))) {
        /* In memory: the byte layout stays as the low-byte plane (lo) and
         * the values are copied to a new two-byte layout. */
        const uint8_t *narrow = s->g;
        uint16_t *wide = m;
        for (uint64_t x = 0; x < n; x++) wide[x] = narrow[x];
        s->lo = s->g;
        s->nbig = 0;
        s->g = m;
        s->width = 2;
        return true;
    }
    if (s->spill >= 0) {
        m = ftruncate(s->spill, (off_t)bytes) == 0 ? mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, s->spill, 0)
                                                   : MAP_FAILED;
        if (m == MAP_FAILED) return false;
        munmap(s->g, s->map_bytes);
        s->map_bytes = bytes;
    } else if (!(m = realloc(s->g, bytes))) {
        return false;
    }
    s->g = m;
    const uint8_t *narrow = m;
    uint16_t *wide = m;
    uint64_t keep = s->keep < n / 2 ? s->keep : n / 2;
    for (uint64_t hi = n; hi > 0;) {
        uint64_t lo = hi > PASS ? hi - PASS : 0;
        for (uint64_t x = hi; x-- > lo;) wide[x] = narrow[x];
        /* The stretch read and the stretch written, both ends kept. */
        uint64_t a = lo > keep ? lo : keep, b = hi < n - keep ? hi : n - keep;
        if (a < b) drop_bytes(s, a, b), drop_bytes(s, 2 * a, 2 * b);
        hi = lo;
    }
    s->width = 2;
    return true;
}

void gr_sparse_keep(gr_sparse *s, uint64_t heaps)
{
    s->keep = heaps;
}

gr_sparse *gr_sparse_new(const gr_tb_code *c, uint64_t cap, uint32_t mask, const char *spill_dir, gr_error *err)
{
    char why[96];
    if (!gr_sparse_covers(c, why, sizeof why)) {
        gr_fail(err, GR_EINPUT, "the sparse method does not cover this code: %s", why);
        return NULL;
    }
    if (cap < 1 || cap > (1ull << 32)) {
        gr_fail(err, GR_EINPUT, "the sparse method computes heaps below 2^32");
        return NULL;
    }
    /* Aligned so that the publisher's line (count) is a line of its own. */
    gr_sparse *s = aligned_alloc(64, sizeof *s);
    if (s) memset(s, 0, sizeof *s);
    /* A byte a value until one passes 255 (most octal games never do). */
    if (s) s->spill = -1, s->keep = SPILL_KEEP, s->width = 1;
    if (!s || (spill_dir ? map_spill(s, cap, spill_dir, err) : !(s->g = malloc(cap)))) {
        if (s && !spill_dir)
            gr_fail_nomem(err);
        free(s);
        return NULL;
    }
    s->code = *c;
    s->cap = cap;
    s->show_every = 1;
    /* Diagnostics, read once here: GR_SPARSE_STATS (where the time goes,
     * gr_sparse_stats_print), GR_SPARSE_SHOW (the publisher's show_every on
     * several threads) and GR_SPARSE_REFRESH (refresh_after), the last two
     * for measuring: the values never depend on them. */
    const char *env = getenv("GR_SPARSE_STATS");
    if (env && *env && strcmp(env, "0") != 0 && !(s->stats = line_alloc(sizeof *s->stats))) {
        free(s->g);
        free(s);
        gr_fail_nomem(err);
        return NULL;
    }
    env = getenv("GR_SPARSE_REFRESH");
    s->refresh_after = env ? (uint32_t)strtoul(env, NULL, 10) : REFRESH_AFTER;
    if (s->refresh_after > 64) s->refresh_after = 64;
    env = getenv("GR_SPARSE_SHOW");
    s->show_asked = env ? (uint32_t)strtoul(env, NULL, 10) : 0;
    if (s->show_asked > 4096) s->show_asked = 4096;
    s->choose_mask = mask == 0;
#ifdef GR_SPARSE_SIMD
    s->simd = __builtin_cpu_supports("avx2");
#endif
    set_mask(s, mask ? mask : 0xffffu);
    s->p0 = c->len - c->period;
    s->period = c->period;
    int explicit_end = c->period ? s->p0 : c->len;
    s->split_min = UINT32_MAX;
    for (int i = 0; i < c->len; i++) {
        gr_tb_digit d = c->d[i];
        if (d.mask & 4u) {
            s->split_i[s->nsplit] = (uint32_t)i;
            s->split_uneq[s->nsplit++] = d.constraint != GR_TB_ANY;
            if ((uint32_t)i < s->split_min) s->split_min = (uint32_t)i;
        }
        if ((d.mask & 2u) && i >= 1 && i < explicit_end) s->take_i[s->ntake++] = (uint32_t)i;
        if (c->period && i >= s->p0) s->period_take[i - s->p0] = (d.mask & 2u) != 0;
    }
    if (s->period && !(s->cls = calloc((size_t)s->period * VALUE_WORDS, sizeof *s->cls))) {
        gr_sparse_free(s);
        gr_fail_nomem(err);
        return NULL;
    }
    return s;
}

void gr_sparse_free(gr_sparse *s)
{
    if (!s) return;
    for (uint32_t k = 0; k < RCHUNKS && s->rare[k]; k++) free(s->rare[k]);
    free(s->cls);
    free(s->lo);
    free(s->ring);
    free(s->cl);
    free(s->stats);
    if (s->spill >= 0) {
        munmap(s->g, s->map_bytes);
        close(s->spill);
    } else {
        free(s->g);
    }
    free(s);
}

uint64_t gr_sparse_count(const gr_sparse *s) { return s->count; }
unsigned gr_sparse_width(const gr_sparse *s) { return s->width; }
const void *gr_sparse_data(const gr_sparse *s) { return s->g; }

uint32_t gr_sparse_value(const gr_sparse *s, uint64_t x)
{
    return s->width == 1 ? ((const uint8_t *)s->g)[x] : ((const uint16_t *)s->g)[x];
}

const uint16_t *gr_sparse_values(gr_sparse *s)
{
    return s->width == 2 || promote_to_2(s, s->count, false) ? s->g : NULL;
}
uint32_t gr_sparse_mask(const gr_sparse *s) { return s->mask; }
uint32_t gr_sparse_max_value(const gr_sparse *s) { return s->gmax; }
uint64_t gr_sparse_rare_count(const gr_sparse *s) { return s->nrare; }
uint64_t gr_sparse_scanned(const gr_sparse *s) { return s->scanned; }
int gr_sparse_threads(const gr_sparse *s) { return s->threads_used ? s->threads_used : 1; }

uint64_t gr_sparse_rare_heap(const gr_sparse *s, uint64_t k)
{
    return s->rare[k >> RCHUNK_BITS]->heap[k & (RCHUNK - 1)];
}

/* ------------------------------------------------------------ publishing */

static bool append_rare(gr_sparse *s, uint64_t heap, uint32_t v)
{
    uint64_t k = s->nrare;
    rare_chunk **chunk = &s->rare[k >> RCHUNK_BITS];
    if (!*chunk) {
        rare_chunk *c = malloc(sizeof *c);
        if (!c) return false;
        __atomic_store_n(chunk, c, __ATOMIC_RELEASE);
    }
    (*chunk)->heap[k & (RCHUNK - 1)] = (uint32_t)heap;
    (*chunk)->value[k & (RCHUNK - 1)] = (uint16_t)v;
    __atomic_store_n(&s->nrare, k + 1, __ATOMIC_RELEASE);
    return true;
}

/* Heap x takes value v: the slot, the rare list, then the count. Only the
 * thread whose heap is next may publish. False, publishing nothing, when v
 * does not fit a byte of the 1-byte layout: the run stops there, the
 * values are widened, and heap x is computed again (the same value: it
 * depends on the earlier values only). */
static bool publish(gr_sparse *s, uint64_t x, uint32_t v)
{
    if (v > GR_SPARSE_MAX_VALUE) {
        if (!s->failed) s->failed = 1, s->failed_at = x;
        v = 0;
    }
    if (s->width == 1 && v > 255) {
        __atomic_store_n(&s->promote, 1, __ATOMIC_RELEASE);
        return false;
    }
    if (s->width == 2 && s->lo && v > 255 && s->nbig <= BIG_MAX) {
        /* past BIG_MAX the list is marked incomplete (BIG_MAX + 1) */
        uint32_t b = s->nbig;
        if (b < BIG_MAX) s->big[b] = (uint32_t)x;
        __atomic_store_n(&s->nbig, b + 1, __ATOMIC_RELEASE);
    }
    if (s->width == 1) {
        __atomic_store_n(&((uint8_t *)s->g)[x], (uint8_t)v, __ATOMIC_RELEASE);
    } else {
        if (s->lo) s->lo[x] = (uint8_t)v;
        __atomic_store_n(&((uint16_t *)s->g)[x], (uint16_t)v, __ATOMIC_RELEASE);
    }
    if (x >= 1 && gr_sparse_is_rare(s->mask, v) && !append_rare(s, x, v) && !s->failed) s->failed = 2, s->failed_at = x;
    if (v > s->gmax) __atomic_store_n(&s->gmax, v, __ATOMIC_RELAXED);
    __atomic_store_n(&s->count, x + 1, __ATOMIC_RELEASE);
    /* a count kept rather than a division a heap, on the in-order path */
    if (x + 1 == s->show_next) __atomic_store_n(&s->shown, x + 1, __ATOMIC_RELEASE), s->show_next += s->show_every;
    return true;
}

/* ----------------------------------------------------------- one heap */

/* A heap's work is in two phases. Phase A runs while earlier heaps are still
 * being computed by other threads and reads only heaps below `snap`, which
 * were published: the rare splits whose other part is old, a provisional
 * candidate, and the scan of old splits for the rare values below it. Phase
 * B runs once every heap below x is published, in heap order: the remaining
 * rare splits and the takes, the final candidate c, and a scan of what phase
 * A could not see, only when some rare value below c is still unreached.
 *
 * Nearly always c is below LOW_VALUES (512), and then only option values
 * below it matter: they are kept as bits of eight words (the low mode). When
 * every common value below 512 is an option, the heap is done again with a
 * byte per value (in phase B, in order, with a rare pass of its own). 256
 * and not 64: Grundy's game has 45% of its values at 64 or more by 2^22,
 * and the byte mode costs several times the low mode; 512 and not 256:
 * Officers' values pass 255 from heap 10344 on (302 by 2^20), Grundy's game's
 * from 7250049 on, and each heap whose candidate passed 255 went to the byte
 * mode (Officers to 2^17: 13% fewer instructions with 512). */

typedef struct scratch {
    _Alignas(64) uint64_t scanned;   /* this thread's splits examined, summed into s->scanned after a run */
    tstat *st;                       /* with GR_SPARSE_STATS: this thread's row (else NULL) */
    uint64_t bytes;                  /* heaps phase B did in the byte mode, since the last hold's end */
    uint64_t rescans, rescanned;     /* phase B's scans of old splits (tstat), since the last hold's end */
    uint64_t fronts;                 /* of those, at heaps whose phase A ran at the front */
    uint8_t seen[65536];             /* byte mode: values of the rare splits and the takes */
    uint8_t want[65536];             /* byte mode: 1 for a target not reached yet */
    uint32_t target[65536];
    uint8_t marks[16][MARK_ROW];     /* heap_a16: the rare pass of a batch, a byte a value */
} scratch;

static inline void vs_add(vset *s, uint32_t v)
{
    if (v < LOW_VALUES) s->w[v >> 6] |= 1ull << (v & 63);
}

/* 0 when a has no value b lacks, else one more than the highest word where
 * it has one (the words a scan must still look at). */
static inline int vs_open(const vset *a, const vset *b)
{
    for (int w = LOW_WORDS; w-- > 0;)
        if (a->w[w] & ~b->w[w]) return w + 1;
    return 0;
}

/* The first k in [lo, hi) of chunk c with rare heap >= a (hi if none). */
static inline uint64_t chunk_lower_bound(const rare_chunk *c, uint64_t lo, uint64_t hi, uint64_t a)
{
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (c->heap[mid] < a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Whether one of the first nb heaps of big[] lies in [lo, hi). */
static inline bool big_in(const gr_sparse *s, uint32_t nb, uint64_t lo, uint64_t hi)
{
    uint32_t l = 0, h = nb;
    while (l < h) {
        uint32_t m = (l + h) / 2;
        if (s->big[m] < lo) l = m + 1;
        else h = m;
    }
    return l < nb && s->big[l] < hi;
}

/* The first k < n with rare heap k >= a. */
static uint64_t rare_lower_bound(const gr_sparse *s, uint64_t n, uint64_t a)
{
    if (a <= SMALL && s->small_ready) {
        /* every rare heap below SMALL is in the list; later ones are larger */
        uint64_t k = s->below[a];
        return k < n ? k : n;
    }
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (s->rare[mid >> RCHUNK_BITS]->heap[mid & (RCHUNK - 1)] < a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

#ifdef GR_SPARSE_SIMD

/* The rows of `marks` into bits of seen[], and the rows cleared (the byte
 * for 256 and more is never read, so it is left as it is). */
__attribute__((target("avx2"))) static void marks_take(uint8_t (*marks)[MARK_ROW], vset seen[16], unsigned chunks)
{
    for (int l = 0; l < 16; l++) {
        for (unsigned q = 0; q < chunks; q++) {
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(marks[l] + 32 * q));
            uint32_t bits = (uint32_t)_mm256_movemask_epi8(b);
            seen[l].w[q >> 1] |= (uint64_t)bits << (32 * (q & 1));
            _mm256_storeu_si256((__m256i *)(void *)(marks[l] + 32 * q), _mm256_setzero_si256());
        }
    }
}

/* One row of marks into a set, and the row cleared. */
__attribute__((target("avx2"))) static void marks_take_row(uint8_t *row, vset *seen, unsigned chunks)
{
    memset(seen, 0, sizeof *seen);
    for (unsigned q = 0; q < chunks; q++) {
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(row + 32 * q));
        uint32_t bits = (uint32_t)_mm256_movemask_epi8(b);
        if (q & 1) seen->w[q >> 1] |= (uint64_t)bits << 32;
        else seen->w[q >> 1] = bits;
        _mm256_storeu_si256((__m256i *)(void *)(row + 32 * q), _mm256_setzero_si256());
    }
}
#endif


/* The smallest part a may take in the split after removing split_i[j], plus
 * one. */
static uint64_t part_limit(const gr_sparse *s, uint64_t x, int j)
{
    uint64_t i = s->split_i[j];
    uint64_t amax = x >= i + 2 ? (x - i) / 2 : 0;   /* a <= b = x - i - a */
    if (s->split_uneq[j] && amax && 2 * amax == x - i) amax--;
    return amax + 1;
}


/* The smallest common value no option reaches, below LOW_VALUES, or
 * LOW_VALUES. */
static uint32_t low_candidate(const vset *seen, const vset *rare)
{
    for (int w = 0; w < LOW_WORDS; w++) {
        uint64_t open = ~seen->w[w] & ~rare->w[w];
        if (open) return 64u * (uint32_t)w + (uint32_t)__builtin_ctzll(open);
    }
    return LOW_VALUES;
}

/* The rare values below c that `seen` lacks. */
static vset wanted(const vset *rare, const vset *seen, uint32_t c)
{
    vset want = {{0}};
    uint32_t full = c / 64;          /* words wholly below c; c <= LOW_VALUES */
    for (uint32_t w = 0; w < full; w++) want.w[w] = rare->w[w] & ~seen->w[w];
    if (full < LOW_WORDS && c % 64) want.w[full] = rare->w[full] & ~seen->w[full] & ((1ull << (c % 64)) - 1);
    return want;
}


/* What phase A leaves for phase B. */
typedef struct stage {
    _Alignas(64) vset seen, found;   /* a stage starts a line: phase A writes it while B reads the one before; option values below LOW_VALUES reached so far */
    vset looked;                     /* the values phase A's scan looked for over every old split: those it did not find are no option there */
    uint64_t snap, k0;               /* heaps and rare heaps published when phase A ran (snap atomic) */
    uint64_t x;                      /* the heap (atomic: a refresh checks it after taking the stage) */
    int ready;                       /* 1: phase A is done; 2: being refreshed; 3: taken by phase B (atomic) */
} stage;

/* Phase B's rare parts done for a whole group of heaps, per split digit
 * (sparse_heap.h, group_rare). */
typedef struct group_cut {
    uint64_t from, to;               /* rare parts in [from, to) done for the group (from = to: none) */
} group_cut;

static inline double clock_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Parts a >= part_old(x, j, snap) leave the other part below snap. */
static uint64_t part_old(const gr_sparse *s, uint64_t x, int j, uint64_t snap)
{
    uint64_t i = s->split_i[j];
    return x - i >= snap ? x - i - snap + 1 : 1;
}

/* The heap code, once for byte values (pipeline_1, ...) and once for 16-bit
 * ones (pipeline_2, ...): the same source, see sparse_heap.h. */
#define W 1
#include "sparse_heap.h"
#define W 2
#include "sparse_heap.h"


/* ------------------------------------------------------------- the run */

static void rebuild_rare(gr_sparse *s)
{
    s->ahead_ok = false;
    s->nrare = 0;
    for (uint64_t x = 1; x < s->count; x++) {
        uint32_t v = gr_sparse_value(s, x);
        if (gr_sparse_is_rare(s->mask, v) && !append_rare(s, x, v)) {
            s->failed = 2;
            return;
        }
        if ((x & (PASS - 1)) == 0) gr_sparse_trim(s, x);
    }
    gr_sparse_trim(s, s->count);
}

static void histogram(const gr_sparse *s, uint64_t from, uint64_t to, uint64_t *hist)
{
    const uint8_t *narrow = s->g;
    const uint16_t *wide = s->g;
    if (s->width == 1)
        for (uint64_t x = from; x < to; x++) hist[narrow[x]]++;
    else
        for (uint64_t x = from; x < to; x++) hist[wide[x]]++;
}

/* The nonzero mask below 2^bits(largest value), at most 10 bits, that makes
 * fewest counted values rare (ties: the smallest). */
static uint32_t best_mask(const uint64_t *hist)
{
    uint32_t gm = 0;
    for (uint32_t v = 0; v <= UNSET; v++)
        if (hist[v]) gm = v;
    unsigned bits = 1;
    while (bits < 10 && (1u << bits) <= gm) bits++;
    uint64_t folded[1024] = {0};
    for (uint32_t v = 0; v <= gm; v++) folded[v & ((1u << bits) - 1)] += hist[v];
    uint32_t best = 1;
    uint64_t best_rare = UINT64_MAX;
    for (uint32_t m = 1; m < (1u << bits); m++) {
        uint64_t rare = 0;
        for (uint32_t v = 0; v < (1u << bits); v++)
            if (folded[v] && gr_sparse_is_rare(m, v)) rare += folded[v];
        if (rare < best_rare) best_rare = rare, best = m;
    }
    return best;
}

/* Takes the mask that makes fewest of G(1..n-1) rare, reading the values a
 * stretch at a time (a spilled run keeps its memory small while it reads
 * them all). */
static bool choose_own_mask(gr_sparse *s, uint64_t n)
{
    uint64_t *hist = calloc((size_t)UNSET + 1, sizeof *hist);
    if (!hist) return false;
    for (uint64_t x = 1; x < n; x += PASS) {
        histogram(s, x, x + PASS < n ? x + PASS : n, hist);
        gr_sparse_trim(s, x + PASS < n ? x + PASS : s->count);
    }
    set_mask(s, best_mask(hist));
    free(hist);
    return true;
}

int gr_sparse_put(gr_sparse *s, uint64_t at, const uint16_t *v, uint64_t n, gr_error *err)
{
    if (at > s->cap || n > s->cap - at)
        return gr_fail(err, GR_EINPUT, "%llu stored values do not fit %llu slots", (unsigned long long)(at + n),
                       (unsigned long long)s->cap);
    uint64_t k = 0;
    s->ahead_ok = false;
    while (s->width == 1 && k < n && v[k] < 256) k++;
    if (s->width == 1 && k < n && !promote_to_2(s, at, true))
        return gr_fail_nomem(err);
    if (s->width == 2) {
        memcpy((uint16_t *)s->g + at, v, n * sizeof *v);
        if (s->lo)
            for (k = 0; k < n; k++) s->lo[at + k] = (uint8_t)v[k];
    } else {
        for (k = 0; k < n; k++) ((uint8_t *)s->g)[at + k] = (uint8_t)v[k];
    }
    return GR_OK;
}

int gr_sparse_adopt(gr_sparse *s, uint64_t n, gr_error *err)
{
    if (n > s->cap) return gr_fail(err, GR_EINPUT, "%llu stored values do not fit %llu slots", (unsigned long long)n,
                                   (unsigned long long)s->cap);
    s->ahead_ok = false;
    s->count = 0;
    if (s->choose_mask && n >= FIRST_MASK_AT) {
        uint64_t p = FIRST_MASK_AT;
        while (p * 2 <= n) p *= 2;
        if (!choose_own_mask(s, p)) return gr_fail_nomem(err);
    }
    /* The largest value and the class sets of a repeating code
     * (G(1..n-1-p0)), then the rare heaps. */
    s->gmax = 0;
    s->nbig = 0;
    for (uint64_t x = 0; x < n; x++) {
        uint32_t v = gr_sparse_value(s, x);
        if (v > GR_SPARSE_MAX_VALUE)
            return gr_fail(err, GR_EINPUT, "stored value at heap %llu is out of range", (unsigned long long)x);
        if (v > s->gmax) s->gmax = v;
        if (v > 255 && s->lo && s->nbig <= BIG_MAX) {
            if (s->nbig < BIG_MAX) s->big[s->nbig] = (uint32_t)x;
            s->nbig++;
        }
        if (s->period && x >= 1 && x + (uint64_t)s->p0 < n) {
            uint64_t *cl = s->cls + (x % (uint64_t)s->period) * VALUE_WORDS;
            cl[v >> 6] |= 1ull << (v & 63);
        }
        if ((x & (PASS - 1)) == PASS - 1) gr_sparse_trim(s, x);
    }
    s->count = n;
    rebuild_rare(s);
    return s->failed ? gr_fail_nomem(err) : GR_OK;
}

int gr_sparse_load(gr_sparse *s, const uint16_t *g, uint64_t n, gr_error *err)
{
    int rc = gr_sparse_put(s, 0, g, n, err);
    return rc ? rc : gr_sparse_adopt(s, n, err);
}

/* What the threads of a run write to claim work, each on a line of its own:
 * the next heap for phase A (claimed once a batch) and the phase B token. */
typedef struct claims {
    _Alignas(64) uint64_t next_a;
    _Alignas(64) int token;
} claims;

/* The table of rare_lower_bound for heaps up to SMALL, once they are all
 * published: the mask, and with it the rare list, is fixed during a run. */
static void fill_below(gr_sparse *s)
{
    s->small_ready = false;
    if (s->count <= SMALL) return;
    for (uint32_t a = 0; a <= SMALL; a++) s->below[a] = (uint32_t)rare_lower_bound(s, s->nrare, a);
    s->small_ready = true;
}

/* A region's times: setup from t0 to t1 (tables, scratch, the threads
 * started), the pipeline from t1 to now. */
static void note_region(run_stats *rs, int threads, double t0, double t1)
{
    double t2 = clock_now();
    rs->regions++;
    rs->setup += t1 - t0;
    rs->region += t2 - t1;
    if (threads > rs->most) rs->most = threads < STAT_THREADS ? threads : STAT_THREADS;
}

static int run(gr_sparse *s, uint64_t from, uint64_t to, int threads)
{
    if (from >= to) return 0;
    if (from == 0) publish(s, 0, 0), from = 1, s->ahead_ok = false;
    void (*pipeline)(gr_sparse *, uint64_t, uint64_t, bool, stage *, uint64_t *, int *, scratch *) =
        s->width == 1 ? pipeline_1 : pipeline_2;
    if (!s->ring) s->ring = line_alloc(RING * sizeof *s->ring);
    if (!s->cl) s->cl = line_alloc(sizeof *s->cl);
    if (!s->ring || !s->cl) return 2;
    stage *ring = s->ring;
    claims *cl = s->cl;
    if (!s->ahead_ok || cl->next_a < from || cl->next_a > from + AHEAD + BATCH) {
        /* nothing ahead: the stages left from an earlier run are stale */
        for (uint32_t k = 0; k < RING; k++) ring[k].ready = 0;
        cl->next_a = from;
    }
    cl->token = 0;
    s->ahead_ok = false;
    /* Phase A goes on past `to` (up to AHEAD, within the slots): the next
     * run's phase B starts on those stages, so a run that stops at a
     * checkpoint or a power of two does not drain the pipeline. */
    uint64_t ahead = s->cap;
    int failed = 0;
    run_stats *rs = s->stats;
    double t0 = rs ? clock_now() : 0;
    fill_below(s);
    s->shown = s->count;
    s->show_every = threads > 1 && to - from > 4096 ? (s->show_asked ? s->show_asked : SHOW_EVERY) : 1;
    s->show_next = (s->count / s->show_every + 1) * s->show_every;
#ifdef _OPENMP
    if (threads > 1 && to - from > 4096) {
        uint64_t scanned = 0;
        double t1 = 0;
#pragma omp parallel num_threads(threads) reduction(+ : scanned)
        {
            scratch *t = line_alloc(sizeof *t);
            int me = omp_get_thread_num();
            if (t && rs) t->st = &rs->th[me < STAT_THREADS ? me : STAT_THREADS - 1];
            /* Every thread must take part: one without scratch takes none. */
#pragma omp barrier
#pragma omp master
            if (rs) t1 = clock_now();
            if (t) pipeline(s, to, ahead, true, ring, &cl->next_a, &cl->token, t), scanned += t->scanned;
            else __atomic_store_n(&failed, 2, __ATOMIC_RELAXED);
            free(t);
        }
        s->scanned += scanned;
        if (failed && !s->failed) s->failed = 2;
        s->ahead_ok = !s->failed && !s->promote && s->count == to;
        s->shown = s->count;
        if (rs) note_region(rs, threads, t0, t1);
        return s->failed;
    }
#endif
    (void)threads;
    scratch *t = line_alloc(sizeof *t);
    bool ok = t != NULL;
    if (ok && rs) t->st = &rs->th[0];
    double t1 = rs ? clock_now() : 0;
    if (ok) pipeline(s, to, ahead, false, ring, &cl->next_a, &cl->token, t), s->scanned += t->scanned;
    free(t);
    s->ahead_ok = ok && !s->failed && !s->promote && s->count == to;
    s->shown = s->count;
    if (rs) note_region(rs, 1, t0, t1);
    return ok ? s->failed : 2;
}

static int fail_message(const gr_sparse *s, gr_error *err)
{
    if (s->failed == 1)
        return gr_fail(err, GR_EINPUT, "heap %llu has a value past %u, the largest the sparse method stores",
                       (unsigned long long)s->failed_at, GR_SPARSE_MAX_VALUE);
    return gr_fail_nomem(err);
}

/* The work a heap takes, in rare-pass steps: a rare heap for each split
 * digit is one (the batch pass stores a byte a heap for it); a scanned split
 * about an eighth of one (compares 32 or 16 splits an instruction). */
static double work_per_heap(const gr_sparse *s)
{
    return (double)s->nrare * s->nsplit + s->scan_rate / 8;
}

/* Below this much work a heap (measured: .16 at 52 rare heaps, .354 at 131
 * and .1777 at 15 ran slower on two threads than on one; Grundy's game at
 * 1273 and Officers at 1583 ran 1.8x and 2x faster), the pipeline's cost a
 * heap (the published count, the stages and the claims passed between
 * cores) is more than a second thread saves. */
#define THREAD_WORK 512.0

int gr_sparse_extend(gr_sparse *s, uint64_t upto, int threads, gr_error *err)
{
    if (upto > s->cap) return gr_fail(err, GR_EINPUT, "heap %llu is past the %llu slots of this run",
                                      (unsigned long long)upto, (unsigned long long)s->cap);
    bool choose = threads <= 0;
#ifdef _OPENMP
    if (threads <= 0) threads = omp_get_num_procs();
#else
    threads = 1;
#endif
    while (s->count < upto) {
        /* Stops at powers of two from FIRST_MASK_AT on, where the mask may be
         * chosen again: the same places in every run, resumed or not. */
        uint64_t stop = upto, p = FIRST_MASK_AT;
        while (p <= s->count) p *= 2;
        if (p < stop) stop = p;
        uint64_t from = s->count, scanned = s->scanned;
        s->threads_used = choose && work_per_heap(s) < THREAD_WORK ? 1 : threads;
        int failed = run(s, from, stop, s->threads_used);
        s->small_ready = false;   /* the list may change before the next run (a mask chosen, values put) */
        if (failed) return fail_message(s, err);
        if (s->count >= from + 4096) s->scan_rate = (double)(s->scanned - scanned) / (double)(s->count - from);
        if (s->promote) {
            /* Heap count has a value past a byte: the same run goes on
             * from it with two bytes a value. */
            s->promote = 0;
            double t0 = s->stats ? clock_now() : 0;
            if (!promote_to_2(s, s->count, true)) {
                s->failed = 2, s->failed_at = s->count;
                return fail_message(s, err);
            }
            if (s->stats) s->stats->widen += clock_now() - t0;
            continue;
        }
        if (s->count == p && s->choose_mask) {
            uint32_t old = s->mask;
            double t0 = s->stats ? clock_now() : 0;
            if (!choose_own_mask(s, s->count)) return gr_fail_nomem(err);
            if (s->mask != old) {
                rebuild_rare(s);
                if (s->failed) return fail_message(s, err);
            }
            if (s->stats) s->stats->mask += clock_now() - t0;
        }
    }
    return GR_OK;
}

bool gr_sparse_stats_on(const gr_sparse *s)
{
    return s->stats != NULL;
}

void gr_sparse_stats_print(const gr_sparse *s, FILE *f)
{
    const run_stats *rs = s->stats;
    if (!rs) return;
    fprintf(f, "sparse stats: %llu parallel regions, %.3f s in them, %.3f s setting them up; widening %.3f s, "
            "masks %.3f s; on several threads the publisher shows its count every %u heaps and a thread refreshes "
            "up to %u stages after each batch\n",
            (unsigned long long)rs->regions, rs->region, rs->setup, rs->widen, rs->mask,
            s->show_asked ? s->show_asked : SHOW_EVERY, s->refresh_after);
    tstat all;
    memset(&all, 0, sizeof all);
    for (int k = 0; k < rs->most; k++) {
        const tstat *t = &rs->th[k];
        all.a += t->a, all.b += t->b, all.refresh += t->refresh, all.total += t->total;
        all.a_heaps += t->a_heaps, all.b_heaps += t->b_heaps, all.holds += t->holds, all.refreshes += t->refreshes;
        all.depth += t->depth, all.bytes += t->bytes, all.b_scanned += t->b_scanned;
        all.rescans += t->rescans, all.rescanned += t->rescanned, all.fronts += t->fronts;
        all.a_scanned += t->a_scanned, all.groups += t->groups, all.group_passes += t->group_passes;
    }
    double nb = all.b_heaps ? (double)all.b_heaps : 1;
    fprintf(f, "  phase B (in order): %llu heaps, %.3f s on the token = %.1f%% of the regions' wall time, %.3f us a "
            "heap; %llu holds (%.1f heaps a hold); mean depth %.1f heaps (heap - its stage's snap); %llu heaps in "
            "the byte mode; %.1f splits scanned a heap, of which %.1f by %llu scans of old splits for values phase A "
            "did not look for (%llu of them at heaps whose phase A ran at the front); %llu groups of stages (%.1f heaps a "
            "group), %llu with a rare pass for the group\n",
            (unsigned long long)all.b_heaps, all.b, rs->region > 0 ? 100 * all.b / rs->region : 0, all.b / nb * 1e6,
            (unsigned long long)all.holds, all.holds ? nb / (double)all.holds : 0, (double)all.depth / nb,
            (unsigned long long)all.bytes, (double)all.b_scanned / nb, (double)all.rescanned / nb,
            (unsigned long long)all.rescans, (unsigned long long)all.fronts, (unsigned long long)all.groups,
            all.groups ? nb / (double)all.groups : 0, (unsigned long long)all.group_passes);
    fprintf(f, "  phase A: %llu heaps, %.3f s (%.3f us a heap), %.1f splits scanned a heap; refreshes: %llu, %.3f s\n",
            (unsigned long long)all.a_heaps, all.a, all.a_heaps ? all.a / (double)all.a_heaps * 1e6 : 0,
            all.a_heaps ? (double)all.a_scanned / (double)all.a_heaps : 0,
            (unsigned long long)all.refreshes, all.refresh);
    fprintf(f, "  thread  in pipeline s   A %%    B %%  refresh %%  idle %%\n");
    for (int k = 0; k <= rs->most; k++) {
        const tstat *t = k < rs->most ? &rs->th[k] : &all;
        double tot = t->total > 0 ? t->total : 1, idle = t->total - t->a - t->b - t->refresh;
        if (k < rs->most) fprintf(f, "  %6d", k);
        else fprintf(f, "  %6s", "all");
        fprintf(f, "  %13.3f  %5.1f  %5.1f  %9.1f  %6.1f\n", t->total, 100 * t->a / tot, 100 * t->b / tot,
                100 * t->refresh / tot, 100 * (idle > 0 ? idle : 0) / tot);
    }
}
