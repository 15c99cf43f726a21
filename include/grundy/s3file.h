/* The three-pile Sharing Nim table on disk (docs/sharing-table.md, "File
 * format"): a 16-byte header, then one record per row b = 0..n holding
 * G(0,a,b) for a = 0..b/2 bit-packed at the row's own width, each record
 * closed by a CRC-32. Rows are written as they are computed; a record is
 * a checkpoint, so an interrupted run resumes from its last whole row.
 *
 * Writing goes to PATH.part (a fixed name, so the next run finds it) and
 * PATH appears, by rename, only when the table is complete. */
#ifndef GRUNDY_S3FILE_H
#define GRUNDY_S3FILE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "grundy/error.h"

#define GR_S3FILE_MAGIC "GRS3TBL1"

typedef struct gr_s3file {
    FILE *f;
    char *path;             /* final name */
    char *part;             /* PATH.part while writing */
    uint32_t n;             /* last row */
    uint32_t next;          /* next row to read or write */
    unsigned char *buf;     /* one packed record */
    size_t cap;
    uint32_t *row;          /* one unpacked row, for recovery */
    uint32_t crc[8][256];   /* CRC-32 tables, eight bytes a step */
    struct gr_s3file_async *async;   /* background writes of whole bands (gr_s3file_write_rows) */
} gr_s3file;

/* Reading a finished file: every record is checked (length, CRC, bounds)
 * when it is opened, so a refused file hands out no row. */
int gr_s3file_open_read(gr_s3file *f, const char *path, gr_error *err);
/* Reads the next row into row[0..b/2]; fails (GR_EINPUT) on a damaged or
 * truncated record or a value past gr_s3file_bound. */
int gr_s3file_read_row(gr_s3file *f, uint32_t *row, gr_error *err);

/* Writing: opens PATH.part, keeping every whole row that a previous run with
 * the same n left there (each record's length, CRC and values are checked)
 * and cutting off a torn last record (one the file ends inside, or a tail
 * of zero bytes). A record that is whole but damaged, with more after it,
 * or one with a value past its bound, is refused (GR_EINPUT) and the file
 * left untouched. `recovered` receives the kept rows in
 * order, so the caller can rebuild its state; f->next is then the first row
 * still to write. */
typedef int (*gr_s3file_row_fn)(void *ctx, uint32_t b, const uint32_t *row, gr_error *err);
int gr_s3file_open_write(gr_s3file *f, const char *path, uint32_t n, gr_s3file_row_fn recovered, void *ctx,
                         gr_error *err);
/* Appends row f->next and pushes it to the operating system (the checkpoint). */
int gr_s3file_write_row(gr_s3file *f, const uint32_t *row, gr_error *err);
/* Appends rows f->next .. f->next+count-1 (row r of them at rows + r*stride):
 * their records are packed on up to `threads` threads, then written by a
 * background thread while the caller computes on (the records land in row
 * order, whole, one band after the other). Returns once the previous band's
 * write has finished; a failed write is reported here or by the commit. */
int gr_s3file_write_rows(gr_s3file *f, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                         gr_error *err);
/* The same in pieces, for a caller that shares its own threads out: begin
 * a band of count rows from f->next, pack row r of it (any thread, any
 * order, each row once), end (checks, and hands the band to the writer). */
int gr_s3file_band_begin(gr_s3file *f, uint32_t count, gr_error *err);
void gr_s3file_band_pack(gr_s3file *f, uint32_t r, const uint32_t *row);
int gr_s3file_band_end(gr_s3file *f, gr_error *err);
/* Waits for the band being written, then gives the seconds the caller
 * waited for background writes (the serial part left of the file) and the
 * seconds the background writes took. */
void gr_s3file_write_times(gr_s3file *f, double *waited_s, double *writing_s);
/* After row n: flush, fsync, rename PATH.part to PATH. */
int gr_s3file_commit(gr_s3file *f, gr_error *err);
/* Closes without renaming (keeps PATH.part for a later resume). */
void gr_s3file_close(gr_s3file *f);

/* Bytes of the record of row b at width w. */
uint64_t gr_s3file_record_bytes(uint32_t b, unsigned w);
/* The most options (0,a,b), 2a <= b, has: floor(a/2) + floor(b/2) +
 * floor((b-a)/2) <= b (docs/sharing-table.md), so no G(0,a,b) is larger.
 * Every value read from a file is checked against it; a record past it is
 * refused (GR_EINPUT), whatever its CRC says. */
uint32_t gr_s3file_bound(uint32_t a, uint32_t b);

#endif
