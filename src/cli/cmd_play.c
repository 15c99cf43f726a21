/* grundy play: a person against perfect play. The game is the answer
 * layer's play session (src/api/play.c, shared with /api/play and the served
 * page): this file reads lines, hands each to the session, and shows its
 * reply (the layer's JSON under --script, else a board in text), and writes
 * records. See docs/play.md. */
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
    "usage: grundy play RULES POS... [--misere [--quotient FILE] | --players M | --block K\n"
    "                   | --block-position K] [--first me|computer] [--seats LIST] [--hints]\n"
    "                   [--script] [--record FILE] [--in FILE] [--max-memory SIZE]\n"
    "                   [--max-seconds S]\n"
    "       grundy play --replay FILE [--script]\n\n"
    "Play against the computer, which plays perfectly: from a winning position it\n"
    "wins, from a losing one it makes the game last as long as it can. Piles are\n"
    "numbered from 0. Type help during the game for the move notation and the\n"
    "commands (hint, undo, restart, quit).\n\n"
    "  --block K            before each move the other player forbids K moves\n"
    "  --block-position K   ... forbids K positions (named by a move leading there)\n"
    "  --quotient FILE      with --misere: play by the misere quotient that\n"
    "                       `grundy misere RULES --quotient --out FILE` saved (heaps\n"
    "                       of any size where it is proved periodic)\n"
    "  --in FILE            a heap game under normal play: the values from a sequence\n"
    "                       file `grundy seq --out FILE` wrote (its ruleset, reaching\n"
    "                       the largest heap), e.g. Grundy's game on a heap of 10^6\n"
    "  --first me|computer  who moves first (default: me)\n"
    "  --seats LIST         who sits in each seat, in the order they move, e.g.\n"
    "                       me,computer,computer or me,me (two people)\n"
    "  --hints              before each of your moves, say whether you are winning\n"
    "  --script             read moves from standard input, one per line; answer\n"
    "                       each line with one line of JSON (docs/play.md)\n"
    "  --record FILE        keep a record of the game in FILE (rewritten atomically\n"
    "                       after every move)\n"
    "  --replay FILE        show the game a record holds, move by move\n";


typedef struct session {
    gr_api_play_session *api;
    gr_play *pl;                /* the session's game, borrowed */
    bool script;
    const char *record;
} session;

typedef struct play_opts {
    const char *record;
    const char *replay;
    bool script;
} play_opts;

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

static int people(const session *ss)
{
    int n = 0;
    for (int i = 0; i < gr_play_seats(ss->pl); i++) n += gr_api_play_is_person(ss->api, i);
    return n;
}

/* "you", "the computer", "seat 2 (person)" */
static void seat_name(const session *ss, int seat, char *buf, size_t len)
{
    bool person = gr_api_play_is_person(ss->api, seat);
    if (gr_play_seats(ss->pl) == 2 && people(ss) == 1) snprintf(buf, len, person ? "you" : "the computer");
    else snprintf(buf, len, "seat %d (%s)", seat, person ? "person" : "computer");
}

/* ---- text ---- */

static void print_board(const gr_bigpos *p)
{
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

static void text_moves(const session *ss, const gr_api_play_reply *r)
{
    for (size_t i = 0; i < r->nmoves; i++) {
        const gr_api_play_move *m = &r->moves[i];
        char name[64];
        seat_name(ss, m->seat, name, sizeof name);
        printf("%c%s: %s", toupper((unsigned char)name[0]), name + 1, m->text ? m->text : "?");
        /* what the person typed, read back with the position it leaves */
        if (m->by_person) {
            fputs("  ->  ", stdout);
            gr_text_bigpos(stdout, &m->after, " ");
        }
        putchar('\n');
    }
}

static void text_over(const session *ss, const gr_api_play_reply *r)
{
    char name[64];
    seat_name(ss, r->loser, name, sizeof name);
    if (r->seats == 2 && people(ss) == 1)
        puts(gr_api_play_is_person(ss->api, r->loser) ? "Game over: the computer wins." : "Game over: you win!");
    else
        printf("Game over: %s loses.\n", name);
    puts("(undo, restart or quit)");
}

static void text_help(session *ss)
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
static size_t text_bans(const session *ss, const gr_api_play_reply *r)
{
    for (size_t i = 0; i < r->nbans && !r->over; i++)
        printf("%s%s%s%s", i ? ", " : "Forbidden this turn: ", ban_positions(ss) ? "the position after " : "",
               r->bans[i].text ? r->bans[i].text : "?", i + 1 == r->nbans ? "\n" : "");
    return r->nbans;
}

/* "Your move", with the hint when --hints asked for one. */
static void text_prompt(const session *ss, const gr_api_play_reply *r)
{
    char name[64];
    seat_name(ss, r->to_move, name, sizeof name);
    if (strcmp(name, "you") == 0) printf("Your move");
    else printf("%c%s to move", name[0] == 't' ? 'T' : name[0], name + 1);
    if (r->winning >= 0 && r->seats == 2)
        printf(" -- hint: %s", r->winning ? "you can win (a winning move exists)"
                                          : "every move loses against perfect play");
    else if (r->winning >= 0 && r->winning)
        printf(" -- hint: class %s, the rule prescribes a move here", r->outcome);
    else if (r->winning >= 0)
        printf(" -- hint: class %s, you lose if the others play by the rule", r->outcome);
    puts(".");
}

/* The board and what the person does next. */
static void text_board(const session *ss, const gr_api_play_reply *r)
{
    bool person_bans = !r->over && r->banning && gr_api_play_is_person(ss->api, r->blocker);
    bool person_next = !r->over && !r->banning && r->to_move_person;
    print_board(&r->position);
    size_t nb = text_bans(ss, r);
    if (r->over) {
        text_over(ss, r);
    } else if (person_bans) {
        char name[64];
        seat_name(ss, r->to_move, name, sizeof name);
        if (ban_positions(ss))
            printf("Forbid %zu more of the positions %s could move to: type a move that leads to each.\n",
                   (size_t)r->block - nb, name);
        else
            printf("Forbid %zu more of the moves of %s: type them as moves.\n", (size_t)r->block - nb, name);
    } else if (person_next) {
        text_prompt(ss, r);
    }
}

static void text_reply(session *ss, const gr_api_play_reply *r)
{
    if (r->error) printf("%s\n", r->error);
    if (strcmp(r->kind, "help") == 0) text_help(ss);
    if (r->has_hint && r->hint_why) printf("Hint: %s\n", r->hint_why);
    text_moves(ss, r);
    bool show = !r->error && strcmp(r->kind, "help") != 0 && strcmp(r->kind, "hint") != 0 &&
                strcmp(r->kind, "quit") != 0;
    if (show) text_board(ss, r);
    fflush(stdout);
}

/* ---- the loop ---- */

static int save_record(session *ss, gr_error *err)
{
    if (!ss->record) return GR_OK;
    char *text = gr_play_record_text(ss->pl, gr_api_play_seats_line(ss->api));
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

/* Shows a reply (the record first, when the line changed the game), then
 * empties it for the next. */
static int show(session *ss, gr_api_play_reply *r, gr_error *err)
{
    int rc = r->changed ? save_record(ss, err) : GR_OK;
    if (!rc && ss->script) {
        gr_buf b;
        gr_buf_init(&b);
        gr_api_play_render_json(&b, r);
        if (!gr_buf_ok(&b)) rc = gr_fail_nomem(err);
        else fwrite(b.s, 1, b.len, stdout), fflush(stdout);
        gr_buf_free(&b);
    } else if (!rc) {
        text_reply(ss, r);
    }
    gr_api_play_reply_clear(r);
    return rc;
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
    gr_api_play_reply r;
    gr_api_play_reply_init(&r);
    int rc = gr_api_play_start(ss->api, &r, err);
    if (!rc && r.changed) rc = save_record(ss, err), r.changed = false;
    if (rc) {
        gr_api_play_reply_clear(&r);
        return rc;
    }
    if (!ss->script) {
        char oc[64];
        gr_outcome_format(gr_engine_outcome(gr_play_engine(ss->pl)), oc, sizeof oc);
        printf("grundy play: %s, %s play; ", gr_play_game(ss->pl)->spec, oc);
        if (gr_play_seats(ss->pl) == 2 && people(ss) == 1)
            printf("you move %s. Type help for the notation.\n",
                   gr_api_play_is_person(ss->api, 0) ? "first" : "second");
        else
            printf("seats: %s. Type help for the notation.\n", gr_api_play_seats_line(ss->api));
    }
    if ((rc = show(ss, &r, err))) return rc;
    bool tty = !ss->script && isatty(STDIN_FILENO);
    for (;;) {
        char *line = read_line(ss, tty);
        if (!line) {
            if (!ss->script) fputc('\n', stdout);
            rc = gr_api_play_report(ss->api, "quit", "end of input", &r, err);
            return rc ? (gr_api_play_reply_clear(&r), rc) : show(ss, &r, err);
        }
        bool empty = strspn(line, " \t\r\n") == strlen(line);
        if (empty && !ss->script) {
            rc = gr_api_play_report(ss->api, "show", NULL, &r, err);
        } else {
            rc = gr_api_play_line(ss->api, line, &r, err);
        }
        free(line);
        if (rc == 2) continue; /* an empty line: no reply in a script */
        bool stop = rc == 1;
        if (stop) rc = GR_OK;
        if (!rc) rc = show(ss, &r, err);
        gr_api_play_reply_clear(&r);
        if (rc || stop) return rc;
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
static int replay_open(session *ss, const gr_play_record *rec, const gr_limits *lim, gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_PLAY, GR_FRONT_CLI);
    req.limits = *lim;
    int rc = gr_play_outcome_parse(&req.outcome, rec->outcome, err);
    if (!rc && (!(req.rules = strdup(rec->rules)) || gr_bigpos_copy(&req.pos, &rec->start))) rc = gr_fail_nomem(err);
    if (!rc && rec->seats[0]) {
        if (!(req.seats = strdup(rec->seats))) rc = gr_fail_nomem(err);
        for (char *c = req.seats; c && *c; c++)
            if (*c == ' ') *c = ',';
    }
    if (!rc && !(ss->api = gr_api_play_open(&req, err))) rc = err->code ? err->code : GR_EINTERNAL;
    if (!rc) ss->pl = gr_api_play_game(ss->api);
    gr_api_request_clear(&req);
    return rc;
}

/* Record line i: a move (shown with the board) or a ban. */
static int replay_step(session *ss, const gr_play_record *rec, size_t i, gr_error *err)
{
    gr_error bad;
    gr_error_clear(&bad);
    bool ban = !strncmp(rec->moves[i], "ban ", 4);
    const char *text = rec->moves[i] + (ban ? 4 : 0);
    if (gr_api_play_apply(ss->api, text, ban, &bad))
        return gr_fail(err, GR_EINPUT, "record %s %zu '%.40s': %s", ban ? "ban" : "move", i + 1, text, bad.msg);
    size_t n = gr_play_nmoves(ss->pl);
    if (ban) {
        if (!ss->script) {
            size_t nb;
            const gr_play_move *b = gr_play_bans(ss->pl, &nb);
            char *w = nb ? gr_play_move_words(&b[nb - 1]) : NULL;
            printf("   forbidden: %s\n", w ? w : "?");
            free(w);
        }
        return GR_OK;
    }
    if (ss->script) {
        gr_api_play_reply r;
        gr_api_play_reply_init(&r);
        int rc = gr_api_play_report(ss->api, "move", NULL, &r, err);
        if (!rc) r.changed = false, rc = show(ss, &r, err);
        gr_api_play_reply_clear(&r);
        return rc;
    }
    char name[64];
    seat_name(ss, (int)((n - 1) % (size_t)gr_play_seats(ss->pl)), name, sizeof name);
    char *w = gr_play_move_words(gr_play_move_at(ss->pl, n - 1));
    printf("%zu. %s: %s\n", n, name, w ? w : "?");
    free(w);
    print_board(gr_play_position(ss->pl));
    /* the next reply starts after this move */
    gr_api_play_reply r;
    gr_api_play_reply_init(&r);
    int rc = gr_api_play_report(ss->api, "move", NULL, &r, err);
    gr_api_play_reply_clear(&r);
    return rc;
}

/* How the record ends: who lost, or who is to move. */
static int replay_end(session *ss, gr_error *err)
{
    gr_api_play_reply r;
    gr_api_play_reply_init(&r);
    int rc = gr_api_play_report(ss->api, "end", NULL, &r, err);
    char name[64];
    if (rc) {
        /* the engine failed */
    } else if (ss->script) {
        r.changed = false;
        rc = show(ss, &r, err);
    } else if (r.over) {
        seat_name(ss, r.loser, name, sizeof name);
        printf("Game over after %zu moves: %s lost.\n", r.turn, name);
    } else {
        seat_name(ss, r.to_move, name, sizeof name);
        printf("The record ends after %zu moves with %s to move (%s).\n", r.turn, name, r.outcome);
    }
    gr_api_play_reply_clear(&r);
    return rc;
}

static int replay(const play_opts *po, const gr_limits *lim, gr_error *err)
{
    char *text = slurp(po->replay, err);
    if (!text) return err->code;
    gr_play_record rec;
    int rc = gr_play_record_parse(&rec, text, err);
    free(text);
    session ss = {.script = po->script};
    if (!rc) rc = replay_open(&ss, &rec, lim, err);
    if (!rc && !ss.script) {
        gr_outcome o;
        gr_play_outcome_parse(&o, rec.outcome, err);
        char oc[64];
        gr_outcome_format(&o, oc, sizeof oc);
        printf("replay of %s: %s, %s play, seats: %s\n", po->replay, rec.rules, oc, gr_api_play_seats_line(ss.api));
        print_board(gr_play_position(ss.pl));
    }
    for (size_t i = 0; !rc && i < rec.nmoves; i++) rc = replay_step(&ss, &rec, i, err);
    if (!rc) rc = replay_end(&ss, err);
    gr_api_play_close(ss.api);
    gr_play_record_free(&rec);
    return rc;
}

/* --script, --record FILE and --replay FILE are the command line's own (how
 * it shows the game and keeps it); the other words are the layer's. */
static int own_flags(play_opts *po, int argc, char **argv, char **rest, int *nrest, gr_error *err)
{
    *nrest = 0;
    bool operands = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        operands |= strcmp(s, "--") == 0;
        const char **slot = NULL;
        size_t n = 0;
        if (!operands && i > 0) {
            if (strcmp(s, "--script") == 0) {
                po->script = true;
                continue;
            }
            if (strcmp(s, "--format") == 0 || strncmp(s, "--format=", 9) == 0)
                return gr_fail(err, GR_EINPUT, "unknown option '--format' for play; see grundy play --help");
            if (strncmp(s, "--record", 8) == 0) slot = &po->record, n = 8;
            else if (strncmp(s, "--replay", 8) == 0) slot = &po->replay, n = 8;
        }
        if (slot && (s[n] == '\0' || s[n] == '=')) {
            if (*slot) return gr_fail(err, GR_EINPUT, "%.*s given twice; give it once", (int)n, s);
            if (s[n] == '=') *slot = s + n + 1;
            else if (i + 1 < argc) *slot = argv[++i];
            else return gr_fail(err, GR_EINPUT, "%s needs a value", s);
            continue;
        }
        rest[(*nrest)++] = argv[i];
    }
    rest[*nrest] = NULL;
    return GR_OK;
}

int cmd_play(int argc, char **argv)
{
    play_opts po = {0};
    gr_error err;
    gr_error_clear(&err);
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    int rc = rest ? own_flags(&po, argc, argv, rest, &nrest, &err) : gr_fail_nomem(&err);
    if (!rc && po.replay) {
        /* a record names the game: only the limits are the command line's */
        cli_args a;
        rc = cli_parse(&a, nrest, rest, CLI_NOFORMAT | CLI_LIMITS, NULL, NULL, &err);
        if (!rc && a.help) fputs(help, stdout);
        else if (!rc) rc = replay(&po, &a.limits, &err);
        cli_args_free(&a);
        free(rest);
        return rc ? cli_report(&err) : 0;
    }
    gr_api_request req;
    gr_api_request_init(&req, GR_API_PLAY, GR_FRONT_CLI);
    bool want_help = false;
    if (!rc) rc = cli_api_request(&req, nrest, rest, &want_help, NULL, &err);
    if (!rc && want_help) {
        fputs(help, stdout);
    } else {
        session ss = {.script = po.script, .record = po.record};
        if (!rc) rc = cli_check_output("--record", po.record, &err);
        if (!rc && !(ss.api = gr_api_play_open(&req, &err))) rc = err.code ? err.code : GR_EINTERNAL;
        if (!rc) ss.pl = gr_api_play_game(ss.api);
        if (!rc) rc = play_loop(&ss, &err);
        gr_api_play_close(ss.api);
    }
    gr_api_request_clear(&req);
    free(rest);
    return rc ? cli_report(&err) : 0;
}
