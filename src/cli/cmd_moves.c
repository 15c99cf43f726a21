#include "cli.h"
#include "grundy/io.h"
#include "moves_block.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy moves RULES POS... [--misere|--players M|--block K|--block-position K]\n"
    "                    [--winning] [--format text|json]\n"
    "                    [--max-memory SIZE] [--max-seconds S] [--db DIR]\n\n"
    "Lists every move: what it does, the resulting position, its value or outcome;\n"
    "winning moves are marked '*'. Beyond search, where a closed form applies, the\n"
    "winning moves are listed with the total number of moves. --winning lists the\n"
    "winning moves only. Under --block / --block-position a last section says\n"
    "which moves (positions) the blocker must forbid, and the mover's reply to\n"
    "each ban. --db DIR answers from `grundy solve --out DIR` results.\n";

typedef struct printer {
    const gr_game *game;
    FILE *out;
    int format;
    bool only_winning;
    long printed;
    const char *db;           /* --db DIR: answers from stored results */
    const gr_bigpos *pos;     /* the position moved from */
} printer;

/* The heaps a split leaves: the first takes the split heap's place, the
 * others follow the position's heaps (the engine's layout of a result). */
static void each_part(const printer *p, const gr_bigmove *mv, FILE *f, const char *first, const char *sep)
{
    fputs(first, f);
    mpz_out_str(f, 10, mv->result->p[mv->src]);
    for (int i = p->pos->n; i < mv->result->n; i++) {
        fputs(sep, f);
        mpz_out_str(f, 10, mv->result->p[i]);
    }
}

static void print_move_json(printer *p, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    fputs(p->printed ? ",\n  {" : "\n  {", p->out);
    fputs("\"kind\":", p->out);
    gr_json_string(p->out, mv->kind == GR_MOVE_TAKE ? "take" : mv->kind == GR_MOVE_TRANSFER ? "transfer" : "split");
    fprintf(p->out, ",\"from\":%d", mv->src);
    if (mv->dst >= 0) fprintf(p->out, ",\"to\":%d", mv->dst);
    fputs(",\"amount\":", p->out);
    gr_json_mpz(p->out, mv->amount);
    if (mv->kind == GR_MOVE_SPLIT) {
        each_part(p, mv, p->out, ",\"parts\":[", ",");
        fputc(']', p->out);
    }
    fputs(",\"result\":", p->out);
    gr_json_bigpos(p->out, mv->result);
    fputs(",\"value\":", p->out);
    if (res->has_value) gr_json_mpz(p->out, res->value);
    else fputs("null", p->out);
    fputs(",\"outcome\":", p->out);
    gr_json_string(p->out, res->outcome);
    fprintf(p->out, ",\"winning\":%s}", winning ? "true" : "false");
}

/* The move as the ruleset writes it, a split with the heaps it leaves. */
static void move_words(const printer *p, const gr_bigmove *mv, char *text, size_t size)
{
    gr_move m = {mv->kind, mv->src, mv->dst, mpz_get_ui(mv->amount), 0};
    gr_game_format_move(p->game, &m, text, size);
    if (mv->kind != GR_MOVE_SPLIT) return;
    char *parts = NULL;
    size_t plen = 0;
    FILE *f = open_memstream(&parts, &plen);
    if (f) {
        each_part(p, mv, f, " into ", " ");
        fclose(f);
        size_t tl = strlen(text);
        snprintf(text + tl, size - tl, "%s", parts);
    }
    free(parts);
}

static void print_move_text(printer *p, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    if (!mpz_fits_ulong_p(mv->amount)) {
        /* beyond 64 bits the ruleset cannot write the move: written here */
        fputs(winning ? "* " : "  ", p->out);
        fputs(mv->kind == GR_MOVE_TRANSFER ? "move " : "take ", p->out);
        mpz_out_str(p->out, 10, mv->amount);
        if (mv->kind == GR_MOVE_TRANSFER) fprintf(p->out, " from pile %d to pile %d  ->  ", mv->src, mv->dst);
        else fprintf(p->out, " from %s %d  ->  ", gr_game_unit(p->game), mv->src);
    } else {
        char text[160];
        move_words(p, mv, text, sizeof text);
        fprintf(p->out, "%s%-32s ->  ", winning ? "* " : "  ", text);
    }
    gr_text_bigpos(p->out, mv->result, " ");
    fprintf(p->out, "  %s", res->outcome);
    if (res->has_value) {
        fputs(" ", p->out);
        mpz_out_str(p->out, 10, res->value);
    }
    fputc('\n', p->out);
}

static int print_move(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    printer *p = ctx;
    if (p->only_winning && !winning) return 0;
    if (p->format == FMT_JSON) print_move_json(p, mv, res, winning);
    else print_move_text(p, mv, res, winning);
    p->printed++;
    return 0;
}

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    if (strcmp(argv[*i], "--db") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--db needs a directory");
        ((printer *)ctx)->db = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--winning") == 0) {
        ((printer *)ctx)->only_winning = true;
        return 1;
    }
    return 0;
}

static void print_head(FILE *out, const cli_args *a, const gr_answer *here)
{
    if (a->format == FMT_JSON) {
        fputs("{\"ruleset\":", out);
        gr_json_string(out, a->rules);
        fputs(",\"position\":", out);
        gr_json_bigpos(out, &a->pos);
        fputs(",\"outcome\":", out);
        gr_json_string(out, here->outcome);
        fputs(",\"value\":", out);
        if (here->has_value) gr_json_mpz(out, here->value);
        else fputs("null", out);
        fputs(",\"moves\":[", out);
        return;
    }
    fprintf(out, "position %s", here->outcome);
    if (here->has_value) {
        fputs(" value ", out);
        mpz_out_str(out, 10, here->value);
    }
    fputc('\n', out);
}

/* The JSON's closing members, the blocker's strategy among them. */
static int print_json_tail(FILE *out, const cli_args *a, const printer *p, const gr_moves_summary *sum,
                           gr_engine *e, gr_error *err)
{
    int rc = GR_OK;
    fputs(p->printed ? "\n]," : "],", out);
    fprintf(out, "\"listed\":\"%s\",\"total_moves\":", sum->all_listed && !p->only_winning ? "all" : "winning");
    gr_json_mpz(out, sum->total);
    fputs(",\"method\":", out);
    gr_json_string(out, sum->method ? sum->method : "search");
    if (cli_is_blocking(&a->outcome)) {
        fputs(",\"blocking\":", out);
        rc = cli_moves_block(out, a->format, e, &a->pos, err);
    }
    fputs("}\n", out);
    return rc;
}

/* The text's last line: why the list is short or empty. */
static void print_text_tail(FILE *out, const cli_args *a, const printer *p, const gr_moves_summary *sum)
{
    if (!sum->all_listed && a->outcome.rule == &gr_outcome_players) {
        /* m players: the moves the class prescribes (one class down) */
        fputs("(", out);
        mpz_out_str(out, 10, sum->total);
        fprintf(out, " moves in all; only prescribed moves are listed (from class A every move to the losing "
                     "class, otherwise the first move of one plan per set of piles). By %s)\n", sum->method);
    } else if (!sum->all_listed && cli_is_blocking(&a->outcome)) {
        /* a P-position may have a move to P here: the blocker's to forbid */
        fputs("(", out);
        mpz_out_str(out, 10, sum->total);
        fprintf(out, " moves in all; only the winning ones are listed. By %s)\n", sum->method);
    } else if (sum->all_listed && p->printed == 0 && !p->only_winning) {
        fputs("  no moves: nothing can be taken, moved or split here\n", out);
    } else if (sum->all_listed && p->printed == 0) {
        fputs("  no winning move: every move leads to an N-position\n", out);
    } else if (!sum->all_listed) {
        fputs("(", out);
        mpz_out_str(out, 10, sum->total);
        fprintf(out, " moves in all; only the winning ones are listed: every other move leads to an N-position. By %s)\n",
                sum->method);
    }
}

/* The whole answer into out: the position, its moves, the closing lines. */
static int answer(FILE *out, const cli_args *a, printer *p, gr_engine *e, gr_error *err)
{
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    gr_answer here;
    gr_answer_init(&here);
    int rc = gr_engine_value(e, &a->pos, &here, err);
    if (!rc) print_head(out, a, &here);
    if (!rc) rc = gr_engine_moves(e, &a->pos, print_move, p, &sum, err);
    if (!rc && a->format == FMT_JSON) {
        rc = print_json_tail(out, a, p, &sum, e, err);
    } else if (!rc) {
        print_text_tail(out, a, p, &sum);
        if (cli_is_blocking(&a->outcome)) rc = cli_moves_block(out, a->format, e, &a->pos, err);
    }
    gr_answer_clear(&here);
    gr_moves_summary_clear(&sum);
    return rc;
}

int cmd_moves(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    gr_game g = {0};
    printer p = {&g, stdout, FMT_TEXT, false, 0, NULL, NULL};
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS, extra, &p, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (!rc) rc = gr_game_parse(&g, a.rules, &err);
    /* Moves print as they are found; a failure half-way must not leave half
     * an answer, so the output is kept in memory until it is complete. */
    char *buf = NULL;
    size_t len = 0;
    FILE *out = rc ? NULL : open_memstream(&buf, &len);
    if (!rc && !out) rc = gr_fail_nomem(&err);
    if (!rc) {
        gr_engine *e = gr_engine_new(&g, &a.outcome, &a.limits, &err);
        if (e && p.db) gr_engine_use_db(e, p.db);
        p.format = a.format;
        p.out = out;
        p.pos = &a.pos;
        rc = e ? answer(out, &a, &p, e, &err) : GR_ENOMEM;
        fclose(out);
        gr_engine_free(e);
    }
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    if (g.rs) gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
