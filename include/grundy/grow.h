/* Growing arrays: one helper for the doubling every growable array does
 * (as git's ALLOC_GROW and Lua's luaM_growvector), without aborting: a
 * failure leaves the array as it was and says so, and the caller reports
 * GR_ENOMEM. Internal (not installed).
 *
 *   if (!GR_GROW(l->v, l->cap, l->n + 1, 16)) return gr_fail_nomem(err);
 *   l->v[l->n++] = x;
 *
 * Arrays that share one capacity (parallel arrays) take the new capacity
 * from gr_grow_cap and resize each with gr_resize, then store the capacity
 * once all have grown. */
#ifndef GRUNDY_GROW_H
#define GRUNDY_GROW_H
#include <stdbool.h>
#include <stddef.h>

/* The capacity for at least need items: cap doubled (first when cap is 0)
 * until it is enough; 0 when it would pass SIZE_MAX / size items. */
size_t gr_grow_cap(size_t cap, size_t need, size_t first, size_t size);
/* Resizes the array whose pointer is at items (any T **) to n items of size
 * bytes. False, the array unchanged, when memory runs out or n * size
 * overflows. */
bool gr_resize(void *items, size_t n, size_t size);
/* GR_GROW's work: the new capacity, or cap unchanged on failure. */
size_t gr_grow(void *items, size_t size, size_t cap, size_t need, size_t first);

/* Makes room for need items in the array items of capacity cap (an lvalue
 * of any unsigned or int type), doubling from first. True when there is
 * room; false, nothing changed, when memory runs out. The arguments are
 * evaluated more than once: no side effects in them. */
#define GR_GROW(items, cap, need, first)                                                                    \
    ((size_t)(need) <= (size_t)(cap) ||                                                                     \
     ((cap) = gr_grow((void *)&(items), sizeof *(items), (size_t)(cap), (size_t)(need), (first)),          \
      (size_t)(need) <= (size_t)(cap)))

#endif
