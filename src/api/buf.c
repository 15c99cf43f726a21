/* The growable text buffer (grundy/buf.h) and its JSON writers. */
#include "grundy/buf.h"
#include "grundy/grow.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char empty[1];

void gr_buf_init(gr_buf *b)
{
    b->s = empty;
    b->len = 0;
    b->cap = 0;
    b->failed = false;
}

void gr_buf_free(gr_buf *b)
{
    if (b->cap) free(b->s);
    gr_buf_init(b);
}

void gr_buf_reset(gr_buf *b)
{
    b->len = 0;
    if (b->cap) b->s[0] = '\0';
    b->failed = false;
}

bool gr_buf_ok(const gr_buf *b)
{
    return !b->failed;
}

char *gr_buf_detach(gr_buf *b, size_t *len)
{
    char *s = NULL;
    if (!b->failed) s = b->cap ? b->s : calloc(1, 1);
    else if (b->cap) free(b->s);
    if (len) *len = s ? b->len : 0;
    gr_buf_init(b);
    return s;
}

/* Room for n more bytes and the NUL. */
static bool room(gr_buf *b, size_t n)
{
    if (b->failed || n > SIZE_MAX - b->len - 1) return b->failed = true, false;
    if (b->len + n + 1 <= b->cap) return true;
    char *s = b->cap ? b->s : NULL;
    size_t cap = b->cap;
    if (!GR_GROW(s, cap, b->len + n + 1, 256)) return b->failed = true, false;
    if (!b->cap) s[0] = '\0';
    b->s = s;
    b->cap = cap;
    return true;
}

void gr_buf_add(gr_buf *b, const void *data, size_t n)
{
    if (!room(b, n)) return;
    memcpy(b->s + b->len, data, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void gr_buf_puts(gr_buf *b, const char *s)
{
    gr_buf_add(b, s, strlen(s));
}

void gr_buf_putc(gr_buf *b, char c)
{
    gr_buf_add(b, &c, 1);
}

void gr_buf_printf(gr_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        gr_buf_add(b, small, (size_t)n);
        return;
    }
    if (!room(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void gr_buf_mpz(gr_buf *b, mpz_srcptr v)
{
    /* mpz_sizeinbase may say one digit too many; the sign takes one more */
    size_t n = mpz_sizeinbase(v, 10) + 2;
    if (!room(b, n)) return;
    mpz_get_str(b->s + b->len, 10, v);
    b->len += strlen(b->s + b->len);
}

void gr_buf_bigpos(gr_buf *b, const gr_bigpos *p, const char *sep)
{
    for (int i = 0; i < p->n; i++) {
        if (i) gr_buf_puts(b, sep);
        gr_buf_mpz(b, p->p[i]);
    }
}

size_t gr_utf8_seq(const unsigned char *s, size_t n)
{
    if (n == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    uint32_t cp, min;
    if (c >= 0xc2 && c <= 0xdf) len = 2, cp = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) len = 3, cp = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, cp = c & 0x07, min = 0x10000;
    else return 0;
    if (n < len) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return len;
}

void gr_buf_json_string(gr_buf *b, const char *s)
{
    const unsigned char *c = (const unsigned char *)s;
    size_t left = strlen(s);
    gr_buf_putc(b, '"');
    while (left > 0) {
        switch (*c) {
        case '"': gr_buf_puts(b, "\\\""); break;
        case '\\': gr_buf_puts(b, "\\\\"); break;
        case '\n': gr_buf_puts(b, "\\n"); break;
        case '\t': gr_buf_puts(b, "\\t"); break;
        case '\r': gr_buf_puts(b, "\\r"); break;
        default:
            if (*c < 0x20) {
                gr_buf_printf(b, "\\u%04x", *c);
            } else if (*c >= 0x80) {
                size_t k = gr_utf8_seq(c, left);
                if (k == 0) {
                    gr_buf_puts(b, "\\ufffd");
                    k = 1;
                } else {
                    gr_buf_add(b, c, k);
                }
                c += k;
                left -= k;
                continue;
            } else {
                gr_buf_putc(b, (char)*c);
            }
        }
        c++;
        left--;
    }
    gr_buf_putc(b, '"');
}

void gr_buf_json_mpz(gr_buf *b, mpz_srcptr v)
{
    /* past 2^53 a JSON reader may round a number: sent as a string */
    bool exact = mpz_sizeinbase(v, 2) <= 53;
    if (!exact) gr_buf_putc(b, '"');
    gr_buf_mpz(b, v);
    if (!exact) gr_buf_putc(b, '"');
}

void gr_buf_json_u64(gr_buf *b, uint64_t v)
{
    if (v < (1ull << 53)) gr_buf_printf(b, "%" PRIu64, v);
    else gr_buf_printf(b, "\"%" PRIu64 "\"", v);
}

void gr_buf_json_bigpos(gr_buf *b, const gr_bigpos *p)
{
    gr_buf_putc(b, '[');
    for (int i = 0; i < p->n; i++) {
        if (i) gr_buf_putc(b, ',');
        gr_buf_json_mpz(b, p->p[i]);
    }
    gr_buf_putc(b, ']');
}
