/* grundy play: a person against perfect play. The game logic is in
 * src/engine/play.c (shared with the served page); this file reads lines,
 * prints boards and JSON replies, and writes records. See docs/play.md. */
#include "cli.h"
#include "grundy/grow.h"
#include "grundy/io.h"
#include "grundy/play.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef GR_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

static const char help[] =
    "usage: grundy play RULES POS... [--misere | --players M | --block K | --block-position K]\n"
    "                   [--first me|computer] [--seats LIST] [--hints]\n"
    "                   [--script] [--record FILE] [--max-memory SIZE] [--max-seconds S]\n"
    "       grundy play --replay FILE [--script]\n\n"
    "Play against the computer, which plays perfectly: from a winning position it\n"
    "wins, from a losing one it makes the game last as long as it can. Piles are\n"
    "numbered from 0. Type help during the game for the move notation and the\n"
    "commands (hint, undo, restart, quit).\n\n"
    "  --block K            before each move the other player forbids K moves\n"
    "  --block-position K   ... forbids K positions (named by a move leading there)\n"
    "  --first me|computer  who moves first (default: me)\n"
    "  --seats LIST         who sits in each seat, in the order they move, e.g.\n"
    "                       me,computer,computer or me,me (two people)\n"
    "  --hints              before each of your moves, say whether you are winning\n"
    "  --script             read moves from standard input, one per line; answer\n"
    "                       each line with one line of JSON (docs/play.md)\n"
    "  --record FILE        keep a record of the game in FILE (rewritten atomically\n"
    "                       after every move)\n"
    "  --replay FILE        show the game a record holds, move by move\n";

enum { SEAT_PERSON = 0, SEAT_COMPUTER = 1 };

typedef struct session {
    gr_play *pl;
    int *seat;                  /* SEAT_PERSON or SEAT_COMPUTER per seat */
    int people;
    bool hints, script;
    const char *record;
    char seats_line[256];
    /* moves made since the last reply, for the JSON reply */
    size_t step_from;
} session;

typedef struct play_opts {
    const char *first;
    const char *seats;
    const char *record;
    const char *replay;
    bool hints, script;
} play_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    play_opts *po = ctx;
    const char *s = argv[*i];
    const char **slot = NULL;
    if (strcmp(s, "--hints") == 0) return po->hints = true, 1;
    if (strcmp(s, "--script") == 0) return po->script = true, 1;
    if (strcmp(s, "--first") == 0) slot = &po->first;
    else if (strcmp(s, "--seats") == 0) slot = &po->seats;
    else if (strcmp(s, "--record") == 0) slot = &po->record;
    else if (strcmp(s, "--replay") == 0) slot = &po->replay;
    if (!slot) return 0;
    if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a value", s);
    *slot = argv[++*i];
    return 1;
}

/* What the play says of blocking and move kinds, as the board and help ask. */
static bool ban_positions(const session *ss)
{
    bool positions;
    gr_play_block(ss->pl, &positions);
    return positions;
}

static bool has_split(const session *ss)
{
    return gr_play_move_kinds(ss->pl) & GR_MOVE_BIT(GR_MOVE_SPLIT);
}

/* The position move i of the line of play led to. */
static const gr_bigpos *after_move(const session *ss, size_t i)
{
    return i + 1 < gr_play_nmoves(ss->pl) ? gr_play_before(ss->pl, i + 1) : gr_play_position(ss->pl);
}

/* The bans made this turn so far. */
static size_t bans_now(const session *ss)
{
    size_t n;
    gr_play_bans(ss->pl, &n);
    return n;
}

/* ---- seats ---- */

static int parse_seats(session *ss, const play_opts *po, gr_error *err)
{
    int m = gr_play_seats(ss->pl);
    ss->seat = calloc((size_t)m, sizeof *ss->seat);
    if (!ss->seat) return gr_fail_nomem(err);
    if (po->seats) {
        if (po->first) return gr_fail(err, GR_EINPUT, "give --first or --seats, not both");
        const char *s = po->seats;
        int k = 0;
        while (*s) {
            const char *e = strchr(s, ',');
            size_t len = e ? (size_t)(e - s) : strlen(s);
            if (k == m) return gr_fail(err, GR_EINPUT, "--seats %s: this game has %d seats", po->seats, m);
            if ((len == 2 && !strncmp(s, "me", 2)) || (len == 6 && !strncmp(s, "person", 6)))
                ss->seat[k++] = SEAT_PERSON;
            else if (len == 8 && !strncmp(s, "computer", 8))
                ss->seat[k++] = SEAT_COMPUTER;
            else
                return gr_fail(err, GR_EINPUT, "--seats: '%.*s' is neither me nor computer", (int)len, s);
            s = e ? e + 1 : s + len;
        }
        if (k != m) return gr_fail(err, GR_EINPUT, "--seats %s: this game has %d seats", po->seats, m);
    } else {
        int me = 0;
        if (po->first && strcmp(po->first, "computer") == 0) me = 1;
        else if (po->first && strcmp(po->first, "me") != 0)
            return gr_fail(err, GR_EINPUT, "--first %s: expected me or computer", po->first);
        for (int i = 0; i < m; i++) ss->seat[i] = i == me ? SEAT_PERSON : SEAT_COMPUTER;
    }
    ss->people = 0;
    size_t len = 0;
    ss->seats_line[0] = '\0';
    for (int i = 0; i < m; i++) {
        ss->people += ss->seat[i] == SEAT_PERSON;
        len += (size_t)snprintf(ss->seats_line + len, sizeof ss->seats_line - len, "%s%s", i ? " " : "",
                                ss->seat[i] == SEAT_PERSON ? "me" : "computer");
        if (len >= sizeof ss->seats_line) return gr_fail(err, GR_EINPUT, "too many seats");
    }
    return GR_OK;
}

static const char *seat_by(const session *ss, int seat)
{
    return ss->seat[seat] == SEAT_PERSON ? "person" : "computer";
}

/* "you", "the computer", "seat 2 (person)" */
static void seat_name(const session *ss, int seat, char *buf, size_t len)
{
    if (gr_play_seats(ss->pl) == 2 && ss->people == 1)
        snprintf(buf, len, ss->seat[seat] == SEAT_PERSON ? "you" : "the computer");
    else snprintf(buf, len, "seat %d (%s)", seat, ss->seat[seat] == SEAT_PERSON ? "person" : "computer");
}

/* ---- output ---- */

static void print_board(const session *ss)
{
    const gr_bigpos *p = gr_play_position(ss->pl);
    size_t width = 1;
    bool draw = true;
    for (int i = 0; i < p->n; i++) {
        size_t w = mpz_sizeinbase(p->p[i], 10);
        if (w > width) width = w;
        if (mpz_cmp_ui(p->p[i], 60) > 0) draw = false;
    }
    if (width > 40) width = 1; /* huge piles: digits only, unaligned */
    for (int i = 0; i < p->n; i++) {
        char *num = mpz_get_str(NULL, 10, p->p[i]);
        printf("  pile %-2d %*s", i, (int)width, num);
        if (draw) {
            fputs("  ", stdout);
            for (unsigned long k = mpz_get_ui(p->p[i]); k > 0; k--) fputc('o', stdout);
        }
        fputc('\n', stdout);
        free(num);
    }
}

/* "kind", "from", "to" (a transfer), "amount", "parts" (a split: the heaps
 * pile "from" becomes), "notation", "text" */
static void json_move_fields(const gr_play_move *mv)
{
    static const char *const kinds[] = {"?", "take", "transfer", "split"};
    printf("\"kind\":\"%s\",\"from\":%d", kinds[mv->kind >= 1 && mv->kind <= 3 ? mv->kind : 0], mv->src);
    if (mv->kind == GR_MOVE_TRANSFER) printf(",\"to\":%d", mv->dst);
    fputs(",\"amount\":", stdout);
    gr_json_mpz(stdout, mv->amount);
    if (mv->kind == GR_MOVE_SPLIT) {
        fputs(",\"parts\":[", stdout);
        for (int j = 0; j < mv->nparts; j++) {
            if (j) fputc(',', stdout);
            gr_json_mpz(stdout, mv->part[j]);
        }
        fputc(']', stdout);
    }
    char *nt = gr_play_move_notation(mv), *w = gr_play_move_words(mv);
    fputs(",\"notation\":", stdout);
    gr_json_string(stdout, nt ? nt : "");
    fputs(",\"text\":", stdout);
    gr_json_string(stdout, w ? w : "");
    free(nt);
    free(w);
}

static void json_move(const session *ss, size_t i)
{
    const gr_play_move *mv = gr_play_move_at(ss->pl, i);
    int seat = (int)(i % (size_t)gr_play_seats(ss->pl));
    printf("{\"seat\":%d,\"by\":\"%s\",", seat, seat_by(ss, seat));
    json_move_fields(mv);
    fputs(",\"position\":", stdout);
    gr_json_bigpos(stdout, after_move(ss, i));
    fputc('}', stdout);
}

static void json_choice(const gr_play_move *mv)
{
    fputc('{', stdout);
    json_move_fields(mv);
    fputc('}', stdout);
}

typedef struct reply {
    const char *kind;           /* start, move, undo, restart, hint, help, error, quit */
    const char *error;
    const char *reason;
    const gr_play_choice *hint;
    const char *why;
    int winning;                /* -1 unknown */
} reply;

static void json_reply(session *ss, const reply *r, const gr_play_state *st)
{
    printf("{\"reply\":\"%s\",\"ok\":%s", r->kind, r->error ? "false" : "true");
    if (r->error) {
        fputs(",\"error\":", stdout);
        gr_json_string(stdout, r->error);
    }
    if (r->reason) {
        fputs(",\"reason\":", stdout);
        gr_json_string(stdout, r->reason);
    }
    fputs(",\"moves\":[", stdout);
    for (size_t i = ss->step_from; i < gr_play_nmoves(ss->pl); i++) {
        if (i > ss->step_from) fputc(',', stdout);
        json_move(ss, i);
    }
    fputs("],\"position\":", stdout);
    gr_json_bigpos(stdout, gr_play_position(ss->pl));
    printf(",\"turn\":%zu,\"to_move\":%d,\"by\":\"%s\",\"outcome\":", gr_play_nmoves(ss->pl), st->to_move,
           seat_by(ss, st->to_move));
    gr_json_string(stdout, st->outcome);
    if (r->winning >= 0) printf(",\"winning\":%s", r->winning ? "true" : "false");
    if (gr_play_block(ss->pl, NULL)) {
        size_t nb;
        const gr_play_move *b = gr_play_bans(ss->pl, &nb);
        printf(",\"phase\":\"%s\",\"blocker\":%d,\"bans\":[", st->banning ? "ban" : "move", st->blocker);
        for (size_t i = 0; i < nb; i++) {
            if (i) fputc(',', stdout);
            json_choice(&b[i]);
        }
        fputc(']', stdout);
    }
    printf(",\"over\":%s,\"loser\":", st->over ? "true" : "false");
    if (st->over) printf("%d", st->loser);
    else fputs("null", stdout);
    fputs(",\"winner\":", stdout);
    if (st->over && gr_play_seats(ss->pl) == 2) printf("%d", 1 - st->loser);
    else fputs("null", stdout);
    if (r->hint) {
        fputs(",\"hint\":{\"move\":", stdout);
        if (r->hint->found) json_choice(&r->hint->move);
        else fputs("null", stdout);
        printf(",\"winning\":%s,\"winning_moves\":", r->hint->winning ? "true" : "false");
        if (r->hint->prescribed >= 0) printf("%ld", r->hint->prescribed);
        else fputs("null", stdout);
        fputs(",\"length\":", stdout);
        if (r->hint->length >= 0) printf("%ld", r->hint->length);
        else fputs("null", stdout);
        fputs(",\"why\":", stdout);
        gr_json_string(stdout, r->why ? r->why : "");
        fputc('}', stdout);
    }
    if (strcmp(r->kind, "help") == 0) {
        fputs(",\"help\":", stdout);
        gr_json_string(stdout, gr_play_game(ss->pl)->rs->move_help);
    }
    fputs("}\n", stdout);
    fflush(stdout);
}

static void text_moves(session *ss)
{
    for (size_t i = ss->step_from; i < gr_play_nmoves(ss->pl); i++) {
        int seat = (int)(i % (size_t)gr_play_seats(ss->pl));
        char name[64];
        seat_name(ss, seat, name, sizeof name);
        char *w = gr_play_move_words(gr_play_move_at(ss->pl, i));
        printf("%c%s: %s", toupper((unsigned char)name[0]), name + 1, w ? w : "?");
        free(w);
        /* what the person typed, read back with the position it leaves */
        if (ss->seat[seat] == SEAT_PERSON) {
            const gr_bigpos *after = after_move(ss, i);
            fputs("  ->  ", stdout);
            gr_text_bigpos(stdout, after, " ");
        }
        putchar('\n');
    }
}

static void text_over(session *ss, const gr_play_state *st)
{
    char name[64];
    seat_name(ss, st->loser, name, sizeof name);
    if (gr_play_seats(ss->pl) == 2 && ss->people == 1)
        puts(ss->seat[st->loser] == SEAT_PERSON ? "Game over: the computer wins." : "Game over: you win!");
    else
        printf("Game over: %s loses.\n", name);
    puts("(undo, restart or quit)");
}

/* ---- the loop ---- */

static int save_record(session *ss, gr_error *err)
{
    if (!ss->record) return GR_OK;
    char *text = gr_play_record_text(ss->pl, ss->seats_line);
    if (!text) return gr_fail_nomem(err);
    gr_atomic_file af;
    int rc = GR_OK;
    if (gr_atomic_open(&af, ss->record) != 0) {
        rc = gr_fail(err, GR_EINPUT, "cannot write the record %s", ss->record);
    } else {
        fputs(text, af.f);
        if (gr_atomic_commit(&af) != 0) rc = gr_fail(err, GR_EINPUT, "cannot write the record %s", ss->record);
    }
    free(text);
    return rc;
}

/* Plays the computer's seats until a person has to act: move, or (block=k)
 * forbid moves of the computer. */
static int computer_turns(session *ss, gr_error *err)
{
    gr_play_choice c;
    gr_play_choice_init(&c);
    gr_play_state st;
    int rc = GR_OK;
    while (!(rc = gr_play_state_get(ss->pl, &st, err)) && !st.over) {
        if (st.banning) {
            if (ss->seat[st.blocker] != SEAT_COMPUTER) break;
            size_t before = bans_now(ss);
            if ((rc = gr_play_auto_ban(ss->pl, err)) || bans_now(ss) == before) break;
            continue;
        }
        if (ss->seat[st.to_move] != SEAT_COMPUTER) break;
        if ((rc = gr_play_best(ss->pl, &c, err))) break;
        if (!c.found) break;
        if ((rc = gr_play_make(ss->pl, &c.move, err))) break;
    }
    gr_play_choice_clear(&c);
    if (!rc) rc = save_record(ss, err);
    return rc;
}

static int winning_now(session *ss, gr_error *err)
{
    gr_play_choice c;
    gr_play_choice_init(&c);
    int rc = gr_play_best(ss->pl, &c, err);
    int w = rc ? -1 : c.winning;
    gr_play_choice_clear(&c);
    return w;
}

static void text_help(const session *ss)
{
    printf("Moves (%s):\n", gr_play_game(ss->pl)->spec);
    for (const char *h = gr_play_game(ss->pl)->rs->move_help; *h;) {
        size_t n = strcspn(h, "\n");
        printf("  %.*s\n", (int)n, h);
        h += n + (h[n] == '\n');
    }
    if (has_split(ss)) puts("  Empty heaps are dropped after each move and the others renumbered.");
    puts(has_split(ss) ? "  (the computer's words work too: take 3 from pile 1, split pile 2 into 1, 3 and 5)"
                          : "  (the computer's words work too: take 3 from pile 1, move 2 from pile 0 to pile 1)");
    puts("\nCommands:\n"
         "  hint      a winning move, and why\n"
         "  undo      take back your last move (and the computer's reply)\n"
         "  restart   start again from the first position\n"
         "  show      show the position again\n"
         "  quit      stop (end of input stops too)");
    if (gr_play_block(ss->pl, NULL) && !ban_positions(ss))
        printf("Blocking (block=%d): before each move the other player forbids %d of the mover's moves;\n"
               "when asked, type the moves you forbid, one per line (ban FROM TO AMOUNT works too).\n",
               gr_play_block(ss->pl, NULL), gr_play_block(ss->pl, NULL));
    else if (gr_play_block(ss->pl, NULL))
        printf("Blocking (block-position=%d): before each move the other player forbids %d of the\n"
               "positions the mover could move to; when asked, name each by a move that leads there,\n"
               "one per line: every move to that position is forbidden this turn.\n",
               gr_play_block(ss->pl, NULL), gr_play_block(ss->pl, NULL));
}

/* The moves forbidden this turn; returns how many. */
static size_t text_bans(const session *ss, const gr_play_state *st)
{
    size_t nb;
    const gr_play_move *b = gr_play_bans(ss->pl, &nb);
    for (size_t i = 0; i < nb && !st->over; i++) {
        char *w = gr_play_move_words(&b[i]);
        printf("%s%s%s%s", i ? ", " : "Forbidden this turn: ", ban_positions(ss) ? "the position after " : "",
               w ? w : "?", i + 1 == nb ? "\n" : "");
        free(w);
    }
    return nb;
}

/* "Your move", with the hint when --hints asked for one. */
static void text_prompt(const session *ss, const reply *r, const gr_play_state *st)
{
    char name[64];
    seat_name(ss, st->to_move, name, sizeof name);
    if (strcmp(name, "you") == 0) printf("Your move");
    else printf("%c%s to move", name[0] == 't' ? 'T' : name[0], name + 1);
    if (r->winning >= 0 && gr_play_seats(ss->pl) == 2)
        printf(" -- hint: %s", r->winning ? "you can win (a winning move exists)"
                                          : "every move loses against perfect play");
    else if (r->winning >= 0 && r->winning)
        printf(" -- hint: class %s, the rule prescribes a move here", st->outcome);
    else if (r->winning >= 0)
        printf(" -- hint: class %s, you lose if the others play by the rule", st->outcome);
    puts(".");
}

/* The board and what the person does next. */
static void text_board(session *ss, const reply *r, const gr_play_state *st, bool person_bans, bool person_next)
{
    print_board(ss);
    size_t nb = text_bans(ss, st);
    if (st->over) {
        text_over(ss, st);
    } else if (person_bans) {
        char name[64];
        seat_name(ss, st->to_move, name, sizeof name);
        if (ban_positions(ss))
            printf("Forbid %zu more of the positions %s could move to: type a move that leads to each.\n",
                   (size_t)gr_play_block(ss->pl, NULL) - nb, name);
        else
            printf("Forbid %zu more of the moves of %s: type them as moves.\n",
                   (size_t)gr_play_block(ss->pl, NULL) - nb, name);
    } else if (person_next) {
        text_prompt(ss, r, st);
    }
}

/* Replies to what a line did: the JSON line, or the text. */
static int answer(session *ss, reply *r, gr_error *err)
{
    gr_play_state st;
    int rc = gr_play_state_get(ss->pl, &st, err);
    if (rc) return rc;
    bool person_bans = !st.over && st.banning && ss->seat[st.blocker] == SEAT_PERSON;
    bool person_next = !st.over && !st.banning && ss->seat[st.to_move] == SEAT_PERSON;
    if (r->winning < 0 && ss->hints && person_next) r->winning = winning_now(ss, err);
    if (ss->script) {
        json_reply(ss, r, &st);
    } else {
        if (r->error) printf("%s\n", r->error);
        if (strcmp(r->kind, "help") == 0) text_help(ss);
        if (r->hint && r->why) printf("Hint: %s\n", r->why);
        text_moves(ss);
        bool show = !r->error && strcmp(r->kind, "help") != 0 && strcmp(r->kind, "hint") != 0 &&
                    strcmp(r->kind, "quit") != 0;
        if (show) text_board(ss, r, &st, person_bans, person_next);
        fflush(stdout);
    }
    ss->step_from = gr_play_nmoves(ss->pl);
    return GR_OK;
}

static bool any_person_move(const session *ss)
{
    for (size_t i = 0; i < gr_play_nmoves(ss->pl); i++)
        if (ss->seat[i % (size_t)gr_play_seats(ss->pl)] == SEAT_PERSON) return true;
    return false;
}

static int do_undo(session *ss, reply *r, gr_error *err)
{
    r->kind = "undo";
    if (!any_person_move(ss)) {
        r->error = "nothing to undo";
        return answer(ss, r, err);
    }
    while (gr_play_nmoves(ss->pl)) {
        size_t i = gr_play_nmoves(ss->pl) - 1;
        gr_play_undo(ss->pl, 1);
        if (ss->seat[i % (size_t)gr_play_seats(ss->pl)] == SEAT_PERSON) break;
    }
    ss->step_from = gr_play_nmoves(ss->pl);
    int rc = computer_turns(ss, err); /* saves the record */
    return rc ? rc : answer(ss, r, err);
}

/* The words that are not moves; returns -1 when s is none of them, 1 to stop. */
static int do_command(session *ss, const char *s, reply *r, gr_error *err)
{
    int rc;
    if (!strcmp(s, "quit") || !strcmp(s, "exit") || !strcmp(s, "q")) {
        r->kind = "quit";
        r->reason = "quit";
        return (rc = answer(ss, r, err)) ? rc : 1;
    }
    if (!strcmp(s, "help") || !strcmp(s, "?") || !strcmp(s, "show")) {
        r->kind = s[0] == 's' ? "show" : "help";
        return answer(ss, r, err);
    }
    if (!strcmp(s, "restart")) {
        r->kind = "restart";
        gr_play_restart(ss->pl);
        ss->step_from = 0;
        return (rc = computer_turns(ss, err)) ? rc : answer(ss, r, err);
    }
    if (!strcmp(s, "undo")) return do_undo(ss, r, err);
    return -1;
}

static int do_hint(session *ss, reply *r, const gr_play_state *st, gr_error *err)
{
    r->kind = "hint";
    if (st->over || st->banning) {
        r->error = st->over ? "the game is over" : "hints are for moves; now forbid moves of the computer";
        return answer(ss, r, err);
    }
    gr_play_choice c;
    gr_play_choice_init(&c);
    int rc = gr_play_best(ss->pl, &c, err);
    char *why = rc ? NULL : gr_play_explain(ss->pl, &c);
    if (!rc) {
        r->hint = &c;
        r->why = why;
        r->winning = c.winning;
        rc = answer(ss, r, err);
    }
    free(why);
    gr_play_choice_clear(&c);
    return rc;
}

/* A move, or while the person is the blocker a move to forbid. */
static int do_move(session *ss, const char *s, reply *r, const gr_play_state *st, gr_error *err)
{
    gr_error bad;
    gr_error_clear(&bad);
    gr_play_move mv;
    gr_play_move_init(&mv);
    if (st->banning) r->kind = "ban";
    int ok = gr_play_parse_move(ss->pl, s, &mv, &bad) == GR_OK &&
             (st->banning ? gr_play_ban(ss->pl, &mv, &bad) : gr_play_make(ss->pl, &mv, &bad)) == GR_OK;
    int rc;
    if (ok) {
        rc = computer_turns(ss, err);
        if (!rc) rc = answer(ss, r, err);
    } else {
        r->kind = "error";
        r->error = bad.msg;
        rc = answer(ss, r, err);
    }
    gr_play_move_clear(&mv);
    return rc;
}

/* One line of input; returns 1 to stop. */
static int handle(session *ss, char *line, gr_error *err)
{
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    size_t len = strlen(s);
    while (len && strchr(" \t\r\n", s[len - 1])) s[--len] = '\0';
    reply r = {.kind = "move", .winning = -1};
    if (len == 0) {
        if (ss->script) return 0;
        r.kind = "show";
        return answer(ss, &r, err);
    }
    int rc = do_command(ss, s, &r, err);
    if (rc >= 0) return rc;
    gr_play_state st;
    if ((rc = gr_play_state_get(ss->pl, &st, err))) return rc;
    if (!strcmp(s, "hint")) return do_hint(ss, &r, &st, err);
    if (st.over) {
        r.kind = "error";
        r.error = "the game is over: undo, restart or quit";
        return answer(ss, &r, err);
    }
    bool ban_word = !strncmp(s, "ban ", 4) || !strncmp(s, "forbid ", 7);
    if (ban_word) s += s[0] == 'b' ? 4 : 7;
    if (ban_word && !st.banning) {
        r.kind = "error";
        r.error = gr_play_block(ss->pl, NULL) ? "nothing to forbid now: it is a move's turn"
                                              : "no moves are forbidden under this rule";
        return answer(ss, &r, err);
    }
    return do_move(ss, s, &r, &st, err);
}

static char *read_line(const session *ss, bool tty)
{
#ifdef GR_HAVE_READLINE
    if (tty) {
        char *l = readline("> ");
        if (l && *l) add_history(l);
        return l;
    }
#else
    (void)tty;
#endif
    if (!ss->script) {
        fputs("> ", stdout);
        fflush(stdout);
    }
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, stdin) < 0) {
        free(line);
        return NULL;
    }
    return line;
}

static int play_loop(session *ss, gr_error *err)
{
    int rc = computer_turns(ss, err);
    if (rc) return rc;
    if (!ss->script) {
        char oc[64];
        gr_outcome_format(gr_engine_outcome(gr_play_engine(ss->pl)), oc, sizeof oc);
        printf("grundy play: %s, %s play; ", gr_play_game(ss->pl)->spec, oc);
        if (gr_play_seats(ss->pl) == 2 && ss->people == 1)
            printf("you move %s. Type help for the notation.\n", ss->seat[0] == SEAT_PERSON ? "first" : "second");
        else
            printf("seats: %s. Type help for the notation.\n", ss->seats_line);
    }
    reply r = {.kind = "start", .winning = -1};
    ss->step_from = 0;
    if ((rc = answer(ss, &r, err))) return rc;
    bool tty = !ss->script && isatty(STDIN_FILENO);
    for (;;) {
        char *line = read_line(ss, tty);
        if (!line) {
            reply q = {.kind = "quit", .reason = "end of input", .winning = -1};
            if (!ss->script) fputc('\n', stdout);
            return answer(ss, &q, err);
        }
        rc = handle(ss, line, err);
        free(line);
        if (rc == 1) return GR_OK;
        if (rc) return rc;
    }
}

/* ---- replay ---- */

static char *slurp(const char *path, gr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gr_fail(err, GR_EINPUT, "cannot read the record %s", path);
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > (size_t)1 << 30) {
            gr_fail(err, GR_EINPUT, "record %s is too big", path);
            break;
        }
        if (!GR_GROW(buf, cap, len + 4096 + 1, 8192)) {
            gr_fail_nomem(err);
            break;
        }
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0) {
            fclose(f);
            buf[len] = '\0';
            return buf;
        }
    }
    fclose(f);
    free(buf);
    return NULL;
}

/* The game a record names, at its first position, with its seats. */
static int replay_open(session *ss, const gr_play_record *rec, gr_game *g, gr_outcome *o, const gr_limits *lim,
                       gr_error *err)
{
    int rc = gr_game_parse(g, rec->rules, err);
    if (!rc) rc = gr_play_outcome_parse(o, rec->outcome, err);
    if (!rc && !(ss->pl = gr_play_new(g, o, lim, &rec->start, err))) rc = err->code;
    if (rc) return rc;
    play_opts seats = {.seats = NULL};
    char list[256];
    snprintf(list, sizeof list, "%s", rec->seats);
    for (char *c = list; *c; c++)
        if (*c == ' ') *c = ',';
    if (list[0]) seats.seats = list;
    return parse_seats(ss, &seats, err);
}

/* Record line i: a move (shown with the board) or a ban. */
static int replay_step(session *ss, const gr_play_record *rec, size_t i, gr_play_move *mv, gr_error *err)
{
    gr_error bad;
    gr_error_clear(&bad);
    bool ban = !strncmp(rec->moves[i], "ban ", 4);
    const char *text = rec->moves[i] + (ban ? 4 : 0);
    if (gr_play_parse_move(ss->pl, text, mv, &bad) ||
        (ban ? gr_play_ban(ss->pl, mv, &bad) : gr_play_make(ss->pl, mv, &bad)))
        return gr_fail(err, GR_EINPUT, "record %s %zu '%.40s': %s", ban ? "ban" : "move", i + 1, text, bad.msg);
    if (ban) {
        if (!ss->script) {
            char *w = gr_play_move_words(mv);
            printf("   forbidden: %s\n", w ? w : "?");
            free(w);
        }
        return GR_OK;
    }
    int rc = GR_OK;
    if (ss->script) {
        reply r = {.kind = "move", .winning = -1};
        rc = answer(ss, &r, err);
    } else {
        char name[64];
        seat_name(ss, (int)((gr_play_nmoves(ss->pl) - 1) % (size_t)gr_play_seats(ss->pl)), name, sizeof name);
        char *w = gr_play_move_words(mv);
        printf("%zu. %s: %s\n", gr_play_nmoves(ss->pl), name, w ? w : "?");
        free(w);
        print_board(ss);
    }
    ss->step_from = gr_play_nmoves(ss->pl);
    return rc;
}

/* How the record ends: who lost, or who is to move. */
static int replay_end(session *ss, gr_error *err)
{
    gr_play_state st;
    int rc = gr_play_state_get(ss->pl, &st, err);
    if (rc) return rc;
    char name[64];
    if (ss->script) {
        reply r = {.kind = "end", .winning = -1};
        json_reply(ss, &r, &st);
    } else if (st.over) {
        seat_name(ss, st.loser, name, sizeof name);
        printf("Game over after %zu moves: %s lost.\n", gr_play_nmoves(ss->pl), name);
    } else {
        seat_name(ss, st.to_move, name, sizeof name);
        printf("The record ends after %zu moves with %s to move (%s).\n", gr_play_nmoves(ss->pl), name, st.outcome);
    }
    return GR_OK;
}

static int replay(const play_opts *po, const gr_limits *lim, gr_error *err)
{
    char *text = slurp(po->replay, err);
    if (!text) return err->code;
    gr_play_record rec;
    int rc = gr_play_record_parse(&rec, text, err);
    free(text);
    gr_game g = {0};
    gr_outcome o;
    session ss = {0};
    if (!rc) rc = replay_open(&ss, &rec, &g, &o, lim, err);
    gr_play_move mv;
    gr_play_move_init(&mv);
    ss.script = po->script;
    if (!rc && !ss.script) {
        char oc[64];
        gr_outcome_format(&o, oc, sizeof oc);
        printf("replay of %s: %s, %s play, seats: %s\n", po->replay, rec.rules, oc, ss.seats_line);
        print_board(&ss);
    }
    for (size_t i = 0; !rc && i < rec.nmoves; i++) rc = replay_step(&ss, &rec, i, &mv, err);
    if (!rc) rc = replay_end(&ss, err);
    gr_play_move_clear(&mv);
    gr_play_free(ss.pl);
    free(ss.seat);
    gr_play_record_free(&rec);
    gr_game_release(&g);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    play_opts po = {0};
    bool want_replay = false;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--replay") == 0 || strncmp(argv[i], "--replay=", 9) == 0) want_replay = true;
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    unsigned parts = CLI_NOFORMAT | (want_replay ? CLI_LIMITS : CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS);
    int rc = cli_parse(&a, argc, argv, parts, extra, &po, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (!rc && want_replay) {
        rc = replay(&po, &a.limits, &err);
        cli_args_free(&a);
        return rc ? cli_report(&err) : 0;
    }
    gr_game g = {0};
    if (!rc) rc = cli_check_output("--record", po.record, &err);
    if (!rc) rc = gr_game_parse(&g, a.rules, &err);
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    session ss = {.hints = po.hints, .script = po.script, .record = po.record};
    ss.pl = gr_play_new(&g, &a.outcome, &a.limits, &a.pos, &err);
    rc = ss.pl ? parse_seats(&ss, &po, &err) : err.code;
    if (!rc) rc = play_loop(&ss, &err);
    gr_play_free(ss.pl);
    free(ss.seat);
    gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
