/* Output helpers shared by the verbs: JSON strings and exact integers. */
#ifndef GRUNDY_IO_H
#define GRUNDY_IO_H
#include <stdio.h> /* before gmp.h: it declares the FILE functions then */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include "grundy/bigpos.h"
#include "grundy/position.h"

/* A JSON string literal, escaped. */
void gr_json_string(FILE *f, const char *s);
/* An exact integer: a JSON number up to 2^53 (where every JSON parser is
 * exact), a decimal string beyond, so that no reader rounds it. */
void gr_json_mpz(FILE *f, mpz_srcptr v);
void gr_json_u64(FILE *f, uint64_t v);
void gr_json_bigpos(FILE *f, const gr_bigpos *p);
void gr_json_pos(FILE *f, const gr_pos *p);
/* Plain text: sizes separated by sep. */
void gr_text_bigpos(FILE *f, const gr_bigpos *p, const char *sep);

/* Writes to a temporary file beside `path` and renames it into place on
 * commit, so a reader never sees a half-written file. */
typedef struct gr_atomic_file {
    FILE *f;
    char *path;
    char *tmp;
} gr_atomic_file;
int gr_atomic_open(gr_atomic_file *af, const char *path);
int gr_atomic_commit(gr_atomic_file *af);   /* 0 on success */
void gr_atomic_abort(gr_atomic_file *af);

#endif
