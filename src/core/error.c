#include "grundy/error.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void gr_error_clear(gr_error *err)
{
    if (!err) return;
    err->code = GR_OK;
    err->msg[0] = '\0';
}

int gr_fail(gr_error *err, int code, const char *fmt, ...)
{
    if (!err || err->code != GR_OK) return code;
    err->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    /* One line only: a message must never break the output format. */
    for (char *c = err->msg; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    return code;
}

int gr_fail_nomem(gr_error *err)
{
    return gr_fail(err, GR_ENOMEM, "out of memory");
}
