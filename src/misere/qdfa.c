/* Proving a candidate quotient, and shrinking one.
 *
 * A candidate is a commutative monoid M (as the automaton of its heaps),
 * each sum G mapped to phi(G) in M. Track with each sum the pair
 * T(G) = (phi(G), S(G)), S(G) the set of phi of G's options: T(G + h) =
 * (phi(G) phi(h), phi(G) S(h) u S(G) phi(h)), so the pairs reachable by
 * adding heaps are finite and found by a search over pairs, not sums. A
 * sum is a misere P-position exactly when it has an option and no option
 * is P. So if some P-portion makes, for every reachable pair,
 * phi in P <=> (S nonempty and S misses P), every sum's outcome is read
 * off phi, by induction on the sums (its options come first). The pairs
 * are met in the order of their smallest sums (tokens, then more heaps
 * first: a move leaves fewer tokens, or as many in more heaps), so each
 * element is marked by its first sum when every option's element already
 * is; a later pair that disagrees is a failure of the candidate. */
#include "qdfa.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

void qdfa_free(qdfa *d)
{
    free(d->next);
    memset(d, 0, sizeof *d);
}

int qletters_build(qletters *L, const gr_mis_heaps *h, int upto, gr_error *err)
{
    memset(L, 0, sizeof *L);
    L->heap = malloc(((size_t)upto + 1) * sizeof *L->heap);
    L->letter = malloc(((size_t)upto + 1) * sizeof *L->letter);
    L->ofirst = malloc(((size_t)upto + 2) * sizeof *L->ofirst);
    size_t nopt = h->first[upto + 1], npart = nopt ? h->off[nopt - 1] : 0;
    L->ooff = malloc((nopt + 1) * sizeof *L->ooff);
    L->opart = malloc((npart + 1) * sizeof *L->opart);
    if (!L->heap || !L->letter || !L->ofirst || !L->ooff || !L->opart) {
        qletters_free(L);
        return gr_fail_nomem(err);
    }
    uint32_t no = 0, np = 0;
    for (int x = 0; x <= upto; x++) {
        if (gr_mis_dead(h, x)) {
            L->letter[x] = -1;
            continue;
        }
        L->letter[x] = L->nl;
        L->heap[L->nl] = x;
        L->ofirst[L->nl] = no;
        for (uint32_t o = h->first[x]; o < h->first[x + 1]; o++) {
            for (uint32_t i = o ? h->off[o - 1] : 0; i < h->off[o]; i++) L->opart[np++] = L->letter[h->part[i]];
            L->ooff[no++] = np;
        }
        L->nl++;
    }
    L->ofirst[L->nl] = no;
    return GR_OK;
}

void qletters_free(qletters *L)
{
    free(L->heap);
    free(L->letter);
    free(L->ofirst);
    free(L->ooff);
    free(L->opart);
    memset(L, 0, sizeof *L);
}

/* ---- the search over pairs ----
 * A stop asked by the limits' hook ends a run with GR_EINTR and a message
 * that says so, as every solver's does (grundy/solve.h). */

typedef struct qitem {
    uint64_t total;
    uint32_t cnt, id;
} qitem;

typedef struct qslot {
    uint64_t key;
    size_t at;             /* the pair's x in el */
} qslot;

typedef struct pairs {
    const qdfa *d;
    const qletters *L;
    uint32_t n, cap;       /* pair-states */
    uint32_t *x;
    /* S of each pair as a list of elements in no order (a few dozen where
     * the monoid has thousands: a bitset's words cost more than its bits) */
    uint32_t *el;          /* pair id: x, |S|, S at el[eoff[id] - 2..], so that a probe reads one place */
    size_t eln, elcap;
    size_t *eoff;
    uint32_t *elen;
    uint64_t *hsh;         /* each pair's hash, kept for rehash */
    uint64_t *total;
    uint32_t *cnt;
    uint8_t *done;
    uint32_t *par;         /* the pair one heap before on the smallest sum, and that heap's letter */
    int *plet;
    uint32_t *trans;       /* full mode: n * nl */
    qslot *slot;           /* hash: id + 1 in the low half of key (0 empty), the hash's top bits in the high half */
    size_t hcap;
    qitem *heap;
    size_t hn, hsize;
    qkinds K;
    /* the set being built: its elements, and stamp[t] == gen for each */
    uint32_t *nb, nbn;
    uint32_t *stamp, gen;
    uint64_t *zob;         /* zob(t) for each element */
    uint32_t *prod;        /* x times kinds' option i at prod[x * K.ofirst[K.n] + i], made when x is first
                              expanded (NULL past PROD_WORDS: then walked for each pair) */
    uint8_t *prod_have;
} pairs;

#define PROD_WORDS ((size_t)1 << 22)

/* One random word per element: a set's hash is their sum, so it needs no
 * order and is made as the set is (splitmix64's finaliser). */
static uint64_t zob(uint32_t t)
{
    uint64_t z = (uint64_t)t * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t hash_pair(uint32_t x, uint64_t setsum)
{
    uint64_t h = (setsum + 0x9e3779b97f4a7c15ull * (x + 1)) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 32);
}

/* The slot of the pair (x, the set being built), or the empty slot where
 * it goes; the hash's top half kept in the slot tells most mismatches
 * apart without reading the pair, and a set equals the one being built
 * when it has as many elements, all stamped. */
static size_t slot_of(const pairs *P, uint32_t x, uint64_t h)
{
    uint64_t tag = h & 0xffffffff00000000ull;
    size_t i = h & (P->hcap - 1);
    while (P->slot[i].key) {
        if ((P->slot[i].key & 0xffffffff00000000ull) == tag) {
            const uint32_t *e = P->el + P->slot[i].at;
            if (e[0] == x && e[1] == P->nbn) {
                e += 2;
                uint32_t k = 0;
                while (k < P->nbn && P->stamp[e[k]] == P->gen) k++;
                if (k == P->nbn) break;
            }
        }
        i = (i + 1) & (P->hcap - 1);
    }
    return i;
}

static int rehash(pairs *P, gr_error *err)
{
    size_t cap = P->hcap ? P->hcap * 2 : 1024;
    qslot *s = calloc(cap, sizeof *s);
    if (!s) return gr_fail_nomem(err);
    free(P->slot);
    P->slot = s;
    P->hcap = cap;
    for (uint32_t id = 0; id < P->n; id++) {
        size_t i = P->hsh[id] & (cap - 1);
        while (s[i].key) i = (i + 1) & (cap - 1);
        s[i] = (qslot){(P->hsh[id] & 0xffffffff00000000ull) | (id + 1), P->eoff[id] - 2};
    }
    return GR_OK;
}

/* Starts a new set (stamps from an earlier one no longer count). */
static void set_clear(pairs *P)
{
    P->nbn = 0;
    if (++P->gen == 0) {
        memset(P->stamp, 0, (size_t)P->d->size * sizeof *P->stamp);
        P->gen = 1;
    }
}

static inline void set_add(pairs *P, uint32_t t, uint64_t *sum)
{
    if (P->stamp[t] == P->gen) return;
    P->stamp[t] = P->gen;
    P->nb[P->nbn++] = t;
    *sum += P->zob[t];
}

static bool before(const qitem *a, const qitem *b)
{
    return a->total != b->total ? a->total < b->total : a->cnt > b->cnt;
}

static int push(pairs *P, qitem it, gr_error *err)
{
    if (!GR_GROW(P->heap, P->hsize, P->hn + 1, 1024)) return gr_fail_nomem(err);
    size_t i = P->hn++;
    while (i && before(&it, &P->heap[(i - 1) / 2])) {
        P->heap[i] = P->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    P->heap[i] = it;
    return GR_OK;
}

static qitem pop(pairs *P)
{
    qitem top = P->heap[0], last = P->heap[--P->hn];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= P->hn) break;
        if (c + 1 < P->hn && before(&P->heap[c + 1], &P->heap[c])) c++;
        if (!before(&P->heap[c], &last)) break;
        P->heap[i] = P->heap[c];
        i = c;
    }
    if (P->hn) P->heap[i] = last;
    return top;
}

/* The id of the pair (x, the set being built, its hash h), added (with
 * its key) when new; a smaller key for a known pair not yet done is pushed
 * again. */
static int visit(pairs *P, uint32_t x, uint64_t h, uint64_t total, uint32_t cnt, uint32_t from, int let,
                 uint32_t max_states, uint32_t *id, gr_error *err)
{
    if (4 * ((size_t)P->n + 1) > 3 * P->hcap) {
        int rc = rehash(P, err);
        if (rc) return rc;
    }
    size_t s = slot_of(P, x, h);
    if (P->slot[s].key) {
        *id = (uint32_t)P->slot[s].key - 1;
        qitem it = {total, cnt, *id};
        qitem old = {P->total[*id], P->cnt[*id], *id};
        if (!P->done[*id] && before(&it, &old)) {
            P->total[*id] = total;
            P->cnt[*id] = cnt;
            P->par[*id] = from;
            P->plet[*id] = let;
            return push(P, it, err);
        }
        return GR_OK;
    }
    if (P->n >= max_states)
        return gr_fail(err, GR_ELIMIT, "the quotient's proof passed %u pairs (the limit): refused", max_states);
    if (P->n == P->cap) {
        size_t cap = P->cap ? 2 * (size_t)P->cap : 1024;
        size_t nl = P->trans ? (size_t)P->L->nl : 0;
        if (!gr_resize(&P->x, cap, sizeof *P->x) || !gr_resize(&P->eoff, cap, sizeof *P->eoff) ||
            !gr_resize(&P->elen, cap, sizeof *P->elen) || !gr_resize(&P->hsh, cap, sizeof *P->hsh) ||
            !gr_resize(&P->total, cap, sizeof *P->total) || !gr_resize(&P->cnt, cap, sizeof *P->cnt) ||
            !gr_resize(&P->done, cap, 1) || !gr_resize(&P->par, cap, sizeof *P->par) ||
            !gr_resize(&P->plet, cap, sizeof *P->plet) || (nl && !gr_resize(&P->trans, cap * nl, sizeof *P->trans)))
            return gr_fail_nomem(err);
        P->cap = (uint32_t)cap;
    }
    if (!GR_GROW(P->el, P->elcap, P->eln + 2 + P->nbn, 4096)) return gr_fail_nomem(err);
    *id = P->n++;
    P->x[*id] = x;
    P->el[P->eln] = x;
    P->el[P->eln + 1] = P->nbn;
    P->eoff[*id] = P->eln + 2;
    P->elen[*id] = P->nbn;
    memcpy(P->el + P->eln + 2, P->nb, (size_t)P->nbn * sizeof *P->el);
    P->eln += 2 + (size_t)P->nbn;
    P->hsh[*id] = h;
    P->total[*id] = total;
    P->cnt[*id] = cnt;
    P->done[*id] = 0;
    P->par[*id] = from;
    P->plet[*id] = let;
    P->slot[s] = (qslot){(h & 0xffffffff00000000ull) | (*id + 1), P->eoff[*id] - 2};
    return push(P, (qitem){total, cnt, *id}, err);
}

static void pairs_free(pairs *P)
{
    free(P->x);
    free(P->el);
    free(P->eoff);
    free(P->elen);
    free(P->hsh);
    free(P->nb);
    free(P->stamp);
    free(P->zob);
    free(P->prod);
    free(P->prod_have);
    free(P->total);
    free(P->cnt);
    free(P->done);
    free(P->par);
    free(P->plet);
    free(P->trans);
    free(P->slot);
    free(P->heap);
    qkinds_free(&P->K);
}

int qdfa_polled(const gr_limits *lim, clock_t start, gr_error *err)
{
    if (!lim) return GR_OK;
    if (gr_limits_stopped(lim)) return gr_fail(err, GR_EINTR, "the quotient was stopped (interrupted)");
    double s = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (s > lim->max_seconds)
        return gr_fail(err, GR_ELIMIT, "the quotient stopped after %.0f s (the time limit)", s);
    return GR_OK;
}

/* Pair u times each heap: (x h, x S(h) u S h). Heaps of a kind give the
 * same pair, and a later heap of the kind a larger key for it, which
 * visit would ignore: only the first of each kind is visited. */
static int expand(pairs *P, uint32_t u, bool full, uint32_t max_states, gr_error *err)
{
    const qdfa *d = P->d;
    const qletters *L = P->L;
    uint32_t x = P->x[u];
    uint32_t no = P->K.ofirst[P->K.n], *prod = P->prod ? P->prod + (size_t)x * no : NULL;
    if (prod && !P->prod_have[x]) {
        P->prod_have[x] = 1;
        for (uint32_t i = 0; i < no; i++) {
            prod[i] = qdfa_option(d, L, x, P->K.opt[i]);
        }
    }
    for (int a = 0; a < L->nl; a++) {
        int k = P->K.kind[a];
        if (P->K.rep[k] != a) {
            if (full) P->trans[(size_t)u * L->nl + a] = P->trans[(size_t)u * L->nl + P->K.rep[k]];
            continue;
        }
        uint32_t nx = d->next[(size_t)x * d->nl + a];
        uint64_t sum = 0;
        set_clear(P);
        const uint32_t *e = P->el + P->eoff[u];
        for (uint32_t i = 0, n = P->elen[u]; i < n; i++) set_add(P, d->next[(size_t)e[i] * d->nl + a], &sum);
        /* x times each option's element: options with the same element give the same product */
        if (prod)
            for (uint32_t i = P->K.ofirst[k]; i < P->K.ofirst[k + 1]; i++) set_add(P, prod[i], &sum);
        else
            for (uint32_t i = P->K.ofirst[k]; i < P->K.ofirst[k + 1]; i++)
                set_add(P, qdfa_option(d, L, x, P->K.opt[i]), &sum);
        uint32_t id;
        int rc = visit(P, nx, hash_pair(nx, sum), P->total[u] + (uint64_t)L->heap[a], P->cnt[u] + 1, u, a,
                       max_states, &id, err);
        if (rc) return rc;
        if (full) P->trans[(size_t)u * L->nl + a] = id;
    }
    return GR_OK;
}

/* The smallest sum that reaches pair u, as letters. */
static int witness(const pairs *P, uint32_t u, qexplore *out, gr_error *err)
{
    uint32_t n = 0;
    for (uint32_t v = u; v != 0; v = P->par[v]) n++;
    out->fail_word = malloc((n ? n : 1) * sizeof *out->fail_word);
    if (!out->fail_word) return gr_fail_nomem(err);
    out->fail_len = n;
    for (uint32_t v = u; v != 0; v = P->par[v]) out->fail_word[--n] = P->plet[v];
    return GR_OK;
}

static int run(const qdfa *d, const qletters *L, enum qx_mode mode, uint32_t target, uint8_t want,
               uint32_t max_states, const gr_limits *lim, qexplore *out, gr_error *err);

int qexplore_run(const qdfa *d, const qletters *L, enum qx_mode mode, uint32_t max_states, const gr_limits *lim,
                 qexplore *out, gr_error *err)
{
    return run(d, L, mode, UINT32_MAX, QM_NONE, max_states, lim, out, err);
}

int qexplore_mark_to(const qdfa *d, const qletters *L, uint32_t target, uint8_t want, uint32_t max_states,
                     const gr_limits *lim, qexplore *out, gr_error *err)
{
    return run(d, L, QX_MARK, target, want, max_states, lim, out, err);
}

static int run(const qdfa *d, const qletters *L, enum qx_mode mode, uint32_t target, uint8_t want,
               uint32_t max_states, const gr_limits *lim, qexplore *out, gr_error *err)
{
    bool full = mode == QX_PAIRS;
    memset(out, 0, sizeof *out);
    pairs P = {.d = d, .L = L};
    P.nb = malloc(((size_t)d->size + 1) * sizeof *P.nb);
    P.stamp = calloc((size_t)d->size + 1, sizeof *P.stamp);
    P.zob = malloc(((size_t)d->size + 1) * sizeof *P.zob);
    out->mark = calloc(d->size, 1);
    int rc = !P.nb || !P.stamp || !P.zob || !out->mark ? gr_fail_nomem(err) : GR_OK;
    for (uint32_t t = 0; !rc && t < d->size; t++) P.zob[t] = zob(t);
    if (!rc && full && L->nl && !(P.trans = malloc(sizeof *P.trans))) rc = gr_fail_nomem(err);
    if (!rc) rc = rehash(&P, err);
    if (!rc) rc = qkinds_build(&P.K, d, L, err);
    if (!rc && (size_t)d->size * P.K.ofirst[P.K.n] <= PROD_WORDS) {
        P.prod = malloc(((size_t)d->size * P.K.ofirst[P.K.n] + 1) * sizeof *P.prod);
        P.prod_have = calloc((size_t)d->size + 1, 1);
        if (!P.prod || !P.prod_have) rc = gr_fail_nomem(err);
    }
    uint32_t id;
    if (!rc) set_clear(&P), rc = visit(&P, 0, hash_pair(0, 0), 0, 0, 0, -1, max_states, &id, err);
    clock_t start = clock();
    size_t steps = 0;
    while (!rc && P.hn) {
        qitem it = pop(&P);
        uint32_t u = it.id;
        if (P.done[u] || it.total != P.total[u] || it.cnt != P.cnt[u]) continue;
        P.done[u] = 1;
        if ((steps++ & 1023) == 0 && (rc = qdfa_polled(lim, start, err))) break;
        bool any = false, p_opt = false;
        const uint32_t *e = P.el + P.eoff[u];
        for (uint32_t i = 0, n = P.elen[u]; i < n; i++) {
            uint32_t s = e[i];
            any = true;
            if (out->mark[s] == QM_NONE) {
                rc = gr_fail(err, GR_EINTERNAL, "quotient proof: an option met before its sum's element was marked");
                break;
            }
            if (out->mark[s] == QM_P) p_opt = true;
        }
        if (rc) break;
        uint8_t m = any && !p_opt ? QM_P : QM_N;
        uint32_t x = P.x[u];
        if (out->mark[x] == QM_NONE) {
            out->mark[x] = m;
            if (x == target && m != want) {
                out->cut = true;
                break;
            }
        } else if (mode == QX_MARK) continue; /* marking only: each element's first sum is the one extended */
        else if (out->mark[x] != m && !out->failed) {
            out->failed = true;
            out->fail_p = m == QM_P;
            out->fail_total = P.total[u];
            out->fail_cnt = P.cnt[u];
            if ((rc = witness(&P, u, out, err)) || mode == QX_CHECK) break;
        }
        rc = expand(&P, u, full, max_states, err);
    }
    out->states = P.n;
    if (!rc && full) {
        out->pairs.size = P.n;
        out->pairs.nl = L->nl;
        out->pairs.next = P.trans;
        P.trans = NULL;
        out->pair_p = malloc(P.n ? P.n : 1);
        if (!out->pair_p) rc = gr_fail_nomem(err);
        for (uint32_t u = 0; !rc && u < P.n; u++) {
            bool any = P.elen[u] != 0, p_opt = false;
            const uint32_t *e = P.el + P.eoff[u];
            for (uint32_t i = 0; i < P.elen[u]; i++)
                if (out->mark[e[i]] == QM_P) p_opt = true;
            out->pair_p[u] = any && !p_opt;
        }
    }
    pairs_free(&P);
    if (rc) qexplore_free(out);
    return rc;
}

void qexplore_free(qexplore *x)
{
    free(x->mark);
    free(x->fail_word);
    qdfa_free(&x->pairs);
    free(x->pair_p);
    memset(x, 0, sizeof *x);
}

/* ---- minimisation (Moore): split classes by P, then by the classes
 * their letters lead to, until nothing splits ---- */

typedef struct sigtab {
    uint32_t *slot;        /* state + 1 of the first state with this signature */
    size_t cap;
} sigtab;

static uint64_t sig_hash(const uint32_t *cls, const qdfa *d, uint32_t s)
{
    uint64_t h = 0x9e3779b97f4a7c15ull * (cls[s] + 1);
    for (int a = 0; a < d->nl; a++) h = (h ^ cls[d->next[(size_t)s * d->nl + a]]) * 0xff51afd7ed558ccdull, h ^= h >> 29;
    return h;
}

static bool sig_eq(const uint32_t *cls, const qdfa *d, uint32_t s, uint32_t t)
{
    if (cls[s] != cls[t]) return false;
    for (int a = 0; a < d->nl; a++)
        if (cls[d->next[(size_t)s * d->nl + a]] != cls[d->next[(size_t)t * d->nl + a]]) return false;
    return true;
}

int qdfa_minimize(const qdfa *d, const uint8_t *p, qdfa *out, uint8_t **p_out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    *p_out = NULL;
    uint32_t n = d->size;
    uint32_t *cls = malloc((size_t)n * sizeof *cls), *ncls = malloc((size_t)n * sizeof *ncls);
    uint32_t *order = malloc((size_t)n * sizeof *order), *rep = NULL, *newid = NULL;
    size_t cap = 16;
    while (cap < 2 * (size_t)n) cap *= 2;
    uint32_t *slot = malloc(cap * sizeof *slot);
    int rc = !cls || !ncls || !order || !slot ? gr_fail_nomem(err) : GR_OK;
    uint32_t classes = 0;
    if (!rc) {
        bool hasp = false, hasn = false;
        for (uint32_t s = 0; s < n; s++) hasp |= p[s] != 0, hasn |= p[s] == 0;
        for (uint32_t s = 0; s < n; s++) cls[s] = hasp && hasn ? (p[s] != 0) : 0;
        classes = (hasp && hasn) ? 2 : 1;
    }
    while (!rc) {
        memset(slot, 0, cap * sizeof *slot);
        uint32_t k = 0;
        for (uint32_t s = 0; s < n; s++) {
            size_t i = sig_hash(cls, d, s) & (cap - 1);
            while (slot[i] && !sig_eq(cls, d, slot[i] - 1, s)) i = (i + 1) & (cap - 1);
            if (!slot[i]) {
                slot[i] = s + 1;
                ncls[s] = k++;
            } else ncls[s] = ncls[slot[i] - 1];
        }
        memcpy(cls, ncls, (size_t)n * sizeof *cls);
        if (k == classes) break;
        classes = k;
    }
    /* number the classes breadth first from the identity's */
    if (!rc) {
        rep = malloc((size_t)classes * sizeof *rep);
        newid = malloc((size_t)classes * sizeof *newid);
        out->next = malloc((size_t)classes * (size_t)(d->nl ? d->nl : 1) * sizeof *out->next);
        *p_out = malloc(classes);
        if (!rep || !newid || !out->next || !*p_out) rc = gr_fail_nomem(err);
    }
    if (!rc) {
        for (uint32_t c = 0; c < classes; c++) newid[c] = UINT32_MAX;
        uint32_t head = 0, tail = 0;
        newid[cls[0]] = tail;
        order[tail++] = 0;
        while (head < tail) {
            uint32_t s = order[head++];
            for (int a = 0; a < d->nl; a++) {
                uint32_t t = d->next[(size_t)s * d->nl + a];
                if (newid[cls[t]] == UINT32_MAX) {
                    newid[cls[t]] = tail;
                    order[tail++] = t;
                }
            }
        }
        out->size = tail;
        out->nl = d->nl;
        for (uint32_t i = 0; i < tail; i++) {
            uint32_t s = order[i];
            (*p_out)[i] = p[s] != 0;
            for (int a = 0; a < d->nl; a++)
                out->next[(size_t)i * d->nl + a] = newid[cls[d->next[(size_t)s * d->nl + a]]];
        }
    }
    free(cls);
    free(ncls);
    free(order);
    free(slot);
    free(rep);
    free(newid);
    if (rc) {
        qdfa_free(out);
        free(*p_out);
        *p_out = NULL;
    }
    return rc;
}
