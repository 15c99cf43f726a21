/* What the files of the play library (src/engine/play*.c) share and nobody
 * else needs: a gr_play's fields, how a move is identified, results, bans,
 * the first legal move, and the remaining-game length search. See
 * docs/play.md. */
#ifndef GRUNDY_PLAY_INTERNAL_H
#define GRUNDY_PLAY_INTERNAL_H
#include "grundy/play.h"
#include "engine_internal.h"
#include "grundy/postab.h"
#include "grundy/theory.h"

/* A game being played (include/grundy/play.h). */
struct gr_play {
    const gr_game *game;
    gr_engine *engine;         /* the play's own (gr_play_free frees it) */
    int seats;                 /* 2, or m under players=m */
    gr_bigpos start, pos;
    /* the line of play: moves[i] was made from before[i] */
    gr_play_move *moves;
    gr_bigpos *before;
    size_t nmoves, cap;
    bool has_take, has_transfer, has_split;   /* move kinds the ruleset has */
    bool has_code;             /* a take-and-break code decides heap moves (nim, tb, split, grundy-game) */
    gr_tb_code code;
    /* block=k: before each move the other player forbids k of the mover's
     * moves; block-position=k: k of the positions the mover could move to,
     * named by a move that leads there. bans[] holds every ban of the line
     * of play in order; those made before move i start at ban_start[i]
     * (ban_start has cap + 1 entries). */
    int block;
    bool ban_positions;        /* block-position=k */
    gr_play_move *bans;
    size_t nbans, capbans;
    size_t *ban_start;
    /* remaining-game lengths (see gr_play_best) are searched while the tree
     * from the start is small enough; a caller may turn it off */
    bool length_ok;
    struct gr_play_lengths *lengths;
};

/* The remaining-game lengths gr_play_best has searched, kept for the rest of
 * the game: made on first use (play_length.c), per canonical position. */
struct gr_play_lengths {
    gr_postab tab;
    uint32_t *len, *score;
    size_t cap;
};
void gr_play_lengths_free(gr_play *pl);

/* Remaining-game lengths are searched when the game tree from the start is
 * estimated at no more positions than this (a fraction of a second). */
#define GR_PLAY_LENGTH_STATES_MAX 100000.0

/* The position after mv (legality unchecked); GR_ENOMEM, res then not a
 * position, when memory runs out. In games that split heaps the
 * empty heaps are dropped afterwards (at least one heap stays), so the heap
 * count does not grow without end; piles of other games keep their places. */
int gr_play_result_of(const gr_play *pl, const gr_bigpos *pos, const gr_play_move *mv, gr_bigpos *res);

/* Puts a split's parts in nondecreasing order, as the rulesets list them. */
void gr_play_sort_parts(gr_play_move *mv);

/* A move the ruleset listed on the 64-bit position `from`, as a play move:
 * a split's parts are read off the result (the heap moved from holds the
 * first part, the others are appended) and kept in nondecreasing order. */
void gr_play_from_listed(gr_play_move *to, const gr_pos *from, const gr_move *mv, const gr_pos *result);
/* The same for a move a closed form listed. */
void gr_play_from_big(gr_play_move *to, const gr_bigpos *from, const gr_bigmove *mv);

/* Is mv forbidden this turn (block=k: the move itself; block-position=k: the
 * position it leads to)? The listed form skips the conversion when nothing
 * is forbidden, which is nearly always. */
bool gr_play_banned(const gr_play *pl, const gr_play_move *mv);
bool gr_play_banned_listed(const gr_play *pl, const gr_pos *from, const gr_move *mv, const gr_pos *result);

/* The first move not forbidden this turn. Heap games: the first move the
 * ruleset lists for the first heap that has one. Others: on positions small
 * enough to list, the ruleset's least amount, takes before transfers;
 * otherwise one token, takes from each pile in order, then transfers in
 * (from, to) order. False: there is none. */
bool gr_play_first_move(const gr_play *pl, const gr_bigpos *pos, gr_play_move *mv);

/* The search of remaining-game lengths (play_length.c). */
void gr_play_length_key(const gr_play *pl, gr_pos *pos);
int gr_play_length(gr_play *pl, const gr_pos *start, uint32_t *out, gr_error *err);
/* Whether the search failed by the engine's limits (time, memory, the stop
 * hook): passed on, where the search's own size bound falls back. */
bool gr_play_length_stopped(int rc, const gr_error *err);
/* The length and score of a position the search has finished. */
uint32_t gr_play_length_at(const gr_play *pl, const gr_pos *pos, uint32_t *score);
/* The score from the length search where the game is small enough for it;
 * GR_EINPUT otherwise, or the search's stop by a limit (into err, if given). */
int gr_play_own_score(gr_play *pl, const gr_bigpos *pos, uint32_t *score, gr_error *err);
/* The position's outcome and score: from the length search where it can
 * (no Grundy value then), else from the engine. */
int gr_play_answer(gr_play *pl, const gr_bigpos *pos, gr_answer *ans, gr_error *err);

/* Heap games under normal play (play_heap.c): a winning move found from the
 * heaps' Grundy values (the nim-sequence engine), on positions too big to
 * search. Returns 1 and fills mv when found, 0 when the position is lost or
 * the heaps are beyond the engine. */
int gr_play_heap_winning_move(gr_play *pl, gr_play_move *mv);

#endif
