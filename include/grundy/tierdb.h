/* Tier results on disk: a directory with a MANIFEST and one file per tier,
 * each checksummed, packed to the fewest bytes per value that hold its
 * largest value, written aside and renamed (docs/tiers.md has the format).
 * The solver writes them; value/moves/table read them back with --db. */
#ifndef GRUNDY_TIERDB_H
#define GRUNDY_TIERDB_H
#include <stdbool.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/ruleset.h"
#include "grundy/tier_index.h"

typedef struct gr_tierdb {
    char *dir;
    int n;
    bool graph;
    char rules[256];
    uint64_t total;         /* every tier 0..total is present (from MANIFEST) */
    bool have_total;
} gr_tierdb;

/* For writing: creates dir when missing, writes MANIFEST when absent, and
 * refuses a directory that holds another game's results. Removes temporary
 * files an interrupted run left behind. */
int gr_tierdb_open(gr_tierdb *db, const char *dir, const gr_game *g, int n, bool create, gr_error *err);
void gr_tierdb_close(gr_tierdb *db);
int gr_tierdb_write(gr_tierdb *db, const gr_tiers *s, uint64_t t, gr_error *err);
/* 1: tier t read into s->v[t] (checksums verified); 0: absent or damaged
 * (the caller recomputes it); otherwise an error status. */
int gr_tierdb_read(gr_tierdb *db, gr_tiers *s, uint64_t t, gr_error *err);
/* The most options a position of canonical total t with `piles` piles has
 * (pile a gives k <= (p_a - p_b)/2 to each smaller pile b, and the piles of
 * a canonical position sum to t with one of them 0): (piles-1) t / 2. No
 * value of tier t is larger; a stored one that is, is refused (GR_EINPUT). */
uint64_t gr_tierdb_bound(int piles, uint64_t t);
/* The largest total a MANIFEST may name (the solver stops at 100000). */
#define GR_TIERDB_MAX_TOTAL 100000u
/* Is tier t's file there (not checked)? */
bool gr_tierdb_has(gr_tierdb *db, uint64_t t);
/* Records in MANIFEST that every tier up to s->total is present. */
int gr_tierdb_finish(gr_tierdb *db, const gr_tiers *s, gr_error *err);

/* Answering from stored results: the game and tiers come from MANIFEST,
 * tiers are read on demand. */
typedef struct gr_tierdb_reader {
    gr_tierdb db;
    gr_game game;
    gr_tiers tiers;
} gr_tierdb_reader;
int gr_tierdb_reader_open(gr_tierdb_reader *r, const char *dir, gr_error *err);
void gr_tierdb_reader_close(gr_tierdb_reader *r);
/* GR_EINPUT when pos is beyond the stored totals or has another pile count. */
int gr_tierdb_reader_value(gr_tierdb_reader *r, const gr_pos *pos, uint32_t *value, gr_error *err);

#endif
