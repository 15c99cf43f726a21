/* libmicrohttpd, loaded when `grundy serve` starts rather than linked: it
 * pulls in GnuTLS, whose start-up costs about 9 ms in every process, and
 * every other verb (and every API worker the server starts) has no use for
 * it. */
#ifndef GRUNDY_SERVE_MHD_H
#define GRUNDY_SERVE_MHD_H
#include <microhttpd.h>
#include "grundy/error.h"

typedef struct serve_mhd {
    void *lib;
    struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc,
                                       void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, ...);
    void (*stop_daemon)(struct MHD_Daemon *d);
    struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer,
                                                        enum MHD_ResponseMemoryMode mode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *r, const char *header, const char *content);
    enum MHD_Result (*queue_response)(struct MHD_Connection *c, unsigned int status, struct MHD_Response *r);
    void (*destroy_response)(struct MHD_Response *r);
    int (*get_connection_values_n)(struct MHD_Connection *c, enum MHD_ValueKind kind, MHD_KeyValueIteratorN it,
                                   void *cls);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *d, enum MHD_DaemonInfoType type, ...);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *c,
                                                           enum MHD_ConnectionInfoType type, ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *d);
    const char *(*lookup_connection_value)(struct MHD_Connection *c, enum MHD_ValueKind kind, const char *key);
    void (*suspend_connection)(struct MHD_Connection *c);
    void (*resume_connection)(struct MHD_Connection *c);
} serve_mhd;

int serve_mhd_load(serve_mhd *m, gr_error *err);

#endif
