/* grundy serve: an HTTP server (libmicrohttpd: a few threads, one per
 * core, poll every connection with epoll) for the page compiled into this
 * binary and the JSON API (serve_api.c), whose calls are answered in a call
 * thread of their own (serve_offload.c): in-process when small
 * (serve_inproc.c), otherwise in worker processes (serve_pool.c), behind a
 * connection guard (serve_conns.c), run as an unprivileged user
 * (serve_user.c).
 *
 * Why polling threads and call threads: a polling thread answers what never
 * blocks (the page's files, refusals, an answer kept by query) at once, many
 * connections per wake-up; any other call suspends its connection and runs
 * in a call thread that does nothing else, so a call waiting for a worker
 * (seconds) or searching (up to 50 ms) holds no thread that other
 * connections share, and a cheap call is never queued behind an expensive
 * one. Call threads are bounded by the requests in flight, those by the
 * connections (MAX_CONNECTIONS, --max-per-ip each). A thread per connection
 * cost a context switch per request (two thirds of the server's time on
 * this virtual machine went to the kernel: poll, and the hypervisor's
 * interrupt path in each task switch); epoll halved the server's CPU time
 * per kept answer. */
#define _GNU_SOURCE
#include "cli.h"
#include "serve.h"
#include "serve_conns.h"
#include "serve_inproc.h"
#include "serve_mhd.h"
#include "serve_offload.h"
#include "serve_pool.h"
#include "serve_quotdir.h"
#include "serve_url.h"
#include "serve_user.h"
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

static const char help[] =
    "usage: grundy serve [--port P] [--host ADDR] [--threads N] [--workers W] [--max-seconds S]\n"
    "                    [--max-memory SIZE] [--client-timeout T] [--max-per-ip C] [--tables FILE]\n"
    "                    [--seqs DIR] [--quotients DIR] [--answer inprocess|workers] [--user NAME]\n\n"
    "Serves the page (play, explore, tables, claims) and the JSON API on\n"
    "http://ADDR:P/ (default 127.0.0.1:8080). The API is documented in docs/api.md.\n"
    "A thread per core polls the connections (256 at most) and answers the page\n"
    "and the answers kept by query; every other API call runs in a thread of its\n"
    "own, in the server (small calls) or in W\n"
    "long-lived worker processes (default N: twice the cores, at least 4; 0: a\n"
    "fresh process per call), each call within S seconds (default 10, waiting for\n"
    "a worker included; 503 when 4W calls already wait) and SIZE of memory\n"
    "(default 1G); tables to 2000, sequences to 10^6. A client has T seconds\n"
    "(default 5) to send each request; an address gets C connections (default\n"
    "32), later ones are closed as they are accepted.\n"
    "Started as root, the server binds its port, then runs as NAME (default\n"
    "nobody), its workers too, or refuses to start.\n"
    "--answer inprocess (the default) answers value, moves and play in the server's\n"
    "threads, any number at once, when the engine's estimate of the search is under\n"
    "50 ms and 32 MiB (play: a small game tree, under 16 lines of input), keeps\n"
    "those answers by query, and sends the rest to the workers; --answer workers\n"
    "sends every call there.\n"
    "--tables FILE offers a table stored by `grundy table sharing --max N --out FILE`\n"
    "to the page (/api/table?stored=1).\n"
    "--seqs DIR answers value, moves and play of a heap game from its stored\n"
    "nim-sequence, DIR/tb_0.6.grs or DIR/grundy-game.grs as `grundy census` and\n"
    "`grundy seq --out` write them, when the file holds every heap asked about;\n"
    "other heaps are computed as without it. No answer names the directory.\n"
    "--quotients DIR answers misere value, moves and play of a heap game by its\n"
    "saved misere quotient, DIR/tb_0.77.grq (the census's name, .grq for .grs) as\n"
    "`grundy misere RULES --quotient --out FILE` writes it, when the quotient\n"
    "covers every heap asked about (or phi is proved periodic); others are\n"
    "answered as without it. No answer names the directory.\n"
    "SIGTERM or SIGINT stops it after the requests in flight are answered.\n"
    "(--worker and --call are how the server runs its calls, not for people.)\n";

enum { MAX_CONNECTIONS = 256, MAX_QUERY = 8192, MAX_ASSETS = 32 };
/* Idle call threads kept for the next calls (a thread start costs more than
 * a small call); past these an idle one exits. The call threads run
 * CALL_NICE steps below the polling threads (the workers 5: serve_pool.c),
 * so six heavy calls' estimates in call threads do not take the cores from
 * the polling threads, which answer the cheap calls. */
enum { CALL_THREADS_KEPT = 16, CALL_NICE = 2 };

/* The in-process budget, by the engine's estimate of a call's search: a
 * call under it takes at most a few milliseconds and megabytes in the
 * server's thread; play's lines are counted as each may search again. */
#define IN_PROCESS_SECONDS 0.05
#define IN_PROCESS_BYTES (32.0 * 1024 * 1024)
#define IN_PROCESS_LINES 16

/* The page may load only its own files and talk only to its own server. */
static const char csp[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                          "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

typedef struct server {
    char self[PATH_MAX];       /* this executable, as the workers run it: /proc/self/fd/N */
    char table_path[PATH_MAX]; /* the stored table, as the workers open it: /proc/self/fd/N */
    int self_fd, table_fd;
    char seq_path[PATH_MAX];   /* --seqs DIR, as the workers open it: /proc/self/fd/N */
    int seq_fd;
    char quot_path[PATH_MAX];  /* --quotients DIR, likewise */
    int quot_fd;
    serve_limits lim;
    serve_mhd mhd;
    serve_pool *pool;
    serve_inproc *inproc;      /* NULL: every call goes to the workers */
    serve_conns *conns;
    serve_offload *calls;      /* the call threads */
    char etags[MAX_ASSETS][24];  /* a hash of each compiled-in file, to answer revalidation with 304 */
} server;

typedef struct args_acc {
    gr_api_pair pairs[SERVE_MAX_PAIRS];
    int n;
    size_t bytes;
    bool overflow;
} args_acc;

static enum MHD_Result collect(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                               const char *value, size_t value_size)
{
    (void)kind;
    args_acc *a = cls;
    a->bytes += key_size + value_size + 2;
    if (a->n == SERVE_MAX_PAIRS) {
        a->overflow = true;
        return MHD_YES;
    }
    a->pairs[a->n++] = (gr_api_pair){key, key_size, value, value ? value_size : 0};
    return MHD_YES;
}

/* Cache-Control by kind: the page's files are revalidated (their ETag
 * changes with the binary); an API answer is a pure function of its query
 * for a given binary, so it may be kept an hour; errors, and answers read
 * from a stored table the server may be restarted with, are not kept. */
typedef enum { KIND_PAGE, KIND_API, KIND_NO_STORE } reply_kind;

static struct MHD_Response *make_response(const server *s, int status, const char *mime, const void *data,
                                          size_t len, enum MHD_ResponseMemoryMode mode, reply_kind kind,
                                          const char *etag, const char *by)
{
    struct MHD_Response *r = s->mhd.create_response_from_buffer(len, (void *)data, mode);
    if (!r) return NULL;
    s->mhd.add_response_header(r, "Content-Type", mime);
    s->mhd.add_response_header(r, "Cache-Control", kind == KIND_PAGE  ? "no-cache"
                                                   : kind == KIND_API ? "public, max-age=3600"
                                                                      : "no-store");
    if (etag) s->mhd.add_response_header(r, "ETag", etag);
    /* which path answered an API call: for operators, and the tests that compare the paths */
    if (by) s->mhd.add_response_header(r, "X-Grundy-Answered-By", by);
    s->mhd.add_response_header(r, "X-Content-Type-Options", "nosniff");
    s->mhd.add_response_header(r, "Content-Security-Policy", csp);
    s->mhd.add_response_header(r, "Referrer-Policy", "no-referrer");
    if (status == 405) s->mhd.add_response_header(r, "Allow", "GET, HEAD");
    if (status == 503 && kind == KIND_NO_STORE && !etag) s->mhd.add_response_header(r, "Retry-After", "1");
    return r;
}

static enum MHD_Result respond(const server *s, struct MHD_Connection *c, int status, const char *mime,
                               const void *data, size_t len, enum MHD_ResponseMemoryMode mode, reply_kind kind,
                               const char *etag, const char *by)
{
    struct MHD_Response *r = make_response(s, status, mime, data, len, mode, kind, etag, by);
    if (!r) return MHD_NO;
    enum MHD_Result ok = s->mhd.queue_response(c, (unsigned)status, r);
    s->mhd.destroy_response(r);
    return ok;
}

#define RESPOND_CONST(s, c, status, body) \
    respond(s, c, status, "application/json", body, sizeof body - 1, MHD_RESPMEM_PERSISTENT, KIND_NO_STORE, NULL, NULL)

static serve_conn *conn_of(const server *s, struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = s->mhd.get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* The accept policy: an address at its limit, or a full table, is turned
 * away before the connection is set up. */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *addr, socklen_t len)
{
    (void)len;
    const server *s = cls;
    return serve_conns_admit(s->conns, addr) ? MHD_YES : MHD_NO;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **ctx, enum MHD_ConnectionNotificationCode code)
{
    server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *addr = s->mhd.get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        const union MHD_ConnectionInfo *fd = s->mhd.get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *ctx = fd ? serve_conns_open(s->conns, addr ? addr->client_addr : NULL, fd->connect_fd) : NULL;
        /* past a limit (the accept policy raced another accept): closed
         * unread, as the server sees the end of the stream at once */
        if (!*ctx && fd) shutdown(fd->connect_fd, SHUT_RDWR);
    } else {
        serve_conns_close(s->conns, *ctx);
        *ctx = NULL;
    }
}

/* A request's state (*con_cls), set when its request line arrives: whether
 * its path is text the server reads, and whether it is in flight; or, while
 * a call thread answers it and until its answer is queued, its api_job. */
static char request_marks[4];
#define REQ_NEW (&request_marks[0])
#define REQ_NEW_BAD_PATH (&request_marks[1])
#define REQ_BEGUN (&request_marks[2])
#define REQ_BEGUN_BAD_PATH (&request_marks[3])

static bool is_job(const void *state)
{
    return state && state != REQ_NEW && state != REQ_NEW_BAD_PATH && state != REQ_BEGUN &&
           state != REQ_BEGUN_BAD_PATH;
}

/* An API call answered in a call thread while its connection is suspended;
 * the pairs point into the connection's buffer, which stays as it is
 * until the request completes. */
typedef struct api_job {
    serve_task task;           /* first: the call thread's handle on the job */
    server *s;
    struct MHD_Connection *c;
    const char *call;
    gr_api_pair pairs[SERVE_MAX_PAIRS];
    int n;
    serve_reply reply;
} api_job;

static void job_free(api_job *j)
{
    free(j->reply.body);
    free(j);
}

static void *on_request_line(void *cls, const char *target, struct MHD_Connection *c)
{
    (void)cls, (void)c;
    return serve_url_path_ok(target) ? REQ_NEW : REQ_NEW_BAD_PATH;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    server *s = cls;
    bool begun = *state == REQ_BEGUN || *state == REQ_BEGUN_BAD_PATH;
    /* a job whose answer was never queued (the client left as it was resumed) */
    if (is_job(*state)) {
        job_free(*state);
        begun = true;
    }
    if (begun) serve_conns_end(s->conns, conn_of(s, c));
    *state = NULL;
}

/* Replaces each `path` in the body by `with`: a server's file path is never
 * sent, whatever message a verb words with it. */
static void scrub(char *body, size_t *len, const char *path, const char *with)
{
    size_t n = strlen(path), w = strlen(with);
    if (n == 0 || w > n) return;
    char *at = body, *end = body + *len;
    while ((at = memmem(at, (size_t)(end - at), path, n)) != NULL) {
        memcpy(at, with, w);
        memmove(at + w, at + n, (size_t)(end - at - (ptrdiff_t)n));
        end -= n - w;
        at += w;
    }
    *len = (size_t)(end - body);
}

static bool asks_stored(const gr_api_pair *pairs, int n)
{
    bool stored = false;
    for (int i = 0; i < n; i++) stored |= strcmp(pairs[i].key, "stored") == 0;
    return stored;
}

static reply_kind kind_of(const serve_reply *r, const gr_api_pair *pairs, int n)
{
    return r->status == 200 && !asks_stored(pairs, n) ? KIND_API : KIND_NO_STORE;
}

static void scrub_reply(const server *s, serve_reply *r)
{
    if (s->lim.seq_dir) scrub(r->body, &r->len, s->lim.seq_dir, "stored sequences");
    if (s->lim.quot_dir) scrub(r->body, &r->len, s->lim.quot_dir, "saved quotients");
    if (s->lim.table_file) scrub(r->body, &r->len, s->lim.table_file, "stored table");
    scrub(r->body, &r->len, s->self, "grundy");
}

static enum MHD_Result respond_reply(server *s, struct MHD_Connection *c, serve_reply *r, const gr_api_pair *pairs,
                                     int n)
{
    if (!r->body) {
        static const char oom[] = "{\"error\":\"out of memory\"}\n";
        return RESPOND_CONST(s, c, 500, oom);
    }
    char *body = r->body;
    r->body = NULL; /* the response's now */
    return respond(s, c, r->status, "application/json", body, r->len, MHD_RESPMEM_MUST_FREE, kind_of(r, pairs, n),
                   NULL, r->by);
}

/* A kept answer's response, made once (scrubbed, with its headers) and
 * kept beside it in the cache: a call of a kept answer then costs a lookup
 * and a queue, no copy and no allocation. Queued under the answer's lock,
 * so the connection holds its own reference before the cache may drop
 * the response (drop_response). */
typedef struct kept_use {
    server *s;
    struct MHD_Connection *c;
    bool stored;
    enum MHD_Result ok;
} kept_use;

static bool use_kept(void *ctx, int status, const char *body, size_t len, void **made)
{
    kept_use *u = ctx;
    if (!*made) {
        serve_reply r = {status, malloc(len + 1), len, "server"};
        if (!r.body) return false;
        memcpy(r.body, body, len);
        r.body[len] = '\0';
        scrub_reply(u->s, &r);
        reply_kind kind = status == 200 && !u->stored ? KIND_API : KIND_NO_STORE;
        *made = make_response(u->s, status, "application/json", r.body, r.len, MHD_RESPMEM_MUST_FREE, kind, NULL,
                              r.by);
        if (!*made) {
            free(r.body);
            return false;
        }
    }
    u->ok = u->s->mhd.queue_response(u->c, (unsigned)status, *made);
    return true;
}

static void drop_response(void *made, void *ctx)
{
    const server *s = ctx;
    s->mhd.destroy_response(made);
}

/* In a call thread: the call, then its connection resumed (the job is the
 * polling thread's from then on). */
static void run_job(serve_task *t)
{
    api_job *j = (api_job *)t;
    server *s = j->s;
    struct MHD_Connection *c = j->c;
    serve_api_n(s->pool, s->inproc, &s->lim, j->call, j->pairs, j->n, &j->reply);
    if (j->reply.body) scrub_reply(s, &j->reply);
    s->mhd.resume_connection(c);
}

static enum MHD_Result answer_api(server *s, struct MHD_Connection *c, const char *call, void **state)
{
    args_acc a = {.n = 0};
    s->mhd.get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, collect, &a);
    if (a.bytes > MAX_QUERY) {
        static const char big[] = "{\"error\":\"the query is longer than this server reads (8 KiB)\"}\n";
        return RESPOND_CONST(s, c, 413, big);
    }
    if (a.overflow) {
        static const char many[] = "{\"error\":\"too many parameters\"}\n";
        return RESPOND_CONST(s, c, 400, many);
    }
    /* an answer kept by query (given in-process to the same bytes, which
     * passed every check then): here, without a call thread */
    int verb = s->inproc ? gr_api_verb_named(call) : -1;
    kept_use u = {s, c, verb >= 0 && asks_stored(a.pairs, a.n), MHD_NO};
    if (verb >= 0 && serve_inproc_use(s->inproc, verb, a.pairs, (size_t)a.n, use_kept, &u)) return u.ok;
    api_job *j = malloc(sizeof *j);
    if (!j) {
        static const char oom[] = "{\"error\":\"out of memory\"}\n";
        return RESPOND_CONST(s, c, 500, oom);
    }
    *j = (api_job){.s = s, .c = c, .call = call, .n = a.n, .reply = {0, NULL, 0, NULL}};
    j->task.run = run_job;
    memcpy(j->pairs, a.pairs, (size_t)a.n * sizeof a.pairs[0]);
    *state = j;
    /* suspended before the call thread may resume it */
    s->mhd.suspend_connection(c);
    if (!serve_offload_run(s->calls, &j->task)) {
        static const char busy[] = "{\"error\":\"the server cannot start a thread for the call; try again shortly\"}\n";
        j->reply = (serve_reply){503, strdup(busy), sizeof busy - 1, NULL};
        s->mhd.resume_connection(c);
    }
    return MHD_YES;
}

static enum MHD_Result answer_page(server *s, struct MHD_Connection *c, const char *url)
{
    /* Only the compiled-in files, looked up by exact name, so no path can
     * reach the file system. */
    const char *path = strcmp(url, "/") == 0 ? "/index.html" : url;
    for (int i = 0; serve_assets[i].path && i < MAX_ASSETS; i++) {
        const serve_asset *as = &serve_assets[i];
        if (strcmp(as->path, path) != 0) continue;
        const char *match = s->mhd.lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
        if (match && strcmp(match, s->etags[i]) == 0)
            return respond(s, c, 304, as->mime, "", 0, MHD_RESPMEM_PERSISTENT, KIND_PAGE, s->etags[i], NULL);
        return respond(s, c, 200, as->mime, as->data, as->len, MHD_RESPMEM_PERSISTENT, KIND_PAGE, s->etags[i], NULL);
    }
    static const char missing[] = "not found\n";
    return respond(s, c, 404, "text/plain; charset=utf-8", missing, sizeof missing - 1, MHD_RESPMEM_PERSISTENT,
                   KIND_NO_STORE, NULL, NULL);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)version, (void)upload;
    server *s = cls;
    if (is_job(*state)) {
        /* resumed: the call thread's answer */
        api_job *j = *state;
        enum MHD_Result ok = respond_reply(s, c, &j->reply, j->pairs, j->n);
        job_free(j);
        *state = REQ_BEGUN;
        return ok;
    }
    if (*state == REQ_NEW || *state == REQ_NEW_BAD_PATH || *state == NULL) {
        /* first call for this request: headers only */
        serve_conns_begin(s->conns, conn_of(s, c));
        *state = *state == REQ_NEW_BAD_PATH ? REQ_BEGUN_BAD_PATH : REQ_BEGUN;
        return MHD_YES;
    }
    if (*upload_size) {
        *upload_size = 0; /* bodies are ignored: every call is a GET */
        return MHD_YES;
    }
    static const char bad_method[] = "{\"error\":\"only GET and HEAD are served\"}\n";
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) return RESPOND_CONST(s, c, 405, bad_method);
    if (*state == REQ_BEGUN_BAD_PATH) {
        static const char bad_path[] =
            "{\"error\":\"the URL's path holds a NUL byte, a control character or bytes that are not UTF-8\"}\n";
        return RESPOND_CONST(s, c, 400, bad_path);
    }
    if (strncmp(url, "/api/", 5) == 0) return answer_api(s, c, url + 5, state);
    return answer_page(s, c, url);
}

static void hash_assets(server *s)
{
    for (int i = 0; serve_assets[i].path && i < MAX_ASSETS; i++) {
        uint64_t h = 1469598103934665603ull; /* FNV-1a */
        for (size_t k = 0; k < serve_assets[i].len; k++) h = (h ^ serve_assets[i].data[k]) * 1099511628211ull;
        snprintf(s->etags[i], sizeof s->etags[i], "\"%016llx\"", (unsigned long long)h);
    }
}

typedef struct serve_opts {
    long port, threads, workers, client_timeout, per_ip;
    bool inprocess;            /* --answer inprocess */
    const char *host;
    const char *tables;
    const char *user;          /* --user: who a server started as root becomes */
    bool user_given;
    const char *seqs;          /* --seqs DIR: stored nim-sequences */
    const char *quotients;     /* --quotients DIR: saved misere quotients */
} serve_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    serve_opts *o = ctx;
    int rc;
    if (strcmp(argv[*i], "--port") == 0) return (rc = cli_flag_long(argc, argv, i, 0, 65535, &o->port, err)) ? rc : 1;
    if (strcmp(argv[*i], "--threads") == 0)
        return (rc = cli_flag_long(argc, argv, i, 1, 256, &o->threads, err)) ? rc : 1;
    if (strcmp(argv[*i], "--workers") == 0)
        return (rc = cli_flag_long(argc, argv, i, 0, 256, &o->workers, err)) ? rc : 1;
    if (strcmp(argv[*i], "--client-timeout") == 0)
        return (rc = cli_flag_long(argc, argv, i, 1, 3600, &o->client_timeout, err)) ? rc : 1;
    if (strcmp(argv[*i], "--max-per-ip") == 0)
        return (rc = cli_flag_long(argc, argv, i, 1, MAX_CONNECTIONS, &o->per_ip, err)) ? rc : 1;
    if (strcmp(argv[*i], "--answer") == 0) {
        const char *v = *i + 1 < argc ? argv[++*i] : "";
        if (strcmp(v, "inprocess") != 0 && strcmp(v, "workers") != 0)
            return gr_fail(err, GR_EINPUT, "--answer needs inprocess or workers");
        o->inprocess = strcmp(v, "inprocess") == 0;
        return 1;
    }
    if (strcmp(argv[*i], "--tables") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--tables needs a file written by table --out");
        o->tables = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--seqs") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--seqs needs a directory of sequence files");
        o->seqs = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--quotients") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--quotients needs a directory of quotient files");
        o->quotients = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--user") == 0) {
        if (*i + 1 >= argc || argv[*i + 1][0] == '\0') return gr_fail(err, GR_EINPUT, "--user needs a user name");
        o->user = argv[++*i];
        o->user_given = true;
        return 1;
    }
    if (strcmp(argv[*i], "--host") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--host needs an address");
        o->host = argv[++*i];
        return 1;
    }
    return 0;
}

/* fd moved to a number of 10 or more, closed on exec or not; -1 on failure. */
static int high_fd(int fd, bool cloexec)
{
    if (fd < 0) return -1;
    int high = fcntl(fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 10);
    close(fd);
    return high;
}

/* The bounds and files from the parsed flags; an error for an unreadable
 * --tables. The executable and the stored table are opened now, while the
 * server may still be root: the workers (run as --user) reach them through
 * the descriptors, wherever the files lie, and no answer can name a path
 * of the server's. */
static int setup(server *s, const cli_args *a, const serve_opts *o, int argc, char **argv, gr_error *err)
{
    /* the workers are executed through the descriptor (closed in them once
     * run), numbered past those a child sets up (0 to 3: serve_pool.c) */
    s->self_fd = high_fd(open("/proc/self/exe", O_RDONLY | O_CLOEXEC), true);
    if (s->self_fd < 0) return gr_fail(err, GR_EINTERNAL, "cannot open this executable");
    snprintf(s->self, sizeof s->self, "/proc/self/fd/%d", s->self_fd);
    bool seconds_given = false, memory_given = false;
    for (int i = 1; i < argc; i++) {
        seconds_given |= strcmp(argv[i], "--max-seconds") == 0;
        memory_given |= strcmp(argv[i], "--max-memory") == 0;
    }
    s->lim.seconds = seconds_given ? a->limits.max_seconds : 10;
    s->lim.bytes = memory_given ? a->limits.max_bytes : 1024.0 * 1024 * 1024;
    s->lim.max_table = 2000;
    s->lim.max_seq = 1000000;
    s->lim.max_check = 2000;
    s->lim.max_output = 64u << 20;
    s->lim.table_file = NULL;
    if (o->tables) {
        /* inherited by the processes that read it (no close-on-exec) */
        s->table_fd = high_fd(open(o->tables, O_RDONLY), false);
        if (s->table_fd < 0) return gr_fail(err, GR_EINPUT, "--tables %s: cannot read it", o->tables);
        snprintf(s->table_path, sizeof s->table_path, "/proc/self/fd/%d", s->table_fd);
        s->lim.table_file = s->table_path;
    }
    if (o->seqs) {
        /* as the stored table: a descriptor the workers inherit */
        s->seq_fd = high_fd(open(o->seqs, O_RDONLY | O_DIRECTORY), false);
        if (s->seq_fd < 0) return gr_fail(err, GR_EINPUT, "--seqs %s: cannot read it as a directory", o->seqs);
        snprintf(s->seq_path, sizeof s->seq_path, "/proc/self/fd/%d", s->seq_fd);
        s->lim.seq_dir = s->seq_path;
    }
    if (o->quotients) {
        /* as --seqs: a descriptor the workers inherit */
        s->quot_fd = high_fd(open(o->quotients, O_RDONLY | O_DIRECTORY), false);
        if (s->quot_fd < 0) return gr_fail(err, GR_EINPUT, "--quotients %s: cannot read it as a directory", o->quotients);
        snprintf(s->quot_path, sizeof s->quot_path, "/proc/self/fd/%d", s->quot_fd);
        s->lim.quot_dir = s->quot_path;
        if (!(s->lim.quot_cache = serve_quotcache_new())) return gr_fail_nomem(err);
    }
    hash_assets(s);
    return GR_OK;
}

static int listen_address(const serve_opts *o, struct sockaddr_storage *addr, socklen_t *len, unsigned *flags,
                          gr_error *err)
{
    memset(addr, 0, sizeof *addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    if (inet_pton(AF_INET, o->host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)o->port);
        *len = sizeof *v4;
    } else if (inet_pton(AF_INET6, o->host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)o->port);
        *len = sizeof *v6;
        *flags |= MHD_USE_IPv6;
    } else {
        return gr_fail(err, GR_EINPUT, "--host %s: expected a numeric IPv4 or IPv6 address such as 127.0.0.1",
                       o->host);
    }
    return GR_OK;
}

/* Stops accepting, lets the requests in flight finish (each is bounded by
 * the server's time limit), then stops. */
static void drain(server *s, struct MHD_Daemon *d)
{
    MHD_socket listener = s->mhd.quiesce_daemon(d);
    if (listener != MHD_INVALID_SOCKET) close(listener);
    double waited = 0, most = s->lim.seconds + 2;
    struct timespec tick = {0, 20000000L};
    /* a suspended connection must be resumed before the daemon stops: the
     * call threads' calls end within the time limit */
    while ((serve_conns_in_flight(s->conns) > 0 || serve_offload_busy(s->calls) > 0) && waited < most) {
        nanosleep(&tick, NULL);
        waited += 0.02;
    }
    s->mhd.stop_daemon(d);
}

/* Binds the port, then becomes the unprivileged user: both before any
 * worker starts or any request is read. */
static int bind_and_drop(server *s, const serve_opts *o, unsigned *flags, int *listener, gr_error *err)
{
    struct sockaddr_storage addr;
    socklen_t len = 0;
    if (listen_address(o, &addr, &len, flags, err)) return err->code;
    if (serve_listen((struct sockaddr *)&addr, len, listener, err)) {
        gr_error_clear(err);
        return gr_fail(err, GR_EINPUT, "cannot listen on %s port %ld (in use, or not allowed)", o->host, o->port);
    }
    if (serve_become(o->user, o->user_given, err)) return err->code;
    /* what the workers will need, checked as the user they run as */
    if (access(s->self, X_OK) != 0)
        return gr_fail(err, GR_EINPUT, "user %s cannot run this executable (its workers run as that user)", o->user);
    if (s->lim.table_file && access(s->lim.table_file, R_OK) != 0)
        return gr_fail(err, GR_EINPUT, "--tables %s: user %s cannot read it", o->tables, o->user);
    if (s->lim.seq_dir && access(s->lim.seq_dir, R_OK | X_OK) != 0)
        return gr_fail(err, GR_EINPUT, "--seqs %s: user %s cannot read it", o->seqs, o->user);
    if (s->lim.quot_dir && access(s->lim.quot_dir, R_OK | X_OK) != 0)
        return gr_fail(err, GR_EINPUT, "--quotients %s: user %s cannot read it", o->quotients, o->user);
    return GR_OK;
}

static int serve(server *s, const serve_opts *o, gr_error *err)
{
    /* turbo: a polling thread reads (and writes) before it polls, a system
     * call less per request on a kept-alive connection, where the next
     * request is most often there already; suspend and resume: the calls
     * answered in call threads */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_TURBO;
    /* a polling thread per core: what they do never blocks */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned pollers = cores < 2 ? 2 : cores > 8 ? 8 : (unsigned)cores;
    int listener = -1;
    /* SIGINT and SIGTERM wait, blocked in every thread, for this one to
     * take them (sigwait below): a connection's thread never catches them */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    if (serve_mhd_load(&s->mhd, err)) return err->code;
    if (bind_and_drop(s, o, &flags, &listener, err)) {
        if (listener >= 0) close(listener);
        return err->code;
    }
    s->pool = serve_pool_new(s->self, (int)(o->workers < 0 ? o->threads : o->workers), s->lim.bytes);
    s->conns = serve_conns_new(MAX_CONNECTIONS, (int)o->per_ip, (double)o->client_timeout);
    s->calls = serve_offload_new(CALL_THREADS_KEPT, CALL_NICE);
    /* before any thread starts: it replaces the standard streams */
    serve_budget budget = {IN_PROCESS_SECONDS, IN_PROCESS_BYTES, IN_PROCESS_LINES};
    if (o->inprocess) s->inproc = serve_inproc_new(&budget);
    if (s->inproc) serve_inproc_set_drop(s->inproc, drop_response, s);
    if (!s->pool || !s->conns || !s->calls || (o->inprocess && !s->inproc)) {
        close(listener);
        return gr_fail(err, GR_ENOMEM, "out of memory starting the server");
    }
    signal(SIGPIPE, SIG_IGN);
    serve_pool_start(s->pool);
    /* libmicrohttpd's own timeout covers a client that stops reading an
     * answer; the guard's janitor the one that never completes a request */
    struct MHD_Daemon *d = s->mhd.start_daemon(
        flags, 0, on_accept, s, handle, s, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listener,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)o->client_timeout, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)MAX_CONNECTIONS, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, s, MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_URI_LOG_CALLBACK, on_request_line, s, MHD_OPTION_THREAD_POOL_SIZE, pollers, MHD_OPTION_END);
    if (!d) {
        close(listener);
        return gr_fail(err, GR_EINTERNAL, "cannot start the HTTP server on %s port %ld", o->host, o->port);
    }
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    unsigned port = (unsigned)o->port;
    if (getsockname(listener, (struct sockaddr *)&bound, &blen) == 0)
        port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                 : ((struct sockaddr_in *)&bound)->sin_port);
    fprintf(stderr, "grundy: serving on http://%s%s%s:%u/ (Ctrl-C stops)\n", strchr(o->host, ':') ? "[" : "",
            o->host, strchr(o->host, ':') ? "]" : "", port);
    int sig = 0;
    while (sigwait(&stop, &sig) != 0) {
    }
    drain(s, d);
    return GR_OK;
}

int cmd_serve(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--worker") == 0) return serve_worker_main();
    if (argc >= 2 && strcmp(argv[1], "--call") == 0) return serve_call_main(argc - 2, argv + 2);
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    /* the calls are CPU-bound: threads beyond the cores only add waiting */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long threads = cores < 2 ? 4 : cores > 16 ? 32 : 2 * cores;
    serve_opts o = {8080, threads, -1, 5, 32, true, "127.0.0.1", NULL, "nobody", false, NULL, NULL};
    int rc = cli_parse(&a, argc, argv, CLI_LIMITS | CLI_NOFORMAT, extra, &o, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    server *s = rc ? NULL : calloc(1, sizeof *s);
    if (!rc && !s) rc = gr_fail_nomem(&err);
    if (!rc) rc = setup(s, &a, &o, argc, argv, &err);
    cli_args_free(&a);
    if (!rc) rc = serve(s, &o, &err);
    if (s) {
        serve_offload_free(s->calls); /* first: its calls may use the pool */
        serve_pool_free(s->pool);
        serve_conns_free(s->conns);
        serve_inproc_free(s->inproc);
        if (s->self_fd >= 10) close(s->self_fd);
        if (s->table_fd >= 10) close(s->table_fd);
        if (s->seq_fd >= 10) close(s->seq_fd);
        if (s->quot_fd >= 10) close(s->quot_fd);
        serve_quotcache_free(s->lim.quot_cache);
        free(s);
    }
    return rc ? cli_report(&err) : 0;
}
