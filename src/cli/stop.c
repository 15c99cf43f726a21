/* SIGINT and SIGTERM as the stop hook (gr_limits.stop) of the verbs whose
 * long runs stop cleanly and keep what they finished (census, misere): the
 * first signal asks the run to stop at its next poll; with second_kills a
 * second one kills at once (SA_RESETHAND). The flag is file-scope because a
 * signal handler can reach nothing else; a lock-free atomic is safe there. */
#include "cli.h"
#include <stdatomic.h>
#include <string.h>

static atomic_int interrupted;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&interrupted, 1);
}

static int stop_hook(void *ctx)
{
    (void)ctx;
    return atomic_load(&interrupted);
}

void cli_stop_begin(cli_stop *s, gr_limits *lim, bool second_kills)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = second_kills ? SA_RESETHAND : 0;
    sigaction(SIGINT, &sa, &s->old_int);
    sigaction(SIGTERM, &sa, &s->old_term);
    lim->stop = stop_hook;
}

void cli_stop_end(cli_stop *s)
{
    sigaction(SIGINT, &s->old_int, NULL);
    sigaction(SIGTERM, &s->old_term, NULL);
}
