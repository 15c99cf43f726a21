/* grundy: the command line. One small file per verb; no game logic here. */
#include "cli.h"
#include <string.h>

typedef struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} verb;

static const verb verbs[] = {
    {"games", cmd_games, "list the rulesets and their options"},
    {"value", cmd_value, "the outcome and Grundy value of a position"},
    {"moves", cmd_moves, "every move from a position, its result and value; winning moves marked"},
    {"table", cmd_table, "a table of values, e.g. G(0,a,b) of three-pile Sharing Nim"},
    {"seq", cmd_seq, "a sequence of values: nim-sequences, rows of a table, class sequences"},
    {"count", cmd_count, "the papers' enumerations, exact integers of any size"},
    {"serve", cmd_serve, "serve the page (play, explore, tables, claims) and the JSON API"},
    {"losing", cmd_losing, "the losing positions of Nim with blocking (seed 003's open questions)"},
    {"check", cmd_check, "check the papers' claims: holds, fails (smallest counterexample), unchecked"},
    {"play", cmd_play, "play against perfect play: moves, hints, undo, records"},
    {"solve", cmd_solve, "every position up to a total by the tier solver; results on disk (--out)"},
    {"misere", cmd_misere, "misere play of heap games: the genus of each heap, misere quotients"},
    {"census", cmd_census, "many octal games to a bound, resumable: the frontier table (sparse engine)"},
};

static void usage(FILE *f)
{
    fputs("usage: grundy VERB [ARGS...]   (grundy VERB --help for each)\n\n", f);
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        fprintf(f, "  %-7s %s\n", verbs[i].name, verbs[i].summary);
    fputs("\nRULES is a ruleset name with options, e.g. sharing, nim, kim:reading=R2,\n"
          "sharing:piles=4, 'sharing:graph=0>1/1>2/2>0'. Positions are non-negative integers\n"
          "separated by spaces or commas, of any size where a closed form exists; '-' reads\n"
          "them from standard input. Exit status: 0 ok, 1 internal failure, 2 bad input,\n"
          "3 over a limit (--max-memory, --max-seconds), 4 out of memory, 130 interrupted.\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GR_EINPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("grundy 0.1.0");
        return 0;
    }
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (strcmp(argv[1], verbs[i].name) == 0) return verbs[i].run(argc - 1, argv + 1);
    fprintf(stderr, "grundy: unknown verb '%s'; try grundy --help\n", argv[1]);
    return GR_EINPUT;
}
