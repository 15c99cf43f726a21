/* grundy serve's checks on a request's text before anything reads it: the
 * URL's path as the client sent it (percent escapes decoded here), and each
 * query word with its length as received. A C string stops at its first
 * NUL, so "/app.js%00.html" would read as "/app.js" and "pos=1%00,2" as
 * "pos=1": text holding a NUL, or bytes that are not UTF-8 (which no JSON
 * answer may echo), is refused before it is looked up. */
#ifndef GRUNDY_SERVE_URL_H
#define GRUNDY_SERVE_URL_H
#include <stdbool.h>
#include <stddef.h>

/* Whether the n bytes at s are UTF-8 text without a NUL: shortest forms
 * only, no surrogates, nothing past U+10FFFF. */
bool serve_utf8_text(const char *s, size_t n);
/* Whether the raw request target's path (up to its '?') is well-formed
 * percent escapes of UTF-8 text without NUL or other control characters. */
bool serve_url_path_ok(const char *target);

#endif
