/* grundy serve's privileges (serve_user.h). */
#define _GNU_SOURCE
#include "serve_user.h"
#include <errno.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <string.h>
#include <unistd.h>

int serve_listen(const struct sockaddr *addr, socklen_t len, int *fd, gr_error *err)
{
    *fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (*fd < 0) return gr_fail(err, GR_EINPUT, "cannot open a socket: %s", strerror(errno));
    int on = 1;
    setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (addr->sa_family == AF_INET6) setsockopt(*fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    if (bind(*fd, addr, len) != 0 || listen(*fd, 128) != 0) {
        int e = errno;
        close(*fd);
        *fd = -1;
        return gr_fail(err, GR_EINPUT, "cannot listen there: %s", strerror(e));
    }
    return GR_OK;
}

int serve_become(const char *user, bool given, gr_error *err)
{
    errno = 0;
    const struct passwd *pw = getpwnam(user);
    if (geteuid() != 0) {
        if (given && (!pw || pw->pw_uid != geteuid()))
            return gr_fail(err, GR_EINPUT, "--user %s: only a server started as root can change its user", user);
        return GR_OK;
    }
    if (!pw) return gr_fail(err, GR_EINPUT, "--user %s: no such user (started as root, the server drops to it)", user);
    if (pw->pw_uid == 0) return gr_fail(err, GR_EINPUT, "--user %s: the server does not serve as root", user);
    uid_t uid = pw->pw_uid;
    gid_t gid = pw->pw_gid;
    /* groups first: once the user is changed, they can no longer be */
    if (setgroups(1, &gid) != 0 || setgid(gid) != 0 || setuid(uid) != 0)
        return gr_fail(err, GR_EINPUT, "cannot become user %s: %s", user, strerror(errno));
    if (setuid(0) == 0 || geteuid() != uid || getegid() != gid)
        return gr_fail(err, GR_EINPUT, "cannot drop root for good as user %s", user);
    return GR_OK;
}
