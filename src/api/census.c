/* The census verb: many octal codes by the sparse-space engine, each into
 * its sequence file in one folder, resumable as a whole (grundy/census.h);
 * or, asked for a report, what the folder holds now. Small codes run side
 * by side, one thread each; with fewer codes than threads each code gets a
 * share of them. Under MPI the front end's hooks (gr_api_census_mpi) spread
 * the codes. The reply holds the records; the renderings are the published
 * tables' layout (game, heaps reached, largest value and where, rare mask,
 * rare heaps, last rare heap) with the certified period, then the groups of
 * codes with equal sequences and the tables' claims of equal games. */
#include "api_internal.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void gr_api_census_reply_clear(gr_api_census_reply *c)
{
    free(c->recs);
    free(c->dir);
    free(c->group);
    free(c->claims);
    memset(c, 0, sizeof *c);
}

/* "--dir" as the front end writes the key. */
static const char *key(const gr_api_request *req, const char *k, char *buf, size_t size)
{
    return gr_api_key_name(req->front, k, buf, size);
}

static bool stopped_by_hook(const gr_limits *lim)
{
    return lim->stop && lim->stop(lim->stop_ctx);
}

/* Adds a code unless the census has it already (the same ruleset). */
static int add_code(gr_api_census_reply *c, size_t *cap, const char *word, gr_error *err)
{
    gr_census_rec r;
    int rc = gr_census_code(word, &r, err);
    if (rc) return rc;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->recs[i].rules, r.rules) == 0) return GR_OK;
    if (c->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        gr_census_rec *more = realloc(c->recs, *cap * sizeof *more);
        if (!more) return gr_fail_nomem(err);
        c->recs = more;
    }
    c->recs[c->n++] = r;
    return GR_OK;
}

static int gather_codes(const gr_api_census_opts *o, gr_api_census_reply *c, gr_error *err)
{
    size_t cap = 0;
    int rc = GR_OK;
    for (size_t k = 0; k < o->ncodes && !rc; k++) rc = add_code(c, &cap, o->codes[k], err);
    if (!rc && o->unsolved) {
        const char *const *names;
        size_t n = gr_census_unsolved(&names);
        for (size_t k = 0; k < n && !rc; k++) rc = add_code(c, &cap, names[k], err);
    }
    if (!rc && o->digits) {
        size_t n = gr_census_all((int)o->digits, NULL, 0);
        char (*names)[8] = malloc(n * sizeof *names);
        if (!names) return gr_fail_nomem(err);
        gr_census_all((int)o->digits, names, n);
        for (size_t k = 0; k < n && !rc; k++) rc = add_code(c, &cap, names[k], err);
        free(names);
    }
    return rc;
}

/* ------------------------------------------------------------ running */

/* The codes run on threads of the pool's own, but a front end's stop hook
 * may answer only on the thread that called (Python looks at its signals
 * there, holding the interpreter): so the calling thread polls the hook
 * while it waits, and the workers' runs read the flag it sets. */
typedef struct pool {
    gr_api_census_reply *c;
    const gr_api_census_opts *o;
    const gr_limits *lim;        /* the workers' limits: their hook reads `stop` */
    atomic_bool stop;
    pthread_mutex_t lock;
    pthread_cond_t exited_cv;
    int exited;                  /* workers that have returned */
    size_t next, finished;
    int per;                     /* threads a code */
    int rc;                      /* the first failure's status */
    gr_error err;
} pool;

static void note_done(pool *p, size_t i, int rc, const gr_error *e)
{
    gr_api_census_reply *c = p->c;
    p->finished++;
    gr_error ignored = {0};
    gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);
    if (rc && rc != GR_ELIMIT && !p->rc) p->rc = rc, p->err = *e;
    if (p->o->progress) p->o->progress(p->o->progress_ctx, p->finished, c->n, &c->recs[i], rc);
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        /* each code runs on a copy: the manifest is written from every
         * record while others run */
        pthread_mutex_lock(&p->lock);
        size_t i = p->next++;
        gr_census_rec r;
        if (i < p->c->n) r = p->c->recs[i];
        pthread_mutex_unlock(&p->lock);
        if (i >= p->c->n || stopped_by_hook(p->lim)) break;
        gr_error e = {0};
        int rc = gr_census_run(&r, p->c->dir, p->c->to, p->per, p->lim, &e);
        pthread_mutex_lock(&p->lock);
        p->c->recs[i] = r;
        note_done(p, i, rc, &e);
        pthread_mutex_unlock(&p->lock);
    }
    pthread_mutex_lock(&p->lock);
    p->exited++;
    pthread_cond_signal(&p->exited_cv);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static int pool_stopped(void *ctx)
{
    pool *p = ctx;
    return atomic_load_explicit(&p->stop, memory_order_relaxed);
}

/* Waits for `started` workers, polling the caller's hook every 50 ms. */
static void wait_workers(pool *p, int started, const gr_limits *caller)
{
    pthread_mutex_lock(&p->lock);
    while (p->exited < started) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50 * 1000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&p->exited_cv, &p->lock, &until);
        if (p->exited < started && !atomic_load(&p->stop) && caller->stop) {
            pthread_mutex_unlock(&p->lock);
            if (stopped_by_hook(caller)) atomic_store(&p->stop, true);
            pthread_mutex_lock(&p->lock);
        }
    }
    pthread_mutex_unlock(&p->lock);
}

static int run_local(gr_api_census_reply *c, const gr_api_census_opts *o, int threads, const gr_limits *lim,
                     gr_error *err)
{
    gr_limits wlim = *lim;
    if (lim->stop) wlim.stop = pool_stopped;
    pool p = {.c = c, .o = o, .lim = &wlim, .next = 0};
    wlim.stop_ctx = &p;
    atomic_init(&p.stop, false);
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.exited_cv, NULL);
    int workers = threads < (int)c->n ? threads : (int)c->n;
    p.per = c->n >= (size_t)threads ? 1 : threads / (int)c->n;
    pthread_t *t = calloc((size_t)(workers > 0 ? workers : 1), sizeof *t);
    if (!t) return gr_fail_nomem(err);
    int started = 0;
    for (; started < workers; started++)
        if (pthread_create(&t[started], NULL, worker, &p) != 0) break;
    if (!started) {
        wlim = *lim;             /* on the calling thread: its own hook */
        worker(&p);
    }
    wait_workers(&p, started, lim);
    for (int k = 0; k < started; k++) pthread_join(t[k], NULL);
    free(t);
    pthread_cond_destroy(&p.exited_cv);
    pthread_mutex_destroy(&p.lock);
    if (p.rc) *err = p.err;
    return p.rc;
}

/* The report: each code's file as it stands. */
static int report(gr_api_census_reply *c, const gr_limits *lim, gr_error *err)
{
    int rc = GR_OK;
    for (size_t i = 0; i < c->n && !rc && !stopped_by_hook(lim); i++)
        rc = gr_census_read(&c->recs[i], c->dir, c->to, lim, err);
    return rc;
}

/* A limit (GR_ELIMIT) when some code stopped short of to, with the resume hint. */
static int outcome(gr_api_census_reply *c, gr_error *err)
{
    size_t stopped = 0;
    const char *first = NULL;
    for (size_t i = 0; i < c->n; i++)
        if (c->recs[i].state == GR_CENSUS_STOPPED) stopped++, first = first ? first : c->recs[i].name;
    if (!stopped) return GR_OK;
    c->stopped = true;
    return gr_fail(err, GR_ELIMIT, "census: %zu code%s stopped before G(%llu) (the first %s); the same command "
                   "resumes", stopped, stopped == 1 ? "" : "s", (unsigned long long)c->to, first);
}

/* ------------------------------------------------------------ the table's groups and claims */

static const gr_census_rec *by_name(const gr_api_census_reply *c, const char *name)
{
    gr_census_rec r;
    gr_error ignored = {0};
    if (gr_census_code(name, &r, &ignored)) return NULL;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->recs[i].rules, r.rules) == 0 && c->recs[i].count) return &c->recs[i];
    return NULL;
}

/* The claims both of whose codes are in the census, checked against the files. */
static int check_claims(gr_api_census_reply *c, gr_error *err)
{
    const gr_census_claim *cl;
    size_t n = gr_census_claims(&cl);
    if (!(c->claims = calloc(n + 1, sizeof *c->claims))) return gr_fail_nomem(err);
    if (!(c->group = malloc((c->n ? c->n : 1) * sizeof *c->group))) return gr_fail_nomem(err);
    gr_census_group(c->recs, c->n, c->group);
    for (size_t k = 0; k < n; k++) {
        const gr_census_rec *a = by_name(c, cl[k].a), *b = by_name(c, cl[k].b);
        if (!a || !b) continue;
        gr_api_census_claim o = {.a = a->name, .b = b->name, .source = cl[k].source};
        gr_error ignored = {0};
        o.differ = gr_census_difference(c->dir, a, b, c->to, &o.at, &o.va, &o.vb, &ignored);
        if (o.differ >= 0) c->claims[c->nclaims++] = o;
    }
    return GR_OK;
}

/* ------------------------------------------------------------ the call */

static int setup(const gr_api_request *req, gr_api_census_reply *c, int rank, int *lock, gr_error *err)
{
    const gr_api_census_opts *o = &req->census;
    char a[64];
    int rc = GR_OK;
    if (!o->dir) rc = gr_fail(err, GR_EINPUT, "census needs %s DIR (the census folder)", key(req, "dir", a, sizeof a));
    else if (!o->have_to) rc = gr_fail(err, GR_EINPUT, "census needs %s N", key(req, "to", a, sizeof a));
    if (!rc && !(c->dir = strdup(o->dir))) rc = gr_fail_nomem(err);
    c->to = o->to;
    if (!rc) rc = gather_codes(o, c, err);
    /* rank 0 alone keeps the folder; the ranks get the records from it */
    if (!rc && rank == 0) rc = gr_census_open(c->dir, gr_api_key_lead(req->front, "dir", a, sizeof a), &c->recs, &c->n, err);
    if (!rc && rank == 0 && !o->report) rc = gr_census_lock(c->dir, lock, err);
    if (!rc && rank == 0 && !o->report) rc = gr_census_save(c->dir, c->recs, c->n, c->to, err);
    return rc;
}

int gr_api_census(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    const gr_api_census_opts *o = &req->census;
    gr_api_census_reply *c = &rep->census;
    const gr_api_census_mpi *mpi = o->mpi;
    int rank = 0, ranks = 1, rc = GR_OK, lock = -1;
    if (mpi && (rc = mpi->begin(&rank, &ranks, err))) return rc;
    c->rank = rank;
    rc = setup(req, c, rank, &lock, err);
    if (mpi && mpi->status(rc) && !rc) rc = GR_EINPUT;    /* rank 0 said why */
    if (rc) {
        if (mpi) mpi->end();
        gr_census_unlock(lock);
        return rc;
    }
    gr_limits lim = req->limits;
    if (!o->max_seconds) lim.max_seconds = 1e18;    /* a census runs as long as it takes */
    int threads = o->threads;
    if (threads <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores > 0 ? (int)cores : 1;
    }
    if (o->report) rc = report(c, &lim, err);
    else if (mpi) rc = mpi->run(c->recs, c->n, c->dir, c->to, threads, &lim, rank, ranks, err);
    else rc = run_local(c, o, threads, &lim, err);
    if (rank != 0) return rc;
    gr_error ignored = {0};
    if (!o->report) gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);   /* a running census owns it */
    if (stopped_by_hook(&lim)) {
        gr_census_unlock(lock);
        return gr_fail(err, GR_EINTR, "census: interrupted; every code's file is kept: the same command resumes");
    }
    /* a code that failed (memory, a value past the file's range) does not
     * hide the others' rows: the table stands, with the failure's status */
    int trc = check_claims(c, &ignored);
    c->table = trc == GR_OK;
    if (!rc && trc) rc = gr_fail_nomem(err);
    if (!rc && !o->report) rc = outcome(c, err);
    gr_census_unlock(lock);
    return rc;
}

/* ------------------------------------------------------------ renderings */

enum { COLS = 11 };
static const char *const head[COLS] = {"code", "N", "largest", "at", "mask", "rare", "last rare",
                                       "period", "preperiod", "status", "same as"};

static const char *state_word(const gr_census_rec *r)
{
    if (r->state == GR_CENSUS_DONE) return r->cert.certified ? "certified" : "reached";
    if (r->state == GR_CENSUS_STOPPED) return "stopped";
    if (r->state == GR_CENSUS_FAILED) return "failed";
    return "pending";
}

static void row(const gr_census_rec *r, const char *same, char cell[COLS][48])
{
    bool any = r->count > 0;
    bool per = r->cert.certified && r->per.found;
    snprintf(cell[0], 48, "%s", r->name);
    if (any) {
        snprintf(cell[1], 48, "%llu", (unsigned long long)(r->count - 1));
        snprintf(cell[2], 48, "%u", r->gmax);
        snprintf(cell[3], 48, "%llu", (unsigned long long)r->gmax_at);
        snprintf(cell[4], 48, "%x", r->mask);
        snprintf(cell[5], 48, "%llu", (unsigned long long)r->rare);
        snprintf(cell[6], 48, "%llu", (unsigned long long)r->last_rare);
    } else {
        for (int k = 1; k <= 6; k++) strcpy(cell[k], "-");
    }
    snprintf(cell[7], 48, per ? "%llu" : "-", (unsigned long long)r->per.period);
    snprintf(cell[8], 48, per ? "%llu" : "-", (unsigned long long)r->per.preperiod);
    snprintf(cell[9], 48, "%s", state_word(r));
    snprintf(cell[10], 48, "%s", same ? same : "");
}

/* The name of the first code of i's group when the group has two or more. */
static const char *same_as(const gr_api_census_reply *c, size_t i)
{
    if (c->group[i] < 0) return NULL;
    for (size_t j = 0; j < c->n; j++)
        if (j != i && c->group[j] == c->group[i]) return c->recs[c->group[i]].name;
    return NULL;
}

static void render_rows(gr_buf *b, int format, const gr_api_census_reply *c)
{
    char cell[COLS][48];
    int width[COLS];
    for (int k = 0; k < COLS; k++) width[k] = (int)strlen(head[k]);
    for (size_t i = 0; i < c->n; i++) {
        row(&c->recs[i], same_as(c, i), cell);
        for (int k = 0; k < COLS; k++)
            if ((int)strlen(cell[k]) > width[k]) width[k] = (int)strlen(cell[k]);
    }
    for (long i = -1; i < (long)c->n; i++) {
        if (i >= 0) row(&c->recs[i], same_as(c, (size_t)i), cell);
        for (int k = 0; k < COLS; k++) {
            const char *s = i < 0 ? head[k] : cell[k];
            if (format == GR_API_CSV) gr_buf_printf(b, "%s%s", k ? "," : "", s);
            else if (format == GR_API_MD) gr_buf_printf(b, "| %s ", s);
            else if (k + 1 == COLS) gr_buf_puts(b, s);
            else gr_buf_printf(b, k == 0 || k >= 9 ? "%-*s  " : "%*s  ", width[k], s);
        }
        gr_buf_puts(b, format == GR_API_MD ? "|\n" : "\n");
        if (i < 0 && format == GR_API_MD) {
            for (int k = 0; k < COLS; k++) gr_buf_puts(b, k == 0 || k >= 9 ? "| :--- " : "| ---: ");
            gr_buf_puts(b, "|\n");
        }
    }
}

static void render_text(gr_buf *b, int format, const gr_api_census_reply *c)
{
    bool md = format == GR_API_MD;
    gr_buf_printf(b, md ? "Census of %zu codes to G(0..%llu) (`%s`); N: the last heap computed, mask and rare heaps as "
                          "the sparse engine chose them.\n\n"
                        : "# census of %zu codes to G(0..%llu) in %s; N: the last heap computed\n",
                  c->n, (unsigned long long)c->to, c->dir);
    render_rows(b, format, c);
    bool any = false;
    for (size_t i = 0; i < c->n; i++) {
        if (c->group[i] != (long)i || !same_as(c, i)) continue;
        if (!any) gr_buf_printf(b, md ? "\nCodes with equal G(0..%llu):\n\n" : "# equal G(0..%llu):\n", (unsigned long long)c->to);
        any = true;
        gr_buf_puts(b, md ? "- " : "#  ");
        for (size_t j = i; j < c->n; j++)
            if (c->group[j] == (long)i) gr_buf_printf(b, j > i ? " = %s" : "%s", c->recs[j].name);
        gr_buf_putc(b, '\n');
    }
    if (c->nclaims) gr_buf_puts(b, md ? "\nGames the published tables list as one:\n\n" : "# games the published tables list as one:\n");
    for (size_t k = 0; k < c->nclaims; k++) {
        const gr_api_census_claim *cl = &c->claims[k];
        gr_buf_printf(b, "%s%s and %s (%s): ", md ? "- " : "#  ", cl->a, cl->b, cl->source);
        if (cl->differ) gr_buf_printf(b, "differ first at heap %llu (G = %u and %u)\n", (unsigned long long)cl->at, cl->va, cl->vb);
        else gr_buf_printf(b, "the same on 0..%llu\n", (unsigned long long)cl->at);
    }
}

static void render_json(gr_buf *b, const gr_api_census_reply *c)
{
    gr_buf_printf(b, "{\"to\":%llu,\"dir\":", (unsigned long long)c->to);
    gr_buf_json_string(b, c->dir);
    gr_buf_puts(b, ",\"codes\":[");
    for (size_t i = 0; i < c->n; i++) {
        const gr_census_rec *r = &c->recs[i];
        gr_buf_puts(b, i ? ",{\"code\":" : "{\"code\":");
        gr_buf_json_string(b, r->name);
        gr_buf_puts(b, ",\"rules\":");
        gr_buf_json_string(b, r->rules);
        gr_buf_printf(b, ",\"status\":\"%s\"", state_word(r));
        if (r->count)
            gr_buf_printf(b, ",\"n\":%llu,\"largest\":%u,\"largest_at\":%llu,\"mask\":%u,\"rare\":%llu,\"last_rare\":%llu",
                          (unsigned long long)(r->count - 1), r->gmax, (unsigned long long)r->gmax_at, r->mask,
                          (unsigned long long)r->rare, (unsigned long long)r->last_rare);
        if (r->count)
            gr_buf_printf(b, ",\"computed\":%llu,\"seconds\":%.3f,\"threads\":%d",
                          (unsigned long long)(r->count - r->resumed), r->seconds, r->threads);
        if (r->cert.certified && r->per.found)
            gr_buf_printf(b, ",\"period\":%llu,\"preperiod\":%llu,\"certified_at\":%llu", (unsigned long long)r->per.period,
                          (unsigned long long)r->per.preperiod, (unsigned long long)r->cert.needed_to);
        const char *same = same_as(c, i);
        if (same) {
            gr_buf_puts(b, ",\"same_as\":");
            gr_buf_json_string(b, same);
        }
        if (r->error[0]) {
            gr_buf_puts(b, ",\"error\":");
            gr_buf_json_string(b, r->error);
        }
        gr_buf_putc(b, '}');
    }
    gr_buf_puts(b, "],\"claims\":[");
    for (size_t k = 0; k < c->nclaims; k++) {
        const gr_api_census_claim *cl = &c->claims[k];
        gr_buf_puts(b, k ? ",{\"codes\":[" : "{\"codes\":[");
        gr_buf_json_string(b, cl->a);
        gr_buf_putc(b, ',');
        gr_buf_json_string(b, cl->b);
        gr_buf_puts(b, "],\"source\":");
        gr_buf_json_string(b, cl->source);
        if (cl->differ)
            gr_buf_printf(b, ",\"same\":false,\"first_difference\":%llu,\"values\":[%u,%u]}", (unsigned long long)cl->at,
                          cl->va, cl->vb);
        else
            gr_buf_printf(b, ",\"same\":true,\"to\":%llu}", (unsigned long long)cl->at);
    }
    gr_buf_puts(b, "]}\n");
}

void gr_api_render_census(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_census_reply *c = &rep->census;
    if (!c->table) return;
    if (format == GR_API_JSON) render_json(b, c);
    else if (format == GR_API_CSV) render_rows(b, format, c);
    else render_text(b, format, c);
}
