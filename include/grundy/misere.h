/* Misere play of heap games: the brute force, the genus of each heap, and
 * misere quotients (Plambeck and Siegel), docs/misere.md.
 *
 * A heap ruleset (GR_RS_HEAPS) is read through its moves on one heap: the
 * options of heap h are multisets of smaller heaps (gr_mis_heaps). Heaps
 * with no move are the game 0 under every rule and are dropped from
 * positions. Misere play: the player who cannot move wins.
 *
 * The quotient of the heaps 0..N is a finite commutative monoid Q, its
 * P-portion P and the pretending function phi: heap -> Q; a sum of heaps
 * is a misere P-position exactly when the product of its heaps' phi lies
 * in P. Element 0 is the identity (the empty sum).
 *
 * Ownership: every struct here is the caller's, filled by a _build/_load
 * and emptied by its _free once (a zeroed struct may be freed). Games are
 * borrowed for the call. */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/ruleset.h"
#include "grundy/solve.h"

/* The largest heap the misere tools take: options are listed one heap at a
 * time, so quotients and genera beyond are out of reach anyway. */
#define GR_MIS_MAX_HEAP 4096
/* Heaps one position of the brute force may hold. */
#define GR_MIS_MAX_PARTS 64

/* The options of each heap 0..n: option j of heap h has the parts
 * part[off[first[h] + j] .. off[first[h] + j + 1]), sorted, no dead heap.
 * Kinds past n are extra heaps the genus needs (nim heaps *1 and *2). */
typedef struct gr_mis_heaps {
    int n;                 /* game heaps 0..n */
    int kinds;             /* n + 1 plus the extra heaps */
    uint32_t *first;       /* kinds + 1 entries: options of kind h are first[h]..first[h+1]-1 */
    uint32_t *off;         /* one past the last option: offsets into part */
    uint16_t *part;
    uint32_t nopt, optcap, npart, partcap;
    int nim1, nim2;        /* kinds of the nim heaps *1, *2 (0: not added) */
} gr_mis_heaps;

/* Lists the options of heaps 0..n of a heap ruleset; GR_EINPUT for a
 * ruleset that is not a sum of heaps or whose move does not shrink. */
int gr_mis_heaps_build(gr_mis_heaps *h, const gr_game *g, int n, gr_error *err);
/* Adds the nim heaps *1 and *2 as kinds n+1 and n+2 (for the genus). */
int gr_mis_heaps_add_nim(gr_mis_heaps *h, gr_error *err);
void gr_mis_heaps_free(gr_mis_heaps *h);
static inline uint32_t gr_mis_nopts(const gr_mis_heaps *h, int k) { return h->first[k + 1] - h->first[k]; }
/* Is kind k dead (no move): the game 0? */
static inline bool gr_mis_dead(const gr_mis_heaps *h, int k) { return h->first[k + 1] == h->first[k]; }

/* ---- brute force: misere search over sums of heaps, memoised ---- */
typedef struct gr_mis_brute gr_mis_brute;
/* values: misere Grundy values (mex; a position with no move has 1);
 * otherwise outcomes only (0 for P, 1 for N), with cut-offs. */
gr_mis_brute *gr_mis_brute_new(const gr_mis_heaps *h, bool values, const gr_limits *lim);
void gr_mis_brute_free(gr_mis_brute *b);
/* The misere value (or outcome) of the sum of the kinds k[0..n-1] (any
 * order; dead heaps and 0 allowed). GR_ELIMIT past the memory or time
 * limit, GR_EINPUT ("stopped") when lim's stop hook fires. */
int gr_mis_brute_value(gr_mis_brute *b, const uint16_t *k, int n, uint32_t *value, gr_error *err);
size_t gr_mis_brute_positions(const gr_mis_brute *b);

/* ---- genus (Conway): g^{g0 g1 g2 ...}, gk the misere value of G + k *2 ---- */
#define GR_GENUS_TERMS 8
typedef struct gr_genus {
    uint32_t g;                    /* normal-play Grundy value */
    uint32_t lambda[GR_GENUS_TERMS];  /* g0 .. g(terms-1) */
    int terms;                     /* computed */
    int shown;                     /* digits before the repetition of the last two */
    bool settled;                  /* the last two alternate from `shown - 2` on, as far as computed */
} gr_genus;

/* The genus of each heap 0..n (out: n + 1 entries). */
int gr_genus_heaps(const gr_game *g, int n, int terms, gr_genus *out, const gr_limits *lim, gr_error *err);
/* Is it the genus of a nim sum: 0^120, 1^031 or g^{g, g^2} (tame genera)? */
bool gr_genus_tame(const gr_genus *gn);
/* "0^120", "2^20", "12^{12,14}" (braces and commas once a digit is 10 or more). */
int gr_genus_format(const gr_genus *gn, char *buf, size_t len);

/* ---- misere quotients ---- */
typedef struct gr_mquot {
    char game[256];        /* the rules as given */
    int heaps;             /* covers every sum of heaps 0..heaps */
    uint32_t order;        /* |Q| */
    uint32_t *mul;         /* order * order: mul[x * order + y] */
    uint8_t *p;            /* order: 1 for the P-portion */
    uint32_t *phi;         /* heaps + 1 */
    int ngen;              /* heaps whose phi is outside the monoid of the smaller heaps' */
    int *gen;
    int nchange;           /* heaps where the quotient grew (a new generator was needed) */
    int *change;
    double seconds;        /* the time it took to build */
    int period, preperiod; /* phi(n) = phi(n - period) for n >= preperiod + period, proved
                              for every heap (period.c); 0: the quotient covers heaps 0..heaps */
} gr_mquot;

/* The quotient of the heaps 0..n, built heap by heap; each step proved
 * (docs/misere.md). resume (may be NULL): a quotient of the same game to
 * a smaller heap, carried on from (the result is the one a fresh run
 * gives). GR_ELIMIT when a proof would pass max_elems pairs or the limits
 * (the time limit counts the whole build) or an estimate refuses the heaps
 * left, GR_EINTR when the limits' stop hook fires (checked between heaps
 * and within each proof). progress (may be NULL) is called after each
 * heap. */
typedef void (*gr_mquot_progress)(void *ctx, int heap, uint32_t order, bool changed);
int gr_mquot_build(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                   const gr_limits *lim, gr_mquot_progress progress, void *ctx, gr_error *err);
/* The same, and where the build stops early (GR_ELIMIT: the time limit,
 * an estimate, the pairs' limit; GR_EINTR: the stop hook) after finishing
 * heap 1 or more, *kept gets the quotient of the heaps 0..k it finished,
 * as a build to k gives it (saved, the same bytes); else kept->order is 0.
 * kept is the caller's to free either way. */
int gr_mquot_build_keep(gr_mquot *q, const gr_game *g, int n, const gr_mquot *resume, uint32_t max_elems,
                        const gr_limits *lim, gr_mquot_progress progress, void *ctx, gr_mquot *kept, gr_error *err);
void gr_mquot_free(gr_mquot *q);
/* Sets q->period and q->preperiod where the periodicity test proves that
 * the quotient is the quotient of all heaps (octal games; period.c says
 * why it is sound), else 0. The build and the loader call it. */
void gr_mquot_periodicity(gr_mquot *q, const gr_game *g);
/* The heap at most q->heaps that acts as heap h (h itself within the bound;
 * past it, h reduced by the period, which must be set). */
uint32_t gr_mquot_heap(const gr_mquot *q, uint64_t h);
/* Is the sum of heaps x[0..n-1] (each <= q->heaps) a P-position? */
bool gr_mquot_is_p(const gr_mquot *q, const uint32_t *x, size_t n);
/* The element of the sum. */
uint32_t gr_mquot_elem(const gr_mquot *q, const uint32_t *x, size_t n);
uint32_t gr_mquot_pcount(const gr_mquot *q);
/* The presentation: each element's word in the generators (normal forms)
 * and the relations, written with letters a, b, c ... for gen[0], gen[1],
 * ...: "a^2 = 1". Returns the characters it would write (snprintf). */
int gr_mquot_relations(const gr_mquot *q, char *buf, size_t len);
/* Element x written as a word in the generators ("a b^2", "1"). */
int gr_mquot_word(const gr_mquot *q, uint32_t x, char *buf, size_t len);

/* Checks q against the brute force on every sum of at most `parts` heaps,
 * each at most max_heap (<= q->heaps): *checked sums, and the first sum
 * whose verdicts differ in bad (bad[0] its heap count, 0 when none). */
int gr_mquot_verify(const gr_mquot *q, const gr_game *g, int max_heap, int parts, const gr_limits *lim,
                    uint64_t *checked, uint32_t bad[8], gr_error *err);

/* Files (quotient_file.c): a text format with a checksum, written
 * atomically; loading checks every field and refuses a damaged file with
 * GR_EINPUT. */
int gr_mquot_save(const gr_mquot *q, const char *path, gr_error *err);
int gr_mquot_load(gr_mquot *q, const char *path, gr_error *err);
/* The fields before the table only (game, heaps, p, phi; mul and gen NULL),
 * the checksum checked as by gr_mquot_load: what a check of a file's game
 * and heaps needs, at a small part of a full load's cost. */
int gr_mquot_load_head(gr_mquot *q, const char *path, gr_error *err);
/* Do the rules a quotient records name the game g: the same spelling, or
 * codes that format alike (tb:.137 and tb:0.137, grundy-game and tb:4!.)? */
bool gr_mquot_same_game(const gr_game *g, const char *rules);

#endif
