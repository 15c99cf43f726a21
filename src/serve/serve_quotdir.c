/* A server's saved misere quotients (serve_quotdir.h). As with stored
 * sequences the lookup runs in the server's thread before the call goes
 * to a worker: the file's head (game, heaps, phi; its checksum checked,
 * its table not parsed) is read here to check its game and its heaps, so
 * a worker is handed only a file that answers the position. The head is
 * read once per file identity (serve_quotcache): a request costs a stat.
 * The table is the worker's to load, once while the file is unchanged
 * (api/engines.c). */
#include "serve_quotdir.h"
#include "serve_seqdir.h"
#include "grundy/misere.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What a file's head said, under the identity it had when read: a file
 * rewritten in place or replaced changes its inode, size, mtime or ctime
 * (ctime cannot be set back by a writer), and is read again. */
typedef struct qentry {
    char path[256];
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime, ctime;
    bool sound;                /* the head read and its checksum matched */
    char rules[256];           /* the census name of the file's own game ("": not a census game) */
    int heaps, period;
    unsigned long used;
} qentry;

/* Few files: a server answers by one a game, a few games at a time. */
enum { QCACHE_SLOTS = 32 };

struct serve_quotcache {
    pthread_mutex_t mu;        /* the server's polling threads look up at once */
    qentry e[QCACHE_SLOTS];
    unsigned long clock;
};

serve_quotcache *serve_quotcache_new(void)
{
    serve_quotcache *c = calloc(1, sizeof *c);
    if (c && pthread_mutex_init(&c->mu, NULL) != 0) {
        free(c);
        c = NULL;
    }
    return c;
}

void serve_quotcache_free(serve_quotcache *c)
{
    if (!c) return;
    pthread_mutex_destroy(&c->mu);
    free(c);
}

static bool same_ts(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static bool same_id(const qentry *e, const char *path, const struct stat *st)
{
    return e->used && strcmp(e->path, path) == 0 && e->dev == st->st_dev && e->ino == st->st_ino &&
           e->size == st->st_size && same_ts(e->mtime, st->st_mtim) && same_ts(e->ctime, st->st_ctim);
}

static void set_id(qentry *e, const char *path, const struct stat *st)
{
    snprintf(e->path, sizeof e->path, "%s", path);
    e->dev = st->st_dev;
    e->ino = st->st_ino;
    e->size = st->st_size;
    e->mtime = st->st_mtim;
    e->ctime = st->st_ctim;
}

/* DIR/<census name>.grq: the sequence file's name with its extension changed. */
static bool quot_name(const char *dir, const gr_census_rec *rec, char *path, size_t len)
{
    gr_census_file(dir, rec, path, len);
    size_t n = strlen(path);
    if (n < 4 || n + 1 >= len || strcmp(path + n - 4, ".grs") != 0) return false;
    path[n - 1] = 'q';
    return true;
}

/* Every heap of the position within the quotient: all heaps once phi is
 * proved periodic, else the heaps 0..heaps it was built for. */
static bool covers(int heaps, int period, const gr_bigpos *pos)
{
    if (pos->n <= 0) return false;
    if (period > 0) return true;
    for (int i = 0; i < pos->n; i++)
        if (mpz_sgn(pos->p[i]) < 0 || mpz_cmp_ui(pos->p[i], (unsigned long)heaps) > 0) return false;
    return true;
}

/* The file's head read and checked: its own game's census name, its heaps
 * and its period (proved again, as the engine does on load). */
static void read_head(const char *path, qentry *e)
{
    e->sound = false;
    e->rules[0] = '\0';
    gr_error quiet;
    gr_error_clear(&quiet);
    gr_mquot q;
    memset(&q, 0, sizeof q);
    if (gr_mquot_load_head(&q, path, &quiet) != GR_OK) return;
    e->sound = true;
    e->heaps = q.heaps;
    gr_game fg = {0};
    gr_census_rec frec;
    if (gr_game_parse(&fg, q.game, &quiet) == GR_OK) {
        if ((fg.flags & GR_RS_HEAPS) && serve_census_rec(&fg, &frec) && strlen(frec.rules) < sizeof e->rules) {
            snprintf(e->rules, sizeof e->rules, "%s", frec.rules);
            /* the period is not saved but proved again on load, as the engine does */
            if (q.period == 0) gr_mquot_periodicity(&q, &fg);
        }
        gr_game_release(&fg);
    }
    e->period = q.period;
    gr_mquot_free(&q);
}

/* The head of the file at path, from the cache while the file is the one
 * read (false: no such file). The stat before and after the read: a file
 * that changed while it was read is not kept under either identity. */
static bool head_of(serve_quotcache *c, const char *path, qentry *out)
{
    struct stat st, after;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    if (c && strlen(path) < sizeof out->path) {
        pthread_mutex_lock(&c->mu);
        for (int i = 0; i < QCACHE_SLOTS; i++)
            if (same_id(&c->e[i], path, &st)) {
                c->e[i].used = ++c->clock;
                *out = c->e[i];
                pthread_mutex_unlock(&c->mu);
                return true;
            }
        pthread_mutex_unlock(&c->mu);
    }
    memset(out, 0, sizeof *out);
    read_head(path, out);
    if (!c || strlen(path) >= sizeof out->path || stat(path, &after) != 0) return true;
    set_id(out, path, &st);
    qentry check;
    set_id(&check, path, &after);
    check.used = 1;
    if (!same_id(&check, path, &st)) return true;
    pthread_mutex_lock(&c->mu);
    /* the same path's old identity, else an empty slot, else the least recently used */
    qentry *victim = &c->e[0];
    for (int i = 0; i < QCACHE_SLOTS; i++) {
        qentry *e = &c->e[i];
        if (e->used && strcmp(e->path, path) == 0) {
            victim = e;
            break;
        }
        if (!e->used || (victim->used && e->used < victim->used)) victim = e;
    }
    *victim = *out;
    victim->used = ++c->clock;
    pthread_mutex_unlock(&c->mu);
    return true;
}

bool serve_quotdir_file(const char *dir, serve_quotcache *cache, const gr_api_request *req, char *path, size_t len)
{
    if (!dir || !req->rules || req->quotient) return false;
    if (req->verb != GR_API_VALUE && req->verb != GR_API_MOVES && req->verb != GR_API_PLAY) return false;
    if (req->outcome.rule != &gr_outcome_misere) return false;
    gr_game g = {0};
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_parse(&g, req->rules, &quiet) != GR_OK) return false;
    gr_census_rec rec;
    bool found = (g.flags & GR_RS_HEAPS) && serve_census_rec(&g, &rec);
    gr_game_release(&g);
    if (!found || !quot_name(dir, &rec, path, len)) return false;
    qentry h;
    if (!head_of(cache, path, &h) || !h.sound) return false;
    /* the file's own game names the same file: a file put there under
     * another game's name is not taken (another spelling of the same game,
     * tb:.77 for tb:0.77, is: the engine takes it, gr_mquot_same_game) */
    if (strcmp(h.rules, rec.rules) != 0) return false;
    return covers(h.heaps, h.period, &req->pos);
}
