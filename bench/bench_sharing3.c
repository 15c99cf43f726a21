/* Three-pile Sharing Nim table: the fast method beside the simple one.
 *
 * usage: bench_sharing3 [N...]   (default: 500 1000 2000 65536 131072)
 * For N <= 4000 both methods run in the same process and the tables are
 * compared; beyond, the simple method (O(N^3) time, O(N^2) memory) is out
 * of reach and only the fast one runs, streaming rows into a checksum.
 * Prints wall time, the ratio, and the peak resident memory (getrusage,
 * the process's high-water mark so far). */
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "bench_clock.h"

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

typedef struct acc {
    uint64_t h;
    uint32_t m;
} acc;

static int take(void *ctx, uint32_t b, const uint32_t *row)
{
    acc *x = ctx;
    for (uint32_t a = 0; a <= b / 2; a++) {
        x->h = (x->h ^ row[a]) * 1099511628211ull;
        if (row[a] > x->m) x->m = row[a];
    }
    return 0;
}

/* Streams rows 0..n through the fast method; returns a checksum and the max value. */
static int fast_stream(uint32_t n, uint64_t *sum, uint32_t *vmax, double *touched_mib)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    if (gr_s3fast_new(&st, n, &err)) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return -1;
    }
    acc x = {1469598103934665603ull, 0};
    gr_s3fast_rows(st, n + 1, take, &x);
    *touched_mib = gr_s3fast_touched_bytes(st) / 1048576.0;
    gr_s3fast_free(st);
    *sum = x.h;
    *vmax = x.m;
    return 0;
}

int main(int argc, char **argv)
{
    uint32_t def[] = {500, 1000, 2000, 65536, 131072};
    size_t cnt = argc > 1 ? (size_t)argc - 1 : sizeof def / sizeof def[0];
    printf("%8s %12s %12s %9s %10s %10s %8s %18s\n", "N", "simple_s", "fast_s", "ratio", "peak_MiB", "lines_MiB", "max_G", "checksum");
    for (size_t i = 0; i < cnt; i++) {
        uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[i + 1], NULL, 10) : def[i];
        gr_error err;
        gr_error_clear(&err);
        double ts = -1, tf;
        uint32_t vmax = 0;
        double lines = 0, fcpu = -1;
        uint64_t h = 0;
        if (n <= 4000) {
            gr_s3table s, f;
            double t0 = now();
            if (gr_s3table_simple(&s, n, &err)) return fprintf(stderr, "bench: %s\n", err.msg), 1;
            ts = now() - t0;
            t0 = now();
            if (gr_s3table_fast(&f, n, &err)) return fprintf(stderr, "bench: %s\n", err.msg), 1;
            tf = now() - t0;
            if (memcmp(s.v, f.v, gr_s3table_index(0, n + 1) * sizeof *s.v) != 0) {
                fprintf(stderr, "bench: fast and simple tables differ at N = %u\n", n);
                return 1;
            }
            for (size_t k = 0; k < gr_s3table_index(0, n + 1); k++)
                if (f.v[k] > vmax) vmax = f.v[k];
            gr_s3table_free(&s);
            gr_s3table_free(&f);
        } else {
            double t0 = now(), c0 = cpu_s();
            if (fast_stream(n, &h, &vmax, &lines)) return 1;
            tf = now() - t0;
            fcpu = cpu_s() - c0;
        }
        if (ts >= 0)
            printf("%8u %12.3f %12.4f %9.1f %10.1f %10s %8u %18s\n", n, ts, tf, ts / tf, peak_mib(), "-", vmax, "-");
        else
            printf("%8u %12s %12.2f %9s %10.1f %10.1f %8u %18llx  (cpu %.1f s, both threads)\n", n, "-", tf, "-",
                   peak_mib(), lines, vmax, (unsigned long long)h, fcpu);
        fflush(stdout);
    }
    return 0;
}
