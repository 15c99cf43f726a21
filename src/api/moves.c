/* The moves verb: every move from a position, its result and its value;
 * the winning ones marked. Under block / block-position the blocker's
 * strategy follows the list. */
#include "api_internal.h"
#include "grundy/block.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The list is held whole in the reply and rendered whole: its memory and
 * the time it takes are the call's limits' as much as a search's are (a
 * heap of 411 in tb:0.72u3 has 489,402 moves: 540 MB and 5 s). */
typedef struct collector {
    gr_api_reply *rep;
    const gr_game *game;
    bool only_winning;
    gr_error *err;
    const gr_limits *lim;
    double bytes;      /* the list's memory so far, with its renderings (estimate) */
    double deadline;   /* monotonic seconds: the time limit, met every CHECK_EVERY moves */
    size_t seen;       /* moves the engine handed over, listed or not (--winning) */
} collector;

#define CHECK_EVERY 256

/* One listed move's memory: its entry (twice: the array grows by doubling),
 * each heap of its result and parts (an mpz, its limbs, the allocator's
 * overhead), its words, and its share of the JSON or text rendering. With
 * tb:0.72u3's heap of 411 this gives 830 bytes a move, the measured RSS
 * over the count. */
static double move_bytes(const gr_api_move *m)
{
    double words = m->text ? (double)strlen(m->text) + 32 : 32;
    return 2.0 * sizeof *m + 48.0 * (m->parts.n + m->result.n) + 3 * words + 128;
}

/* GR_ELIMIT once the list passes the memory limit (m: the move just listed). */
static int over_memory(collector *c, const gr_api_move *m)
{
    c->bytes += move_bytes(m);
    if (c->bytes > c->lim->max_bytes)
        return gr_fail_limit(c->err, GR_KNOB_MEMORY, "listing the moves: %zu moves take about %.0f bytes, over the memory limit",
                             c->rep->nmoves, c->bytes);
    return 0;
}

/* GR_ELIMIT once the call passes the time limit (checked every CHECK_EVERY moves). */
static int over_time(collector *c)
{
    if (++c->seen % CHECK_EVERY == 0 && gr_monotonic_seconds() > c->deadline)
        return gr_fail_limit(c->err, GR_KNOB_SECONDS, "listing the moves: stopped after %zu moves at the time limit of %.3g s",
                             c->seen, c->lim->max_seconds);
    return 0;
}

/* The move as the ruleset writes it, a split with the heaps it leaves. */
static char *move_words(const collector *c, const gr_bigmove *mv, const gr_bigpos *parts)
{
    if (!mpz_fits_ulong_p(mv->amount)) return NULL;
    gr_move m = {mv->kind, mv->src, mv->dst, mpz_get_ui(mv->amount), 0};
    char text[160];
    gr_game_format_move(c->game, &m, text, sizeof text);
    gr_buf b;
    gr_buf_init(&b);
    gr_buf_puts(&b, text);
    if (mv->kind == GR_MOVE_SPLIT) {
        gr_buf_puts(&b, " into ");
        gr_buf_bigpos(&b, parts, " ");
    }
    return gr_buf_detach(&b, NULL);
}

static int collect(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    collector *c = ctx;
    gr_api_reply *rep = c->rep;
    int rc = over_time(c);
    if (rc || (c->only_winning && !winning)) return rc;
    if (!GR_GROW(rep->moves, rep->cap, rep->nmoves + 1, 16)) return gr_fail_nomem(c->err);
    gr_api_move *m = &rep->moves[rep->nmoves];
    memset(m, 0, sizeof *m);
    mpz_init_set(m->amount, mv->amount);
    mpz_init(m->value);
    gr_bigpos_init(&m->parts);
    gr_bigpos_init(&m->result);
    rep->nmoves++;
    m->kind = mv->kind;
    m->from = mv->src;
    m->to = mv->dst;
    /* the heaps a split leaves: the first takes the split heap's place, the
     * others follow the position's heaps (the engine's layout of a result) */
    if (mv->kind == GR_MOVE_SPLIT) {
        if (gr_bigpos_push(&m->parts, mv->result->p[mv->src])) return gr_fail_nomem(c->err);
        for (int i = rep->pos.n; i < mv->result->n; i++)
            if (gr_bigpos_push(&m->parts, mv->result->p[i])) return gr_fail_nomem(c->err);
    }
    if (gr_bigpos_copy(&m->result, mv->result)) return gr_fail_nomem(c->err);
    m->text = move_words(c, mv, &m->parts);
    if (mpz_fits_ulong_p(mv->amount) && !m->text) return gr_fail_nomem(c->err);
    memcpy(m->outcome, res->outcome, sizeof m->outcome);
    m->has_value = res->has_value;
    if (res->has_value) mpz_set(m->value, res->value);
    m->winning = winning;
    return over_memory(c, m);
}

static int moves_of(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err);

int gr_api_moves(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    /* the heap method and file are this call's: a kept engine forgets them */
    gr_engine_heap_source(e, req->heap_method, req->in);
    gr_engine_heap_progress(e, req->progress, req->progress_ctx);
    int rc = moves_of(e, req, rep, err);
    gr_engine_heap_source(e, GR_HEAP_AUTO, NULL);
    gr_engine_heap_progress(e, NULL, NULL);
    return rc;
}

static int moves_of(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    double start = gr_monotonic_seconds();
    int rc = gr_engine_value(e, &rep->pos, &rep->here, err);
    if (rc) return rc;
    gr_api_quotient_fill(e, rep);
    collector c = {rep, gr_engine_game(e), req->winning, err, &req->limits, 0, start + req->limits.max_seconds, 0};
    rep->winning_only = req->winning;
    rep->unit = gr_game_unit(c.game);
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    rc = gr_engine_moves(e, &rep->pos, collect, &c, &sum, err);
    if (!rc) {
        rep->all_listed = sum.all_listed;
        mpz_set(rep->total, sum.total);
        rep->moves_method = sum.method ? sum.method : "search";
    }
    gr_moves_summary_clear(&sum);
    if (!rc && (gr_outcome_is_block(&rep->outcome) || gr_outcome_is_block_position(&rep->outcome))) {
        rc = gr_engine_block_strategy(e, &rep->pos, &rep->block, err);
        rep->blocking = rc == GR_OK;
    }
    return rc;
}

/* ---- JSON ---- */

static void json_move(gr_buf *b, const gr_api_move *m, bool first)
{
    gr_buf_puts(b, first ? "\n  {" : ",\n  {");
    gr_buf_puts(b, "\"kind\":");
    gr_buf_json_string(b, m->kind == GR_MOVE_TAKE ? "take" : m->kind == GR_MOVE_TRANSFER ? "transfer" : "split");
    gr_buf_printf(b, ",\"from\":%d", m->from);
    if (m->to >= 0) gr_buf_printf(b, ",\"to\":%d", m->to);
    gr_buf_puts(b, ",\"amount\":");
    gr_buf_json_mpz(b, m->amount);
    if (m->kind == GR_MOVE_SPLIT) {
        gr_buf_puts(b, ",\"parts\":[");
        gr_buf_bigpos(b, &m->parts, ",");
        gr_buf_putc(b, ']');
    }
    gr_buf_puts(b, ",\"result\":");
    gr_buf_json_bigpos(b, &m->result);
    gr_buf_puts(b, ",\"value\":");
    if (m->has_value) gr_buf_json_mpz(b, m->value);
    else gr_buf_puts(b, "null");
    gr_buf_puts(b, ",\"outcome\":");
    gr_buf_json_string(b, m->outcome);
    gr_buf_printf(b, ",\"winning\":%s}", m->winning ? "true" : "false");
}

static void json_block(gr_buf *b, const gr_outcome *o, const gr_block_strategy *s)
{
    gr_buf_puts(b, "{\"rule\":");
    gr_buf_json_string(b, o->rule->name);
    gr_buf_printf(b, ",\"k\":%d,\"p_options\":%zu,\"forbid\":[", s->k, s->units);
    /* the blocker's necessary bans (at a P-position) */
    for (size_t j = 0; s->p && j < s->units; j++) {
        if (j) gr_buf_putc(b, ',');
        gr_buf_json_string(b, s->by_position ? s->to_p[j].key : s->to_p[j].text);
    }
    gr_buf_printf(b, "],\"mover_wins\":%s,\"all_forbidden\":%s,\"replies\":[", s->p ? "false" : "true",
                  s->all_forbidden ? "true" : "false");
    /* for k = 1: each ban that matters and the reply to it */
    for (size_t j = 0; !s->p && s->k == 1 && j < s->units; j++) {
        const gr_block_move *e = &s->to_p[j], *r = &s->to_p[gr_block_reply(j)];
        gr_buf_puts(b, j ? ",{\"forbidden\":" : "{\"forbidden\":");
        gr_buf_json_string(b, s->by_position ? e->key : e->text);
        gr_buf_puts(b, ",\"play\":");
        gr_buf_json_string(b, r->text);
        gr_buf_puts(b, ",\"result\":");
        gr_buf_json_string(b, r->result);
        gr_buf_putc(b, '}');
    }
    gr_buf_puts(b, "]}");
}

static void json_moves(gr_buf *b, const gr_api_reply *rep)
{
    gr_buf_puts(b, "{\"ruleset\":");
    gr_buf_json_string(b, rep->rules);
    gr_buf_puts(b, ",\"position\":");
    gr_buf_json_bigpos(b, &rep->pos);
    gr_buf_puts(b, ",\"outcome\":");
    gr_buf_json_string(b, rep->here.outcome);
    gr_buf_puts(b, ",\"value\":");
    if (rep->here.has_value) gr_buf_json_mpz(b, rep->here.value);
    else gr_buf_puts(b, "null");
    gr_buf_puts(b, ",\"moves\":[");
    for (size_t i = 0; i < rep->nmoves; i++) json_move(b, &rep->moves[i], i == 0);
    gr_buf_puts(b, rep->nmoves ? "\n]," : "],");
    gr_buf_printf(b, "\"listed\":\"%s\",\"total_moves\":", rep->all_listed && !rep->winning_only ? "all" : "winning");
    gr_buf_json_mpz(b, rep->total);
    gr_buf_puts(b, ",\"method\":");
    gr_buf_json_string(b, rep->moves_method);
    gr_api_quotient_json(b, rep);
    if (rep->blocking) {
        gr_buf_puts(b, ",\"blocking\":");
        json_block(b, &rep->outcome, &rep->block);
    }
    gr_buf_puts(b, "}\n");
}

/* ---- text ---- */

static void text_move(gr_buf *b, const gr_api_reply *rep, const gr_api_move *m)
{
    if (!m->text) {
        /* beyond 64 bits the ruleset cannot write the move: written here */
        gr_buf_puts(b, m->winning ? "* " : "  ");
        gr_buf_puts(b, m->kind == GR_MOVE_TRANSFER ? "move " : "take ");
        gr_buf_mpz(b, m->amount);
        if (m->kind == GR_MOVE_TRANSFER) gr_buf_printf(b, " from pile %d to pile %d  ->  ", m->from, m->to);
        else gr_buf_printf(b, " from %s %d  ->  ", rep->unit, m->from);
    } else {
        gr_buf_printf(b, "%s%-32s ->  ", m->winning ? "* " : "  ", m->text);
    }
    gr_buf_bigpos(b, &m->result, " ");
    gr_buf_printf(b, "  %s", m->outcome);
    if (m->has_value) {
        gr_buf_putc(b, ' ');
        gr_buf_mpz(b, m->value);
    }
    gr_buf_putc(b, '\n');
}

/* The text's last line: why the list is short or empty. */
static void text_tail(gr_buf *b, const gr_api_reply *rep)
{
    if (!rep->all_listed && rep->outcome.rule == &gr_outcome_players) {
        /* m players: the moves the class prescribes (one class down) */
        gr_buf_putc(b, '(');
        gr_buf_mpz(b, rep->total);
        gr_buf_printf(b, " moves in all; only prescribed moves are listed (from class A every move to the losing "
                         "class, otherwise the first move of one plan per set of piles). By %s)\n", rep->moves_method);
    } else if (!rep->all_listed && rep->blocking) {
        /* a P-position may have a move to P here: the blocker's to forbid */
        gr_buf_putc(b, '(');
        gr_buf_mpz(b, rep->total);
        gr_buf_printf(b, " moves in all; only the winning ones are listed. By %s)\n", rep->moves_method);
    } else if (rep->all_listed && rep->nmoves == 0 && !rep->winning_only) {
        gr_buf_puts(b, "  no moves: nothing can be taken, moved or split here\n");
    } else if (rep->all_listed && rep->nmoves == 0) {
        gr_buf_puts(b, "  no winning move: every move leads to an N-position\n");
    } else if (!rep->all_listed) {
        gr_buf_putc(b, '(');
        gr_buf_mpz(b, rep->total);
        gr_buf_printf(b, " moves in all; only the winning ones are listed: every other move leads to an N-position. "
                         "By %s)\n", rep->moves_method);
    }
}

static void text_block_header(gr_buf *b, const gr_outcome *o, const gr_block_strategy *s)
{
    size_t units = s->units;
    if (s->by_position)
        gr_buf_printf(b, "blocking (%s=%d): %zu distinct P-position%s among the options\n", o->rule->name, s->k, units,
                      units == 1 ? "" : "s");
    else
        gr_buf_printf(b, "blocking (%s=%d): %zu move%s to P-positions\n", o->rule->name, s->k, units,
                      units == 1 ? "" : "s");
}

/* At a P-position: what the blocker forbids. */
static void text_blocker(gr_buf *b, const gr_block_strategy *s)
{
    const char *what = s->by_position ? "positions" : "moves";
    if (s->listed && s->options == 0) {
        gr_buf_puts(b, "  no move: the mover has lost\n");
        return;
    }
    if (s->all_forbidden) {
        gr_buf_printf(b, "  blocker: forbid every %s (there are %zu <= %d); the mover cannot move and has lost\n",
                      s->by_position ? "option" : "move", s->options, s->k);
        return;
    }
    if (s->units == 0) {
        gr_buf_printf(b, "  blocker: forbid any %d %s: every move leads to an N-position\n", s->k, what);
    } else {
        gr_buf_puts(b, "  blocker: forbid ");
        for (size_t j = 0; j < s->units; j++) {
            if (j) gr_buf_puts(b, ", ");
            if (s->by_position) gr_buf_printf(b, "position (%s)", s->to_p[j].key);
            else gr_buf_printf(b, "'%s'", s->to_p[j].text);
        }
        if ((size_t)s->k > s->units) gr_buf_printf(b, " and any %zu other %s", (size_t)s->k - s->units, what);
        gr_buf_puts(b, "; every move left leads to an N-position\n");
    }
    gr_buf_puts(b, "  mover: loses whatever is forbidden\n");
}

/* At an N-position: the mover's reply to each ban. */
static void text_mover(gr_buf *b, const gr_block_strategy *s)
{
    const char *what = s->by_position ? "positions" : "moves";
    gr_buf_printf(b, "  blocker: cannot win: %zu > %d, so a move to a P-position survives any ban\n", s->units, s->k);
    if (s->k != 1) {
        gr_buf_printf(b, "  mover: whatever %d %s are forbidden, at least %zu of the %zu winning %s remain;\n"
                         "         play the first * move (in the order above) %s not forbidden\n",
                      s->k, what, s->units - (size_t)s->k, s->units, what,
                      s->by_position ? "whose result is" : "that is");
        return;
    }
    gr_buf_puts(b, "  mover, for each ban:\n");
    for (size_t j = 0; j < s->units; j++) {
        const gr_block_move *e = &s->to_p[j], *r = &s->to_p[gr_block_reply(j)];
        if (s->by_position)
            gr_buf_printf(b, "    position (%s) forbidden  ->  play '%s' (to %s)\n", e->key, r->text, r->result);
        else gr_buf_printf(b, "    '%s' forbidden  ->  play '%s' (to %s)\n", e->text, r->text, r->result);
    }
    gr_buf_printf(b, "    any other %s forbidden  ->  play '%s' (to %s)\n", s->by_position ? "position" : "move",
                  s->to_p[0].text, s->to_p[0].result);
}

static void text_moves(gr_buf *b, const gr_api_reply *rep)
{
    gr_buf_printf(b, "position %s", rep->here.outcome);
    if (rep->here.has_value) {
        gr_buf_puts(b, " value ");
        gr_buf_mpz(b, rep->here.value);
    }
    gr_buf_putc(b, '\n');
    for (size_t i = 0; i < rep->nmoves; i++) text_move(b, rep, &rep->moves[i]);
    text_tail(b, rep);
    if (rep->blocking) {
        text_block_header(b, &rep->outcome, &rep->block);
        if (rep->block.p) text_blocker(b, &rep->block);
        else text_mover(b, &rep->block);
    }
}

void gr_api_render_moves(gr_buf *b, int format, const gr_api_reply *rep)
{
    if (format == GR_API_JSON) json_moves(b, rep);
    else text_moves(b, rep);
}
