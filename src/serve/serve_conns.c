/* grundy serve's connection guard (serve_conns.h). A fixed table under one
 * mutex: the server holds at most a few hundred connections, so a scan costs
 * less than a hash table would. Shutting a socket down (never closing it:
 * the server owns the descriptor) makes the server see the end of the
 * connection and clean it up itself; an entry leaves the table before its
 * descriptor is closed, so the janitor never touches a reused one. */
#include "serve_conns.h"
#include "grundy/solve.h"
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct serve_conn {
    bool used, busy, shut;
    int fd;
    int family;
    unsigned char addr[16];
    double since;                  /* accepted, or last answered */
};

struct serve_conns {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    pthread_t janitor;
    bool stopping;
    int per_ip, capacity;
    int open;                      /* entries in use */
    double timeout;
    serve_conn c[];
};

static void *janitor(void *arg)
{
    serve_conns *cs = arg;
    pthread_mutex_lock(&cs->mu);
    while (!cs->stopping) {
        double t = gr_monotonic_seconds();
        /* near the bound, an idle connection yields its place quickly */
        double allowed = cs->open * 4 > cs->capacity * 3 && cs->timeout > 1 ? 1 : cs->timeout;
        for (int i = 0; i < cs->capacity; i++) {
            serve_conn *c = &cs->c[i];
            if (c->used && !c->busy && !c->shut && t > c->since + allowed) {
                shutdown(c->fd, SHUT_RDWR);
                c->shut = true;
            }
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000L; /* ten checks a second */
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&cs->wake, &cs->mu, &until);
    }
    pthread_mutex_unlock(&cs->mu);
    return NULL;
}

serve_conns *serve_conns_new(int capacity, int per_ip, double timeout)
{
    serve_conns *cs = calloc(1, sizeof *cs + (size_t)capacity * sizeof(serve_conn));
    if (!cs) return NULL;
    cs->capacity = capacity;
    cs->per_ip = per_ip;
    cs->timeout = timeout;
    pthread_mutex_init(&cs->mu, NULL);
    pthread_cond_init(&cs->wake, NULL);
    if (pthread_create(&cs->janitor, NULL, janitor, cs) != 0) {
        pthread_cond_destroy(&cs->wake);
        pthread_mutex_destroy(&cs->mu);
        free(cs);
        return NULL;
    }
    return cs;
}

static void address(const struct sockaddr *sa, int *family, unsigned char out[16])
{
    memset(out, 0, 16);
    *family = sa ? sa->sa_family : 0;
    if (*family == AF_INET) memcpy(out, &((const struct sockaddr_in *)sa)->sin_addr, 4);
    else if (*family == AF_INET6) memcpy(out, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
}

/* Connections from addr's address; the caller holds the lock. */
static int from_address(const serve_conns *cs, int family, const unsigned char a[16])
{
    int n = 0;
    for (int i = 0; i < cs->capacity; i++) {
        const serve_conn *o = &cs->c[i];
        n += o->used && o->family == family && memcmp(o->addr, a, 16) == 0;
    }
    return n;
}

bool serve_conns_admit(serve_conns *cs, const struct sockaddr *addr)
{
    int family;
    unsigned char a[16];
    address(addr, &family, a);
    pthread_mutex_lock(&cs->mu);
    bool ok = cs->open < cs->capacity && from_address(cs, family, a) < cs->per_ip;
    pthread_mutex_unlock(&cs->mu);
    return ok;
}

serve_conn *serve_conns_open(serve_conns *cs, const struct sockaddr *addr, int fd)
{
    int family;
    unsigned char a[16];
    address(addr, &family, a);
    serve_conn *found = NULL;
    pthread_mutex_lock(&cs->mu);
    if (from_address(cs, family, a) < cs->per_ip)
        for (int i = 0; i < cs->capacity && !found; i++)
            if (!cs->c[i].used) found = &cs->c[i];
    if (found) {
        memset(found, 0, sizeof *found);
        found->used = true;
        found->fd = fd;
        found->family = family;
        memcpy(found->addr, a, 16);
        found->since = gr_monotonic_seconds();
        cs->open++;
    }
    pthread_mutex_unlock(&cs->mu);
    return found;
}

void serve_conns_close(serve_conns *cs, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&cs->mu);
    c->used = false;
    cs->open--;
    pthread_mutex_unlock(&cs->mu);
}

void serve_conns_begin(serve_conns *cs, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&cs->mu);
    c->busy = true;
    pthread_mutex_unlock(&cs->mu);
}

void serve_conns_end(serve_conns *cs, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&cs->mu);
    c->busy = false;
    c->since = gr_monotonic_seconds();
    pthread_mutex_unlock(&cs->mu);
}

int serve_conns_in_flight(serve_conns *cs)
{
    int n = 0;
    pthread_mutex_lock(&cs->mu);
    for (int i = 0; i < cs->capacity; i++) n += cs->c[i].used && cs->c[i].busy;
    pthread_mutex_unlock(&cs->mu);
    return n;
}

void serve_conns_free(serve_conns *cs)
{
    if (!cs) return;
    pthread_mutex_lock(&cs->mu);
    cs->stopping = true;
    pthread_cond_signal(&cs->wake);
    pthread_mutex_unlock(&cs->mu);
    pthread_join(cs->janitor, NULL);
    pthread_cond_destroy(&cs->wake);
    pthread_mutex_destroy(&cs->mu);
    free(cs);
}
