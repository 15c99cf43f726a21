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

typedef struct gr_error {
    int code;          /* enum gr_status */
    char msg[512];     /* one line, no trailing newline */
} gr_error;

void gr_error_clear(gr_error *err);
/* Sets err (if not NULL and not already set) and returns code, so callers can
 * `return gr_fail(err, GR_EINPUT, "...")`. The first failure wins: it names the
 * root cause, later ones only repeat it. */
int gr_fail(gr_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* gr_fail(err, GR_ENOMEM, "out of memory"). */
int gr_fail_nomem(gr_error *err);

#endif
