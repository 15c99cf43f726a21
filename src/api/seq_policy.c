/* The nim-sequence method policy (grundy/api.h), the one every front end
 * that computes G(0..to) follows. */
#include "grundy/api.h"

/* The engine's own policy (src/engine/heap_value.c): `value` and `seq`
 * pick the same method for the same heaps. */
bool gr_api_seq_wants_sparse(const gr_game *g, uint64_t to)
{
    return gr_engine_heap_wants_sparse(g, to);
}

bool gr_api_seq_falls_back(int rc, bool sparse_asked)
{
    return rc == GR_ELIMIT && !sparse_asked;
}
