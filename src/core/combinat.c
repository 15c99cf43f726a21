#include "grundy/combinat.h"
#include <math.h>
#include <stdlib.h>

#define EXACT_LIMIT 100000u

/* p[s] = partitions of s into at most k parts, s <= n: parts 1..k added one
 * size at a time (partitions into parts of size <= k, by conjugation). */
static double *partition_table(uint64_t n, int k)
{
    double *p = calloc(n + 1, sizeof *p);
    if (!p) return NULL;
    p[0] = 1;
    for (int j = 1; j <= k; j++)
        for (uint64_t s = (uint64_t)j; s <= n; s++) p[s] += p[s - (uint64_t)j];
    return p;
}

double gr_partition_sum(uint64_t total, int k, uint64_t step)
{
    if (k <= 0) return total == 0 ? 1 : 0;
    if (step == 0) step = 1;
    uint64_t n = total <= EXACT_LIMIT ? total : EXACT_LIMIT - (EXACT_LIMIT - total % step) % step;
    if (n > total) n -= step;
    double *p = partition_table(n, k);
    if (!p) return INFINITY;
    double sum = 0;
    for (uint64_t s = n % step;; s += step) {
        sum += p[s];
        if (s + step > n) break;
    }
    free(p);
    /* Beyond the exact range the sum grows like total^k (k-1 from the
     * partitions, one more from summing). */
    if (n < total) sum *= pow((double)total / (double)(n ? n : 1), k);
    return sum;
}
