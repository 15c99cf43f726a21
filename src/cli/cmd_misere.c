/* grundy misere: the genus of each heap and the misere quotient of a heap
 * game (src/misere/, docs/misere.md). The answer layer's misere verb
 * answers (src/api/misere.c); this verb parses, calls it and prints the
 * reply, whole, once it is complete. */
#include "cli.h"
#include "grundy/misere.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy misere RULES --to N --genus [--terms T] [--format text|json]\n"
    "       grundy misere RULES --to N --quotient [--out FILE] [--resume FILE] [--verify B]\n"
    "                     [--format text|json] [--max-memory SIZE] [--max-seconds S]\n"
    "       grundy misere --in FILE [--verify B] [--format text|json]\n\n"
    "Misere play of a heap game (docs/misere.md).\n\n"
    "  --genus          Conway's genus g^{g0 g1 ...} of each heap 0..N: g the normal\n"
    "                   value, gk the misere value of the heap plus k copies of *2;\n"
    "                   marks the first heap whose genus is not a nim sum's (tame)\n"
    "  --terms T        superscript terms computed (4 to 8, default 6)\n"
    "  --quotient       the misere quotient of the heaps 0..N, built heap by heap and\n"
    "                   proved for every sum: presentation, |Q|, |P|, the P-portion,\n"
    "                   phi of each heap, the heaps where it grew, a period of phi\n"
    "                   where one is proved (then it is the quotient of all heaps);\n"
    "                   JSON adds the table\n"
    "  --out FILE       save the quotient (value/moves --misere --quotient FILE);\n"
    "                   a build stopped (time limit, estimate, Ctrl-C) saves the\n"
    "                   heaps it finished, for --resume\n"
    "  --resume FILE    carry on from a saved quotient of the same game\n"
    "  --progress       one line a heap on standard error\n"
    "  --verify B       also compare with misere search on every sum of up to 3 heaps\n"
    "                   each at most B\n"
    "  --in FILE        print a saved quotient\n";

typedef struct mis_args {
    cli_args common;
    gr_api_request req;        /* misere's own flags go straight into it */
} mis_args;

/* misere's own flags, each handed to the layer's validator as it is read. */
static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    static const char *const own_keys[] = {"to", "terms", "verify", "genus", "quotient", "out", "in", "resume"};
    mis_args *m = ctx;
    if (strcmp(argv[*i], "--progress") == 0) return m->req.misere.progress_ctx = m, 1;
    return cli_layer_flag(&m->req, own_keys, sizeof own_keys / sizeof *own_keys, argc, argv, i, err);
}

/* --progress: one line a heap on standard error */
static void progress(void *ctx, int heap, uint32_t order, bool changed)
{
    (void)ctx;
    fprintf(stderr, "heap %d: |Q| = %u%s\n", heap, order, changed ? " (grew)" : "");
}

int cmd_misere(int argc, char **argv)
{
    mis_args m;
    memset(&m, 0, sizeof m);
    gr_api_request_init(&m.req, GR_API_MISERE, GR_FRONT_CLI);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    gr_buf out;
    gr_buf_init(&out);
    gr_error err;
    gr_error_clear(&err);
    unsigned parts = CLI_RULES | CLI_LIMITS;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--in") == 0) parts &= ~(unsigned)CLI_RULES;
    int rc = cli_parse(&m.common, argc, argv, parts, extra, &m, &err);
    if (!rc && m.common.help) {
        fputs(help, stdout);
    } else if (!rc) {
        if (m.req.misere.in && m.common.rules)
            rc = gr_fail(&err, GR_EINPUT, "unexpected argument '%s': --in FILE names the game", m.common.rules);
        else if (!m.req.misere.in && !m.common.rules)
            rc = gr_fail(&err, GR_EINPUT, "misere needs RULES (or --in FILE)");
        else if (m.common.rules && !(m.req.rules = strdup(m.common.rules)))
            rc = gr_fail_nomem(&err);
        m.req.limits = m.common.limits;
        if (m.req.misere.progress_ctx) m.req.misere.progress = progress;
        /* the first signal asks the build to stop and save the heaps it
         * finished to --out; a second one kills */
        cli_stop stop;
        cli_stop_begin(&stop, &m.req.limits, true);
        if (!rc) rc = gr_api_call(NULL, &m.req, &rep, &err);
        cli_stop_end(&stop);
        /* the whole answer at once: a build may fail half-way */
        if (!rc) gr_api_render(&out, m.common.format == FMT_JSON ? GR_API_JSON : GR_API_TEXT, &rep);
        if (!rc && !gr_buf_ok(&out)) rc = gr_fail_nomem(&err);
        if (!rc) fwrite(out.s, 1, out.len, stdout);
    }
    gr_buf_free(&out);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&m.req);
    cli_args_free(&m.common);
    return rc ? cli_report(&err) : 0;
}
