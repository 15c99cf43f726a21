/* Periodicity of computed sequences: ultimate periodicity (preperiod e,
 * period p: G(x+p) = G(x) for x >= e), arithmetic periodicity (saltus s:
 * G(x+p) = G(x) + s), and the certificate the octal-game periodicity theorem
 * gives (docs/takebreak.md). */
#ifndef GRUNDY_PERIOD_H
#define GRUNDY_PERIOD_H
#include <stdbool.h>
#include <stdint.h>
#include "grundy/takebreak.h"

typedef struct gr_period {
    bool found;
    uint64_t preperiod;        /* e: the first index of the periodic part */
    uint64_t period;           /* p */
    int64_t saltus;            /* s: 0 for plain periodicity */
    uint64_t checked_to;       /* the last index of the sequence examined */
} gr_period;

/* The smallest period p (and for it the smallest preperiod) such that the
 * relation holds on g[e..n] and n + 1 >= 2(e + p), so that the periodic
 * part is at least as long as the preperiod plus a period.
 * With arithmetic false only s = 0 is looked for. */
bool gr_period_find(const uint32_t *g, uint64_t n, bool arithmetic, gr_period *out);

typedef struct gr_octal_cert {
    bool applies;              /* the code is a finite octal code and the period is plain */
    bool certified;            /* the sequence reaches needed_to */
    int last_digit;            /* t: the index of the code's last non-zero digit */
    uint64_t needed_to;        /* the theorem needs G(0 .. 2e + 2p + t - 1) */
} gr_octal_cert;

/* Guy and Smith's theorem: for an octal game whose last non-zero digit is
 * d_t, if G(x+p) = G(x) for all e <= x < 2e + p + t, then for all x >= e. */
void gr_period_octal(const gr_tb_code *c, const gr_period *p, gr_octal_cert *cert);

#endif
