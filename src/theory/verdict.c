#include "grundy/theory.h"

void gr_verdict_init(gr_verdict *v)
{
    v->p = false;
    v->has_value = false;
    v->has_score = false;
    v->score = 0;
    mpz_init(v->value);
}

void gr_verdict_clear(gr_verdict *v)
{
    mpz_clear(v->value);
}
