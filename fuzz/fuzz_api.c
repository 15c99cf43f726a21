/* Fuzzes the answer layer's validator and renderers: the input is a query
 * string (key=value pairs separated by '&', raw bytes, NULs included); the
 * first byte picks the verb (bits 5-7: 0-1 value or moves by bit 0, 2-3
 * seq, 4-5 table, 6-7 play) and the front end (bits 1-4). Whatever the
 * validator accepts is answered under small limits, and every rendering,
 * answer or error, must be valid UTF-8 (the server sends it as JSON as it
 * is). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/api.h"
#include "grundy/buf.h"

#define MAX_PAIRS 16
/* Bounds that keep one input well under libFuzzer's -timeout even where
 * a verb's own estimate would let a run go on to its time limit a few
 * times over (seq's sizes, table's max, play's lines). */
#define SEQ_MAX 65536L
#define TABLE_MAX 512L
#define PLAY_LINES 24

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

static int verb_of(uint8_t b)
{
    switch (b >> 6) {
    case 0: return b & 1 ? GR_API_MOVES : GR_API_VALUE;
    case 1: return GR_API_SEQ;
    case 2: return GR_API_TABLE;
    default: return GR_API_PLAY;
    }
}

static long at_most(long v, long max) { return v > max ? max : v; }

/* Keeps a filled request inside the fuzzer's bounds: no files read or
 * written (db, in name paths) and no more threads or work than a short run. */
static void bound(gr_api_request *req)
{
    free(req->db);
    free(req->in);
    free(req->table.in);
    req->db = req->in = req->table.in = NULL;
    req->table.stored = false;
    req->seq.to = at_most(req->seq.to, SEQ_MAX);
    req->seq.from = at_most(req->seq.from, SEQ_MAX);
    req->seq.row = at_most(req->seq.row, SEQ_MAX);
    req->seq.diagonal = at_most(req->seq.diagonal, SEQ_MAX);
    req->seq.threads = at_most(req->seq.threads, 2);
    req->table.max = at_most(req->table.max, TABLE_MAX);
    req->table.threads = at_most(req->table.threads, 2);
    if (req->input) {
        char *c = req->input;
        for (int lines = 0; (c = strchr(c, '\n')); c++)
            if (++lines == PLAY_LINES) {
                *c = '\0';
                break;
            }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    int verb = verb_of(data[0]);
    int front = ((data[0] >> 1) & 15) % 3;
    char *text = malloc(size);
    if (!text) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    gr_api_pair pairs[MAX_PAIRS];
    size_t n = split(text, size - 1, pairs);
    gr_api_request req;
    gr_api_request_init(&req, verb, front);
    req.max_digits = 200;
    req.first = 0;
    gr_error err;
    gr_error_clear(&err);
    gr_buf b;
    gr_buf_init(&b);
    int rc = gr_api_request_fill(&req, pairs, n, &err);
    if (rc == GR_OK) {
        /* small limits: the fuzzer looks for crashes, not for long searches */
        bound(&req);
        bool answer = verb == GR_API_VALUE || verb == GR_API_MOVES;
        req.limits.max_bytes = (answer ? 32.0 : 8.0) * 1024 * 1024;
        req.limits.max_seconds = answer ? 0.02 : 0.2;
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
