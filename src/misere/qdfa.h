/* The machinery of the quotient builder (quotient.c), shared with its
 * tests through the library only: a commutative monoid written as the
 * automaton of its generators (x -> x * phi(h) for each live heap h), the
 * proof that a monoid and a P-portion tell every sum's outcome (explore),
 * and minimisation. */
#ifndef GRUNDY_MISERE_QDFA_H
#define GRUNDY_MISERE_QDFA_H
#include "grundy/misere.h"
#include <time.h>

typedef struct qdfa {
    uint32_t size;         /* elements; 0 is the identity */
    int nl;                /* letters: live heaps */
    uint32_t *next;        /* size * nl */
} qdfa;

/* The alphabet: the live heaps 1..n as letters, their options as words. */
typedef struct qletters {
    int nl;
    int *heap;             /* letter -> heap */
    int *letter;           /* heap -> letter, -1 for a dead heap */
    uint32_t *ofirst;      /* options of letter a: ofirst[a]..ofirst[a+1]-1 */
    uint32_t *ooff;        /* one past the option's last letter in opart */
    int *opart;
    bool full_marking;     /* mark by the whole search over pairs, as before the
                              marking runs were pruned (bench_misere's comparison) */
} qletters;

int qletters_build(qletters *L, const gr_mis_heaps *h, int upto, gr_error *err);

/* The element x times the word w of n letters. */
static inline uint32_t qdfa_walk(const qdfa *d, uint32_t x, const int *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) x = d->next[(size_t)x * d->nl + w[i]];
    return x;
}

/* The element x times option o (the word of its parts' letters). */
static inline uint32_t qdfa_option(const qdfa *d, const qletters *L, uint32_t x, uint32_t o)
{
    uint32_t pb = o ? L->ooff[o - 1] : 0;
    return qdfa_walk(d, x, L->opart + pb, L->ooff[o] - pb);
}

/* A proof's poll of lim (NULL: none) since start: GR_EINTR when stopped,
 * GR_ELIMIT past its seconds. */
int qdfa_polled(const gr_limits *lim, clock_t start, gr_error *err);
void qletters_free(qletters *L);

void qdfa_free(qdfa *d);

/* marks: 0 unmarked, 1 P, 2 N */
enum { QM_NONE = 0, QM_P = 1, QM_N = 2 };

enum qx_mode {
    QX_CHECK,              /* stop at the first failure */
    QX_MARK,               /* marks only, no proof: each element by its first sum, and
                              only that sum extended (every element's first sum is still
                              met: the first sum of x h extends the first sum of x) */
    QX_PAIRS,              /* the same, and build the pair monoid */
    QX_MARK_FULL           /* marks by going on past failures over every pair (slower, same marks) */
};

typedef struct qexplore {
    uint32_t states;       /* pair-states met */
    bool failed;           /* some sum's outcome disagrees with its element's mark */
    int *fail_word;        /* the first such sum, as letters (heaps), and its true outcome */
    uint32_t fail_len;
    bool fail_p;
    uint64_t fail_total;   /* its tokens and heaps: failures later in this order are progress */
    uint32_t fail_cnt;
    uint8_t *mark;         /* d->size marks (caller frees) */
    bool cut;              /* qexplore_mark_to: stopped at the target's mark, not the one wanted */
    qdfa pairs;            /* full mode: the pair monoid's automaton */
    uint8_t *pair_p;       /* full mode: its P-portion from the marks */
} qexplore;

/* Every pair (element of a sum, elements of its options) reachable by
 * adding heaps, in the order of the sums' sizes; marks each element by the
 * first sum that reaches it and notes the first later sum that disagrees. max_states bounds
 * the pairs (GR_ELIMIT). */
int qexplore_run(const qdfa *d, const qletters *L, enum qx_mode mode, uint32_t max_states, const gr_limits *lim,
                 qexplore *out, gr_error *err);
void qexplore_free(qexplore *x);

/* QX_MARK, stopped (cut) as soon as element target is marked other than
 * want (QM_P or QM_N): marks are final once set, so the run that would go
 * on sets it the same way, and a caller that needs only that mark has it
 * without the rest of the search. */
int qexplore_mark_to(const qdfa *d, const qletters *L, uint32_t target, uint8_t want, uint32_t max_states,
                     const gr_limits *lim, qexplore *out, gr_error *err);

/* Letters that move every pair alike (qkinds.c): kind[a], the first
 * letter of each kind (rep, in letter order), and each kind's options with
 * distinct elements, the first option of each (as distinct_options). */
typedef struct qkinds {
    int n;
    int *kind;             /* letter -> kind */
    int *rep;              /* kind -> its first letter */
    uint32_t *ofirst;      /* kind k's options: opt[ofirst[k]..ofirst[k+1]-1] */
    uint32_t *opt;
} qkinds;

int qkinds_build(qkinds *K, const qdfa *d, const qletters *L, gr_error *err);
void qkinds_free(qkinds *K);

/* The conservative extension's check (qcheck.c): whether every pair
 * reachable in d agrees with the P-portion p (1/0), met in no particular
 * order and stopping at the first that does not. It gives QX_CHECK's
 * verdict when p is proved for the sums of the letters before the last
 * and those sums reach every element (qcheck_applies(d, nl - 1)). */
bool qcheck_applies(const qdfa *d, int nl);
int qcheck_run(const qdfa *d, const qletters *L, const uint8_t *p, uint32_t max_states, const gr_limits *lim,
               bool *ok, gr_error *err);

/* The smallest automaton with the same language (P given per state): its
 * states numbered breadth first from the identity. pmark_out gets the new
 * P-portion (1/0). */
int qdfa_minimize(const qdfa *d, const uint8_t *p, qdfa *out, uint8_t **p_out, gr_error *err);

/* gr_mquot_build with the marking runs of the first version (full_marking),
 * for the benchmark's ratio. */
int gr_mquot_build_marking(gr_mquot *q, const gr_game *g, int n, uint32_t max_elems, const gr_limits *lim,
                           bool full_marking, gr_error *err);

/* Fills q->gen and q->ngen from q->phi and q->mul (quotient.c). */
int gr_mquot_generators(gr_mquot *q, gr_error *err);

#endif
