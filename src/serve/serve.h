/* grundy serve: the page and the JSON API. */
#ifndef GRUNDY_SERVE_H
#define GRUNDY_SERVE_H
#include <stddef.h>

typedef struct serve_asset {
    const char *path;          /* "/index.html" */
    const char *mime;
    const unsigned char *data;
    size_t len;
} serve_asset;

/* generated from web/ (cmake/embed.cmake) */
extern const serve_asset serve_assets[];

/* Bounds a request's work may not exceed. */
typedef struct serve_limits {
    double seconds;            /* wall clock per request */
    double bytes;              /* address space per request */
    long max_table;            /* largest --max of /api/table */
    long max_seq;              /* largest --to of /api/seq */
    long max_check;            /* largest --to of /api/check */
    size_t max_output;         /* bytes of one answer */
    const char *table_file;    /* --tables FILE: a stored table (table --out) /api/table?stored=1 reads */
    const char *seq_dir;       /* --seqs DIR: stored nim-sequences value, moves and play read (serve_seqdir.h) */
    const char *quot_dir;      /* --quotients DIR: saved misere quotients they answer by (serve_quotdir.h) */
    struct serve_quotcache *quot_cache;  /* ... their heads, read once per file (serve_quotdir.h) */
} serve_limits;

/* The answer to one API call. */
typedef struct serve_reply {
    int status;                /* HTTP status */
    char *body;                /* JSON, malloc'd */
    size_t len;
    const char *by;            /* who answered: "server" (in-process), "worker", "process"; NULL: refused up front */
} serve_reply;

/* The most query parameters a call takes. */
#define SERVE_MAX_PAIRS 32
/* A layer call in a worker starts with '@' and the verb's name, "@value"
 * (serve_pool.c). */

struct serve_pool;
struct serve_inproc;
struct gr_api_pair;
/* Runs the API call `endpoint` (e.g. "value") with its query arguments (name,
 * value pairs) in this thread when `inproc` (NULL: never) takes it, else in
 * a worker of `pool`, and fills the reply. */
void serve_api(struct serve_pool *pool, struct serve_inproc *inproc, const serve_limits *lim, const char *endpoint,
               const char *const *names, const char *const *values, int nargs, serve_reply *reply);
/* The same with each name's and value's length, so that a NUL byte decoded
 * from %00 is seen and refused rather than cutting the value short. */
void serve_api_n(struct serve_pool *pool, struct serve_inproc *inproc, const serve_limits *lim, const char *endpoint,
                 const struct gr_api_pair *pairs, int nargs, serve_reply *reply);

#endif
