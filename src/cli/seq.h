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

/* Every sequence is the answer layer's (src/api/seq.c) but for the sparse
 * method's files and listings: --out/--in files, --rare, --until-period,
 * --compare, run here (seq_sparse.c) and rendered by the layer
 * (gr_api_seqfile_*, gr_api_seqcmp_render). */
int seq_sparse(seq_args *s, gr_error *err);
/* The sparse method's progress line on standard error. */
struct gr_sparse_progress;
void seq_progress(void *ctx, const struct gr_sparse_progress *p);
/* --in FILE, streamed a block at a time (seq_in.c). */
int seq_stream_file(seq_args *s, gr_error *err);
/* The period of G(0..count-1) in a sequence file (checked already), in
 * memory for a few blocks (seq_in_period.c). */
struct gr_seqfile_header;
struct gr_period;
struct gr_octal_cert;
int seq_in_period(const char *path, const struct gr_seqfile_header *h, uint64_t count, struct gr_period *per,
                  struct gr_octal_cert *cert, gr_error *err);
/* The layer's format for the flags: GR_API_JSON, _BFILE or _TEXT. */
int seq_api_format(const seq_args *s);
/* An answer rendered: `out` on standard output, then `note` (a b-file's
 * period) on standard error; GR_ENOMEM when either failed to grow. */
int seq_write(const gr_buf *out, const gr_buf *note, gr_error *err);

#endif
