/* A census of octal games: many take-and-break codes run by the sparse-space
 * engine (grundy/sparse.h), each into its own sequence file in one folder,
 * with a manifest that makes the whole census resumable; per code the
 * figures the published tables give (frontier, mask, rare heaps, largest
 * value and where, last rare heap, certified period); codes grouped by
 * equal sequences; the published tables' claims of equal games checked.
 *
 * Ownership: records are plain values the caller owns; the functions read
 * and write files in the census folder only. */
#ifndef GRUNDY_CENSUS_H
#define GRUNDY_CENSUS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/error.h"
#include "grundy/period.h"
#include "grundy/solve.h"

#define GR_CENSUS_NAME 32
#define GR_CENSUS_RULES 64
/* Largest value up to 2^k and rare heaps below 2^k, for k < this (the picture). */
#define GR_CENSUS_POWERS 48

enum gr_census_state {
    GR_CENSUS_PENDING,            /* not run yet */
    GR_CENSUS_DONE,               /* reached --to, or certified periodic before it */
    GR_CENSUS_STOPPED,            /* stopped by a limit or an interrupt: resumable */
    GR_CENSUS_FAILED              /* refused or failed: error says why */
};

typedef struct gr_census_rec {
    char name[GR_CENSUS_NAME];    /* as the tables write it: ".161", "4.007", "grundy-game" */
    char rules[GR_CENSUS_RULES];  /* the ruleset: "tb:0.161", "grundy-game" */
    int state;
    uint64_t count;               /* G(0..count-1) known */
    uint64_t resumed;             /* of which read from the file */
    uint32_t mask, gmax;
    uint64_t gmax_at;             /* the first heap of value gmax */
    uint64_t rare, last_rare;     /* rare heaps in 1..count-1 under mask, the last one */
    gr_period per;
    gr_octal_cert cert;
    bool hashed;                  /* G(0..to) known (reached, or certified periodic) */
    uint64_t hash;                /* of G(0..to) */
    double seconds;               /* wall time of this run's computing */
    int threads;
    uint32_t max_pow[GR_CENSUS_POWERS];   /* largest value in G(0..2^k - 1) */
    uint64_t rare_pow[GR_CENSUS_POWERS];  /* rare heaps below 2^k (under the final mask) */
    int npow;                     /* entries: 2^k <= count for k < npow */
    char error[160];
} gr_census_rec;

/* A code as typed (".161", "0.161", "tb:0.161", "4.007", "grundy-game", "4!.")
 * into its record's name and ruleset. GR_EINPUT for an unknown code or one
 * the sparse engine does not take (moves that leave three heaps). */
int gr_census_code(const char *word, gr_census_rec *r, gr_error *err);

/* The unsolved octal games with at most three code digits, and Grundy's
 * game, as the published tables list them (names as gr_census_code takes). */
size_t gr_census_unsolved(const char *const **names);
/* Every code 0.d1..dk and 4.d1..dk with k <= digits (1..3) and d_k != 0, in
 * table order: fills names[i] (room for `room`), returns the count. */
size_t gr_census_all(int digits, char (*names)[8], size_t room);

/* Pairs of codes that published tables list as one game. */
typedef struct gr_census_claim {
    const char *a, *b;
    const char *source;
} gr_census_claim;
size_t gr_census_claims(const gr_census_claim **claims);

/* The sequence file of a record in dir (path written to buf). */
void gr_census_file(const char *dir, const gr_census_rec *r, char *buf, size_t len);

/* Runs one code to G(0..to) on `threads` threads, resuming its file (stops
 * early once a period is certified), and fills the record. A stop by lim
 * leaves the record STOPPED (the file resumable); other failures FAILED. */
int gr_census_run(gr_census_rec *r, const char *dir, uint64_t to, int threads, const gr_limits *lim, gr_error *err);

/* The record of what the code's file holds, computing nothing (the groups'
 * hash over G(0..to)): a code not begun keeps count 0; one short of `to`
 * and not certified is STOPPED. */
int gr_census_read(gr_census_rec *r, const char *dir, uint64_t to, const gr_limits *lim, gr_error *err);

/* The manifest (dir/MANIFEST): the codes of the census and each one's
 * state. open creates it, or checks that dir holds this census (the same
 * codes; GR_EINPUT otherwise); with n == 0 it reads the codes into *recs
 * (malloc'd) instead. save rewrites it (atomically). key names the folder
 * in messages as the front end spells it and its separator (NULL: "--dir "). */
int gr_census_open(const char *dir, const char *key, gr_census_rec **recs, size_t *n, gr_error *err);
int gr_census_save(const char *dir, const gr_census_rec *recs, size_t n, uint64_t to, gr_error *err);

/* One run at a time in a folder: an exclusive lock on dir/LOCK (GR_EINPUT
 * when another process holds it); unlock releases it. */
int gr_census_lock(const char *dir, int *fd, gr_error *err);
void gr_census_unlock(int fd);

/* Groups of codes with equal G(0..to): group[i] is the index of the first
 * record of i's group, or -1 when i's values to `to` are not known. */
void gr_census_group(const gr_census_rec *recs, size_t n, long *group);

/* The first heap <= to where two codes differ (*at, values *va, *vb):
 * 1 when they differ, 0 when equal on 0..min(known), negative on error. */
int gr_census_difference(const char *dir, const gr_census_rec *a, const gr_census_rec *b, uint64_t to,
                         uint64_t *at, uint32_t *va, uint32_t *vb, gr_error *err);

#endif
