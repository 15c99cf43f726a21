/* Misere play of heap sums by the game's misere quotient (src/misere/):
 * a sum is P exactly when the product of its heaps' elements lies in the
 * P-portion, so a sum of any number of heaps, each within the quotient's
 * bound, is answered in one pass, and each move's result by replacing one
 * heap's element by its parts'. The quotient comes from a file
 * (gr_engine_use_quotient) or is built here, once and extended, for sums
 * search would find costly, within a few seconds of the limits. */
#include "engine_internal.h"
#include "grundy/misere.h"
#include "grundy/takebreak.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Built here only this far (further: grundy misere --quotient --out). */
#define FLY_MAX_HEAP 40
#define FLY_SECONDS 5.0
/* An element asked for its own sake (an answer's detail, a hint) builds
 * for at most this long, so that a wild game costs an answer little. */
#define ELEMENT_SECONDS 0.5
/* The most moves walked to list a position's (winning) moves, as under
 * normal play (heap_moves.c): about a second. */
#define MAX_SCANNED 1e8

int gr_engine_use_quotient(gr_engine *e, const char *path, gr_error *err)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    gr_mquot *q = calloc(1, sizeof *q);
    if (!q) return gr_fail_nomem(err);
    int rc = gr_mquot_load(q, path, err);
    if (!rc && !gr_mquot_same_game(e->game, q->game))
        rc = gr_fail(err, GR_EINPUT, "%s holds the quotient of %s, not %s", path, q->game, e->game->spec);
    if (rc) {
        gr_mquot_free(q);
        free(q);
        return rc;
    }
    gr_mquot_periodicity(q, e->game);
    gr_engine_quotient_free(e);
    c->quot = q;
    c->quot_file = true;
    return GR_OK;
}

int gr_engine_share_quotient(gr_engine *e, gr_engine *from, gr_error *err)
{
    struct gr_engine_cache *fc = from->cache;
    if (!fc || !fc->quot || !fc->quot_file || fc->quot_borrowed)
        return gr_fail(err, GR_EINTERNAL, "the engine shares no quotient of a file");
    if (!gr_mquot_same_game(e->game, fc->quot->game))
        return gr_fail(err, GR_EINPUT, "the quotient held is of %s, not %s", fc->quot->game, e->game->spec);
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    gr_engine_quotient_free(e);
    c->quot = fc->quot;
    c->quot_file = true;
    c->quot_borrowed = true;
    return GR_OK;
}

void gr_engine_quotient_free(gr_engine *e)
{
    if (!e->cache || !e->cache->quot) return;
    if (!e->cache->quot_borrowed) {
        gr_mquot_free(e->cache->quot);
        free(e->cache->quot);
    }
    e->cache->quot = NULL;
    e->cache->quot_file = false;
    e->cache->quot_borrowed = false;
}

/* The heaps as small integers, or false when one is past max. */
static bool heaps_of(const gr_bigpos *pos, uint32_t *x, uint32_t max)
{
    for (int i = 0; i < pos->n; i++) {
        if (!mpz_fits_ulong_p(pos->p[i]) || mpz_get_ui(pos->p[i]) > max) return false;
        x[i] = (uint32_t)mpz_get_ui(pos->p[i]);
    }
    return true;
}

/* Through a quotient of all heaps (phi periodic): the heap within the
 * bound that acts as heap h of any size (r: scratch). */
static uint32_t heap_reduced(const gr_mquot *q, mpz_srcptr h, mpz_t r)
{
    if (mpz_cmp_ui(h, (unsigned long)q->heaps) <= 0) return (uint32_t)mpz_get_ui(h);
    /* heaps - period < x <= heaps, congruent to the heap mod period */
    mpz_sub_ui(r, h, (unsigned long)q->heaps + 1);
    unsigned long m = mpz_fdiv_ui(r, (unsigned long)q->period);
    return (uint32_t)(q->heaps + 1 - q->period) + (uint32_t)m;
}

/* Each heap of pos, of any size, as the heap within the bound that acts as it. */
static void heaps_reduced(const gr_mquot *q, const gr_bigpos *pos, uint32_t *x)
{
    mpz_t r;
    mpz_init(r);
    for (int i = 0; i < pos->n; i++) x[i] = heap_reduced(q, pos->p[i], r);
    mpz_clear(r);
}

/* Is search cheap for pos? Then no quotient is built for it. */
static bool search_cheap(gr_engine *e, const gr_bigpos *pos)
{
    gr_pos small;
    if (pos->n > GR_MAX_PILES || !gr_bigpos_to_pos(pos, &small)) return false;
    gr_estimate est;
    gr_solver_estimate(e->game, &e->outcome, &small, &est);
    return est.seconds < 0.05;
}

static const gr_mquot *build_to(gr_engine *e, uint32_t need, double seconds);

/* The quotient held, extended (or built) to heap `need` when allowed. */
static const gr_mquot *quotient_for(gr_engine *e, uint32_t need, const gr_bigpos *pos)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return NULL;
    /* A quotient given in a file answers whatever it covers; one built on
     * the fly only where search is costly, held or not, so that the method
     * of an answer never depends on what was asked before. */
    if (c->quot_file) return c->quot && (uint32_t)c->quot->heaps >= need ? c->quot : NULL;
    if (search_cheap(e, pos)) return NULL;
    if (c->quot && (uint32_t)c->quot->heaps >= need) return c->quot;
    return build_to(e, need, FLY_SECONDS);
}

/* The quotient built (or extended) to heap `need` and held; NULL past the
 * bound, the limits, or a bound that failed before. */
static const gr_mquot *build_to(gr_engine *e, uint32_t need, double seconds)
{
    struct gr_engine_cache *c = e->cache;
    bool quick = seconds < FLY_SECONDS;
    if (need > FLY_MAX_HEAP || (c->quot_failed && need >= c->quot_failed_at)) return NULL;
    if (quick && c->quot_elem_failed_at && need >= c->quot_elem_failed_at) return NULL;
    gr_mquot *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    gr_limits lim = e->limits;
    if (lim.max_seconds > seconds) lim.max_seconds = seconds;
    gr_error quiet;
    gr_error_clear(&quiet);
    /* a little past the heap asked for, so that the next position is covered too */
    uint32_t to = need < 16 ? 16 : need;
    double cap = lim.max_bytes / 64;
    if (gr_mquot_build(q, e->game, (int)to, c->quot, cap > 1e8 ? 100000000u : (uint32_t)cap, &lim, NULL, NULL,
                       &quiet) != GR_OK) {
        free(q);
        /* a quick build's failure says nothing of the full one's */
        if (quick) c->quot_elem_failed_at = need ? need : 1;
        else c->quot_failed = true, c->quot_failed_at = need;
        return NULL;
    }
    gr_engine_quotient_free(e);
    c->quot = q;
    return q;
}

/* Heaps past the bound built on the fly: the quotient of heaps 0..40 (the
 * one held, or built), when its phi is proved periodic, is the quotient of
 * all heaps. The same quotient whatever was asked before (a build to 40 is
 * the same from scratch or resumed), so the method stays the position's. */
static const gr_mquot *periodic_fly(gr_engine *e, double seconds)
{
    const gr_mquot *q = e->cache->quot;
    if (!q || q->heaps < FLY_MAX_HEAP) q = build_to(e, FLY_MAX_HEAP, seconds);
    return q && q->period ? q : NULL;
}

bool gr_engine_quotient_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans)
{
    if (e->outcome.rule != &gr_outcome_misere || !(e->game->flags & GR_RS_HEAPS) || (e->game->flags & GR_RS_LOOPY) ||
        pos->n == 0)
        return false;
    uint32_t *x = malloc((size_t)pos->n * sizeof *x);
    if (!x) return false;
    struct gr_engine_cache *c = gr_engine_cache(e);
    const gr_mquot *all = NULL;
    if (c && c->quot_file && c->quot && c->quot->period) all = c->quot;
    else if (c && !c->quot_file && !heaps_of(pos, x, FLY_MAX_HEAP) && !search_cheap(e, pos))
        all = periodic_fly(e, ELEMENT_SECONDS); /* a hope, not a need: a wild game's build
                                                   to 40 (.137: 50 s) must not delay the refusal */
    if (all) {
        /* a quotient of all heaps answers any sum */
        heaps_reduced(all, pos, x);
        bool p = gr_mquot_is_p(all, x, (size_t)pos->n);
        gr_answer_set(ans, GR_METHOD_QUOTIENT, NULL, p ? "P" : "N", p ? 0 : 1, NULL);
        free(x);
        return true;
    }
    bool ok = heaps_of(pos, x, GR_MIS_MAX_HEAP);
    uint32_t need = 0;
    for (int i = 0; ok && i < pos->n; i++) need = x[i] > need ? x[i] : need;
    const gr_mquot *q = ok ? quotient_for(e, need, pos) : NULL;
    if (q) {
        bool p = gr_mquot_is_p(q, x, (size_t)pos->n);
        gr_answer_set(ans, GR_METHOD_QUOTIENT, NULL, p ? "P" : "N", p ? 0 : 1, NULL);
    }
    free(x);
    return q != NULL;
}

static bool misere_heaps(const gr_engine *e)
{
    return e->outcome.rule == &gr_outcome_misere && (e->game->flags & GR_RS_HEAPS) &&
           !(e->game->flags & GR_RS_LOOPY);
}

bool gr_engine_quotient_element(gr_engine *e, const gr_bigpos *pos, gr_quotient_element *out)
{
    struct gr_engine_cache *c = misere_heaps(e) ? gr_engine_cache(e) : NULL;
    if (!c) return false;
    uint32_t *x = malloc((size_t)(pos->n ? pos->n : 1) * sizeof *x);
    if (!x) return false;
    const gr_mquot *q = c->quot;
    if (!c->quot_file && !(q && q->period) && !heaps_of(pos, x, FLY_MAX_HEAP)) q = periodic_fly(e, ELEMENT_SECONDS);
    if (q && q->period) {
        heaps_reduced(q, pos, x); /* any size */
    } else {
        uint32_t need = 0;
        bool ok = heaps_of(pos, x, GR_MIS_MAX_HEAP);
        for (int i = 0; ok && i < pos->n; i++) need = x[i] > need ? x[i] : need;
        /* the same build as value's (same bound and limits): whether it
         * fails does not depend on which of the two asked first */
        if (ok && (!q || (uint32_t)q->heaps < need)) q = c->quot_file ? NULL : build_to(e, need, ELEMENT_SECONDS);
        if (!ok) q = NULL;
    }
    if (q) {
        memset(out, 0, sizeof *out);
        out->element = gr_mquot_elem(q, x, (size_t)pos->n);
        out->order = q->order;
        out->pcount = gr_mquot_pcount(q);
        out->in_p = q->p[out->element] != 0;
        out->heaps = q->heaps;
        out->period = q->period;
        out->preperiod = q->preperiod;
        gr_mquot_word(q, out->element, out->word, sizeof out->word);
    }
    free(x);
    return q != NULL;
}

/* ---- moves ---- */

/* A walk over the moves of one heap (src) of a position, each priced by
 * the product of its parts' elements with the other heaps' (others). The
 * listing walks a heap's moves as the ruleset gives them (quotient_move);
 * the class walk builds them itself, heaps past 64 bits included
 * (class_move). */
typedef struct qwalk {
    const gr_mquot *q;
    const gr_bigpos *pos;
    int src;
    uint32_t others;           /* the product of the other heaps' elements */
    bool parent_p;
    bool winners_only;         /* the winning moves alone are given to fn */
    gr_engine_move_fn fn;
    void *ctx;
    gr_bigpos child;
    gr_answer ans;
    mpz_t amount, rest, last, r;
    gr_error *err;
} qwalk;

static void walk_init(qwalk *w, const gr_mquot *q, const gr_bigpos *pos, bool parent_p, bool winners_only,
                      gr_engine_move_fn fn, void *ctx, gr_error *err)
{
    *w = (qwalk){.q = q, .pos = pos, .parent_p = parent_p, .winners_only = winners_only, .fn = fn, .ctx = ctx,
                 .err = err};
    gr_bigpos_init(&w->child);
    gr_answer_init(&w->ans);
    mpz_inits(w->amount, w->rest, w->last, w->r, NULL);
}

static void walk_clear(qwalk *w)
{
    mpz_clears(w->amount, w->rest, w->last, w->r, NULL);
    gr_answer_clear(&w->ans);
    gr_bigpos_clear(&w->child);
}

/* The products of the elements of the heaps before and after each heap:
 * heap s's others are pre[s] * suf[s + 1], the whole position's pre[n]. */
static void products(const gr_mquot *q, const uint32_t *x, size_t n, uint32_t *pre, uint32_t *suf)
{
    pre[0] = suf[n] = 0;
    for (size_t i = 0; i < n; i++) pre[i + 1] = q->mul[(size_t)pre[i] * q->order + q->phi[x[i]]];
    for (size_t i = n; i-- > 0;) suf[i] = q->mul[(size_t)suf[i + 1] * q->order + q->phi[x[i]]];
}

/* Gives the move in w->child (its result of element product x) to fn. */
static int emit(qwalk *w, int kind, uint64_t taken, uint32_t x)
{
    bool p = w->q->p[x] != 0;
    gr_answer_set(&w->ans, GR_METHOD_QUOTIENT, NULL, p ? "P" : "N", p ? 0 : 1, NULL);
    mpz_set_ui(w->amount, (unsigned long)taken);
    gr_bigmove bm = {kind, w->src, -1, w->amount, &w->child};
    return w->fn(w->ctx, &bm, &w->ans, !w->parent_p && p);
}

static int quotient_move(void *ctx, const gr_move *mv, const gr_pos *r)
{
    qwalk *w = ctx;
    const gr_mquot *q = w->q;
    uint32_t x = w->others;
    for (int j = 0; j < r->n; j++) x = q->mul[(size_t)x * q->order + q->phi[gr_mquot_heap(q, r->p[j])]];
    if (w->winners_only && (w->parent_p || !q->p[x])) return 0;
    gr_bigpos *c = &w->child;
    if (gr_bigpos_copy(c, w->pos)) return gr_fail_nomem(w->err);
    mpz_set_ui(c->p[w->src], r->n ? r->p[0] : 0);
    for (int j = 1; j < r->n; j++) {
        mpz_set_ui(w->last, r->p[j]);
        if (gr_bigpos_push(c, w->last)) return gr_fail_nomem(w->err);
    }
    return emit(w, mv->kind, mv->amount, x);
}

/* Returned to stop a count that passed the bound. */
#define TOO_MANY 0x7ffe

static int count_move(void *ctx, const gr_move *mv, const gr_pos *r)
{
    (void)mv, (void)r;
    return ++*(double *)ctx > MAX_SCANNED ? TOO_MANY : 0;
}

/* The moves of one heap of h tokens: counted from an octal code (a take
 * leaving 0 or 1 heap is one move, a split of r tokens r/2), or walked,
 * stopping past MAX_SCANNED; HUGE_VAL past 64 bits but for an octal code. */
static double heap_move_count(const gr_game *g, mpz_srcptr h)
{
    gr_tb_code c;
    double n = 0;
    if (gr_tb_code_of_heaps(g, &c) && gr_tb_is_octal(&c, NULL)) {
        for (int i = 0; i < c.len && mpz_cmp_ui(h, (unsigned long)i) >= 0; i++) {
            unsigned m = c.d[i].mask;
            int left = mpz_cmp_ui(h, (unsigned long)i); /* the sign of the tokens left */
            n += ((m & 1) && left == 0) + ((m & 2) && i && left > 0);
            if (m & 4) n += mpz_fits_ulong_p(h) ? floor((mpz_get_d(h) - i) / 2) : HUGE_VAL;
        }
        return n;
    }
    if (!mpz_fits_ulong_p(h)) return HUGE_VAL;
    gr_pos one = {.n = 1, .p = {mpz_get_ui(h)}};
    gr_game_moves(g, &one, count_move, &n);
    return n;
}

/* ---- winning moves by classes ---- */

/* Winning moves of heaps of any size, without walking every move: through
 * a quotient of all heaps (an octal game, phi(y + p) = phi(y) for y >=
 * pre), a move's result is decided by the elements of the parts it leaves,
 * and a split of r tokens into a + b with a <= b and a >= B = pre + p has
 * the same pair of elements as the split into a - tp and b + tp, with a -
 * tp in [pre, B): the splits with a < B meet every class. So one move of
 * each class is listed: per heap and digit at most B + 1 moves, each priced
 * at a few limbs of arithmetic. See docs/misere.md. */

/* The move of `taken` tokens leaving k heaps (k = 2: a and rest - a). */
static int class_move(qwalk *w, int kind, uint64_t taken, int k, uint64_t a)
{
    const gr_mquot *q = w->q;
    uint32_t x = w->others;
    if (k == 1) x = q->mul[(size_t)x * q->order + q->phi[heap_reduced(q, w->rest, w->r)]];
    if (k == 2) {
        mpz_sub_ui(w->last, w->rest, (unsigned long)a);
        x = q->mul[(size_t)x * q->order + q->phi[gr_mquot_heap(q, a)]];
        x = q->mul[(size_t)x * q->order + q->phi[heap_reduced(q, w->last, w->r)]];
    }
    if (w->winners_only && (w->parent_p || !q->p[x])) return 0;
    gr_bigpos *c = &w->child;
    if (gr_bigpos_copy(c, w->pos)) return gr_fail_nomem(w->err);
    if (k == 0) mpz_set_ui(c->p[w->src], 0);
    if (k == 1) mpz_set(c->p[w->src], w->rest);
    if (k == 2) {
        mpz_set_ui(c->p[w->src], (unsigned long)a);
        if (gr_bigpos_push(c, w->last)) return gr_fail_nomem(w->err);
    }
    return emit(w, kind, taken, x);
}

/* The moves of heap src in the order gr_tb_moves walks them, splits into
 * a + b only for a below bound (UINT64_MAX: every move). */
static int class_heap(qwalk *w, const gr_tb_code *code, uint64_t bound)
{
    mpz_srcptr h = w->pos->p[w->src];
    int rc = 0;
    for (int i = 0; i < code->len && !rc && mpz_cmp_ui(h, (unsigned long)i) >= 0; i++) {
        unsigned m = code->d[i].mask;
        mpz_sub_ui(w->rest, h, (unsigned long)i);
        if ((m & 1) && mpz_sgn(w->rest) == 0) rc = class_move(w, GR_MOVE_TAKE, (uint64_t)i, 0, 0);
        if (!rc && (m & 2) && i && mpz_sgn(w->rest) > 0) rc = class_move(w, GR_MOVE_TAKE, (uint64_t)i, 1, 0);
        for (uint64_t a = 1; !rc && (m & 4) && a < bound && mpz_cmp_ui(w->rest, (unsigned long)(2 * a)) >= 0; a++)
            rc = class_move(w, GR_MOVE_SPLIT, (uint64_t)i, 2, a);
    }
    return rc;
}

int gr_engine_quotient_moves(gr_engine *e, const gr_bigpos *pos, const gr_answer *parent, gr_engine_move_fn fn,
                             void *ctx, gr_moves_summary *sum, double max_moves, gr_error *err)
{
    const gr_mquot *q = e->cache ? e->cache->quot : NULL;
    size_t n = (size_t)pos->n;
    uint32_t *x = malloc((n ? n : 1) * sizeof *x), *pre = malloc((n + 1) * sizeof *pre);
    uint32_t *suf = malloc((n + 1) * sizeof *suf);
    uint64_t *real = malloc((n ? n : 1) * sizeof *real);
    int rc = !x || !pre || !suf || !real ? gr_fail_nomem(err) : GR_OK;
    if (!rc && !q) rc = gr_fail(err, GR_EINTERNAL, "no misere quotient covers this position");
    /* heaps are listed at their real sizes (a quotient of all heaps takes
     * any; the count of moves bounds the listing, as under normal play) */
    for (size_t s = 0; !rc && s < n; s++) {
        if (!q->period && mpz_cmp_ui(pos->p[s], (unsigned long)q->heaps) > 0)
            rc = gr_fail(err, GR_EINTERNAL, "no misere quotient covers this position");
        real[s] = mpz_fits_ulong_p(pos->p[s]) ? mpz_get_ui(pos->p[s]) : UINT64_MAX;
    }
    if (!rc) heaps_reduced(q, pos, x);
    double count = 0;
    for (size_t s = 0; !rc && s < n; s++) {
        double each = heap_move_count(e->game, pos->p[s]);
        if (each > MAX_SCANNED && !mpz_fits_ulong_p(pos->p[s]))
            rc = gr_fail(err, GR_ELIMIT, "%s %zu (%zu digits) has too many moves to list; 'grundy value' gives the "
                         "value and 'grundy play' a winning move", gr_game_unit(e->game), s, gr_mpz_digits(pos->p[s]));
        else if (each > MAX_SCANNED)
            rc = gr_fail(err, GR_ELIMIT, "%s %zu has about %.3g moves, more than the %.0f walked for the winning "
                         "ones; 'grundy value' gives the value and 'grundy play' a winning move",
                         gr_game_unit(e->game), s, each, MAX_SCANNED);
        count += each;
    }
    if (!rc && count > MAX_SCANNED)
        rc = gr_fail(err, GR_ELIMIT, "more than %.0f moves to walk for the winning ones; 'grundy value' gives the "
                     "value and 'grundy play' a winning move", MAX_SCANNED);
    if (!rc) {
        products(q, x, n, pre, suf);
        mpz_set_d(sum->total, count);
        qwalk w;
        walk_init(&w, q, pos, q->p[pre[n]] != 0, count > max_moves, fn, ctx, err);
        sum->all_listed = !w.winners_only;
        sum->method = parent->method;
        /* past 64 bits (an octal code's takes, few): the class walk, every move */
        gr_tb_code code;
        bool octal = gr_tb_code_of_heaps(e->game, &code) && gr_tb_is_octal(&code, NULL);
        for (size_t s = 0; s < n && !rc; s++) {
            w.src = (int)s;
            w.others = q->mul[(size_t)pre[s] * q->order + suf[s + 1]];
            gr_pos one = {.n = 1, .p = {real[s]}};
            if (mpz_fits_ulong_p(pos->p[s])) rc = gr_game_moves(e->game, &one, quotient_move, &w);
            else rc = octal ? class_heap(&w, &code, UINT64_MAX) : gr_fail(err, GR_EINTERNAL, "no octal code");
        }
        walk_clear(&w);
    }
    free(x);
    free(pre);
    free(suf);
    free(real);
    return rc;
}

int gr_engine_quotient_winners(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                               gr_error *err)
{
    gr_answer parent;
    gr_answer_init(&parent);
    int rc = gr_engine_value(e, pos, &parent, err);
    const gr_mquot *q = e->cache ? e->cache->quot : NULL;
    gr_tb_code code;
    if (!rc && (parent.how != GR_METHOD_QUOTIENT || !q || !q->period || !gr_tb_code_of_heaps(e->game, &code) ||
                !gr_tb_is_octal(&code, NULL)))
        rc = gr_fail(err, GR_EINPUT, "no misere quotient of all heaps answers this position");
    size_t n = (size_t)pos->n;
    uint32_t *pre = malloc((n + 1) * sizeof *pre), *suf = malloc((n + 1) * sizeof *suf);
    uint32_t *x = malloc((n ? n : 1) * sizeof *x);
    if (!rc && (!pre || !suf || !x)) rc = gr_fail_nomem(err);
    if (!rc) {
        heaps_reduced(q, pos, x);
        products(q, x, n, pre, suf);
    }
    /* a P-position has no winning move */
    if (!rc && !q->p[pre[n]]) {
        qwalk w;
        walk_init(&w, q, pos, false, true, fn, ctx, err);
        uint64_t bound = (uint64_t)q->preperiod + (uint64_t)q->period;
        for (size_t s = 0; s < n && !rc; s++) {
            w.src = (int)s;
            w.others = q->mul[(size_t)pre[s] * q->order + suf[s + 1]];
            rc = class_heap(&w, &code, bound);
        }
        walk_clear(&w);
    }
    free(pre);
    free(suf);
    free(x);
    gr_answer_clear(&parent);
    return rc;
}
