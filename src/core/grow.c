/* The growth helper: see include/grundy/grow.h. */
#include "grundy/grow.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t gr_grow_cap(size_t cap, size_t need, size_t first, size_t size)
{
    size_t limit = SIZE_MAX / (size ? size : 1);
    size_t n = cap ? cap : (first ? first : 1);
    while (n < need) {
        if (n > limit / 2) return need <= limit ? need : 0;
        n *= 2;
    }
    return n <= limit ? n : 0;
}

/* The pointer is read and written through memcpy: items may be the address
 * of any object pointer type, which void ** could not alias. */
bool gr_resize(void *items, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) return false;
    size_t bytes = n * size;
    void *old, *p;
    memcpy(&old, items, sizeof old);
    p = realloc(old, bytes ? bytes : 1);
    if (!p) return false;
    memcpy(items, &p, sizeof p);
    return true;
}

size_t gr_grow(void *items, size_t size, size_t cap, size_t need, size_t first)
{
    size_t n = gr_grow_cap(cap, need, first, size);
    return n && gr_resize(items, n, size) ? n : cap;
}
