#include "count.h"
#include <stdlib.h>
#include <string.h>

int count_sharing_p(int argc, char **argv);   /* count_sharing.c */
int count_sharing_f(int argc, char **argv);   /* count_sharing.c */

/* Subcommands, one line each: add yours here (defined in count_*.c). */
static const count_cmd commands[] = {
    {"pairs", "pairs (a,b) with a given sum and XOR (seed 001, Thm 7.2)", count_kim_pairs},
    {"zero-nim", "three-pile zero nim-sum positions of a total (seed 001, Lemmas 7.4/7.5)", count_kim_zero_nim},
    {"no-carry", "positions (a,b,a+b) by binary digits (seed 001, Thms 7.7/7.9)", count_kim_no_carry},
    {"zero-graph", "zero nim-sum positions of a total linked by transfers (seed 001, 7.11-7.13)", count_kim_zero_graph},
    {"sharing-p", "P-positions of 3-pile Sharing Nim with n tokens vs floor(n/3) (seed 000)", count_sharing_p},
    {"sharing-f", "f(n) = [G(0,0,n) > 0] of 3-pile Sharing Nim, mod 32 (seed 000)", count_sharing_f},
    {NULL, NULL, NULL},
};

static void usage(FILE *f)
{
    fputs("usage: grundy count WHAT [ARGS...] [--format text|json]\n\nWHAT is one of:\n", f);
    for (size_t i = 0; commands[i].what; i++) fprintf(f, "  %-12s %s\n", commands[i].what, commands[i].summary);
}

int cmd_count(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? GR_EINPUT : 0;
    }
    /* "--flag=value" is "--flag value", as for the other verbs */
    char **words = malloc((size_t)(2 * argc + 1) * sizeof *words);
    if (!words) return fputs("grundy: out of memory\n", stderr), GR_ENOMEM;
    int n = 0;
    for (int i = 1; i < argc; i++) {
        char *eq = strncmp(argv[i], "--", 2) == 0 ? strchr(argv[i], '=') : NULL;
        if (eq && eq > argv[i] + 2) {
            *eq = '\0';
            words[n++] = argv[i];
            words[n++] = eq + 1;
        } else {
            words[n++] = argv[i];
        }
    }
    words[n] = NULL;
    int rc = -1;
    for (size_t i = 0; rc == -1 && commands[i].what; i++)
        if (strcmp(argv[1], commands[i].what) == 0) rc = commands[i].run(n, words);
    free(words);
    if (rc != -1) return rc;
    fprintf(stderr, "grundy: unknown count '%s'; grundy count --help lists them\n", argv[1]);
    return GR_EINPUT;
}
