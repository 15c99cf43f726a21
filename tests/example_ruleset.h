/* The example ruleset of docs/architecture.md ("Adding a ruleset"), compiled
 * only into the tests: a new game that the engine, `moves` and play serve
 * with no change anywhere else. */
#ifndef GRUNDY_TEST_EXAMPLE_RULESET_H
#define GRUNDY_TEST_EXAMPLE_RULESET_H
#include "grundy/ruleset.h"

/* "take-one-or-two": a move takes 1 or 2 tokens from one heap. */
extern const gr_ruleset gr_rules_example;

#endif
