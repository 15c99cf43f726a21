/* The answer layer: one request vocabulary, one validator and one call per
 * verb between the engine and every front end (the command line, the HTTP
 * API, Python). A front end turns what it was given into key/value pairs,
 * gr_api_request_fill checks and fills the request, gr_api_call answers it
 * into a reply struct, and gr_api_render writes the reply as JSON or text
 * into a gr_buf. No front end states a fact of the engine on its own.
 *
 * Keys are spelled as the HTTP API spells them ("rules", "pos", "misere",
 * "players", "block", "block-position", "winning", "max-memory",
 * "max-seconds", "db", "quotient"); a message names a key in the front end's own terms
 * (gr_api_key_name: "--misere", "misere", "misere="). The outcome rules'
 * keys come from the outcome registry (grundy/outcome.h): a rule with
 * param_max 0 is a boolean key, else a number in its range.
 *
 * Ownership: a gr_api_request and a gr_api_reply are the caller's: _init
 * before use, _clear once after. The request copies what it is given. */
#ifndef GRUNDY_API_H
#define GRUNDY_API_H
#include <stdbool.h>
#include <stddef.h>
#include "grundy/bigpos.h"
#include "grundy/buf.h"
#include "grundy/engine.h"
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/solve.h"

enum gr_api_front { GR_FRONT_CLI, GR_FRONT_HTTP, GR_FRONT_PYTHON };
enum gr_api_verb { GR_API_VALUE, GR_API_MOVES };
enum gr_api_format { GR_API_TEXT, GR_API_JSON };

/* One key and its value as the front end got them (lengths, so that a NUL
 * inside either is seen and refused). Each text also ends in a NUL at its
 * length, as argv, libmicrohttpd and Python hand them over. value NULL: the
 * key alone, as a command-line flag without a value ("--misere"). */
typedef struct gr_api_pair {
    const char *key;
    size_t key_len;
    const char *value;
    size_t value_len;
} gr_api_pair;

typedef struct gr_api_request {
    int verb;                  /* enum gr_api_verb */
    int front;                 /* enum gr_api_front: whose words the messages use */
    char *rules;               /* the ruleset, as given */
    gr_bigpos pos;
    gr_outcome outcome;
    gr_limits limits;
    bool winning;              /* moves: the winning moves only */
    char *db;                  /* results `grundy solve --out` stored (command line and Python only) */
    char *quotient;            /* a misere quotient `grundy misere --quotient --out` saved (same) */
    size_t max_digits;         /* longest pile in digits; 0: no bound (set before filling) */
} gr_api_request;

void gr_api_request_init(gr_api_request *r, int verb, int front);
void gr_api_request_clear(gr_api_request *r);
/* The validator: fills r from the pairs, strictly. Unknown and repeated
 * keys, a second outcome rule, NUL bytes, invalid UTF-8, a boolean other
 * than 1/true/0/false, a number out of its range or with more digits than
 * it may have, a missing rules or pos: GR_EINPUT, the message naming the
 * key in the front end's terms. */
int gr_api_request_fill(gr_api_request *r, const gr_api_pair *pairs, size_t n, gr_error *err);
/* How a key is given: 0 alone or as a boolean (misere, winning), 1 with a
 * value, -1 not a key of the verb (the validator names it). */
int gr_api_key_arity(int verb, const char *key);
/* A key as the front end spells it, into buf: "--misere", "misere",
 * "misere=" (Python: '-' as '_'). */
const char *gr_api_key_name(int front, const char *key, char *buf, size_t size);

/* One move of a moves reply. */
typedef struct gr_api_move {
    int kind;                  /* enum gr_move_kind */
    int from, to;              /* piles (to: -1 unless a transfer) */
    mpz_t amount;
    gr_bigpos parts;           /* a split: the heaps it leaves */
    gr_bigpos result;
    char *text;                /* as the ruleset writes it; NULL past 64 bits */
    char outcome[16];
    bool has_value;
    mpz_t value;
    bool winning;
} gr_api_move;

typedef struct gr_api_reply {
    int verb;
    char *rules;               /* the request's, copied */
    gr_bigpos pos;
    gr_outcome outcome;
    gr_answer here;            /* the position's answer */
    /* moves */
    gr_api_move *moves;
    size_t nmoves, cap;
    bool winning_only;         /* asked for the winning moves only */
    bool all_listed;           /* every move was seen (else only winning ones) */
    mpz_t total;               /* all moves from the position */
    const char *moves_method;
    const char *unit;          /* what the ruleset calls a pile ("pile", "heap") */
    bool blocking;             /* block / block-position: the blocker's strategy follows */
    gr_block_strategy block;
} gr_api_reply;

void gr_api_reply_init(gr_api_reply *rep);
void gr_api_reply_clear(gr_api_reply *rep);

/* Engines of recently used games, kept between calls (a server's threads
 * share one; NULL: a new engine per call). Bounded to `slots` engines; an
 * engine is used by one call at a time. */
typedef struct gr_api_engines gr_api_engines;
gr_api_engines *gr_api_engines_new(int slots);
void gr_api_engines_free(gr_api_engines *c);

/* Answers the request into rep. */
int gr_api_call(gr_api_engines *cache, const gr_api_request *req, gr_api_reply *rep, gr_error *err);
/* The reply as JSON (one line and a newline, as `--format json` prints it)
 * or as text, appended to b. */
void gr_api_render(gr_buf *b, int format, const gr_api_reply *rep);
/* An error as the front end shows it: the message and, for a limit, the
 * front end's knob for it ("; raise with --max-memory"). */
void gr_api_error_text(gr_buf *b, int front, const gr_error *err);
/* {"error":"..."} and a newline, valid UTF-8 whatever the message holds. */
void gr_api_error_json(gr_buf *b, int front, const gr_error *err);

/* The nim-sequence method policy, shared by every front end that computes
 * G(0..to) of a take-and-break game: whether the sparse-space engine
 * (grundy/sparse.h) should compute it rather than the O(N^2) methods. */
bool gr_api_seq_wants_sparse(const gr_game *g, uint64_t to);
/* Whether a sparse run that failed with rc falls back to the other
 * methods (and a certified period): when it was refused by a limit and the
 * caller did not ask for the sparse method by name. */
bool gr_api_seq_falls_back(int rc, bool sparse_asked);

#endif
