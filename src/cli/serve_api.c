/* The JSON API: each call runs the matching verb of this same executable in
 * a child process, with --format json and the request's words as flags.
 *
 * Why a process per call: the answer is the command line's JSON by
 * construction; the verbs keep no shared state, so there is nothing to race
 * on; and the kernel enforces the bounds (address space, CPU time, a wall
 * clock kill), so no request can exhaust the server, whatever it asks. The
 * price is a fork and exec per call (about a millisecond here). */
#include "serve.h"

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
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The words each endpoint takes: query name -> flag ("" for operands). */
typedef struct param {
    const char *name;
    const char *flag;          /* NULL: the rules operand; "pos": position operand */
    bool boolean;              /* a flag without a value, given as name=1 */
} param;

typedef struct endpoint {
    const char *name;
    const char *verb;
    const param *params;
    const char *bounded;       /* the flag whose value is checked against a bound */
    const char *fixed[3];      /* words always passed (NULL-terminated) */
} endpoint;

static const param value_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {NULL, NULL, false}};
static const param moves_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {"winning", "--winning", true}, {NULL, NULL, false}};
static const param table_params[] = {
    {"rules", NULL, false}, {"max", "--max", false}, {"stored", "stored", true}, {NULL, NULL, false}};
static const param seq_params[] = {
    {"rules", NULL, false}, {"to", "--to", false}, {"from", "--from", false}, {"players", "--players", false},
    {"row", "--row", false}, {"diagonal", "--diagonal", false}, {"nim-pairs", "--nim-pairs", true},
    {"period", "--period", true}, {NULL, NULL, false}};
static const param check_params[] = {{"id", NULL, false}, {"to", "--to", false}, {NULL, NULL, false}};
static const param games_params[] = {{NULL, NULL, false}};
static const param play_params[] = {
    {"rules", NULL, false}, {"pos", "pos", false}, {"misere", "--misere", true},
    {"players", "--players", false}, {"block", "--block", false},
    {"block-position", "--block-position", false}, {NULL, NULL, false}};

static const endpoint endpoints[] = {
    {"games", "games", games_params, NULL, {NULL}},   {"value", "value", value_params, NULL, {NULL}},
    {"moves", "moves", moves_params, NULL, {NULL}},   {"table", "table", table_params, "--max", {NULL}},
    {"seq", "seq", seq_params, "--to", {NULL}},       {"check", "check", check_params, "--to", {NULL}},
    /* the computer's move, as `grundy play --script` makes it */
    {"play", "play", play_params, NULL, {"--script", "--first", "computer"}},
};

static void reply_error(serve_reply *r, int status, const char *msg)
{
    size_t cap = strlen(msg) * 6 + 32;
    char *b = malloc(cap);
    if (!b) {
        r->status = 500;
        r->body = NULL;
        r->len = 0;
        return;
    }
    size_t k = (size_t)snprintf(b, cap, "{\"error\":\"");
    for (const unsigned char *c = (const unsigned char *)msg; *c && k + 8 < cap; c++) {
        if (*c == '"' || *c == '\\') k += (size_t)snprintf(b + k, cap - k, "\\%c", *c);
        else if (*c < 0x20) k += (size_t)snprintf(b + k, cap - k, "\\u%04x", *c);
        else b[k++] = (char)*c;
    }
    k += (size_t)snprintf(b + k, cap - k, "\"}\n");
    r->status = status;
    r->body = b;
    r->len = k;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Appends to a growing buffer; false past `cap`. */
static bool append(char **buf, size_t *len, size_t *size, const char *data, size_t n, size_t cap)
{
    if (*len + n + 1 > cap) return false;
    if (*len + n + 1 > *size) {
        size_t s = *size ? *size : 4096;
        while (s < *len + n + 1) s *= 2;
        char *b = realloc(*buf, s);
        if (!b) return false;
        *buf = b;
        *size = s;
    }
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = '\0';
    return true;
}

static void run_child(const char *self, char **argv, const serve_limits *lim, serve_reply *r)
{
    int out[2], err[2];
    if (pipe(out) != 0) return reply_error(r, 500, "cannot create a pipe");
    if (pipe(err) != 0) {
        close(out[0]), close(out[1]);
        return reply_error(r, 500, "cannot create a pipe");
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(out[0]), close(out[1]), close(err[0]), close(err[1]);
        return reply_error(r, 503, "cannot start a worker");
    }
    if (pid == 0) {
        /* only async-signal-safe calls between fork and exec */
        struct rlimit as = {(rlim_t)lim->bytes, (rlim_t)lim->bytes};
        struct rlimit cpu = {(rlim_t)lim->seconds + 1, (rlim_t)lim->seconds + 2};
        if (GR_LIMIT_ADDRESS_SPACE) setrlimit(RLIMIT_AS, &as);
        setrlimit(RLIMIT_CPU, &cpu);
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]), close(out[1]), close(err[0]), close(err[1]);
        int devnull = open("/dev/null", 0);
        if (devnull >= 0) dup2(devnull, 0);
        execv(self, argv);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    char *obuf = NULL, *ebuf = NULL;
    size_t olen = 0, osize = 0, elen = 0, esize = 0;
    bool too_big = false, timed_out = false;
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_fds = 2;
    double deadline = now() + lim->seconds;
    while (open_fds > 0) {
        int wait_ms = (int)((deadline - now()) * 1000);
        if (wait_ms <= 0) {
            timed_out = true;
            break;
        }
        int n = poll(fds, 2, wait_ms);
        if (n < 0 && errno == EINTR) continue;
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
            bool ok = i == 0 ? append(&obuf, &olen, &osize, chunk, (size_t)got, lim->max_output)
                             : append(&ebuf, &elen, &esize, chunk, (size_t)got, 4096);
            if (!ok && i == 0) too_big = true;
        }
        if (too_big) break;
    }
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    if (timed_out || too_big) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (timed_out) {
        char msg[128];
        snprintf(msg, sizeof msg, "the request took longer than the server's limit of %.0f s", lim->seconds);
        reply_error(r, 503, msg);
    } else if (too_big) {
        reply_error(r, 413, "the answer is larger than the server sends");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        r->status = 200;
        r->body = obuf;
        r->len = olen;
        obuf = NULL;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 2) {
        /* the verb's one-line message, less its "grundy: " prefix */
        char *msg = ebuf ? ebuf : "bad request";
        if (strncmp(msg, "grundy: ", 8) == 0) msg += 8;
        char *nl = strchr(msg, '\n');
        if (nl) *nl = '\0';
        bool too_much = strstr(msg, "refused") || strstr(msg, "limit") || strstr(msg, "too big") ||
                        strstr(msg, "out of memory") || strstr(msg, "not enough memory");
        reply_error(r, too_much ? 413 : 400, msg);
    } else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)) {
        reply_error(r, 503, "the request ran past the server's CPU limit");
    } else {
        reply_error(r, WIFEXITED(status) && WEXITSTATUS(status) == 1 ? 500 : 503,
                    "the request failed inside the server (memory limit or internal error)");
    }
    free(obuf);
    free(ebuf);
}

void serve_api(const char *self, const serve_limits *lim, const char *name, const char *const *names,
               const char *const *values, int nargs, serve_reply *reply)
{
    const endpoint *ep = NULL;
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0) ep = &endpoints[i];
    if (!ep) return reply_error(reply, 404, "no such API call; see docs/api.md");
    /* argv: verb --format json [flags] [limits] -- operands */
    const char *argv[64];
    int argc = 0;
    argv[argc++] = "grundy";
    argv[argc++] = ep->verb;
    if (strcmp(ep->name, "play") != 0) {
        /* play --script answers in JSON already */
        argv[argc++] = "--format";
        argv[argc++] = "json";
    }
    for (int i = 0; i < 3 && ep->fixed[i]; i++) argv[argc++] = ep->fixed[i];
    const char *operand_rules = NULL, *operand_pos = NULL;
    char secs[32], bytes[32];
    for (int i = 0; i < nargs; i++) {
        for (int j = 0; j < i; j++)
            if (strcmp(names[j], names[i]) == 0) {
                char msg[160];
                snprintf(msg, sizeof msg, "parameter %.60s given twice; give it once", names[i]);
                return reply_error(reply, 400, msg);
            }
        const param *p = NULL;
        for (const param *q = ep->params; q->name; q++)
            if (strcmp(q->name, names[i]) == 0) p = q;
        if (!p) {
            char msg[160];
            snprintf(msg, sizeof msg, "unknown parameter '%.60s' for /api/%s", names[i], ep->name);
            return reply_error(reply, 400, msg);
        }
        const char *v = values[i] ? values[i] : "";
        if (!p->flag) operand_rules = v;
        else if (strcmp(p->flag, "pos") == 0) operand_pos = v;
        else if (strcmp(p->flag, "stored") == 0) {
            /* the stored table's path is the server's, never the request's */
            if (strcmp(v, "1") != 0 && strcmp(v, "true") != 0) continue;
            if (!lim->table_file)
                return reply_error(reply, 400, "this server has no stored table (start it with --tables FILE)");
            argv[argc++] = "--in";
            argv[argc++] = lim->table_file;
        }
        else if (p->boolean) {
            if (strcmp(v, "1") == 0 || strcmp(v, "true") == 0 || *v == '\0') argv[argc++] = p->flag;
        } else {
            if (*v == '-' || *v == '\0') {
                char msg[160];
                snprintf(msg, sizeof msg, "parameter %s needs a non-negative number", p->name);
                return reply_error(reply, 400, msg);
            }
            if (ep->bounded && strcmp(p->flag, ep->bounded) == 0) {
                bool stored = false;
                for (int j = 0; j < nargs; j++)
                    stored |= strcmp(names[j], "stored") == 0 && values[j] && strcmp(values[j], "1") == 0;
                /* a stored table is read, not computed: the answer's size is the bound then */
                long bound = strcmp(ep->name, "table") == 0 ? (stored ? 4 * lim->max_table : lim->max_table)
                             : strcmp(ep->name, "seq") == 0 ? lim->max_seq : lim->max_check;
                char *end;
                long x = strtol(v, &end, 10);
                if (*end == '\0' && x > bound) {
                    char msg[160];
                    snprintf(msg, sizeof msg, "%s=%ld is past this server's bound of %ld", p->name, x, bound);
                    return reply_error(reply, 413, msg);
                }
            }
            argv[argc++] = p->flag;
            argv[argc++] = v;
        }
        if (argc > 50) return reply_error(reply, 400, "too many parameters");
    }
    if (strcmp(ep->name, "value") == 0 || strcmp(ep->name, "moves") == 0 || strcmp(ep->name, "play") == 0) {
        snprintf(secs, sizeof secs, "%.0f", lim->seconds > 2 ? lim->seconds - 1 : 1);
        snprintf(bytes, sizeof bytes, "%.0f", lim->bytes / 2);
        argv[argc++] = "--max-seconds";
        argv[argc++] = secs;
        argv[argc++] = "--max-memory";
        argv[argc++] = bytes;
    }
    bool needs_rules = false, needs_pos = false;
    for (const param *q = ep->params; q->name; q++) {
        needs_rules |= strcmp(q->name, "rules") == 0;
        needs_pos |= strcmp(q->name, "pos") == 0;
    }
    if (needs_rules && !operand_rules) return reply_error(reply, 400, "missing parameter rules");
    if (needs_pos && !operand_pos)
        return reply_error(reply, 400, "missing parameter pos (pile sizes separated by commas)");
    if (strcmp(ep->name, "table") == 0) {
        bool has_max = false;
        for (int i = 0; i < argc; i++) has_max |= strcmp(argv[i], "--max") == 0;
        if (!has_max) return reply_error(reply, 400, "missing parameter max");
    }
    if (strcmp(ep->name, "check") == 0) {
        /* check takes its one operand (a seed or claim id) without "--" */
        if (operand_rules && (*operand_rules == '-' || *operand_rules == '\0'))
            return reply_error(reply, 400, "parameter id must be a seed such as 000 or a claim id such as 000/thm-P");
        if (operand_rules) argv[argc++] = operand_rules;
        operand_rules = NULL;
    }
    if (operand_rules || operand_pos) argv[argc++] = "--";
    if (operand_rules) argv[argc++] = operand_rules;
    if (operand_pos) argv[argc++] = operand_pos;
    argv[argc] = NULL;
    /* checking a seed's claims is a batch of searches: give it a minute */
    serve_limits l = *lim;
    if (strcmp(ep->name, "check") == 0 && l.seconds < 60) l.seconds = 60;
    run_child(self, (char **)argv, &l, reply);
    if (reply->status == 200 && strcmp(ep->name, "play") == 0 && reply->body) {
        /* the first reply line holds the computer's move; the next is "end of input" */
        char *nl = memchr(reply->body, '\n', reply->len);
        if (nl) reply->len = (size_t)(nl - reply->body) + 1;
    }
}
