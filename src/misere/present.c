/* A quotient written by generators and relations, as Plambeck and Siegel
 * print them: the generators a, b, c ... are the heaps whose phi is new
 * (gr_mquot.gen); each element's normal form is its first word in a
 * breadth-first walk over the generators; the relations are the words one
 * generator past a normal form that are not normal forms themselves but
 * whose every shorter subword is. */
#include "grundy/misere.h"
#include <stdlib.h>
#include <string.h>

typedef struct nforms {
    int ng;
    uint32_t *exp;         /* order * ng exponents */
    uint32_t *queue;
} nforms;

static int nforms_make(const gr_mquot *q, nforms *f)
{
    f->ng = q->ngen;
    f->exp = calloc((size_t)q->order * (size_t)(f->ng ? f->ng : 1), sizeof *f->exp);
    f->queue = malloc((size_t)q->order * sizeof *f->queue);
    uint8_t *seen = calloc(q->order, 1);
    if (!f->exp || !f->queue || !seen) {
        free(seen);
        return GR_ENOMEM;
    }
    uint32_t head = 0, tail = 0;
    f->queue[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        uint32_t x = f->queue[head++];
        for (int i = 0; i < f->ng; i++) {
            uint32_t y = q->mul[(size_t)x * q->order + q->phi[q->gen[i]]];
            if (seen[y]) continue;
            seen[y] = 1;
            memcpy(f->exp + (size_t)y * f->ng, f->exp + (size_t)x * f->ng, (size_t)f->ng * sizeof *f->exp);
            f->exp[(size_t)y * f->ng + i]++;
            f->queue[tail++] = y;
        }
    }
    free(seen);
    return GR_OK;
}

static uint32_t elem_of(const gr_mquot *q, const uint32_t *e, int ng)
{
    uint32_t x = 0;
    for (int i = 0; i < ng; i++)
        for (uint32_t k = 0; k < e[i]; k++) x = q->mul[(size_t)x * q->order + q->phi[q->gen[i]]];
    return x;
}

static bool is_normal(const gr_mquot *q, const nforms *f, const uint32_t *e)
{
    uint32_t x = elem_of(q, e, f->ng);
    return memcmp(f->exp + (size_t)x * f->ng, e, (size_t)f->ng * sizeof *e) == 0;
}

static int put_word(const uint32_t *e, int ng, char *buf, size_t len)
{
    int w = 0;
    for (int i = 0; i < ng; i++) {
        if (!e[i]) continue;
        size_t at = (size_t)w < len ? (size_t)w : len;
        char letter[16];
        if (i < 26) snprintf(letter, sizeof letter, "%c", 'a' + i);
        else snprintf(letter, sizeof letter, "g%d", i);
        if (e[i] == 1) w += snprintf(buf + at, len - at, "%s%s", w ? " " : "", letter);
        else w += snprintf(buf + at, len - at, "%s%s^%u", w ? " " : "", letter, e[i]);
    }
    if (!w) w = snprintf(buf, len, "1");
    return w;
}

int gr_mquot_word(const gr_mquot *q, uint32_t x, char *buf, size_t len)
{
    nforms f = {0};
    int w = 0;
    if (nforms_make(q, &f) == GR_OK) w = put_word(f.exp + (size_t)x * f.ng, f.ng, buf, len);
    else if (len) buf[0] = 0;
    free(f.exp);
    free(f.queue);
    return w;
}

int gr_mquot_relations(const gr_mquot *q, char *buf, size_t len)
{
    nforms f = {0};
    if (len) buf[0] = 0;
    if (nforms_make(q, &f) != GR_OK) {
        free(f.exp);
        free(f.queue);
        return 0;
    }
    int ng = f.ng, w = 0;
    uint32_t *e = malloc(((size_t)ng + 1) * sizeof *e), *d = malloc(((size_t)ng + 1) * sizeof *d);
    for (uint32_t x = 0; e && d && x < q->order; x++) {
        for (int i = 0; i < ng; i++) {
            memcpy(e, f.exp + (size_t)x * ng, (size_t)ng * sizeof *e);
            e[i]++;
            if (is_normal(q, &f, e)) continue;
            /* minimal: every word one letter shorter is a normal form */
            bool minimal = true;
            for (int j = 0; minimal && j < ng; j++) {
                if (!e[j]) continue;
                memcpy(d, e, (size_t)ng * sizeof *d);
                d[j]--;
                minimal = is_normal(q, &f, d);
            }
            /* each relation once: from its lexically first shorter form */
            bool first = true;
            for (int j = 0; first && j < i; j++) first = e[j] == 0;
            if (!minimal || !first) continue;
            uint32_t y = elem_of(q, e, ng);
            size_t at = (size_t)w < len ? (size_t)w : len;
            w += put_word(e, ng, buf + at, len - at);
            at = (size_t)w < len ? (size_t)w : len;
            w += snprintf(buf + at, len - at, " = ");
            at = (size_t)w < len ? (size_t)w : len;
            w += put_word(f.exp + (size_t)y * ng, ng, buf + at, len - at);
            at = (size_t)w < len ? (size_t)w : len;
            w += snprintf(buf + at, len - at, "\n");
        }
    }
    free(e);
    free(d);
    free(f.exp);
    free(f.queue);
    return w;
}
