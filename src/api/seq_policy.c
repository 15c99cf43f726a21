/* The nim-sequence method policy (grundy/api.h), the one every front end
 * that computes G(0..to) follows. */
#include "grundy/api.h"
#include "grundy/sparse.h"
#include "grundy/takebreak.h"

/* From here on the O(N^2) methods cost more than the sparse one. */
#define GR_SPARSE_FROM 50000

bool gr_api_seq_wants_sparse(const gr_game *g, uint64_t to)
{
    gr_tb_code c;
    return to >= GR_SPARSE_FROM && gr_tb_code_of(g, &c) && gr_tb_splits(&c) && gr_sparse_covers(&c, NULL, 0);
}

bool gr_api_seq_falls_back(int rc, bool sparse_asked)
{
    return rc == GR_ELIMIT && !sparse_asked;
}
