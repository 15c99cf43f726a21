/* Errors carry an exit status and a one-line message naming the problem.
 *
 * Ownership: a gr_error is the caller's (usually on the stack); every
 * function that can fail takes one, or NULL when the message is not wanted. */
#ifndef GRUNDY_ERROR_H
#define GRUNDY_ERROR_H

enum gr_status {
    GR_OK = 0,        /* success */
    GR_EINTERNAL = 1, /* a bug or an unexpected system failure */
    GR_EINPUT = 2     /* bad input, or a request too big to run */
};

/* Out of memory is a request too big for this machine: one status, the
 * same as GR_EINPUT, so that every front end reports it alike (exit 2, HTTP
 * 413), with a message that starts "out of memory". The library never
 * aborts on it. */
#define GR_ENOMEM GR_EINPUT

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
