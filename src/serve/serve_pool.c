/* grundy serve's workers (serve_pool.h): the server's side hands a worker
 * an answer layer call's words over a socket and reads back the HTTP status
 * and body; the worker's side makes the layer call in-process (no stdio:
 * the reply is rendered into memory). A fresh process per call runs this
 * executable's command line instead (`grundy serve --call`, `grundy table`).
 *
 * Why processes rather than threads: the library's limits are checked by
 * the library itself, and a process lets the kernel enforce what the
 * library might not (address space, a kill at the deadline), so a crash or
 * a runaway search costs one worker, never the server. Why long-lived: a fork and exec per call costs ~5 ms of CPU, which
 * capped the API near 80 calls a second on two cores; a round trip to a
 * running worker costs tens of microseconds. */
#define _GNU_SOURCE
#include "serve_pool.h"
#include "serve.h"
#include "grundy/api.h"
#include "grundy/grow.h"
#include "grundy/solve.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Sanitizer runtimes reserve terabytes of address space for their shadow
 * memory, so an address-space limit would stop every worker: instrumented
 * builds bound memory through the search's own limit only. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GR_LIMIT_ADDRESS_SPACE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GR_LIMIT_ADDRESS_SPACE 0
#endif
#endif
#ifndef GR_LIMIT_ADDRESS_SPACE
#define GR_LIMIT_ADDRESS_SPACE 1
#endif

enum {
    WORKER_FD = 3,
    ERR_CAP = 4096,
    RETIRE_CALLS = 100000,         /* a worker answers this many calls, then a fresh one takes over */
    RETIRE_KB = 128 * 1024,        /* ... or retires once its peak resident memory passed this */
    CHILD_NICE = 5,                /* workers' and fresh processes' CPU priority below the server's */
    WORKER_ENGINES = 4,            /* games whose engines a worker keeps between layer calls */
    SLOW_CALL_MS = 20,             /* a call this long may have grown the worker: its peak is looked at */
    REPLY_TOO_BIG = 1u << 0,
    REPLY_RETIRING = 1u << 1
};

typedef struct request_head {
    uint32_t len;                  /* bytes of NUL-terminated words that follow */
    uint32_t input_len;            /* then bytes of standard input */
    uint64_t max_output;
} request_head;

typedef struct reply_head {
    int32_t status;                /* the verb's return value; a layer call's HTTP status */
    uint32_t flags;
    uint64_t out_len;
    uint32_t err_len;
    uint32_t reserved;
} reply_head;

typedef struct worker {
    pid_t pid;                     /* 0: none running in this slot */
    int fd;
    bool busy;
    char rules[64];                /* the ruleset of its last layer call that had one short enough ("": none) */
} worker;

struct serve_pool {
    const char *self;
    int self_fd;                   /* self is /proc/self/fd/N: N, else -1 */
    double bytes;
    int size;
    pthread_mutex_t mu;
    pthread_cond_t idle;           /* a worker came free */
    pthread_cond_t fresh_free;     /* a fresh process's place came free */
    int waiting, max_waiting;      /* calls waiting for a worker, and how many may (4 size: a waiting call
                                    * holds only its connection's thread) */
    int fresh_running, fresh_waiting, fresh_max;
    worker w[];
};

/* Waits on cond until the monotonic deadline: false once past it. */
static bool wait_until(pthread_cond_t *cond, pthread_mutex_t *mu, double deadline)
{
    double t = deadline - gr_monotonic_seconds();
    if (t <= 0) return false;
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    long long ns = until.tv_nsec + (long long)((t - (double)(long long)t) * 1e9);
    until.tv_sec += (time_t)t + (time_t)(ns / 1000000000LL);
    until.tv_nsec = (long)(ns % 1000000000LL);
    pthread_cond_timedwait(cond, mu, &until);
    return true;
}

static void reap(pid_t pid)
{
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
}

/* Called in a child between fork and exec: async-signal-safe calls only. */
static void child_limits(double bytes)
{
    struct rlimit as = {(rlim_t)bytes, (rlim_t)bytes};
    if (GR_LIMIT_ADDRESS_SPACE) setrlimit(RLIMIT_AS, &as);
    /* the server blocks its stop signals in every thread; a child starts clean */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* the long searches yield the cores to the server's threads, which
     * answer the cheap calls and accept connections */
    setpriority(PRIO_PROCESS, 0, getpriority(PRIO_PROCESS, 0) + CHILD_NICE);
    int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devnull >= 0) dup2(devnull, 0);
}

extern char **environ;

/* Called in a child between fork and exec. A server that dropped root runs
 * its executable through a descriptor opened before: exec on the
 * descriptor itself, as /proc/self/fd is closed to a process whose user
 * changed. */
static void exec_self(const serve_pool *p, char **argv)
{
    if (p->self_fd >= 0) fexecve(p->self_fd, argv, environ);
    execv(p->self, argv);
}

/* ---- a fresh process per call ---- */

/* Appends to a growing buffer; false past `cap`. */
static bool append(char **buf, size_t *len, size_t *size, const char *data, size_t n, size_t cap)
{
    if (*len + n + 1 > cap || !GR_GROW(*buf, *size, *len + n + 1, 4096)) return false;
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = '\0';
    return true;
}

/* A place among the fresh processes, waited for as a worker is (acquire):
 * false when refused or past the deadline. */
static bool fresh_enter(serve_pool *p, double deadline, serve_run *r)
{
    pthread_mutex_lock(&p->mu);
    bool queued = false, in = false;
    for (;;) {
        if (p->fresh_running < p->fresh_max) {
            p->fresh_running++;
            in = true;
            break;
        }
        if (!queued && p->fresh_waiting >= 4 * p->fresh_max) {
            r->busy = true;
            break;
        }
        if (!queued) p->fresh_waiting++, queued = true;
        if (!wait_until(&p->fresh_free, &p->mu, deadline)) {
            r->timed_out = true;
            break;
        }
    }
    if (queued) p->fresh_waiting--;
    pthread_mutex_unlock(&p->mu);
    return in;
}

static void fresh_leave(serve_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->fresh_running--;
    pthread_cond_signal(&p->fresh_free);
    pthread_mutex_unlock(&p->mu);
}

static void run_fresh(const serve_pool *p, char **argv, const char *input, double seconds, size_t max_output,
                      serve_run *r)
{
    int out[2], err[2], in[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) != 0) return;
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]), close(out[1]);
        return;
    }
    /* the input is at most a query's length, which a pipe's buffer holds */
    if (input && pipe2(in, O_CLOEXEC) == 0) {
        ssize_t put = write(in[1], input, strlen(input));
        (void)put;
        close(in[1]);
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(out[0]), close(out[1]), close(err[0]), close(err[1]);
        if (in[0] >= 0) close(in[0]);
        return;
    }
    if (pid == 0) {
        /* a CPU limit per process: this process runs one call only */
        struct rlimit cpu = {(rlim_t)seconds + 1, (rlim_t)seconds + 2};
        setrlimit(RLIMIT_CPU, &cpu);
        child_limits(p->bytes);
        if (in[0] >= 0) dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        exec_self(p, argv);
        _exit(127);
    }
    if (in[0] >= 0) close(in[0]);
    close(out[1]);
    close(err[1]);
    size_t osize = 0, esize = 0, elen = 0;
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_fds = 2;
    double deadline = gr_monotonic_seconds() + seconds;
    while (open_fds > 0 && !r->too_big) {
        int wait_ms = (int)((deadline - gr_monotonic_seconds()) * 1000);
        if (wait_ms <= 0) {
            r->timed_out = true;
            break;
        }
        int n = poll(fds, 2, wait_ms);
        if (n <= 0) continue;
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char chunk[65536];
            ssize_t got = read(fds[i].fd, chunk, sizeof chunk);
            if (got <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
                continue;
            }
            if (i == 0 && !append(&r->out, &r->out_len, &osize, chunk, (size_t)got, max_output)) r->too_big = true;
            if (i == 1) append(&r->err, &elen, &esize, chunk, (size_t)got, ERR_CAP);
        }
    }
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    if (r->timed_out || r->too_big) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r->exited = WIFEXITED(status);
    r->exit_status = r->exited ? WEXITSTATUS(status) : 0;
}

/* ---- the pool ---- */

serve_pool *serve_pool_new(const char *self, int size, double bytes)
{
    serve_pool *p = calloc(1, sizeof *p + (size_t)size * sizeof(worker));
    if (!p) return NULL;
    p->self = self;
    p->self_fd = -1;
    sscanf(self, "/proc/self/fd/%d", &p->self_fd);
    p->bytes = bytes;
    p->size = size;
    p->fresh_max = size > 4 ? size : 4;
    p->max_waiting = 4 * size;
    pthread_mutex_init(&p->mu, NULL);
    /* deadlines are monotonic: a change of the wall clock moves none */
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&p->idle, &ca);
    pthread_cond_init(&p->fresh_free, &ca);
    pthread_condattr_destroy(&ca);
    return p;
}

static bool spawn(const serve_pool *p, worker *w)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]), close(sv[1]);
        return false;
    }
    if (pid == 0) {
        child_limits(p->bytes);
        /* dup2 leaves the copy open across exec; a descriptor already in place keeps its flag */
        if (sv[1] == WORKER_FD) fcntl(WORKER_FD, F_SETFD, 0);
        else dup2(sv[1], WORKER_FD);
        char *argv[] = {"grundy", "serve", "--worker", NULL};
        exec_self(p, argv);
        _exit(127);
    }
    close(sv[1]);
    w->pid = pid;
    w->fd = sv[0];
    return true;
}

void serve_pool_start(serve_pool *p)
{
    for (int i = 0; i < p->size; i++)
        if (!p->w[i].pid) spawn(p, &p->w[i]);
}

static void retire(worker *w, bool kill_it)
{
    if (!w->pid) return;
    if (kill_it) kill(w->pid, SIGKILL);
    close(w->fd);
    reap(w->pid);
    w->pid = 0;
    w->fd = -1;
    w->rules[0] = '\0'; /* its kept engines died with it */
}

static bool write_all(int fd, const void *buf, size_t n)
{
    const char *b = buf;
    while (n > 0) {
        ssize_t k = send(fd, b, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        b += k;
        n -= (size_t)k;
    }
    return true;
}

/* Reads what has arrived, up to room bytes, waiting until the deadline:
 * the count, 0 when the peer closed or failed, -1 past the deadline. */
static ssize_t read_some(int fd, char *buf, size_t room, double deadline)
{
    for (;;) {
        int wait_ms = (int)((deadline - gr_monotonic_seconds()) * 1000);
        if (wait_ms <= 0) return -1;
        struct pollfd pfd = {fd, POLLIN, 0};
        if (poll(&pfd, 1, wait_ms) <= 0) continue;
        ssize_t got = recv(fd, buf, room, MSG_DONTWAIT);
        if (got > 0) return got;
        if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return 0;
    }
}

/* An idle worker, waited for until the deadline while fewer than
 * max_waiting wait; NULL (and r says why) when refused or past it. One
 * whose last layer call was on `rules` first, when idle: it keeps that
 * game's engine (run_layer), so its tables need not be built again. */
static worker *acquire(serve_pool *p, const char *rules, double deadline, serve_run *r)
{
    pthread_mutex_lock(&p->mu);
    worker *pick = NULL;
    bool queued = false;
    for (;;) {
        for (int i = 0; i < p->size; i++) {
            worker *w = &p->w[i];
            if (w->busy) continue;
            if (rules && w->pid && strcmp(w->rules, rules) == 0) {
                pick = w;
                break;
            }
            if (!pick || (w->pid && !pick->pid)) pick = w; /* a running worker before an empty slot */
        }
        if (pick) {
            pick->busy = true;
            break;
        }
        if (!queued && p->waiting >= p->max_waiting) {
            r->busy = true;
            break;
        }
        if (!queued) p->waiting++, queued = true;
        if (!wait_until(&p->idle, &p->mu, deadline)) {
            r->timed_out = true;
            break;
        }
    }
    if (queued) p->waiting--;
    pthread_mutex_unlock(&p->mu);
    return pick;
}

static void release(serve_pool *p, worker *w)
{
    pthread_mutex_lock(&p->mu);
    w->busy = false;
    pthread_cond_signal(&p->idle);
    pthread_mutex_unlock(&p->mu);
}

/* Sends the request; a worker found dead (it died idle) is replaced once. */
static bool send_request(const serve_pool *p, worker *w, const char *msg, size_t len)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        if (!w->pid && !spawn(p, w)) return false;
        if (write_all(w->fd, msg, len)) return true;
        retire(w, true);
    }
    return false;
}

/* Reads a worker's reply into r before the deadline: 1 done, 0 the worker
 * died or broke the protocol, -1 timed out. */
static int read_reply(int fd, size_t max_output, double deadline, serve_run *r, uint32_t *flags)
{
    reply_head rh = {0, 0, 0, 0, 0};
    bool head = false;
    size_t cap = 16384, have = 0, want = sizeof rh;
    char *buf = malloc(cap);
    int result = 0;
    while (buf) {
        if (have >= want && head) {
            result = 1;
            break;
        }
        if (have >= want) {
            memcpy(&rh, buf, sizeof rh);
            head = true;
            if (rh.out_len > max_output || rh.err_len > ERR_CAP) break;
            want = sizeof rh + rh.out_len + rh.err_len;
            if (want + 1 > cap) { /* the exact size the head announced: no doubling */
                char *b = realloc(buf, want + 1);
                if (!b) break;
                buf = b;
                cap = want + 1;
            }
            continue;
        }
        ssize_t got = read_some(fd, buf + have, cap - 1 - have, deadline);
        if (got <= 0) {
            result = (int)got;
            break;
        }
        have += (size_t)got;
    }
    if (result == 1 && have == want && (r->err = malloc(rh.err_len + 1))) {
        memcpy(r->err, buf + sizeof rh + rh.out_len, rh.err_len);
        r->err[rh.err_len] = '\0';
        memmove(buf, buf + sizeof rh, rh.out_len);
        buf[rh.out_len] = '\0';
        r->out = buf;
        r->out_len = rh.out_len;
        r->exited = true;
        r->exit_status = rh.status;
        r->too_big = rh.flags & REPLY_TOO_BIG;
        *flags = rh.flags;
        return 1;
    }
    free(buf);
    return result == -1 ? -1 : 0;
}

static void run_pooled(serve_pool *p, char **argv, const char *input, double deadline, size_t max_output,
                       serve_run *r)
{
    size_t len = 0, in_len = input ? strlen(input) : 0;
    for (char **a = argv + 1; *a; a++) len += strlen(*a) + 1;
    request_head h = {(uint32_t)len, (uint32_t)in_len, max_output};
    char *msg = malloc(sizeof h + len + in_len);
    if (!msg) return;
    memcpy(msg, &h, sizeof h);
    size_t k = sizeof h;
    for (char **a = argv + 1; *a; a++) {
        size_t n = strlen(*a) + 1;
        memcpy(msg + k, *a, n);
        k += n;
    }
    memcpy(msg + k, input ? input : "", in_len);
    k += in_len;
    /* a layer call's ruleset ('=' "rules" value among its words), if short enough to keep */
    const char *rules = NULL;
    for (char **a = argv + 1; argv[1] && argv[1][0] == '@' && a[0] && a[1] && a[2]; a++)
        if (strcmp(a[0], "=") == 0 && strcmp(a[1], "rules") == 0) {
            if (strlen(a[2]) < sizeof p->w[0].rules) rules = a[2];
            break;
        }
    worker *w = acquire(p, rules, deadline, r);
    if (w && gr_monotonic_seconds() >= deadline) { /* came free too late: the worker need not die for it */
        release(p, w);
        r->timed_out = true;
        w = NULL;
    }
    if (!w) {
        free(msg);
        return;
    }
    uint32_t flags = 0;
    int got = send_request(p, w, msg, k) ? read_reply(w->fd, max_output, deadline, r, &flags) : 0;
    free(msg);
    r->timed_out = got == -1;
    if (got != 1) retire(w, true);
    else if (flags & REPLY_RETIRING) retire(w, false);
    else if (rules) snprintf(w->rules, sizeof w->rules, "%s", rules);
    release(p, w);
}

void serve_pool_run(serve_pool *p, char **argv, const char *input, double seconds, size_t max_output, bool fresh,
                    serve_run *r)
{
    memset(r, 0, sizeof *r);
    double deadline = gr_monotonic_seconds() + seconds;
    if (!serve_pool_fresh(p, fresh)) {
        run_pooled(p, argv, input, deadline, max_output, r);
    } else if (fresh_enter(p, deadline, r)) {
        double left = deadline - gr_monotonic_seconds();
        if (left > 0) run_fresh(p, argv, input, left, max_output, r);
        else r->timed_out = true;
        fresh_leave(p);
    }
}

bool serve_pool_fresh(const serve_pool *p, bool fresh)
{
    return fresh || p->size == 0;
}

void serve_run_free(serve_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

void serve_pool_free(serve_pool *p)
{
    if (!p) return;
    for (int i = 0; i < p->size; i++) retire(&p->w[i], false); /* a closed socket tells a worker to exit */
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->fresh_free);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

/* ---- the worker ---- */

static bool read_all(int fd, void *buf, size_t n)
{
    char *b = buf;
    while (n > 0) {
        ssize_t got = read(fd, b, n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        b += got;
        n -= (size_t)got;
    }
    return true;
}

/* A buffer that grows to hold a request: its words, then its input. */
static bool read_request(int fd, char **buf, size_t *cap, request_head *h)
{
    if (!read_all(fd, h, sizeof *h)) return false;
    size_t n = (size_t)h->len + h->input_len;
    if (n + 1 > *cap) { /* the exact size the head announced: no doubling */
        char *b = realloc(*buf, n + 1);
        if (!b) return false;
        *buf = b;
        *cap = n + 1;
    }
    if (!read_all(fd, *buf, n)) return false;
    (*buf)[n] = '\0';
    return true;
}

/* A layer call (serve_api.c's run_layer): the verb's word, the limits,
 * then each pair as '=' key value or '-' key. The same validator as the
 * server's thread, then the call; the status is the HTTP status and the
 * output the body, an error's included. `engines`: a worker's kept engines
 * (NULL in a process of one call), so that a heap game's nim-sequence or a
 * search table built by one call answers the next on the same game. */
static int run_layer(gr_api_engines **engines, char *words, size_t len, gr_buf *body)
{
    char *w[2 * SERVE_MAX_PAIRS + 8];
    int n = 0;
    for (size_t i = 0; i < len && n < (int)(sizeof w / sizeof *w); i += strlen(words + i) + 1) w[n++] = words + i;
    gr_api_pair pairs[SERVE_MAX_PAIRS];
    size_t np = 0;
    gr_error err;
    gr_error_clear(&err);
    int rc = n < 3 ? gr_fail(&err, GR_EINTERNAL, "a layer call without its limits") : GR_OK;
    /* '<' FILE last: the server's stored sequence file (serve_seqdir.h), or
     * '<q' FILE its saved misere quotient (serve_quotdir.h), never a client's key */
    bool quot = !rc && n >= 5 && strcmp(w[n - 2], "<q") == 0;
    const char *in = !rc && n >= 5 && (quot || strcmp(w[n - 2], "<") == 0) &&
                             strncmp(w[n - 1], "/proc/self/fd/", 14) == 0
                         ? w[n - 1]
                         : NULL;
    if (in) n -= 2;
    for (int i = 3; !rc && i < n && np < SERVE_MAX_PAIRS;) {
        bool valued = w[i][0] == '=';
        if (i + 1 >= n || (valued && i + 2 >= n)) {
            rc = gr_fail(&err, GR_EINTERNAL, "a layer call cut short");
            break;
        }
        const char *key = w[i + 1], *value = valued ? w[i + 2] : NULL;
        pairs[np++] = (gr_api_pair){key, strlen(key), value, value ? strlen(value) : 0};
        i += 2 + valued;
    }
    int verb = gr_api_verb_named(w[0] + 1);
    if (!rc && verb < 0) rc = gr_fail(&err, GR_EINTERNAL, "no such verb");
    gr_api_request req;
    gr_api_request_init(&req, verb, GR_FRONT_HTTP);
    req.first = 1; /* the API's default: the computer moves first */
    if (!rc) rc = gr_api_request_fill(&req, pairs, np, &err);
    if (!rc && in && !(*(quot ? &req.quotient : &req.in) = strdup(in))) rc = gr_fail_nomem(&err);
    if (!rc) {
        req.limits.max_seconds = strtod(w[1], NULL);
        req.limits.max_bytes = strtod(w[2], NULL);
    }
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    if (!rc) rc = gr_api_call(engines ? *engines : NULL, &req, &rep, &err);
    /* short of memory under the worker's address-space limit while the
     * kept engines hold some: they are let go and the call tried once more,
     * so that an answer never depends on what the worker was asked before */
    if (rc == GR_ENOMEM && engines && *engines) {
        gr_api_engines_free(*engines);
        *engines = NULL;
        gr_api_reply_clear(&rep);
        gr_error_clear(&err);
        rc = gr_api_call(NULL, &req, &rep, &err);
        *engines = gr_api_engines_new(WORKER_ENGINES);
    }
    if (!rc) gr_api_render(body, GR_API_JSON, &rep);
    else gr_api_error_json(body, GR_FRONT_HTTP, &err);
    int status = !rc && gr_api_reply_refused(&rep) ? 400 : gr_status_http(rc);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return status;
}

int serve_call_main(int argc, char **argv)
{
    size_t len = 0;
    for (int i = 0; i < argc; i++) len += strlen(argv[i]) + 1;
    char *words = malloc(len + 1);
    if (!words) return gr_status_exit(GR_ENOMEM);
    char *w = words;
    for (int i = 0; i < argc; i++) w = stpcpy(w, argv[i]) + 1;
    gr_buf body;
    gr_buf_init(&body);
    int status = run_layer(NULL, words, len, &body);
    free(words);
    if (!gr_buf_ok(&body)) return gr_status_exit(GR_ENOMEM);
    fwrite(body.s, 1, body.len, stdout);
    gr_buf_free(&body);
    if (status == 200) return 0;
    static const int codes[] = {GR_EINPUT, GR_ELIMIT, GR_ENOMEM, GR_EINTR, GR_EINTERNAL};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (gr_status_http(codes[i]) == status) return gr_status_exit(codes[i]);
    return gr_status_exit(GR_EINTERNAL);
}

/* Sends header, output and error text as one message. */
static bool send_reply(const reply_head *rh, const char *out, const char *err)
{
    struct iovec iov[3] = {{(void *)rh, sizeof *rh}, {(void *)out, rh->out_len}, {(void *)err, rh->err_len}};
    struct iovec *v = iov;
    int left = 3;
    while (left > 0) {
        ssize_t k = writev(WORKER_FD, v, left);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        size_t done = (size_t)k;
        while (left > 0 && done >= v->iov_len) done -= v->iov_len, v++, left--;
        if (left > 0) {
            v->iov_base = (char *)v->iov_base + done;
            v->iov_len -= done;
        }
    }
    return true;
}

int serve_worker_main(void)
{
    /* the server decides when a worker stops: it closes the socket */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    /* The answers are data (gr_buf); whatever the library might still
     * write to stdout or stderr leads nowhere, so nothing reaches the
     * server's terminal. */
    int devnull = open("/dev/null", O_RDWR);
    if (devnull < 0 || dup2(devnull, 1) < 0 || dup2(devnull, 2) < 0) return GR_EINTERNAL;
    close(devnull);
    char *req = NULL;
    size_t req_cap = 0;
    /* the engines of the games this worker answered last (NULL if short of
     * memory: every call then builds its own), bounded by WORKER_ENGINES and
     * by the worker's retirement at RETIRE_KB of peak memory */
    gr_api_engines *engines = gr_api_engines_new(WORKER_ENGINES);
    for (long calls = 1;; calls++) {
        request_head h;
        if (!read_request(WORKER_FD, &req, &req_cap, &h)) break;
        double began = gr_monotonic_seconds();
        char *out = NULL, *err = NULL;
        size_t out_len = 0, err_len = 0;
        /* the answer layer's call by its verb's name ("@value"): no
         * streams, the reply is data; nothing else runs in a worker */
        gr_buf body;
        gr_buf_init(&body);
        int status = req[0] == '@' ? run_layer(&engines, req, h.len, &body) : gr_status_http(GR_EINTERNAL);
        if (req[0] != '@') gr_buf_puts(&body, "{\"error\":\"the request failed inside the server (internal error)\"}\n");
        out = gr_buf_detach(&body, &out_len);
        if (!out) status = gr_status_http(GR_ENOMEM);
        /* the peak memory, looked at now and then: a system call costs more
         * than a small answer; and after a slow call, which may have left a
         * large table among the kept engines */
        struct rusage ru = {.ru_maxrss = 0};
        if (calls % 8 == 0 || gr_monotonic_seconds() - began > SLOW_CALL_MS / 1e3) getrusage(RUSAGE_SELF, &ru);
        reply_head rh = {status, 0, out_len, (uint32_t)(err_len < ERR_CAP ? err_len : ERR_CAP), 0};
        if (out_len > h.max_output) rh.flags |= REPLY_TOO_BIG, rh.out_len = 0;
        if (calls >= RETIRE_CALLS || ru.ru_maxrss > RETIRE_KB) rh.flags |= REPLY_RETIRING;
        bool ok = send_reply(&rh, out ? out : "", err ? err : "");
        free(out);
        free(err);
        if (!ok || (rh.flags & REPLY_RETIRING)) break;
    }
    gr_api_engines_free(engines);
    free(req);
    return 0;
}
