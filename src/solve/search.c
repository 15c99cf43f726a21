/* Memoised depth-first search with an explicit stack, so that long lines of
 * play (a game of total T can last T moves or more) never overflow the C
 * stack. Each position's options are interned once; a position is scored by
 * the outcome rule when all of its options are. */
#include "grundy/bitset.h"
#include "grundy/grow.h"
#include "grundy/solve.h"
#include "grundy/postab.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define UNKNOWN UINT32_MAX
#define ON_PATH (UINT32_MAX - 1)

typedef struct frame {
    uint32_t id;
    size_t first;       /* its options start here in the child stack */
    size_t count;
    size_t next;        /* the next option to make sure is scored */
} frame;

struct gr_solver {
    const gr_game *game;
    gr_outcome outcome;
    gr_limits limits;
    gr_postab tab;
    uint32_t *score;            /* score[id] */
    size_t score_cap;
    gr_child *kids;             /* child stack */
    size_t nkids, capkids;
    frame *frames;
    size_t nframes, capframes;
    gr_bitset scratch;
    size_t max_states;
    /* the options of the position being expanded, canonical, packed, hashed:
     * all are hashed and their slots prefetched before any is interned */
    uint64_t *bwords, *bhash;
    uint8_t *bn;
    size_t bcount, bcap, bwcount, bwcap;
};

gr_solver *gr_solver_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim)
{
    gr_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->game = g;
    s->outcome = *o;
    if (lim) s->limits = *lim;
    else gr_limits_default(&s->limits);
    gr_postab_init(&s->tab);
    gr_bitset_init(&s->scratch);
    s->max_states = (size_t)(s->limits.max_bytes / 48.0);
    return s;
}

void gr_solver_free(gr_solver *s)
{
    if (!s) return;
    gr_postab_free(&s->tab);
    gr_bitset_free(&s->scratch);
    free(s->score);
    free(s->kids);
    free(s->frames);
    free(s->bwords);
    free(s->bhash);
    free(s->bn);
    free(s);
}

size_t gr_solver_positions(const gr_solver *s)
{
    return s->tab.count;
}

static int oom(gr_error *err)
{
    return gr_fail_nomem(err);
}

static int intern_hashed(gr_solver *s, const gr_pos *pos, uint64_t h, uint32_t *id, gr_error *err)
{
    bool is_new;
    if (!gr_postab_intern_hashed(&s->tab, pos, h, id, &is_new)) return oom(err);
    if (is_new) {
        if (s->tab.count > s->max_states)
            return gr_fail_limit(err, GR_KNOB_MEMORY, "search stopped at %u positions: over the memory limit", s->tab.count);
        if (!GR_GROW(s->score, s->score_cap, s->tab.count, 1024)) return oom(err);
        s->score[*id] = UNKNOWN;
    }
    return GR_OK;
}

static int intern(gr_solver *s, gr_pos *pos, uint32_t *id, gr_error *err)
{
    s->game->rs->canonical(s->game, pos);
    return intern_hashed(s, pos, gr_pos_hash(pos), id, err);
}

typedef struct collect {
    gr_solver *s;
    gr_error *err;
} collect;

static int add_child(void *ctx, const gr_move *mv, const gr_pos *result)
{
    (void)mv;
    collect *c = ctx;
    gr_solver *s = c->s;
    /* copy only the piles in use: a full gr_pos is 33 words */
    gr_pos r;
    r.n = result->n;
    memcpy(r.p, result->p, (size_t)r.n * sizeof r.p[0]);
    s->game->rs->canonical(s->game, &r);
    if (s->bcount == s->bcap) {
        size_t cap = gr_grow_cap(s->bcap, s->bcount + 1, 1024, sizeof *s->bhash);
        if (!cap || !gr_resize(&s->bhash, cap, sizeof *s->bhash) || !gr_resize(&s->bn, cap, sizeof *s->bn))
            return oom(c->err);
        s->bcap = cap;
    }
    if (!GR_GROW(s->bwords, s->bwcap, s->bwcount + (size_t)r.n, 4096)) return oom(c->err);
    uint64_t h = gr_pos_hash(&r);
    gr_postab_prefetch(&s->tab, h);
    s->bhash[s->bcount] = h;
    s->bn[s->bcount++] = (uint8_t)r.n;
    if (r.n) memcpy(s->bwords + s->bwcount, r.p, (size_t)r.n * sizeof r.p[0]); /* no words: maybe no array yet */
    s->bwcount += (size_t)r.n;
    return 0;
}

/* Interns the batch of options, in order, onto the child stack. */
static int intern_batch(gr_solver *s, gr_error *err)
{
    if (!GR_GROW(s->kids, s->capkids, s->nkids + s->bcount, 4096)) return oom(err);
    size_t w = 0;
    for (size_t i = 0; i < s->bcount; i++) {
        gr_pos r;
        r.n = s->bn[i];
        if (r.n) memcpy(r.p, s->bwords + w, (size_t)r.n * sizeof r.p[0]);
        w += (size_t)r.n;
        uint32_t id;
        int rc = intern_hashed(s, &r, s->bhash[i], &id, err);
        if (rc) return rc;
        s->kids[s->nkids++] = (gr_child){0, id};
    }
    return GR_OK;
}

static int push(gr_solver *s, uint32_t id, gr_error *err)
{
    if (!GR_GROW(s->frames, s->capframes, s->nframes + 1, 256)) return oom(err);
    gr_pos pos;
    gr_postab_get(&s->tab, id, &pos);
    size_t first = s->nkids;
    collect c = {s, err};
    s->bcount = s->bwcount = 0;
    int rc = gr_game_moves(s->game, &pos, add_child, &c);
    if (!rc) rc = intern_batch(s, err);
    if (rc) return rc;
    s->score[id] = ON_PATH;
    s->frames[s->nframes++] = (frame){id, first, s->nkids - first, 0};
    return GR_OK;
}

static int run(gr_solver *s, uint32_t root, gr_error *err)
{
    clock_t start = clock();
    unsigned long steps = 0;
    int rc = push(s, root, err);
    if (rc) return rc;
    while (s->nframes) {
        frame *f = &s->frames[s->nframes - 1];
        if (f->next < f->count) {
            uint32_t c = s->kids[f->first + f->next].id;
            uint32_t sc = s->score[c];
            if (sc == ON_PATH) {
                return gr_fail(err, GR_EINPUT,
                               "play can return to an earlier position under %s; this game is loopy "
                               "and needs a solver that reports draws", s->game->spec);
            }
            if (sc == UNKNOWN) {
                if ((++steps & 0xff) == 0 && gr_limits_stopped(&s->limits))
                    return gr_fail(err, GR_EINTR, "search stopped on request at %u positions", s->tab.count);
                if ((steps & 0xffff) == 0 &&
                    (double)(clock() - start) / CLOCKS_PER_SEC > s->limits.max_seconds)
                    return gr_fail_limit(err, GR_KNOB_SECONDS, "search stopped after %.0f s (limit) at %u positions",
                                   s->limits.max_seconds, s->tab.count);
                if ((rc = push(s, c, err))) return rc;
                continue;
            }
            s->kids[f->first + f->next].score = sc;
            f->next++;
            continue;
        }
        /* a position without moves before any with: no kids array yet */
        s->score[f->id] = s->outcome.rule->combine(&s->outcome, f->count ? s->kids + f->first : NULL, f->count,
                                                   &s->scratch);
        s->nkids = f->first;
        s->nframes--;
    }
    return GR_OK;
}

static int score_one(gr_solver *s, const gr_pos *pos, uint32_t *score, gr_error *err)
{
    gr_pos p = *pos;
    uint32_t id;
    int rc = intern(s, &p, &id, err);
    if (rc) return rc;
    if (s->score[id] == UNKNOWN) {
        rc = run(s, id, err);
        if (rc) {
            /* Leave the table consistent: forget the unfinished line. */
            for (size_t i = 0; i < s->nframes; i++) s->score[s->frames[i].id] = UNKNOWN;
            s->nframes = 0;
            s->nkids = 0;
            return rc;
        }
    }
    *score = s->score[id];
    return GR_OK;
}

int gr_solver_score(gr_solver *s, const gr_pos *pos, uint32_t *score, gr_error *err)
{
    if ((s->game->flags & GR_RS_HEAPS) && s->outcome.rule == &gr_outcome_normal && pos->n > 1) {
        /* Sprague-Grundy: the value of a sum is the XOR of its heaps' values. */
        uint32_t x = 0;
        for (int i = 0; i < pos->n; i++) {
            gr_pos heap = {.n = 1, .p = {pos->p[i]}};
            uint32_t v;
            int rc = score_one(s, &heap, &v, err);
            if (rc) return rc;
            x ^= v;
        }
        *score = x;
        return GR_OK;
    }
    return score_one(s, pos, score, err);
}
