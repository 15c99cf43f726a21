#include "grundy/error.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void gr_error_clear(gr_error *err)
{
    if (!err) return;
    err->code = GR_OK;
    err->knobs = 0;
    err->msg[0] = '\0';
}

static int fail_v(gr_error *err, int code, unsigned knobs, const char *fmt, va_list ap)
{
    if (!err || err->code != GR_OK) return code;
    err->code = code;
    err->knobs = knobs;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    /* One line only: a message must never break the output format. */
    for (char *c = err->msg; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    return code;
}

int gr_fail(gr_error *err, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, code, 0, fmt, ap);
    va_end(ap);
    return code;
}

int gr_fail_limit(gr_error *err, unsigned knobs, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, GR_ELIMIT, knobs, fmt, ap);
    va_end(ap);
    return GR_ELIMIT;
}

int gr_fail_again(gr_error *err, const gr_error *from)
{
    int code = from->code ? from->code : GR_EINTERNAL;
    if (!err || err->code != GR_OK) return code;
    *err = *from;
    err->code = code;
    return code;
}

int gr_fail_nomem(gr_error *err)
{
    return gr_fail(err, GR_ENOMEM, "out of memory");
}

/* The one table of what each status means to each front end. */
static const struct {
    int code, exit, http;
    const char *name;
} status_map[] = {
    {GR_OK, 0, 200, "ok"},
    {GR_EINPUT, 2, 400, "input"},
    {GR_ELIMIT, 3, 413, "limit"},
    {GR_ENOMEM, 4, 507, "memory"},
    {GR_EINTR, 130, 503, "interrupted"},
    {GR_EINTERNAL, 1, 500, "internal"},
};

static size_t status_index(int code)
{
    for (size_t i = 0; i < sizeof status_map / sizeof *status_map; i++)
        if (status_map[i].code == code) return i;
    return sizeof status_map / sizeof *status_map - 1; /* unknown: internal */
}

int gr_status_exit(int code) { return status_map[status_index(code)].exit; }
int gr_status_http(int code) { return status_map[status_index(code)].http; }
const char *gr_status_name(int code) { return status_map[status_index(code)].name; }
