#include "grundy/bigpos.h"
#include "grundy/grow.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void gr_bigpos_init(gr_bigpos *bp)
{
    bp->n = 0;
    bp->cap = 0;
    bp->p = NULL;
}

void gr_bigpos_clear(gr_bigpos *bp)
{
    for (int i = 0; i < bp->cap; i++) mpz_clear(bp->p[i]);
    free(bp->p);
    gr_bigpos_init(bp);
}

/* A new last pile, or NULL (the position unchanged) when memory runs out. */
static mpz_t *slot(gr_bigpos *bp)
{
    int had = bp->cap;
    if (!GR_GROW(bp->p, bp->cap, (size_t)bp->n + 1, 8)) return NULL;
    for (int i = had; i < bp->cap; i++) mpz_init(bp->p[i]);
    return &bp->p[bp->n++];
}

int gr_bigpos_push(gr_bigpos *bp, const mpz_t v)
{
    mpz_t *p = slot(bp);
    if (!p) return GR_ENOMEM;
    mpz_set(*p, v);
    return GR_OK;
}

int gr_bigpos_copy(gr_bigpos *to, const gr_bigpos *from)
{
    to->n = 0;
    for (int i = 0; i < from->n; i++)
        if (gr_bigpos_push(to, from->p[i])) return GR_ENOMEM;
    return GR_OK;
}

/* Shows a token in a message without flooding the terminal. */
static void token_excerpt(const char *tok, size_t len, char *out, size_t outlen)
{
    size_t show = len < 24 ? len : 20;
    size_t k = 0;
    for (size_t i = 0; i < show && k + 4 < outlen; i++) {
        unsigned char c = (unsigned char)tok[i];
        out[k++] = isprint(c) ? (char)c : '?';
    }
    if (show < len && k + 4 < outlen) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
}

int gr_bigpos_push_token(gr_bigpos *bp, const char *tok, size_t len, gr_error *err)
{
    char shown[40];
    token_excerpt(tok, len, shown, sizeof shown);
    if (len == 0) return gr_fail(err, GR_EINPUT, "empty pile size");
    if (tok[0] == '-')
        return gr_fail(err, GR_EINPUT, "pile size '%s' is negative; sizes are non-negative integers", shown);
    if (tok[0] == '+')
        return gr_fail(err, GR_EINPUT, "pile size '%s' has a sign; sizes are plain digits", shown);
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)tok[i]))
            return gr_fail(err, GR_EINPUT, "pile size '%s' is not a non-negative integer", shown);
    char *copy = malloc(len + 1);
    mpz_t *p = copy ? slot(bp) : NULL;
    if (!p) {
        free(copy);
        return gr_fail_nomem(err);
    }
    memcpy(copy, tok, len);
    copy[len] = '\0';
    int rc = mpz_set_str(*p, copy, 10);
    free(copy);
    if (rc != 0) {
        bp->n--;
        return gr_fail(err, GR_EINPUT, "pile size '%s' is not a number", shown);
    }
    return GR_OK;
}

static bool is_sep(char c)
{
    return c == ',' || isspace((unsigned char)c);
}

int gr_bigpos_parse(gr_bigpos *bp, const char *text, gr_error *err)
{
    const char *s = text;
    while (*s) {
        const char *comma = NULL;
        for (; *s && is_sep(*s); s++) {
            if (*s != ',') continue;
            if (comma) return gr_fail(err, GR_EINPUT, "empty pile size between two commas in '%.40s'", text);
            comma = s;
        }
        if (!*s) break;
        const char *e = s;
        while (*e && !is_sep(*e)) e++;
        int rc = gr_bigpos_push_token(bp, s, (size_t)(e - s), err);
        if (rc) return rc;
        s = e;
    }
    return GR_OK;
}

int gr_bigpos_read(gr_bigpos *bp, FILE *in, gr_error *err)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf) return gr_fail_nomem(err);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, in)) > 0) {
        len += got;
        if (!GR_GROW(buf, cap, len + 2, cap)) {
            free(buf);
            return gr_fail_nomem(err);
        }
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        free(buf);
        return gr_fail(err, GR_EINPUT, "standard input holds a NUL byte; expected numbers");
    }
    int rc = gr_bigpos_parse(bp, buf, err);
    free(buf);
    return rc;
}

bool gr_bigpos_to_pos(const gr_bigpos *bp, gr_pos *out)
{
    if (bp->n > GR_MAX_PILES || gr_bigpos_first_big(bp) >= 0) return false;
    out->n = bp->n;
    for (int i = 0; i < bp->n; i++) {
        /* mpz_get_ui is unsigned long: 64 bits on every platform we build for */
        _Static_assert(sizeof(unsigned long) == 8, "64-bit unsigned long expected");
        out->p[i] = mpz_get_ui(bp->p[i]);
    }
    return true;
}

int gr_bigpos_from_pos(gr_bigpos *bp, const gr_pos *pos)
{
    bp->n = 0;
    for (int i = 0; i < pos->n; i++) {
        mpz_t *p = slot(bp);
        if (!p) return GR_ENOMEM;
        mpz_set_ui(*p, pos->p[i]);
    }
    return GR_OK;
}

int gr_bigpos_first_big(const gr_bigpos *bp)
{
    for (int i = 0; i < bp->n; i++)
        if (mpz_sizeinbase(bp->p[i], 2) > 64) return i;
    return -1;
}

size_t gr_mpz_digits(mpz_srcptr x)
{
    size_t d = mpz_sizeinbase(x, 10);
    if (d <= 1) return 1;
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, d - 1);
    if (mpz_cmp(x, p) < 0) d--;
    mpz_clear(p);
    return d;
}
