/* Playing a game against perfect play: the state of one game, moves as a
 * person writes them, the computer's choice, hints and records.
 *
 * Nothing here prints: the command line (src/cli/cmd_play.c) and the served
 * page both drive a gr_play and show what it returns. Positions may be of any
 * size: where search cannot go, the closed forms choose the moves (through
 * the engine) and moves are checked and applied on GMP integers.
 *
 * Seats are numbered from 0 in the order they move; seat 0 moves first. Who
 * sits in a seat (a person or the computer) is the front end's business.
 *
 * Ownership: a gr_play is opaque (its fields are in
 * src/engine/play_internal.h). gr_play_new borrows the game (it must outlive
 * the play) and copies the outcome rule, the limits and the start position;
 * the caller owns the play and frees it with gr_play_free, once, which frees
 * the engine the play made for itself too. What the accessors return (the
 * position, the line of play, the engine) and what gr_play_bans returns are
 * borrowed from the play: valid until the next call that changes it (a move,
 * a ban, an undo, a restart) or gr_play_free. Moves and choices belong to
 * the caller (_init, then _clear). One thread at a time per gr_play. */
#ifndef GRUNDY_PLAY_H
#define GRUNDY_PLAY_H
#include <stdio.h> /* before gmp.h, which then declares its FILE functions */
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include "grundy/bigpos.h"
#include "grundy/engine.h"
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/ruleset.h"
#include "grundy/takebreak.h"

/* The most heaps one move may leave (GR_TB_MAX_PARTS). */
#define GR_PLAY_MAX_PARTS 31

/* A move on a position of any size. */
typedef struct gr_play_move {
    int kind;                  /* GR_MOVE_TAKE, GR_MOVE_TRANSFER or GR_MOVE_SPLIT */
    int src, dst;              /* piles from 0; dst -1 unless a transfer */
    mpz_t amount;              /* tokens taken (a split: taken before splitting, often 0) */
    /* GR_MOVE_SPLIT: the heaps heap src becomes, nondecreasing; part[0]
     * takes the heap's place and the others are appended */
    int nparts;
    mpz_t part[GR_PLAY_MAX_PARTS];
} gr_play_move;

void gr_play_move_init(gr_play_move *m);
void gr_play_move_clear(gr_play_move *m);
void gr_play_move_copy(gr_play_move *to, const gr_play_move *from);

/* The state of one game: opaque, like the engine. */
typedef struct gr_play gr_play;

/* Starts a game. NULL, err saying why, when memory runs out (GR_ENOMEM) or
 * the engine cannot answer the position: too big for search and no closed
 * form, or a loopy game (exit-2 errors). */
gr_play *gr_play_new(const gr_game *g, const gr_outcome *o, const gr_limits *lim, const gr_bigpos *start,
                     gr_error *err);
/* Frees the play and its engine; NULL is fine. */
void gr_play_free(gr_play *pl);
/* Starts a new game of the same game and rule from start, keeping what the
 * engine and the length search have learned (a sweep over many positions
 * pays for its tables once). Checked as gr_play_new checks, the length
 * search decided again; on failure the play is as it was. */
int gr_play_set_start(gr_play *pl, const gr_bigpos *start, gr_error *err);

/* ---- reading the game (borrowed, see the ownership note above) ---- */
const gr_game *gr_play_game(const gr_play *pl);
/* The engine the play answers with (the play's own: do not free it). */
gr_engine *gr_play_engine(gr_play *pl);
/* 2, or m under players=m. */
int gr_play_seats(const gr_play *pl);
/* The seat to move. */
int gr_play_to_move(const gr_play *pl);
const gr_bigpos *gr_play_start(const gr_play *pl);
const gr_bigpos *gr_play_position(const gr_play *pl);
/* The line of play: move i (0 <= i < gr_play_nmoves) was made from the
 * position gr_play_before(pl, i). */
size_t gr_play_nmoves(const gr_play *pl);
const gr_play_move *gr_play_move_at(const gr_play *pl, size_t i);
const gr_bigpos *gr_play_before(const gr_play *pl, size_t i);
/* The kinds of move the ruleset has, as GR_MOVE_BIT bits. */
unsigned gr_play_move_kinds(const gr_play *pl);
/* block=k and block-position=k: k (0 under other rules); *positions says
 * whether a ban names a position (block-position) rather than a move. */
int gr_play_block(const gr_play *pl, bool *positions);
/* Remaining-game lengths (see gr_play_best) are searched while the tree
 * from the start is small enough; false turns that off. */
void gr_play_set_length_search(gr_play *pl, bool on);

/* Parses a move as a person writes it: "PILE AMOUNT" (take), "FROM TO
 * AMOUNT" (transfer), "HEAP = A B C" (heap HEAP becomes the heaps A, B, C:
 * a split, or a take when one part or none is left), or the words the
 * computer uses, "take 3 from pile 1", "move 2 from pile 0 to pile 1",
 * "split heap 2 into 1, 3 and 5", "take 1 from heap 2 and split the rest
 * into 3 and 4". Syntax only: legality is gr_play_check. */
int gr_play_parse_move(const gr_play *pl, const char *text, gr_play_move *mv, gr_error *err);

/* Is mv legal from the current position? Fills *result (initialised by the
 * caller) with the position after it. The message says why not. */
int gr_play_check(gr_play *pl, const gr_play_move *mv, gr_bigpos *result, gr_error *err);
/* The check used on positions too big to list their moves: the ruleset's
 * own legal capability (nim, sharing, kim), or a heap game's take-and-break
 * code. Public so that tests can hold it against
 * listing; mv must name existing piles. */
bool gr_play_probe_legal(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv);
/* Checks and makes the move. */
int gr_play_make(gr_play *pl, const gr_play_move *mv, gr_error *err);
/* Takes back the last n moves (fewer if there are fewer). */
void gr_play_undo(gr_play *pl, size_t n);
void gr_play_restart(gr_play *pl);

typedef struct gr_play_state {
    bool over;                 /* the mover has no move (or every move is forbidden) */
    bool banning;              /* block=k: the blocker still has to forbid moves this turn */
    int blocker;               /* the seat that forbids (block=k), -1 otherwise */
    int to_move;               /* seat */
    int loser;                 /* seat that lost, -1 while not over */
    char outcome[16];          /* the engine's label for the current position */
} gr_play_state;

int gr_play_state_get(gr_play *pl, gr_play_state *st, gr_error *err);

/* Blocking (block=k, block-position=k). The moves forbidden this turn so far
 * (under block-position, each stands for the position it leads to): */
const gr_play_move *gr_play_bans(const gr_play *pl, size_t *n);
/* Forbids one of the mover's legal moves this turn (the blocker's action). */
int gr_play_ban(gr_play *pl, const gr_play_move *mv, gr_error *err);
/* The computer as blocker forbids the rest of this turn's k moves: the
 * mover's moves to P-positions while any is left, quickest win first, then
 * the move gr_play_best would make for the mover (the longest game). */
int gr_play_auto_ban(gr_play *pl, gr_error *err);

/* The move perfect play makes, and what is known about it. */
typedef struct gr_play_choice {
    bool found;                /* false: no move (game over) */
    gr_play_move move;
    bool winning;              /* the outcome rule prescribes it (a winning move for two players) */
    long prescribed;           /* how many prescribed moves there are; -1 when not counted */
    long length;               /* moves left after it with best play on both sides; -1 unknown */
    const char *how;           /* "search", the closed form's name, or "smallest move" */
} gr_play_choice;

void gr_play_choice_init(gr_play_choice *c);
void gr_play_choice_clear(gr_play_choice *c);

/* The computer's move from the current position. Where the game tree is
 * small enough, every move's remaining-game length is searched: among the
 * prescribed (winning) moves the one that ends the game soonest, otherwise
 * the move that makes it last longest; ties go to the first move in the
 * ruleset's order. Beyond that: the first winning move the engine lists, or
 * else the smallest move (one token, first pile pair in order). */
int gr_play_best(gr_play *pl, gr_play_choice *c, gr_error *err);

/* One sentence on why c (from gr_play_best) wins, or that nothing wins;
 * malloc'd, the caller frees it. */
char *gr_play_explain(gr_play *pl, const gr_play_choice *c);

/* The move in words ("move 2 from pile 0 to pile 1", "split heap 2 into 1,
 * 3 and 5") and in the notation a person types ("0 1 2", "2 = 1 3 5");
 * malloc'd. */
char *gr_play_move_words(const gr_play_move *mv);
char *gr_play_move_notation(const gr_play_move *mv);

/* A record of a game: text a person can read and grundy can replay.
 *   # grundy play record 1
 *   rules sharing
 *   outcome normal
 *   position 3 5 9
 *   seats me computer          (free words, one per seat; optional)
 *   move 2 0 1                 (one per move, in the typed notation)
 *   ban 1 0 1                  (block=k: a move forbidden before the next move)
 */
typedef struct gr_play_record {
    char rules[256];
    char outcome[64];          /* "normal", "misere", "players=3", "block=1" */
    gr_bigpos start;
    char seats[256];           /* the seats line, as written */
    char **moves;              /* typed notation, one per move; bans as "ban NOTATION" */
    size_t nmoves;
} gr_play_record;

/* The record of the current line of play; seats may be NULL. malloc'd. */
char *gr_play_record_text(const gr_play *pl, const char *seats);
int gr_play_record_parse(gr_play_record *rec, const char *text, gr_error *err);
void gr_play_record_free(gr_play_record *rec);
/* Splits an outcome string such as "players=3" into a rule. */
int gr_play_outcome_parse(gr_outcome *o, const char *text, gr_error *err);

#endif
