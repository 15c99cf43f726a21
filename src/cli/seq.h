/* grundy seq: one verb, several sequence makers. cmd_seq.c parses the flags
 * once; each maker lives in its own file (seq_*.c) and says whether it
 * handles the request. */
#ifndef GRUNDY_SEQ_H
#define GRUNDY_SEQ_H
#include "cli.h"
#include <stdio.h>

typedef struct seq_args {
    cli_args common;            /* rules, --format, outcome (--players/--misere), limits */
    gr_game game;
    long from, to;              /* --from (default 0), --to N */
    bool have_to;
    long row, diagonal;         /* --row A, --diagonal D (sharing); -1 when absent */
    bool bfile;                 /* --bfile: OEIS b-file "n a(n)" lines */
    bool period;                /* --period: detect and certify periodicity */
    bool nim_pairs;             /* --nim-pairs (seed 002) */
    const char *method;         /* --method simple|fast|sparse, NULL for the default */
    long mask;                  /* --mask M (sparse); 0 when absent */
    long threads;               /* --threads T; 0: all cores */
    const char *out;            /* --out FILE: a sequence file, resumed when it exists */
    const char *in;             /* --in FILE: a stored sequence instead of a computation */
    bool rare;                  /* --rare: the rare heaps with their values */
    bool until_period;          /* --until-period: stop once a period is certified */
    const char *compare[2];     /* --compare CODE1 CODE2 */
} seq_args;

/* Each returns -1 when the request is not its kind, else an exit status. */
int seq_sharing(seq_args *s, gr_error *err);   /* issue 3: rows/diagonals of three-pile Sharing Nim */
int seq_players(seq_args *s, gr_error *err);   /* issue 5: class sequences, nim-pairs */
int seq_heap(seq_args *s, gr_error *err);      /* issue 7: nim-sequences of heap rulesets */
/* The sparse-space engine: --method sparse, --out/--in files, --rare,
 * --until-period, --compare (seq_sparse.c). */
int seq_sparse(seq_args *s, gr_error *err);
bool seq_wants_sparse(const seq_args *s);
/* --in FILE without --period, streamed a block at a time (seq_in.c). */
int seq_stream_file(seq_args *s, gr_error *err);
/* Asked for the sparse engine by name or by one of its options. */
bool seq_sparse_only(const seq_args *s);
/* The period lines, shared by the makers of heap sequences. */
struct gr_period;
struct gr_octal_cert;
void seq_print_period_text(FILE *f, const struct gr_period *p, const struct gr_octal_cert *cert);
void seq_print_period_json(FILE *f, const struct gr_period *p, const struct gr_octal_cert *cert);
int seq_outcome(seq_args *s, gr_error *err);   /* misere and m-player classes of one heap, any heap ruleset */

#endif
