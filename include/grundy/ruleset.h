/* The ruleset interface: what a move is, nothing about solving.
 *
 * Each ruleset is one constant struct of function pointers in its own file
 * under src/rules/, listed once in the registry (src/rules/registry.c). A game
 * is a ruleset plus its parsed options ("sharing:piles=4").
 *
 * Ownership: rulesets are constants, never freed. gr_game_parse fills the
 * caller's gr_game (it may allocate for its options): gr_game_release once
 * after, and the game must outlive every engine, solver or play made on it.
 * Positions handed to a gr_move_fn are borrowed for the call. */
#ifndef GRUNDY_RULESET_H
#define GRUNDY_RULESET_H
#include <stddef.h>
#include <stdint.h>
#include "grundy/bigpos.h"
#include "grundy/error.h"
#include "grundy/position.h"

enum gr_move_kind {
    GR_MOVE_TAKE = 1,     /* remove `amount` from pile src */
    GR_MOVE_TRANSFER = 2, /* move `amount` tokens from pile src to pile dst */
    GR_MOVE_SPLIT = 3     /* take `amount` from heap src and leave the rest as parts */
};

typedef struct gr_move {
    int kind;             /* enum gr_move_kind */
    int src, dst;         /* 0-based pile indices into the position as given; dst -1 if none */
    uint64_t amount;
    int parts;            /* GR_MOVE_SPLIT: how many heaps are left */
} gr_move;

/* Called once per move, moves counted with multiplicity (two equal piles give
 * two moves). `result` keeps the pile order of the position moved from, so a
 * front end can show it; solvers canonicalise it themselves. A non-zero return
 * stops the enumeration and is passed back. */
typedef int (*gr_move_fn)(void *ctx, const gr_move *mv, const gr_pos *result);

enum gr_ruleset_flags {
    /* A position is a disjunctive sum of its heaps: under normal play its value
     * is the XOR of the heaps' values. */
    GR_RS_HEAPS = 1u << 0,
    /* Play can return to a position; solvers must detect draws. */
    GR_RS_LOOPY = 1u << 1,
    /* Moves keep the total number of tokens. */
    GR_RS_CONSERVES_TOTAL = 1u << 2
};

/* A move on piles of any size (GMP), as the closed forms and play see it. */
typedef struct gr_bigmove {
    int kind;                  /* enum gr_move_kind */
    int src, dst;
    mpz_srcptr amount;
    const gr_bigpos *result;   /* in the pile order of the position moved from; may be NULL */
} gr_bigmove;

/* The games the papers' theorems (src/theory/) and the specialised solvers
 * (src/fast/, the tier solver) are about, named by their moves, not by how
 * a ruleset is spelled: `sharing` and `sharing:piles=3` are both
 * GR_FAMILY_SHARING. A ruleset says which one its parsed options make it
 * (its `family` member); a new ruleset with no theory of its own is
 * GR_FAMILY_NONE and needs no line here. */
enum gr_family {
    GR_FAMILY_NONE = 0,
    GR_FAMILY_NIM,           /* Bouton's Nim: take any positive amount from one pile */
    GR_FAMILY_SHARING,       /* Sharing Nim on the complete graph (seed 000): every pair of piles */
    GR_FAMILY_SHARING_GRAPH, /* Sharing Nim along the edges of a directed graph (seed 000's Graph Nim) */
    GR_FAMILY_KIM,           /* Kim's Sharing Nim (seed 001); param: the reading, 1 to 4 */
    GR_FAMILY_SPLIT          /* Nim or split a heap into exactly param parts (seed 004) */
};

/* How a ruleset's moves are a take-and-break code (grundy/takebreak.h). */
enum gr_code_fit {
    GR_CODE_NONE = 0,
    GR_CODE_RULES = 1,       /* the ruleset is this code (nim, tb, split, grundy-game) */
    GR_CODE_HEAPS = 2        /* the code lists the same heap moves, but the ruleset keeps its own
                                sequence makers (subtraction:S): for deciding moves and periods */
};

/* Bits of the kinds of move a game has: GR_MOVE_BIT(GR_MOVE_TAKE) | ... */
#define GR_MOVE_BIT(kind) (1u << (kind))

typedef struct gr_ruleset gr_ruleset;
typedef struct gr_tb_code gr_tb_code;

typedef struct gr_game {
    const gr_ruleset *rs;
    int piles;            /* pile count the options fix, 0 when any count is allowed */
    unsigned flags;       /* the ruleset's flags, adjusted by options (a reading may be loopy) */
    void *data;           /* ruleset-owned parsed options */
    char spec[256];       /* the rules as the user wrote them, for printing */
} gr_game;

struct gr_ruleset {
    const char *name;
    const char *summary;        /* one line */
    const char *options;        /* one line per option: "piles=n  ..." */
    const char *move_help;      /* how a person writes a move, for `play` */
    const char *unit;           /* what its board calls one: "pile" or "heap"
                                   (NULL: "heap" for games of heaps, else "pile") */
    unsigned flags;
    /* opts is the text after "name:" (NULL when absent). Fills g->piles,
     * g->flags, g->data. */
    int (*parse)(gr_game *g, const char *opts, gr_error *err);
    void (*release)(gr_game *g);
    /* Is a position of n piles allowed? (The pile sizes are checked by
     * whoever needs them.) */
    int (*check_count)(const gr_game *g, int n, gr_error *err);
    int (*moves)(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx);
    /* A representative of the position's equivalence class: equal for
     * positions with isomorphic move graphs. */
    void (*canonical)(const gr_game *g, gr_pos *pos);
    /* Upper bounds on the positions reachable from pos and the moves among
     * them, so a search can be refused before it starts. */
    void (*estimate)(const gr_game *g, const gr_pos *pos, double *states, double *edges);
    int (*format_move)(const gr_game *g, const gr_move *mv, char *buf, size_t len);

    /* ---- Optional capabilities: what the engine, play, hints and closed
     * forms would otherwise have to guess from the name. NULL when the
     * ruleset has none; the wrappers below give the defaults. ---- */

    /* Which game of the papers this is, with its parameter (GR_FAMILY_NONE
     * when the theory knows nothing of it). */
    enum gr_family (*family)(const gr_game *g, int *param);
    /* The game as a take-and-break code, filling *out (enum gr_code_fit). */
    int (*tb_code)(const gr_game *g, gr_tb_code *out);
    /* The kinds of move the game has (GR_MOVE_BIT bits); without it play
     * finds them by listing the moves of small positions. */
    unsigned (*move_kinds)(const gr_game *g);
    /* Is a take or transfer legal on pos, piles of any size? 1 yes; 0 no,
     * with why the rules forbid it in why (left empty when there is nothing
     * more to say than "illegal"); -1 when it cannot tell. */
    int (*legal)(const gr_game *g, const gr_bigpos *pos, const gr_bigmove *mv, char *why, size_t len);
    /* Replaces pos by a smaller position whose game is the same under every
     * outcome rule (an isomorphic move graph), e.g. Sharing Nim less its
     * minimum (seed 000, Lemma 1). Only values are read from the reduced
     * position: the pile count may change, so moves are never listed from
     * it. Returns true when it changed pos. */
    bool (*reduce)(const gr_game *g, gr_bigpos *pos);
};

/* The registry. */
size_t gr_ruleset_count(void);
const gr_ruleset *gr_ruleset_at(size_t i);
const gr_ruleset *gr_ruleset_find(const char *name, size_t len);

/* Parses "name" or "name:options" into g. */
int gr_game_parse(gr_game *g, const char *spec, gr_error *err);
/* Whether the rules a file records (`rules`) are g's: the same spelling,
 * the same game once parsed, or take-and-break codes that format alike
 * (tb:.07 and tb:0.07, grundy-game and tb:4!.). */
bool gr_game_same_rules(const gr_game *g, const char *rules);
/* The same for a ruleset that is not in the registry (a library user's
 * own, or a test's): spec is "name" or "name:options", as printed. */
int gr_game_init(gr_game *g, const gr_ruleset *rs, const char *spec, gr_error *err);
void gr_game_release(gr_game *g);
int gr_game_moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx);
void gr_game_canonical(const gr_game *g, gr_pos *pos);
int gr_game_check_count(const gr_game *g, int n, gr_error *err);
int gr_game_format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len);
/* "pile" or "heap", as the game's board and messages say. */
const char *gr_game_unit(const gr_game *g);

/* The optional capabilities, with their defaults. */
enum gr_family gr_game_family(const gr_game *g, int *param);      /* GR_FAMILY_NONE, *param 0 */
int gr_game_tb_code(const gr_game *g, gr_tb_code *out);           /* GR_CODE_NONE */
unsigned gr_game_move_kinds(const gr_game *g);                    /* 0: unknown, list to find out */
int gr_game_legal(const gr_game *g, const gr_bigpos *pos, const gr_bigmove *mv, char *why, size_t len); /* -1 */
bool gr_game_reduce(const gr_game *g, gr_bigpos *pos);            /* false: pos as it is */

/* Helpers for ruleset files: iterate "key=value" items separated by commas. */
typedef int (*gr_option_fn)(gr_game *g, const char *key, size_t klen,
                            const char *val, size_t vlen, gr_error *err);
int gr_options_each(gr_game *g, const char *opts, gr_option_fn fn, gr_error *err);
/* Parses a small decimal integer option value in [lo, hi]. */
int gr_option_int(const char *key, size_t klen, const char *val, size_t vlen,
                  long lo, long hi, long *out, gr_error *err);

#endif
