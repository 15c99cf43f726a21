/* Periodicity of computed sequences: ultimate periodicity (preperiod e,
 * period p: G(x+p) = G(x) for x >= e), arithmetic periodicity (saltus s:
 * G(x+p) = G(x) + s), and the certificate the octal-game periodicity theorem
 * gives (docs/takebreak.md).
 *
 * Ownership: the sequences are only read; results are plain values. */
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

/* The same answer as gr_period_find with arithmetic false, for long
 * sequences of 16-bit values: a rolling hash of the last `window` values
 * finds where they occurred before, and each such place is checked exactly,
 * nearest first, so the cost is O(n) plus the checks (a match that is not a
 * period fails its check within a few values). */
bool gr_period_find16(const uint16_t *g, uint64_t n, gr_period *out);
/* The same for byte values. */
bool gr_period_find8(const uint8_t *g, uint64_t n, gr_period *out);

typedef struct gr_octal_cert {
    bool applies;              /* a finite code without constraints or d0, and a plain period */
    bool certified;            /* the sequence reaches needed_to */
    int last_digit;            /* t: the index of the code's last non-zero digit */
    int parts;                 /* k: the most heaps one move leaves (at least 1; 2 for octal codes) */
    uint64_t needed_to;        /* the theorem needs G(0 .. k(e' + p) + t - 1), e' = max(e, 1) */
} gr_octal_cert;

/* The periodicity theorem of take-and-break games (Guy and Smith for octal
 * games, k = 2; the same argument for any k, see docs/takebreak.md): for a
 * finite code whose moves remove 1..t tokens and leave at most k heaps, with
 * no constraints, if G(x+p) = G(x) for all e' <= x < k e' + (k-1) p + t, then
 * for all x >= e'. */
void gr_period_octal(const gr_tb_code *c, const gr_period *p, gr_octal_cert *cert);

#endif
