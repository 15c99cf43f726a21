#include "grundy/postab.h"
#include "grundy/grow.h"
#include <stdlib.h>
#include <string.h>

void gr_postab_init(gr_postab *t)
{
    memset(t, 0, sizeof *t);
}

void gr_postab_free(gr_postab *t)
{
    free(t->slots);
    free(t->words);
    free(t->offset);
    free(t->len);
    free(t->hash);
    gr_postab_init(t);
}

static bool same(const gr_postab *t, uint32_t id, const gr_pos *pos)
{
    /* the empty position has no words (and the arena may not exist yet) */
    if (t->len[id] != pos->n) return false;
    const uint64_t *w = t->words + t->offset[id];
    for (int i = 0; i < pos->n; i++)
        if (w[i] != pos->p[i]) return false;
    return true;
}

static inline uint64_t slot_of(uint64_t h, uint32_t id)
{
    return (h & 0xffffffff00000000ull) | (uint64_t)(id + 1);
}

static size_t probe(const gr_postab *t, uint64_t h, const gr_pos *pos, uint32_t *found)
{
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    uint64_t tag = h & 0xffffffff00000000ull;
    for (;;) {
        uint64_t s = t->slots[i];
        if (s == 0) {
            *found = UINT32_MAX;
            return i;
        }
        uint32_t id = (uint32_t)s - 1;
        if ((s & 0xffffffff00000000ull) == tag && same(t, id, pos)) {
            *found = id;
            return i;
        }
        i = (i + 1) & mask;
    }
}

static bool grow_slots(gr_postab *t)
{
    size_t n = t->nslots ? t->nslots * 2 : 1024;
    uint64_t *slots = calloc(n, sizeof *slots);
    if (!slots) return false;
    for (uint32_t id = 0; id < t->count; id++) {
        size_t i = (size_t)t->hash[id] & (n - 1);
        while (slots[i]) i = (i + 1) & (n - 1);
        slots[i] = slot_of(t->hash[id], id);
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
    return true;
}

static bool grow_entries(gr_postab *t)
{
    /* ids are 32-bit: the arrays stop short of 2^32 entries */
    size_t cap = gr_grow_cap(t->cap, (size_t)t->cap + 1, 1024, sizeof *t->offset);
    if (!cap || cap > UINT32_MAX || !gr_resize(&t->offset, cap, sizeof *t->offset) ||
        !gr_resize(&t->len, cap, sizeof *t->len) || !gr_resize(&t->hash, cap, sizeof *t->hash))
        return false;
    t->cap = (uint32_t)cap;
    return true;
}

uint32_t gr_postab_find(const gr_postab *t, const gr_pos *pos)
{
    if (!t->nslots) return UINT32_MAX;
    uint32_t found;
    probe(t, gr_pos_hash(pos), pos, &found);
    return found;
}

bool gr_postab_intern(gr_postab *t, const gr_pos *pos, uint32_t *id, bool *is_new)
{
    return gr_postab_intern_hashed(t, pos, gr_pos_hash(pos), id, is_new);
}

bool gr_postab_intern_hashed(gr_postab *t, const gr_pos *pos, uint64_t h, uint32_t *id, bool *is_new)
{
    if ((size_t)(t->count + 1) * 2 > t->nslots && !grow_slots(t)) return false;
    uint32_t found;
    size_t slot = probe(t, h, pos, &found);
    if (found != UINT32_MAX) {
        *id = found;
        *is_new = false;
        return true;
    }
    if (t->count == UINT32_MAX - 2) return false;
    if (t->count == t->cap && !grow_entries(t)) return false;
    /* !t->words: an empty position (every pile dropped) still needs a non-NULL
     * array, since memcpy and memcmp may not be given NULL even for 0 bytes */
    size_t need = t->nwords + (size_t)pos->n;
    if ((need > t->capwords || !t->words) && !GR_GROW(t->words, t->capwords, need ? need : 1, 4096)) return false;
    uint32_t nid = t->count++;
    t->offset[nid] = t->nwords;
    t->len[nid] = (uint8_t)pos->n;
    t->hash[nid] = h;
    if (pos->n) memcpy(t->words + t->nwords, pos->p, (size_t)pos->n * sizeof(uint64_t));
    t->nwords += (size_t)pos->n;
    t->slots[slot] = slot_of(h, nid);
    *id = nid;
    *is_new = true;
    return true;
}

void gr_postab_get(const gr_postab *t, uint32_t id, gr_pos *out)
{
    out->n = t->len[id];
    if (out->n) memcpy(out->p, t->words + t->offset[id], (size_t)out->n * sizeof(uint64_t));
}

size_t gr_postab_bytes(const gr_postab *t)
{
    return t->nslots * sizeof(uint64_t) + t->capwords * sizeof(uint64_t) +
           (size_t)t->cap * (sizeof(uint64_t) * 2 + 1);
}
