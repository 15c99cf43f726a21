/* Nim-sequences of heap rulesets: the simple reference (mex over the options
 * the ruleset lists) and the fast candidate-testing method for take-and-break
 * codes. See grundy/heapseq.h and docs/takebreak.md. */
#include "grundy/heapseq.h"
#include "grundy/grow.h"
#include "grundy/bitset.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double elapsed(clock_t start)
{
    return (double)(clock() - start) / CLOCKS_PER_SEC;
}

static void limits_or_default(const gr_limits *lim, gr_limits *out)
{
    if (lim) *out = *lim;
    else gr_limits_default(out);
}

/* ---------------------------------------------------------------- simple */

typedef struct simple_ctx {
    const uint32_t *g;
    uint64_t x;
    gr_bitset *seen;
    int bad;              /* 1: a result heap is not smaller; 2: out of memory */
    uint64_t bad_heap;
} simple_ctx;

static int simple_option(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    simple_ctx *s = ctx;
    uint32_t v = 0;
    for (int i = 0; i < result->n; i++) {
        if (result->p[i] >= s->x) {
            s->bad = 1;
            s->bad_heap = result->p[i];
            return GR_EINPUT;
        }
        v ^= s->g[result->p[i]];
    }
    if (!gr_bitset_add(s->seen, v)) {
        s->bad = 2;
        return GR_ENOMEM;
    }
    return 0;
}

int gr_heapseq_simple(const gr_game *g, uint32_t n, uint32_t *out, const gr_limits *lim,
                      gr_heapseq_info *info, gr_error *err)
{
    if (!(g->flags & GR_RS_HEAPS))
        return gr_fail(err, GR_EINPUT, "%s is not a sum of heaps: it has no nim-sequence", g->spec);
    gr_limits L;
    limits_or_default(lim, &L);
    clock_t start = clock();
    gr_bitset seen;
    gr_bitset_init(&seen);
    int rc = GR_OK;
    for (uint64_t x = 0; x <= n; x++) {
        gr_bitset_reset(&seen);
        simple_ctx s = {out, x, &seen, 0, 0};
        gr_pos heap = {.n = 1, .p = {x}};
        int mrc = gr_game_moves(g, &heap, simple_option, &s);
        if (s.bad == 1) {
            rc = gr_fail(err, GR_EINPUT, "%s: a move from a heap of %llu leaves a heap of %llu; the nim-sequence "
                         "needs every heap to shrink", g->spec, (unsigned long long)x, (unsigned long long)s.bad_heap);
            break;
        }
        if (s.bad == 2) {
            rc = gr_fail_nomem(err);
            break;
        }
        if (mrc) {
            rc = gr_fail(err, GR_EINPUT, "%s: a move from a heap of %llu leaves more than %d heaps", g->spec,
                         (unsigned long long)x, GR_MAX_PILES);
            break;
        }
        out[x] = gr_bitset_mex(&seen);
        if ((x & 63) == 0 && gr_limits_stopped(&L)) {
            rc = gr_fail(err, GR_EINTR, "the simple method stopped on request at heap %llu", (unsigned long long)x);
            break;
        }
        if ((x & 63) == 0 && elapsed(start) > L.max_seconds) {
            rc = gr_fail_limit(err, GR_KNOB_SECONDS, "the simple method stopped at heap %llu after %.0f s (the time limit)", (unsigned long long)x, L.max_seconds);
            break;
        }
    }
    if (info) {
        info->method = "simple";
        info->bytes = (double)seen.nwords * 8 + (double)(n + 1) * 4;
    }
    gr_bitset_free(&seen);
    return rc;
}

/* ------------------------------------------------------------------ fast */

/* A growable list of bitsets, one per index y, stored back to back: X2(y)
 * for every total y computed so far. */
typedef struct setlist {
    uint64_t *w;
    size_t nw, capw;
    size_t *off;          /* off[y - base]: first word of set y */
    uint32_t *len;        /* len[y - base]: its words (trailing zero words trimmed) */
    uint32_t base;        /* sets below base were dropped (a sliding window) */
    uint32_t count, cap;  /* sets base .. count-1 are present; cap counts slots */
} setlist;

typedef struct source {
    uint32_t r;
    int k, constraint;
} source;

typedef struct fast {
    const gr_tb_code *code;
    uint32_t *g;
    uint32_t gmax;        /* the largest value so far */
    int p0, period;       /* the repeating digits start at p0 */
    gr_bitset *cls;       /* cls[rho]: values G(j), 1 <= j <= x - p0, j = rho mod period */
    gr_bitset take;       /* the values of the options that leave at most one heap */
    bool need_x2, need_x2u;
    setlist x2, x2u;      /* X2(y): all pairs; X2u(y): unequal pairs */
    int top_parts;        /* the most heaps a split leaves */
    /* xs[j] (3 <= j < top_parts): X_j(y), the XORs of the partitions of y
     * into j parts, for splits into 5 or more heaps. */
    setlist xs[GR_TB_MAX_PARTS + 1];
    uint64_t *scratch, *scratch2;
    size_t scratch_words;
    source *src;          /* this heap's split sources */
    size_t nsrc, capsrc;
    bool periodic_splits; /* some repeating digit splits */
    bool keep_all;        /* splits into 3 or 4, or from any remainder: keep every X2(y) */
    uint32_t window;      /* otherwise only X2(x - window + 1 .. x) is asked for */
    double bytes, peak;
    gr_limits lim;
} fast;

static bool sl_reserve(setlist *s, size_t words, double *bytes)
{
    if (s->count - s->base == s->cap) {
        size_t cap = gr_grow_cap(s->cap, (size_t)s->cap + 1, 1024, sizeof *s->off);
        if (!cap || cap > UINT32_MAX || !gr_resize(&s->off, cap, sizeof *s->off) ||
            !gr_resize(&s->len, cap, sizeof *s->len))
            return false;
        *bytes += (double)(cap - s->cap) * (sizeof *s->off + sizeof *s->len);
        s->cap = (uint32_t)cap;
    }
    size_t had = s->capw;
    if (!GR_GROW(s->w, s->capw, s->nw + words, 4096)) return false;
    *bytes += (double)(s->capw - had) * 8;
    return true;
}

static bool sl_push(setlist *s, const uint64_t *words, size_t n, double *bytes)
{
    while (n && !words[n - 1]) n--;
    if (!sl_reserve(s, n, bytes)) return false;
    s->off[s->count - s->base] = s->nw;
    s->len[s->count - s->base] = (uint32_t)n;
    if (n) memcpy(s->w + s->nw, words, n * sizeof *words);
    s->nw += n;
    s->count++;
    return true;
}

static inline bool sl_has(const setlist *s, size_t y, uint32_t v)
{
    uint32_t wi = v >> 6;
    y -= s->base;
    return wi < s->len[y] && (s->w[s->off[y] + wi] >> (v & 63) & 1);
}

/* Forgets the sets below y, when no later heap can ask for them. */
static void sl_drop_before(setlist *s, uint32_t y)
{
    if (y <= s->base) return;
    if (y > s->count) y = s->count;
    uint32_t k = y - s->base, keep = s->count - y;
    size_t start = k < s->count - s->base ? s->off[k] : s->nw;
    if (s->nw > start) memmove(s->w, s->w + start, (s->nw - start) * sizeof *s->w);
    s->nw -= start;
    for (uint32_t j = 0; j < keep; j++) {
        s->off[j] = s->off[j + k] - start;
        s->len[j] = s->len[j + k];
    }
    s->base = y;
}

static void sl_free(setlist *s)
{
    free(s->w);
    free(s->off);
    free(s->len);
}

static size_t value_words(uint32_t gmax)
{
    /* XORs of values up to gmax stay below the next power of two. */
    uint64_t p = 64;
    while (p <= gmax) p *= 2;
    return (size_t)(p / 64);
}

/* The word w with bit b moved to bit b ^ m, for m < 64: XOR by a constant
 * permutes the bits of a word, one block swap per set bit of m. */
static inline uint64_t xor_permute(uint64_t w, unsigned m)
{
    static const uint64_t mask[6] = {0x5555555555555555ull, 0x3333333333333333ull, 0x0f0f0f0f0f0f0f0full,
                                     0x00ff00ff00ff00ffull, 0x0000ffff0000ffffull, 0x00000000ffffffffull};
    for (unsigned b = 0; b < 6; b++)
        if (m >> b & 1) {
            unsigned s = 1u << b;
            w = ((w & mask[b]) << s) | ((w >> s) & mask[b]);
        }
    return w;
}

static bool grow_scratch(fast *f, size_t words)
{
    if (words <= f->scratch_words) return true;
    if (!gr_resize(&f->scratch, words, 8) || !gr_resize(&f->scratch2, words, 8)) return false;
    f->bytes += (double)(words - f->scratch_words) * 16;
    f->scratch_words = words;
    return true;
}

/* Computes X2(y) (and X2u(y)) for every y up to `upto`; G(1..y-1) must be
 * known. */
static int ensure_x2(fast *f, uint32_t upto, gr_error *err);

/* The sets X_j(y) for every y up to `upto` (j >= 3), each the union over the
 * largest part c >= y/j of G(c) ^ X_{j-1}(y - c): every partition has a
 * largest part, and its other parts form a partition of y - c into j - 1. */
static int ensure_xj(fast *f, int j, uint32_t upto, gr_error *err)
{
    setlist *s = &f->xs[j];
    if (s->count > upto) return GR_OK;
    int rc = j == 3 ? ensure_x2(f, upto, err) : ensure_xj(f, j - 1, upto, err);
    if (rc) return rc;
    const setlist *prev = j == 3 ? &f->x2 : &f->xs[j - 1];
    while (s->count <= upto) {
        uint32_t y = s->count;
        size_t words = value_words(f->gmax);
        if (!grow_scratch(f, words)) return gr_fail_nomem(err);
        uint64_t *dst = f->scratch;
        memset(dst, 0, words * 8);
        for (uint32_t c = (y + (uint32_t)j - 1) / (uint32_t)j; c + (uint32_t)j - 1 <= y; c++) {
            uint32_t z = y - c;
            const uint64_t *src = prev->w + prev->off[z - prev->base];
            uint32_t n = prev->len[z - prev->base];
            uint32_t hi = f->g[c] >> 6, lo = f->g[c] & 63;
            for (uint32_t t = 0; t < n; t++)
                if (src[t]) dst[t ^ hi] |= xor_permute(src[t], lo);
        }
        if (!sl_push(s, dst, words, &f->bytes)) return gr_fail_nomem(err);
        if (f->bytes > f->peak) f->peak = f->bytes;
        if (f->bytes > f->lim.max_bytes)
            return gr_fail_limit(err, GR_KNOB_MEMORY, "the fast method needs more than the memory limit at heap %u", y);
    }
    return GR_OK;
}

static int ensure_x2(fast *f, uint32_t upto, gr_error *err)
{
    setlist *s = f->need_x2 ? &f->x2 : &f->x2u;
    while (s->count <= upto) {
        uint32_t y = s->count;
        uint32_t gm = 0;
        for (uint32_t a = 1; a < y; a++)
            if (f->g[a] > gm) gm = f->g[a];
        size_t words = value_words(gm);
        if (!grow_scratch(f, words)) return gr_fail_nomem(err);
        memset(f->scratch, 0, words * 8);
        memset(f->scratch2, 0, words * 8);
        for (uint32_t a = 1; 2 * a <= y; a++) {
            uint32_t v = f->g[a] ^ f->g[y - a];
            f->scratch[v >> 6] |= 1ull << (v & 63);
            if (2 * a < y) f->scratch2[v >> 6] |= 1ull << (v & 63);
        }
        if (f->need_x2 && !sl_push(&f->x2, f->scratch, words, &f->bytes))
            return gr_fail_nomem(err);
        if (f->need_x2u && !sl_push(&f->x2u, f->scratch2, words, &f->bytes))
            return gr_fail_nomem(err);
        if (f->bytes > f->peak) f->peak = f->bytes;
        if (f->bytes > f->lim.max_bytes)
            return gr_fail_limit(err, GR_KNOB_MEMORY, "the fast method needs more than the memory limit at heap %u", y);
    }
    return GR_OK;
}


/* Is v the XOR of some partition of r into k parts (k = 2, 3, 4)? */
static bool split_has(const fast *f, uint32_t r, int k, int constraint, uint32_t v)
{
    if (k == 2) return sl_has(constraint ? &f->x2u : &f->x2, r, v);
    /* Let c be the largest part: c >= r/k, and the other parts form a
     * partition of r - c into k - 1, whose XORs are X_{k-1}(r - c). */
    const uint32_t *g = f->g;
    const setlist *rest = k == 3 ? &f->x2 : &f->xs[k - 1];
    for (uint32_t c = (r + (uint32_t)k - 1) / (uint32_t)k; c + (uint32_t)k - 1 <= r; c++)
        if (sl_has(rest, r - c, v ^ g[c])) return true;
    return false;
}

bool gr_heapseq_fast_covers(const gr_tb_code *c, char *why, size_t len)
{
    for (int i = 0; i < c->len; i++) {
        uint32_t m = c->d[i].mask;
        if (c->d[i].constraint && (m & ~7u)) {
            if (why) snprintf(why, len, "digit d%d constrains a split into 3 or more heaps", i);
            return false;
        }
    }
    return true;
}

static void fast_free(fast *f)
{
    if (f->cls)
        for (int i = 0; i < f->period; i++) gr_bitset_free(&f->cls[i]);
    free(f->cls);
    gr_bitset_free(&f->take);
    sl_free(&f->x2);
    sl_free(&f->x2u);
    for (int j = 0; j <= GR_TB_MAX_PARTS; j++) sl_free(&f->xs[j]);
    free(f->scratch);
    free(f->scratch2);
    free(f->src);
}

static int fast_heap(fast *f, uint32_t x, gr_error *err)
{
    const gr_tb_code *c = f->code;
    uint32_t *g = f->g;
    if (x == 0) {
        g[0] = 0;
        return GR_OK;
    }
    /* The options that leave at most one heap go into a bitset. */
    if (f->period && (int64_t)x - f->p0 >= 1) {
        uint32_t j = x - (uint32_t)f->p0;
        if (!gr_bitset_add(&f->cls[j % (uint32_t)f->period], g[j])) return gr_fail_nomem(err);
    }
    size_t tw = value_words(f->gmax + 1);
    if (!gr_bitset_add(&f->take, (uint32_t)(tw * 64 - 1))) return gr_fail_nomem(err);
    memset(f->take.w, 0, f->take.nwords * 8);
    uint64_t *T = f->take.w;
    if (gr_tb_digit_at(c, x).mask & 1u) T[0] |= 1;
    uint32_t explicit_end = (uint32_t)(f->period ? f->p0 : c->len);
    for (uint32_t i = 1; i < explicit_end && i < x; i++)
        if (c->d[i].mask & 2u) T[g[x - i] >> 6] |= 1ull << (g[x - i] & 63);
    for (int cc = 0; cc < f->period; cc++) {
        if (!(c->d[f->p0 + cc].mask & 2u)) continue;
        int64_t rho = ((int64_t)x - f->p0 - cc) % f->period;
        if (rho < 0) rho += f->period;
        const gr_bitset *b = &f->cls[rho];
        size_t n = b->nwords < tw ? b->nwords : tw;
        for (size_t w = 0; w < n; w++) T[w] |= b->w[w];
    }
    /* Where splits may come from: (remainder, parts, constraint), listed
     * once per heap so that each candidate only walks this list. */
    f->nsrc = 0;
    uint32_t need = 0, need_rest[GR_TB_MAX_PARTS + 1] = {0};
    for (uint32_t i = 0; i <= x; i++) {
        gr_tb_digit d;
        if (i < explicit_end) {
            d = c->d[i];
        } else if (f->period && f->periodic_splits) {
            d = gr_tb_digit_at(c, i);
        } else {
            break;
        }
        uint32_t r = x - i;
        for (int k = 2; k <= f->top_parts; k++)
            if ((d.mask >> k & 1) && r >= (uint32_t)k) {
                if (!GR_GROW(f->src, f->capsrc, f->nsrc + 1, 64)) return gr_fail_nomem(err);
                f->src[f->nsrc++] = (source){r, k, d.constraint};
                uint32_t top = k == 2 ? r : r - (r + (uint32_t)k - 1) / (uint32_t)k;
                if (top > need) need = top;
                if (k >= 4 && top > need_rest[k - 1]) need_rest[k - 1] = top;
            }
    }
    if (f->nsrc) {
        int rc = ensure_x2(f, need, err);
        if (rc) return rc;
        for (int j = 3; j < f->top_parts; j++)
            if (need_rest[j] && (rc = ensure_xj(f, j, need_rest[j], err))) return rc;
        if (!f->keep_all && x + 1 > f->window) {
            sl_drop_before(&f->x2, x + 1 - f->window);
            sl_drop_before(&f->x2u, x + 1 - f->window);
        }
    }
    /* Candidates smallest first: the values no take reaches. */
    for (uint32_t v = 0;; v++) {
        if ((v >> 6) < tw && (T[v >> 6] >> (v & 63) & 1)) continue;
        bool hit = false;
        for (size_t j = 0; j < f->nsrc && !hit; j++)
            hit = split_has(f, f->src[j].r, f->src[j].k, f->src[j].constraint, v);
        if (!hit) {
            g[x] = v;
            if (v > f->gmax) f->gmax = v;
            return GR_OK;
        }
    }
}

/* Up-front cost of the fast method, from the measurements in
 * docs/takebreak.md (2-core reference machine, CPU seconds): building X2 costs
 * about 1.2e-9 N^2 s, the three-heap tests 1.4e-9 N^2 s, each further set
 * X_j about 5.4e-12 N^3 s; X_j(y) for every y holds about y bits. */
static void fast_estimate(const gr_tb_code *c, uint32_t n, double *seconds, double *bytes)
{
    double N = (double)n + 1;
    int k = gr_tb_max_parts(c);
    bool all = k >= 3;
    for (int i = c->len - c->period; c->period && i < c->len; i++)
        if (c->d[i].mask & ~3u) all = true;
    *seconds = k >= 2 ? 1.2e-9 * N * N : 1e-8 * N;
    *bytes = 0;
    if (k >= 3) *seconds += 1.4e-9 * N * N;
    if (k >= 4) *seconds += 5.4e-12 * N * N * N * (k - 3);
    if (all) {
        double y = k == 3 ? 2 * N / 3 : N;
        *bytes = (k >= 3 ? k - 1 : 1) * y * y / 16 * 2;   /* half a bit per y on average, doubling reserve */
    }
}

int gr_heapseq_fast(const gr_tb_code *c, uint32_t n, uint32_t *out, const gr_limits *lim,
                    gr_heapseq_info *info, gr_error *err)
{
    char why[96];
    if (!gr_heapseq_fast_covers(c, why, sizeof why))
        return gr_fail(err, GR_EINPUT, "the fast method does not cover this code: %s (use --method simple)", why);
    fast f;
    memset(&f, 0, sizeof f);
    limits_or_default(lim, &f.lim);
    double est_s, est_b;
    fast_estimate(c, n, &est_s, &est_b);
    if (est_s > f.lim.max_seconds)
        return gr_fail_limit(err, GR_KNOB_SECONDS, "the nim-sequence up to heap %u would take about %.3g s, over the limit "
                       "of %.0f s", n, est_s, f.lim.max_seconds);
    if (est_b > f.lim.max_bytes)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "the nim-sequence up to heap %u would need about %.0f MiB, over the limit "
                       "of %.0f MiB", n, est_b / 1048576.0, f.lim.max_bytes / 1048576.0);
    f.code = c;
    f.g = out;
    f.period = c->period;
    f.p0 = c->len - c->period;
    f.top_parts = gr_tb_max_parts(c);
    gr_bitset_init(&f.take);
    int rc = GR_OK;
    if (f.period) {
        f.cls = calloc((size_t)f.period, sizeof *f.cls);
        if (!f.cls) return gr_fail_nomem(err);
    }
    for (int i = 0; i < c->len; i++) {
        gr_tb_digit d = c->d[i];
        if ((d.mask & 4u) && !d.constraint) f.need_x2 = true;
        if ((d.mask & 4u) && d.constraint) f.need_x2u = true;
        if (d.mask & ~7u) f.need_x2 = true;
        if (f.period && i >= f.p0 && (d.mask & ~3u)) f.periodic_splits = true;
        if (d.mask & ~3u) f.window = (uint32_t)i + 1;
        if (d.mask & ~7u) f.keep_all = true;
    }
    if (f.periodic_splits) f.keep_all = true;
    clock_t start = clock();
    for (uint64_t x = 0; x <= n; x++) {
        if ((rc = fast_heap(&f, (uint32_t)x, err))) break;
        if ((x & 63) == 0 && gr_limits_stopped(&f.lim)) {
            rc = gr_fail(err, GR_EINTR, "the fast method stopped on request at heap %llu", (unsigned long long)x);
            break;
        }
        if ((x & 63) == 0 && elapsed(start) > f.lim.max_seconds) {
            rc = gr_fail_limit(err, GR_KNOB_SECONDS, "the fast method stopped at heap %llu after %.0f s (the time limit)", (unsigned long long)x, f.lim.max_seconds);
            break;
        }
    }
    double cls_bytes = (double)f.take.nwords * 8;
    for (int i = 0; i < f.period; i++) cls_bytes += (double)f.cls[i].nwords * 8;
    if (info) {
        info->method = "fast";
        info->bytes = f.peak + cls_bytes + (double)(n + 1) * 4 + (double)f.scratch_words * 16;
    }
    fast_free(&f);
    return rc;
}

int gr_heapseq(const gr_game *g, int method, uint32_t n, uint32_t *out, const gr_limits *lim,
               gr_heapseq_info *info, gr_error *err)
{
    if (!(g->flags & GR_RS_HEAPS))
        return gr_fail(err, GR_EINPUT, "%s is not a sum of heaps: it has no nim-sequence", g->spec);
    /* the ruleset's own code (its tb_code capability); a subtraction set
     * written as a code (GR_CODE_HEAPS) keeps the simple method */
    gr_tb_code c;
    bool coded = gr_game_tb_code(g, &c) == GR_CODE_RULES;
    if (method == GR_HEAPSEQ_FAST) {
        if (!coded) return gr_fail(err, GR_EINPUT, "the fast method needs a take-and-break code; %s has none", g->spec);
        return gr_heapseq_fast(&c, n, out, lim, info, err);
    }
    if (method == GR_HEAPSEQ_AUTO && coded && gr_heapseq_fast_covers(&c, NULL, 0))
        return gr_heapseq_fast(&c, n, out, lim, info, err);
    return gr_heapseq_simple(g, n, out, lim, info, err);
}
