/* grundy serve's call threads (serve_offload.h). A queue under one mutex:
 * a task is queued only when an idle thread will take it or a new thread
 * was started for it, so none waits behind a running task. */
#include "serve_offload.h"
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

struct serve_offload {
    pthread_mutex_t mu;
    pthread_cond_t work;       /* a task queued, or stopping */
    pthread_cond_t done;       /* a thread exited */
    serve_task *head, *tail;
    int queued;                /* tasks not yet taken */
    int idle;                  /* threads waiting for a task */
    int threads;               /* threads alive */
    int busy;                  /* tasks running */
    int keep_idle;
    int nice;
    bool stopping;
};

static void *thread_main(void *arg)
{
    serve_offload *o = arg;
    /* Linux: the nice value is each thread's own (a thread inherits its
     * creator's), so this lowers this thread alone */
    pid_t self = gettid();
    setpriority(PRIO_PROCESS, (id_t)self, getpriority(PRIO_PROCESS, (id_t)self) + o->nice);
    pthread_mutex_lock(&o->mu);
    for (;;) {
        serve_task *t = o->head;
        if (t) {
            o->head = t->next;
            if (!o->head) o->tail = NULL;
            o->queued--;
            o->busy++;
            pthread_mutex_unlock(&o->mu);
            t->run(t);
            pthread_mutex_lock(&o->mu);
            o->busy--;
            continue;
        }
        /* past the idle ones kept, a thread ends with its task */
        if (o->stopping || o->idle >= o->keep_idle) break;
        o->idle++;
        pthread_cond_wait(&o->work, &o->mu);
        o->idle--;
    }
    o->threads--;
    pthread_cond_broadcast(&o->done);
    pthread_mutex_unlock(&o->mu);
    return NULL;
}

serve_offload *serve_offload_new(int keep_idle, int nice)
{
    serve_offload *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    pthread_mutex_init(&o->mu, NULL);
    pthread_cond_init(&o->work, NULL);
    pthread_cond_init(&o->done, NULL);
    o->keep_idle = keep_idle < 0 ? 0 : keep_idle;
    o->nice = nice;
    return o;
}

bool serve_offload_run(serve_offload *o, serve_task *t)
{
    pthread_mutex_lock(&o->mu);
    if (o->queued + 1 > o->idle) {
        /* every idle thread has a task coming: this one needs a thread of its own */
        pthread_attr_t attr;
        pthread_t id;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&id, &attr, thread_main, o);
        pthread_attr_destroy(&attr);
        if (rc != 0) {
            pthread_mutex_unlock(&o->mu);
            return false;
        }
        o->threads++;
    }
    t->next = NULL;
    if (o->tail) o->tail->next = t;
    else o->head = t;
    o->tail = t;
    o->queued++;
    pthread_cond_signal(&o->work);
    pthread_mutex_unlock(&o->mu);
    return true;
}

int serve_offload_busy(serve_offload *o)
{
    pthread_mutex_lock(&o->mu);
    int n = o->busy + o->queued;
    pthread_mutex_unlock(&o->mu);
    return n;
}

void serve_offload_free(serve_offload *o)
{
    if (!o) return;
    pthread_mutex_lock(&o->mu);
    o->stopping = true;
    pthread_cond_broadcast(&o->work);
    while (o->threads > 0) pthread_cond_wait(&o->done, &o->mu);
    pthread_mutex_unlock(&o->mu);
    pthread_cond_destroy(&o->done);
    pthread_cond_destroy(&o->work);
    pthread_mutex_destroy(&o->mu);
    free(o);
}
