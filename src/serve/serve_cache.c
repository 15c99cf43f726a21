/* grundy serve's answers kept by query (serve_cache.h). */
#include "serve_cache.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LOCKS = 16 };

typedef struct entry {
    uint64_t hash;
    char *key;                 /* NULL: empty */
    size_t key_len;
    int status;
    char *body;
    size_t len;
} entry;

struct serve_cache {
    pthread_mutex_t lock[LOCKS];
    size_t max_body;
    int n;
    entry e[];
};

serve_cache *serve_cache_new(int entries, size_t max_body)
{
    if (entries < 1) entries = 1;
    serve_cache *c = calloc(1, sizeof *c + (size_t)entries * sizeof(entry));
    if (!c) return NULL;
    for (int i = 0; i < LOCKS; i++) pthread_mutex_init(&c->lock[i], NULL);
    c->n = entries;
    c->max_body = max_body;
    return c;
}

void serve_cache_free(serve_cache *c)
{
    if (!c) return;
    for (int i = 0; i < c->n; i++) free(c->e[i].key), free(c->e[i].body);
    for (int i = 0; i < LOCKS; i++) pthread_mutex_destroy(&c->lock[i]);
    free(c);
}

/* The query as one byte string: the verb, then each pair's lengths and
 * bytes (a key without a value apart from one with an empty value). */
static char *make_key(int verb, const gr_api_pair *pairs, size_t n, size_t *len, uint64_t *hash)
{
    size_t size = 1;
    for (size_t i = 0; i < n; i++) size += 2 * sizeof(size_t) + pairs[i].key_len + pairs[i].value_len;
    char *k = malloc(size), *at = k;
    if (!k) return NULL;
    *at++ = (char)verb;
    for (size_t i = 0; i < n; i++) {
        size_t vl = pairs[i].value ? pairs[i].value_len : SIZE_MAX;
        memcpy(at, &pairs[i].key_len, sizeof(size_t)), at += sizeof(size_t);
        memcpy(at, &vl, sizeof(size_t)), at += sizeof(size_t);
        memcpy(at, pairs[i].key, pairs[i].key_len), at += pairs[i].key_len;
        if (pairs[i].value) memcpy(at, pairs[i].value, pairs[i].value_len), at += pairs[i].value_len;
    }
    *len = (size_t)(at - k);
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < *len; i++) h = (h ^ (unsigned char)k[i]) * 1099511628211ull;
    *hash = h;
    return k;
}

bool serve_cache_get(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, serve_reply *reply)
{
    size_t len;
    uint64_t h;
    char *key = make_key(verb, pairs, n, &len, &h);
    if (!key) return false;
    size_t i = (size_t)(h % (uint64_t)c->n);
    pthread_mutex_t *mu = &c->lock[i % LOCKS];
    bool hit = false;
    pthread_mutex_lock(mu);
    entry *e = &c->e[i];
    if (e->key && e->hash == h && e->key_len == len && memcmp(e->key, key, len) == 0) {
        char *body = malloc(e->len + 1);
        if (body) {
            memcpy(body, e->body, e->len + 1);
            reply->status = e->status;
            reply->body = body;
            reply->len = e->len;
            reply->by = "server";
            hit = true;
        }
    }
    pthread_mutex_unlock(mu);
    free(key);
    return hit;
}

void serve_cache_put(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply)
{
    if (!reply->body || reply->len > c->max_body) return;
    size_t len;
    uint64_t h;
    char *key = make_key(verb, pairs, n, &len, &h);
    char *body = key ? malloc(reply->len + 1) : NULL;
    if (!body) {
        free(key);
        return;
    }
    memcpy(body, reply->body, reply->len);
    body[reply->len] = '\0';
    size_t i = (size_t)(h % (uint64_t)c->n);
    pthread_mutex_t *mu = &c->lock[i % LOCKS];
    pthread_mutex_lock(mu);
    entry *e = &c->e[i];
    char *old_key = e->key, *old_body = e->body;
    *e = (entry){h, key, len, reply->status, body, reply->len};
    pthread_mutex_unlock(mu);
    free(old_key);
    free(old_body);
}
