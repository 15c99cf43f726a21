/* The sparse-space method for nim-sequences (grundy/sparse.h): the rare pass,
 * the common candidate, the scan for rare values, and the thread pipeline
 * that publishes heaps in order. docs/takebreak.md has the proof and costs. */
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

/* A set of values below LOW_VALUES, a bit each (the low mode). */
#define LOW_WORDS 4
#define LOW_VALUES (64u * LOW_WORDS)
#define MARK_ROW (LOW_VALUES + 32)    /* a row of marks: the values, then 256 for "256 or more" */
typedef struct vset {
    uint64_t w[LOW_WORDS];
} vset;

/* The rare heaps in chunks that never move (threads read them while the
 * publisher appends), heaps and values apart so the rare pass streams. */
typedef struct rare_chunk {
    uint32_t heap[RCHUNK];
    uint16_t value[RCHUNK];
} rare_chunk;

struct gr_sparse {
    gr_tb_code code;
    uint64_t cap;
    uint16_t *g;                     /* cap slots, published ones below count */
    int spill;                       /* >= 0: g maps this (unlinked) file, trimmed as the run goes */
    uint64_t keep;                   /* heaps kept in memory at each end when spilled */
    size_t map_bytes;
    uint32_t mask;
    bool choose_mask;                /* the mask is still the engine's to choose */
    uint64_t count;                  /* heaps 0..count-1 are published (atomic) */
    uint64_t nrare;                  /* rare heaps published (atomic) */
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
    uint64_t scanned;                /* splits the scans examined (atomic add) */
    bool simd;                       /* the processor has AVX2 */
    int failed;                      /* 1: a value past GR_SPARSE_MAX_VALUE; 2: out of memory */
    uint64_t failed_at;
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

static void set_mask(gr_sparse *s, uint32_t m)
{
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
    size_t bytes = (size_t)cap * sizeof *s->g;
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

void gr_sparse_trim(gr_sparse *s, uint64_t upto)
{
    if (s->spill < 0) return;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t lo = (s->keep * sizeof *s->g + page - 1) / page * page;
    uint64_t end = upto > s->keep ? (upto - s->keep) * sizeof *s->g / page * page : 0;
    if (end > lo) madvise((char *)s->g + lo, end - lo, MADV_DONTNEED);
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
    gr_sparse *s = calloc(1, sizeof *s);
    if (s) s->spill = -1, s->keep = SPILL_KEEP;
    if (!s || (spill_dir ? map_spill(s, cap, spill_dir, err) : !(s->g = malloc(cap * sizeof *s->g)))) {
        if (s && !spill_dir)
            gr_fail(err, GR_ENOMEM, "not enough memory for %llu values (%.0f MiB)", (unsigned long long)cap,
                    (double)cap * 2 / 1048576.0);
        free(s);
        return NULL;
    }
    s->code = *c;
    s->cap = cap;
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
    if (s->spill >= 0) {
        munmap(s->g, s->map_bytes);
        close(s->spill);
    } else {
        free(s->g);
    }
    free(s);
}

uint64_t gr_sparse_count(const gr_sparse *s) { return s->count; }
const uint16_t *gr_sparse_values(const gr_sparse *s) { return s->g; }
uint32_t gr_sparse_mask(const gr_sparse *s) { return s->mask; }
uint32_t gr_sparse_max_value(const gr_sparse *s) { return s->gmax; }
uint64_t gr_sparse_rare_count(const gr_sparse *s) { return s->nrare; }
uint64_t gr_sparse_scanned(const gr_sparse *s) { return s->scanned; }

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
 * thread whose heap is next may publish. */
static void publish(gr_sparse *s, uint64_t x, uint32_t v)
{
    if (v > GR_SPARSE_MAX_VALUE) {
        if (!s->failed) s->failed = 1, s->failed_at = x;
        v = 0;
    }
    __atomic_store_n(&s->g[x], (uint16_t)v, __ATOMIC_RELEASE);
    if (x >= 1 && gr_sparse_is_rare(s->mask, v) && !append_rare(s, x, v) && !s->failed) s->failed = 2, s->failed_at = x;
    if (v > s->gmax) __atomic_store_n(&s->gmax, v, __ATOMIC_RELAXED);
    __atomic_store_n(&s->count, x + 1, __ATOMIC_RELEASE);
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
 * Nearly always c is below LOW_VALUES (256), and then only option values
 * below it matter: they are kept as bits of four words (the low mode). When
 * every common value below 256 is an option, the heap is done again with a
 * byte per value. 256 and not 64: Grundy's game has 45% of its values at 64
 * or more by 2^22, and the byte mode costs several times the low mode. */

typedef struct scratch {
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

/* The first k < n with rare heap k >= a. */
static uint64_t rare_lower_bound(const gr_sparse *s, uint64_t n, uint64_t a)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (s->rare[mid >> RCHUNK_BITS]->heap[mid & (RCHUNK - 1)] < a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

#ifdef GR_SPARSE_SIMD
/* The rare pass of 16 consecutive heaps at once (phase A of a whole batch):
 * for rare heap r the other parts of heaps x0..x0+15 are the 16 values
 * g[x0 - i - r ...], one contiguous load and one XOR for 16 heaps instead
 * of a pass per heap. Each lane's value (256 and up folded to 256) marks a
 * byte of that heap's row in `marks`; rows become bits once, at the end
 * (marks_take). A byte store a lane is cheaper than building 256-bit sets
 * in registers, which needs a compare per 16 values. `base` is g + x0 - i;
 * rare heaps [from, to) of chunk c; with unequal parts, rare heap r is left
 * out of lane 2r - (x0 - i), where a = b = r. */
__attribute__((target("avx2"))) static void rare_block_avx2(const rare_chunk *c, const uint16_t *base, uint64_t from,
                                                            uint64_t to, bool uneq, uint64_t x0i,
                                                            uint8_t (*marks)[MARK_ROW])
{
    const __m256i fold = _mm256_set1_epi16(LOW_VALUES);
    uint16_t v[16];
    for (uint64_t k = from; k < to; k++) {
        uint64_t r = c->heap[k];
        __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(base - r)),
                                     _mm256_set1_epi16((short)c->value[k]));
        _mm256_storeu_si256((__m256i *)(void *)v, _mm256_min_epu16(x, fold));
        if (uneq && 2 * r >= x0i && 2 * r < x0i + 16) v[2 * r - x0i] = LOW_VALUES;
#pragma GCC unroll 16
        for (int l = 0; l < 16; l++) marks[l][v[l]] = 0xff;
    }
}

/* The rows of `marks` into bits of seen[], and the rows cleared (the byte
 * for 256 and more is never read, so it is left as it is). */
__attribute__((target("avx2"))) static void marks_take(uint8_t (*marks)[MARK_ROW], vset seen[16])
{
    for (int l = 0; l < 16; l++) {
        for (unsigned q = 0; q < LOW_VALUES / 32; q++) {
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(marks[l] + 32 * q));
            uint32_t bits = (uint32_t)_mm256_movemask_epi8(b);
            seen[l].w[q >> 1] |= (uint64_t)bits << (32 * (q & 1));
            _mm256_storeu_si256((__m256i *)(void *)(marks[l] + 32 * q), _mm256_setzero_si256());
        }
    }
}
#endif

/* Over rare heaps k in [k0, k1): with `high` = g + x - i, the split into the
 * rare heap a and x - i - a has value value[k] ^ high[-a]. The low form adds
 * the values below LOW_VALUES to *bits; the byte form marks seen[]. */
static void rare_range(const gr_sparse *s, const uint16_t *high, uint64_t k0, uint64_t k1, vset *bits, uint8_t *seen)
{
    while (k0 < k1) {
        const rare_chunk *c = __atomic_load_n(&s->rare[k0 >> RCHUNK_BITS], __ATOMIC_ACQUIRE);
        uint64_t from = k0 & (RCHUNK - 1), to = from + (k1 - k0);
        if (to > RCHUNK) to = RCHUNK;
        if (seen) {
            for (uint64_t k = from; k < to; k++) seen[c->value[k] ^ high[-(int64_t)c->heap[k]]] = 1;
        } else {
            for (uint64_t k = from; k < to; k++) vs_add(bits, (uint32_t)c->value[k] ^ high[-(int64_t)c->heap[k]]);
        }
        k0 = (k0 & ~(uint64_t)(RCHUNK - 1)) + to;
    }
}

/* The splits after removing split_i[j] whose rare part a is in [alo, ahi)
 * and among rare heaps [k0, k1). */
static void rare_splits(const gr_sparse *s, uint64_t x, int j, uint64_t k0, uint64_t k1, uint64_t alo, uint64_t ahi,
                        vset *bits, uint8_t *seen)
{
    uint64_t i = s->split_i[j];
    if (x <= i + 1) return;
    if (ahi > x - i) ahi = x - i;              /* the other part is not empty */
    if (alo >= ahi || k0 >= k1) return;
    uint64_t kl = rare_lower_bound(s, k1, alo), kh = rare_lower_bound(s, k1, ahi);
    if (kl < k0) kl = k0;
    if (kl >= kh) return;
    const uint16_t *high = s->g + (x - i);
    uint64_t mid = (x - i) / 2;
    if (s->split_uneq[j] && (x - i) % 2 == 0 && mid >= alo && mid < ahi) {
        /* the parts must differ: leave out a = b */
        uint64_t km = rare_lower_bound(s, k1, mid);
        if (km >= kl && km < kh && s->rare[km >> RCHUNK_BITS]->heap[km & (RCHUNK - 1)] == mid) {
            rare_range(s, high, kl, km, bits, seen);
            rare_range(s, high, km + 1, kh, bits, seen);
            return;
        }
    }
    rare_range(s, high, kl, kh, bits, seen);
}

/* The smallest part a may take in the split after removing split_i[j], plus
 * one. */
static uint64_t part_limit(const gr_sparse *s, uint64_t x, int j)
{
    uint64_t i = s->split_i[j];
    uint64_t amax = x >= i + 2 ? (x - i) / 2 : 0;   /* a <= b = x - i - a */
    if (s->split_uneq[j] && amax && 2 * amax == x - i) amax--;
    return amax + 1;
}

/* ORs into out[w], w < words <= LOW_WORDS, over the splits (a, x - i - a), a in [a0, a1), the bits 1 << (value - off
 * - 64 w) of the values in [off + 64 w, off + 64 w + 64). `high` is
 * g + x - i. */
static void low_values(const uint16_t *g, const uint16_t *high, uint64_t a0, uint64_t a1, uint32_t off, unsigned words,
                       uint64_t *out)
{
    for (uint64_t a = a0; a < a1; a++) {
        uint32_t v = ((uint32_t)g[a] ^ high[-(int64_t)a]) - off;
        if (v < 64 * words) out[v >> 6] |= 1ull << (v & 63);
    }
}

#ifdef GR_SPARSE_SIMD
/* The same, 16 splits an instruction (AVX2 shifts 1 by 64 or more to 0). */
__attribute__((target("avx2"))) static void low_values_avx2(const uint16_t *g, const uint16_t *high, uint64_t a0,
                                                            uint64_t a1, uint32_t off, unsigned words, uint64_t *out)
{
    const __m256i rev = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8,
                                         9, 6, 7, 4, 5, 2, 3, 0, 1);
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i acc[LOW_WORDS];
    for (int w = 0; w < LOW_WORDS; w++) acc[w] = _mm256_setzero_si256();
    uint64_t a = a0;
    for (; a + 16 <= a1; a += 16) {
        __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)(g + a));
        __m256i hv = _mm256_loadu_si256((const __m256i *)(const void *)(high - a - 15));
        hv = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(hv, rev), 0x4e);
        __m256i x = _mm256_xor_si256(lo, hv);
        for (unsigned w = 0; w < words; w++) {
            __m256i v = _mm256_sub_epi16(x, _mm256_set1_epi16((short)(off + 64u * (uint32_t)w)));
            __m128i v0 = _mm256_castsi256_si128(v), v1 = _mm256_extracti128_si256(v, 1);
            __m256i t = _mm256_or_si256(_mm256_sllv_epi64(one, _mm256_cvtepu16_epi64(v0)),
                                        _mm256_sllv_epi64(one, _mm256_cvtepu16_epi64(_mm_srli_si128(v0, 8))));
            t = _mm256_or_si256(t, _mm256_sllv_epi64(one, _mm256_cvtepu16_epi64(v1)));
            t = _mm256_or_si256(t, _mm256_sllv_epi64(one, _mm256_cvtepu16_epi64(_mm_srli_si128(v1, 8))));
            acc[w] = _mm256_or_si256(acc[w], t);
        }
    }
    for (unsigned w = 0; w < words; w++)
        out[w] |= (uint64_t)_mm256_extract_epi64(acc[w], 0) | (uint64_t)_mm256_extract_epi64(acc[w], 1) |
                  (uint64_t)_mm256_extract_epi64(acc[w], 2) | (uint64_t)_mm256_extract_epi64(acc[w], 3);
    low_values(g, high, a, a1, off, words, out);
}

#endif

static void span_values(const gr_sparse *s, const uint16_t *high, uint64_t a0, uint64_t a1, uint32_t off,
                        unsigned words, uint64_t *out)
{
#ifdef GR_SPARSE_SIMD
    if (s->simd) {
        low_values_avx2(s->g, high, a0, a1, off, words, out);
        return;
    }
#endif
    low_values(s->g, high, a0, a1, off, words, out);
}

/* Low mode scan: adds to *found the values below LOW_VALUES of the splits
 * whose smaller part is in [a0, a1), a block at a time, until `want` is
 * covered. Only the words from the lowest to the highest still wanted are
 * built. */
static void scan_low(gr_sparse *s, uint64_t x, uint64_t a0, uint64_t a1, const vset *want, vset *found)
{
    const uint16_t *g = s->g;
    uint64_t examined = 0;
    for (uint64_t a = a0; a < a1;) {
        unsigned lo = LOW_WORDS, hi = 0;
        for (unsigned w = 0; w < LOW_WORDS; w++)
            if (want->w[w] & ~found->w[w]) {
                if (lo == LOW_WORDS) lo = w;
                hi = w + 1;
            }
        if (lo == LOW_WORDS) break;
        uint64_t stop = a + 256 < a1 ? a + 256 : a1;
        for (int j = 0; j < s->nsplit; j++) {
            uint64_t end = part_limit(s, x, j);
            if (end > stop) end = stop;
            if (end <= a) continue;
            span_values(s, g + (x - s->split_i[j]), a, end, 64 * lo, hi - lo, found->w + lo);
            examined += end - a;
        }
        a = stop;
    }
    __atomic_fetch_add(&s->scanned, examined, __ATOMIC_RELAXED);
}

/* Byte mode scan over every split: counts down the targets and stops once
 * none is left. Returns the targets left (kept in t->target). Targets below
 * 1024 are looked for 64 values a word, four words a pass. */
static uint32_t scan_bytes(gr_sparse *s, uint64_t x, scratch *t, uint32_t ntarget)
{
    const uint16_t *g = s->g;
    uint64_t examined = 0, a1 = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;
    if (t->target[ntarget - 1] < 1024) {
        uint64_t want[16] = {0}, found[16] = {0};
        for (uint32_t q = 0; q < ntarget; q++) want[t->target[q] >> 6] |= 1ull << (t->target[q] & 63);
        uint32_t windows = (t->target[ntarget - 1] >> 6) + 1;
        for (uint64_t a = 1; a < a1;) {
            uint64_t stop = a + 256 < a1 ? a + 256 : a1, open = 0;
            for (int j = 0; j < s->nsplit; j++) {
                uint64_t end = part_limit(s, x, j);
                if (end > stop) end = stop;
                if (end <= a) continue;
                for (uint32_t w = 0; w < windows; w += LOW_WORDS) {
                    unsigned words = windows - w < LOW_WORDS ? windows - w : LOW_WORDS;
                    uint64_t left = 0;
                    for (unsigned q = 0; q < words; q++) left |= want[w + q] & ~found[w + q];
                    if (left) span_values(s, g + (x - s->split_i[j]), a, end, w << 6, words, found + w);
                }
                examined += end - a;
            }
            for (uint32_t w = 0; w < windows; w++) open |= want[w] & ~found[w];
            if (!open) break;
            a = stop;
        }
        uint32_t kept = 0;
        for (uint32_t q = 0; q < ntarget; q++)
            if (!(found[t->target[q] >> 6] >> (t->target[q] & 63) & 1)) t->target[kept++] = t->target[q];
        __atomic_fetch_add(&s->scanned, examined, __ATOMIC_RELAXED);
        return kept;
    }
    int64_t left = ntarget;
    for (uint32_t q = 0; q < ntarget; q++) t->want[t->target[q]] = 1;
    for (uint64_t a = 1; a < a1 && left > 0;) {
        uint64_t stop = a + 64 < a1 ? a + 64 : a1;
        for (int j = 0; j < s->nsplit; j++) {
            uint64_t end = part_limit(s, x, j);
            if (end > stop) end = stop;
            const uint16_t *high = g + (x - s->split_i[j]);
            for (uint64_t aa = a; aa < end; aa++) {
                uint32_t v = (uint32_t)g[aa] ^ high[-(int64_t)aa];
                left -= t->want[v];
                t->want[v] = 0;
            }
            if (end > a) examined += end - a;
        }
        a = stop;
    }
    uint32_t kept = 0;
    for (uint32_t q = 0; q < ntarget; q++) {
        if (t->want[t->target[q]]) t->target[kept++] = t->target[q];
        t->want[t->target[q]] = 0;
    }
    __atomic_fetch_add(&s->scanned, examined, __ATOMIC_RELAXED);
    return kept;
}

/* Adds G(x - p0) to its class set (a repeating code's takes). Once a heap, in
 * heap order. */
static void class_add(gr_sparse *s, uint64_t x)
{
    if (!s->period || x < (uint64_t)s->p0 + 1) return;
    uint64_t j = x - (uint64_t)s->p0;
    uint64_t *cl = s->cls + (j % (uint64_t)s->period) * VALUE_WORDS;
    cl[s->g[j] >> 6] |= 1ull << (s->g[j] & 63);
}

/* The options that leave at most one heap: values below LOW_VALUES into
 * *bits, and every value into seen[] when seen is not NULL. */
static void takes(const gr_sparse *s, uint64_t x, vset *bits, uint8_t *seen)
{
    const uint16_t *g = s->g;
    if (gr_tb_digit_at(&s->code, x).mask & 1u) {
        vs_add(bits, 0);
        if (seen) seen[0] = 1;
    }
    for (int j = 0; j < s->ntake && s->take_i[j] < x; j++) {
        uint32_t v = g[x - s->take_i[j]];
        vs_add(bits, v);
        if (seen) seen[v] = 1;
    }
    uint32_t words = (s->gmax >> 6) + 1;
    for (int cc = 0; cc < s->period; cc++) {
        if (!s->period_take[cc]) continue;
        int64_t rho = ((int64_t)x - s->p0 - cc) % s->period;
        if (rho < 0) rho += s->period;
        const uint64_t *cl = s->cls + (size_t)rho * VALUE_WORDS;
        for (int w = 0; w < LOW_WORDS; w++) bits->w[w] |= cl[w];
        for (uint32_t w = 0; seen && w < words; w++)
            for (uint64_t b = cl[w]; b; b &= b - 1) seen[(w << 6) + (uint32_t)__builtin_ctzll(b)] = 1;
    }
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
    vset want;
    for (uint32_t w = 0; w < LOW_WORDS; w++) {
        uint64_t below = c >= 64 * (w + 1) ? ~0ull : c <= 64 * w ? 0 : (1ull << (c - 64 * w)) - 1;
        want.w[w] = rare->w[w] & ~seen->w[w] & below;
    }
    return want;
}

/* Byte mode: G(x) from every option value, once every heap below x is
 * published. */
static uint32_t heap_bytes(gr_sparse *s, uint64_t x, scratch *t)
{
    uint64_t k1 = s->nrare;
    vset unused = {{0}};
    for (int j = 0; j < s->nsplit; j++) rare_splits(s, x, j, 0, k1, 1, UINT64_MAX, NULL, t->seen);
    takes(s, x, &unused, t->seen);
    uint32_t c = 0;
    while (c < UNSET && (t->seen[c] || gr_sparse_is_rare(s->mask, c))) c++;
    uint32_t n = 0;
    for (uint32_t v = 0; v < c; v++)
        if (!t->seen[v] && gr_sparse_is_rare(s->mask, v)) t->target[n++] = v;
    if (n && s->nsplit) n = scan_bytes(s, x, t, n);
    uint32_t v = n ? t->target[0] : c;
    uint32_t span = 1;
    while (span <= s->gmax) span *= 2;
    memset(t->seen, 0, span);
    return v;
}

/* What phase A leaves for phase B. */
typedef struct stage {
    vset seen, found;                /* option values below LOW_VALUES reached so far */
    uint64_t snap, k0;               /* heaps and rare heaps published when phase A ran */
    int ready;                       /* phase A is done (atomic) */
} stage;

/* Parts a >= part_old(x, j, snap) leave the other part below snap. */
static uint64_t part_old(const gr_sparse *s, uint64_t x, int j, uint64_t snap)
{
    uint64_t i = s->split_i[j];
    return x - i >= snap ? x - i - snap + 1 : 1;
}

/* The end of phase A, once the rare splits gave `seen`: the provisional
 * candidate and the scan of old splits for the rare values below it. */
static void heap_a_scan(gr_sparse *s, uint64_t x, const vset *seen, uint64_t snap, uint64_t k0, stage *st)
{
    uint64_t a_old = 1;
    vset found = {{0}};
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t lo = part_old(s, x, j, snap);
        if (lo > a_old) a_old = lo;
    }
    uint64_t top = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;   /* parts a < top */
    if (snap < x && s->nsplit) {
        vset want = wanted(&s->rare_low, seen, low_candidate(seen, &s->rare_low));
        if (vs_open(&want, &found)) scan_low(s, x, a_old, top, &want, &found);
    }
    st->seen = *seen;
    st->found = found;
    st->snap = snap;
    st->k0 = k0;
}

static void heap_a(gr_sparse *s, uint64_t x, stage *st)
{
    uint64_t snap = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE);
    uint64_t k0 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    vset seen = {{0}};
    for (int j = 0; j < s->nsplit; j++) rare_splits(s, x, j, 0, k0, part_old(s, x, j, snap), UINT64_MAX, &seen, NULL);
    heap_a_scan(s, x, &seen, snap, k0, st);
}

#ifdef GR_SPARSE_SIMD
/* The block kernel over rare heaps [kl, kh) for the batch whose first heap
 * minus the split digit is x0i. */
static void rare_block(const gr_sparse *s, uint64_t x0i, int j, uint64_t kl, uint64_t kh, uint8_t (*marks)[MARK_ROW])
{
    while (kl < kh) {
        const rare_chunk *c = __atomic_load_n(&s->rare[kl >> RCHUNK_BITS], __ATOMIC_ACQUIRE);
        uint64_t from = kl & (RCHUNK - 1), to = from + (kh - kl);
        if (to > RCHUNK) to = RCHUNK;
        rare_block_avx2(c, s->g + x0i, from, to, s->split_uneq[j], x0i, marks);
        kl = (kl & ~(uint64_t)(RCHUNK - 1)) + to;
    }
}

/* Phase A of the 16 heaps x0..x0+15 together. The rare heaps r in [lo, hi)
 * pair with an old heap for every one of them (lo from the last heap, hi
 * keeps the first heap's other part nonempty) and go through the block
 * kernel; the few rare heaps outside, per heap. */
static void heap_a16(gr_sparse *s, uint64_t x0, stage *ring, scratch *t)
{
    uint64_t snap = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE);
    uint64_t k0 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    vset seen[16];
    memset(seen, 0, sizeof seen);
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t i = s->split_i[j], lo = part_old(s, x0 + 15, j, snap), hi = x0 > i ? x0 - i : 0;
        if (lo < hi) rare_block(s, x0 - i, j, rare_lower_bound(s, k0, lo), rare_lower_bound(s, k0, hi), t->marks);
        else lo = hi = UINT64_MAX;
        for (uint64_t l = 0; l < 16; l++) {
            uint64_t x = x0 + l;
            rare_splits(s, x, j, 0, k0, part_old(s, x, j, snap), lo, &seen[l], NULL);
            rare_splits(s, x, j, 0, k0, hi, UINT64_MAX, &seen[l], NULL);
        }
    }
    marks_take(t->marks, seen);
    for (uint64_t l = 0; l < 16; l++) {
        stage *st = &ring[(x0 + l) % RING];
        heap_a_scan(s, x0 + l, &seen[l], snap, k0, st);
        __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
    }
}
#endif

/* Phase B: every heap below x is published; returns G(x). */
static uint32_t heap_b(gr_sparse *s, uint64_t x, const stage *st, scratch *t)
{
    const vset *rare = &s->rare_low;
    vset seen = st->seen, found = st->found;
    uint64_t snap = st->snap, a_old = 1;
    uint64_t k1 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t lo = part_old(s, x, j, snap);
        if (lo > a_old) a_old = lo;
        rare_splits(s, x, j, 0, st->k0, 1, lo, &seen, NULL);
        rare_splits(s, x, j, st->k0, k1, 1, UINT64_MAX, &seen, NULL);
    }
    class_add(s, x);
    takes(s, x, &seen, NULL);
    uint32_t c = low_candidate(&seen, rare);
    if (c >= LOW_VALUES) return heap_bytes(s, x, t);
    uint64_t top = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;
    vset want = wanted(rare, &seen, c);
    if (vs_open(&want, &found) && s->nsplit && snap < x) scan_low(s, x, 1, a_old < top ? a_old : top, &want, &found);
    if (vs_open(&want, &found) && s->nsplit) scan_low(s, x, snap < x ? a_old : 1, top, &want, &found);
    for (int w = 0; w < LOW_WORDS; w++) {
        uint64_t left = want.w[w] & ~found.w[w];
        if (left) return 64u * (uint32_t)w + (uint32_t)__builtin_ctzll(left);
    }
    return c;
}

/* ------------------------------------------------------------- the run */

static void rebuild_rare(gr_sparse *s)
{
    s->nrare = 0;
    for (uint64_t x = 1; x < s->count; x++) {
        if (gr_sparse_is_rare(s->mask, s->g[x]) && !append_rare(s, x, s->g[x])) {
            s->failed = 2;
            return;
        }
        if ((x & (PASS - 1)) == 0) gr_sparse_trim(s, x);
    }
    gr_sparse_trim(s, s->count);
}

static void histogram(const uint16_t *g, uint64_t from, uint64_t to, uint64_t *hist)
{
    for (uint64_t x = from; x < to; x++) hist[g[x]]++;
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
        histogram(s->g, x, x + PASS < n ? x + PASS : n, hist);
        gr_sparse_trim(s, x + PASS < n ? x + PASS : s->count);
    }
    set_mask(s, best_mask(hist));
    free(hist);
    return true;
}

uint16_t *gr_sparse_slots(gr_sparse *s)
{
    return s->g;
}

int gr_sparse_adopt(gr_sparse *s, uint64_t n, gr_error *err)
{
    if (n > s->cap) return gr_fail(err, GR_EINPUT, "%llu stored values do not fit %llu slots", (unsigned long long)n,
                                   (unsigned long long)s->cap);
    s->count = 0;
    if (s->choose_mask && n >= FIRST_MASK_AT) {
        uint64_t p = FIRST_MASK_AT;
        while (p * 2 <= n) p *= 2;
        if (!choose_own_mask(s, p)) return gr_fail_nomem(err);
    }
    /* The largest value and the class sets of a repeating code
     * (G(1..n-1-p0)), then the rare heaps. */
    const uint16_t *g = s->g;
    s->gmax = 0;
    for (uint64_t x = 0; x < n; x++) {
        if (g[x] > GR_SPARSE_MAX_VALUE)
            return gr_fail(err, GR_EINPUT, "stored value at heap %llu is out of range", (unsigned long long)x);
        if (g[x] > s->gmax) s->gmax = g[x];
        if (s->period && x >= 1 && x + (uint64_t)s->p0 < n) {
            uint64_t *cl = s->cls + (x % (uint64_t)s->period) * VALUE_WORDS;
            cl[g[x] >> 6] |= 1ull << (g[x] & 63);
        }
        if ((x & (PASS - 1)) == PASS - 1) gr_sparse_trim(s, x);
    }
    s->count = n;
    rebuild_rare(s);
    return s->failed ? gr_fail_nomem(err) : GR_OK;
}

int gr_sparse_load(gr_sparse *s, const uint16_t *g, uint64_t n, gr_error *err)
{
    if (n > s->cap) return gr_fail(err, GR_EINPUT, "%llu stored values do not fit %llu slots", (unsigned long long)n,
                                   (unsigned long long)s->cap);
    memcpy(s->g, g, n * sizeof *g);
    return gr_sparse_adopt(s, n, err);
}


/* Every thread does phase A for the next heap not yet taken, within AHEAD
 * of the published ones, and whichever thread holds the token finishes the
 * heaps whose phase A is done, in order. */
static void pipeline(gr_sparse *s, uint64_t to, stage *ring, uint64_t *next_a, int *token, scratch *t)
{
    for (unsigned idle = 0;;) {
        uint64_t done = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE);
        if (done >= to) return;
        bool worked = false;
        int free_token = 0;
        if (__atomic_compare_exchange_n(token, &free_token, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            for (uint64_t x = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE); x < to; x++) {
                stage *st = &ring[x % RING];
                if (!__atomic_load_n(&st->ready, __ATOMIC_ACQUIRE)) break;
                uint32_t v = heap_b(s, x, st, t);
                __atomic_store_n(&st->ready, 0, __ATOMIC_RELAXED);
                publish(s, x, v);
                worked = true;
            }
            __atomic_store_n(token, 0, __ATOMIC_RELEASE);
        }
        /* Phase A for a batch of heaps: one claim per BATCH heaps keeps the
         * threads off each other's cache lines. */
        uint64_t x = __atomic_load_n(next_a, __ATOMIC_ACQUIRE);
        uint64_t room = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE) + AHEAD;
        uint64_t end = x + BATCH < to ? x + BATCH : to;
        if (end > room) end = room;
        if (x < end && __atomic_compare_exchange_n(next_a, &x, end, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
#ifdef GR_SPARSE_SIMD
            if (end - x == BATCH && s->simd && s->nsplit) heap_a16(s, x, ring, t), x = end;
#endif
            for (; x < end; x++) {
                stage *st = &ring[x % RING];
                heap_a(s, x, st);
                __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
            }
            worked = true;
        }
        if (worked) {
            idle = 0;
        } else if (++idle > 64) {
            sched_yield();   /* more threads than cores, or waiting on a descheduled one */
        } else {
#ifdef GR_SPARSE_SIMD
            _mm_pause();
#endif
        }
    }
}

static int run(gr_sparse *s, uint64_t from, uint64_t to, int threads)
{
    if (from >= to) return 0;
    if (from == 0) publish(s, 0, 0), from = 1;
    stage *ring = calloc(RING, sizeof *ring);
    if (!ring) return 2;
    uint64_t next_a = from;
    int token = 0, failed = 0;
#ifdef _OPENMP
    if (threads > 1 && to - from > 4096) {
#pragma omp parallel num_threads(threads)
        {
            scratch *t = calloc(1, sizeof *t);
            /* Every thread must take part: one without scratch takes none. */
#pragma omp barrier
            if (t) pipeline(s, to, ring, &next_a, &token, t);
            else __atomic_store_n(&failed, 2, __ATOMIC_RELAXED);
            free(t);
        }
        free(ring);
        return failed && !s->failed ? (s->failed = 2) : s->failed;
    }
#endif
    (void)threads;
    scratch *t = calloc(1, sizeof *t);
    bool ok = t != NULL;
    if (ok) pipeline(s, to, ring, &next_a, &token, t);
    free(t);
    free(ring);
    return ok ? s->failed : 2;
}

static int fail_message(const gr_sparse *s, gr_error *err)
{
    if (s->failed == 1)
        return gr_fail(err, GR_EINPUT, "heap %llu has a value past %u, the largest the sparse method stores",
                       (unsigned long long)s->failed_at, GR_SPARSE_MAX_VALUE);
    return gr_fail(err, GR_ENOMEM, "out of memory at heap %llu", (unsigned long long)s->failed_at);
}

int gr_sparse_extend(gr_sparse *s, uint64_t upto, int threads, gr_error *err)
{
    if (upto > s->cap) return gr_fail(err, GR_EINPUT, "heap %llu is past the %llu slots of this run",
                                      (unsigned long long)upto, (unsigned long long)s->cap);
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
        if (run(s, s->count, stop, threads)) return fail_message(s, err);
        if (s->count == p && s->choose_mask) {
            uint32_t old = s->mask;
            if (!choose_own_mask(s, s->count)) return gr_fail_nomem(err);
            if (s->mask != old) {
                rebuild_rare(s);
                if (s->failed) return fail_message(s, err);
            }
        }
    }
    return GR_OK;
}
