/* A growable text buffer (as git's strbuf): the answer layer writes every
 * rendering (JSON, text, an error) into one, and a front end sends it as it
 * likes (stdout, an HTTP body, a Python str).
 *
 * Ownership: a gr_buf is the caller's: gr_buf_init before use, gr_buf_free
 * once after (or gr_buf_detach to keep the text). Memory failure is sticky:
 * a failed append leaves `failed` set and the text as it was, so a writer
 * appends without checking and the caller checks once (gr_buf_ok). */
#ifndef GRUNDY_BUF_H
#define GRUNDY_BUF_H
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/bigpos.h"

typedef struct gr_buf {
    char *s;                   /* NUL-terminated text; "" until something is added */
    size_t len;
    size_t cap;
    bool failed;               /* an append ran out of memory */
} gr_buf;

void gr_buf_init(gr_buf *b);
void gr_buf_free(gr_buf *b);
/* Empties the text, keeping the memory (and clearing `failed`). */
void gr_buf_reset(gr_buf *b);
/* The text, handed to the caller (malloc'd, NUL-terminated; NULL when an
 * append failed); the buffer is left empty. */
char *gr_buf_detach(gr_buf *b, size_t *len);
bool gr_buf_ok(const gr_buf *b);

void gr_buf_add(gr_buf *b, const void *data, size_t n);
void gr_buf_puts(gr_buf *b, const char *s);
void gr_buf_putc(gr_buf *b, char c);
void gr_buf_printf(gr_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gr_buf_mpz(gr_buf *b, mpz_srcptr v);           /* decimal */
void gr_buf_bigpos(gr_buf *b, const gr_bigpos *p, const char *sep);

/* JSON into the buffer. Strings are written as valid UTF-8 whatever they
 * hold: a byte that does not start a valid UTF-8 sequence is written as
 * U+FFFD, so no answer is ever invalid JSON. */
void gr_buf_json_string(gr_buf *b, const char *s);
void gr_buf_json_mpz(gr_buf *b, mpz_srcptr v);      /* a number to 2^53, else a string */
void gr_buf_json_u64(gr_buf *b, uint64_t v);
void gr_buf_json_bigpos(gr_buf *b, const gr_bigpos *p);

/* The length of the valid UTF-8 sequence at s (at most n bytes), 0 when
 * none starts there (overlong forms, surrogates and code points past
 * U+10FFFF are not valid). */
size_t gr_utf8_seq(const unsigned char *s, size_t n);

#endif
