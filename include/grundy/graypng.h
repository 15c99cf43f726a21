/* A grayscale PNG with no dependency: deflate "stored" blocks (no
 * compression), so a picture of a table needs neither zlib nor cairo. The
 * files are larger than compressed ones (one byte a pixel), which is fine
 * for pictures of a few hundred pixels a side. */
#ifndef GRUNDY_GRAYPNG_H
#define GRUNDY_GRAYPNG_H
#include <stdint.h>
#include <stdio.h>

/* Writes w x h 8-bit gray pixels, rows top to bottom. 0 on success. */
int gr_graypng_write(FILE *f, const uint8_t *pixels, uint32_t w, uint32_t h);

#endif
