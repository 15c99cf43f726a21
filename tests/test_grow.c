/* The growth helper (include/grundy/grow.h): doubling from the first
 * capacity, contents kept, capacities of any integer type, and failure
 * leaving the array as it was. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include "grundy/grow.h"

Test(grow, doubles_from_first_and_keeps_contents)
{
    uint32_t *v = NULL;
    size_t cap = 0, n = 0;
    for (uint32_t i = 0; i < 1000; i++) {
        cr_assert(GR_GROW(v, cap, n + 1, 16));
        v[n++] = i * 3;
    }
    cr_assert_eq(cap, 1024);
    for (uint32_t i = 0; i < 1000; i++) cr_assert_eq(v[i], i * 3);
    free(v);
}

Test(grow, int_capacity_and_big_steps)
{
    double *v = NULL;
    int cap = 0;
    cr_assert(GR_GROW(v, cap, 5, 4));
    cr_assert_eq(cap, 8);
    cr_assert(GR_GROW(v, cap, 100, 4));
    cr_assert_eq(cap, 128);
    cr_assert(GR_GROW(v, cap, 100, 4)); /* room already: nothing changes */
    cr_assert_eq(cap, 128);
    free(v);
}

Test(grow, overflow_fails_and_changes_nothing)
{
    uint64_t *v = NULL;
    size_t cap = 0;
    cr_assert(GR_GROW(v, cap, 3, 2));
    uint64_t *before = v;
    cr_assert_not(GR_GROW(v, cap, SIZE_MAX / 4, 2));
    cr_assert_eq(v, before);
    cr_assert_eq(cap, 4);
    cr_assert_eq(gr_grow_cap(0, SIZE_MAX, 16, 8), 0);
    cr_assert_eq(gr_grow_cap(3, 7, 16, 8), 12);
    free(v);
}
