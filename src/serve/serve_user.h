/* grundy serve's privileges: a server started as root binds its socket
 * (a port under 1024 needs root), then becomes an unprivileged user before
 * it reads a request or starts a worker, so neither a request nor a worker
 * ever runs as root.
 *
 * Contract: serve_listen binds and listens on addr and returns the socket.
 * serve_become drops root for good (supplementary groups, group, user, in
 * that order, and checks that root cannot be taken back); run by anyone
 * else it changes nothing, and refuses a `user` given explicitly that is
 * not the one running it. Either fails with a one-line message
 * (GR_EINPUT: the command line asked for something impossible). */
#ifndef GRUNDY_SERVE_USER_H
#define GRUNDY_SERVE_USER_H
#include <stdbool.h>
#include <sys/socket.h>
#include "grundy/error.h"

int serve_listen(const struct sockaddr *addr, socklen_t len, int *fd, gr_error *err);
/* `given`: the user came from --user rather than the default. */
int serve_become(const char *user, bool given, gr_error *err);

#endif
