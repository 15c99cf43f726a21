/* grundy losing RULES --block K --piles D --max N: every losing (P) position
 * under blocking, piles sorted, each pile at most N, as a list or a picture
 * of a slice. The answer layer's losing verb answers (src/api/losing.c);
 * this verb parses, calls it and prints the reply. */
#include "cli.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy losing RULES (--block K | --block-position K) [--piles D] --max N\n"
    "                     [--format text|csv|json] [--picture FIXED [--png FILE]]\n\n"
    "Lists every P-position (the player to move loses) of D piles (default 3)\n"
    "in which the opponent forbids K moves (--block) or K resulting positions\n"
    "(--block-position) before every move, piles sorted, each at most N, in\n"
    "colex order (by the largest pile, then the next, ...). RULES nim uses a\n"
    "fast table; other rulesets (whose pile order must not matter) are searched.\n"
    "--picture FIXED draws a slice instead: FIXED is D-2 pile sizes separated by\n"
    "commas ('-' for two piles); the picture has a row for each size c of one\n"
    "more pile and a column for each size b <= c of the last, '#' where the\n"
    "position is P, '.' where it is N. --png FILE writes it as a PNG (P black).\n"
    "The Nim table costs O(D^2 C(N+D,D)) time; it is refused up front beyond\n"
    "--max-memory, a search beyond --max-memory or --max-seconds.\n"
    "--misere and --players M are refused: the losing positions are of blocking.\n";

/* losing's own keys, as the answer layer names them */
static const char *const own_keys[] = {"piles", "max", "picture", "png"};

/* One of losing's own flags through the layer's validator (its ranges and
 * messages), at once, so that the first bad word is the one reported. */
static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    gr_api_request *req = ctx;
    return cli_layer_flag(req, own_keys, sizeof own_keys / sizeof *own_keys, argc, argv, i, err);
}

int cmd_losing(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    gr_api_request req;
    gr_api_request_init(&req, GR_API_LOSING, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    int rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_OUTCOME | CLI_LIMITS | CLI_CSV, extra, &req, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
    } else if (!rc) {
        req.outcome = a.outcome;
        req.limits = a.limits;
        if (!(req.rules = strdup(a.rules))) rc = gr_fail_nomem(&err);
        if (!rc) rc = gr_api_call(NULL, &req, &rep, &err);
        /* the whole answer at once: a search may fail half-way */
        if (!rc) gr_api_render(&out, a.format == FMT_JSON ? GR_API_JSON : a.format == FMT_CSV ? GR_API_CSV : GR_API_TEXT, &rep);
        if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
        if (!rc) fwrite(out.s, 1, out.len, stdout);
    }
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
