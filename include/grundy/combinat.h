/* Counting helpers for cost estimates. */
#ifndef GRUNDY_COMBINAT_H
#define GRUNDY_COMBINAT_H
#include <stdint.h>

/* The number of partitions of s into at most k parts, summed over
 * s = total, total - step, total - 2 step, ... >= 0 (step >= 1). Exact (as a
 * double) up to total 100000; beyond, scaled by the polynomial growth
 * s^(k-1), which keeps it an upper bound in practice. */
double gr_partition_sum(uint64_t total, int k, uint64_t step);

#endif
