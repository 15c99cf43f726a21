/* `grundy games`: the rulesets, their options, how their moves are written,
 * and the outcome rules: the answer layer's games verb (src/api/games.c),
 * parsed, called and printed. */
#include "cli.h"

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
    gr_api_request req;
    gr_api_request_init(&req, GR_API_GAMES, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    rc = gr_api_call(NULL, &req, &rep, &err);
    if (!rc) gr_api_render(&out, a.format == FMT_JSON ? GR_API_JSON : GR_API_TEXT, &rep);
    if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
    if (!rc) fwrite(out.s, 1, out.len, stdout);
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
