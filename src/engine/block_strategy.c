/* The blocker's strategy under block=k / block-position=k (seed 003): the
 * moves to P-positions, which are the blocker's bans at a P-position and the
 * mover's candidates at an N-position. Every front end (`grundy moves
 * --block`, the Python module, the page) reads it from here. */
#include "engine_internal.h"
#include "grundy/block.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

typedef struct entries {
    const gr_game *game;
    gr_block_move *v;
    size_t n, cap;
    size_t moves;   /* all moves seen (with multiplicity) */
    char **keys;    /* block-position: every option's key, to count distinct options */
    size_t nkeys, capkeys;
    bool keys_wanted;
    bool oom;
} entries;

static char *move_text(const gr_game *g, const gr_bigmove *mv)
{
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    if (!f) return NULL;
    if (mpz_fits_ulong_p(mv->amount)) {
        char buf[160];
        gr_move m = {mv->kind, mv->src, mv->dst, mpz_get_ui(mv->amount), 0};
        gr_game_format_move(g, &m, buf, sizeof buf);
        fputs(buf, f);
    } else {
        fputs(mv->kind == GR_MOVE_TRANSFER ? "move " : "take ", f);
        mpz_out_str(f, 10, mv->amount);
        if (mv->kind == GR_MOVE_TRANSFER) fprintf(f, " from pile %d to pile %d", mv->src, mv->dst);
        else fprintf(f, " from pile %d", mv->src);
    }
    fclose(f);
    return s;
}

static int cmp_mpz(const void *a, const void *b)
{
    return mpz_cmp(*(mpz_srcptr const *)a, *(mpz_srcptr const *)b);
}

/* Equal keys exactly for equal positions: the ruleset's canonical form where
 * the position fits search; beyond it (only Nim's closed form lists such
 * moves) Nim's form, empty piles dropped and sizes sorted. */
static char *position_key(const gr_game *g, const gr_bigpos *res)
{
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    if (!f) return NULL;
    gr_pos small;
    if (gr_bigpos_to_pos(res, &small)) {
        gr_game_canonical(g, &small);
        gr_pos_print(f, &small, " ");
    } else {
        mpz_srcptr v[GR_MAX_PILES];
        int n = 0;
        for (int i = 0; i < res->n && n < GR_MAX_PILES; i++)
            if (mpz_sgn(res->p[i])) v[n++] = res->p[i];
        qsort(v, (size_t)n, sizeof v[0], cmp_mpz);
        for (int i = 0; i < n; i++) {
            if (i) fputc(' ', f);
            mpz_out_str(f, 10, v[i]);
        }
    }
    fclose(f);
    return s;
}

static char *result_text(const gr_bigpos *res)
{
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    if (!f) return NULL;
    for (int i = 0; i < res->n; i++) {
        if (i) fputc(' ', f);
        mpz_out_str(f, 10, res->p[i]);
    }
    fclose(f);
    return s;
}

static int add_p_move(entries *es, const gr_bigmove *mv)
{
    if (!GR_GROW(es->v, es->cap, es->n + 1, 16)) return es->oom = true, 1;
    gr_block_move *e = &es->v[es->n];
    e->text = move_text(es->game, mv);
    e->key = position_key(es->game, mv->result);
    e->result = result_text(mv->result);
    es->n++;
    if (!e->text || !e->key || !e->result) return es->oom = true, 1;
    return 0;
}

static int add_key(entries *es, const gr_bigpos *result)
{
    if (!GR_GROW(es->keys, es->capkeys, es->nkeys + 1, 64)) return es->oom = true, 1;
    if (!(es->keys[es->nkeys++] = position_key(es->game, result))) return es->oom = true, 1;
    return 0;
}

static int collect(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)winning;
    entries *es = ctx;
    es->moves++;
    if (es->keys_wanted && add_key(es, mv->result)) return 1;
    return res->score == 0 ? add_p_move(es, mv) : 0;   /* P: score 0 under every blocking rule */
}

static int collect_big(void *ctx, const gr_bigmove *mv)
{
    return add_p_move(ctx, mv);
}

static void free_move(gr_block_move *m)
{
    free(m->text);
    free(m->key);
    free(m->result);
}

static void free_keys(entries *es)
{
    for (size_t i = 0; i < es->nkeys; i++) free(es->keys[i]);
    free(es->keys);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Distinct options (block-position) or moves (block): the units a ban counts. */
static size_t option_units(entries *es, bool bypos)
{
    if (!bypos) return es->moves;
    if (es->nkeys == 0) return 0; /* no option: qsort must not see a NULL array */
    qsort(es->keys, es->nkeys, sizeof *es->keys, cmp_str);
    size_t m = 0;
    for (size_t i = 0; i < es->nkeys; i++) m += i == 0 || strcmp(es->keys[i - 1], es->keys[i]) != 0;
    return m;
}

/* Block-position: keeps the first move to each distinct P-position, in the
 * order found, and frees the others. */
static void keep_distinct(entries *es)
{
    size_t m = 0;
    for (size_t i = 0; i < es->n; i++) {
        size_t j = 0;
        while (j < m && strcmp(es->v[j].key, es->v[i].key) != 0) j++;
        if (j == m) es->v[m++] = es->v[i];
        else free_move(&es->v[i]);
    }
    es->n = m;
}

/* Every move with its result's outcome; beyond search only the closed form's
 * winning moves come back, so at a P-position the closed form is asked for
 * the move to P the blocker must forbid. */
static int gather(gr_engine *e, const gr_bigpos *pos, bool p, entries *es, bool *listed, gr_error *err)
{
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    int rc = gr_engine_moves(e, pos, collect, es, &sum, err);
    if (!rc && !sum.all_listed && p && gr_outcome_is_block(&e->outcome) && e->outcome.param == 1 && pos->n <= 3 &&
        gr_game_family(e->game, NULL) == GR_FAMILY_NIM)
        rc = gr_block3_p_moves(pos, collect_big, es, err);
    *listed = sum.all_listed;
    gr_moves_summary_clear(&sum);
    if (es->oom) rc = gr_fail_nomem(err);
    return rc;
}

int gr_engine_block_strategy(gr_engine *e, const gr_bigpos *pos, gr_block_strategy *s, gr_error *err)
{
    bool bypos = gr_outcome_is_block_position(&e->outcome);
    memset(s, 0, sizeof *s);
    s->k = e->outcome.param;
    s->by_position = bypos;
    if (!bypos && !gr_outcome_is_block(&e->outcome))
        return gr_fail(err, GR_EINPUT, "the blocker's strategy needs block=k or block-position=k");
    gr_answer here;
    gr_answer_init(&here);
    int rc = gr_engine_value(e, pos, &here, err);
    s->p = !rc && here.score == 0;
    gr_answer_clear(&here);
    entries es = {.game = e->game, .keys_wanted = bypos};
    if (!rc) rc = gather(e, pos, s->p, &es, &s->listed, err);
    if (!rc) {
        if (bypos) keep_distinct(&es);
        /* beyond search (closed form) positions have more moves than any k */
        s->options = option_units(&es, bypos);
        s->all_forbidden = s->p && s->listed && s->options <= (size_t)s->k;
    }
    s->to_p = es.v;
    s->units = es.n;
    free_keys(&es);
    if (rc) gr_block_strategy_clear(s);
    return rc;
}

void gr_block_strategy_clear(gr_block_strategy *s)
{
    for (size_t i = 0; i < s->units; i++) free_move(&s->to_p[i]);
    free(s->to_p);
    s->to_p = NULL;
    s->units = 0;
}
