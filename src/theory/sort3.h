/* What two closed forms of three piles share (sharing3.c, block3.c): the
 * piles in increasing order, as pointers, so that the positions' GMP
 * integers are neither copied nor changed. */
#ifndef GRUNDY_THEORY_SORT3_H
#define GRUNDY_THEORY_SORT3_H
#include <gmp.h>

static inline void gr_mpz_sort3(mpz_srcptr v[3])
{
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (mpz_cmp(v[j], v[j + 1]) > 0) {
                mpz_srcptr t = v[j];
                v[j] = v[j + 1];
                v[j + 1] = t;
            }
}

#endif
