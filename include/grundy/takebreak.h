/* Take-and-break codes, in the notation CGSuite uses (docs/takebreak.md).
 *
 * A code d0.d1d2d3... says, digit by digit, what a move may do: bit k of
 * digit d_i (d_i & 2^k) allows removing i tokens from one heap and leaving
 * the rest as exactly k non-empty heaps. Kayles is 0.77, Dawson's Kayles
 * 0.07, Nim 0.[3], Lasker's Nim 4.[3], seed 004's three-way split 8.[3],
 * Grundy's game 4!. ("!": the parts must be pairwise unequal; "?": not all
 * equal). The rulesets tb, split and grundy-game and nim all carry a code, so
 * the nim-sequence engine (grundy/heapseq.h) reads one structure.
 *
 * Ownership: a gr_tb_code is a plain value, copied by assignment; what
 * the parsing functions are given is only read. */
#ifndef GRUNDY_TAKEBREAK_H
#define GRUNDY_TAKEBREAK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/ruleset.h"

/* Digits a code may list (before the repetition takes over). */
#define GR_TB_MAX_DIGITS 128
/* Parts one move may leave: bit k of a digit for k <= 31. */
#define GR_TB_MAX_PARTS 31

enum gr_tb_constraint {
    GR_TB_ANY = 0,
    GR_TB_UNEQUAL = 1,       /* '!': the parts are pairwise unequal */
    GR_TB_NOT_ALL_EQUAL = 2  /* '?': the parts are not all equal */
};

typedef struct gr_tb_digit {
    uint32_t mask;           /* bit k: may leave exactly k heaps */
    uint8_t constraint;      /* enum gr_tb_constraint, on splits into 2 or more parts */
} gr_tb_digit;

typedef struct gr_tb_code {
    int len;                 /* digits d_0 .. d_{len-1} are listed */
    int period;              /* the last `period` of them repeat forever; 0: finite code */
    gr_tb_digit d[GR_TB_MAX_DIGITS];
} gr_tb_code;

/* Parses "0.77", "4!.", "0.[3]", "&#16;.[3]" (see docs/takebreak.md). */
int gr_tb_parse(gr_tb_code *c, const char *text, gr_error *err);
/* Writes the code back in the same notation. */
int gr_tb_format(const gr_tb_code *c, char *buf, size_t len);
/* Digit d_i for any i >= 0 (0 past the end of a finite code). */
gr_tb_digit gr_tb_digit_at(const gr_tb_code *c, uint64_t i);
/* The largest k any digit allows (the most heaps one move leaves). */
int gr_tb_max_parts(const gr_tb_code *c);
/* Does some digit split into two or more heaps? */
bool gr_tb_splits(const gr_tb_code *c);
/* The classical octal games: finite, no digit before the point, every digit
 * below 8, no constraints. The periodicity theorem applies to these. */
bool gr_tb_is_octal(const gr_tb_code *c, int *last_digit);

/* Every move of the code on a position of heaps, with multiplicity
 * (one move per heap, number taken, part count and partition). Returns
 * GR_EINPUT when a result would have more than GR_MAX_PILES heaps. */
int gr_tb_moves(const gr_tb_code *c, const gr_pos *pos, gr_move_fn fn, void *ctx);

/* The pieces of a heap ruleset that every code shares: the canonical form
 * drops empty heaps (they have no moves under any outcome rule) and sorts;
 * the estimate bounds what a search may meet; moves print as words. */
void gr_tb_canonical(gr_pos *pos);
void gr_tb_estimate(const gr_tb_code *c, const gr_pos *pos, double *states, double *edges);
int gr_tb_format_move(const gr_move *mv, char *buf, size_t len);

/* The ruleset functions shared by every ruleset built on a code (tb, split,
 * grundy-game): g->data is its gr_tb_code, only the parsing differs.
 * gr_tb_rules_parse makes g->data the code `code` spells (any number of
 * heaps: g->piles 0), for the ruleset's parse to adjust; tb_code hands it
 * out (GR_CODE_RULES). */
int gr_tb_rules_parse(gr_game *g, const char *code, gr_error *err);
int gr_tb_rules_code(const gr_game *g, gr_tb_code *out);
void gr_tb_rules_release(gr_game *g);
int gr_tb_rules_moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx);
void gr_tb_rules_canonical(const gr_game *g, gr_pos *pos);
void gr_tb_rules_estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges);
int gr_tb_rules_format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len);

/* Does the code allow taking `taken` tokens from a heap of x and leaving
 * the k heaps parts[0..k-1] (k = 0: nothing left)? The parts must be
 * positive and add up to x - taken. Decides one move in O(k^2) without
 * listing the heap's moves, so it serves heaps of any 64-bit size. */
bool gr_tb_allows(const gr_tb_code *c, uint64_t x, uint64_t taken, const uint64_t *parts, int k);

/* The code a game is played by, when its ruleset is one (its tb_code
 * capability says GR_CODE_RULES: nim, tb, split, grundy-game); false for
 * every other ruleset. */
bool gr_tb_code_of(const gr_game *g, gr_tb_code *out);
/* The same, and also a code that only lists the same heap moves
 * (GR_CODE_HEAPS: subtraction:S as the code whose digit s is 3 for each s in
 * S): the code that decides moves and certifies periods, where the sequence
 * makers keep their own. */
bool gr_tb_code_of_heaps(const gr_game *g, gr_tb_code *out);

#endif
