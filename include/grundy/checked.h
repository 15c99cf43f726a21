/* Checked 64-bit arithmetic: searches run on uint64_t pile sizes and must
 * refuse, not wrap, when a sum or product overflows. */
#ifndef GRUNDY_CHECKED_H
#define GRUNDY_CHECKED_H
#include <stdbool.h>
#include <stdint.h>

/* Each returns true on overflow and leaves *r unspecified then. */
static inline bool gr_add_overflow(uint64_t a, uint64_t b, uint64_t *r)
{ return __builtin_add_overflow(a, b, r); }
static inline bool gr_mul_overflow(uint64_t a, uint64_t b, uint64_t *r)
{ return __builtin_mul_overflow(a, b, r); }
static inline bool gr_sub_underflow(uint64_t a, uint64_t b, uint64_t *r)
{ return __builtin_sub_overflow(a, b, r); }

#endif
