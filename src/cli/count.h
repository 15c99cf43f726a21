/* grundy count WHAT ...: the papers' enumerations, exact. Each subcommand
 * lives in its own file and is listed once in cmd_count.c. */
#ifndef GRUNDY_COUNT_H
#define GRUNDY_COUNT_H
#include "cli.h"

typedef struct count_cmd {
    const char *what;
    const char *summary;
    int (*run)(int argc, char **argv);   /* argv[0] is WHAT */
} count_cmd;

/* count_kim.c (seed 001) */
int count_kim_pairs(int argc, char **argv);
int count_kim_zero_nim(int argc, char **argv);
int count_kim_no_carry(int argc, char **argv);
int count_kim_zero_graph(int argc, char **argv);

#endif
