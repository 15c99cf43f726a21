/* grundy serve's connection guard: which connections are open, from which
 * address, and how long each may take to send its next request.
 *
 * Contract: at most `capacity` connections are open, at most `per_ip` of
 * them from one address, counted from the moment a connection is accepted
 * (serve_conns_admit in the accept policy, serve_conns_open when the server
 * sets the connection up); a connection past either bound is closed before
 * it is read, so idle connections from one address cannot take the places
 * of another's. A connection gets `timeout` seconds from being accepted,
 * and again from each answer, to deliver a whole request; when the table
 * is more than three quarters full, an idle one gets one second instead. A
 * janitor thread shuts down any connection past that (a client trickling a
 * request byte by byte, or one idling), so a slow client never holds the
 * server. A request is in flight from its headers' arrival until its answer
 * is sent, and never cut by the janitor; shutdown waits for none in flight. */
#ifndef GRUNDY_SERVE_CONNS_H
#define GRUNDY_SERVE_CONNS_H
#include <stdbool.h>
#include <sys/socket.h>

typedef struct serve_conns serve_conns;
typedef struct serve_conn serve_conn;

/* NULL when out of memory or the janitor cannot start. */
serve_conns *serve_conns_new(int capacity, int per_ip, double timeout);
/* Whether a connection from addr may be accepted now (the accept policy:
 * cheap, reserves nothing; serve_conns_open decides). */
bool serve_conns_admit(serve_conns *cs, const struct sockaddr *addr);
/* A connection accepted on socket fd from addr; NULL when its address
 * already holds `per_ip` connections or the table is full: the caller
 * closes it unread. */
serve_conn *serve_conns_open(serve_conns *cs, const struct sockaddr *addr, int fd);
void serve_conns_close(serve_conns *cs, serve_conn *c);
/* A request's headers arrived; it is in flight until serve_conns_end. */
void serve_conns_begin(serve_conns *cs, serve_conn *c);
void serve_conns_end(serve_conns *cs, serve_conn *c);
int serve_conns_in_flight(serve_conns *cs);
/* Stops the janitor and frees the table. */
void serve_conns_free(serve_conns *cs);

#endif
