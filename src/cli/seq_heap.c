#include "seq.h"

int seq_heap(seq_args *s, gr_error *err)
{
    (void)s;
    (void)err;
    return -1;
}
