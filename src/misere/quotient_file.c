/* Quotient files: plain text, one field a line, ending in a checksum of
 * everything before it, written atomically (a killed run leaves the old
 * file or none). Loading checks the checksum and every field, so a damaged
 * file is refused with a message instead of answering wrongly.
 *
 *   grundy-misere-quotient 1
 *   game tb:0.07
 *   heaps 30
 *   order 6
 *   p 010010
 *   phi 0 0 1 ...          (heaps + 1 elements)
 *   change 2 3 ...         (heaps where the quotient grew)
 *   mul                    (then order rows of order elements)
 *   checksum 0123456789abcdef */
#include "qdfa.h"
#include "grundy/io.h"
#include "grundy/takebreak.h"
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

typedef struct sbuf {
    char *s;
    size_t n, cap;
    bool oom;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...)
{
    if (b->oom) return;
    va_list ap;
    va_start(ap, fmt);
    char tmp[64];
    int w = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (b->n + (size_t)w + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + (size_t)w + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    if ((size_t)w < sizeof tmp) memcpy(b->s + b->n, tmp, (size_t)w + 1);
    else {
        va_start(ap, fmt);
        vsnprintf(b->s + b->n, (size_t)w + 1, fmt, ap);
        va_end(ap);
    }
    b->n += (size_t)w;
}

int gr_mquot_save(const gr_mquot *q, const char *path, gr_error *err)
{
    sbuf b = {0};
    put(&b, "grundy-misere-quotient 1\ngame %s\nheaps %d\norder %u\np ", q->game, q->heaps, q->order);
    for (uint32_t x = 0; x < q->order; x++) put(&b, "%c", q->p[x] ? '1' : '0');
    put(&b, "\nphi");
    for (int h = 0; h <= q->heaps; h++) put(&b, " %u", q->phi[h]);
    put(&b, "\nchange");
    for (int i = 0; i < q->nchange; i++) put(&b, " %d", q->change[i]);
    put(&b, "\nmul\n");
    for (uint32_t x = 0; x < q->order; x++)
        for (uint32_t y = 0; y < q->order; y++) put(&b, "%u%c", q->mul[(size_t)x * q->order + y], y + 1 < q->order ? ' ' : '\n');
    if (!b.oom) put(&b, "checksum %016llx\n", (unsigned long long)fnv(b.s, b.n));
    if (b.oom) {
        free(b.s);
        return gr_fail_nomem(err);
    }
    gr_atomic_file af;
    if (gr_atomic_open(&af, path)) {
        free(b.s);
        return gr_fail(err, GR_EINPUT, "cannot write %s: %s", path, strerror(errno));
    }
    fwrite(b.s, 1, b.n, af.f);
    free(b.s);
    if (gr_atomic_commit(&af)) return gr_fail(err, GR_EINPUT, "cannot write %s: %s", path, strerror(errno));
    return GR_OK;
}

/* ---- loading: every token checked ---- */

typedef struct rd {
    const char *s, *end;
    const char *path;
    gr_error *err;
} rd;

static int damaged(rd *r, const char *what)
{
    return gr_fail(r->err, GR_EINPUT, "%s is not a sound quotient file: %s", r->path, what);
}

static bool word(rd *r, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(r->end - r->s) < n || memcmp(r->s, w, n) != 0) return false;
    r->s += n;
    return true;
}

static bool number(rd *r, unsigned long long max, unsigned long long *v)
{
    while (r->s < r->end && *r->s == ' ') r->s++;
    if (r->s >= r->end || *r->s < '0' || *r->s > '9') return false;
    unsigned long long x = 0;
    while (r->s < r->end && *r->s >= '0' && *r->s <= '9') {
        x = x * 10 + (unsigned long long)(*r->s++ - '0');
        if (x > max) return false;
    }
    *v = x;
    return true;
}

static bool eol(rd *r)
{
    if (r->s < r->end && *r->s == '\n') {
        r->s++;
        return true;
    }
    return false;
}

/* head: only the fields before the table (game, heaps, order, p, phi, change) */
static int parse(gr_mquot *q, rd *r, bool head)
{
    unsigned long long v;
    if (!word(r, "grundy-misere-quotient 1\ngame ")) return damaged(r, "no header");
    const char *nl = memchr(r->s, '\n', (size_t)(r->end - r->s));
    if (!nl || nl == r->s || (size_t)(nl - r->s) >= sizeof q->game) return damaged(r, "bad game line");
    memcpy(q->game, r->s, (size_t)(nl - r->s));
    r->s = nl + 1;
    if (!word(r, "heaps") || !number(r, GR_MIS_MAX_HEAP, &v) || !eol(r)) return damaged(r, "bad heaps line");
    q->heaps = (int)v;
    if (!word(r, "order") || !number(r, 65536, &v) || v == 0 || !eol(r)) return damaged(r, "bad order line");
    q->order = (uint32_t)v;
    q->p = malloc(q->order);
    q->phi = malloc(((size_t)q->heaps + 1) * sizeof *q->phi);
    q->change = malloc(((size_t)q->heaps + 1) * sizeof *q->change);
    if (!head) q->mul = malloc((size_t)q->order * q->order * sizeof *q->mul);
    if (!q->p || !q->phi || !q->change || (!head && !q->mul)) return gr_fail_nomem(r->err);
    if (!word(r, "p ") || r->end - r->s < (long)q->order) return damaged(r, "bad p line");
    for (uint32_t x = 0; x < q->order; x++) {
        char c = *r->s++;
        if (c != '0' && c != '1') return damaged(r, "bad p line");
        q->p[x] = c == '1';
    }
    if (!eol(r) || !word(r, "phi")) return damaged(r, "bad phi line");
    for (int h = 0; h <= q->heaps; h++) {
        if (!number(r, q->order - 1, &v)) return damaged(r, "bad phi line");
        q->phi[h] = (uint32_t)v;
    }
    if (!eol(r) || !word(r, "change")) return damaged(r, "bad change line");
    while (r->s < r->end && *r->s == ' ') {
        if (q->nchange > q->heaps || !number(r, (unsigned long long)q->heaps, &v)) return damaged(r, "bad change line");
        q->change[q->nchange++] = (int)v;
    }
    if (!eol(r) || !word(r, "mul\n")) return damaged(r, "no table");
    if (head) return GR_OK;
    for (uint32_t x = 0; x < q->order; x++) {
        for (uint32_t y = 0; y < q->order; y++) {
            if (!number(r, q->order - 1, &v)) return damaged(r, "bad table");
            q->mul[(size_t)x * q->order + y] = (uint32_t)v;
        }
        if (!eol(r)) return damaged(r, "bad table row");
    }
    if (r->s != r->end) return damaged(r, "text after the table");
    /* a commutative monoid with identity 0 */
    for (uint32_t x = 0; x < q->order; x++) {
        if (q->mul[x] != x || q->mul[(size_t)x * q->order] != x) return damaged(r, "0 is not the identity");
        for (uint32_t y = 0; y < x; y++)
            if (q->mul[(size_t)x * q->order + y] != q->mul[(size_t)y * q->order + x]) return damaged(r, "not commutative");
    }
    return GR_OK;
}

static int load(gr_mquot *q, const char *path, bool head, gr_error *err)
{
    memset(q, 0, sizeof *q);
    FILE *f = fopen(path, "rb");
    if (!f) return gr_fail(err, GR_EINPUT, "cannot read %s: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    size_t got;
    /* one byte kept for the NUL that ends the text (sscanf reads up to it) */
    while (s && (got = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n == cap - 1) {
            char *t = cap < ((size_t)1 << 34) ? realloc(s, cap * 2) : NULL;
            if (!t) {
                free(s);
                s = NULL;
                break;
            }
            s = t;
            cap *= 2;
        }
    }
    fclose(f);
    if (!s) return gr_fail_nomem(err);
    s[n] = '\0';
    rd r = {s, s + n, path, err};
    /* the checksum line closes the file */
    const char *cs = NULL;
    for (const char *p = s + n; p > s; p--)
        if (p - s >= 9 && memcmp(p - 9, "checksum ", 9) == 0 && (p - 9 == s || p[-10] == '\n')) {
            cs = p - 9;
            break;
        }
    int rc;
    unsigned long long want = 0;
    if (!cs || sscanf(cs, "checksum %16llx", &want) != 1 || strlen("checksum ") + 17 != (size_t)(s + n - cs) ||
        cs[9 + 16] != '\n')
        rc = damaged(&r, "no checksum line");
    else if (fnv(s, (size_t)(cs - s)) != want) rc = damaged(&r, "checksum mismatch");
    else {
        r.end = cs;
        rc = parse(q, &r, head);
        if (!rc && !head) rc = gr_mquot_generators(q, err);
    }
    free(s);
    if (rc) gr_mquot_free(q);
    return rc;
}

int gr_mquot_load(gr_mquot *q, const char *path, gr_error *err)
{
    return load(q, path, false, err);
}

/* The checksum still covers the whole file, so a damaged table is refused
 * here too; what is skipped is the table's parse and the generators. */
int gr_mquot_load_head(gr_mquot *q, const char *path, gr_error *err)
{
    return load(q, path, true, err);
}

/* A quotient is a function of the heap moves alone: rules that list the
 * same moves of every heap are one game to it, though they are not one
 * ruleset (subtraction:3,2,1, subtraction:1,2,3 and tb:0.333; their codes
 * of heap moves format alike). */
bool gr_mquot_same_game(const gr_game *g, const char *rules)
{
    if (gr_game_same_rules(g, rules)) return true;
    gr_game other = {0};
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_parse(&other, rules, &quiet) != GR_OK) return false;
    gr_tb_code a, b;
    char fa[256], fb[256];
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    bool same = gr_tb_code_of_heaps(g, &a) && gr_tb_code_of_heaps(&other, &b) && gr_tb_format(&a, fa, sizeof fa) > 0 &&
                gr_tb_format(&b, fb, sizeof fb) > 0 && strcmp(fa, fb) == 0;
    gr_game_release(&other);
    return same;
}
