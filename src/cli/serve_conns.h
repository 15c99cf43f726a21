/* grundy serve's connection guard: which connections are open, from which
 * address, and how long each may take to send its next request.
 *
 * Contract: a connection gets `timeout` seconds from being accepted, and
 * again from each answer, to deliver a whole request; a janitor thread shuts
 * down any connection past that (a client trickling a request byte by byte,
 * or one idling), so a slow client never holds the server. The first
 * `per_ip` connections from one address are served; a request arriving on a
 * later one is refused (503). A request is in flight from its headers'
 * arrival until its answer is sent; shutdown waits for none in flight. */
#ifndef GRUNDY_SERVE_CONNS_H
#define GRUNDY_SERVE_CONNS_H
#include <stdbool.h>
#include <sys/socket.h>

typedef struct serve_conns serve_conns;
typedef struct serve_conn serve_conn;

/* NULL when out of memory or the janitor cannot start. */
serve_conns *serve_conns_new(int capacity, int per_ip, double timeout);
/* A connection accepted on socket fd from addr; NULL when the table is full. */
serve_conn *serve_conns_open(serve_conns *cs, const struct sockaddr *addr, int fd);
void serve_conns_close(serve_conns *cs, serve_conn *c);
/* A request's headers arrived: true when its connection is within the
 * per-address limit. The request is in flight until serve_conns_end. */
bool serve_conns_begin(serve_conns *cs, serve_conn *c);
void serve_conns_end(serve_conns *cs, serve_conn *c);
int serve_conns_in_flight(serve_conns *cs);
/* Stops the janitor and frees the table. */
void serve_conns_free(serve_conns *cs);

#endif
