/* Nim-sequence files: G(0), G(1), ... of one ruleset in fixed-width binary,
 * written block by block as they are computed, each block with a checksum,
 * so that a run killed at any point resumes and a reader detects damage.
 *
 * Layout (little-endian; docs/takebreak.md):
 *   0   8 bytes  magic "GRSEQ\0\0\1"
 *   8   u32      width: bytes a value (2)
 *   12  u32      block: values a block (65536)
 *   16  u32      mask given by the user (0: the engine chose it)
 *   20  u32      mask in force for the stored values
 *   24  u64      count: values stored
 *   32  96 bytes the ruleset, as typed (NUL-padded)
 *   128 u64      checksum of bytes 0..127
 *   136 ...      zero up to 256
 *   256 blocks:  `block` values then a u64 checksum; the last block may be
 *                shorter (a finished run), its checksum after its values.
 * The header's count is the commit: a reader takes G(0..count-1), each from
 * a block whose checksum holds, and ignores what lies past them (blocks of
 * a run killed before it wrote the header again). A resume takes every
 * block that checks, cuts off a torn tail (a kill in the middle of a
 * write) and writes the header again at once, so a header write that was
 * lost is repaired. A write that fails (a full disk) puts the file back as
 * its last header left it. */
#ifndef GRUNDY_SEQFILE_H
#define GRUNDY_SEQFILE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "grundy/error.h"

#define GR_SEQFILE_HEADER 256u
#define GR_SEQFILE_BLOCK 65536u
#define GR_SEQFILE_RULES 96u
/* The largest value a file may hold (the sparse method's largest). */
#define GR_SEQFILE_MAX_VALUE 0xfffeu

typedef struct gr_seqfile_header {
    char rules[GR_SEQFILE_RULES];
    uint32_t width, block, mask_given, mask;
    uint64_t count;
} gr_seqfile_header;

/* Reads and checks a whole file: the checksum of every block that holds
 * one of its count values, and each value against its bound (G(0) = 0,
 * none past GR_SEQFILE_MAX_VALUE). *values (malloc'd,
 * the caller frees; room for `reserve` values at least) holds G(0..count-1).
 * `torn_ok` accepts a torn tail (resume), reporting it as *torn; else it is
 * an error. GR_EINPUT with a one-line message for a file that is not a
 * sequence file, is damaged or truncated. */
int gr_seqfile_read(const char *path, gr_seqfile_header *h, uint16_t **values, uint64_t reserve, bool torn_ok,
                    bool *torn, gr_error *err);

/* Is the file shorter than a header and, as far as it goes, the start of
 * one (a run killed while it created the file)? Such a file is started
 * again rather than refused. */
bool gr_seqfile_stub(const char *path);

/* The header, and how many values the file's size could hold. */
int gr_seqfile_peek(const char *path, gr_seqfile_header *h, uint64_t *most, gr_error *err);
/* gr_seqfile_read a block at a time, in memory for one block whatever the
 * file's length: put(ctx, values, at, n, err) takes G(at..at+n-1) of each
 * block that checks, in order (a nonzero return stops the read with that
 * code). `room`: more values than that is an error. Without torn_ok the
 * read stops at the header's count; with it, at the last block that checks
 * (h->count is then what was read). */
typedef int (*gr_seqfile_sink)(void *ctx, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err);
int gr_seqfile_read_each(const char *path, gr_seqfile_header *h, uint64_t room, bool torn_ok, bool *torn,
                         gr_seqfile_sink put, void *ctx, gr_error *err);

/* Random access to a file's values in memory for a few blocks whatever
 * its length: each value is read from its block, and the block's checksum
 * and values are checked when the block is first read (a damaged block
 * elsewhere goes unnoticed; gr_seqfile_read checks them all). A few blocks
 * are kept, so that walks up and down a heap's splits read each once.
 * gr_seqfile_open checks the header and that the file is as long as its
 * count says; GR_EINPUT with a one-line message otherwise, as is a heap
 * past the count or a damaged block in gr_seqfile_at. */
typedef struct gr_seqfile_reader gr_seqfile_reader;
gr_seqfile_reader *gr_seqfile_open(const char *path, gr_seqfile_header *h, gr_error *err);
int gr_seqfile_at(gr_seqfile_reader *r, uint64_t x, uint16_t *value, gr_error *err);
const gr_seqfile_header *gr_seqfile_reader_header(const gr_seqfile_reader *r);
void gr_seqfile_reader_free(gr_seqfile_reader *r);

/* A file being written. */
typedef struct gr_seqfile {
    FILE *f;
    gr_seqfile_header h;
    uint64_t written;          /* values in full blocks on disk */
    uint16_t *wide;            /* a block widened from byte values (gr_seqfile_sync, width 1) */
    char *path;
    gr_seqfile_header kept;    /* the header on disk: what a failed write puts back */
    uint16_t *tail;            /* kept's short last block (kept.count % block values), NULL when none */
} gr_seqfile;

/* Creates the file (replacing none: it must not exist), or opens an existing
 * one to append after the `have` values a resume read from it (a torn tail
 * past them is cut off, and the header is written again with count `have`:
 * a header write a kill lost is repaired here). */
int gr_seqfile_create(gr_seqfile *w, const char *path, const gr_seqfile_header *h, gr_error *err);
int gr_seqfile_reopen(gr_seqfile *w, const char *path, const gr_seqfile_header *h, uint64_t have, gr_error *err);
/* Writes the full blocks of g[written..count) and the header (count and mask
 * as given). With `final`, also the short last block. Flushed to the kernel,
 * so a killed process loses nothing written. g holds values of `width`
 * bytes (1 or 2); the file holds 16-bit values either way, so it is the
 * same file whatever the layout in memory. A failed write names the
 * system's reason and leaves the file as the last header written says (a
 * failed extension leaves it readable to its earlier length). */
int gr_seqfile_sync(gr_seqfile *w, const void *g, unsigned width, uint64_t count, uint32_t mask, bool final,
                    gr_error *err);
int gr_seqfile_close(gr_seqfile *w, gr_error *err);

#endif
