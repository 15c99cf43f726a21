/* Errors carry an exit status and a one-line message naming the problem.
 *
 * Ownership: a gr_error is the caller's (usually on the stack); every
 * function that can fail takes one, or NULL when the message is not wanted. */
#ifndef GRUNDY_ERROR_H
#define GRUNDY_ERROR_H

/* One code per kind of failure, so that a caller decides from the code,
 * never from the message. Each maps once (gr_status_*, error.c) to an exit
 * status, an HTTP status and a name; docs/architecture.md has the table. */
enum gr_status {
    GR_OK = 0,         /* success */
    GR_EINTERNAL = 1,  /* a bug or an unexpected system failure */
    GR_EINPUT = 2,     /* bad input: the message names the bad token */
    GR_ELIMIT = 3,     /* over a limit: refused up front with its estimate, or stopped by one */
    GR_ENOMEM = 4,     /* out of memory: an allocation failed; the library never aborts */
    GR_EINTR = 130     /* interrupted: asked to stop (a signal, a front end's stop callback) */
};

/* The process exit status, the HTTP status and a short name ("input",
 * "limit", "memory", "interrupted", "internal") of a status code. */
int gr_status_exit(int code);
int gr_status_http(int code);
const char *gr_status_name(int code);

/* The caller's limits a GR_ELIMIT was over: the library words the limit
 * neutrally ("limit 1.0 GiB") and each front end names its own knob for it
 * (--max-memory on the command line, max_memory= in Python). */
enum gr_knob {
    GR_KNOB_MEMORY = 1u << 0,  /* gr_limits.max_bytes */
    GR_KNOB_SECONDS = 1u << 1  /* gr_limits.max_seconds */
};

typedef struct gr_error {
    int code;          /* enum gr_status */
    unsigned knobs;    /* enum gr_knob bits, for GR_ELIMIT; else 0 */
    char msg[512];     /* one line, no trailing newline */
} gr_error;

void gr_error_clear(gr_error *err);
/* Sets err (if not NULL and not already set) and returns code, so callers can
 * `return gr_fail(err, GR_EINPUT, "...")`. The first failure wins: it names the
 * root cause, later ones only repeat it. */
int gr_fail(gr_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* gr_fail(err, GR_ELIMIT, ...) naming the limits (enum gr_knob) it was over. */
int gr_fail_limit(gr_error *err, unsigned knobs, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Passes on another error (its code, knobs and message) as gr_fail would. */
int gr_fail_again(gr_error *err, const gr_error *from);
/* gr_fail(err, GR_ENOMEM, "out of memory"): the one wording of an
 * allocation that failed (the context is the caller's to add, if any). */
int gr_fail_nomem(gr_error *err);

#endif
