#include "seq.h"

int seq_players(seq_args *s, gr_error *err)
{
    (void)s;
    (void)err;
    return -1;
}
