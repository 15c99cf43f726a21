#include "serve_mhd.h"
#include <dlfcn.h>
#include <string.h>

int serve_mhd_load(serve_mhd *m, gr_error *err)
{
    memset(m, 0, sizeof *m);
    const char *names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};
    for (size_t i = 0; i < 2 && !m->lib; i++) m->lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!m->lib)
        return gr_fail(err, GR_EINPUT, "grundy serve needs libmicrohttpd (Debian: libmicrohttpd12): %s", dlerror());
    /* POSIX guarantees a function pointer converts through void * (dlsym) */
#define LOAD(field, sym)                                                                                          \
    do {                                                                                                          \
        void *p = dlsym(m->lib, sym);                                                                             \
        if (!p) return gr_fail(err, GR_EINTERNAL, "libmicrohttpd lacks %s", sym);                                 \
        memcpy(&m->field, &p, sizeof p);                                                                          \
    } while (0)
    LOAD(start_daemon, "MHD_start_daemon");
    LOAD(stop_daemon, "MHD_stop_daemon");
    LOAD(create_response_from_buffer, "MHD_create_response_from_buffer");
    LOAD(add_response_header, "MHD_add_response_header");
    LOAD(queue_response, "MHD_queue_response");
    LOAD(destroy_response, "MHD_destroy_response");
    LOAD(get_connection_values_n, "MHD_get_connection_values_n");
    LOAD(get_daemon_info, "MHD_get_daemon_info");
    LOAD(get_connection_info, "MHD_get_connection_info");
    LOAD(quiesce_daemon, "MHD_quiesce_daemon");
    LOAD(lookup_connection_value, "MHD_lookup_connection_value");
    LOAD(suspend_connection, "MHD_suspend_connection");
    LOAD(resume_connection, "MHD_resume_connection");
#undef LOAD
    return GR_OK;
}
