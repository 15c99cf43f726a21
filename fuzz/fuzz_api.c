/* Fuzzes the answer layer's validator and renderers: the input is a query
 * string (key=value pairs separated by '&', raw bytes, NULs included); the
 * first byte picks the verb and the front end. Whatever the validator
 * accepts is answered under small limits, and every rendering, answer or
 * error, must be valid UTF-8 (the server sends it as JSON as it is). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/api.h"
#include "grundy/buf.h"

#define MAX_PAIRS 16

static void must_be_utf8(const gr_buf *b)
{
    const unsigned char *s = (const unsigned char *)b->s;
    for (size_t i = 0; i < b->len;) {
        size_t k = gr_utf8_seq(s + i, b->len - i);
        if (!k) abort();
        i += k;
    }
}

/* Splits text (size bytes and a NUL) in place: each key and value ends in a
 * NUL at its length, as every front end hands them over (api.h). */
static size_t split(char *data, size_t size, gr_api_pair *pairs)
{
    size_t n = 0, at = 0;
    while (at < size && n < MAX_PAIRS) {
        char *amp = memchr(data + at, '&', size - at);
        size_t end = amp ? (size_t)(amp - data) : size;
        char *eq = memchr(data + at, '=', end - at);
        if (amp) *amp = '\0';
        if (eq) *eq = '\0';
        gr_api_pair *p = &pairs[n++];
        p->key = data + at;
        p->key_len = eq ? (size_t)(eq - (data + at)) : end - at;
        p->value = eq ? eq + 1 : NULL;
        p->value_len = eq ? end - (size_t)(eq + 1 - data) : 0;
        at = end + 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    int verb = data[0] & 1 ? GR_API_MOVES : GR_API_VALUE;
    int front = (data[0] >> 1) % 3;
    char *text = malloc(size);
    if (!text) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    gr_api_pair pairs[MAX_PAIRS];
    size_t n = split(text, size - 1, pairs);
    gr_api_request req;
    gr_api_request_init(&req, verb, front);
    req.max_digits = 200;
    gr_error err;
    gr_error_clear(&err);
    gr_buf b;
    gr_buf_init(&b);
    int rc = gr_api_request_fill(&req, pairs, n, &err);
    if (rc == GR_OK) {
        /* small limits: the fuzzer looks for crashes, not for long searches */
        req.limits.max_bytes = 32.0 * 1024 * 1024;
        req.limits.max_seconds = 0.02;
        gr_api_reply rep;
        gr_api_reply_init(&rep);
        rc = gr_api_call(NULL, &req, &rep, &err);
        if (rc == GR_OK) {
            gr_api_render(&b, GR_API_JSON, &rep);
            must_be_utf8(&b);
            gr_buf_reset(&b);
            gr_api_render(&b, GR_API_TEXT, &rep);
        }
        gr_api_reply_clear(&rep);
    }
    if (rc != GR_OK) {
        gr_api_error_json(&b, front, &err);
        must_be_utf8(&b);
    }
    gr_buf_free(&b);
    gr_api_request_clear(&req);
    free(text);
    return 0;
}
