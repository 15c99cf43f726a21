/* Outcome rules: how a position is scored from its options' scores.
 *
 * Every outcome rule is a small recursion: given the scores of a position's
 * options (one per move, with multiplicity), compute the position's score.
 * They know nothing of which game is played.
 *
 * Ownership: outcome rules are constants; a gr_outcome is a plain value
 * (a rule and its parameter), copied by assignment, nothing to free. */
#ifndef GRUNDY_OUTCOME_H
#define GRUNDY_OUTCOME_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"

/* Scratch space for combine (src/core/bitset.h, internal): a rule may use it
 * and must not keep it. */
typedef struct gr_bitset gr_bitset;

/* One option of a position: its score and an id that is equal exactly when two
 * options lead to the same (canonical) position. */
typedef struct gr_child {
    uint32_t score;
    uint32_t id;
} gr_child;

typedef struct gr_outcome gr_outcome;

typedef struct gr_outcome_rule {
    const char *name;          /* "normal", "misere", ... */
    const char *summary;
    /* The rule's number (players m, blocked k) and its range: a front end
     * takes the rule as a flag of this name, with a number in [param_min,
     * param_max], or none when param_max is 0. The default rule (normal)
     * is no flag: param_min is -1. */
    int param_min, param_max;
    /* Scores are Grundy values (true) or class indices (false). */
    bool score_is_value;
    uint32_t (*combine)(const gr_outcome *o, const gr_child *ch, size_t n, gr_bitset *scratch);
    /* Outcome label of a score: "P", "N", or a class name. */
    const char *(*label)(const gr_outcome *o, uint32_t score);
    /* Is moving from a position scored `from` to an option scored `to` a move
     * the rule prescribes (a winning move under two-player rules)? */
    bool (*prescribed)(const gr_outcome *o, uint32_t from, uint32_t to);
} gr_outcome_rule;

struct gr_outcome {
    const gr_outcome_rule *rule;
    int param;                 /* players m, blocked k; 0 when unused */
};

extern const gr_outcome_rule gr_outcome_normal;
extern const gr_outcome_rule gr_outcome_misere;
extern const gr_outcome_rule gr_outcome_players;   /* players=m, seed 002; see grundy/players.h */

/* Normal play unless told otherwise. */
void gr_outcome_init_normal(gr_outcome *o);
/* Parses "normal", "misere", ... (the --flags of the command line map here). */
int gr_outcome_parse(gr_outcome *o, const char *name, int param, gr_error *err);
const char *gr_outcome_label(const gr_outcome *o, uint32_t score);
/* The registry of outcome rules, for listings. */
size_t gr_outcome_rule_count(void);
const gr_outcome_rule *gr_outcome_rule_at(size_t i);
/* label and prescribed of the rules with two outcomes (normal, misere,
 * blocking): score 0 is P, any other N; the winning moves go from N to P. */
const char *gr_outcome_label_pn(const gr_outcome *o, uint32_t score);
bool gr_outcome_prescribed_pn(const gr_outcome *o, uint32_t from, uint32_t to);
/* Describes the rule for printing, e.g. "normal", "misere". */
int gr_outcome_format(const gr_outcome *o, char *buf, size_t len);

#endif
