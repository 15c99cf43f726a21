/* `grundy moves` under block=k / block-position=k: the actions of both
 * players. The blocker at a P-position forbids every move to a P-position
 * (there are at most k of them; the rest of its ban is free); at an
 * N-position nothing it forbids helps. The mover at an N-position plays any
 * move to a P-position that is not forbidden: for k = 1 the report names the
 * reply to each ban. Moves come from the engine, so a closed form answers
 * positions of any size. */
#include "moves_block.h"
#include "grundy/block.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    char *text;     /* "take 3 from pile 0" */
    char *key;      /* the resulting position, canonical, as text */
    char *result;   /* the resulting position as listed */
} entry;

typedef struct entries {
    const gr_game *game;
    entry *v;
    size_t n, cap;
    size_t moves;   /* all moves seen (with multiplicity) */
    char **keys;    /* block-position: every option's key, to count distinct options */
    size_t nkeys, capkeys;
    bool keys_wanted;
    bool oom;
} entries;

bool cli_is_blocking(const gr_outcome *o)
{
    return gr_outcome_is_block(o) || gr_outcome_is_block_position(o);
}

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
    gr_text_bigpos(f, res, " ");
    fclose(f);
    return s;
}

static int add_p_move(entries *es, const gr_bigmove *mv)
{
    if (es->n == es->cap) {
        size_t cap = es->cap ? es->cap * 2 : 16;
        entry *v = realloc(es->v, cap * sizeof *v);
        if (!v) return es->oom = true, 1;
        es->v = v;
        es->cap = cap;
    }
    entry *e = &es->v[es->n];
    e->text = move_text(es->game, mv);
    e->key = position_key(es->game, mv->result);
    e->result = result_text(mv->result);
    es->n++;
    if (!e->text || !e->key || !e->result) return es->oom = true, 1;
    return 0;
}

static int collect(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)winning;
    entries *es = ctx;
    es->moves++;
    if (es->keys_wanted) {
        if (es->nkeys == es->capkeys) {
            size_t cap = es->capkeys ? es->capkeys * 2 : 64;
            char **k = realloc(es->keys, cap * sizeof *k);
            if (!k) return es->oom = true, 1;
            es->keys = k;
            es->capkeys = cap;
        }
        if (!(es->keys[es->nkeys++] = position_key(es->game, mv->result))) return es->oom = true, 1;
    }
    return strcmp(res->outcome, "P") == 0 ? add_p_move(es, mv) : 0;
}

static int collect_big(void *ctx, const gr_bigmove *mv)
{
    return add_p_move(ctx, mv);
}

static void free_entries(entries *es)
{
    for (size_t i = 0; i < es->n; i++) {
        free(es->v[i].text);
        free(es->v[i].key);
        free(es->v[i].result);
    }
    free(es->v);
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
    qsort(es->keys, es->nkeys, sizeof *es->keys, cmp_str);
    size_t m = 0;
    for (size_t i = 0; i < es->nkeys; i++) m += i == 0 || strcmp(es->keys[i - 1], es->keys[i]) != 0;
    return m;
}

/* Indices of the first move to each distinct P-position. */
static size_t distinct(const entries *es, size_t *first)
{
    size_t m = 0;
    for (size_t i = 0; i < es->n; i++) {
        size_t j = 0;
        while (j < m && strcmp(es->v[first[j]].key, es->v[i].key) != 0) j++;
        if (j == m) first[m++] = i;
    }
    return m;
}

static void text_report(FILE *out, const gr_outcome *o, const entries *es, const size_t *unit, size_t units,
                        size_t options, bool listed, bool p)
{
    bool bypos = gr_outcome_is_block_position(o);
    int k = o->param;
    const char *what = bypos ? "positions" : "moves";
    if (bypos)
        fprintf(out, "blocking (%s=%d): %zu distinct P-position%s among the options\n", o->rule->name, k, units,
                units == 1 ? "" : "s");
    else
        fprintf(out, "blocking (%s=%d): %zu move%s to P-positions\n", o->rule->name, k, units, units == 1 ? "" : "s");
    if (p) {
        if (listed && options == 0) {
            fputs("  no move: the mover has lost\n", out);
            return;
        }
        if (listed && options <= (size_t)k) {
            fprintf(out, "  blocker: forbid every %s (there are %zu <= %d); the mover cannot move and has lost\n",
                    bypos ? "option" : "move", options, k);
            return;
        }
        if (units == 0) {
            fprintf(out, "  blocker: forbid any %d %s: every move leads to an N-position\n", k, what);
        } else {
            fputs("  blocker: forbid ", out);
            for (size_t j = 0; j < units; j++) {
                const entry *e = &es->v[unit[j]];
                if (j) fputs(", ", out);
                if (bypos) fprintf(out, "position (%s)", e->key);
                else fprintf(out, "'%s'", e->text);
            }
            if ((size_t)k > units) fprintf(out, " and any %zu other %s", (size_t)k - units, what);
            fputs("; every move left leads to an N-position\n", out);
        }
        fputs("  mover: loses whatever is forbidden\n", out);
        return;
    }
    fprintf(out, "  blocker: cannot win: %zu > %d, so a move to a P-position survives any ban\n", units, k);
    if (k == 1) {
        fputs("  mover, for each ban:\n", out);
        for (size_t j = 0; j < units; j++) {
            const entry *e = &es->v[unit[j]], *r = &es->v[unit[j == 0 ? 1 : 0]];
            if (bypos) fprintf(out, "    position (%s) forbidden  ->  play '%s' (to %s)\n", e->key, r->text, r->result);
            else fprintf(out, "    '%s' forbidden  ->  play '%s' (to %s)\n", e->text, r->text, r->result);
        }
        fprintf(out, "    any other %s forbidden  ->  play '%s' (to %s)\n", bypos ? "position" : "move",
                es->v[unit[0]].text, es->v[unit[0]].result);
    } else {
        fprintf(out, "  mover: whatever %d %s are forbidden, at least %zu of the %zu winning %s remain;\n"
                     "         play the first * move (in the order above) %s not forbidden\n",
                k, what, units - (size_t)k, units, what, bypos ? "whose result is" : "that is");
    }
}

static void json_report(FILE *out, const gr_outcome *o, const entries *es, const size_t *unit, size_t units,
                        size_t options, bool listed, bool p)
{
    bool bypos = gr_outcome_is_block_position(o);
    int k = o->param;
    fputs("{\"rule\":", out);
    gr_json_string(out, o->rule->name);
    fprintf(out, ",\"k\":%d,\"p_options\":%zu,\"forbid\":[", k, units);
    /* the blocker's necessary bans (at a P-position) */
    for (size_t j = 0; p && j < units; j++) {
        if (j) fputc(',', out);
        gr_json_string(out, bypos ? es->v[unit[j]].key : es->v[unit[j]].text);
    }
    fprintf(out, "],\"mover_wins\":%s,\"all_forbidden\":%s,\"replies\":[", p ? "false" : "true",
            p && listed && options <= (size_t)k ? "true" : "false");
    /* for k = 1: each ban that matters and the reply to it */
    for (size_t j = 0; !p && k == 1 && j < units; j++) {
        const entry *e = &es->v[unit[j]], *r = &es->v[unit[j == 0 ? 1 : 0]];
        fputs(j ? ",{\"forbidden\":" : "{\"forbidden\":", out);
        gr_json_string(out, bypos ? e->key : e->text);
        fputs(",\"play\":", out);
        gr_json_string(out, r->text);
        fputs(",\"result\":", out);
        gr_json_string(out, r->result);
        fputc('}', out);
    }
    fputs("]}", out);
}

int cli_moves_block(FILE *out, int format, gr_engine *e, const gr_bigpos *pos, const gr_answer *here, gr_error *err)
{
    entries es = {.game = e->game, .keys_wanted = gr_outcome_is_block_position(&e->outcome)};
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    int rc = gr_engine_moves(e, pos, collect, &es, &sum, err);
    bool p = strcmp(here->outcome, "P") == 0;
    /* Beyond search only the closed form's winning moves come back: at a
     * P-position ask it for the move to P the blocker must forbid. */
    if (!rc && !sum.all_listed && p && gr_outcome_is_block(&e->outcome) && e->outcome.param == 1 && pos->n <= 3 &&
        strcmp(e->game->rs->name, "nim") == 0)
        rc = gr_block3_p_moves(pos, collect_big, &es);
    if (!rc && es.oom) rc = gr_fail(err, GR_EINTERNAL, "out of memory");
    size_t *unit = rc ? NULL : malloc((es.n + 1) * sizeof *unit);
    if (!rc && !unit) rc = gr_fail(err, GR_EINTERNAL, "out of memory");
    if (!rc) {
        size_t units = es.n;
        if (gr_outcome_is_block_position(&e->outcome)) units = distinct(&es, unit);
        else
            for (size_t i = 0; i < es.n; i++) unit[i] = i;
        /* beyond search (closed form) positions have more moves than any k */
        size_t options = option_units(&es, gr_outcome_is_block_position(&e->outcome));
        if (format == FMT_JSON) json_report(out, &e->outcome, &es, unit, units, options, sum.all_listed, p);
        else text_report(out, &e->outcome, &es, unit, units, options, sum.all_listed, p);
    }
    free(unit);
    free_entries(&es);
    gr_moves_summary_clear(&sum);
    return rc;
}
