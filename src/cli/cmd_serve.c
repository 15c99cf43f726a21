/* grundy serve: an HTTP server (libmicrohttpd, a pool of threads) for the
 * page compiled into this binary and the JSON API (serve_api.c). */
#include "cli.h"
#include "serve.h"
#include "serve_mhd.h"
#include <limits.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

static const char help[] =
    "usage: grundy serve [--port P] [--host ADDR] [--threads N] [--max-seconds S] [--max-memory SIZE]\n"
    "                    [--tables FILE]\n\n"
    "Serves the page (play, explore, tables, claims) and the JSON API on\n"
    "http://ADDR:P/ (default 127.0.0.1:8080). The API is documented in docs/api.md.\n"
    "Each API call runs under the bounds: S seconds (default 10), SIZE of memory\n"
    "(default 1G), tables to 2000, sequences to 10^6. --tables FILE offers a table\n"
    "stored by `grundy table sharing --max N --out FILE` to the page (/api/table?stored=1).\n";

typedef struct server {
    char self[PATH_MAX];
    char table_path[PATH_MAX];
    serve_limits lim;
    serve_mhd mhd;
} server;

typedef struct args_acc {
    const char *names[32];
    const char *values[32];
    int n;
    bool overflow;
} args_acc;

static enum MHD_Result collect(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    args_acc *a = cls;
    if (a->n == 32) {
        a->overflow = true;
        return MHD_NO;
    }
    a->names[a->n] = key;
    a->values[a->n] = value;
    a->n++;
    return MHD_YES;
}

static enum MHD_Result respond(const server *s, struct MHD_Connection *c, int status, const char *mime,
                               const void *data, size_t len, enum MHD_ResponseMemoryMode mode)
{
    struct MHD_Response *r = s->mhd.create_response_from_buffer(len, (void *)data, mode);
    if (!r) return MHD_NO;
    s->mhd.add_response_header(r, "Content-Type", mime);
    s->mhd.add_response_header(r, "Cache-Control", "no-store");
    s->mhd.add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = s->mhd.queue_response(c, (unsigned)status, r);
    s->mhd.destroy_response(r);
    return ok;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)version, (void)upload;
    server *s = cls;
    if (*state == NULL) {
        /* first call for this request: headers only */
        *state = (void *)1;
        return MHD_YES;
    }
    if (*upload_size) {
        *upload_size = 0; /* bodies are ignored: every call is a GET */
        return MHD_YES;
    }
    static const char bad_method[] = "{\"error\":\"only GET is served\"}\n";
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return respond(s, c, 405, "application/json", bad_method, sizeof bad_method - 1, MHD_RESPMEM_PERSISTENT);
    if (strncmp(url, "/api/", 5) == 0) {
        args_acc a = {.n = 0};
        s->mhd.get_connection_values(c, MHD_GET_ARGUMENT_KIND, collect, &a);
        serve_reply r = {0, NULL, 0};
        if (a.overflow) {
            static const char many[] = "{\"error\":\"too many parameters\"}\n";
            return respond(s, c, 400, "application/json", many, sizeof many - 1, MHD_RESPMEM_PERSISTENT);
        }
        serve_api(s->self, &s->lim, url + 5, a.names, a.values, a.n, &r);
        if (!r.body) {
            static const char oom[] = "{\"error\":\"out of memory\"}\n";
            return respond(s, c, 500, "application/json", oom, sizeof oom - 1, MHD_RESPMEM_PERSISTENT);
        }
        return respond(s, c, r.status, "application/json", r.body, r.len, MHD_RESPMEM_MUST_FREE);
    }
    /* The page: only the compiled-in files, looked up by exact name, so no
     * path can reach the file system. */
    const char *path = strcmp(url, "/") == 0 ? "/index.html" : url;
    for (const serve_asset *as = serve_assets; as->path; as++)
        if (strcmp(as->path, path) == 0)
            return respond(s, c, 200, as->mime, as->data, as->len, MHD_RESPMEM_PERSISTENT);
    static const char missing[] = "not found\n";
    return respond(s, c, 404, "text/plain; charset=utf-8", missing, sizeof missing - 1, MHD_RESPMEM_PERSISTENT);
}

typedef struct serve_opts {
    long port, threads;
    const char *host;
    const char *tables;
} serve_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    serve_opts *o = ctx;
    int rc;
    if (strcmp(argv[*i], "--port") == 0) return (rc = cli_flag_long(argc, argv, i, 0, 65535, &o->port, err)) ? rc : 1;
    if (strcmp(argv[*i], "--threads") == 0)
        return (rc = cli_flag_long(argc, argv, i, 1, 256, &o->threads, err)) ? rc : 1;
    if (strcmp(argv[*i], "--tables") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--tables needs a file written by table --out");
        o->tables = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--host") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "--host needs an address");
        o->host = argv[++*i];
        return 1;
    }
    return 0;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

int cmd_serve(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    serve_opts o = {8080, 8, "127.0.0.1", NULL};
    int rc = cli_parse(&a, argc, argv, CLI_LIMITS | CLI_NOFORMAT, extra, &o, &err);
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    server s;
    ssize_t n = readlink("/proc/self/exe", s.self, sizeof s.self - 1);
    if (n <= 0) {
        cli_args_free(&a);
        gr_fail(&err, GR_EINTERNAL, "cannot find this executable's path");
        return cli_report(&err);
    }
    s.self[n] = '\0';
    bool seconds_given = false, memory_given = false;
    for (int i = 1; i < argc; i++) {
        seconds_given |= strcmp(argv[i], "--max-seconds") == 0;
        memory_given |= strcmp(argv[i], "--max-memory") == 0;
    }
    s.lim.seconds = seconds_given ? a.limits.max_seconds : 10;
    s.lim.bytes = memory_given ? a.limits.max_bytes : 1024.0 * 1024 * 1024;
    s.lim.max_table = 2000;
    s.lim.max_seq = 1000000;
    s.lim.max_check = 2000;
    s.lim.max_output = 64u << 20;
    s.lim.table_file = NULL;
    if (o.tables) {
        /* an absolute path: the workers may not share the server's idea of "here" */
        if (!realpath(o.tables, s.table_path) || access(s.table_path, R_OK) != 0) {
            cli_args_free(&a);
            gr_fail(&err, GR_EINPUT, "--tables %s: cannot read it", o.tables);
            return cli_report(&err);
        }
        s.lim.table_file = s.table_path;
    }
    cli_args_free(&a);

    struct sockaddr_storage addr;
    memset(&addr, 0, sizeof addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)&addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (inet_pton(AF_INET, o.host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)o.port);
    } else if (inet_pton(AF_INET6, o.host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)o.port);
        flags |= MHD_USE_IPv6;
    } else {
        gr_fail(&err, GR_EINPUT, "--host %s: expected a numeric IPv4 or IPv6 address such as 127.0.0.1", o.host);
        return cli_report(&err);
    }
    if (serve_mhd_load(&s.mhd, &err)) return cli_report(&err);
    signal(SIGPIPE, SIG_IGN);
    struct MHD_Daemon *d = s.mhd.start_daemon(flags, (uint16_t)o.port, NULL, NULL, handle, &s,
                                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                            MHD_OPTION_THREAD_POOL_SIZE, (unsigned)o.threads,
                                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
                                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)256, MHD_OPTION_END);
    if (!d) {
        gr_fail(&err, GR_EINPUT, "cannot listen on %s port %ld (in use, or not allowed)", o.host, o.port);
        return cli_report(&err);
    }
    const union MHD_DaemonInfo *info = s.mhd.get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    fprintf(stderr, "grundy: serving on http://%s%s%s:%u/ (Ctrl-C stops)\n", strchr(o.host, ':') ? "[" : "", o.host,
            strchr(o.host, ':') ? "]" : "", info ? info->port : (unsigned)o.port);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    while (!stop) pause();
    s.mhd.stop_daemon(d);
    return 0;
}
