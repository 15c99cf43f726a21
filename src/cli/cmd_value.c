#include "cli.h"
#include "grundy/io.h"
#include <string.h>

static const char help[] =
    "usage: grundy value RULES POS... [--misere|--players M|--block K|--block-position K]\n"
    "                    [--format text|json]\n"
    "                    [--max-memory SIZE] [--max-seconds S] [--db DIR]\n\n"
    "Prints the outcome (P: the player to move loses; N: wins) and, where known,\n"
    "the Grundy value. Closed forms answer positions of any size; otherwise a\n"
    "search runs, refused up front when it would exceed the limits.\n"
    "POS '-' reads whitespace-separated sizes from standard input.\n"
    "--db DIR answers from the results `grundy solve --out DIR` stored.\n";

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    if (strcmp(argv[*i], "--db") != 0) return 0;
    if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--db needs a directory");
    *(const char **)ctx = argv[++*i];
    return 1;
}

void cli_print_answer_json(const char *rules, const gr_bigpos *pos, const gr_answer *ans)
{
    fputs("{\"ruleset\":", stdout);
    gr_json_string(stdout, rules);
    fputs(",\"position\":", stdout);
    gr_json_bigpos(stdout, pos);
    fputs(",\"outcome\":", stdout);
    gr_json_string(stdout, ans->outcome);
    fputs(",\"value\":", stdout);
    if (ans->has_value) gr_json_mpz(stdout, ans->value);
    else fputs("null", stdout);
    fputs(",\"method\":", stdout);
    gr_json_string(stdout, ans->method);
    if (ans->value_needs_search) fputs(",\"note\":\"the exact value needs search, which is out of reach here\"", stdout);
    fputs("}\n", stdout);
}

int cmd_value(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    gr_game g = {0};
    const char *db = NULL;
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS, extra, &db, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (!rc) rc = gr_game_parse(&g, a.rules, &err);
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    gr_engine *e = gr_engine_new(&g, &a.outcome, &a.limits, &err);
    if (e && db) gr_engine_use_db(e, db);
    gr_answer ans;
    gr_answer_init(&ans);
    rc = e ? gr_engine_value(e, &a.pos, &ans, &err) : GR_ENOMEM;
    if (!rc) {
        if (a.format == FMT_JSON) {
            cli_print_answer_json(a.rules, &a.pos, &ans);
        } else {
            printf("%s", ans.outcome);
            if (ans.has_value) {
                fputs("  value ", stdout);
                mpz_out_str(stdout, 10, ans.value);
            } else if (ans.value_needs_search) {
                fputs("  value unknown (needs search, out of reach here)", stdout);
            }
            printf("  (%s)\n", ans.method);
        }
    }
    gr_answer_clear(&ans);
    gr_engine_free(e);
    gr_game_release(&g);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
