/* Heatmap of the three-pile Sharing Nim table, G(0,a,b) for a <= b <= n,
 * built from streamed rows: a cell per position for small n (numbers in the
 * cells up to n = 40), a downsampled grid beyond (each pixel the maximum of
 * its k x k block, said on the picture). Written with cairo. */
#ifndef GRUNDY_S3PNG_H
#define GRUNDY_S3PNG_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"

typedef struct gr_s3png gr_s3png;
int gr_s3png_new(gr_s3png **out, uint32_t n, gr_error *err);
void gr_s3png_row(gr_s3png *p, uint32_t b, const uint32_t *half);
/* Rows b0..b0+count-1 (row r at rows + r*stride) on up to `threads`
 * threads, each on whole cells of its own: the same picture. */
void gr_s3png_rows(gr_s3png *p, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads);
/* The same in items, for a caller that shares its own threads out: each
 * item once, on any thread, in any order. */
long gr_s3png_band_items(const gr_s3png *p, uint32_t b0, uint32_t count);
void gr_s3png_band_item(gr_s3png *p, long i, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride);
/* Writes PATH aside and renames it into place. */
int gr_s3png_write(gr_s3png *p, const char *path, gr_error *err);
void gr_s3png_free(gr_s3png *p);

#endif
