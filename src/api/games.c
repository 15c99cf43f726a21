/* The games verb: the rulesets, their options and flags, how their moves
 * are written, and the outcome rules, as data from the library's
 * registries. The page reads this list (as /api/games) and knows no game of
 * its own, so everything a front end needs to offer a game and write its
 * moves is here. */
#include "api_internal.h"
#include "grundy/ruleset.h"
#include <stdlib.h>
#include <string.h>

const char *gr_api_game_flag_name(unsigned bit)
{
    static const char *const names[] = {"heaps", "loopy", "conserves-total"};
    return bit < sizeof names / sizeof names[0] ? names[bit] : NULL;
}

/* The notation `grundy play` reads for each kind of move (src/engine/play_text.c),
 * with letters a front end fills in: P the pile moved from (F for a transfer),
 * T the pile moved to, K the amount, A B ... the parts a pile becomes. */
static const char *notation_of(int kind)
{
    switch (kind) {
    case GR_MOVE_TAKE: return "P K";
    case GR_MOVE_TRANSFER: return "F T K";
    case GR_MOVE_SPLIT: return "P = A B ...";
    default: return NULL;
    }
}

/* Which kind a line of a ruleset's move_help writes: "PILE = A B" a split,
 * "FROM TO AMOUNT" (three words) a transfer, "PILE AMOUNT" a take. */
static int kind_of_help(const char *notation, size_t len)
{
    if (memchr(notation, '=', len)) return GR_MOVE_SPLIT;
    int words = 0;
    for (size_t i = 0; i < len; i++)
        if (notation[i] != ' ' && (i == 0 || notation[i - 1] == ' ')) words++;
    return words >= 3 ? GR_MOVE_TRANSFER : GR_MOVE_TAKE;
}

/* Text of at most max bytes (the longest the listing ever wrote). */
static char *cut(const char *s, size_t n, size_t max)
{
    return strndup(s, n < max ? n : max);
}

/* The kinds of move of a ruleset, one per line of its move_help ("NOTATION
 * <two or more spaces> what it does"). */
static int game_moves(gr_api_game *g, const char *help, gr_error *err)
{
    size_t lines = 1;
    for (const char *c = help; c && *c; c++) lines += *c == '\n';
    if (!help || !*help) return GR_OK;
    if (!(g->moves = calloc(lines, sizeof *g->moves))) return gr_fail_nomem(err);
    for (const char *line = help; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *gap = strstr(line, "  ");
        if (!gap || gap > line + len) gap = line + len;
        const char *say = gap;
        while (say < line + len && *say == ' ') say++;
        gr_api_game_move *m = &g->moves[g->nmoves];
        m->kind = kind_of_help(line, (size_t)(gap - line));
        m->notation = notation_of(m->kind);
        m->written = cut(line, (size_t)(gap - line), 63);
        m->summary = cut(say, (size_t)(line + len - say), 255);
        g->nmoves++;
        if (!m->written || !m->summary) return gr_fail_nomem(err);
        line = end ? end + 1 : NULL;
    }
    return GR_OK;
}

void gr_api_games_reply_free(gr_api_games_reply *g)
{
    if (!g) return;
    for (size_t i = 0; i < g->n; i++) {
        for (size_t k = 0; k < g->games[i].nmoves; k++) {
            free(g->games[i].moves[k].written);
            free(g->games[i].moves[k].summary);
        }
        free(g->games[i].moves);
    }
    free(g->games);
    free(g->rules);
    free(g);
}

int gr_api_games(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    (void)req;
    gr_api_games_reply *g = calloc(1, sizeof *g);
    if (!g) return gr_fail_nomem(err);
    rep->games = g;
    size_t n = gr_ruleset_count(), nr = gr_outcome_rule_count();
    if (!(g->games = calloc(n ? n : 1, sizeof *g->games)) || !(g->rules = calloc(nr ? nr : 1, sizeof *g->rules)))
        return gr_fail_nomem(err);
    for (size_t i = 0; i < nr; i++) g->rules[g->nrules++] = gr_outcome_rule_at(i);
    for (size_t i = 0; i < n; i++) {
        const gr_ruleset *rs = gr_ruleset_at(i);
        gr_api_game *game = &g->games[g->n++];
        game->name = rs->name;
        game->summary = rs->summary;
        game->options = rs->options;
        game->flags = rs->flags;
        game->unit = rs->unit ? rs->unit : (rs->flags & GR_RS_HEAPS) ? "heap" : "pile";
        int rc = game_moves(game, rs->move_help, err);
        if (rc) return rc;
    }
    return GR_OK;
}

/* ---- renderings ---- */

static void json_text_or_null(gr_buf *b, const char *s)
{
    if (s) gr_buf_json_string(b, s);
    else gr_buf_puts(b, "null");
}

static void json_flags(gr_buf *b, unsigned flags)
{
    gr_buf_putc(b, '[');
    int k = 0;
    for (unsigned i = 0; gr_api_game_flag_name(i); i++)
        if (flags & (1u << i)) gr_buf_printf(b, "%s\"%s\"", k++ ? "," : "", gr_api_game_flag_name(i));
    gr_buf_putc(b, ']');
}

static void json_moves(gr_buf *b, const gr_api_game *g)
{
    gr_buf_putc(b, '[');
    int n = 0;
    for (size_t k = 0; k < g->nmoves; k++) {
        const gr_api_game_move *m = &g->moves[k];
        if (!m->notation) continue;
        gr_buf_printf(b, "%s{\"kind\":\"%s\",\"notation\":\"%s\",\"written\":", n++ ? "," : "",
                      gr_api_move_kind_name(m->kind), m->notation);
        gr_buf_json_string(b, m->written);
        gr_buf_puts(b, ",\"summary\":");
        gr_buf_json_string(b, m->summary);
        gr_buf_putc(b, '}');
    }
    gr_buf_putc(b, ']');
}

/* The outcome rules, each with the key that asks for it (the command line's
 * --NAME, the API's NAME=) and the range of its number when it takes one,
 * as the registry states them (the default rule takes no key: param_min
 * -1; a rule without a number: param_max 0). */
static void json_outcome_rules(gr_buf *b, const gr_api_games_reply *g)
{
    gr_buf_putc(b, '[');
    for (size_t i = 0; i < g->nrules; i++) {
        const gr_outcome_rule *r = g->rules[i];
        gr_buf_puts(b, i ? ",{\"name\":" : "{\"name\":");
        gr_buf_json_string(b, r->name);
        gr_buf_puts(b, ",\"summary\":");
        gr_buf_json_string(b, r->summary);
        gr_buf_puts(b, ",\"flag\":");
        json_text_or_null(b, r->param_min < 0 ? NULL : r->name);
        if (r->param_max == 0) gr_buf_puts(b, ",\"number\":null}");
        else gr_buf_printf(b, ",\"number\":{\"min\":%ld,\"max\":%ld}}", (long)r->param_min, (long)r->param_max);
    }
    gr_buf_putc(b, ']');
}

void gr_api_render_games(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_games_reply *g = rep->games;
    if (!g) return;
    if (format == GR_API_JSON) {
        gr_buf_putc(b, '[');
        for (size_t i = 0; i < g->n; i++) {
            const gr_api_game *game = &g->games[i];
            gr_buf_puts(b, i ? ",{\"name\":" : "{\"name\":");
            gr_buf_json_string(b, game->name);
            gr_buf_puts(b, ",\"summary\":");
            gr_buf_json_string(b, game->summary);
            gr_buf_puts(b, ",\"options\":");
            json_text_or_null(b, game->options);
            gr_buf_puts(b, ",\"flags\":");
            json_flags(b, game->flags);
            gr_buf_puts(b, ",\"unit\":");
            gr_buf_json_string(b, game->unit);
            gr_buf_puts(b, ",\"moves\":");
            json_moves(b, game);
            gr_buf_puts(b, ",\"outcome_rules\":");
            json_outcome_rules(b, g);
            gr_buf_putc(b, '}');
        }
        gr_buf_puts(b, "]\n");
        return;
    }
    for (size_t i = 0; i < g->n; i++) {
        const gr_api_game *game = &g->games[i];
        gr_buf_printf(b, "%-12s %s\n", game->name, game->summary);
        for (const char *o = game->options; o && *o;) {
            const char *e = strchr(o, '\n');
            int len = e ? (int)(e - o) : (int)strlen(o);
            gr_buf_printf(b, "             %.*s\n", len, o);
            o = e ? e + 1 : NULL;
        }
    }
    gr_buf_puts(b, "\noutcome rules (--misere, --players M, --block K, --block-position K; normal by default):\n");
    for (size_t i = 0; i < g->nrules; i++) gr_buf_printf(b, "%-15s %s\n", g->rules[i]->name, g->rules[i]->summary);
}
