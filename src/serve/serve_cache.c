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
    void *made;                /* the user's, made from this answer (serve_cache_use); NULL: none yet */
} entry;

struct serve_cache {
    pthread_mutex_t lock[LOCKS];
    serve_cache_drop drop;
    void *drop_ctx;
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

void serve_cache_set_drop(serve_cache *c, serve_cache_drop drop, void *ctx)
{
    c->drop = drop;
    c->drop_ctx = ctx;
}

void serve_cache_free(serve_cache *c)
{
    if (!c) return;
    for (int i = 0; i < c->n; i++) {
        free(c->e[i].key), free(c->e[i].body);
        if (c->e[i].made) c->drop(c->e[i].made, c->drop_ctx);
    }
    for (int i = 0; i < LOCKS; i++) pthread_mutex_destroy(&c->lock[i]);
    free(c);
}

/* The query as one byte string: the verb, then each pair's lengths and
 * bytes (a key without a value apart from one with an empty value). */
static size_t key_size(const gr_api_pair *pairs, size_t n)
{
    size_t size = 1;
    for (size_t i = 0; i < n; i++) size += 2 * sizeof(size_t) + pairs[i].key_len + pairs[i].value_len;
    return size;
}

/* Writes the key into k (key_size bytes); its length and hash. */
static void make_key(char *k, int verb, const gr_api_pair *pairs, size_t n, size_t *len, uint64_t *hash)
{
    char *at = k;
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
}

/* A lookup's key: on the stack when short (every call of a kept answer
 * looks one up: no allocation then). */
enum { KEY_ON_STACK = 512 };

typedef bool (*on_hit)(entry *e, void *arg);

/* Calls hit(entry, arg) under the slot's lock when the query is kept; its
 * result, false when not kept. */
static bool lookup(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, on_hit hit, void *arg)
{
    size_t len, size = key_size(pairs, n);
    uint64_t h;
    char stack[KEY_ON_STACK];
    char *key = size <= sizeof stack ? stack : malloc(size);
    if (!key) return false;
    make_key(key, verb, pairs, n, &len, &h);
    size_t i = (size_t)(h % (uint64_t)c->n);
    pthread_mutex_t *mu = &c->lock[i % LOCKS];
    bool ok = false;
    pthread_mutex_lock(mu);
    entry *e = &c->e[i];
    if (e->key && e->hash == h && e->key_len == len && memcmp(e->key, key, len) == 0) ok = hit(e, arg);
    pthread_mutex_unlock(mu);
    if (key != stack) free(key);
    return ok;
}

static bool copy_out(entry *e, void *arg)
{
    serve_reply *reply = arg;
    char *body = malloc(e->len + 1);
    if (!body) return false;
    memcpy(body, e->body, e->len + 1);
    reply->status = e->status;
    reply->body = body;
    reply->len = e->len;
    reply->by = "server";
    return true;
}

bool serve_cache_get(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, serve_reply *reply)
{
    return lookup(c, verb, pairs, n, copy_out, reply);
}

typedef struct use_arg {
    serve_cache_user use;
    void *ctx;
} use_arg;

static bool use_entry(entry *e, void *arg)
{
    const use_arg *u = arg;
    return u->use(u->ctx, e->status, e->body, e->len, &e->made);
}

bool serve_cache_use(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, serve_cache_user use, void *ctx)
{
    use_arg u = {use, ctx};
    return lookup(c, verb, pairs, n, use_entry, &u);
}

void serve_cache_put(serve_cache *c, int verb, const gr_api_pair *pairs, size_t n, const serve_reply *reply)
{
    if (!reply->body || reply->len > c->max_body) return;
    size_t len;
    uint64_t h;
    char *key = malloc(key_size(pairs, n));
    char *body = key ? malloc(reply->len + 1) : NULL;
    if (key) make_key(key, verb, pairs, n, &len, &h);
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
    void *old_made = e->made;
    *e = (entry){h, key, len, reply->status, body, reply->len, NULL};
    pthread_mutex_unlock(mu);
    free(old_key);
    free(old_body);
    /* a user holding it took its own reference under the lock (serve_cache_use) */
    if (old_made) c->drop(old_made, c->drop_ctx);
}
