/* A grayscale picture written as PNG (through cairo). */
#ifndef GRUNDY_GRAYPNG_H
#define GRUNDY_GRAYPNG_H
#include <stdint.h>
#include <stdio.h>

/* Writes w x h 8-bit gray pixels, rows top to bottom. 0 on success. */
int gr_graypng_write(FILE *f, const uint8_t *pixels, uint32_t w, uint32_t h);

#endif
