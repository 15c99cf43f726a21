/* The engine's stored-results backend: answers read from a directory
 * `grundy solve --out DIR` wrote, without search (value, moves and
 * table --db on the command line, and any library user). The results are
 * normal-play values of positions that fit 64 bits. */
#include "db_internal.h"
#include "engine_internal.h"
#include "grundy/sharing3.h"
#include "grundy/tierdb.h"
#include <stdlib.h>
#include <string.h>

/* A stored value: P exactly when it is 0 (normal play). */
static void stored_answer(gr_answer *a, uint32_t v)
{
    mpz_t z;
    mpz_init_set_ui(z, v);
    gr_answer_set(a, GR_METHOD_TABLE, NULL, v ? "N" : "P", v, z);
    mpz_clear(z);
}

void gr_engine_use_db(gr_engine *e, const char *dir)
{
    e->db = dir;
}

/* Opens the store in dir for game g and the position pos (as *p): the
 * store must hold this game, and the position fit 64-bit piles. Closed
 * again on failure. */
static int open_for(const char *dir, const gr_game *g, const gr_bigpos *pos, gr_pos *p, gr_tierdb_reader *r,
                    gr_error *err)
{
    if (!gr_bigpos_to_pos(pos, p)) return gr_fail(err, GR_EINPUT, "the position is too big for stored results");
    int rc = gr_tierdb_reader_open(r, dir, err);
    if (rc) return rc;
    if (strcmp(r->db.rules, g->spec) == 0) return GR_OK;
    rc = gr_fail(err, GR_EINPUT, "%s holds results for %s, not %s", dir, r->db.rules, g->spec);
    gr_tierdb_reader_close(r);
    return rc;
}

int gr_engine_db_value(const char *dir, const gr_game *g, const gr_outcome *o, const gr_bigpos *pos,
                       gr_answer *ans, gr_error *err)
{
    if (o->rule != &gr_outcome_normal)
        return gr_fail(err, GR_EINPUT, "--db holds normal-play values; it cannot answer under %s", o->rule->name);
    gr_pos p;
    gr_tierdb_reader r;
    int rc = open_for(dir, g, pos, &p, &r, err);
    if (rc) return rc;
    uint32_t v = 0;
    rc = gr_tierdb_reader_value(&r, &p, &v, err);
    if (!rc) stored_answer(ans, v);
    gr_tierdb_reader_close(&r);
    return rc;
}

typedef struct db_moves {
    gr_tierdb_reader *r;
    gr_engine_move_fn fn;
    void *ctx;
    gr_error *err;
    int rc;
    unsigned long count;
} db_moves;

static int on_move(void *ctx, const gr_move *mv, const gr_pos *result)
{
    db_moves *d = ctx;
    uint32_t v;
    if ((d->rc = gr_tierdb_reader_value(d->r, result, &v, d->err))) return 1;
    gr_answer a;
    gr_answer_init(&a);
    stored_answer(&a, v);
    mpz_t amount;
    mpz_init_set_ui(amount, mv->amount);
    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_bigmove bm = {mv->kind, mv->src, mv->dst, amount, &bp};
    /* normal play: a move to a P-position wins */
    int rc = gr_bigpos_from_pos(&bp, result) ? gr_fail_nomem(d->err) : d->fn(d->ctx, &bm, &a, v == 0);
    gr_bigpos_clear(&bp);
    mpz_clear(amount);
    gr_answer_clear(&a);
    d->count++;
    if (rc) d->rc = rc;
    return rc;
}

int gr_engine_db_moves(const char *dir, const gr_game *g, const gr_bigpos *pos, gr_engine_move_fn fn, void *ctx,
                 gr_moves_summary *sum, gr_error *err)
{
    gr_pos p;
    gr_tierdb_reader r;
    int rc = open_for(dir, g, pos, &p, &r, err);
    if (rc) return rc;
    db_moves d = {&r, fn, ctx, err, 0, 0};
    gr_game_moves(&r.game, &p, on_move, &d);
    rc = d.rc;
    if (!rc) {
        mpz_set_ui(sum->total, d.count);
        sum->all_listed = true;
        sum->method = gr_method_name(GR_METHOD_TABLE);
    }
    gr_tierdb_reader_close(&r);
    return rc;
}

int gr_engine_db_s3table(const char *dir, gr_s3table *t, uint32_t n, gr_error *err)
{
    gr_tierdb_reader r;
    int rc = gr_tierdb_reader_open(&r, dir, err);
    if (rc) return rc;
    if (r.tiers.n != 3 || r.tiers.graph)
        rc = gr_fail(err, GR_EINPUT, "%s holds %s, not three-pile sharing", dir, r.db.rules);
    else if (2 * (uint64_t)n > r.tiers.total)
        rc = gr_fail(err, GR_EINPUT, "--max %u needs totals to %llu; %s holds them to %llu", n,
                     2 * (unsigned long long)n, dir, (unsigned long long)r.tiers.total);
    if (!rc) {
        t->n = n;
        t->v = malloc(gr_s3table_index(0, n + 1) * sizeof *t->v);
        if (!t->v) rc = gr_fail_nomem(err);
    }
    for (uint32_t b = 0; !rc && b <= n; b++)
        for (uint32_t a = 0; !rc && a <= b; a++) {
            gr_pos p = {.n = 3, .p = {0, a, b}};
            rc = gr_tierdb_reader_value(&r, &p, &t->v[gr_s3table_index(a, b)], err);
        }
    if (rc) gr_s3table_free(t);
    gr_tierdb_reader_close(&r);
    return rc;
}
