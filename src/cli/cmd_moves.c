/* grundy moves: a verb of the answer layer (grundy/api.h; src/api/moves.c). */
#include "cli.h"

static const char help[] =
    "usage: grundy moves RULES POS... [--misere|--players M|--block K|--block-position K]\n"
    "                    [--winning] [--format text|json]\n"
    "                    [--max-memory SIZE] [--max-seconds S] [--db DIR]\n"
    "                    [--in FILE] [--method M]\n\n"
    "Lists every move: what it does, the resulting position, its value or outcome;\n"
    "winning moves are marked '*'. Beyond search, where a closed form applies, the\n"
    "winning moves are listed with the total number of moves. --winning lists the\n"
    "winning moves only. Under --block / --block-position a last section says\n"
    "which moves (positions) the blocker must forbid, and the mover's reply to\n"
    "each ban. --db DIR answers from `grundy solve --out DIR` results.\n"
    "Heap games are listed by their heaps' values (see grundy value --help for\n"
    "--in and --method); past a million moves only the winning ones are listed.\n"
    "--quotient FILE (with --misere) answers heap sums by a saved misere quotient.\n"
    "Limits: --max-memory SIZE (default: half the memory) and --max-seconds S\n"
    "(default 60: CPU time for searches and the fast and simple methods, wall\n"
    "time for the sparse one); a run estimated past them is refused up front,\n"
    "one that runs past them is stopped (exit 3). Threads: searches run on one;\n"
    "the sparse method chooses as it runs (one for codes whose heaps are cheap,\n"
    "all cores otherwise).\n";

int cmd_moves(int argc, char **argv)
{
    return cli_api_verb(GR_API_MOVES, help, argc, argv);
}
