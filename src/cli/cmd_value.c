/* grundy value: a verb of the answer layer (grundy/api.h), as every verb
 * that answers one position: its help, and the layer does the rest. */
#include "cli.h"

static const char help[] =
    "usage: grundy value RULES POS... [--misere|--players M|--block K|--block-position K]\n"
    "                    [--format text|json]\n"
    "                    [--max-memory SIZE] [--max-seconds S] [--db DIR]\n"
    "                    [--in FILE] [--method M]\n\n"
    "Prints the outcome (P: the player to move loses; N: wins) and, where known,\n"
    "the Grundy value. Closed forms answer positions of any size; otherwise a\n"
    "search runs, refused up front when it would exceed the limits.\n"
    "POS '-' reads whitespace-separated sizes from standard input.\n"
    "--db DIR answers from the results `grundy solve --out DIR` stored.\n\n"
    "Heap games (take-and-break codes, Grundy's game, subtraction and split\n"
    "games) under normal play: the XOR of the heaps' values, each from a\n"
    "certified period (any size), else the nim-sequence up to the largest heap\n"
    "by the sparse method (codes it covers, from 50000 heaps) or the fast one;\n"
    "the method is named in the answer. A run over a couple of seconds shows its\n"
    "progress on a terminal.\n"
    "  --in FILE   the values from a sequence file `grundy seq --out FILE` wrote\n"
    "              (its ruleset, and reaching the largest heap)\n"
    "  --method M  auto (default), period, file, sparse, fast, simple or search\n"
    "Under --misere, --quotient FILE answers sums of heaps of any size the\n"
    "quotient covers by a saved misere quotient (`grundy misere --quotient --out`).\n"
    "Limits: --max-memory SIZE (default: half the memory) and --max-seconds S\n"
    "(default 60: CPU time for searches and the fast and simple methods, wall\n"
    "time for the sparse one); a run estimated past them is refused up front,\n"
    "one that runs past them is stopped (exit 3). Threads: searches run on one;\n"
    "the sparse method chooses as it runs (one for codes whose heaps are cheap,\n"
    "all cores otherwise).\n";

int cmd_value(int argc, char **argv)
{
    return cli_api_verb(GR_API_VALUE, help, argc, argv);
}
