/* grundy serve's checks on a request's text (serve_url.h). */
#include "serve_url.h"

/* A UTF-8 decoder fed one byte at a time, so that percent-decoded bytes
 * need no buffer. */
typedef struct utf8_state {
    int need;                  /* continuation bytes still to come */
    unsigned cp, min;          /* the code point so far; the least its length may encode */
} utf8_state;

static bool utf8_step(utf8_state *u, unsigned c)
{
    if (c == 0) return false;
    if (u->need > 0) {
        if ((c & 0xc0) != 0x80) return false;
        u->cp = u->cp << 6 | (c & 0x3f);
        if (--u->need > 0) return true;
        /* shortest form only, no surrogates, nothing past U+10FFFF */
        return u->cp >= u->min && u->cp <= 0x10ffff && (u->cp < 0xd800 || u->cp > 0xdfff);
    }
    if (c < 0x80) return true;
    if (c >= 0xc0 && c <= 0xdf) u->need = 1, u->cp = c & 0x1f, u->min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) u->need = 2, u->cp = c & 0x0f, u->min = 0x800;
    else if (c >= 0xf0 && c <= 0xf7) u->need = 3, u->cp = c & 0x07, u->min = 0x10000;
    else return false;
    return true;
}

bool serve_utf8_text(const char *s, size_t n)
{
    utf8_state u = {0, 0, 0};
    for (size_t i = 0; i < n; i++)
        if (!utf8_step(&u, (unsigned char)s[i])) return false;
    return u.need == 0;
}

static int hex(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

bool serve_url_path_ok(const char *target)
{
    utf8_state u = {0, 0, 0};
    for (const char *p = target; *p && *p != '?'; p++) {
        unsigned c = (unsigned char)*p;
        if (c == '%') {
            int hi = hex(p[1]), lo = hi < 0 ? -1 : hex(p[2]);
            if (lo < 0) return false;
            c = (unsigned)(hi * 16 + lo);
            p += 2;
        }
        if (c < 0x20 || c == 0x7f || !utf8_step(&u, c)) return false;
    }
    return u.need == 0;
}
