/* The engines of recently used games (grundy/api.h), so that a server's
 * calls on one game share its search table, nim-sequence and period rather
 * than building them again at every call. An engine given a saved misere
 * quotient (a server's --quotients file) is kept too, under the file's
 * path and identity (device, inode, size, mtime): loading a quotient of a
 * few hundred elements costs tens of milliseconds, its answers
 * microseconds, and a file replaced in place is loaded again. */
#include "api_internal.h"
#include <pthread.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
    char *rules;               /* NULL: empty */
    gr_outcome outcome;
    gr_limits limits;
    gr_game *game;             /* the engine borrows it: it stays where it is */
    gr_engine *engine;
    bool busy;
    uint64_t used;             /* when last handed out, in calls */
    gr_api_kept_play kept;     /* play's, on this game (play.c) */
    char *quotient;            /* the saved quotient file it answers by (NULL: none) */
    struct stat qid;           /* that file's identity when it was loaded */
} slot;

struct gr_api_engines {
    pthread_mutex_t mu;
    uint64_t clock;
    int n;
    slot s[];
};

gr_api_engines *gr_api_engines_new(int slots)
{
    if (slots < 1) slots = 1;
    gr_api_engines *c = calloc(1, sizeof *c + (size_t)slots * sizeof(slot));
    if (!c) return NULL;
    pthread_mutex_init(&c->mu, NULL);
    c->n = slots;
    return c;
}

static void game_free(gr_game *g)
{
    if (!g) return;
    gr_game_release(g);
    free(g);
}

static void slot_drop(slot *s)
{
    gr_play_free(s->kept.play); /* before the game it borrows */
    gr_engine_free(s->engine);
    game_free(s->game);
    free(s->rules);
    free(s->quotient);
    memset(s, 0, sizeof *s);
}

void gr_api_engines_free(gr_api_engines *c)
{
    if (!c) return;
    for (int i = 0; i < c->n; i++) slot_drop(&c->s[i]);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

/* The same file, unchanged since it was loaded. */
static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static bool same(const slot *s, const gr_api_request *req, const struct stat *qid)
{
    if (!s->quotient != !req->quotient) return false;
    if (req->quotient && (strcmp(s->quotient, req->quotient) != 0 || !same_file(&s->qid, qid))) return false;
    return s->rules && strcmp(s->rules, req->rules) == 0 && s->outcome.rule == req->outcome.rule &&
           s->outcome.param == req->outcome.param && s->limits.max_bytes == req->limits.max_bytes &&
           s->limits.max_seconds == req->limits.max_seconds && s->limits.stop == req->limits.stop &&
           s->limits.stop_ctx == req->limits.stop_ctx;
}

int gr_api_engine_get(gr_api_engines *c, const gr_api_request *req, gr_api_lease *l, gr_error *err)
{
    memset(l, 0, sizeof *l);
    if (req->db || req->in) c = NULL; /* stored results are a command line's, never shared */
    /* a quotient file is shared only while it is the file that was loaded */
    if (req->quotient && c && stat(req->quotient, &l->qid) != 0) c = NULL;
    l->cache = c;
    if (c) {
        pthread_mutex_lock(&c->mu);
        for (int i = 0; i < c->n; i++) {
            slot *s = &c->s[i];
            if (!s->busy && same(s, req, &l->qid)) {
                s->busy = true;
                s->used = ++c->clock;
                l->engine = s->engine;
                l->game = s->game;
                l->slot = i;
                /* play keeps a play of its own, made without the file (play.c) */
                l->kept = req->quotient ? NULL : &s->kept;
                pthread_mutex_unlock(&c->mu);
                return GR_OK;
            }
        }
        pthread_mutex_unlock(&c->mu);
    }
    l->slot = -1;
    l->game = calloc(1, sizeof *l->game);
    if (!l->game) return gr_fail_nomem(err);
    int rc = gr_game_parse(l->game, req->rules, err);
    if (rc) {
        free(l->game);
        l->game = NULL;
        return rc;
    }
    l->engine = gr_engine_new(l->game, &req->outcome, &req->limits, err);
    if (!l->engine) {
        game_free(l->game);
        l->game = NULL;
        return gr_fail_nomem(err);
    }
    if (req->db) gr_engine_use_db(l->engine, req->db);
    if (req->quotient && (rc = gr_engine_use_quotient(l->engine, req->quotient, err))) {
        gr_engine_free(l->engine);
        game_free(l->game);
        memset(l, 0, sizeof *l);
        return rc;
    }
    l->req = req;
    return GR_OK;
}

/* Gives a new engine a slot: an empty one, else the least recently used
 * idle one. False when every slot is busy. */
static bool adopt(gr_api_engines *c, gr_api_lease *l)
{
    char *rules = strdup(l->req->rules);
    char *quotient = l->req->quotient ? strdup(l->req->quotient) : NULL;
    if (!rules || (l->req->quotient && !quotient)) {
        free(rules);
        free(quotient);
        return false;
    }
    slot *victim = NULL;
    for (int i = 0; i < c->n && !(victim && !victim->rules); i++) {
        slot *s = &c->s[i];
        if (!s->busy && (!victim || !s->rules || s->used < victim->used)) victim = s;
    }
    if (!victim) {
        free(rules);
        free(quotient);
        return false;
    }
    slot_drop(victim);
    victim->rules = rules;
    victim->quotient = quotient;
    victim->qid = l->qid;
    victim->outcome = l->req->outcome;
    victim->limits = l->req->limits;
    victim->game = l->game;
    victim->engine = l->engine;
    victim->used = ++c->clock;
    return true;
}

void gr_api_engine_put(gr_api_lease *l, bool keep)
{
    gr_api_engines *c = l->cache;
    bool kept = false;
    if (c) {
        pthread_mutex_lock(&c->mu);
        if (l->slot >= 0) {
            slot *s = &c->s[l->slot];
            s->busy = false;
            /* an engine that failed may be left half-way: not kept */
            if (!keep) slot_drop(s);
            kept = true;
        } else if (keep) {
            kept = adopt(c, l);
        }
        pthread_mutex_unlock(&c->mu);
    }
    if (!kept) {
        gr_engine_free(l->engine);
        game_free(l->game);
    }
    memset(l, 0, sizeof *l);
}
