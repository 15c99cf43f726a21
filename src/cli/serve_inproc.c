/* grundy serve's in-process answers (serve_inproc.h).
 *
 * The budget is checked before the verb runs, with the estimate the engine
 * itself uses to refuse a search (gr_solver_estimate), not by running the
 * verb under smaller limits: the engine answers some calls differently when
 * a limit stops it (the tier solver instead of search, an outcome without
 * its value, a computer's move without the length search), so smaller
 * limits could change an answer where they should only refuse it. The
 * verb gets the worker's limits, and so the worker's answer. */
#include "serve_inproc.h"
#include "serve_stdio.h"
#include "cli.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct serve_inproc {
    serve_stdio *stdio;
    serve_budget budget;
    pthread_mutex_t lane;      /* held by the one call answered here at a time */
};

typedef struct quick_verb {
    const char *name;
    int (*run)(int argc, char **argv);
    unsigned parts;            /* as the verb parses its words */
    const char *stdin_tail;    /* what stops the verb reading stdin (serve_stdio.h) */
} quick_verb;

static const quick_verb quick[] = {
    {"value", cmd_value, CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS, NULL},
    {"moves", cmd_moves, CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS, NULL},
    /* The script's last reply is the call's answer, and a "quit" reply is
     * never picked (serve_api.c), so quitting where the worker meets the end
     * of its input gives the same answer. The newline ends a last line
     * given without one; an empty line is skipped. */
    {"play", cmd_play, CLI_RULES | CLI_POS | CLI_OUTCOME | CLI_LIMITS | CLI_NOFORMAT, "\nquit\n"},
};

serve_inproc *serve_inproc_new(const serve_budget *budget)
{
    serve_inproc *ip = calloc(1, sizeof *ip);
    if (!ip) return NULL;
    ip->budget = *budget;
    pthread_mutex_init(&ip->lane, NULL);
    ip->stdio = serve_stdio_install();
    if (!ip->stdio) {
        free(ip);
        return NULL;
    }
    return ip;
}

void serve_inproc_free(serve_inproc *ip)
{
    if (!ip) return;
    serve_stdio_remove(ip->stdio);
    pthread_mutex_destroy(&ip->lane);
    free(ip);
}

/* The verbs' own flags, read past: the verb itself checks them. */
static int skip_flag(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    (void)ctx, (void)err;
    if (strcmp(argv[*i], "--winning") == 0 || strcmp(argv[*i], "--script") == 0) return 1;
    if (strcmp(argv[*i], "--first") == 0 && *i + 1 < argc) return ++*i, 1;
    return 0;
}

static int count_lines(const char *s)
{
    int n = *s != '\0';
    for (; *s; s++) n += *s == '\n' && s[1] != '\0';
    return n;
}

/* Whether the call's search fits the budget, by the engine's estimate of
 * the whole game tree below the position (a play call's later positions
 * lie in it, and its lines are counted). Positions past 64 bits, which only
 * closed forms answer, go to the workers. */
static bool within_budget(const serve_inproc *ip, const quick_verb *v, int argc, char **argv, const char *input)
{
    if (input && count_lines(input) > ip->budget.input_lines) return false;
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    bool ok = false;
    if (cli_parse(&a, argc, argv, v->parts, skip_flag, NULL, &err) == GR_OK && !a.help) {
        gr_game g = {0};
        gr_pos small;
        if (gr_bigpos_to_pos(&a.pos, &small) && gr_game_parse(&g, a.rules, &err) == GR_OK) {
            if (gr_game_check_count(&g, a.pos.n, &err) == GR_OK) {
                gr_estimate est;
                gr_solver_estimate(&g, &a.outcome, &small, &est);
                ok = est.seconds <= ip->budget.seconds && est.bytes <= ip->budget.bytes;
            }
            gr_game_release(&g);
        }
    }
    cli_args_free(&a);
    return ok;
}

bool serve_inproc_run(serve_inproc *ip, char **argv, const char *input, size_t max_output, serve_run *r)
{
    memset(r, 0, sizeof *r);
    int argc = 0;
    while (argv[argc]) argc++;
    const quick_verb *v = NULL;
    for (size_t i = 0; argc > 1 && i < sizeof quick / sizeof quick[0]; i++)
        if (strcmp(argv[1], quick[i].name) == 0) v = &quick[i];
    /* the estimate needs no streams: several threads may check at once */
    if (!v || !within_budget(ip, v, argc - 1, argv + 1, input)) return false;
    if (pthread_mutex_trylock(&ip->lane) != 0) return false;
    serve_capture c;
    serve_capture_begin(&c, input, v->stdin_tail, max_output);
    int status = v->run(argc - 1, argv + 1);
    serve_capture_end(&c);
    pthread_mutex_unlock(&ip->lane);
    if (status != 0 || c.too_big || !c.out) {
        free(c.out);
        free(c.err);
        return false;
    }
    r->exited = true;
    r->out = c.out;
    r->out_len = c.out_len;
    r->err = c.err;
    return true;
}
