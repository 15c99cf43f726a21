/* The answer layer: one request vocabulary, one validator and one call per
 * verb between the engine and every front end (the command line, the HTTP
 * API, Python). A front end turns what it was given into key/value pairs,
 * gr_api_request_fill checks and fills the request, gr_api_call answers it
 * into a reply struct, and gr_api_render writes the reply as JSON or text
 * into a gr_buf. No front end states a fact of the engine on its own.
 *
 * Keys are spelled as the HTTP API spells them ("rules", "pos", "misere",
 * "players", "block", "block-position", "winning", "max-memory",
 * "max-seconds", "db", "in", "method", "quotient"); a message names a key in the front end's own terms
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
#include "grundy/counting.h"
#include "grundy/engine.h"
#include "grundy/error.h"
#include "grundy/outcome.h"
#include "grundy/period.h"
#include "grundy/play.h"
#include "grundy/players.h"
#include "grundy/solve.h"
#include "grundy/census.h"

enum gr_api_front { GR_FRONT_CLI, GR_FRONT_HTTP, GR_FRONT_PYTHON };
enum gr_api_verb { GR_API_VALUE, GR_API_MOVES, GR_API_SEQ, GR_API_TABLE, GR_API_PLAY, GR_API_GAMES, GR_API_CHECK,
                   GR_API_COUNT, GR_API_LOSING, GR_API_SOLVE, GR_API_CENSUS, GR_API_MISERE };
/* GR_API_BFILE: OEIS b-file lines "n a(n)" (seq); GR_API_CSV (table);
 * GR_API_MD a Markdown table (check); any other verb renders them as text */
enum gr_api_format { GR_API_TEXT, GR_API_JSON, GR_API_BFILE, GR_API_CSV, GR_API_MD };

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

/* seq's options (keys "to", "from", "row", "diagonal", "period",
 * "nim-pairs", "method"; "mask" and "threads" from the command line and
 * Python only). */
struct gr_sparse_progress;
typedef struct gr_api_seq_opts {
    long from, to;             /* the sizes from..to */
    bool have_to;
    long row, diagonal;        /* three-pile sharing: G(0,A,n) or G(0,n,n+D); -1 when absent */
    bool period;               /* also the period found and its certificate */
    bool nim_pairs;            /* three players' nim-pairs of a subtraction game */
    char *method;              /* as given (simple, fast, sparse; recursion, search); NULL: the policy's */
    long mask, threads;        /* the sparse method's; 0: chosen */
    bool bfile;                /* to be rendered as a b-file (refused where the answer holds classes) */
    bool no_fallback;          /* a limit met is the answer (GR_ELIMIT), never a certified period's values:
                                  a server's budget, whose caller asks again under larger limits */
    /* the sparse method's progress, for a front end with a terminal */
    void (*progress)(void *ctx, const struct gr_sparse_progress *p);
} gr_api_seq_opts;

/* table's options (keys "max", "method", "stored"; "threads" from the
 * command line and Python only). */
typedef struct gr_api_table_opts {
    long max;                  /* G(0,a,b) for 0 <= a <= b <= max */
    bool have_max;
    char *method;              /* fast (the default) or simple */
    bool stored;               /* stored=1: the server's stored table (in) */
    char *in;                  /* a table written by `table --out` to read: set by the front end, never a key */
    long threads;              /* the fast method's threads; 0: chosen */
    bool text;                 /* to be rendered as the text layout (which stops at GR_API_TABLE_TEXT_MAX) */
} gr_api_table_opts;
#define GR_API_TABLE_TEXT_MAX 2000

/* check's options (keys "id", "to", "list"). */
struct gr_claim;
typedef struct gr_api_check_opts {
    char *which;               /* a seed ("000") or a claim id ("000/thm-P"); NULL: every claim */
    long to;                   /* each claim's bound; 0: its default */
    bool list;                 /* the claims without checking them */
    /* called before each claim's check starts (the command line arms its
     * overrun alarm here); NULL: none */
    void (*before)(void *ctx, const struct gr_claim *c, const gr_limits *lim);
    void *before_ctx;
} gr_api_check_opts;
/* count's options (keys "what", "sum", "xor", "max-total", "digits", "to",
 * "ordered", "zero", "at-most", "list"): the papers' enumerations. */
typedef struct gr_api_count_opts {
    char *what;                /* pairs, zero-nim, no-carry, zero-graph, sharing-p, sharing-f */
    char *sum, *xor_, *max_total;  /* decimal integers of any size, digits only (checked) */
    long digits, to;           /* -1: absent */
    bool ordered, zero, at_most, list;
} gr_api_count_opts;
/* The enumerations count answers, in order (for a front end's list). */
extern const char *const gr_api_count_whats[];

/* losing's options (keys "piles", "max", "picture"; "png" from the command
 * line and Python only). The outcome rule is block or block-position. */
typedef struct gr_api_losing_opts {
    long piles;                /* default 3 */
    long max;                  /* the largest pile; -1: absent */
    char *picture;             /* a slice instead of the list: piles-2 fixed sizes "3,5", or "-" */
    char *png;                 /* the slice as a PNG into this file */
} gr_api_losing_opts;

/* solve --mpi's hooks (the command line's, src/cli/solve_mpi.c): the layer
 * has no MPI of its own. NULL: one process. */
struct gr_tiers;
struct gr_tier_opts;
typedef struct gr_api_solve_mpi {
    int (*begin)(int *rank, int *ranks, gr_error *err);
    int (*status)(int rc);     /* every rank learns whether any failed */
    void (*gather)(struct gr_tiers *s, uint32_t *max, uint64_t *zeros, uint64_t *loaded);
    int (*share)(struct gr_tier_opts *o, const struct gr_tiers *s, gr_error *err);
    void (*unshare)(struct gr_tier_opts *o);
    void (*end)(void);
} gr_api_solve_mpi;

/* solve's options (keys "total", "piles", "stats", "method"; "out",
 * "threads", "stop-after" from the command line and Python only). */
typedef struct gr_api_solve_opts {
    long total;                /* the canonical total */
    bool have_total;
    long piles;                /* 0: the rules' */
    bool stats;
    char *method;              /* fast (the default) or options */
    char *out;                 /* a directory of tiers: written, and resumed from */
    long threads;              /* 0: every core */
    long stop_after;           /* stop after this many new tiers (GR_ELIMIT); 0: never */
    const gr_api_solve_mpi *mpi;
} gr_api_solve_opts;

/* census --mpi's hooks (the command line's, src/cli/census_mpi.c): run
 * spreads the codes over the ranks (begin done) and ends MPI. */
typedef struct gr_api_census_mpi {
    int (*begin)(int *rank, int *ranks, gr_error *err);
    int (*status)(int rc);     /* every rank learns whether any failed */
    int (*run)(gr_census_rec *recs, size_t n, const char *dir, uint64_t to, int threads, const gr_limits *lim,
               int rank, int ranks, gr_error *err);
    void (*end)(void);
} gr_api_census_mpi;

/* census's options (command line only: it writes a folder of files; the
 * strings are borrowed, not freed with the request). */
typedef struct gr_api_census_opts {
    const char *const *codes;  /* the codes as given */
    size_t ncodes;
    bool unsolved;             /* and the unsolved games of the tables */
    long digits;               /* and every code of at most this many digits; 0: none */
    uint64_t to;
    bool have_to;
    char *dir;                 /* the census folder (the request's own) */
    int threads;               /* in all; 0: every core */
    bool report;               /* what dir holds now, computing nothing */
    bool max_seconds;          /* limits.max_seconds given; else a census runs as long as it takes */
    /* after each code (its record; rc its run's status) */
    void (*progress)(void *ctx, size_t finished, size_t n, const gr_census_rec *r, int rc);
    void *progress_ctx;
    const gr_api_census_mpi *mpi;
} gr_api_census_opts;
/* misere's options (command line and Python only): the genus of each heap
 * 0..to, or the misere quotient of the heaps 0..to (built, resumed from a
 * saved one, saved), or a saved quotient read back (in). */
typedef struct gr_api_misere_opts {
    long to;
    bool have_to;
    bool genus, quotient;      /* exactly one, unless in */
    long terms;                /* the genus's superscript terms; 0: 6 */
    long verify;               /* also misere search on sums of up to 3 heaps each at most this; 0: none */
    char *out, *resume, *in;   /* quotient files */
    /* one call a heap as the quotient is built (NULL: none) */
    void (*progress)(void *ctx, int heap, uint32_t order, bool changed);
    void *progress_ctx;
} gr_api_misere_opts;

typedef struct gr_api_request {
    int verb;                  /* enum gr_api_verb */
    int front;                 /* enum gr_api_front: whose words the messages use */
    char *rules;               /* the ruleset, as given */
    gr_bigpos pos;
    gr_outcome outcome;
    gr_limits limits;
    bool winning;              /* moves: the winning moves only */
    char *db;                  /* results `grundy solve --out` stored (command line and Python only) */
    char *in;                  /* heap games: a stored nim-sequence (`seq --out`; command line and Python only) */
    int heap_method;           /* heap games: enum gr_heap_method ("method") */
    gr_heap_progress_fn progress;  /* long nim-sequence runs (set by the front end; NULL: none) */
    void *progress_ctx;
    char *quotient;            /* a misere quotient `grundy misere --quotient --out` saved (same) */
    size_t max_digits;         /* longest pile in digits; 0: no bound (set before filling) */
    gr_api_seq_opts seq;
    gr_api_table_opts table;
    /* play (set `first` to the front end's default before filling) */
    int first;                 /* the person's seat without seats: 0 (moves first, "me") or 1 ("computer") */
    char *seats;               /* who sits where, "me,computer,computer" (command line and Python only) */
    bool hints;                /* before each of the person's moves, say whether they are winning */
    char *input;               /* the lines to play, newline-separated, answered in one call */
    gr_api_check_opts check;
    gr_api_count_opts count;
    gr_api_losing_opts losing;
    gr_api_solve_opts solve;
    gr_api_census_opts census;
    gr_api_misere_opts misere;
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
/* What goes between a key's name and its value in the front end's words:
 * "--to 5", "to=5", and for Python "" (its name, "to=", ends in '='). */
const char *gr_api_key_sep(int front);
/* A key and that separator, for a message to end with the value: "--to ",
 * "to=". */
const char *gr_api_key_lead(int front, const char *key, char *buf, size_t size);

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

/* What a seq reply holds (GR_SEQ_*). */
enum gr_api_seq_kind {
    GR_SEQ_HEAP,               /* the nim-sequence G(0..to) of one heap */
    GR_SEQ_SHARING,            /* a row or diagonal of three-pile Sharing Nim */
    GR_SEQ_CLASSES,            /* the outcome of one heap of each size, by the engine */
    GR_SEQ_PLAYERS,            /* m players' classes of one subtraction heap */
    GR_SEQ_PAIRS               /* three players' nim-pairs */
};

typedef struct gr_sparse gr_sparse;
typedef struct gr_api_seq_reply {
    int kind;
    char *spec;                /* the ruleset as parsed (players, pairs name it so) */
    long from, to;             /* the sizes answered */
    long base;                 /* values[0] is size base's */
    uint32_t *values;          /* HEAP (when not sparse), SHARING */
    gr_sparse *sparse;         /* HEAP by the sparse method: its values, base 0 */
    uint8_t *classes;          /* PLAYERS: the class digit of each size */
    char (*labels)[16];        /* CLASSES: the outcome of each size */
    const char *method;        /* HEAP: "fast", "simple", "sparse", "certified period"; PAIRS */
    uint32_t mask;             /* the sparse method's mask */
    bool diagonal;             /* SHARING: a diagonal D, else a row A */
    long ad;                   /* A or D */
    char outcome[32];          /* CLASSES: the outcome rule as written */
    int players;               /* PLAYERS */
    bool period;               /* the period was asked for: */
    gr_period per;             /* HEAP */
    gr_octal_cert cert;
    gr_subperiod sub;          /* PLAYERS */
    uint64_t sub_limit;        /* how far the period was looked for */
    gr_pairs pairs;            /* PAIRS */
    bool by_search;
    uint32_t bound;
} gr_api_seq_reply;

/* G(x) of a HEAP or SHARING reply, or a PLAYERS reply's class digit. */
uint32_t gr_api_seq_at(const gr_api_seq_reply *s, long x);
/* The period lines of a HEAP or PLAYERS reply as text (a b-file's go to
 * standard error: the front end writes them there). */
void gr_api_seq_period_text(gr_buf *b, const gr_api_seq_reply *s);
/* A nim-sequence's period as the fields of a JSON object (",\"period\":{...}"). */
void gr_api_seq_period_json(gr_buf *b, const gr_period *p, const gr_octal_cert *cert);
/* Whether a seq request is cheap enough to answer inside a server's thread
 * under the budget (the others go to a worker). */
bool gr_api_seq_cheap(const gr_api_request *req, double seconds, double bytes);

/* The sparse method's file forms of seq (a run with --out FILE or
 * --until-period, a stored file read with --in, the rare heaps): what the
 * answer holds, rendered in pieces so that a file of any length streams
 * through: the head, each heap 0..to in order, the tail. Formats:
 * GR_API_JSON, GR_API_TEXT, GR_API_BFILE (whose period goes to standard
 * error: gr_api_seqfile_note). */
typedef struct gr_api_seqfile_reply {
    const char *rules;
    uint64_t from, to;         /* the heaps answered */
    uint32_t mask;             /* the rare/common mask */
    bool rare;                 /* the rare heaps are listed, not the values */
    uint64_t rare_count;       /* rare heaps in 1..to (the text names it first) */
    bool out;                  /* the values went to a file: none listed */
    const char *file;          /* the run that wrote that file (NULL: no run), and its summary: */
    uint64_t run_to;           /*   G(0..run_to) in the file */
    uint64_t computed, resumed_at;
    double seconds;
    int threads;
    uint32_t run_mask;
    uint64_t run_rare;
    uint32_t largest;
    bool stopped;              /* the run stopped at `to`, its period certified */
    bool period;               /* the period was asked for */
    gr_period per;
    gr_octal_cert cert;
    uint64_t printed;          /* the renderer's own: heaps written so far */
} gr_api_seqfile_reply;

/* Before the head, heap by heap: counts what the head names first (the
 * rare heaps; a streamed file's first pass). */
void gr_api_seqfile_tally(gr_api_seqfile_reply *r, uint64_t x, uint32_t g);
void gr_api_seqfile_head(gr_buf *b, int format, gr_api_seqfile_reply *r);
/* Heap x of value g (the renderer picks the heaps the answer lists). */
void gr_api_seqfile_heap(gr_buf *b, int format, gr_api_seqfile_reply *r, uint64_t x, uint32_t g);
void gr_api_seqfile_tail(gr_buf *b, int format, const gr_api_seqfile_reply *r);
/* What goes to standard error (a b-file's period), else nothing. */
void gr_api_seqfile_note(gr_buf *b, int format, const gr_api_seqfile_reply *r);

/* seq --compare A B --to N: the first heap where two nim-sequences differ. */
typedef struct gr_api_seqcmp_reply {
    const char *rules[2];
    uint64_t to;
    bool same;                 /* G agrees on 0..to */
    uint64_t first;            /* else the first heap where they differ, */
    uint32_t values[2];        /*   and the two values there */
    const char *method[2];     /* the method that computed each ("sparse", "fast", ...) */
} gr_api_seqcmp_reply;

int gr_api_seq_compare(const char *a, const char *b, uint64_t to, const gr_limits *lim, gr_api_seqcmp_reply *r,
                       gr_error *err);
void gr_api_seqcmp_render(gr_buf *b, int format, const gr_api_seqcmp_reply *r);

/* A table reply: under normal play the values, row b = 0..n holding
 * G(0,x,b) for x = 0..b/2 (the rest by symmetry, G(0,x,b) = G(0,b-x,b));
 * under another outcome rule the score of every (0,a,b), row b holding
 * a = 0..b (gr_outcome_label names it). */
typedef struct gr_api_table_reply {
    uint32_t n;
    uint32_t *half;
    uint32_t *score;
} gr_api_table_reply;
/* Where row b starts in half. */
static inline size_t gr_api_table_row(uint32_t b)
{
    return b ? (size_t)b + ((size_t)b - 1) * ((size_t)b - 1) / 4 : 0;
}
/* The normal-play rows one at a time, in order (row[x] = G(0,x,b), x =
 * 0..b/2), for a front end that streams them; a non-zero return stops. */
typedef int (*gr_api_table_fn)(void *ctx, uint32_t b, const uint32_t *row);
int gr_api_table_rows(const gr_api_request *req, gr_api_table_fn fn, void *ctx, gr_error *err);
/* A streamed table's rendering (GR_API_JSON or GR_API_CSV): before the rows, each row, after. */
void gr_api_table_head(gr_buf *b, int format, uint32_t n);
void gr_api_table_put_row(gr_buf *b, int format, uint32_t row_b, const uint32_t *row);
void gr_api_table_tail(gr_buf *b, int format);
/* The text layout of G(0,a,b) for 0 <= a <= b <= n, laid out like seed
 * 000's Table 1, from a getter: the layer's reply, a stored table, the
 * stored tier results all print it alike. */
typedef uint32_t (*gr_api_table_get_fn)(const void *ctx, uint32_t a, uint32_t b);
void gr_api_table_put_text(gr_buf *b, uint32_t n, gr_api_table_get_fn get, const void *ctx);
/* table --out FILE's answer in text: what the file holds. */
void gr_api_table_out_text(gr_buf *b, const char *file, uint32_t n);
/* table --stats: seed 000's figures, gathered as the rows streamed
 * (grundy/s3stats.h), as GR_API_JSON or GR_API_TEXT. */
struct gr_s3stats;
void gr_api_table_stats_render(gr_buf *b, int format, const struct gr_s3stats *s);
/* The table request's checks alone (before any work), as the call makes them. */
int gr_api_table_check(const gr_api_request *req, gr_error *err);
/* Whether a table request is cheap enough for a server's thread. */
bool gr_api_table_cheap(const gr_api_request *req, double seconds, double bytes);

/* A count reply: one exact number (pairs, zero-nim, no-carry), the graph
 * of zero-graph, or seed 000's counts from the table (sharing-p, sharing-f). */
typedef struct gr_api_count_reply {
    const char *what;
    char *count;               /* the number, decimal, any size */
    char *sum;                 /* zero-graph: the total S, decimal */
    bool have_graph, list;
    gr_zgraph graph;
    uint32_t to;               /* sharing-p, sharing-f: n = 0..to */
    uint64_t *all, *positive;  /* sharing-p: P(n), with empty piles and without */
    long first_all, first_positive;  /* the first n where P(n) != floor(n/3); -1 none */
    unsigned char *f;          /* sharing-f: f(n) */
    uint64_t zeros[32], ones[32];  /* sharing-f: per n mod 32, n >= 3 */
} gr_api_count_reply;

/* A losing reply: the P-positions under blocking, or a slice of them. */
typedef struct gr_api_losing_reply {
    int piles;
    uint32_t max;
    bool block_position;       /* the outcome rule is block-position */
    int k;                     /* its K */
    uint32_t *list;            /* count positions of `piles` sizes each, colex order */
    size_t count;
    unsigned long long visited;    /* positions the enumeration looked at */
    bool picture;
    char *fixed;               /* the slice's fixed sizes as given ("-": none) */
    unsigned char *cells;      /* row c = 0..max, b = 0..c: 1 where P (c(c+1)/2 + b) */
    char *png;                 /* written to this file */
} gr_api_losing_reply;

/* A solve reply: the totals of every tier. */
typedef struct gr_api_solve_reply {
    int rank;                  /* under MPI, this process's rank (only rank 0 renders) */
    int ranks;
    bool quiet_failure;        /* under MPI: another rank failed and said why */
    int piles;
    bool graph;
    long total;
    uint64_t positions, p_positions, tiers, tiers_loaded, checksum;
    uint32_t max_value;
    double seconds, per_second;
    bool stats;
    const char *method;        /* fast or options */
    int threads;
    double thread_seconds, waiting_seconds, serial_cpu_seconds, overlapped_cpu_seconds;
} gr_api_solve_reply;

/* A census reply: every code's record, the groups of equal sequences, the
 * tables' claims checked. */
typedef struct gr_api_census_claim {
    const char *a, *b, *source;
    int differ;                /* 1: first at `at`, values va and vb; 0: equal to at */
    uint64_t at;
    uint32_t va, vb;
} gr_api_census_claim;

typedef struct gr_api_census_reply {
    int rank;                  /* under MPI, this process's rank (only rank 0 renders) */
    bool table;                /* records to render, also when a code failed */
    bool stopped;              /* the call's GR_ELIMIT: codes stopped short of to (the table stands) */
    gr_census_rec *recs;
    size_t n;
    uint64_t to;
    char *dir;
    long *group;               /* per record: the first record of its equal sequence; -1: none */
    gr_api_census_claim *claims;
    size_t nclaims;
} gr_api_census_reply;
/* A misere reply: the genus of each heap, or a misere quotient. */
struct gr_genus;
struct gr_mquot;
typedef struct gr_api_misere_reply {
    bool genus;                /* heaps, else quot */
    char *game;                /* the ruleset as parsed */
    long to;
    struct gr_genus *heaps;    /* heaps 0..to */
    struct gr_mquot *quot;
    bool verified;             /* misere search agreed on every sum checked: */
    unsigned long long checked;
    long verify_bound;
} gr_api_misere_reply;

typedef struct gr_api_reply {
    int verb;
    char *rules;               /* the request's, copied */
    gr_bigpos pos;
    gr_outcome outcome;
    gr_answer here;            /* the position's answer */
    bool has_quot;             /* misere heap sums: the position's element of the misere quotient */
    gr_quotient_element quot;
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
    gr_api_seq_reply seq;      /* seq */
    gr_api_table_reply table;  /* table */
    /* play: the reply to the input (grundy/api.h's play section) */
    struct gr_api_play_reply *play;
    struct gr_api_games_reply *games;  /* games */
    struct gr_api_check_reply *check;  /* check */
    gr_api_count_reply count;  /* count */
    gr_api_losing_reply losing;    /* losing */
    gr_api_solve_reply solve;  /* solve */
    gr_api_census_reply census;    /* census */
    gr_api_misere_reply misere;    /* misere */
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

/* ---- play: a person against perfect play ----
 *
 * A game is a session: it opens on the request (ruleset, position, outcome
 * rule, seats), the computer plays its seats, and each line of input (a
 * move, "ban MOVE", hint, undo, restart, help, show, quit) gets a reply.
 * gr_api_call(PLAY) answers a request's `input` in one call: the reply to
 * the first line refused (play->error set), or else to the last line before
 * the end (quit lines aside), or the start's when there is no line. */

/* A move as play shows it. */
typedef struct gr_api_play_move {
    int kind;                  /* enum gr_move_kind */
    int from, to;              /* piles from 0; to: -1 unless a transfer */
    mpz_t amount;
    gr_bigpos parts;           /* a split: the heaps pile `from` becomes */
    char *notation;            /* as a person types it, "0 1 2" */
    char *text;                /* in words, "move 2 from pile 0 to pile 1" */
    /* a move of the line of play: who made it and the position it left */
    int seat;
    bool by_person;
    gr_bigpos after;
} gr_api_play_move;

typedef struct gr_api_play_reply {
    const char *kind;          /* start, move, ban, undo, restart, hint, help, show, error, quit, end */
    char *error;               /* why the line was refused; NULL: it was legal */
    const char *reason;        /* quit: "quit" or "end of input" */
    gr_api_play_move *moves;   /* the moves made since the previous reply, the computer's included */
    size_t nmoves;
    gr_bigpos position;        /* after them */
    size_t turn;               /* moves made since the start */
    int seats;
    int to_move;
    bool to_move_person;
    char outcome[16];          /* the engine's label for the position */
    int winning;               /* whether the mover is winning: -1 not said */
    int block;                 /* block=k, block-position=k: k; else 0 */
    bool ban_positions;        /* a ban names the position a move leads to */
    bool banning;              /* the blocker still forbids moves this turn */
    int blocker;
    gr_api_play_move *bans;    /* forbidden this turn */
    size_t nbans;
    bool over;
    int loser;                 /* the seat that lost, -1 while not over */
    bool has_hint;
    bool hint_found;           /* a move exists */
    gr_api_play_move hint;
    bool hint_winning;
    long hint_prescribed;      /* prescribed (winning) moves; -1 not counted */
    long hint_length;          /* moves left after the hint with best play; -1 unknown */
    char *hint_why;
    const char *help;          /* help: the ruleset's move notation */
    bool changed;              /* the line changed the line of play (a record is rewritten) */
} gr_api_play_reply;

/* Whether an answered request refused its own input (play: a line that is
 * no legal move): the reply is the answer, and HTTP says 400. */
bool gr_api_reply_refused(const gr_api_reply *rep);

void gr_api_play_reply_init(gr_api_play_reply *r);
void gr_api_play_reply_clear(gr_api_play_reply *r);
/* The reply as one line of JSON and a newline (`grundy play --script`). */
void gr_api_play_render_json(gr_buf *b, const gr_api_play_reply *r);
/* "take", "transfer", "split" (enum gr_move_kind), "?" for anything else. */
const char *gr_api_move_kind_name(int kind);

/* A game in progress, for a front end that reads lines one at a time. */
typedef struct gr_api_play_session gr_api_play_session;
/* Opens the game of a filled PLAY request at its position (its input is
 * not played: see gr_api_play_line); NULL, err saying why. */
gr_api_play_session *gr_api_play_open(const gr_api_request *req, gr_error *err);
void gr_api_play_close(gr_api_play_session *s);
/* Plays the computer's seats until a person is to act: the start's reply. */
int gr_api_play_start(gr_api_play_session *s, gr_api_play_reply *r, gr_error *err);
/* One line: 0 with r filled, 1 with r filled and the session stopped
 * (quit), 2 with nothing filled (an empty line), or an error code (the
 * engine failed: a limit, memory). */
int gr_api_play_line(gr_api_play_session *s, const char *line, gr_api_play_reply *r, gr_error *err);
/* The end of the input ("quit", reason "end of input"), or `kind` as given. */
int gr_api_play_report(gr_api_play_session *s, const char *kind, const char *reason, gr_api_play_reply *r,
                       gr_error *err);
/* The game behind the session (the board, records, replays), borrowed. */
gr_play *gr_api_play_game(gr_api_play_session *s);
bool gr_api_play_is_person(const gr_api_play_session *s, int seat);
/* The seats as a record writes them: "me computer". */
const char *gr_api_play_seats_line(const gr_api_play_session *s);
/* Makes a move (or a ban) as given, without the computer answering (a
 * record's replay); the message says why not. */
int gr_api_play_apply(gr_api_play_session *s, const char *text, bool ban, gr_error *err);

/* The nim-sequence method policy, shared by every front end that computes
 * G(0..to) of a take-and-break game: whether the sparse-space engine
 * (grundy/sparse.h) should compute it rather than the O(N^2) methods. */
bool gr_api_seq_wants_sparse(const gr_game *g, uint64_t to);
/* Whether a sparse run that failed with rc falls back to the other
 * methods (and a certified period): when it was refused by a limit and the
 * caller did not ask for the sparse method by name. */
bool gr_api_seq_falls_back(int rc, bool sparse_asked);
/* ---- games: the rulesets and outcome rules, from the registries ---- */

/* A kind of move a ruleset makes, as its move help writes it. */
typedef struct gr_api_game_move {
    int kind;                  /* enum gr_move_kind */
    const char *notation;      /* the notation play reads, with letters to fill in: "P K", "F T K", "P = A B ..." */
    char *written;             /* as the ruleset's help writes it: "PILE AMOUNT" */
    char *summary;             /* what the move does */
} gr_api_game_move;

typedef struct gr_api_game {
    const char *name, *summary, *options;   /* the registry's */
    unsigned flags;            /* GR_RS_*: gr_api_game_flag_name names each bit */
    const char *unit;          /* "pile" or "heap" */
    gr_api_game_move *moves;
    size_t nmoves;
} gr_api_game;

typedef struct gr_api_games_reply {
    gr_api_game *games;        /* in registry order */
    size_t n;
    const gr_outcome_rule **rules;   /* the outcome rules, in registry order */
    size_t nrules;
} gr_api_games_reply;
/* A ruleset flag's name ("heaps", "loopy", "conserves-total") by its bit
 * number, or NULL. */
const char *gr_api_game_flag_name(unsigned bit);

/* ---- check: the papers' claims against search ---- */

typedef struct gr_api_verdict {
    const struct gr_claim *claim;
    uint64_t bound;            /* the bound checked (list: the claim's default) */
    char *range, *detail;      /* what was checked; why it fails or is unchecked (NULL for list) */
    int status;                /* enum gr_claim_status */
    bool has_cex;
    gr_pos cex;                /* the smallest counterexample */
} gr_api_verdict;

typedef struct gr_api_check_reply {
    bool list;                 /* the claims listed, not checked */
    bool one;                  /* one claim asked for by id (text: no seed headings) */
    gr_api_verdict *verdicts;  /* in registry order */
    size_t n;
} gr_api_check_reply;

/* A verb by its name ("value", "moves", "seq"), or -1. */
int gr_api_verb_named(const char *name);

#endif
