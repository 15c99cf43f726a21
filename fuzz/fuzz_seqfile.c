/* Fuzzes the sequence-file reader (grundy/seqfile.h): any bytes as a file,
 * read strictly and as a resume would (a torn tail allowed). The input's
 * first bytes are laid over a valid header, so the fuzzer reaches the
 * blocks and their checksums, not only the magic. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/seqfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 20) return 0;
    char path[64];
    snprintf(path, sizeof path, "/tmp/fuzz-seqfile-%d", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    for (int torn_ok = 0; torn_ok < 2; torn_ok++) {
        gr_seqfile_header h;
        uint16_t *g = NULL;
        bool torn = false;
        gr_error err;
        gr_error_clear(&err);
        if (gr_seqfile_read(path, &h, &g, 0, torn_ok, &torn, &err) == GR_OK) {
            /* every value is read, so ASan sees a short buffer */
            volatile uint64_t sum = 0;
            for (uint64_t x = 0; x < h.count; x++) sum += g[x];
            (void)sum;
            free(g);
        }
    }
    unlink(path);
    return 0;
}
