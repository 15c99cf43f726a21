/* Subtraction games (seed 002): the subtraction set of a parsed
 * `subtraction:S` game, for the fast sequence makers that work on it
 * directly instead of through the move enumerator.
 *
 * Ownership: the set returned is borrowed from the game and lives as
 * long as it. */
#ifndef GRUNDY_SUBTRACTION_H
#define GRUNDY_SUBTRACTION_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/ruleset.h"

/* Most elements a subtraction set may have; sequence makers keep values in
 * bytes, and a Grundy value is at most the set's size. */
#define GR_SUBTRACTION_MAX_SET 64
/* Largest element: the sequence makers keep a ring of this many values. */
#define GR_SUBTRACTION_MAX_ELEMENT 100000000ull

/* The set in increasing order, or NULL when g is not a subtraction game. */
const uint64_t *gr_subtraction_set(const gr_game *g, size_t *n);

#endif
