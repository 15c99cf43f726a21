/* Writes a long nim-sequence file cheaply, for measuring what `grundy seq
 * --in FILE` (--rare, --bfile, --period) and `value --in FILE` use on a
 * file of Grundy's game's size (2^32 values: 8 GiB) without the days of
 * computing Grundy's game that far. The values are a real code's: MODEL is
 * a file `grundy seq CODE --to N --out MODEL` wrote, long enough for the
 * periodicity theorem to certify the code's period; the new file is MODEL's
 * header (ruleset, mask) with the certified periodic extension to TO, so
 * every value in it is the code's true G(n). Files hold two bytes a value
 * whatever the values, so the file is the size Grundy's game's would be.
 *
 *   bench_seqfile_big MODEL TO OUT      e.g. MODEL of tb:0.16 to 10^5, TO 4294967295
 *
 * Needs TO + 1 bytes of memory (the values a byte each, as the engine
 * holds them) and 2.0001 (TO + 1) bytes of disk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/period.h"
#include "grundy/ruleset.h"
#include "grundy/seqfile.h"
#include "grundy/takebreak.h"
#include "bench_clock.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_seqfile_big MODEL TO OUT\n");
        return 2;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_seqfile_header h;
    uint16_t *m = NULL;
    if (gr_seqfile_read(argv[1], &h, &m, 0, false, NULL, &err)) {
        fprintf(stderr, "bench_seqfile_big: %s\n", err.msg);
        return 2;
    }
    uint64_t to = strtoull(argv[2], NULL, 10);
    gr_game g = {0};
    gr_tb_code c;
    gr_period p;
    gr_octal_cert cert = {0};
    if (gr_game_parse(&g, h.rules, &err) == GR_OK && gr_tb_code_of(&g, &c) && gr_period_find16(m, h.count - 1, &p))
        gr_period_octal(&c, &p, &cert);
    gr_game_release(&g);
    if (!cert.certified || p.saltus != 0) {
        fprintf(stderr, "bench_seqfile_big: %s holds no certified period of %s in its %llu values\n", argv[1],
                h.rules, (unsigned long long)h.count);
        return 2;
    }
    for (uint64_t x = 0; x < h.count; x++)
        if (m[x] > 255) {
            fprintf(stderr, "bench_seqfile_big: values past 255 (G(%llu) = %u): a byte a value will not do\n",
                    (unsigned long long)x, m[x]);
            return 2;
        }
    uint8_t *v = malloc(to + 1);
    if (!v) {
        fprintf(stderr, "bench_seqfile_big: cannot allocate %llu bytes\n", (unsigned long long)to + 1);
        return 4;
    }
    /* G(x) = G(x - p) from the preperiod on: the theorem's certificate */
    for (uint64_t x = 0; x <= to; x++) v[x] = (uint8_t)(x < h.count ? m[x] : v[x - p.period]);
    free(m);
    gr_seqfile w = {0};
    double t0 = now();
    int rc = gr_seqfile_create(&w, argv[3], &h, &err);
    /* a header every 2^26 values, as a run's checkpoints would write it */
    for (uint64_t at = 1ull << 26; !rc && at < to + 1; at += 1ull << 26)
        rc = gr_seqfile_sync(&w, v, 1, at, h.mask, false, &err);
    if (!rc) rc = gr_seqfile_sync(&w, v, 1, to + 1, h.mask, true, &err);
    int crc = gr_seqfile_close(&w, &err);
    free(v);
    if (rc || crc) {
        fprintf(stderr, "bench_seqfile_big: %s\n", err.msg);
        return 2;
    }
    printf("%s: G(0..%llu) of %s (preperiod %llu, period %llu, certified from G(0..%llu)) in %.1f s\n", argv[3],
           (unsigned long long)to, h.rules, (unsigned long long)p.preperiod, (unsigned long long)p.period,
           (unsigned long long)cert.needed_to, now() - t0);
    return 0;
}
