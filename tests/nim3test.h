/* The paper's Nim3Test (seed 002, section 6.2), ported line by line, in one
 * place for the test that holds grundy to it (test_players.c) and the
 * benchmark that times it (bench/bench_players.c).
 *
 * onePileTest(alloweds, max): single[k] is singleNimNP (1 where the mover
 * wins with two players) and dbl[k] doubleNimABC (0 = C, 1 = A, 2 = B) for
 * heaps k = 0..max; the caller gives both arrays, max + 1 bytes each. */
#ifndef GRUNDY_TESTS_NIM3TEST_H
#define GRUNDY_TESTS_NIM3TEST_H
#include <stddef.h>
#include <stdint.h>

static inline void nim3test_one_pile(const uint64_t *allowed, size_t na, uint64_t max, uint8_t *single, uint8_t *dbl)
{
    for (uint64_t k = 0; k <= max; k++) {
        uint8_t s = 0, d = 0;
        for (size_t i = 0; i < na; i++)
            if (k >= allowed[i] && single[k - allowed[i]] == 0) {
                s = 1;
                break;
            }
        for (size_t i = 0; i < na; i++)
            if (k >= allowed[i]) {
                if (dbl[k - allowed[i]] == 0) {
                    d = 1;
                    break;
                } else if (dbl[k - allowed[i]] == 1) {
                    d = 2;
                }
            }
        single[k] = s;
        dbl[k] = d;
    }
}

#endif
