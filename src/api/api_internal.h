/* The answer layer's own pieces (not installed). */
#ifndef GRUNDY_API_INTERNAL_H
#define GRUNDY_API_INTERNAL_H
#include "grundy/api.h"
#include "grundy/play.h"
#include "grundy/ruleset.h"
#include <sys/stat.h>

/* A play kept with a cached engine's game (play.c): its length search's
 * table carries over to the next play of the same game. */
typedef struct gr_api_kept_play {
    gr_play *play;
    unsigned uses;
} gr_api_kept_play;

/* An engine lent for one call: from the cache (slot >= 0) or made for it. */
typedef struct gr_api_lease {
    gr_api_engines *cache;
    int slot;                  /* -1: made for this call */
    gr_engine *engine;
    gr_game *game;
    const gr_api_request *req;
    gr_api_kept_play *kept;    /* the slot's play (NULL: made for this call) */
    struct stat qid;           /* the request's quotient file, as it was when looked up */
} gr_api_lease;

int gr_api_engine_get(gr_api_engines *c, const gr_api_request *req, gr_api_lease *l, gr_error *err);
/* Returns the engine: kept for later calls when `keep` (the call succeeded). */
void gr_api_engine_put(gr_api_lease *l, bool keep);

int gr_api_value(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err);
int gr_api_moves(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err);
/* play on a lease: the slot's kept play when there is one */
int gr_api_play_leased(gr_api_lease *l, const gr_api_request *req, gr_api_reply *rep, gr_error *err);
int gr_api_play(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_play(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_render_value(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_render_moves(gr_buf *b, int format, const gr_api_reply *rep);
int gr_api_seq(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_seq(gr_buf *b, int format, const gr_api_reply *rep);
int gr_api_table(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_table(gr_buf *b, int format, const gr_api_reply *rep);
/* the registries' verbs: no ruleset, no engine */
int gr_api_games(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_games(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_games_reply_free(struct gr_api_games_reply *g);
int gr_api_check(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_check(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_check_reply_free(struct gr_api_check_reply *c);
int gr_api_count(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_count(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_count_reply_clear(gr_api_count_reply *c);
int gr_api_losing(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_losing(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_losing_reply_clear(gr_api_losing_reply *l);
int gr_api_solve(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_solve(gr_buf *b, int format, const gr_api_reply *rep);
int gr_api_census(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_census(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_census_reply_clear(gr_api_census_reply *c);
int gr_api_misere(const gr_api_request *req, gr_api_reply *rep, gr_error *err);
void gr_api_render_misere(gr_buf *b, int format, const gr_api_reply *rep);
void gr_api_misere_reply_clear(gr_api_misere_reply *m);
void gr_api_seq_reply_init(gr_api_seq_reply *s);
void gr_api_seq_reply_clear(gr_api_seq_reply *s);
/* A number in decimal, without printf (seq.c): a long sequence is millions. */
void gr_api_put_u64(gr_buf *b, uint64_t v);
/* A nim-sequence's period and its certificate as text (seq.c). */
void gr_api_heap_period_text(gr_buf *b, const gr_period *p, const gr_octal_cert *cert);

/* value and moves under misere play of heaps: the position's element of
 * the game's misere quotient, and its JSON field ",\"quotient\":{...}". */
void gr_api_quotient_fill(gr_engine *e, gr_api_reply *rep);
void gr_api_quotient_json(gr_buf *b, const gr_api_reply *rep);

#endif
