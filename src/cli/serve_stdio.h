/* grundy serve's per-thread standard streams: lets a server thread run a
 * verb (which prints to stdout and stderr, and play --script reads stdin)
 * with its output captured in memory, while other threads do the same.
 *
 * Contract: serve_stdio_install replaces the process's stdin, stdout and
 * stderr, once, before any thread starts, with unbuffered streams whose
 * every read and write goes to the calling thread's capture, or, in a
 * thread without one, to file descriptors 0, 1 and 2 as before. A capture
 * begun in a thread holds what the thread writes until it ends; stdin reads
 * the capture's input, then its tail over and over. Standard input's
 * end-of-file flag would be the one state the threads share (C makes it
 * sticky, so one thread's end of input would end every other's), so a
 * verb that reads stdin is given a tail that makes it stop reading (play
 * --script: "quit") and never meets the end of the stream.
 * serve_stdio_remove puts the old streams back.
 */
#ifndef GRUNDY_SERVE_STDIO_H
#define GRUNDY_SERVE_STDIO_H
#include <stdbool.h>
#include <stddef.h>

typedef struct serve_stdio serve_stdio;

typedef struct serve_capture {
    char *out;                 /* what the thread wrote to stdout, malloc'd, NUL-terminated */
    size_t out_len;
    char *err;                 /* ... to stderr (the first 4 KiB) */
    size_t err_len;
    bool too_big;              /* stdout went past max_output: the rest was dropped */
    size_t max_output;
    const char *in;            /* what stdin reads */
    size_t in_left;
    const char *tail;          /* read after the input, again and again; NULL: end of file */
    size_t out_cap, err_cap;
} serve_capture;

/* NULL when out of memory or a stream cannot be made. */
serve_stdio *serve_stdio_install(void);
void serve_stdio_remove(serve_stdio *s);
/* Starts capturing this thread's streams: stdin reads `input` (NULL:
 * nothing), then `tail`. A verb given no tail must not read stdin. */
void serve_capture_begin(serve_capture *c, const char *input, const char *tail, size_t max_output);
/* Stops capturing; c->out and c->err stay the caller's to free. */
void serve_capture_end(serve_capture *c);

#endif
