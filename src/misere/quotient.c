/* The misere quotient of the heaps 0..N, built heap by heap as
 * MisereSolver does (Plambeck and Siegel, "Misere quotients for impartial
 * games", JCTA 2008): a new heap is first tried as each element of the
 * quotient so far (a conservative extension); when none fits, the quotient
 * is extended by a new generator a with a^4 = a^2, and the candidate is
 * repaired until it is proved: each round replaces it by the monoid of its
 * pairs (element, elements of the options), minimised, which is right on
 * every sum the candidate was right on and on the sums one move longer.
 * Every step is proved by qexplore_run (qdfa.c), a conservative try by its
 * order-free equivalent qcheck_run (qcheck.c): the quotient's verdicts
 * are theorems about all sums of heaps 0..N, not samples. */
#include "qdfa.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Repairs tried on one heap before it is given up as out of reach. */
#define REPAIRS 64

/* The letters of heaps 0..heap (a prefix of all letters). */
static qletters prefix(const qletters *L, int nl)
{
    qletters p = *L;
    p.nl = nl;
    return p;
}

/* A word (letters) for each element: breadth first from the identity. */
static int words(const qdfa *d, uint32_t *par, int *let, gr_error *err)
{
    uint32_t *queue = malloc((size_t)d->size * sizeof *queue);
    if (!queue) return gr_fail_nomem(err);
    for (uint32_t x = 0; x < d->size; x++) par[x] = UINT32_MAX;
    uint32_t head = 0, tail = 0;
    queue[tail++] = 0;
    par[0] = 0;
    let[0] = -1;
    while (head < tail) {
        uint32_t x = queue[head++];
        for (int a = 0; a < d->nl; a++) {
            uint32_t y = d->next[(size_t)x * d->nl + a];
            if (par[y] != UINT32_MAX) continue;
            par[y] = x;
            let[y] = a;
            queue[tail++] = y;
        }
    }
    free(queue);
    return GR_OK;
}

/* The automaton with one more letter, heap a acting as element e. */
static int with_letter(const qdfa *cur, uint32_t e, const uint32_t *par, const int *let, qdfa *t, gr_error *err)
{
    int nl = cur->nl + 1;
    t->size = cur->size;
    t->nl = nl;
    t->next = malloc((size_t)cur->size * (size_t)nl * sizeof *t->next);
    if (!t->next) return gr_fail_nomem(err);
    int w[4096];
    uint32_t n = 0;
    for (uint32_t x = e; x != 0 && n < 4096; x = par[x]) w[n++] = let[x];
    for (uint32_t y = 0; y < cur->size; y++) {
        for (int a = 0; a < cur->nl; a++) t->next[(size_t)y * nl + a] = cur->next[(size_t)y * cur->nl + a];
        uint32_t z = y;
        for (uint32_t i = n; i-- > 0;) z = cur->next[(size_t)z * cur->nl + w[i]];
        t->next[(size_t)y * nl + cur->nl] = z;
    }
    return GR_OK;
}

/* The quotient times the cyclic monoid <a | a^4 = a^2>: (x, j) is 4x + j. */
static int with_generator(const qdfa *cur, qdfa *t, gr_error *err)
{
    int nl = cur->nl + 1;
    t->size = cur->size * 4;
    t->nl = nl;
    t->next = malloc((size_t)t->size * (size_t)nl * sizeof *t->next);
    if (!t->next) return gr_fail_nomem(err);
    for (uint32_t x = 0; x < cur->size; x++)
        for (uint32_t j = 0; j < 4; j++) {
            size_t s = (size_t)(4 * x + j) * nl;
            for (int a = 0; a < cur->nl; a++) t->next[s + a] = 4 * cur->next[(size_t)x * cur->nl + a] + j;
            t->next[s + cur->nl] = 4 * x + (j == 3 ? 2 : j + 1);
        }
    return GR_OK;
}

/* Tries heap `a` (letter) as each element of cur with its outcome; *found
 * the element that is proved, or UINT32_MAX. */
static int conservative(const qdfa *cur, const uint8_t *curp, const qletters *L, int a, uint32_t max_states,
                        const gr_limits *lim, uint32_t *found, gr_error *err)
{
    *found = UINT32_MAX;
    uint32_t *par = malloc((size_t)cur->size * sizeof *par);
    int *let = malloc((size_t)cur->size * sizeof *let);
    int rc = !par || !let ? gr_fail_nomem(err) : words(cur, par, let, err);
    /* the heap's own outcome: P when it has an option and none is P */
    bool p = L->ofirst[a + 1] > L->ofirst[a];
    for (uint32_t o = L->ofirst[a]; !rc && o < L->ofirst[a + 1]; o++)
        if (curp[qdfa_option(cur, L, 0, o)]) p = false;
    qletters sub = prefix(L, a + 1);
    /* At most one element passes (two that did would be one element), so
     * the order of the tries changes nothing but the time: first the
     * elements of the heaps just below, most recent first, where a period
     * of phi finds the heap's element in a few tries. */
    uint32_t *cand = malloc((size_t)cur->size * sizeof *cand);
    uint8_t *taken = calloc(cur->size, 1);
    uint32_t nc = 0;
    if (!rc && (!cand || !taken)) rc = gr_fail_nomem(err);
    for (int b = a - 1; !rc && b >= 0; b--) {
        uint32_t e = cur->next[b];
        if (!taken[e]) taken[e] = 1, cand[nc++] = e;
    }
    for (uint32_t e = 0; !rc && e < cur->size; e++)
        if (!taken[e]) cand[nc++] = e;
    /* curp is proved for the sums of the smaller heaps; when they reach
     * every element, the check needs no order (qcheck.c) */
    bool fast = !rc && !L->full_marking && qcheck_applies(cur, cur->nl);
    for (uint32_t i = 0; !rc && i < nc && *found == UINT32_MAX; i++) {
        uint32_t e = cand[i];
        if ((curp[e] != 0) != p) continue;
        qdfa t = {0};
        qexplore x;
        rc = with_letter(cur, e, par, let, &t, err);
        if (!rc && fast) {
            bool ok;
            rc = qcheck_run(&t, &sub, curp, max_states, lim, &ok, err);
            if (!rc && ok) *found = e;
        } else if (!rc) {
            rc = qexplore_run(&t, &sub, QX_CHECK, max_states, lim, &x, err);
            if (!rc && !x.failed) *found = e;
            if (!rc) qexplore_free(&x);
        }
        qdfa_free(&t);
    }
    free(cand);
    free(taken);
    free(par);
    free(let);
    return rc;
}

static void to_bits(uint8_t *m, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) m[i] = m[i] == QM_P;
}

/* The tail (index) of the powers of letter l's element in t: x^index =
 * x^(index + period). */
static uint32_t power_index(const qdfa *t, int l)
{
    uint32_t seen[256], n = 0, x = 0;
    for (;;) {
        for (uint32_t i = 0; i < n; i++)
            if (seen[i] == x) return i;
        if (n == 256) return n;
        seen[n++] = x;
        x = t->next[(size_t)x * t->nl + l];
    }
}

/* The monoid of t's elements made by the letters not freed, times a
 * cyclic monoid <x | x^(index + period) = x^index> for each freed letter
 * (MisereSolver's recalibration). */
static int recal_trial(const qdfa *t, const int *freed, int k, const uint32_t *index, const uint32_t *period,
                       uint32_t max, qdfa *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    bool isfree[4096] = {false};
    for (int i = 0; i < k; i++) isfree[freed[i]] = true;
    uint32_t *map = malloc((size_t)t->size * sizeof *map), *list = malloc((size_t)t->size * sizeof *list);
    if (!map || !list) {
        free(map);
        free(list);
        return gr_fail_nomem(err);
    }
    for (uint32_t x = 0; x < t->size; x++) map[x] = UINT32_MAX;
    uint32_t nb = 0;
    map[0] = 0;
    list[nb++] = 0;
    for (uint32_t i = 0; i < nb; i++)
        for (int a = 0; a < t->nl; a++) {
            uint32_t y = t->next[(size_t)list[i] * t->nl + a];
            if (!isfree[a] && map[y] == UINT32_MAX) map[y] = nb, list[nb++] = y;
        }
    uint64_t prod = 1;
    for (int i = 0; i < k; i++) prod *= index[i] + period[i];
    int rc = GR_OK;
    if ((uint64_t)nb * prod > max) rc = gr_fail(err, GR_ELIMIT, "a trial quotient of %llu elements passes the limit (%u)",
                                               (unsigned long long)nb * prod, max);
    if (!rc) {
        out->size = (uint32_t)(nb * prod);
        out->nl = t->nl;
        out->next = malloc((size_t)out->size * (size_t)t->nl * sizeof *out->next);
        if (!out->next) rc = gr_fail_nomem(err);
    }
    for (uint32_t s = 0; !rc && s < out->size; s++) {
        uint32_t base = (uint32_t)(s / prod), rest = (uint32_t)(s % prod);
        for (int a = 0; a < t->nl; a++) {
            uint32_t nbase = base, nrest = rest;
            if (!isfree[a]) nbase = map[t->next[(size_t)list[base] * t->nl + a]];
            else {
                /* the digit of a's component steps round its cycle */
                uint64_t mul = 1;
                for (int i = 0; i < k; i++) {
                    uint32_t sz = index[i] + period[i], j = (uint32_t)(rest / mul % sz);
                    if (freed[i] == a) {
                        uint32_t nj = j + 1 < sz ? j + 1 : index[i];
                        nrest = (uint32_t)(rest - j * mul + nj * mul);
                    }
                    mul *= sz;
                }
            }
            out->next[(size_t)s * t->nl + a] = (uint32_t)(nbase * prod + nrest);
        }
    }
    free(map);
    free(list);
    if (rc) qdfa_free(out);
    return rc;
}

/* Marks a trial by first sums and minimises it. */
static int mark_reduce(const qdfa *t, const qletters *L, uint32_t max, const gr_limits *lim, qdfa *m, uint8_t **mp,
                       gr_error *err)
{
    qexplore x;
    int rc = qexplore_run(t, L, L->full_marking ? QX_MARK_FULL : QX_MARK, max, lim, &x, err);
    if (rc) return rc;
    to_bits(x.mark, t->size);
    rc = qdfa_minimize(t, x.mark, m, mp, err);
    qexplore_free(&x);
    return rc;
}

/* A trial that tells the failing sum right: the heaps of the sum freed,
 * one, then two, ... at a time, as cyclic components long enough for
 * the sum's exponents. */
static int recalibrate(qdfa *t, const qletters *L, const qexplore *fx, uint32_t max, const gr_limits *lim,
                       gr_error *err)
{
    int inv[64], ninv = 0;
    uint32_t expo[64] = {0};
    for (uint32_t i = 0; i < fx->fail_len; i++) {
        int l = fx->fail_word[i], j = 0;
        while (j < ninv && inv[j] != l) j++;
        if (j == ninv) {
            if (ninv == 64) continue;
            inv[ninv++] = l;
        }
        expo[j]++;
    }
    int cap = ninv < 12 ? ninv : 12;
    for (int size = 1; size <= cap; size++)
        for (uint32_t mask = 1; mask < (1u << cap); mask++) {
            if (__builtin_popcount(mask) != size) continue;
            int freed[12], k = 0;
            uint32_t index[12], period[12];
            for (int j = 0; j < cap; j++) {
                if (!(mask >> j & 1)) continue;
                uint32_t ix = power_index(t, inv[j]);
                if (expo[j] > 0 && expo[j] - 1 > ix) ix = expo[j] - 1;
                freed[k] = inv[j];
                index[k] = ix;
                period[k] = ix >= 8 ? 2 * ((ix - 4) / 2) : 2;
                k++;
            }
            qdfa c, m;
            uint8_t *mp = NULL;
            int rc = recal_trial(t, freed, k, index, period, max, &c, err);
            if (rc == GR_ELIMIT) {
                gr_error_clear(err);
                continue;
            }
            /* the trial tells the sum right when its element's mark is
             * the sum's outcome: a run that marks it otherwise stops there
             * (the marks are final once set), unless the first version's
             * marking is asked for (bench_misere) */
            bool cut = false;
            if (!rc && !L->full_marking) {
                qexplore x;
                uint32_t target = qdfa_walk(&c, 0, fx->fail_word, fx->fail_len);
                rc = qexplore_mark_to(&c, L, target, fx->fail_p ? QM_P : QM_N, max, lim, &x, err);
                if (!rc && !(cut = x.cut)) {
                    to_bits(x.mark, c.size);
                    rc = qdfa_minimize(&c, x.mark, &m, &mp, err);
                }
                if (!rc) qexplore_free(&x);
            } else if (!rc) rc = mark_reduce(&c, L, max, lim, &m, &mp, err);
            qdfa_free(&c);
            if (rc) return rc;
            if (cut) continue;
            bool p = mp[qdfa_walk(&m, 0, fx->fail_word, fx->fail_len)] != 0;
            free(mp);
            if (p == fx->fail_p) {
                qdfa_free(t);
                *t = m;
                return GR_OK;
            }
            qdfa_free(&m);
        }
    return gr_fail(err, GR_ELIMIT, "no trial quotient tells a sum of %u heaps right", fx->fail_len);
}

/* A new generator for letter a, repaired until proved; cur and curp are
 * replaced by the new quotient. */
static int expand_quotient(qdfa *cur, uint8_t **curp, const qletters *L, int a, int heap, uint32_t max_states,
                           const gr_limits *lim, gr_error *err)
{
    qdfa t = {0};
    int rc = with_generator(cur, &t, err);
    qletters sub = prefix(L, a + 1);
    for (int r = 0; !rc && r < REPAIRS; r++) {
        qexplore x;
        rc = qexplore_run(&t, &sub, QX_CHECK, max_states, lim, &x, err);
        if (rc) break;
        if (!x.failed) {
            qdfa m;
            uint8_t *mp;
            to_bits(x.mark, t.size);
            rc = qdfa_minimize(&t, x.mark, &m, &mp, err);
            qexplore_free(&x);
            if (rc) break;
            qdfa_free(cur);
            free(*curp);
            *cur = m;
            *curp = mp;
            qdfa_free(&t);
            return GR_OK;
        }
        rc = recalibrate(&t, &sub, &x, max_states, lim, err);
        qexplore_free(&x);
    }
    qdfa_free(&t);
    if (!rc) rc = gr_fail(err, GR_ELIMIT, "the quotient at heap %d was not proved after %d repairs", heap, REPAIRS);
    return rc;
}

/* The heaps whose phi lies outside the monoid of the smaller heaps'. */
int gr_mquot_generators(gr_mquot *q, gr_error *err)
{
    uint8_t *in = calloc(q->order, 1);
    uint32_t *list = malloc((size_t)q->order * sizeof *list);
    q->gen = malloc(((size_t)q->heaps + 1) * sizeof *q->gen);
    if (!in || !list || !q->gen) {
        free(in);
        free(list);
        return gr_fail_nomem(err);
    }
    uint32_t n = 0;
    in[0] = 1;
    list[n++] = 0;
    for (int h = 0; h <= q->heaps; h++) {
        uint32_t g = q->phi[h];
        if (in[g]) continue;
        q->gen[q->ngen++] = h;
        /* close the list under g */
        for (uint32_t i = 0; i < n; i++) {
            uint32_t y = q->mul[(size_t)list[i] * q->order + g];
            if (!in[y]) {
                in[y] = 1;
                list[n++] = y;
            }
        }
    }
    free(in);
    free(list);
    return GR_OK;
}

static int finish(gr_mquot *q, const qdfa *cur, const uint8_t *curp, const qletters *L, gr_error *err)
{
    q->order = cur->size;
    q->mul = malloc((size_t)q->order * q->order * sizeof *q->mul);
    q->p = malloc(q->order);
    q->phi = malloc(((size_t)q->heaps + 1) * sizeof *q->phi);
    uint32_t *par = malloc((size_t)q->order * sizeof *par);
    int *let = malloc((size_t)q->order * sizeof *let);
    uint32_t *order = malloc((size_t)q->order * sizeof *order);
    int rc = !q->mul || !q->p || !q->phi || !par || !let || !order ? gr_fail_nomem(err) : words(cur, par, let, err);
    if (!rc) {
        memcpy(q->p, curp, q->order);
        for (int h = 0; h <= q->heaps; h++) q->phi[h] = L->letter[h] < 0 ? 0 : cur->next[L->letter[h]];
        /* y after its parent: the numbering is breadth first, so parents come first */
        for (uint32_t y = 0; y < q->order; y++) order[y] = y;
        for (uint32_t x = 0; x < q->order; x++) {
            uint32_t *row = q->mul + (size_t)x * q->order;
            row[0] = x;
            for (uint32_t y = 1; y < q->order; y++) row[y] = cur->next[(size_t)row[par[y]] * cur->nl + let[y]];
        }
        rc = gr_mquot_generators(q, err);
    }
    free(par);
    free(let);
    free(order);
    return rc;
}

/* cur from a saved quotient: heap h acts as phi[h]. */
static int resume_from(const gr_mquot *r, const qletters *L, qdfa *cur, uint8_t **curp, gr_mquot *q, gr_error *err)
{
    int nl = 0;
    for (int h = 0; h <= r->heaps; h++) nl += L->letter[h] >= 0;
    uint32_t *next = malloc((size_t)r->order * (size_t)(nl ? nl : 1) * sizeof *next);
    uint8_t *p = malloc(r->order);
    if (!next || !p) {
        free(next);
        free(p);
        return gr_fail_nomem(err);
    }
    for (uint32_t x = 0; x < r->order; x++)
        for (int a = 0; a < nl; a++) next[(size_t)x * nl + a] = r->mul[(size_t)x * r->order + r->phi[L->heap[a]]];
    memcpy(p, r->p, r->order);
    qdfa_free(cur);
    free(*curp);
    *cur = (qdfa){.size = r->order, .nl = nl, .next = next};
    *curp = p;
    for (int i = 0; i < r->nchange; i++) q->change[q->nchange++] = r->change[i];
    return GR_OK;
}

/* The whole build within the time limit (each proof run polls it), and
 * the caller's stop hook. */
typedef struct deadline {
    const gr_limits *user;
    clock_t start;
    double seconds;
    bool passed;
} deadline;

static int past_deadline(void *ctx)
{
    deadline *d = ctx;
    if (d->user && gr_limits_stopped(d->user)) return 1;
    d->passed = (double)(clock() - d->start) / CLOCKS_PER_SEC > d->seconds;
    return d->passed;
}

/* How far a build got: the heaps 0..heap done, |Q| there. */
typedef struct built {
    int heap;
    uint32_t order;
} built;

/* A build stopped (a limit, an estimate, the stop hook) after heaps
 * 0..done->heap: cur is still the quotient there (a step replaces it only
 * once proved), so *kept gets the quotient a build to that heap gives, the
 * same bytes in a file. Anything else (bad input, memory) keeps nothing. */
static void keep_done(gr_mquot *q, const gr_game *g, const qdfa *cur, const uint8_t *curp, const qletters *L, int rc,
                      const built *done, gr_mquot *kept)
{
    if (!kept || (rc != GR_ELIMIT && rc != GR_EINTR) || done->heap < 1 || !q->change || cur->size != done->order)
        return;
    gr_error quiet;
    gr_error_clear(&quiet);
    free(q->phi);
    q->phi = NULL;
    q->heaps = done->heap;
    if (finish(q, cur, curp, L, &quiet) != GR_OK) return;
    gr_mquot_periodicity(q, g);
    *kept = *q;
    memset(q, 0, sizeof *q);
}

static int build(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                 const gr_limits *lim, double limit_s, gr_mquot_progress progress, void *ctx, bool full_marking,
                 built *done, gr_mquot *kept, gr_error *err);

static int build_timed(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                       const gr_limits *lim, gr_mquot_progress progress, void *ctx, bool full_marking,
                       gr_mquot *kept, gr_error *err);

int gr_mquot_build(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                   const gr_limits *lim, gr_mquot_progress progress, void *ctx, gr_error *err)
{
    return build_timed(q, g, n, resume, max_elems, lim, progress, ctx, false, NULL, err);
}

int gr_mquot_build_keep(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                        const gr_limits *lim, gr_mquot_progress progress, void *ctx, gr_mquot *kept, gr_error *err)
{
    memset(kept, 0, sizeof *kept);
    return build_timed(q, g, n, resume, max_elems, lim, progress, ctx, false, kept, err);
}

int gr_mquot_build_marking(gr_mquot *q, const gr_game *g, int n, uint32_t max_elems, const gr_limits *lim,
                           bool full_marking, gr_error *err)
{
    return build_timed(q, g, n, NULL, max_elems, lim, NULL, NULL, full_marking, NULL, err);
}

static int build_timed(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                       const gr_limits *lim, gr_mquot_progress progress, void *ctx, bool full_marking,
                       gr_mquot *kept, gr_error *err)
{
    gr_limits own;
    if (lim) own = *lim;
    else gr_limits_default(&own);
    deadline d = {lim, clock(), own.max_seconds, false};
    own.stop = past_deadline;
    own.stop_ctx = &d;
    own.max_seconds = 1e30;
    gr_error inner;
    gr_error_clear(&inner);
    built done = {-1, 0};
    int rc = build(q, g, n, resume, max_elems, &own, d.seconds, progress, ctx, full_marking, &done, kept, &inner);
    /* the heaps done are kept: the caller says where they went and how to
     * carry on (its own words for the flags) */
    if (rc == GR_EINTR && d.passed && kept && kept->order)
        return gr_fail(err, GR_ELIMIT, "the quotient of %s stopped at the time limit (%.0f s) in heap %d of %d",
                       g->spec, d.seconds, done.heap + 1, n);
    if (rc == GR_EINTR && kept && kept->order)
        return gr_fail(err, GR_EINTR, "the quotient of %s was interrupted in heap %d of %d", g->spec, done.heap + 1, n);
    /* how far it got, and how to carry on: in steps, each within the limit */
    if (rc == GR_EINTR && d.passed && done.heap > 0)
        return gr_fail(err, GR_ELIMIT,
                       "the quotient of %s stopped at the time limit (%.0f s) in heap %d of %d, heaps 0..%d done "
                       "(|Q| = %u): build it in steps, --to %d --out FILE, then --resume FILE --to %d with a larger "
                       "--max-seconds",
                       g->spec, d.seconds, done.heap + 1, n, done.heap, done.order, done.heap, n);
    if (rc == GR_EINTR && d.passed)
        return gr_fail(err, GR_ELIMIT, "the quotient of %s stopped at the time limit (%.0f s) before heap 1 of %d",
                       g->spec, d.seconds, n);
    if (rc) return gr_fail(err, rc, "%s", inner.msg);
    return GR_OK;
}

/* The estimate that refuses a hopeless bound early. The cost of a heap's
 * step follows |Q|, which does not shrink as heaps are added, and the
 * live heaps up to it: each state of each proof is expanded by every live
 * heap. So a later live heap's step is priced at the cheapest of the last
 * few live steps times its live heaps over those of the heap reached (0.7
 * to 1.3 times the true cost where a run could be finished to compare:
 * docs/misere.md). Nothing cheaper known before the build tells a tame
 * game (Kayles to heap 170 in seconds) from a wild one (Dawson's Kayles
 * past 33 in minutes): only the floor before the first step
 * (estimate_upfront) is known then. After a second it refuses past twice
 * the limit, so that a borderline run still goes to its limit. */
enum { EST_STEPS = 4 };
#define EST_AFTER_S 1.0
#define EST_MARGIN 2.0
/* Before that second, from a tenth of one, only a bound past ten limits:
 * early steps take a few milliseconds, near the clock's grain, and a bound
 * that far out is refused without a second's wait (Dawson's Kayles to
 * 4096: at heap 25, 0.3 s in) */
#define EST_EARLY_S 0.1
#define EST_EARLY_MARGIN 10.0

typedef struct estimate {
    double step[EST_STEPS]; /* the last live steps' seconds, a ring */
    int steps;
    clock_t start, at;
} estimate;

/* After heap x of n: GR_ELIMIT with the estimate when the heaps left are
 * clearly past the limit, else GR_OK. */
static int estimate_step(estimate *es, const qletters *L, const gr_game *g, int x, int n, double limit_s,
                         gr_error *err)
{
    clock_t now = clock();
    if (L->letter[x] < 0) return GR_OK; /* a dead heap's step costs nothing: not a sample */
    es->step[es->steps++ % EST_STEPS] = (double)(now - es->at) / CLOCKS_PER_SEC;
    es->at = now;
    double spent = (double)(now - es->start) / CLOCKS_PER_SEC;
    if (x >= n || es->steps < EST_STEPS || spent < EST_EARLY_S || !(limit_s < 1e29)) return GR_OK;
    double least = es->step[0];
    for (int i = 1; i < EST_STEPS; i++)
        if (es->step[i] < least) least = es->step[i];
    /* heap x is letter L->letter[x]: L->letter[x] + 1 live heaps up to it */
    double scale = 0, nl = L->letter[x] + 1;
    int live = 0;
    for (int h = x + 1; h <= n; h++)
        if (L->letter[h] >= 0) scale += (L->letter[h] + 1) / nl, live++;
    double left = least * scale;
    if (spent + left <= (spent < EST_AFTER_S ? EST_EARLY_MARGIN : EST_MARGIN) * limit_s) return GR_OK;
    return gr_fail(err, GR_ELIMIT,
                   "refused by estimate: the quotient of %s to heap %d needs at least %.0f s (heap %d reached in %.1f "
                   "s, each of the last %d heaps took %.3f s or more, %d live heaps left, each over more heaps), past "
                   "the time limit (%.0f s)",
                   g->spec, n, spent + left, x, spent, EST_STEPS, least, live, limit_s);
}

/* The floor known before the first step: each live heap's step runs at
 * least one proof (qexplore_run), and each proof walks every option of
 * every live heap up to it (distinct_options), at OPTION_S or more each
 * (3.4 to 3.8 ns on the 2-core machine, proofs over a one-element monoid
 * timed alone). Refused when the floor alone is past the
 * limit: only bounds far past it (Dawson's Kayles to 4096: 5.7e9 options,
 * at least 5.7 s), since the cost that decides most builds, the proofs'
 * pairs, follows |Q|, which the heaps do not tell. */
#define OPTION_S 1e-9

static int estimate_upfront(const qletters *L, const gr_game *g, int from, int n, double limit_s, gr_error *err)
{
    if (!(limit_s < 1e29)) return GR_OK;
    double walks = 0;
    for (int a = 0; a < L->nl; a++)
        if (L->heap[a] >= from) walks += (double)L->ofirst[a + 1];
    double floor_s = walks * OPTION_S;
    if (floor_s <= limit_s) return GR_OK;
    return gr_fail(err, GR_ELIMIT,
                   "refused by estimate: the quotient of %s to heap %d needs at least %.0f s (each heap's proof "
                   "walks the options of every smaller heap: %.3g option walks at %.0f ns or more), past the time "
                   "limit (%.0f s)",
                   g->spec, n, floor_s, walks, OPTION_S * 1e9, limit_s);
}

static int build(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                 const gr_limits *lim, double limit_s, gr_mquot_progress progress, void *ctx, bool full_marking,
                 built *done, gr_mquot *kept, gr_error *err)
{
    memset(q, 0, sizeof *q);
    if (resume && !gr_mquot_same_game(g, resume->game))
        return gr_fail(err, GR_EINPUT, "the saved quotient is of %s, not %s", resume->game, g->spec);
    if (resume && resume->heaps > n)
        return gr_fail(err, GR_EINPUT, "the saved quotient reaches heap %d, past --to %d", resume->heaps, n);
    memset(q, 0, sizeof *q);
    clock_t start = clock();
    snprintf(q->game, sizeof q->game, "%s", g->spec);
    q->heaps = n;
    gr_mis_heaps h;
    int rc = gr_mis_heaps_build(&h, g, n, err);
    if (rc) return rc;
    qletters L;
    rc = qletters_build(&L, &h, n, err);
    L.full_marking = full_marking;
    if (!rc) rc = estimate_upfront(&L, g, resume ? resume->heaps + 1 : 1, n, limit_s, err);
    qdfa cur = {.size = 1, .nl = 0, .next = malloc(sizeof(uint32_t))};
    uint8_t *curp = calloc(1, 1);     /* the empty sum: no move, misere N */
    q->change = malloc(((size_t)n + 1) * sizeof *q->change);
    if (!rc && (!cur.next || !curp || !q->change)) rc = gr_fail_nomem(err);
    if (!rc && resume) rc = resume_from(resume, &L, &cur, &curp, q, err);
    if (!rc) done->heap = resume ? resume->heaps : 0, done->order = cur.size;
    estimate es = {.start = clock()};
    es.at = es.start;
    for (int x = resume ? resume->heaps + 1 : 1; !rc && x <= n; x++) {
        /* a stop asked between heaps ends the build there (a proof polls
         * only every so many pairs) */
        if (gr_limits_stopped(lim)) {
            rc = gr_fail(err, GR_EINTR, "the quotient was stopped (interrupted)");
            break;
        }
        int a = L.letter[x];
        bool changed = false;
        if (a >= 0) {
            uint32_t e;
            rc = conservative(&cur, curp, &L, a, max_elems, lim, &e, err);
            if (!rc && e != UINT32_MAX) {
                uint32_t *par = malloc((size_t)cur.size * sizeof *par);
                int *let = malloc((size_t)cur.size * sizeof *let);
                qdfa t = {0};
                rc = !par || !let ? gr_fail_nomem(err) : words(&cur, par, let, err);
                if (!rc) rc = with_letter(&cur, e, par, let, &t, err);
                free(par);
                free(let);
                if (!rc) {
                    qdfa_free(&cur);
                    cur = t;
                }
            } else if (!rc) {
                rc = expand_quotient(&cur, &curp, &L, a, x, max_elems, lim, err);
                changed = true;
                if (!rc) q->change[q->nchange++] = x;
            }
        }
        if (!rc) done->heap = x, done->order = cur.size;
        if (!rc && progress) progress(ctx, x, cur.size, changed);
        if (!rc) rc = estimate_step(&es, &L, g, x, n, limit_s, err);
    }
    if (!rc) rc = finish(q, &cur, curp, &L, err);
    if (!rc) gr_mquot_periodicity(q, g);
    if (rc) keep_done(q, g, &cur, curp, &L, rc, done, kept);
    qdfa_free(&cur);
    free(curp);
    qletters_free(&L);
    gr_mis_heaps_free(&h);
    q->seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (kept && kept->order) kept->seconds = q->seconds;
    if (rc) gr_mquot_free(q);
    return rc;
}

void gr_mquot_free(gr_mquot *q)
{
    free(q->mul);
    free(q->p);
    free(q->phi);
    free(q->gen);
    free(q->change);
    memset(q, 0, sizeof *q);
}

uint32_t gr_mquot_elem(const gr_mquot *q, const uint32_t *x, size_t n)
{
    uint32_t e = 0;
    for (size_t i = 0; i < n; i++) e = q->mul[(size_t)e * q->order + q->phi[x[i]]];
    return e;
}

bool gr_mquot_is_p(const gr_mquot *q, const uint32_t *x, size_t n)
{
    return q->p[gr_mquot_elem(q, x, n)] != 0;
}

uint32_t gr_mquot_pcount(const gr_mquot *q)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < q->order; i++) c += q->p[i] != 0;
    return c;
}
