/* PNG writer for gray pictures: IHDR, one IDAT holding a zlib stream of
 * stored deflate blocks, IEND. CRC-32 and Adler-32 are computed here. */
#include "grundy/graypng.h"
#include <stdlib.h>
#include <string.h>

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t head[8];
    put32(head, (uint32_t)n);
    memcpy(head + 4, type, 4);
    uint32_t crc = crc_update(0, head + 4, 4);
    if (n) crc = crc_update(crc, data, n);
    uint8_t tail[4];
    put32(tail, crc);
    if (fwrite(head, 1, 8, f) != 8) return -1;
    if (n && fwrite(data, 1, n, f) != n) return -1;
    return fwrite(tail, 1, 4, f) == 4 ? 0 : -1;
}

int gr_graypng_write(FILE *f, const uint8_t *pixels, uint32_t w, uint32_t h)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (w == 0 || h == 0) return -1;
    size_t raw = (size_t)h * (w + 1);                 /* a filter byte (0: none) per row */
    size_t blocks = raw / 65535 + 1;
    size_t n = 2 + raw + blocks * 5 + 4;
    uint8_t *z = malloc(n);
    if (!z) return -1;
    size_t o = 0;
    z[o++] = 0x78, z[o++] = 0x01;                     /* zlib header: deflate, 32K window */
    uint32_t s1 = 1, s2 = 0;                          /* Adler-32 */
    size_t done = 0, row = 0, col = 0;
    while (done < raw || done == 0) {
        size_t len = raw - done < 65535 ? raw - done : 65535;
        z[o++] = done + len == raw ? 1 : 0;           /* BFINAL, BTYPE 00 (stored) */
        z[o++] = (uint8_t)len, z[o++] = (uint8_t)(len >> 8);
        z[o++] = (uint8_t)~len, z[o++] = (uint8_t)(~len >> 8);
        for (size_t i = 0; i < len; i++) {
            uint8_t b = col == 0 ? 0 : pixels[row * w + col - 1];
            if (++col == (size_t)w + 1) col = 0, row++;
            z[o++] = b;
            s1 = (s1 + b) % 65521;
            s2 = (s2 + s1) % 65521;
        }
        done += len;
        if (raw == 0) break;
    }
    put32(z + o, (s2 << 16) | s1);
    o += 4;
    uint8_t ihdr[13];
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8, ihdr[9] = 0, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0;   /* 8-bit gray */
    int rc = fwrite(sig, 1, 8, f) == 8 ? 0 : -1;
    if (!rc) rc = chunk(f, "IHDR", ihdr, sizeof ihdr);
    if (!rc) rc = chunk(f, "IDAT", z, o);
    if (!rc) rc = chunk(f, "IEND", NULL, 0);
    free(z);
    return rc;
}
