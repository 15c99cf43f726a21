/* `grundy games`: the rulesets, their options, how their moves are written,
 * and the outcome rules, from the library's registries. The page reads this
 * list (as /api/games) and knows no game of its own, so everything a front
 * end needs to offer a game and write its moves is here. */
#include "cli.h"
#include "grundy/io.h"
#include <string.h>

static void json_flags(FILE *f, unsigned flags)
{
    fputc('[', f);
    const char *names[] = {"heaps", "loopy", "conserves-total"};
    int k = 0;
    for (int i = 0; i < 3; i++)
        if (flags & (1u << i)) fprintf(f, "%s\"%s\"", k++ ? "," : "", names[i]);
    fputc(']', f);
}

/* The notation `grundy play` reads for each kind of move (src/engine/play_text.c),
 * with letters a front end fills in: P the pile moved from (F for a transfer),
 * T the pile moved to, K the amount, A B ... the parts a pile becomes. */
static const struct {
    int kind;
    const char *name;
    const char *notation;
} kinds[] = {
    {GR_MOVE_TAKE, "take", "P K"},
    {GR_MOVE_TRANSFER, "transfer", "F T K"},
    {GR_MOVE_SPLIT, "split", "P = A B ..."},
};

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

/* The kinds of move of a ruleset, one per line of its move_help ("NOTATION
 * <two or more spaces> what it does"), each with its notation and summary. */
static void json_moves(FILE *f, const char *help)
{
    fputc('[', f);
    int n = 0;
    for (const char *line = help; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *gap = strstr(line, "  ");
        if (!gap || gap > line + len) gap = line + len;
        const char *say = gap;
        while (say < line + len && *say == ' ') say++;
        int kind = kind_of_help(line, (size_t)(gap - line));
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            if (kinds[k].kind != kind) continue;
            char summary[256], written[64];
            snprintf(summary, sizeof summary, "%.*s", (int)(line + len - say), say);
            snprintf(written, sizeof written, "%.*s", (int)(gap - line), line);
            fprintf(f, "%s{\"kind\":\"%s\",\"notation\":\"%s\",\"written\":", n++ ? "," : "", kinds[k].name,
                    kinds[k].notation);
            gr_json_string(f, written);
            fputs(",\"summary\":", f);
            gr_json_string(f, summary);
            fputc('}', f);
        }
        line = end ? end + 1 : NULL;
    }
    fputc(']', f);
}

/* The outcome rules, each with the flag that asks for it (the command line's
 * --NAME, the API's NAME=) and the range of its number when it takes one,
 * as the registry states them (the default rule takes no flag: param_min
 * -1; a rule without a number: param_max 0). */
static void json_outcome_rules(FILE *f)
{
    fputc('[', f);
    for (size_t i = 0; i < gr_outcome_rule_count(); i++) {
        const gr_outcome_rule *r = gr_outcome_rule_at(i);
        bool normal = r->param_min < 0, plain = r->param_max == 0;
        long lo = r->param_min, hi = r->param_max;
        fprintf(f, "%s{\"name\":", i ? "," : "");
        gr_json_string(f, r->name);
        fputs(",\"summary\":", f);
        gr_json_string(f, r->summary);
        fputs(",\"flag\":", f);
        if (normal) fputs("null", f);
        else gr_json_string(f, r->name);
        if (plain) fputs(",\"number\":null}", f);
        else fprintf(f, ",\"number\":{\"min\":%ld,\"max\":%ld}}", lo, hi);
    }
    fputc(']', f);
}

static void print_json(FILE *f)
{
    fputc('[', f);
    for (size_t i = 0; i < gr_ruleset_count(); i++) {
        const gr_ruleset *rs = gr_ruleset_at(i);
        fprintf(f, "%s{\"name\":", i ? "," : "");
        gr_json_string(f, rs->name);
        fputs(",\"summary\":", f);
        gr_json_string(f, rs->summary);
        fputs(",\"options\":", f);
        gr_json_string(f, rs->options);
        fputs(",\"flags\":", f);
        json_flags(f, rs->flags);
        fputs(",\"unit\":", f);
        gr_json_string(f, rs->unit ? rs->unit : (rs->flags & GR_RS_HEAPS) ? "heap" : "pile");
        fputs(",\"moves\":", f);
        json_moves(f, rs->move_help);
        fputs(",\"outcome_rules\":", f);
        json_outcome_rules(f);
        fputc('}', f);
    }
    fputs("]\n", f);
}

int cmd_games(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    int rc = cli_parse(&a, argc, argv, 0, NULL, NULL, &err);
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    if (a.help) {
        puts("usage: grundy games [--format text|json]\n\nLists the rulesets, their options and how moves are written.");
        cli_args_free(&a);
        return 0;
    }
    if (a.format == FMT_JSON) {
        print_json(stdout);
    } else {
        for (size_t i = 0; i < gr_ruleset_count(); i++) {
            const gr_ruleset *rs = gr_ruleset_at(i);
            printf("%-12s %s\n", rs->name, rs->summary);
            const char *o = rs->options;
            while (o && *o) {
                const char *e = strchr(o, '\n');
                int len = e ? (int)(e - o) : (int)strlen(o);
                printf("             %.*s\n", len, o);
                o = e ? e + 1 : NULL;
            }
        }
        puts("\noutcome rules (--misere, --players M, --block K, --block-position K; normal by default):");
        for (size_t i = 0; i < gr_outcome_rule_count(); i++)
            printf("%-15s %s\n", gr_outcome_rule_at(i)->name, gr_outcome_rule_at(i)->summary);
    }
    cli_args_free(&a);
    return 0;
}
