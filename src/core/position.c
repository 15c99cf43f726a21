#include "grundy/position.h"
#include "grundy/checked.h"
#include <inttypes.h>
#include <string.h>

uint64_t gr_pos_total(const gr_pos *pos)
{
    uint64_t t = 0;
    for (int i = 0; i < pos->n; i++)
        if (gr_add_overflow(t, pos->p[i], &t)) return UINT64_MAX;
    return t;
}

uint64_t gr_pos_max(const gr_pos *pos)
{
    uint64_t m = 0;
    for (int i = 0; i < pos->n; i++)
        if (pos->p[i] > m) m = pos->p[i];
    return m;
}

bool gr_pos_equal(const gr_pos *a, const gr_pos *b)
{
    return a->n == b->n && memcmp(a->p, b->p, (size_t)a->n * sizeof a->p[0]) == 0;
}

uint64_t gr_pos_hash(const gr_pos *pos)
{
    /* splitmix64-style mixing per pile: cheap and good enough for open addressing */
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)pos->n;
    for (int i = 0; i < pos->n; i++) {
        uint64_t z = h + pos->p[i] + 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        h = z ^ (z >> 31);
    }
    return h;
}

void gr_pos_drop_empty(gr_pos *pos)
{
    int k = 0;
    for (int i = 0; i < pos->n; i++)
        if (pos->p[i]) pos->p[k++] = pos->p[i];
    pos->n = k;
}

void gr_pos_sort(gr_pos *pos)
{
    /* insertion sort: positions are short */
    for (int i = 1; i < pos->n; i++) {
        uint64_t v = pos->p[i];
        int j = i - 1;
        while (j >= 0 && pos->p[j] > v) {
            pos->p[j + 1] = pos->p[j];
            j--;
        }
        pos->p[j + 1] = v;
    }
}

int gr_pos_format(const gr_pos *pos, char *buf, size_t len)
{
    size_t used = 0;
    int total = 0;
    for (int i = 0; i < pos->n; i++) {
        int w = snprintf(buf ? buf + used : NULL, used < len ? len - used : 0,
                         i ? " %" PRIu64 : "%" PRIu64, pos->p[i]);
        total += w;
        used = (size_t)total;
    }
    if (pos->n == 0 && len) buf[0] = '\0';
    return total;
}

void gr_pos_print(FILE *f, const gr_pos *pos, const char *sep)
{
    for (int i = 0; i < pos->n; i++)
        fprintf(f, i ? "%s%" PRIu64 : "%.0s%" PRIu64, sep, pos->p[i]);
}
