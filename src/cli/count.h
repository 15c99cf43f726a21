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

#endif
