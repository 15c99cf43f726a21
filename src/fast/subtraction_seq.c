/* One heap of a subtraction game, streamed: classes for m players or Grundy
 * values, certified periods (Brent's cycle finding on windows of max(S)
 * values), and the nim-pairs of seed 002. */
#include "grundy/players.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

int gr_subseq_init(gr_subseq *g, const uint64_t *set, size_t nset, int m, gr_error *err)
{
    memset(g, 0, sizeof *g);
    if (nset == 0 || nset > 64) return gr_fail(err, GR_EINPUT, "subtraction set must have 1 to 64 elements");
    if (m != 0 && (m < 2 || m > 255)) return gr_fail(err, GR_EINPUT, "players=%d out of range", m);
    uint64_t size = 1;
    while (size <= set[nset - 1]) size <<= 1;
    g->ring = calloc(size, 1);
    if (!g->ring) return gr_fail_nomem(err);
    g->set = set;
    g->nset = nset;
    g->m = m;
    g->mask = size - 1;
    g->x = 0;
    return GR_OK;
}

void gr_subseq_free(gr_subseq *g)
{
    free(g->ring);
    g->ring = NULL;
}

uint8_t gr_subseq_next(gr_subseq *g)
{
    uint64_t x = g->x++;
    uint8_t v;
    if (g->m) {
        /* least option class + 1 (mod m); no option: class 0 */
        unsigned least = 256;
        for (size_t i = 0; i < g->nset && g->set[i] <= x; i++) {
            unsigned c = g->ring[(x - g->set[i]) & g->mask];
            if (c < least) least = c;
        }
        v = least == 256 ? 0 : (uint8_t)((least + 1) % (unsigned)g->m);
    } else {
        /* Grundy values are at most |S| <= 64: a 64-bit word holds 0..63,
         * and if all of those are present the mex is 64. */
        uint64_t seen = 0;
        for (size_t i = 0; i < g->nset && g->set[i] <= x; i++) {
            unsigned c = g->ring[(x - g->set[i]) & g->mask];
            if (c < 64) seen |= 1ull << c;
        }
        v = (uint8_t)(~seen ? __builtin_ctzll(~seen) : 64);
    }
    g->ring[x & g->mask] = v;
    return v;
}

/* ---- periods ---- */

/* A generator with a rolling hash of its last w values, so that windows are
 * compared by hash first and byte by byte only when the hashes agree. */
typedef struct walker {
    gr_subseq g;
    uint64_t w;             /* window length, max(S) */
    uint64_t hash, top;     /* top = B^(w-1) */
} walker;

#define HASH_B 0x100000001b3ull

static int walker_init(walker *k, const uint64_t *set, size_t nset, int m, gr_error *err)
{
    int rc = gr_subseq_init(&k->g, set, nset, m, err);
    if (rc) return rc;
    k->w = set[nset - 1];
    k->hash = 0;
    k->top = 1;
    for (uint64_t i = 1; i < k->w; i++) k->top *= HASH_B;
    /* the first window: heaps 0 .. w-1 */
    for (uint64_t i = 0; i < k->w; i++) k->hash = k->hash * HASH_B + gr_subseq_next(&k->g);
    return GR_OK;
}

/* The window now covers heaps start .. start+w-1 where start = x - w. */
static void walker_step(walker *k)
{
    uint64_t start = k->g.x - k->w;
    uint8_t old = k->g.ring[start & k->g.mask];
    uint8_t v = gr_subseq_next(&k->g);
    k->hash = (k->hash - old * k->top) * HASH_B + v;
}

static uint8_t walker_at(const walker *k, uint64_t i)
{
    return k->g.ring[(k->g.x - k->w + i) & k->g.mask];
}

static bool walker_same(const walker *a, const walker *b)
{
    if (a->hash != b->hash) return false;
    for (uint64_t i = 0; i < a->w; i++)
        if (walker_at(a, i) != walker_at(b, i)) return false;
    return true;
}

/* Window equality against a saved copy. */
static bool same_as_saved(const walker *k, const uint8_t *saved, uint64_t saved_hash)
{
    if (k->hash != saved_hash) return false;
    for (uint64_t i = 0; i < k->w; i++)
        if (walker_at(k, i) != saved[i]) return false;
    return true;
}

static void save(const walker *k, uint8_t *saved, uint64_t *saved_hash)
{
    for (uint64_t i = 0; i < k->w; i++) saved[i] = walker_at(k, i);
    *saved_hash = k->hash;
}

int gr_subseq_period(const uint64_t *set, size_t nset, int m, uint64_t limit, gr_subperiod *p, gr_error *err)
{
    memset(p, 0, sizeof *p);
    walker hare, tort;
    int rc = walker_init(&hare, set, nset, m, err);
    if (rc) return rc;
    p->window = hare.w;
    uint8_t *saved = malloc(hare.w);
    if (!saved) {
        gr_subseq_free(&hare.g);
        return gr_fail_nomem(err);
    }
    /* Windows W(i) = values of heaps i .. i+w-1 follow W(i+1) = f(W(i)) for
     * one fixed f (every heap >= w has all its moves), so they are a pure
     * functional iteration: Brent's algorithm finds its exact cycle length,
     * which is the least period of the values. */
    uint64_t saved_hash;
    save(&hare, saved, &saved_hash);
    uint64_t power = 1, lam = 1, steps = 0;
    walker_step(&hare);
    steps++;
    while (!same_as_saved(&hare, saved, saved_hash)) {
        if (steps > limit) {
            p->found = false;
            p->steps = steps;
            free(saved);
            gr_subseq_free(&hare.g);
            return GR_OK;
        }
        if (power == lam) {
            save(&hare, saved, &saved_hash);
            power *= 2;
            lam = 0;
        }
        walker_step(&hare);
        steps++;
        lam++;
    }
    free(saved);
    gr_subseq_free(&hare.g);
    /* The least mu with W(mu) = W(mu + lam): walk two generators lam apart. */
    if ((rc = walker_init(&tort, set, nset, m, err))) return rc;
    if ((rc = walker_init(&hare, set, nset, m, err))) {
        gr_subseq_free(&tort.g);
        return rc;
    }
    for (uint64_t i = 0; i < lam; i++) walker_step(&hare);
    uint64_t mu = 0;
    while (!walker_same(&tort, &hare)) {
        walker_step(&tort);
        walker_step(&hare);
        mu++;
    }
    steps += lam + 2 * mu;
    /* The certificate, value by value (not only by hash): */
    bool ok = true;
    for (uint64_t i = 0; i < tort.w; i++) ok = ok && walker_at(&tort, i) == walker_at(&hare, i);
    gr_subseq_free(&tort.g);
    gr_subseq_free(&hare.g);
    if (!ok) return gr_fail(err, GR_EINTERNAL, "period certificate failed");
    p->found = true;
    p->preperiod = mu;
    p->period = lam;
    p->steps = steps;
    return GR_OK;
}

/* ---- nim-pairs ---- */

void gr_pairs_free(gr_pairs *p)
{
    free(p->first);
    free(p->pairs);
    memset(p, 0, sizeof *p);
}

static int pairs_start(gr_pairs *p, uint64_t n, gr_error *err)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    p->first = calloc(n + 2, sizeof *p->first);
    if (!p->first) return gr_fail_nomem(err);
    return GR_OK;
}

static int pairs_add(gr_pairs *p, uint32_t a, uint32_t b, gr_error *err)
{
    if (!GR_GROW(p->pairs, p->cap, p->count + 1, 256)) return gr_fail_nomem(err);
    p->pairs[p->count++] = (gr_pair){a < b ? a : b, a < b ? b : a};
    return GR_OK;
}

uint32_t gr_pairs_max(const gr_pairs *p)
{
    uint32_t mx = 0;
    for (size_t i = 0; i < p->count; i++)
        if (p->pairs[i].b > mx) mx = p->pairs[i].b;
    return mx;
}

/* Collects the pairs of heaps x - s (depth 1) or x - s - t (depth 2). */
typedef struct pairbag {
    gr_pair *v;
    size_t n, cap;
} pairbag;

static int bag_add_heap(pairbag *bag, const gr_pairs *p, uint64_t y, gr_error *err)
{
    for (size_t i = p->first[y]; i < p->first[y + 1]; i++) {
        if (!GR_GROW(bag->v, bag->cap, bag->n + 1, 64)) return gr_fail_nomem(err);
        bag->v[bag->n++] = p->pairs[i];
    }
    return GR_OK;
}

int gr_pairs_recursion(const uint64_t *set, size_t nset, uint64_t n, gr_pairs *out, gr_error *err)
{
    int rc = pairs_start(out, n, err);
    if (rc) return rc;
    pairbag s1 = {0}, s2 = {0};
    uint8_t *banned = NULL;
    size_t banned_cap = 0;
    for (uint64_t x = 0; x <= n && !rc; x++) {
        out->first[x] = out->count;
        s1.n = s2.n = 0;
        for (size_t i = 0; i < nset && set[i] <= x && !rc; i++) {
            rc = bag_add_heap(&s1, out, x - set[i], err);
            for (size_t j = 0; j < nset && set[i] + set[j] <= x && !rc; j++)
                rc = bag_add_heap(&s2, out, x - set[i] - set[j], err);
        }
        if (rc) break;
        /* Every pair lies in [0, K]^2, K one more than any element seen: the
         * pair {K, K} passes (i) and (ii), and a pair {a, b} with b > K that
         * passes them is dominated by {a, K}, which passes them too. */
        uint32_t K = 0;
        for (size_t i = 0; i < s1.n; i++) K = s1.v[i].b + 1 > K ? s1.v[i].b + 1 : K;
        for (size_t i = 0; i < s2.n; i++) K = s2.v[i].b + 1 > K ? s2.v[i].b + 1 : K;
        /* exactly K + 1: K grows little from one heap to the next */
        if ((size_t)K + 1 > banned_cap) {
            if (!gr_resize(&banned, (size_t)K + 1, 1)) {
                rc = gr_fail_nomem(err);
                break;
            }
            banned_cap = (size_t)K + 1;
        }
        uint32_t best = UINT32_MAX;   /* least f(a') over a' < a */
        for (uint32_t a = 0; a <= K && !rc; a++) {
            /* f(a): the least b >= a with {a, b} passing (i) and (ii) */
            uint32_t lim = K + 1;     /* (i), P containing a: b < other(P) */
            memset(banned, 0, (size_t)K + 1);
            for (size_t i = 0; i < s1.n; i++) {
                gr_pair P = s1.v[i];
                if (P.a == a && P.b < lim) lim = P.b;
                if (P.b == a && P.a < lim) lim = P.a;
                /* (i), P containing b with other(P) <= a */
                if (P.a <= a && P.b <= K) banned[P.b] = 1;
                if (P.b <= a) banned[P.a] = 1;
            }
            for (size_t i = 0; i < s2.n; i++)   /* (ii) */
                if (s2.v[i].a == a) banned[s2.v[i].b] = 1;
            uint32_t f = UINT32_MAX;
            for (uint32_t b = a; b < lim && b <= K; b++)
                if (!banned[b]) {
                    f = b;
                    break;
                }
            /* (iii): a pair is a least element: no {a', b'} <= {a, b} passes */
            if (f != UINT32_MAX && f < best) {
                rc = pairs_add(out, a, f, err);
                best = f;
            }
        }
    }
    out->first[n + 1] = out->count;
    free(banned);
    free(s1.v);
    free(s2.v);
    if (rc) gr_pairs_free(out);
    return rc;
}

int gr_pairs_search(const uint64_t *set, size_t nset, uint64_t n, uint32_t bound, gr_pairs *out, gr_error *err)
{
    size_t B = (size_t)bound + 1;
    double bytes = (double)(n + 1) * (double)B * (double)B;
    if (bytes > 2e9) return gr_fail_limit(err, 0, "nim-pair search table of %.0f positions is too big", bytes);
    uint8_t *cls = malloc((size_t)bytes);
    if (!cls) return gr_fail_nomem(err);
    int rc = pairs_start(out, n, err);
    if (rc) {
        free(cls);
        return rc;
    }
#define CLS(x, a, b) cls[((size_t)(x) * B + (a)) * B + (b)]
    /* Three players: class = (least option class + 1) mod 3, terminal 0.
     * Options: a move in the subtraction heap, or lowering either nim heap. */
    for (uint64_t x = 0; x <= n && !rc; x++) {
        out->first[x] = out->count;
        for (size_t a = 0; a < B; a++)
            for (size_t b = a; b < B; b++) {
                unsigned least = 3;
                for (size_t i = 0; i < nset && set[i] <= x; i++) {
                    unsigned c = CLS(x - set[i], a, b);
                    if (c < least) least = c;
                }
                for (size_t a2 = 0; a2 < a && least; a2++) {
                    unsigned c = CLS(x, a2, b);
                    if (c < least) least = c;
                }
                for (size_t b2 = 0; b2 < b && least; b2++) {
                    unsigned c = b2 < a ? CLS(x, b2, a) : CLS(x, a, b2);
                    if (c < least) least = c;
                }
                uint8_t v = least == 3 ? 0 : (uint8_t)((least + 1) % 3);
                CLS(x, a, b) = v;
                CLS(x, b, a) = v;
                if (v == 0 && (rc = pairs_add(out, (uint32_t)a, (uint32_t)b, err))) break;
            }
    }
#undef CLS
    out->first[n + 1] = out->count;
    free(cls);
    if (rc) gr_pairs_free(out);
    return rc;
}
