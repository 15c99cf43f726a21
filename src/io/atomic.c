#include "grundy/io.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gr_atomic_open(gr_atomic_file *af, const char *path)
{
    af->f = NULL;
    af->path = strdup(path);
    size_t len = strlen(path) + 32;
    af->tmp = malloc(len);
    if (!af->path || !af->tmp) {
        gr_atomic_abort(af);
        return -1;
    }
    snprintf(af->tmp, len, "%s.tmp.%ld", path, (long)getpid());
    af->f = fopen(af->tmp, "wb");
    if (!af->f) {
        gr_atomic_abort(af);
        return -1;
    }
    return 0;
}

int gr_atomic_commit(gr_atomic_file *af)
{
    int rc = 0, why = 0;
    if (fflush(af->f) != 0 || fsync(fileno(af->f)) != 0) rc = -1, why = errno;
    if (fclose(af->f) != 0 && !rc) rc = -1, why = errno;
    af->f = NULL;
    if (rc == 0 && rename(af->tmp, af->path) != 0) rc = -1, why = errno;
    if (rc != 0) unlink(af->tmp);
    free(af->path);
    free(af->tmp);
    af->path = af->tmp = NULL;
    /* the caller's message names the first failure's reason */
    if (rc) errno = why;
    return rc;
}

void gr_atomic_abort(gr_atomic_file *af)
{
    if (af->f) fclose(af->f);
    if (af->tmp) unlink(af->tmp);
    free(af->path);
    free(af->tmp);
    af->f = NULL;
    af->path = af->tmp = NULL;
}
