/* The play verb: a person against perfect play (grundy/api.h's play
 * section). The game itself is src/engine/play.c's; here are the seats, the
 * commands a line may hold, the computer's turns and the reply each line
 * gets, as data, and its JSON rendering (the one `grundy play --script`, the
 * served page and /api/play share). */
#include "api_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_api_play_session {
    gr_game game;              /* parsed for the session, unless borrowed */
    bool own_game, own_play;
    gr_play *pl;
    bool *person;              /* per seat: a person sits there (else the computer) */
    int people;
    bool hints;
    char seats_line[256];
    size_t step_from;          /* the first move the next reply reports */
    bool changed;              /* the computer played since the last reply */
};

const char *gr_api_move_kind_name(int kind)
{
    static const char *const kinds[] = {"?", "take", "transfer", "split"};
    return kinds[kind >= GR_MOVE_TAKE && kind <= GR_MOVE_SPLIT ? kind : 0];
}

/* ---- replies ---- */

static void move_init(gr_api_play_move *m)
{
    memset(m, 0, sizeof *m);
    mpz_init(m->amount);
    gr_bigpos_init(&m->parts);
    gr_bigpos_init(&m->after);
    m->to = -1;
}

static void move_clear(gr_api_play_move *m)
{
    mpz_clear(m->amount);
    gr_bigpos_clear(&m->parts);
    gr_bigpos_clear(&m->after);
    free(m->notation);
    free(m->text);
    memset(m, 0, sizeof *m);
}

void gr_api_play_reply_init(gr_api_play_reply *r)
{
    memset(r, 0, sizeof *r);
    gr_bigpos_init(&r->position);
    move_init(&r->hint);
    r->winning = -1;
    r->blocker = -1;
    r->loser = -1;
}

void gr_api_play_reply_clear(gr_api_play_reply *r)
{
    for (size_t i = 0; i < r->nmoves; i++) move_clear(&r->moves[i]);
    for (size_t i = 0; i < r->nbans; i++) move_clear(&r->bans[i]);
    free(r->moves);
    free(r->bans);
    free(r->error);
    free(r->hint_why);
    move_clear(&r->hint);
    gr_bigpos_clear(&r->position);
    gr_api_play_reply_init(r);
}

static int move_fill(gr_api_play_move *m, const gr_play_move *mv, gr_error *err)
{
    m->kind = mv->kind;
    m->from = mv->src;
    m->to = mv->kind == GR_MOVE_TRANSFER ? mv->dst : -1;
    mpz_set(m->amount, mv->amount);
    if (mv->kind == GR_MOVE_SPLIT) {
        for (int j = 0; j < mv->nparts; j++)
            if (gr_bigpos_push(&m->parts, mv->part[j])) return gr_fail_nomem(err);
    }
    m->notation = gr_play_move_notation(mv);
    m->text = gr_play_move_words(mv);
    return m->notation && m->text ? GR_OK : gr_fail_nomem(err);
}

/* The position move i of the line of play led to. */
static const gr_bigpos *after_move(gr_play *pl, size_t i)
{
    return i + 1 < gr_play_nmoves(pl) ? gr_play_before(pl, i + 1) : gr_play_position(pl);
}

static int moves_fill(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err)
{
    size_t from = s->step_from, to = gr_play_nmoves(s->pl);
    if (to <= from) return GR_OK;
    if (!(r->moves = calloc(to - from, sizeof *r->moves))) return gr_fail_nomem(err);
    for (size_t i = from; i < to; i++) {
        gr_api_play_move *m = &r->moves[r->nmoves++];
        move_init(m);
        m->seat = (int)(i % (size_t)gr_play_seats(s->pl));
        m->by_person = s->person[m->seat];
        int rc = move_fill(m, gr_play_move_at(s->pl, i), err);
        if (!rc && gr_bigpos_copy(&m->after, after_move(s->pl, i))) rc = gr_fail_nomem(err);
        if (rc) return rc;
    }
    return GR_OK;
}

static int bans_fill(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err)
{
    r->block = gr_play_block(s->pl, &r->ban_positions);
    if (!r->block) return GR_OK;
    size_t nb;
    const gr_play_move *b = gr_play_bans(s->pl, &nb);
    if (nb && !(r->bans = calloc(nb, sizeof *r->bans))) return gr_fail_nomem(err);
    for (size_t i = 0; i < nb; i++) {
        move_init(&r->bans[r->nbans++]);
        int rc = move_fill(&r->bans[i], &b[i], err);
        if (rc) return rc;
    }
    return GR_OK;
}

/* Whether the person to move is winning (--hints): -1 when the engine
 * cannot say. */
static int winning_now(gr_api_play_session *s)
{
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_error err;
    gr_error_clear(&err);
    int w = gr_play_best(s->pl, &c, &err) ? -1 : c.winning;
    gr_play_choice_clear(&c);
    return w;
}

/* The reply's state after the line: where the game stands, the moves made
 * since the previous reply. r->kind, error, reason, hint are the caller's. */
static int report(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err)
{
    gr_play_state st;
    int rc = gr_play_state_get(s->pl, &st, err);
    if (rc) return rc;
    bool person_next = !st.over && !st.banning && s->person[st.to_move];
    if (r->winning < 0 && s->hints && person_next) r->winning = winning_now(s);
    if ((rc = moves_fill(s, r, err)) || (rc = bans_fill(s, r, err))) return rc;
    if (gr_bigpos_copy(&r->position, gr_play_position(s->pl))) return gr_fail_nomem(err);
    r->turn = gr_play_nmoves(s->pl);
    r->seats = gr_play_seats(s->pl);
    r->to_move = st.to_move;
    r->to_move_person = s->person[st.to_move];
    memcpy(r->outcome, st.outcome, sizeof r->outcome);
    r->banning = st.banning;
    r->blocker = st.blocker;
    r->over = st.over;
    r->loser = st.over ? st.loser : -1;
    if (r->kind && strcmp(r->kind, "help") == 0) r->help = gr_play_game(s->pl)->rs->move_help;
    r->changed = s->changed;
    s->changed = false;
    s->step_from = gr_play_nmoves(s->pl);
    return GR_OK;
}

static int refuse(gr_api_play_session *s, gr_api_play_reply *r, const char *kind, const char *msg, gr_error *err)
{
    r->kind = kind;
    if (!(r->error = strdup(msg))) return gr_fail_nomem(err);
    return report(s, r, err);
}

/* ---- seats ---- */

static int parse_seats(gr_api_play_session *s, const gr_api_request *req, gr_error *err)
{
    int m = gr_play_seats(s->pl);
    char key[32];
    if (!(s->person = calloc((size_t)m, sizeof *s->person))) return gr_fail_nomem(err);
    if (req->seats) {
        const char *v = req->seats, *name = gr_api_key_name(req->front, "seats", key, sizeof key);
        const char *sep = gr_api_key_sep(req->front);
        int k = 0;
        while (*v) {
            const char *e = strchr(v, ',');
            size_t len = e ? (size_t)(e - v) : strlen(v);
            if (k == m) return gr_fail(err, GR_EINPUT, "%s%s%s: this game has %d seats", name, sep, req->seats, m);
            if ((len == 2 && !strncmp(v, "me", 2)) || (len == 6 && !strncmp(v, "person", 6))) s->person[k++] = true;
            else if (len == 8 && !strncmp(v, "computer", 8)) s->person[k++] = false;
            else return gr_fail(err, GR_EINPUT, "%s: '%.*s' is neither me nor computer", name, (int)len, v);
            v = e ? e + 1 : v + len;
        }
        if (k != m) return gr_fail(err, GR_EINPUT, "%s%s%s: this game has %d seats", name, sep, req->seats, m);
    } else {
        for (int i = 0; i < m; i++) s->person[i] = i == req->first;
    }
    size_t len = 0;
    s->people = 0;
    for (int i = 0; i < m; i++) {
        s->people += s->person[i];
        len += (size_t)snprintf(s->seats_line + len, sizeof s->seats_line - len, "%s%s", i ? " " : "",
                                s->person[i] ? "me" : "computer");
        if (len >= sizeof s->seats_line) return gr_fail(err, GR_EINPUT, "too many seats");
    }
    return GR_OK;
}

/* ---- the computer's turns ---- */

static size_t bans_now(gr_play *pl)
{
    size_t n;
    gr_play_bans(pl, &n);
    return n;
}

/* Plays the computer's seats until a person has to act: move, or (block=k)
 * forbid moves of the computer. */
static int computer_turns(gr_api_play_session *s, gr_error *err)
{
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_play_state st;
    int rc;
    while (!(rc = gr_play_state_get(s->pl, &st, err)) && !st.over) {
        if (st.banning) {
            if (s->person[st.blocker]) break;
            size_t before = bans_now(s->pl);
            if ((rc = gr_play_auto_ban(s->pl, err)) || bans_now(s->pl) == before) break;
            continue;
        }
        if (s->person[st.to_move]) break;
        if ((rc = gr_play_best(s->pl, &c, err)) || !c.found) break;
        if ((rc = gr_play_make(s->pl, &c.move, err))) break;
    }
    gr_play_choice_clear(&c);
    s->changed = true;
    return rc;
}

/* ---- the session ---- */

/* A play of its own. With a misere quotient its engine answers by the
 * quotient, and with a stored sequence file (a server's --seqs) by the
 * file, which must be in before the start is checked (the start may be
 * beyond search): the play begins on one empty heap, takes the quotient or
 * the file, then moves to the request's start. */
static gr_play *play_new(const gr_game *game, const gr_api_request *req, gr_engine *quot_of, gr_error *err)
{
    if (!req->quotient && !req->in) return gr_play_new(game, &req->outcome, &req->limits, &req->pos, err);
    gr_bigpos empty;
    gr_bigpos_init(&empty);
    int rc = gr_bigpos_parse(&empty, "0", err);
    gr_play *pl = rc ? NULL : gr_play_new(game, &req->outcome, &req->limits, &empty, err);
    gr_bigpos_clear(&empty);
    if (pl && req->in) gr_engine_heap_source(gr_play_engine(pl), req->heap_method, req->in);
    /* the leased engine's quotient when it holds the file's: not loaded again */
    if (pl && req->quotient)
        rc = quot_of ? gr_engine_share_quotient(gr_play_engine(pl), quot_of, err)
                     : gr_engine_use_quotient(gr_play_engine(pl), req->quotient, err);
    if (pl && !rc) rc = gr_play_set_start(pl, &req->pos, err);
    if (pl && rc) {
        gr_play_free(pl);
        pl = NULL;
    }
    return pl;
}

/* A session on `pl` (borrowed; NULL: a play of its own, on `game` when
 * given, else on the request's ruleset parsed here). */
static gr_api_play_session *open_on(const gr_api_request *req, const gr_game *game, gr_play *pl, gr_engine *quot_of,
                                    gr_error *err)
{
    gr_api_play_session *s = calloc(1, sizeof *s);
    if (!s) {
        gr_fail_nomem(err);
        return NULL;
    }
    s->hints = req->hints;
    int rc = GR_OK;
    if (!pl && !game) {
        if ((rc = gr_game_parse(&s->game, req->rules, err))) {
            free(s);
            return NULL;
        }
        s->own_game = true;
        game = &s->game;
    }
    s->own_play = !pl;
    s->pl = pl ? pl : play_new(game, req, quot_of, err);
    rc = s->pl ? parse_seats(s, req, err) : err->code;
    if (rc) {
        gr_api_play_close(s);
        return NULL;
    }
    return s;
}

gr_api_play_session *gr_api_play_open(const gr_api_request *req, gr_error *err)
{
    return open_on(req, NULL, NULL, NULL, err);
}

void gr_api_play_close(gr_api_play_session *s)
{
    if (!s) return;
    if (s->own_play) gr_play_free(s->pl);
    if (s->own_game) gr_game_release(&s->game);
    free(s->person);
    free(s);
}

gr_play *gr_api_play_game(gr_api_play_session *s) { return s->pl; }
bool gr_api_play_is_person(const gr_api_play_session *s, int seat) { return s->person[seat]; }
const char *gr_api_play_seats_line(const gr_api_play_session *s) { return s->seats_line; }

int gr_api_play_start(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err)
{
    s->step_from = 0;
    r->kind = "start";
    int rc = computer_turns(s, err);
    return rc ? rc : report(s, r, err);
}

int gr_api_play_report(gr_api_play_session *s, const char *kind, const char *reason, gr_api_play_reply *r,
                       gr_error *err)
{
    r->kind = kind;
    r->reason = reason;
    return report(s, r, err);
}

int gr_api_play_apply(gr_api_play_session *s, const char *text, bool ban, gr_error *err)
{
    gr_play_move mv;
    gr_play_move_init(&mv);
    int rc = gr_play_parse_move(s->pl, text, &mv, err);
    if (!rc) rc = ban ? gr_play_ban(s->pl, &mv, err) : gr_play_make(s->pl, &mv, err);
    gr_play_move_clear(&mv);
    if (!rc) s->changed = true;
    return rc;
}

static bool any_person_move(const gr_api_play_session *s)
{
    for (size_t i = 0; i < gr_play_nmoves(s->pl); i++)
        if (s->person[i % (size_t)gr_play_seats(s->pl)]) return true;
    return false;
}

static int do_undo(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err)
{
    if (!any_person_move(s)) return refuse(s, r, "undo", "nothing to undo", err);
    r->kind = "undo";
    while (gr_play_nmoves(s->pl)) {
        size_t i = gr_play_nmoves(s->pl) - 1;
        gr_play_undo(s->pl, 1);
        if (s->person[i % (size_t)gr_play_seats(s->pl)]) break;
    }
    s->step_from = gr_play_nmoves(s->pl);
    int rc = computer_turns(s, err);
    return rc ? rc : report(s, r, err);
}

static int do_hint(gr_api_play_session *s, gr_api_play_reply *r, const gr_play_state *st, gr_error *err)
{
    if (st->over || st->banning)
        return refuse(s, r, "hint", st->over ? "the game is over" : "hints are for moves; now forbid moves of the computer",
                      err);
    r->kind = "hint";
    gr_play_choice c;
    gr_play_choice_init(&c);
    int rc = gr_play_best(s->pl, &c, err);
    if (!rc) {
        r->has_hint = true;
        r->hint_found = c.found;
        r->hint_winning = c.winning;
        r->hint_prescribed = c.prescribed;
        r->hint_length = c.length;
        r->winning = c.winning;
        if (c.found) rc = move_fill(&r->hint, &c.move, err);
        if (!rc && !(r->hint_why = gr_play_explain(s->pl, &c))) rc = gr_fail_nomem(err);
    }
    gr_play_choice_clear(&c);
    return rc ? rc : report(s, r, err);
}

/* A move, or while the person is the blocker a move to forbid. */
static int do_move(gr_api_play_session *s, const char *text, gr_api_play_reply *r, const gr_play_state *st,
                   gr_error *err)
{
    gr_error bad;
    gr_error_clear(&bad);
    if (gr_api_play_apply(s, text, st->banning, &bad)) return refuse(s, r, "error", bad.msg, err);
    r->kind = st->banning ? "ban" : "move";
    int rc = computer_turns(s, err);
    return rc ? rc : report(s, r, err);
}

int gr_api_play_line(gr_api_play_session *s, const char *line, gr_api_play_reply *r, gr_error *err)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t len = strlen(line);
    while (len && strchr(" \t\r\n", line[len - 1])) len--;
    if (len == 0) return 2;
    char *buf = malloc(len + 1);
    if (!buf) return gr_fail_nomem(err);
    memcpy(buf, line, len);
    buf[len] = '\0';
    const char *t = buf;
    int rc;
    gr_play_state st;
    if (!strcmp(t, "quit") || !strcmp(t, "exit") || !strcmp(t, "q")) {
        rc = gr_api_play_report(s, "quit", "quit", r, err);
        if (!rc) rc = 1;
    } else if (!strcmp(t, "help") || !strcmp(t, "?") || !strcmp(t, "show")) {
        rc = gr_api_play_report(s, t[0] == 's' ? "show" : "help", NULL, r, err);
    } else if (!strcmp(t, "restart")) {
        gr_play_restart(s->pl);
        s->step_from = 0;
        r->kind = "restart";
        rc = computer_turns(s, err);
        if (!rc) rc = report(s, r, err);
    } else if (!strcmp(t, "undo")) {
        rc = do_undo(s, r, err);
    } else if ((rc = gr_play_state_get(s->pl, &st, err))) {
        /* the engine failed */
    } else if (!strcmp(t, "hint")) {
        rc = do_hint(s, r, &st, err);
    } else if (st.over) {
        rc = refuse(s, r, "error", "the game is over: undo, restart or quit", err);
    } else {
        bool ban_word = !strncmp(t, "ban ", 4) || !strncmp(t, "forbid ", 7);
        if (ban_word) t += t[0] == 'b' ? 4 : 7;
        if (ban_word && !st.banning)
            rc = refuse(s, r, "error",
                        gr_play_block(s->pl, NULL) ? "nothing to forbid now: it is a move's turn"
                                                   : "no moves are forbidden under this rule",
                        err);
        else
            rc = do_move(s, t, r, &st, err);
    }
    free(buf);
    return rc;
}

/* ---- the verb: a request's input in one call ---- */

/* The request's input, line by line, on a session. */
static int play_input(gr_api_play_session *s, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_play_reply next;
    gr_api_play_reply_init(&next);
    int rc = gr_api_play_start(s, rep->play, err);
    for (const char *line = req->input; !rc && line && *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        char *one = strndup(line, n);
        if (!one) {
            rc = gr_fail_nomem(err);
            break;
        }
        rc = gr_api_play_line(s, one, &next, err);
        free(one);
        line += n + (nl != NULL);
        if (rc == 2) { /* an empty line: no reply */
            rc = GR_OK;
            continue;
        }
        if (rc == 1) { /* quit: the reply before it stands */
            rc = GR_OK;
            break;
        }
        if (rc) break;
        gr_api_play_reply t = *rep->play;
        *rep->play = next;
        next = t;
        gr_api_play_reply_clear(&next);
        if (rep->play->error) break; /* the first line refused is the answer */
    }
    gr_api_play_reply_clear(&next);
    return rc;
}

int gr_api_play(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    /* a play makes its own engine, kept by the play; a saved quotient is e's */
    if (!(rep->play = malloc(sizeof *rep->play))) return gr_fail_nomem(err);
    gr_api_play_reply_init(rep->play);
    gr_api_play_session *s = open_on(req, NULL, NULL, req->quotient ? e : NULL, err);
    if (!s) return err->code ? err->code : GR_EINTERNAL;
    int rc = play_input(s, req, rep, err);
    gr_api_play_close(s);
    return rc;
}

/* A kept play serves this many calls, then a fresh one takes over: its
 * length table grows by at most a call's tree each time (the server's
 * in-process calls: 20,000 positions), so it stays far below the length
 * search's own cap, which would change the answers, and a few megabytes. */
enum { KEPT_PLAY_USES = 8 };

int gr_api_play_leased(gr_api_lease *l, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_kept_play *k = l->kept;
    if (!k) return gr_api_play(l->engine, req, rep, err);
    if (!(rep->play = malloc(sizeof *rep->play))) return gr_fail_nomem(err);
    gr_api_play_reply_init(rep->play);
    if (k->play && (k->uses >= KEPT_PLAY_USES || gr_play_set_start(k->play, &req->pos, err) != GR_OK)) {
        gr_play_free(k->play);
        k->play = NULL;
    }
    if (!k->play) {
        gr_error_clear(err);
        k->uses = 0;
        if (!(k->play = gr_play_new(l->game, &req->outcome, &req->limits, &req->pos, err)))
            return err->code ? err->code : GR_EINTERNAL;
    }
    k->uses++;
    gr_api_play_session *s = open_on(req, l->game, k->play, NULL, err);
    if (!s) return err->code ? err->code : GR_EINTERNAL;
    int rc = play_input(s, req, rep, err);
    gr_api_play_close(s);
    return rc;
}

bool gr_api_reply_refused(const gr_api_reply *rep)
{
    return rep->play && rep->play->error;
}

/* ---- JSON ---- */

static void json_move_fields(gr_buf *b, const gr_api_play_move *m)
{
    gr_buf_printf(b, "\"kind\":\"%s\",\"from\":%d", gr_api_move_kind_name(m->kind), m->from);
    if (m->kind == GR_MOVE_TRANSFER) gr_buf_printf(b, ",\"to\":%d", m->to);
    gr_buf_puts(b, ",\"amount\":");
    gr_buf_json_mpz(b, m->amount);
    if (m->kind == GR_MOVE_SPLIT) {
        gr_buf_puts(b, ",\"parts\":");
        gr_buf_json_bigpos(b, &m->parts);
    }
    gr_buf_puts(b, ",\"notation\":");
    gr_buf_json_string(b, m->notation ? m->notation : "");
    gr_buf_puts(b, ",\"text\":");
    gr_buf_json_string(b, m->text ? m->text : "");
}

static void json_choice(gr_buf *b, const gr_api_play_move *m)
{
    gr_buf_putc(b, '{');
    json_move_fields(b, m);
    gr_buf_putc(b, '}');
}

static const char *by(bool person) { return person ? "person" : "computer"; }

void gr_api_play_render_json(gr_buf *b, const gr_api_play_reply *r)
{
    gr_buf_printf(b, "{\"reply\":\"%s\",\"ok\":%s", r->kind, r->error ? "false" : "true");
    if (r->error) {
        gr_buf_puts(b, ",\"error\":");
        gr_buf_json_string(b, r->error);
    }
    if (r->reason) {
        gr_buf_puts(b, ",\"reason\":");
        gr_buf_json_string(b, r->reason);
    }
    gr_buf_puts(b, ",\"moves\":[");
    for (size_t i = 0; i < r->nmoves; i++) {
        const gr_api_play_move *m = &r->moves[i];
        if (i) gr_buf_putc(b, ',');
        gr_buf_printf(b, "{\"seat\":%d,\"by\":\"%s\",", m->seat, by(m->by_person));
        json_move_fields(b, m);
        gr_buf_puts(b, ",\"position\":");
        gr_buf_json_bigpos(b, &m->after);
        gr_buf_putc(b, '}');
    }
    gr_buf_puts(b, "],\"position\":");
    gr_buf_json_bigpos(b, &r->position);
    gr_buf_printf(b, ",\"turn\":%zu,\"to_move\":%d,\"by\":\"%s\",\"outcome\":", r->turn, r->to_move,
                  by(r->to_move_person));
    gr_buf_json_string(b, r->outcome);
    if (r->winning >= 0) gr_buf_printf(b, ",\"winning\":%s", r->winning ? "true" : "false");
    if (r->block) {
        gr_buf_printf(b, ",\"phase\":\"%s\",\"blocker\":%d,\"bans\":[", r->banning ? "ban" : "move", r->blocker);
        for (size_t i = 0; i < r->nbans; i++) {
            if (i) gr_buf_putc(b, ',');
            json_choice(b, &r->bans[i]);
        }
        gr_buf_putc(b, ']');
    }
    gr_buf_printf(b, ",\"over\":%s,\"loser\":", r->over ? "true" : "false");
    if (r->over) gr_buf_printf(b, "%d", r->loser);
    else gr_buf_puts(b, "null");
    gr_buf_puts(b, ",\"winner\":");
    if (r->over && r->seats == 2) gr_buf_printf(b, "%d", 1 - r->loser);
    else gr_buf_puts(b, "null");
    if (r->has_hint) {
        gr_buf_puts(b, ",\"hint\":{\"move\":");
        if (r->hint_found) json_choice(b, &r->hint);
        else gr_buf_puts(b, "null");
        gr_buf_printf(b, ",\"winning\":%s,\"winning_moves\":", r->hint_winning ? "true" : "false");
        if (r->hint_prescribed >= 0) gr_buf_printf(b, "%ld", r->hint_prescribed);
        else gr_buf_puts(b, "null");
        gr_buf_puts(b, ",\"length\":");
        if (r->hint_length >= 0) gr_buf_printf(b, "%ld", r->hint_length);
        else gr_buf_puts(b, "null");
        gr_buf_puts(b, ",\"why\":");
        gr_buf_json_string(b, r->hint_why ? r->hint_why : "");
        gr_buf_putc(b, '}');
    }
    if (r->help) {
        gr_buf_puts(b, ",\"help\":");
        gr_buf_json_string(b, r->help);
    }
    gr_buf_puts(b, "}\n");
}

void gr_api_render_play(gr_buf *b, int format, const gr_api_reply *rep)
{
    (void)format; /* play answers in JSON only */
    if (rep->play) gr_api_play_render_json(b, rep->play);
}
