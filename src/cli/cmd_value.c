/* grundy value: a verb of the answer layer (grundy/api.h), as every verb
 * that answers one position: its help, and the layer does the rest. */
#include "cli.h"

static const char help[] =
    "usage: grundy value RULES POS... [--misere|--players M|--block K|--block-position K]\n"
    "                    [--format text|json]\n"
    "                    [--max-memory SIZE] [--max-seconds S] [--db DIR]\n\n"
    "Prints the outcome (P: the player to move loses; N: wins) and, where known,\n"
    "the Grundy value. Closed forms answer positions of any size; otherwise a\n"
    "search runs, refused up front when it would exceed the limits.\n"
    "POS '-' reads whitespace-separated sizes from standard input.\n"
    "--db DIR answers from the results `grundy solve --out DIR` stored.\n"
    "--quotient FILE (with --misere) answers heap sums by a saved misere quotient.\n";

int cmd_value(int argc, char **argv)
{
    return cli_api_verb(GR_API_VALUE, help, argc, argv);
}
