/* grundy serve's per-thread standard streams (serve_stdio.h).
 *
 * Why: the verbs print to stdout, the one stream of the process, and a
 * worker process may swap it for a memory stream because it runs one verb
 * at a time; the server's threads run several at once. So stdout, stderr and
 * stdin become streams whose functions look up the calling thread's capture,
 * a thread-local pointer: the only state here that is not passed in, as the
 * streams are the process's own. They are unbuffered, so every write reaches
 * its function in the thread that made it, never a buffer another thread
 * would flush; the stream's own lock keeps each call whole. The functions
 * take a lock of their own as well: the stream's lock is inside the C
 * library, where ThreadSanitizer cannot see it order the threads' copies
 * through the stream's one-byte buffer. */
#define _GNU_SOURCE
#include "serve_stdio.h"
#include "grundy/grow.h"
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { ERR_CAP = 4096 };

typedef struct std_stream {
    int fd;
    pthread_mutex_t mu;
} std_stream;

struct serve_stdio {
    FILE *old_in, *old_out, *old_err;
    FILE *in, *out, *err;
    std_stream fds[3];
};

static _Thread_local serve_capture *current;

/* Appends n bytes, keeping the buffer NUL-terminated; false past `most`. */
static bool append(char **buf, size_t *len, size_t *cap, const char *data, size_t n, size_t most)
{
    if (*len + n + 1 > most || !GR_GROW(*buf, *cap, *len + n + 1, 1024)) return false;
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = '\0';
    return true;
}

static ssize_t write_fd(int fd, const char *buf, size_t n)
{
    for (size_t done = 0; done < n;) {
        ssize_t k = write(fd, buf + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        done += (size_t)k;
    }
    return (ssize_t)n;
}

/* Always the whole count in a capture: a short write would set the stream's
 * error flag, which every thread shares. */
static ssize_t write_locked(int fd, const char *buf, size_t n)
{
    serve_capture *c = current;
    if (!c) return write_fd(fd, buf, n);
    if (fd == 1 && !c->too_big && !append(&c->out, &c->out_len, &c->out_cap, buf, n, c->max_output))
        c->too_big = true;
    if (fd == 2) append(&c->err, &c->err_len, &c->err_cap, buf, n, ERR_CAP);
    return (ssize_t)n;
}

static ssize_t stream_write(void *ctx, const char *buf, size_t n)
{
    std_stream *st = ctx;
    pthread_mutex_lock(&st->mu);
    ssize_t k = write_locked(st->fd, buf, n);
    pthread_mutex_unlock(&st->mu);
    return k;
}

static ssize_t read_locked(char *buf, size_t n)
{
    serve_capture *c = current;
    if (!c) return read(0, buf, n);
    if (c->in_left == 0 && c->tail) c->in = c->tail, c->in_left = strlen(c->tail);
    size_t k = n < c->in_left ? n : c->in_left;
    memcpy(buf, c->in, k);
    c->in += k;
    c->in_left -= k;
    return (ssize_t)k;
}

static ssize_t stream_read(void *ctx, char *buf, size_t n)
{
    std_stream *st = ctx;
    pthread_mutex_lock(&st->mu);
    ssize_t k = read_locked(buf, n);
    pthread_mutex_unlock(&st->mu);
    return k;
}

static FILE *stream(std_stream *st, int fd, const char *mode)
{
    st->fd = fd;
    pthread_mutex_init(&st->mu, NULL);
    cookie_io_functions_t io = {.read = stream_read, .write = stream_write, .seek = NULL, .close = NULL};
    FILE *f = fopencookie(st, mode, io);
    if (f) setvbuf(f, NULL, _IONBF, 0);
    return f;
}

static void destroy(serve_stdio *s)
{
    if (s->in) fclose(s->in);
    if (s->out) fclose(s->out);
    if (s->err) fclose(s->err);
    for (int i = 0; i < 3; i++) pthread_mutex_destroy(&s->fds[i].mu);
    free(s);
}

serve_stdio *serve_stdio_install(void)
{
    serve_stdio *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->in = stream(&s->fds[0], 0, "r");
    s->out = stream(&s->fds[1], 1, "w");
    s->err = stream(&s->fds[2], 2, "w");
    if (!s->in || !s->out || !s->err) {
        destroy(s);
        return NULL;
    }
    fflush(stdout);
    fflush(stderr);
    s->old_in = stdin, s->old_out = stdout, s->old_err = stderr;
    stdin = s->in, stdout = s->out, stderr = s->err;
    return s;
}

void serve_stdio_remove(serve_stdio *s)
{
    if (!s) return;
    stdin = s->old_in, stdout = s->old_out, stderr = s->old_err;
    destroy(s);
}

void serve_capture_begin(serve_capture *c, const char *input, const char *tail, size_t max_output)
{
    memset(c, 0, sizeof *c);
    c->in = input ? input : "";
    c->in_left = strlen(c->in);
    c->tail = tail && *tail ? tail : NULL;
    c->max_output = max_output;
    current = c;
}

void serve_capture_end(serve_capture *c)
{
    (void)c;
    current = NULL;
}
