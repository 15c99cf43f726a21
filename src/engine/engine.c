#include "engine_internal.h"
#include "db_internal.h"
#include "grundy/heapseq.h"
#include "grundy/tier.h"
#include <stdlib.h>
#include <string.h>

/* Listing more moves than this one by one is not an answer anybody reads;
 * beyond it only winning moves are listed (when a closed form knows them). */
#define GR_MAX_LISTED_MOVES 1000000.0

void gr_answer_init(gr_answer *a)
{
    memset(a, 0, sizeof *a);
    mpz_init(a->value);
}

void gr_answer_clear(gr_answer *a)
{
    mpz_clear(a->value);
}

const char *gr_method_name(enum gr_method how)
{
    switch (how) {
    case GR_METHOD_NIM_SEQUENCE: return "nim-sequence";
    case GR_METHOD_PERIOD: return "nim-sequence, certified period";
    case GR_METHOD_SEARCH: return "search";
    case GR_METHOD_RETROGRADE: return "retrograde analysis";
    case GR_METHOD_TIERS: return "tier solver";
    case GR_METHOD_TABLE: return "stored results";
    case GR_METHOD_QUOTIENT: return "misere quotient";
    default: return NULL;
    }
}

void gr_answer_set(gr_answer *a, enum gr_method how, const char *name, const char *outcome, uint32_t score,
                   mpz_srcptr value)
{
    snprintf(a->outcome, sizeof a->outcome, "%s", outcome);
    a->score = score;
    a->has_value = value != NULL;
    if (value) mpz_set(a->value, value);
    else mpz_set_ui(a->value, 0);
    a->by_search = how != GR_METHOD_CLOSED_FORM;
    a->how = how;
    a->method = how == GR_METHOD_CLOSED_FORM ? name : gr_method_name(how);
    a->value_needs_search = false;
}

bool gr_answer_by_heaps(const gr_answer *a)
{
    return a->how == GR_METHOD_NIM_SEQUENCE || a->how == GR_METHOD_PERIOD;
}

/* An answer whose value is a small number, or unknown. */
static void answer_small(gr_answer *a, enum gr_method how, const char *outcome, uint32_t score, bool known,
                         uint32_t value)
{
    mpz_t v;
    mpz_init_set_ui(v, value);
    gr_answer_set(a, how, NULL, outcome, score, known ? v : NULL);
    mpz_clear(v);
}

void gr_moves_summary_init(gr_moves_summary *s)
{
    mpz_init(s->total);
    s->all_listed = false;
    s->method = NULL;
}

void gr_moves_summary_clear(gr_moves_summary *s)
{
    mpz_clear(s->total);
}

gr_engine *gr_engine_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim, gr_error *err)
{
    gr_engine *e = malloc(sizeof *e);
    if (!e) {
        gr_fail_nomem(err);
        return NULL;
    }
    e->game = g;
    e->outcome = *o;
    if (lim) e->limits = *lim;
    else gr_limits_default(&e->limits);
    e->cache = NULL;
    e->db = NULL;
    e->heap_method = GR_HEAP_AUTO;
    e->heap_file = NULL;
    e->progress = NULL;
    e->progress_ctx = NULL;
    return e;
}

const gr_game *gr_engine_game(const gr_engine *e) { return e->game; }
const gr_outcome *gr_engine_outcome(const gr_engine *e) { return &e->outcome; }
const gr_limits *gr_engine_limits(const gr_engine *e) { return &e->limits; }
const char *gr_engine_db(const gr_engine *e) { return e->db; }

struct gr_engine_cache *gr_engine_cache(gr_engine *e)
{
    if (!e->cache) e->cache = calloc(1, sizeof *e->cache);
    return e->cache;
}

static void tiers_drop(struct gr_engine_cache *c);

void gr_engine_free(gr_engine *e)
{
    if (!e) return;
    if (e->cache) {
        gr_solver_free(e->cache->solver);
        gr_engine_loopy_free(e);
        tiers_drop(e->cache);
        gr_engine_quotient_free(e);
        free(e->cache->heap_values);
        gr_engine_heap_file_close(e->cache);
        free(e->cache);
    }
    free(e);
}

int gr_engine_check(gr_engine *e, const gr_bigpos *pos, gr_error *err)
{
    return gr_game_check_count(e->game, pos->n, err);
}

static const gr_closed_form *closed_form(gr_engine *e, const gr_bigpos *pos)
{
    const gr_closed_form *cf = gr_closed_form_find(e->game, &e->outcome, pos->n);
    return cf && cf->covers && !cf->covers(e->game, &e->outcome, pos) ? NULL : cf;
}

/* Why a position cannot be searched, as an exit-2 error, or GR_OK with the
 * position in *small. pos may be the ruleset's reduction of the position
 * the user gave: the messages name the latter. */
static int searchable(gr_engine *e, const gr_bigpos *pos, const gr_bigpos *given, gr_pos *small, gr_error *err)
{
    if (pos->n > GR_MAX_PILES)
        return gr_fail(err, GR_EINPUT, "%d piles are more than search handles (%d) and %s has no closed form here",
                       given->n, GR_MAX_PILES, e->game->spec);
    if (!gr_bigpos_to_pos(pos, small)) {
        int big = gr_bigpos_first_big(given);
        if (big < 0) big = 0;
        return gr_fail(err, GR_EINPUT,
                       "pile %d (%zu digits) is too big for search (at most 2^64-1) and %s has no closed form here",
                       big, gr_mpz_digits(given->p[big]), e->game->spec);
    }
    return gr_solver_admit(e->game, &e->outcome, small, &e->limits, err);
}

static int search_score(gr_engine *e, const gr_pos *pos, gr_answer *ans, gr_error *err)
{
    if (e->game->flags & GR_RS_LOOPY) return gr_engine_loopy_score(e, pos, ans, err);
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    if (!c->solver) {
        c->solver = gr_solver_new(e->game, &e->outcome, &e->limits);
        if (!c->solver) return gr_fail_nomem(err);
    }
    uint32_t score;
    int rc = gr_solver_score(c->solver, pos, &score, err);
    if (rc) return rc;
    answer_small(ans, GR_METHOD_SEARCH, gr_outcome_label(&e->outcome, score), score,
                 e->outcome.rule->score_is_value, score);
    return GR_OK;
}

/* The tier solver answers a position of a ruleset that keeps its total by
 * solving every position of its canonical total and below, tier by tier:
 * far faster than search when the tiers are cheap (docs/tiers.md). The
 * table is kept, so that the options of the position (a move can lower the
 * minimum, and so raise the canonical total: the table is grown by half
 * when one lies past it) and later positions are looked up. */
static void tiers_drop(struct gr_engine_cache *c)
{
    if (!c->tiers) return;
    gr_tiers_free(c->tiers);
    free(c->tiers);
    c->tiers = NULL;
}

static uint64_t tier_total(const gr_pos *pos)
{
    uint64_t lo = UINT64_MAX, total = 0;
    for (int i = 0; i < pos->n; i++) lo = pos->p[i] < lo ? pos->p[i] : lo;
    for (int i = 0; i < pos->n; i++) total += pos->p[i] - lo;
    return total;
}

static bool tiers_cover(const struct gr_engine_cache *c, const gr_pos *pos)
{
    return c && c->tiers && c->tiers->n == pos->n && c->tiers->total >= tier_total(pos);
}

static int tiers_keep(gr_engine *e, struct gr_engine_cache *c, int n, uint64_t total, gr_error *err)
{
    /* The solver's index (tier_index.c: up to n tables of (total + 2)^2 / 2
     * counts) is built before the solve checks its own memory, so it is
     * checked here; a graph's index is smaller, and its values larger. */
    double index = 8.0 * (n + 1) * ((double)total + 2) * ((double)total + 3) / 2;
    if (e->limits.max_bytes > 0 && index > e->limits.max_bytes)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "the tier solver's index to total %llu needs about %.0f MB, over the memory limit",
                             (unsigned long long)total, index / 1e6);
    gr_tiers *s = malloc(sizeof *s);
    if (!s) return gr_fail_nomem(err);
    int rc = gr_tiers_init(s, e->game, n, total, err);
    if (rc) {
        free(s);
        return rc;
    }
    gr_tier_opts o = {.method = GR_TIER_FAST, .keep = true, .max_bytes = e->limits.max_bytes,
                      .max_seconds = e->limits.max_seconds, .stop = e->limits.stop, .stop_ctx = e->limits.stop_ctx};
    if ((rc = gr_tiers_solve(s, &o, err))) {
        gr_tiers_free(s);
        free(s);
        return rc;
    }
    tiers_drop(c);
    c->tiers = s;
    return GR_OK;
}

static int tier_score(gr_engine *e, const gr_pos *pos, gr_answer *ans, gr_error *err)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    if (!tiers_cover(c, pos)) {
        uint64_t total = tier_total(pos);
        uint64_t room = c->tiers && c->tiers->n == pos->n ? c->tiers->total + c->tiers->total / 2 : 0;
        /* half as large again, or only as large as asked where that is refused */
        if (total >= room || tiers_keep(e, c, pos->n, room, err) != GR_OK) {
            gr_error_clear(err);
            int rc = tiers_keep(e, c, pos->n, total, err);
            if (rc) return rc;
        }
    }
    gr_pos cp = *pos;
    uint64_t t = gr_tiers_canonical(c->tiers, &cp), rank = gr_tiers_rank(c->tiers, &cp);
    uint32_t v = c->tiers->v[t][rank];
    answer_small(ans, GR_METHOD_TIERS, v ? "N" : "P", v, true, v);
    return GR_OK;
}

/* The tier solver applies: a ruleset that keeps its total, normal play. */
static bool tiers_apply(const gr_engine *e, const gr_bigpos *pos, gr_pos *small)
{
    return (e->game->flags & GR_RS_CONSERVES_TOTAL) && e->outcome.rule == &gr_outcome_normal &&
           pos->n <= GR_MAX_PILES && gr_bigpos_to_pos(pos, small);
}

/* Is the tier solver estimated at less than half the time of search for
 * pos? Search that takes under 0.05 s keeps the work (and its table). */
static bool tiers_cheaper(const gr_engine *e, const gr_pos *pos)
{
    gr_estimate est;
    gr_solver_estimate(e->game, &e->outcome, pos, &est);
    if (est.seconds < 0.05) return false;
    gr_tiers s;
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_tiers_init(&s, e->game, pos->n, tier_total(pos), &quiet)) return false;
    gr_tier_opts o = {.method = GR_TIER_FAST, .keep = true};
    bool cheaper = 2 * gr_tiers_seconds(&s, &o) < est.seconds;
    gr_tiers_free(&s);
    return cheaper;
}

/* The fastest method that applies: a table of tiers already solved, else
 * the tier solver where it is estimated far cheaper than search, else
 * search, and where search is refused the tier solver; the search's
 * refusal is kept when neither can answer. */
static int search_or_tiers(gr_engine *e, const gr_bigpos *pos, const gr_bigpos *given, gr_pos *small,
                           gr_answer *ans, gr_error *err)
{
    gr_error quiet;
    gr_error_clear(&quiet);
    bool tiers = tiers_apply(e, pos, small);
    if (tiers && tiers_cover(e->cache, small) && tier_score(e, small, ans, &quiet) == GR_OK) return GR_OK;
    int rc = searchable(e, pos, given, small, err);
    gr_error_clear(&quiet);
    if (!rc && tiers && tiers_cheaper(e, small) && tier_score(e, small, ans, &quiet) == GR_OK) return GR_OK;
    if (!rc) return search_score(e, small, ans, err);
    if (!tiers || err->code != GR_ELIMIT) return rc;
    gr_error_clear(&quiet);
    if (tier_score(e, small, ans, &quiet) == GR_OK) {
        gr_error_clear(err);
        return GR_OK;
    }
    gr_error searched = *err;
    gr_error_clear(err);
    return gr_fail_limit(err, searched.knobs | quiet.knobs, "%s; the tier solver: %s", searched.msg, quiet.msg);
}

static void from_verdict(gr_answer *ans, const gr_verdict *v, const gr_closed_form *cf, const gr_outcome *o)
{
    /* a score the outcome rule's prescribed() understands: 0 is P */
    uint32_t score = v->p ? 0 : (v->has_value && mpz_fits_uint_p(v->value) ? (uint32_t)mpz_get_ui(v->value) : 1);
    const char *label = v->p ? "P" : "N";
    if (v->has_score) {
        /* the closed form knows the class itself (players=m) */
        score = v->score;
        label = gr_outcome_label(o, v->score);
    }
    gr_answer_set(ans, GR_METHOD_CLOSED_FORM, cf->name, label, score, v->has_value ? v->value : NULL);
}

/* A heap ruleset under normal play is a sum of single heaps: its value is
 * the XOR of the heaps' values, read off the nim-sequence engine (which is
 * far faster than searching positions, and is computed once for the largest
 * heap: every option's heaps are smaller). Returns false when the engine
 * cannot answer (it refuses past the limits), so the caller searches. */
/* Fills *why when the nim-sequence engine could have answered but declined
 * (a limit), so that the caller can say so if search cannot answer either. */
static bool heap_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans, gr_error *why)
{
    if (!(e->game->flags & GR_RS_HEAPS) || e->outcome.rule != &gr_outcome_normal || pos->n == 0) return false;
    /* the largest heap first: it decides how far the table must reach */
    int big = 0;
    for (int i = 1; i < pos->n; i++)
        if (mpz_cmp(pos->p[i], pos->p[big]) > 0) big = i;
    uint32_t x = 0, v;
    if (gr_engine_heap_grundy(e, pos->p[big], &v, why) != GR_OK) return false;
    for (int i = 0; i < pos->n; i++) {
        if (gr_engine_heap_grundy(e, pos->p[i], &v, why) != GR_OK) return false;
        x ^= v;
    }
    /* some heap lies past the table exactly when the largest does */
    bool periodic = e->cache && e->cache->periodic &&
                    (mpz_cmp_ui(pos->p[big], e->cache->heap_n) > 0 || e->heap_method == GR_HEAP_PERIOD);
    answer_small(ans, periodic ? GR_METHOD_PERIOD : GR_METHOD_NIM_SEQUENCE, x ? "N" : "P", x, true, x);
    /* the table's own method: sparse, fast, simple or a stored file */
    if (!periodic && e->cache->heap_how) ans->method = e->cache->heap_how;
    return true;
}

/* The value of pos, the ruleset's reduction of the position `given`. */
static int value_of(gr_engine *e, const gr_bigpos *pos, const gr_bigpos *given, gr_answer *ans, gr_error *err)
{
    int rc;
    gr_pos small;
    /* a heap method named (or a sequence file given): that method alone */
    if (e->heap_method != GR_HEAP_AUTO || e->heap_file) {
        if (!(e->game->flags & GR_RS_HEAPS) || e->outcome.rule != &gr_outcome_normal)
            return gr_fail(err, GR_EINPUT,
                           "a heap method or a sequence file answers heap games under normal play, not %s%s",
                           e->game->spec, e->outcome.rule != &gr_outcome_normal ? " under these outcome rules" : "");
        if (e->heap_method == GR_HEAP_SEARCH) return search_or_tiers(e, pos, given, &small, ans, err);
        gr_error_clear(err);
        if (heap_value(e, pos, ans, err)) return GR_OK;
        return err->code ? err->code : gr_fail(err, GR_EINTERNAL, "no heap value");
    }
    const gr_closed_form *cf = closed_form(e, pos);
    if (!cf) {
        gr_error why, quiet;
        gr_error_clear(&why);
        gr_error_clear(&quiet);
        if (heap_value(e, pos, ans, &why)) return GR_OK;
        if (gr_engine_quotient_value(e, pos, ans)) return GR_OK;
        /* the nim-sequence engine's refusal says more than search's */
        gr_error *to = why.code ? &quiet : err;
        rc = search_or_tiers(e, pos, given, &small, ans, to);
        if (rc && why.code) return gr_fail_again(err, &why);
        return rc;
    }
    gr_verdict v;
    gr_verdict_init(&v);
    rc = cf->decide(e->game, &e->outcome, pos, &v, err);
    if (!rc) from_verdict(ans, &v, cf, &e->outcome);
    gr_verdict_clear(&v);
    if (rc || ans->has_value || !e->outcome.rule->score_is_value) return rc;
    /* The closed form knows the outcome only: search for the value if it can. */
    gr_error quiet;
    gr_error_clear(&quiet);
    if (search_or_tiers(e, pos, given, &small, ans, &quiet) == GR_OK) return GR_OK;
    ans->value_needs_search = true;
    return GR_OK;
}

/* Normalised first: a position the ruleset reduces (Sharing Nim less its
 * minimum) is answered as its reduction, so that a huge position that is a
 * small one in disguise gets its value by search, and every method sees
 * the fewest piles. */
int gr_engine_value(gr_engine *e, const gr_bigpos *pos, gr_answer *ans, gr_error *err)
{
    int rc = gr_engine_check(e, pos, err);
    if (rc) return rc;
    if (e->db) return gr_engine_db_value(e->db, e->game, &e->outcome, pos, ans, err);
    if (!e->game->rs->reduce) return value_of(e, pos, pos, ans, err);
    gr_bigpos red;
    gr_bigpos_init(&red);
    if (gr_bigpos_copy(&red, pos)) {
        gr_bigpos_clear(&red);
        return gr_fail_nomem(err);
    }
    bool reduced = gr_game_reduce(e->game, &red);
    rc = value_of(e, reduced ? &red : pos, pos, ans, err);
    gr_bigpos_clear(&red);
    return rc;
}

/* ---- moves ---- */

typedef struct listing {
    gr_engine *e;
    const gr_answer *parent;
    gr_engine_move_fn fn;
    void *ctx;
    gr_error *err;
    gr_bigpos child;
    gr_answer ans;
} listing;

static int list_one(void *ctx, const gr_move *mv, const gr_pos *result)
{
    listing *l = ctx;
    if (gr_bigpos_from_pos(&l->child, result)) return gr_fail_nomem(l->err);
    int rc = gr_engine_value(l->e, &l->child, &l->ans, l->err);
    if (rc) return rc;
    mpz_t amount;
    mpz_init_set_ui(amount, mv->amount);
    gr_bigmove bm = {mv->kind, mv->src, mv->dst, amount, &l->child};
    bool winning = l->e->outcome.rule->prescribed(&l->e->outcome, l->parent->score, l->ans.score);
    rc = l->fn(l->ctx, &bm, &l->ans, winning);
    mpz_clear(amount);
    return rc;
}

typedef struct winners {
    gr_engine_move_fn fn;
    void *ctx;
    gr_answer ans;
    gr_engine *e;              /* set when each result is to be decided (class scores) */
    gr_error *err;
} winners;

static int list_winner(void *ctx, const gr_bigmove *mv)
{
    winners *w = ctx;
    /* Under class scores (players=m) a prescribed move need not lead to
     * class 0: decide each result with the closed form. */
    if (w->e) {
        int rc = gr_engine_value(w->e, mv->result, &w->ans, w->err);
        if (rc) return rc;
    }
    return w->fn(w->ctx, mv, &w->ans, true);
}

typedef struct counter {
    double n;
} counter;

static int count_one(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv, (void)result;
    ((counter *)ctx)->n += 1;
    return 0;
}

/* Each winning move's result is a P-position, unless the class scores of
 * players=m need the result decided. */
static void winners_init(winners *w, gr_engine *e, const gr_closed_form *cf, gr_engine_move_fn fn, void *ctx,
                         gr_error *err)
{
    *w = (winners){.fn = fn, .ctx = ctx};
    gr_answer_init(&w->ans);
    mpz_t zero;
    mpz_init(zero);
    gr_answer_set(&w->ans, GR_METHOD_CLOSED_FORM, cf->name, "P", 0, e->outcome.rule->score_is_value ? zero : NULL);
    mpz_clear(zero);
    if (e->outcome.rule == &gr_outcome_players) {
        w->e = e;
        w->err = err;
    }
}

/* Stops winning_moves after its first move: a return no callback uses. */
#define FIRST_ONLY 0x7fff

static int first_winner(void *ctx, const gr_bigmove *mv)
{
    int rc = list_winner(ctx, mv);
    return rc ? rc : FIRST_ONLY;
}

int gr_engine_one_winning_move(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                               gr_error *err)
{
    int rc = gr_engine_check(e, pos, err);
    if (rc) return rc;
    const gr_closed_form *cf = closed_form(e, pos);
    if (!cf) return gr_fail(err, GR_EINPUT, "%s has no closed form for this position", e->game->spec);
    winners w;
    winners_init(&w, e, cf, fn, ctx, err);
    if (cf->one_winning_move) rc = cf->one_winning_move(e->game, &e->outcome, pos, list_winner, &w, err);
    else rc = cf->winning_moves(e->game, &e->outcome, pos, first_winner, &w, err);
    gr_answer_clear(&w.ans);
    return rc == FIRST_ONLY ? GR_OK : rc;
}

int gr_engine_moves(gr_engine *e, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                    gr_moves_summary *sum, gr_error *err)
{
    if (e->db) return gr_engine_db_moves(e->db, e->game, pos, fn, ctx, sum, err);
    gr_answer parent;
    gr_answer_init(&parent);
    int rc = gr_engine_value(e, pos, &parent, err);
    if (rc) goto out;
    if (parent.how == GR_METHOD_QUOTIENT) {
        rc = gr_engine_quotient_moves(e, pos, &parent, fn, ctx, sum, GR_MAX_LISTED_MOVES, err);
        goto out;
    }
    const gr_closed_form *cf = closed_form(e, pos);
    gr_pos small;
    gr_error why;
    gr_error_clear(&why);
    /* Listed from the position itself: a shifted one (searchable's answer
     * for huge piles) would list the moves of another position. */
    bool list_all = gr_bigpos_first_big(pos) < 0 && searchable(e, pos, pos, &small, &why) == GR_OK;
    /* answered by tiers: the kept table values the options too */
    if (!list_all && parent.how == GR_METHOD_TIERS && gr_bigpos_to_pos(pos, &small)) list_all = true;
    if (list_all && cf) {
        cf->count_moves(e->game, pos, sum->total);
        list_all = mpz_cmp_d(sum->total, GR_MAX_LISTED_MOVES) <= 0;
    }
    if (list_all) {
        listing l = {.e = e, .parent = &parent, .fn = fn, .ctx = ctx, .err = err};
        gr_bigpos_init(&l.child);
        gr_answer_init(&l.ans);
        counter c = {0};
        gr_game_moves(e->game, &small, count_one, &c);
        mpz_set_d(sum->total, c.n);
        sum->all_listed = true;
        sum->method = parent.method;
        rc = gr_game_moves(e->game, &small, list_one, &l);
        gr_answer_clear(&l.ans);
        gr_bigpos_clear(&l.child);
        goto out;
    }
    if (!cf && gr_answer_by_heaps(&parent)) {
        /* a heap game answered by its heaps' values: list by them too */
        rc = gr_engine_heap_moves(e, pos, &parent, fn, ctx, sum, GR_MAX_LISTED_MOVES, err);
        goto out;
    }
    if (!cf) {
        /* answered as its reduction, which a closed form covers, but the
         * moves are the position's own: say why search cannot list them */
        if (!why.code) searchable(e, pos, pos, &small, &why);
        rc = why.code ? gr_fail_again(err, &why) : gr_fail(err, GR_EINPUT, "no method lists these moves");
        goto out;
    }
    cf->count_moves(e->game, pos, sum->total);
    sum->all_listed = false;
    sum->method = cf->name;
    winners w;
    winners_init(&w, e, cf, fn, ctx, err);
    rc = cf->winning_moves(e->game, &e->outcome, pos, list_winner, &w, err);
    gr_answer_clear(&w.ans);
out:
    gr_answer_clear(&parent);
    return rc;
}
