#include "grundy/io.h"
#include <inttypes.h>

void gr_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*c < 0x20) fprintf(f, "\\u%04x", *c);
            else fputc(*c, f);
        }
    }
    fputc('"', f);
}

void gr_json_mpz(FILE *f, mpz_srcptr v)
{
    if (mpz_sizeinbase(v, 2) <= 53) {
        mpz_out_str(f, 10, v);
    } else {
        fputc('"', f);
        mpz_out_str(f, 10, v);
        fputc('"', f);
    }
}

void gr_json_u64(FILE *f, uint64_t v)
{
    if (v < (1ull << 53)) fprintf(f, "%" PRIu64, v);
    else fprintf(f, "\"%" PRIu64 "\"", v);
}

void gr_json_bigpos(FILE *f, const gr_bigpos *p)
{
    fputc('[', f);
    for (int i = 0; i < p->n; i++) {
        if (i) fputc(',', f);
        gr_json_mpz(f, p->p[i]);
    }
    fputc(']', f);
}

void gr_json_pos(FILE *f, const gr_pos *p)
{
    fputc('[', f);
    for (int i = 0; i < p->n; i++) {
        if (i) fputc(',', f);
        gr_json_u64(f, p->p[i]);
    }
    fputc(']', f);
}

void gr_text_bigpos(FILE *f, const gr_bigpos *p, const char *sep)
{
    for (int i = 0; i < p->n; i++) {
        if (i) fputs(sep, f);
        mpz_out_str(f, 10, p->p[i]);
    }
}
