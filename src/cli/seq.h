/* grundy seq: one verb, several sequence makers. cmd_seq.c parses the flags
 * once; each maker lives in its own file (seq_*.c) and says whether it
 * handles the request. */
#ifndef GRUNDY_SEQ_H
#define GRUNDY_SEQ_H
#include "cli.h"

typedef struct seq_args {
    cli_args common;            /* rules, --format, outcome (--players/--misere), limits */
    gr_game game;
    long from, to;              /* --from (default 0), --to N */
    bool have_to;
    long row, diagonal;         /* --row A, --diagonal D (sharing); -1 when absent */
    bool bfile;                 /* --bfile: OEIS b-file "n a(n)" lines */
    bool period;                /* --period: detect and certify periodicity */
    bool nim_pairs;             /* --nim-pairs (seed 002) */
    const char *method;         /* --method simple|fast, NULL for the default */
} seq_args;

/* Each returns -1 when the request is not its kind, else an exit status. */
int seq_sharing(seq_args *s, gr_error *err);   /* issue 3: rows/diagonals of three-pile Sharing Nim */
int seq_players(seq_args *s, gr_error *err);   /* issue 5: class sequences, nim-pairs */
int seq_heap(seq_args *s, gr_error *err);      /* issue 7: nim-sequences of heap rulesets */
int seq_outcome(seq_args *s, gr_error *err);   /* misere and m-player classes of one heap, any heap ruleset */

#endif
