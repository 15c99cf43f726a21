/* Positions of any size, as GMP integers: the input form of every verb and the
 * form closed-form strategies work on.
 *
 * Ownership: a gr_bigpos is the caller's: gr_bigpos_init before use,
 * gr_bigpos_clear once after; the functions here copy what they are given. */
#ifndef GRUNDY_BIGPOS_H
#define GRUNDY_BIGPOS_H
#include <stdio.h> /* before gmp.h: it declares the FILE functions then */
#include <gmp.h>
#include <stdbool.h>
#include <stdio.h>
#include "grundy/error.h"
#include "grundy/position.h"

typedef struct gr_bigpos {
    int n;
    int cap;
    mpz_t *p;
} gr_bigpos;

void gr_bigpos_init(gr_bigpos *bp);
void gr_bigpos_clear(gr_bigpos *bp);
/* Appends a pile; GR_ENOMEM, the position unchanged, when memory runs out.
 * gr_bigpos_from_pos too returns GR_ENOMEM, the position then short. The
 * compiler warns where a caller drops these results: a short position read
 * as whole is a wrong answer. */
int gr_bigpos_push(gr_bigpos *bp, const mpz_t v) __attribute__((warn_unused_result));
/* Makes to (initialised) a copy of from; GR_ENOMEM, to then short, when
 * memory runs out. */
int gr_bigpos_copy(gr_bigpos *to, const gr_bigpos *from) __attribute__((warn_unused_result));
/* Parses one token of decimal digits (no sign, no spaces) and appends it.
 * The message names the token and what is wrong with it. */
int gr_bigpos_push_token(gr_bigpos *bp, const char *tok, size_t len, gr_error *err);
/* Parses "3 5 9", "3,5,9" or any mix of spaces, commas and newlines; two
 * commas with nothing between are an empty pile size, an error. */
int gr_bigpos_parse(gr_bigpos *bp, const char *text, gr_error *err);
/* Reads the whole stream (for POS given as "-"). */
int gr_bigpos_read(gr_bigpos *bp, FILE *in, gr_error *err);
/* True when every pile fits in 64 bits; then fills *out. */
bool gr_bigpos_to_pos(const gr_bigpos *bp, gr_pos *out);
int gr_bigpos_from_pos(gr_bigpos *bp, const gr_pos *pos) __attribute__((warn_unused_result));
/* Index of the first pile over 64 bits, or -1. */
int gr_bigpos_first_big(const gr_bigpos *bp);
/* The number of decimal digits of x >= 0, exactly (mpz_sizeinbase may say
 * one more). */
size_t gr_mpz_digits(mpz_srcptr x);

#endif
