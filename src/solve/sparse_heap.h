/* The heap code of the sparse engine (sparse.c), included there once per
 * value width: W 1 holds a value in a byte (while every value so far is
 * below 256), W 2 in two. The bodies are the same; only the type of g and
 * the vector loads differ, so each width gets its own compiled copy with
 * no test of the width in the loops. Every function name gets _1 or _2. */
#if W == 1
#define VT uint8_t
#define F(name) name##_1
#define MARK_CHUNKS (256u / 32)      /* byte values mark only the first 256 of a row */
/* p[k] ^ q[15 - k] for k < 16 in 16-bit lanes: the XOR of 16 bytes, then
 * one widening (the kernels stay 16 lanes wide; the loads read 16 bytes
 * instead of 32, for as many shuffles as the 16-bit form). */
#define LOAD8(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define XOR_REV16(p, q)                                                                                               \
    _mm256_cvtepu8_epi16(                                                                                             \
        _mm_xor_si128(LOAD8(p), _mm_shuffle_epi8(LOAD8(q), _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, \
                                                                          2, 1, 0))))
#else
#define VT uint16_t
#define F(name) name##_2
#define MARK_CHUNKS (LOW_VALUES / 32)
#define LOAD16(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
/* p[15], ..., p[0]: the bytes of each value reversed within each 128-bit
 * half, then the halves swapped. */
#define LOAD16_REV(p)                                                                                                 \
    _mm256_permute4x64_epi64(_mm256_shuffle_epi8(LOAD16(p), _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4,  \
                                                 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0,   \
                                                 1)),                                                                 \
                             0x4e)
#define XOR_REV16(p, q) _mm256_xor_si256(LOAD16(p), LOAD16_REV(q))
#endif

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
/* Outside the lanes of a = b, two rare heaps are done a turn, the 32 marks
 * of a row's two lanes one after the other: the same instructions (gcc
 * makes an extract of each lane read back), but two independent loads and
 * XORs in flight; the pass is bound by its stores and extracts, not its
 * instruction count. One thread, AMD EPYC, user CPU, alternated runs:
 * Officers 10% less to 2^20, 7% to 2^24; four a turn did no better
 * (docs/takebreak.md, "Two rare heaps a turn"). */
#if W == 1
/* Bytes: the 16 XORs are 16 bytes, below 256, so no folding and no
 * widening; the lane of a = b (unequal parts) is marked with the rest and
 * its byte put back as it was (marks are only ever set, so that is exact). */
__attribute__((target("avx2"), always_inline)) static inline void F(rare_lanes)(const rare_chunk *c, const VT *base,
                                                                                uint64_t from, uint64_t to, bool uneq,
                                                                                uint64_t x0i,
                                                                                uint8_t (*marks)[MARK_ROW])
{
    uint8_t v[16];
    if (!uneq) {
        /* Two rare heaps a turn (rare_lanes' comment says why). */
        uint8_t u[16];
        for (; from + 2 <= to; from += 2) {
            uint64_t r = c->heap[from], q = c->heap[from + 1];
            _mm_storeu_si128((__m128i *)(void *)v,
                             _mm_xor_si128(LOAD8(base - r), _mm_set1_epi8((char)c->value[from])));
            _mm_storeu_si128((__m128i *)(void *)u,
                             _mm_xor_si128(LOAD8(base - q), _mm_set1_epi8((char)c->value[from + 1])));
#pragma GCC unroll 16
            for (int l = 0; l < 16; l++) {
                marks[l][v[l]] = 0xff;
                marks[l][u[l]] = 0xff;
            }
        }
    }
    for (uint64_t k = from; k < to; k++) {
        uint64_t r = c->heap[k];
        _mm_storeu_si128((__m128i *)(void *)v, _mm_xor_si128(LOAD8(base - r), _mm_set1_epi8((char)c->value[k])));
        int skip = uneq && 2 * r >= x0i && 2 * r < x0i + 16 ? (int)(2 * r - x0i) : -1;
        uint8_t was = skip >= 0 ? marks[skip][v[skip]] : 0;
#pragma GCC unroll 16
        for (int l = 0; l < 16; l++) marks[l][v[l]] = 0xff;
        if (skip >= 0) marks[skip][v[skip]] = was;
    }
}
#else
__attribute__((target("avx2"), always_inline)) static inline void F(rare_lanes)(const rare_chunk *c, const VT *base,
                                                                                uint64_t from, uint64_t to, bool uneq,
                                                                                uint64_t x0i,
                                                                                uint8_t (*marks)[MARK_ROW])
{
    const __m256i fold = _mm256_set1_epi16(LOW_VALUES);
    uint16_t v[16];
    if (!uneq) {
        /* Two rare heaps a turn (above). */
        uint16_t u[16];
        for (; from + 2 <= to; from += 2) {
            uint64_t r = c->heap[from], q = c->heap[from + 1];
            _mm256_storeu_si256((__m256i *)(void *)v,
                                _mm256_min_epu16(_mm256_xor_si256(LOAD16(base - r),
                                                                  _mm256_set1_epi16((short)c->value[from])),
                                                 fold));
            _mm256_storeu_si256((__m256i *)(void *)u,
                                _mm256_min_epu16(_mm256_xor_si256(LOAD16(base - q),
                                                                  _mm256_set1_epi16((short)c->value[from + 1])),
                                                 fold));
#pragma GCC unroll 16
            for (int l = 0; l < 16; l++) {
                marks[l][v[l]] = 0xff;
                marks[l][u[l]] = 0xff;
            }
        }
    }
    for (uint64_t k = from; k < to; k++) {
        uint64_t r = c->heap[k];
        __m256i x = _mm256_xor_si256(LOAD16(base - r), _mm256_set1_epi16((short)c->value[k]));
        _mm256_storeu_si256((__m256i *)(void *)v, _mm256_min_epu16(x, fold));
        if (uneq && 2 * r >= x0i && 2 * r < x0i + 16) v[2 * r - x0i] = LOW_VALUES;
#pragma GCC unroll 16
        for (int l = 0; l < 16; l++) marks[l][v[l]] = 0xff;
    }
}
#endif

/* The rare heaps whose a = b lane lies in the batch (2r in [x0i, x0i + 16),
 * at most 8) apart, so that the loop over the others has no test for it. */
__attribute__((target("avx2"))) static void F(rare_block_avx2)(const rare_chunk *c, const VT *base, uint64_t from,
                                                               uint64_t to, bool uneq, uint64_t x0i,
                                                               uint8_t (*marks)[MARK_ROW])
{
    uint64_t ks = to, ke = to;
    if (uneq) {
        ks = chunk_lower_bound(c, from, to, (x0i + 1) / 2);
        ke = chunk_lower_bound(c, ks, to, (x0i + 17) / 2);
    }
    F(rare_lanes)(c, base, from, ks, false, x0i, marks);
    F(rare_lanes)(c, base, ks, ke, true, x0i, marks);
    F(rare_lanes)(c, base, ke, to, false, x0i, marks);
}
#endif


/* Over rare heaps k in [k0, k1): with `high` = g + x - i, the split into the
 * rare heap a and x - i - a has value value[k] ^ high[-a]. The low form adds
 * the values below LOW_VALUES to *bits; the byte form marks seen[]. */
static void F(rare_range)(const gr_sparse *s, const VT *high, uint64_t k0, uint64_t k1, vset *bits, uint8_t *seen)
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
static void F(rare_splits)(const gr_sparse *s, uint64_t x, int j, uint64_t k0, uint64_t k1, uint64_t alo, uint64_t ahi,
                        vset *bits, uint8_t *seen)
{
    uint64_t i = s->split_i[j];
    if (x <= i + 1) return;
    if (ahi > x - i) ahi = x - i;              /* the other part is not empty */
    if (alo >= ahi || k0 >= k1) return;
    uint64_t kl = rare_lower_bound(s, k1, alo), kh = rare_lower_bound(s, k1, ahi);
    if (kl < k0) kl = k0;
    if (kl >= kh) return;
    const VT *high = (const VT *)s->g + (x - i);
    uint64_t mid = (x - i) / 2;
    if (s->split_uneq[j] && (x - i) % 2 == 0 && mid >= alo && mid < ahi) {
        /* the parts must differ: leave out a = b */
        uint64_t km = rare_lower_bound(s, k1, mid);
        if (km >= kl && km < kh && s->rare[km >> RCHUNK_BITS]->heap[km & (RCHUNK - 1)] == mid) {
            F(rare_range)(s, high, kl, km, bits, seen);
            F(rare_range)(s, high, km + 1, kh, bits, seen);
            return;
        }
    }
    F(rare_range)(s, high, kl, kh, bits, seen);
}


/* ORs into out[w], w < words <= LOW_WORDS, over the splits (a, x - i - a), a in [a0, a1), the bits 1 << (value - off
 * - 64 w) of the values in [off + 64 w, off + 64 w + 64). `high` is
 * g + x - i. */
static void F(low_values)(const VT *g, const VT *high, uint64_t a0, uint64_t a1, uint32_t off, unsigned words,
                       uint64_t *out)
{
    for (uint64_t a = a0; a < a1; a++) {
        uint32_t v = ((uint32_t)g[a] ^ high[-(int64_t)a]) - off;
        if (v < 64 * words) out[v >> 6] |= 1ull << (v & 63);
    }
}

#ifdef GR_SPARSE_SIMD
/* The same, 16 splits an instruction (AVX2 shifts 1 by 64 or more to 0). */
__attribute__((target("avx2"))) static void F(low_values_avx2)(const VT *g, const VT *high, uint64_t a0,
                                                            uint64_t a1, uint32_t off, unsigned words, uint64_t *out)
{
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i acc[LOW_WORDS];
    for (int w = 0; w < LOW_WORDS; w++) acc[w] = _mm256_setzero_si256();
    uint64_t a = a0;
    for (; a + 16 <= a1; a += 16) {
        __m256i x = XOR_REV16(g + a, high - a - 15);
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
    F(low_values)(g, high, a, a1, off, words, out);
}


/* The scan's kernel: 32 splits an iteration, each split value looked up in
 * the set of wanted values not found yet (`left`, 256 bits, byte k holding
 * values 8k..8k+7): the byte of the set by two in-lane table lookups
 * (values 0..127 and 128..255, chosen by the value's top bit), the bit by a
 * third, an AND and one test for the 32. A split whose value is wanted is
 * rare (each value is found once), so the iteration that hits does the 32
 * splits again one by one, exactly, removes the values found and takes the
 * smaller set. The cost does not grow with the number of values wanted (the
 * set-building scan built a word of bits per 64 values wanted, the
 * compares an OR per value), and the scan stops within 64 splits of the
 * one that finds the last. Returns the splits examined; *nleft counts
 * `left`. */
#if W == 1
/* g[a + k] ^ high[-a - k] for k < 32: q = high - a - 31 read backwards
 * (bytes reversed within each half, then the halves swapped). The bytes are
 * the values; none is past 255. */
#define FILTER_BYTES(g, high, a, ok)                                                                                  \
    _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)((g) + (a))),                                  \
                     _mm256_permute4x64_epi64(                                                                       \
                         _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)((high) - (a) - 31)), \
                                             _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,  \
                                                              15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)), \
                         0x4e));                                                                                      \
    (ok) = _mm256_set1_epi8(-1)
#else
/* Two 16-lane XORs packed to bytes (lanes in another order, which the
 * test does not mind: a hit is found again one split at a time): the low
 * bytes, and `ok` marks the lanes whose value is below 256. */
#define FILTER_BYTES(g, high, a, ok)                                                                                  \
    _mm256_packus_epi16(_mm256_and_si256(x0_, lowbyte_), _mm256_and_si256(x1_, lowbyte_));                          \
    (ok) = _mm256_cmpeq_epi8(_mm256_packus_epi16(_mm256_srli_epi16(x0_, 8), _mm256_srli_epi16(x1_, 8)),            \
                             _mm256_setzero_si256())
#endif

/* The lanes of the 32 splits from a whose value is in the set (tlo, thi:
 * its bytes 0..15 and 16..31 in both halves). */
__attribute__((target("avx2"), always_inline)) static inline __m256i F(filter_hits)(const VT *g, const VT *high,
                                                                                    uint64_t a, __m256i tlo,
                                                                                    __m256i thi)
{
    const __m256i low3 = _mm256_set1_epi8(7), low5 = _mm256_set1_epi8(0x1f);
    const __m256i bit = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16,
                                         32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
#if W == 2
    const __m256i lowbyte_ = _mm256_set1_epi16(0xff);
    __m256i x0_ = XOR_REV16(g + a, high - a - 15), x1_ = XOR_REV16(g + a + 16, high - a - 31);
#endif
    __m256i ok;
    __m256i b = FILTER_BYTES(g, high, a, ok);
    __m256i idx = _mm256_and_si256(_mm256_srli_epi16(b, 3), low5);
    __m256i byte = _mm256_blendv_epi8(_mm256_shuffle_epi8(tlo, idx), _mm256_shuffle_epi8(thi, idx), b);
    return _mm256_and_si256(_mm256_and_si256(byte, ok), _mm256_shuffle_epi8(bit, _mm256_and_si256(b, low3)));
}

/* The splits of the lanes `hit` marks, one by one and exactly: their values
 * still in `left` leave it for `found`. */
__attribute__((target("avx2"), always_inline)) static inline void F(filter_take)(const VT *g, const VT *high, uint64_t a, __m256i hit,
                                                           vset *left, unsigned *nleft, vset *found)
{
    uint32_t lanes = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
    for (; lanes; lanes &= lanes - 1) {
        unsigned l = (unsigned)__builtin_ctz(lanes);
#if W == 1
        uint64_t k = a + l;
#else
        /* packed lanes: x0[0..7], x1[0..7], x0[8..15], x1[8..15] */
        uint64_t k = a + (l & 8u ? 16u : 0u) + (l >> 4) * 8u + (l & 7u);
#endif
        uint32_t v = (uint32_t)g[k] ^ high[-(int64_t)k];
        if (v < LOW_VALUES && (left->w[v >> 6] >> (v & 63) & 1)) {
            left->w[v >> 6] &= ~(1ull << (v & 63));
            found->w[v >> 6] |= 1ull << (v & 63);
            --*nleft;
        }
    }
}

#if W == 2
/* filter_take for the lanes of the byte kernel on the low-byte plane (lane
 * l is split a + l), each split's value read exactly from its two bytes. */
__attribute__((target("avx2"), always_inline)) static inline void filter_take_lo(const VT *g, const VT *high,
                                                                               uint64_t a, __m256i hit,
                                                                               vset *left, unsigned *nleft,
                                                                               vset *found)
{
    uint32_t lanes = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
    for (; lanes; lanes &= lanes - 1) {
        uint64_t k = a + (unsigned)__builtin_ctz(lanes);
        uint32_t v = (uint32_t)g[k] ^ high[-(int64_t)k];
        if (v < LOW_VALUES && (left->w[v >> 6] >> (v & 63) & 1)) {
            left->w[v >> 6] &= ~(1ull << (v & 63));
            found->w[v >> 6] |= 1ull << (v & 63);
            --*nleft;
        }
    }
}
#endif

/* 64 splits a test: a hit costs a mispredicted branch, and the values a
 * scan finds after its first blocks come close together often enough that
 * one test for two loads saves some. */
__attribute__((target("avx2,popcnt"))) static uint64_t F(filter_span)(const VT *g, const VT *high, uint64_t a0,
                                                                      uint64_t a1, vset *left, unsigned *nleft,
                                                                      vset *found)
{
    __m256i set = _mm256_loadu_si256((const __m256i *)(const void *)left->w);
    __m256i tlo = _mm256_permute4x64_epi64(set, 0x44), thi = _mm256_permute4x64_epi64(set, 0xee);
    uint64_t a = a0;
    for (; a + 64 <= a1; a += 64) {
        __m256i h0 = F(filter_hits)(g, high, a, tlo, thi), h1 = F(filter_hits)(g, high, a + 32, tlo, thi);
        __m256i h = _mm256_or_si256(h0, h1);
        if (__builtin_expect(_mm256_testz_si256(h, h), 1)) continue;
        F(filter_take)(g, high, a, h0, left, nleft, found);
        F(filter_take)(g, high, a + 32, h1, left, nleft, found);
        if (!*nleft) return a + 64 - a0;
        set = _mm256_loadu_si256((const __m256i *)(const void *)left->w);
        tlo = _mm256_permute4x64_epi64(set, 0x44), thi = _mm256_permute4x64_epi64(set, 0xee);
    }
    if (a + 32 <= a1) {
        __m256i h = F(filter_hits)(g, high, a, tlo, thi);
        if (!_mm256_testz_si256(h, h)) {
            F(filter_take)(g, high, a, h, left, nleft, found);
            if (!*nleft) return a + 32 - a0;
        }
        a += 32;
    }
    for (; a < a1; a++) {
        uint32_t v = (uint32_t)g[a] ^ high[-(int64_t)a];
        if (v < LOW_VALUES && (left->w[v >> 6] >> (v & 63) & 1)) {
            left->w[v >> 6] &= ~(1ull << (v & 63));
            found->w[v >> 6] |= 1ull << (v & 63);
            if (!--*nleft) return a + 1 - a0;
        }
    }
    return a1 - a0;
}

#if W == 2
/* filter_span on the low-byte plane (lo, lohigh = lo + x - i): the low byte
 * of a split's value is the XOR of its parts' low bytes, so every split
 * whose value is in `left` (below 256) hits; a split whose value passes 255
 * may hit too, and is then found not wanted by the exact look at its two
 * bytes. The same kernel and loads as the byte layout's. */
__attribute__((target("avx2,popcnt"))) static uint64_t filter_span_lo(const uint8_t *lo, const uint8_t *lohigh,
                                                                     const VT *g, const VT *high, uint64_t a0,
                                                                     uint64_t a1, vset *left, unsigned *nleft,
                                                                     vset *found)
{
    __m256i set = _mm256_loadu_si256((const __m256i *)(const void *)left->w);
    __m256i tlo = _mm256_permute4x64_epi64(set, 0x44), thi = _mm256_permute4x64_epi64(set, 0xee);
    uint64_t a = a0;
    for (; a + 64 <= a1; a += 64) {
        __m256i h0 = filter_hits_1(lo, lohigh, a, tlo, thi), h1 = filter_hits_1(lo, lohigh, a + 32, tlo, thi);
        __m256i h = _mm256_or_si256(h0, h1);
        if (__builtin_expect(_mm256_testz_si256(h, h), 1)) continue;
        filter_take_lo(g, high, a, h0, left, nleft, found);
        filter_take_lo(g, high, a + 32, h1, left, nleft, found);
        if (!*nleft) return a + 64 - a0;
        set = _mm256_loadu_si256((const __m256i *)(const void *)left->w);
        tlo = _mm256_permute4x64_epi64(set, 0x44), thi = _mm256_permute4x64_epi64(set, 0xee);
    }
    if (a + 32 <= a1) {
        __m256i h = filter_hits_1(lo, lohigh, a, tlo, thi);
        if (!_mm256_testz_si256(h, h)) {
            filter_take_lo(g, high, a, h, left, nleft, found);
            if (!*nleft) return a + 32 - a0;
        }
        a += 32;
    }
    for (; a < a1; a++) {
        uint32_t v = (uint32_t)g[a] ^ high[-(int64_t)a];
        if (v < LOW_VALUES && (left->w[v >> 6] >> (v & 63) & 1)) {
            left->w[v >> 6] &= ~(1ull << (v & 63));
            found->w[v >> 6] |= 1ull << (v & 63);
            if (!--*nleft) return a + 1 - a0;
        }
    }
    return a1 - a0;
}
#endif

/* Marks in `row` the value (256 for any past 255) of every split (a,
 * x - i - a), a in [a0, a1), `high` = g + x - i: a byte stored a split,
 * the cheapest way to gather many values at once. */
__attribute__((target("avx2"))) static void F(span_marks)(const VT *g, const VT *high, uint64_t a0, uint64_t a1,
                                                          uint8_t *row)
{
    uint8_t (*marks)[MARK_ROW] = (uint8_t (*)[MARK_ROW])(void *)row;   /* row 0 only */
    uint64_t a = a0;
    /* The lanes stored, then read back a value at a time: 7% fewer
     * instructions on Grundy's game and Officers (and fewer mispredicted
     * branches, by callgrind's model) than taking them to general registers
     * by 64-bit moves and shifts. */
#if W == 1
    uint8_t v[32];
    for (; a + 32 <= a1; a += 32) {
        __m256i ok;
        __m256i b = FILTER_BYTES(g, high, a, ok);
        (void)ok;
        _mm256_storeu_si256((__m256i *)(void *)v, b);
#pragma GCC unroll 32
        for (int l = 0; l < 32; l++) marks[0][v[l]] = 0xff;
    }
#else
    const __m256i fold = _mm256_set1_epi16(LOW_VALUES);
    uint16_t v[16];
    for (; a + 16 <= a1; a += 16) {
        _mm256_storeu_si256((__m256i *)(void *)v, _mm256_min_epu16(XOR_REV16(g + a, high - a - 15), fold));
#pragma GCC unroll 16
        for (int l = 0; l < 16; l++) marks[0][v[l]] = 0xff;
    }
#endif
    for (; a < a1; a++) {
        uint32_t v = (uint32_t)g[a] ^ high[-(int64_t)a];
        marks[0][v < LOW_VALUES ? v : LOW_VALUES] = 0xff;
    }
}

#undef FILTER_BYTES
/* The low mode scan with the kernel above, over blocks of 1024 splits
 * (every split digit's splits in a block before the next block, so the
 * small parts, where the values come soonest, go first). */
__attribute__((target("avx2,popcnt"))) static void F(scan_filter)(gr_sparse *s, uint64_t x, uint64_t a0, uint64_t a1,
                                                                  const vset *want, vset *found, scratch *t)
{
    vset left;
    unsigned nleft = 0;
    for (int w = 0; w < LOW_WORDS; w++) {
        left.w[w] = want->w[w] & ~found->w[w];
        nleft += (unsigned)__builtin_popcountll(left.w[w]);
    }
    const VT *g = s->g;
    uint64_t examined = 0;
#if W == 2
    const uint8_t *lo = s->lo;
    uint32_t nb = __atomic_load_n(&s->nbig, __ATOMIC_ACQUIRE);
#endif
    for (uint64_t a = a0; a < a1 && nleft;) {
        /* (the kernel looks values up below 256 only) */
        if (nleft > FILTER_FROM || left.w[4] | left.w[5] | left.w[6] | left.w[7]) {
            /* Many values wanted: most blocks find some, and a set built
             * costs less than a kernel that stops at every hit. */
            uint64_t stop = a + 256 < a1 ? a + 256 : a1;
            unsigned chunks = MARK_CHUNKS;   /* the row's chunks marked: bytes mark the first 256 only */
#if W == 2
            if (lo) chunks = 256u / 32;
#endif
            for (int j = 0; j < s->nsplit; j++) {
                uint64_t end = part_limit(s, x, j);
                if (end > stop) end = stop;
                if (end <= a) continue;
#if W == 2
                uint64_t xi = x - s->split_i[j];
                /* No part past 255 among these splits: their values are
                 * the XORs of the low bytes, below 256. */
                if (lo && nb <= BIG_MAX && !big_in(s, nb, a, end) && !big_in(s, nb, xi - end + 1, xi - a + 1)) {
                    span_marks_1(lo, lo + xi, a, end, t->marks[0]);
                    examined += end - a;
                    continue;
                }
                chunks = MARK_CHUNKS;
#endif
                F(span_marks)(g, g + (x - s->split_i[j]), a, end, t->marks[0]);
                examined += end - a;
            }
            vset seen;
            marks_take_row(t->marks[0], &seen, chunks);
            nleft = 0;
            for (int w = 0; w < LOW_WORDS; w++) {
                found->w[w] |= left.w[w] & seen.w[w];
                left.w[w] &= ~seen.w[w];
                nleft += (unsigned)__builtin_popcountll(left.w[w]);
            }
            a = stop;
            continue;
        }
        uint64_t stop = a + 1024 < a1 ? a + 1024 : a1;
        for (int j = 0; j < s->nsplit && nleft; j++) {
            uint64_t end = part_limit(s, x, j);
            if (end > stop) end = stop;
            if (end <= a) continue;
#if W == 2
            if (lo) {
                uint64_t xi = x - s->split_i[j];
                examined += filter_span_lo(lo, lo + xi, g, g + xi, a, end, &left, &nleft, found);
                continue;
            }
#endif
            examined += F(filter_span)(g, g + (x - s->split_i[j]), a, end, &left, &nleft, found);
        }
        a = stop;
    }
    t->scanned += examined;
}
#endif

static void F(span_values)(const gr_sparse *s, const VT *high, uint64_t a0, uint64_t a1, uint32_t off,
                        unsigned words, uint64_t *out)
{
#ifdef GR_SPARSE_SIMD
    if (s->simd) {
        F(low_values_avx2)((const VT *)s->g, high, a0, a1, off, words, out);
        return;
    }
#endif
    F(low_values)((const VT *)s->g, high, a0, a1, off, words, out);
}

/* Low mode scan: adds to *found the values below LOW_VALUES of the splits
 * whose smaller part is in [a0, a1), a block at a time, until `want` is
 * covered: with AVX2 by the filter kernel, else by sets of the words from
 * the lowest to the highest still wanted. */
static void F(scan_low)(gr_sparse *s, uint64_t x, uint64_t a0, uint64_t a1, const vset *want, vset *found,
                        scratch *t)
{
#ifdef GR_SPARSE_SIMD
    if (s->simd) {
        F(scan_filter)(s, x, a0, a1, want, found, t);
        return;
    }
#endif
    const VT *g = s->g;
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
            F(span_values)(s, g + (x - s->split_i[j]), a, end, 64 * lo, hi - lo, found->w + lo);
            examined += end - a;
        }
        a = stop;
    }
    t->scanned += examined;
}


/* Byte mode scan over every split: counts down the targets and stops once
 * none is left. Returns the targets left (kept in t->target). Targets below
 * 1024 are looked for 64 values a word, four words a pass. */
static uint32_t F(scan_bytes)(gr_sparse *s, uint64_t x, scratch *t, uint32_t ntarget)
{
    const VT *g = s->g;
    uint64_t examined = 0, a1 = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;
#ifdef GR_SPARSE_SIMD
    if (s->simd && t->target[ntarget - 1] < LOW_VALUES) {
        /* Every target below 256 (the candidate past 255, the rare values
         * from 256 up all reached): the low mode's scan. */
        vset want = {{0}}, found = {{0}};
        for (uint32_t q = 0; q < ntarget; q++) want.w[t->target[q] >> 6] |= 1ull << (t->target[q] & 63);
        F(scan_low)(s, x, 1, a1, &want, &found, t);
        uint32_t kept = 0;
        for (uint32_t q = 0; q < ntarget; q++)
            if (!(found.w[t->target[q] >> 6] >> (t->target[q] & 63) & 1)) t->target[kept++] = t->target[q];
        return kept;
    }
#endif
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
                    if (left) F(span_values)(s, g + (x - s->split_i[j]), a, end, w << 6, words, found + w);
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
        t->scanned += examined;
        return kept;
    }
    int64_t left = ntarget;
    for (uint32_t q = 0; q < ntarget; q++) t->want[t->target[q]] = 1;
    for (uint64_t a = 1; a < a1 && left > 0;) {
        uint64_t stop = a + 64 < a1 ? a + 64 : a1;
        for (int j = 0; j < s->nsplit; j++) {
            uint64_t end = part_limit(s, x, j);
            if (end > stop) end = stop;
            const VT *high = g + (x - s->split_i[j]);
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
    t->scanned += examined;
    return kept;
}

/* Adds G(x - p0) to its class set (a repeating code's takes). Once a heap, in
 * heap order. */
static void F(class_add)(gr_sparse *s, uint64_t x)
{
    if (!s->period || x < (uint64_t)s->p0 + 1) return;
    uint64_t j = x - (uint64_t)s->p0;
    uint64_t *cl = s->cls + (j % (uint64_t)s->period) * VALUE_WORDS;
    uint32_t v = ((const VT *)s->g)[j];
    cl[v >> 6] |= 1ull << (v & 63);
}

/* The options that leave at most one heap: values below LOW_VALUES into
 * *bits, and every value into seen[] when seen is not NULL. */
static void F(takes)(const gr_sparse *s, uint64_t x, vset *bits, uint8_t *seen)
{
    const VT *g = s->g;
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


/* Byte mode: G(x) from every option value, once every heap below x is
 * published. */
static uint32_t F(heap_bytes)(gr_sparse *s, uint64_t x, scratch *t)
{
    uint64_t k1 = s->nrare;
    vset unused = {{0}};
    for (int j = 0; j < s->nsplit; j++) F(rare_splits)(s, x, j, 0, k1, 1, UINT64_MAX, NULL, t->seen);
    F(takes)(s, x, &unused, t->seen);
    uint32_t c = 0;
    while (c < UNSET && (t->seen[c] || gr_sparse_is_rare(s->mask, c))) c++;
    uint32_t n = 0;
    for (uint32_t v = 0; v < c; v++)
        if (!t->seen[v] && gr_sparse_is_rare(s->mask, v)) t->target[n++] = v;
    if (n && s->nsplit) n = F(scan_bytes)(s, x, t, n);
    uint32_t v = n ? t->target[0] : c;
    uint32_t span = 1;
    while (span <= s->gmax) span *= 2;
    memset(t->seen, 0, span);
    return v;
}


/* The end of phase A, once the rare splits gave `seen`: the provisional
 * candidate and the scan of old splits for the rare values below it. */
static void F(heap_a_scan)(gr_sparse *s, uint64_t x, const vset *seen, uint64_t snap, uint64_t k0, stage *st,
                           scratch *t)
{
    uint64_t a_old = 1;
    vset found = {{0}};
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t lo = part_old(s, x, j, snap);
        if (lo > a_old) a_old = lo;
    }
    uint64_t top = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;   /* parts a < top */
    vset want = {{0}};
    if (snap < x && s->nsplit) {
        want = wanted(&s->rare_low, seen, low_candidate(seen, &s->rare_low));
        if (vs_open(&want, &found)) F(scan_low)(s, x, a_old, top, &want, &found, t);
    }
    st->seen = *seen;
    st->found = found;
    st->looked = want;
    __atomic_store_n(&st->snap, snap, __ATOMIC_RELAXED);
    __atomic_store_n(&st->x, x, __ATOMIC_RELAXED);
    st->k0 = k0;
}

static void F(heap_a)(gr_sparse *s, uint64_t x, stage *st, scratch *t)
{
    uint64_t snap = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE);
    uint64_t k0 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    vset seen = {{0}};
    for (int j = 0; j < s->nsplit; j++) F(rare_splits)(s, x, j, 0, k0, part_old(s, x, j, snap), UINT64_MAX, &seen, NULL);
    F(heap_a_scan)(s, x, &seen, snap, k0, st, t);
}

/* rare_splits over a window of rare heaps [kl, kh) known to hold every rare
 * heap a in [alo, ahi) (and perhaps others, left out here). */
static void F(rare_window)(const gr_sparse *s, uint64_t x, int j, uint64_t kl, uint64_t kh, uint64_t alo,
                           uint64_t ahi, vset *bits)
{
    uint64_t i = s->split_i[j];
    if (x <= i + 1) return;
    if (ahi > x - i) ahi = x - i;              /* the other part is not empty */
    const VT *high = (const VT *)s->g + (x - i);
    bool uneq = s->split_uneq[j] && (x - i) % 2 == 0;
    for (uint64_t k = kl; k < kh; k++) {
        const rare_chunk *c = s->rare[k >> RCHUNK_BITS];
        uint64_t a = c->heap[k & (RCHUNK - 1)];
        if (a < alo || a >= ahi || (uneq && 2 * a == x - i)) continue;   /* unequal parts: not a = b */
        vs_add(bits, (uint32_t)c->value[k & (RCHUNK - 1)] ^ high[-(int64_t)a]);
    }
}

#ifdef GR_SPARSE_SIMD
/* The block kernel over rare heaps [kl, kh) for the batch whose first heap
 * minus the split digit is x0i. */
static void F(rare_block_run)(const gr_sparse *s, uint64_t x0i, int j, uint64_t kl, uint64_t kh,
                              uint8_t (*marks)[MARK_ROW])
{
    while (kl < kh) {
        const rare_chunk *c = __atomic_load_n(&s->rare[kl >> RCHUNK_BITS], __ATOMIC_ACQUIRE);
        uint64_t from = kl & (RCHUNK - 1), to = from + (kh - kl);
        if (to > RCHUNK) to = RCHUNK;
        F(rare_block_avx2)(c, (const VT *)s->g + x0i, from, to, s->split_uneq[j], x0i, marks);
        kl = (kl & ~(uint64_t)(RCHUNK - 1)) + to;
    }
}

#if W == 2
/* The byte kernel on the low-byte plane over rare heaps [kl, kh), none of
 * them or their partners in the batch past 255. */
static void rare_block_lo(const gr_sparse *s, uint64_t x0i, int j, uint64_t kl, uint64_t kh,
                          uint8_t (*marks)[MARK_ROW])
{
    while (kl < kh) {
        const rare_chunk *c = __atomic_load_n(&s->rare[kl >> RCHUNK_BITS], __ATOMIC_ACQUIRE);
        uint64_t from = kl & (RCHUNK - 1), to = from + (kh - kl);
        if (to > RCHUNK) to = RCHUNK;
        rare_block_avx2_1(c, s->lo + x0i, from, to, s->split_uneq[j], x0i, marks);
        kl = (kl & ~(uint64_t)(RCHUNK - 1)) + to;
    }
}
#endif

/* Returns whether it marked values past 255 (else the rows' first 256 bytes
 * hold every mark). */
/* Inlined into both callers (phase A's batch and phase B's group): a call of its
 * own cost phase A 0.3% more instructions. */
__attribute__((always_inline)) static inline bool F(rare_block)(const gr_sparse *s, uint64_t x0i, int j, uint64_t kl,
                                                               uint64_t kh, uint8_t (*marks)[MARK_ROW])
{
#if W == 2
    uint32_t nb = __atomic_load_n(&s->nbig, __ATOMIC_ACQUIRE);
    if (s->lo && nb <= BIG_MAX) {
        /* The rare heaps whose value, or whose partner for some heap of the
         * batch (heaps x0i - r .. x0i - r + 15), passes 255 are done with
         * two bytes: for big heap h, r = h and r in [x0i - h, x0i - h + 16).
         * Those runs of rare heaps, sorted, and the byte kernel between. */
        uint64_t run_a[2 * BIG_MAX], run_b[2 * BIG_MAX];
        int nr = 0;
        for (uint32_t b = 0; b < nb; b++) {
            uint64_t h = s->big[b], ka = rare_lower_bound(s, kh, h);
            if (ka < kh && gr_sparse_rare_heap(s, ka) == h) run_a[nr] = ka, run_b[nr++] = ka + 1;
            if (h < x0i + 16) {
                ka = rare_lower_bound(s, kh, h <= x0i ? x0i - h : 0);
                uint64_t kb = rare_lower_bound(s, kh, x0i + 16 - h);
                if (ka < kb) run_a[nr] = ka, run_b[nr++] = kb;
            }
        }
        for (int p = 1; p < nr; p++)        /* insertion sort by start: nr is small */
            for (int q = p; q > 0 && run_a[q - 1] > run_a[q]; q--) {
                uint64_t ta = run_a[q], tb = run_b[q];
                run_a[q] = run_a[q - 1], run_b[q] = run_b[q - 1];
                run_a[q - 1] = ta, run_b[q - 1] = tb;
            }
        uint64_t at = kl;
        bool wide = false;
        for (int p = 0; p < nr && at < kh; p++) {
            uint64_t a = run_a[p] > at ? run_a[p] : at, b = run_b[p] < kh ? run_b[p] : kh;
            if (a >= b) continue;
            rare_block_lo(s, x0i, j, at, a, marks);
            F(rare_block_run)(s, x0i, j, a, b, marks);
            at = b, wide = true;
        }
        rare_block_lo(s, x0i, j, at, kh, marks);
        return wide;
    }
#endif
    F(rare_block_run)(s, x0i, j, kl, kh, marks);
    return W == 2;
}

/* Phase A of the 16 heaps x0..x0+15 together. The rare heaps r in [lo, hi)
 * pair with an old heap for every one of them (lo from the last heap, hi
 * keeps the first heap's other part nonempty) and go through the block
 * kernel; the few rare heaps outside, per heap. */
static void F(heap_a16)(gr_sparse *s, uint64_t x0, stage *ring, scratch *t)
{
    uint64_t snap = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE);
    uint64_t k0 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    vset seen[16];
    bool wide = false;
    memset(seen, 0, sizeof seen);
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t i = s->split_i[j], lo = part_old(s, x0 + 15, j, snap), hi = x0 > i ? x0 - i : 0;
        if (lo < hi) {
            uint64_t klo = rare_lower_bound(s, k0, lo), khi = rare_lower_bound(s, k0, hi);
            wide |= F(rare_block)(s, x0 - i, j, klo, khi, t->marks);
            /* The rare heaps left to each heap lie in two windows of at most
             * 15 heaps, below lo and from hi: each window found once for the
             * batch, not twice a heap. */
            uint64_t first = part_old(s, x0, j, snap), last = x0 + 15 > i ? x0 + 15 - i : 0;
            uint64_t ka = rare_lower_bound(s, klo, first), kd = last > hi ? rare_lower_bound(s, k0, last) : khi;
            for (uint64_t l = 0; l < 16; l++) {
                uint64_t x = x0 + l;
                F(rare_window)(s, x, j, ka, klo, part_old(s, x, j, snap), lo, &seen[l]);
                F(rare_window)(s, x, j, khi, kd, hi, UINT64_MAX, &seen[l]);
            }
            continue;
        }
        lo = hi = UINT64_MAX;
        for (uint64_t l = 0; l < 16; l++) {
            uint64_t x = x0 + l;
            F(rare_splits)(s, x, j, 0, k0, part_old(s, x, j, snap), lo, &seen[l], NULL);
            F(rare_splits)(s, x, j, 0, k0, hi, UINT64_MAX, &seen[l], NULL);
        }
    }
    marks_take(t->marks, seen, wide ? MARK_CHUNKS : 256u / 32);
    for (uint64_t l = 0; l < 16; l++) {
        stage *st = &ring[(x0 + l) % RING];
        F(heap_a_scan)(s, x0 + l, &seen[l], snap, k0, st, t);
        __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
    }
}
#endif

#ifdef GR_SPARSE_SIMD
/* Phase B's rare splits of a group of n heaps x0..x0+n-1 (up to BATCH; the
 * kernel does 16 lanes, so from GROUP_HEAPS on), every heap below x0
 * published: for split digit j, the small rare parts r that
 * pair with a heap published after a stage's phase A (r below
 * part_old(x, j, snap), up to about the look-ahead depth) are the same few
 * rare heaps for every heap of the group. Those from BATCH up pair with a
 * heap below x0 in every lane, so one pass of the batch kernel (a load and
 * an XOR for the 16 heaps) does them for the group, up to the bound of the
 * group's deepest heap (a heap may get splits its own stage already had:
 * sets, so the same values). pre[l] gets heap x0 + l's values and cut[j]
 * the range done (each heap does the rare parts below it alone); false when no digit has enough rare heaps there to gain. */
#define GROUP_RARE_GAIN 800u
#define GROUP_HEAPS 6u
static bool F(group_rare)(gr_sparse *s, uint64_t x0, uint64_t n, const stage *ring, scratch *t, vset pre[BATCH],
                          group_cut *cut)
{
    uint64_t k1 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    bool any = false, wide = false;
    for (int j = 0; j < s->nsplit; j++) {
        /* the bound of the group's first and last heaps (the deepest,
         * mostly); a heap whose own bound is past it does all its rare
         * parts alone */
        uint64_t i = s->split_i[j], hi = part_old(s, x0 + n - 1, j, ring[(x0 + n - 1) % RING].snap);
        uint64_t first = part_old(s, x0, j, ring[x0 % RING].snap);
        if (first > hi) hi = first;
        cut[j].from = cut[j].to = 0;
        /* from BATCH, and below x0 - i so that every lane's other part is a heap */
        if (hi <= BATCH || x0 <= i || hi > x0 - i) continue;
        uint64_t kl = rare_lower_bound(s, k1, BATCH), kh = rare_lower_bound(s, k1, hi);
        /* a rare heap costs a heap about 5 instructions alone and the pass
         * about 25 for all lanes; turning the marks into sets about 800 */
        if ((kh - kl) * (5 * n - 25) < GROUP_RARE_GAIN) continue;
        wide |= F(rare_block)(s, x0 - i, j, kl, kh, t->marks);
        cut[j].from = BATCH, cut[j].to = hi, any = true;
    }
    if (!any) return false;
    memset(pre, 0, BATCH * sizeof *pre);
    marks_take(t->marks, pre, wide ? MARK_CHUNKS : 256u / 32);
    return true;
}
#endif

/* rare_splits over the rare parts a in [1, ahi) among the first k0 rare
 * heaps, ahi <= SMALL once the table of those is filled: they are the first
 * of the list (in its first chunk) and the table gives where they end, so a
 * plain loop does them (phase B's small rare parts, every heap in order:
 * the general form's searches and calls cost more than the few rare heaps
 * there). */
static inline void F(rare_small)(const gr_sparse *s, uint64_t x, int j, uint64_t k0, uint64_t ahi, vset *bits)
{
    uint64_t i = s->split_i[j];
    if (x <= i + 1) return;
    if (ahi > x - i) ahi = x - i;              /* the other part is not empty */
    uint64_t kh = s->below[ahi];
    if (kh > k0) kh = k0;
    if (!kh) return;
    const rare_chunk *c = s->rare[0];
    const VT *high = (const VT *)s->g + (x - i);
    /* unequal parts: not a = b (no rare heap is 0) */
    uint64_t same = s->split_uneq[j] && (x - i) % 2 == 0 ? (x - i) / 2 : 0;
    for (uint64_t k = 0; k < kh; k++) {
        uint64_t a = c->heap[k];
        if (a != same) vs_add(bits, (uint32_t)c->value[k] ^ high[-(int64_t)a]);
    }
}

/* Phase B: every heap below x is published; returns G(x). With pre (a
 * group's rare splits, group_rare), the rare parts in [cut[j].from,
 * cut[j].to) are in *pre: a heap whose bound lies in that range does only
 * those below cut[j].from itself. */
static uint32_t F(heap_b)(gr_sparse *s, uint64_t x, const stage *st, scratch *t, const vset *pre,
                          const group_cut *cut)
{
    const vset *rare = &s->rare_low;
    vset seen = st->seen, found = st->found;
    uint64_t snap = st->snap, a_old = 1;
    uint64_t k1 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    if (pre)
        for (int w = 0; w < LOW_WORDS; w++) seen.w[w] |= pre->w[w];
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t lo = part_old(s, x, j, snap);
        if (lo > a_old) a_old = lo;
        uint64_t own = pre && cut[j].from < lo && lo <= cut[j].to ? cut[j].from : lo;
        if (own <= SMALL && s->small_ready) F(rare_small)(s, x, j, st->k0, own, &seen);
        else F(rare_splits)(s, x, j, 0, st->k0, 1, own, &seen, NULL);
        F(rare_splits)(s, x, j, st->k0, k1, 1, UINT64_MAX, &seen, NULL);
    }
    F(class_add)(s, x);
    F(takes)(s, x, &seen, NULL);
    uint32_t c = low_candidate(&seen, rare);
    if (c >= LOW_VALUES) return t->bytes++, F(heap_bytes)(s, x, t);
    uint64_t top = x > s->split_min ? (x - s->split_min) / 2 + 1 : 0;
    vset want = wanted(rare, &seen, c);
    if (vs_open(&want, &found) && s->nsplit && snap < x) F(scan_low)(s, x, 1, a_old < top ? a_old : top, &want, &found, t);
    /* A wanted value phase A looked for and neither scan found is no
     * option at all (both scans run to the end unless all is found): the
     * value is G(x) unless a smaller one phase A did not look for (a new
     * candidate raised by the splits seen here) is missing too. So the old
     * splits are scanned again only for those smaller new values, and only
     * when there are any (on every thread the same: `looked` and `found`
     * depend on snap, and the answer on the values only). */
    int open = vs_open(&want, &found);
    if (!open) return c;
    uint32_t known = c;                       /* the smallest value shown to be no option, or c */
    for (int w = 0; w < open; w++) {
        uint64_t gone = want.w[w] & st->looked.w[w] & ~found.w[w];
        if (gone) {
            known = 64u * (uint32_t)w + (uint32_t)__builtin_ctzll(gone);
            break;
        }
    }
    vset rest = wanted(&want, &st->looked, known);   /* wanted below `known`, not looked for by phase A */
    if (vs_open(&rest, &found) && s->nsplit) {
        uint64_t before = t->scanned;
        F(scan_low)(s, x, snap < x ? a_old : 1, top, &rest, &found, t);
        t->rescans++, t->rescanned += t->scanned - before, t->fronts += snap >= x;
    }
    for (int w = 0; w < LOW_WORDS; w++) {
        uint64_t left = rest.w[w] & ~found.w[w];
        if (left) return 64u * (uint32_t)w + (uint32_t)__builtin_ctzll(left);
    }
    return known;
}



/* A stage whose phase A ran at snap, brought up to the heaps published now
 * by a thread with no phase A to do: the rare splits and the scan of the
 * splits whose other part was published meanwhile, so phase B (in order,
 * on one thread at a time) has only the newest heaps left. The scan looks
 * for the values phase A looked for, so `looked` keeps its meaning over the
 * longer range. Only adds options, so G(x) does not depend on it. */
static void F(heap_refresh)(gr_sparse *s, uint64_t y, stage *st, scratch *t)
{
    uint64_t snap = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE);
    uint64_t k1 = __atomic_load_n(&s->nrare, __ATOMIC_ACQUIRE);
    uint64_t old = st->snap, k0 = st->k0;
    if (snap <= old) return;
    vset found = st->found;
    uint64_t a1 = 1, a2 = 1;
    for (int j = 0; j < s->nsplit; j++) {
        uint64_t lo1 = part_old(s, y, j, old), lo2 = part_old(s, y, j, snap);
        F(rare_splits)(s, y, j, 0, k0, lo2, lo1, &st->seen, NULL);
        F(rare_splits)(s, y, j, k0, k1, lo2, UINT64_MAX, &st->seen, NULL);
        if (lo1 > a1) a1 = lo1;
        if (lo2 > a2) a2 = lo2;
    }
    uint64_t top = y > s->split_min ? (y - s->split_min) / 2 + 1 : 0;
    if (a1 > top) a1 = top;
    if (s->nsplit && snap < y && a2 < a1 && vs_open(&st->looked, &found))
        F(scan_low)(s, y, a2, a1, &st->looked, &found, t);
    st->found = found;
    __atomic_store_n(&st->snap, snap, __ATOMIC_RELAXED);
    st->k0 = k1;
}

/* Refreshes the first stage at least REFRESH_GAP heaps past the published
 * ones (nearer ones phase B is about to take) whose phase A is REFRESH_STALE
 * heaps old or more, looking at a few stages only. */
#define REFRESH_GAP 16u
#define REFRESH_STALE 32u
static bool F(refresh_one)(gr_sparse *s, stage *ring, const uint64_t *next_a, scratch *t)
{
    /* the publisher may be up to show_every heaps past what it shows */
    uint64_t shown = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE), c = shown + s->show_every - 1;
    uint64_t hi = __atomic_load_n(next_a, __ATOMIC_ACQUIRE);
    if (hi > c + REFRESH_GAP + 64) hi = c + REFRESH_GAP + 64;
    for (uint64_t y = c + REFRESH_GAP; y < hi; y++) {
        stage *st = &ring[y % RING];
        if (__atomic_load_n(&st->ready, __ATOMIC_ACQUIRE) != 1) continue;
        if (__atomic_load_n(&st->snap, __ATOMIC_RELAXED) + REFRESH_STALE > shown) continue;
        int one = 1;
        if (!__atomic_compare_exchange_n(&st->ready, &one, 2, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) continue;
        if (st->x == y) F(heap_refresh)(s, y, st, t);   /* else the slot went round the ring meanwhile */
        __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
        return true;
    }
    return false;
}

/* Every thread does phase A for the next heap not yet taken, within AHEAD
 * of the published ones, and whichever thread holds the token finishes the
 * heaps whose phase A is done, in order. With t->st, the time of each part
 * is added to it (a clock read before and after each). */
static void F(pipeline)(gr_sparse *s, uint64_t to, uint64_t ahead, bool shared, stage *ring, uint64_t *next_a,
                        int *token, scratch *t)
{
    tstat *ts = t->st;
    double t_in = ts ? clock_now() : 0;
    for (unsigned idle = 0;;) {
        uint64_t done = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE);
        if (done >= to || __atomic_load_n(&s->promote, __ATOMIC_ACQUIRE)) break;
        bool worked = false;
        int free_token = 0;
        /* Looked at before the exchange: a failed exchange still takes the
         * line from the thread that holds the token. */
        if (!__atomic_load_n(token, __ATOMIC_RELAXED) &&
            __atomic_compare_exchange_n(token, &free_token, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            double t0 = ts ? clock_now() : 0;
            uint64_t x = __atomic_load_n(&s->count, __ATOMIC_ACQUIRE), x0 = x, scanned = t->scanned;
            for (bool go = true; go && x < to;) {
                /* A group of up to BATCH consecutive stages whose phase A is
                 * done, taken at once: their ready lines (written on other
                 * cores) fetched together, then taken (ready 1 -> 3, so that
                 * no refresh starts while phase B reads them; 2 is a refresh
                 * under way) before any heap of the group is done, so that
                 * the heaps are done and published with no locked
                 * instruction between them (each waited for the stores of
                 * the heap before: its value's line, shared with the
                 * threads that read it, and the stage's). */
                uint64_t n = 0, most = to - x < BATCH ? to - x : BATCH;
                if (shared) {
                    for (uint64_t l = 0; l < most; l++) __builtin_prefetch(&ring[(x + l) % RING].snap, 1);
                    for (int one = 1; n < most; n++, one = 1)
                        if (!__atomic_compare_exchange_n(&ring[(x + n) % RING].ready, &one, 3, false, __ATOMIC_ACQUIRE,
                                                         __ATOMIC_RELAXED))
                            break;
                } else {
                    while (n < most && __atomic_load_n(&ring[(x + n) % RING].ready, __ATOMIC_ACQUIRE)) n++;
                }
                if (!n) break;
                uint64_t end = x + n;
                const vset *pre = NULL;
                group_cut cut[GR_TB_MAX_DIGITS];
#ifdef GR_SPARSE_SIMD
                vset group[BATCH];
                if (n >= GROUP_HEAPS && s->simd && s->nsplit && F(group_rare)(s, x, n, ring, t, group, cut)) pre = group;
#endif
                if (ts) ts->groups++, ts->group_passes += pre != NULL;
                for (; x < end; x++) {
                    stage *st = &ring[x % RING];
                    /* the next stage's lines on their way while this heap is done */
                    const stage *nx = &ring[(x + 1) % RING];
                    __builtin_prefetch(&nx->seen), __builtin_prefetch(&nx->found), __builtin_prefetch(&nx->looked);
                    if (ts) ts->depth += x - st->snap;
                    uint32_t v = F(heap_b)(s, x, st, t, pre ? pre + (x - (end - n)) : NULL, cut);
                    __atomic_store_n(&st->ready, 0, __ATOMIC_RELAXED);
                    worked = true;
                    if (!publish(s, x, v)) {
                        /* a value past a byte: the run stops to widen; the
                         * group's other stages are given back as they were */
                        go = false;
                        for (uint64_t y = x + 1; shared && y < end; y++)
                            __atomic_store_n(&ring[y % RING].ready, 1, __ATOMIC_RELEASE);
                        break;
                    }
                }
            }
            /* what was published, shown before the token goes back */
            __atomic_store_n(&s->shown, __atomic_load_n(&s->count, __ATOMIC_RELAXED), __ATOMIC_RELEASE);
            __atomic_store_n(token, 0, __ATOMIC_RELEASE);
            if (ts) {
                ts->b += clock_now() - t0, ts->holds++;
                ts->b_heaps += x - x0, ts->b_scanned += t->scanned - scanned;
                ts->bytes += t->bytes, ts->rescans += t->rescans, ts->rescanned += t->rescanned;
                ts->fronts += t->fronts;
            }
            t->bytes = t->rescans = t->rescanned = t->fronts = 0;
        }
        /* Phase A for a batch of heaps: one claim per BATCH heaps keeps the
         * threads off each other's cache lines. */
        uint64_t x = __atomic_load_n(next_a, __ATOMIC_ACQUIRE);
        uint64_t room = __atomic_load_n(&s->shown, __ATOMIC_ACQUIRE) + AHEAD;
        uint64_t end = x + BATCH < ahead ? x + BATCH : ahead;
        if (end > room) end = room;
        if (x < end && __atomic_compare_exchange_n(next_a, &x, end, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            double t0 = ts ? clock_now() : 0;
            uint64_t a_sc = t->scanned;
            if (ts) ts->a_heaps += end - x;
#ifdef GR_SPARSE_SIMD
            if (end - x == BATCH && s->simd && s->nsplit) F(heap_a16)(s, x, ring, t), x = end;
#endif
            for (; x < end; x++) {
                stage *st = &ring[x % RING];
                F(heap_a)(s, x, st, t);
                __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
            }
            worked = true;
            if (ts) ts->a += clock_now() - t0, ts->a_scanned += t->scanned - a_sc;
            /* Then a few stale stages near the front brought up to date:
             * their rare splits and scans move from phase B, in order on
             * one thread, to this one, and phase B's depth stays near
             * REFRESH_GAP whatever the thread count. */
            if (shared && s->refresh_after) {
                double t1 = ts ? clock_now() : 0;
                unsigned r = 0;
                while (r < s->refresh_after && F(refresh_one)(s, ring, next_a, t)) r++;
                if (ts && r) ts->refresh += clock_now() - t1, ts->refreshes += r;
            }
        }
        if (!worked && shared) {
            double t0 = ts ? clock_now() : 0;
            worked = F(refresh_one)(s, ring, next_a, t);
            if (ts && worked) ts->refresh += clock_now() - t0, ts->refreshes++;
        }
        if (worked) {
            idle = 0;
            continue;
        }
        /* Nothing to do: wait, reading lines that change rarely, until
         * something may have changed (heaps shown, a batch claimed, the
         * token free with the next stage ready), so that idle threads do
         * not take the lines the publisher and phase A write from them. */
        uint64_t seen_shown = __atomic_load_n(&s->shown, __ATOMIC_RELAXED);
        uint64_t seen_next = __atomic_load_n(next_a, __ATOMIC_RELAXED);
        for (unsigned k = 0; k < IDLE_SPIN; k++) {
#ifdef GR_SPARSE_SIMD
            _mm_pause();
#endif
            if (__atomic_load_n(&s->shown, __ATOMIC_RELAXED) != seen_shown ||
                __atomic_load_n(next_a, __ATOMIC_RELAXED) != seen_next ||
                __atomic_load_n(&s->promote, __ATOMIC_RELAXED))
                break;
            if (!__atomic_load_n(token, __ATOMIC_RELAXED) &&
                __atomic_load_n(&ring[seen_shown % RING].ready, __ATOMIC_RELAXED) == 1)
                break;
        }
        if (++idle > 4) sched_yield();   /* more threads than cores, or waiting on a descheduled one */
    }
    if (ts) ts->total += clock_now() - t_in;
}

#undef LOAD8
#undef LOAD16
#undef LOAD16_REV
#undef XOR_REV16
#undef F
#undef VT
#undef MARK_CHUNKS
#undef W
