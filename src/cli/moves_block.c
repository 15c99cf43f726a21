/* `grundy moves` under block=k / block-position=k: prints the blocker's
 * strategy, which the engine works out (gr_engine_block_strategy). */
#include "moves_block.h"
#include "grundy/block.h"
#include "grundy/io.h"
#include <string.h>

bool cli_is_blocking(const gr_outcome *o)
{
    return gr_outcome_is_block(o) || gr_outcome_is_block_position(o);
}

static void text_header(FILE *out, const gr_outcome *o, const gr_block_strategy *s)
{
    size_t units = s->units;
    if (s->by_position)
        fprintf(out, "blocking (%s=%d): %zu distinct P-position%s among the options\n", o->rule->name, s->k, units,
                units == 1 ? "" : "s");
    else
        fprintf(out, "blocking (%s=%d): %zu move%s to P-positions\n", o->rule->name, s->k, units,
                units == 1 ? "" : "s");
}

/* At a P-position: what the blocker forbids. */
static void text_blocker(FILE *out, const gr_block_strategy *s)
{
    const char *what = s->by_position ? "positions" : "moves";
    if (s->listed && s->options == 0) {
        fputs("  no move: the mover has lost\n", out);
        return;
    }
    if (s->all_forbidden) {
        fprintf(out, "  blocker: forbid every %s (there are %zu <= %d); the mover cannot move and has lost\n",
                s->by_position ? "option" : "move", s->options, s->k);
        return;
    }
    if (s->units == 0) {
        fprintf(out, "  blocker: forbid any %d %s: every move leads to an N-position\n", s->k, what);
    } else {
        fputs("  blocker: forbid ", out);
        for (size_t j = 0; j < s->units; j++) {
            if (j) fputs(", ", out);
            if (s->by_position) fprintf(out, "position (%s)", s->to_p[j].key);
            else fprintf(out, "'%s'", s->to_p[j].text);
        }
        if ((size_t)s->k > s->units) fprintf(out, " and any %zu other %s", (size_t)s->k - s->units, what);
        fputs("; every move left leads to an N-position\n", out);
    }
    fputs("  mover: loses whatever is forbidden\n", out);
}

/* At an N-position: the mover's reply to each ban. */
static void text_mover(FILE *out, const gr_block_strategy *s)
{
    const char *what = s->by_position ? "positions" : "moves";
    fprintf(out, "  blocker: cannot win: %zu > %d, so a move to a P-position survives any ban\n", s->units, s->k);
    if (s->k != 1) {
        fprintf(out, "  mover: whatever %d %s are forbidden, at least %zu of the %zu winning %s remain;\n"
                     "         play the first * move (in the order above) %s not forbidden\n",
                s->k, what, s->units - (size_t)s->k, s->units, what, s->by_position ? "whose result is" : "that is");
        return;
    }
    fputs("  mover, for each ban:\n", out);
    for (size_t j = 0; j < s->units; j++) {
        const gr_block_move *e = &s->to_p[j], *r = &s->to_p[gr_block_reply(j)];
        if (s->by_position) fprintf(out, "    position (%s) forbidden  ->  play '%s' (to %s)\n", e->key, r->text, r->result);
        else fprintf(out, "    '%s' forbidden  ->  play '%s' (to %s)\n", e->text, r->text, r->result);
    }
    fprintf(out, "    any other %s forbidden  ->  play '%s' (to %s)\n", s->by_position ? "position" : "move",
            s->to_p[0].text, s->to_p[0].result);
}

static void json_report(FILE *out, const gr_outcome *o, const gr_block_strategy *s)
{
    fputs("{\"rule\":", out);
    gr_json_string(out, o->rule->name);
    fprintf(out, ",\"k\":%d,\"p_options\":%zu,\"forbid\":[", s->k, s->units);
    /* the blocker's necessary bans (at a P-position) */
    for (size_t j = 0; s->p && j < s->units; j++) {
        if (j) fputc(',', out);
        gr_json_string(out, s->by_position ? s->to_p[j].key : s->to_p[j].text);
    }
    fprintf(out, "],\"mover_wins\":%s,\"all_forbidden\":%s,\"replies\":[", s->p ? "false" : "true",
            s->all_forbidden ? "true" : "false");
    /* for k = 1: each ban that matters and the reply to it */
    for (size_t j = 0; !s->p && s->k == 1 && j < s->units; j++) {
        const gr_block_move *e = &s->to_p[j], *r = &s->to_p[gr_block_reply(j)];
        fputs(j ? ",{\"forbidden\":" : "{\"forbidden\":", out);
        gr_json_string(out, s->by_position ? e->key : e->text);
        fputs(",\"play\":", out);
        gr_json_string(out, r->text);
        fputs(",\"result\":", out);
        gr_json_string(out, r->result);
        fputc('}', out);
    }
    fputs("]}", out);
}

int cli_moves_block(FILE *out, int format, gr_engine *e, const gr_bigpos *pos, gr_error *err)
{
    gr_block_strategy s;
    int rc = gr_engine_block_strategy(e, pos, &s, err);
    if (rc) return rc;
    if (format == FMT_JSON) {
        json_report(out, gr_engine_outcome(e), &s);
    } else {
        text_header(out, gr_engine_outcome(e), &s);
        if (s.p) text_blocker(out, &s);
        else text_mover(out, &s);
    }
    gr_block_strategy_clear(&s);
    return GR_OK;
}
