/* The misere quotient element of a heap sum, as value() and moves() give it
 * beside the answer: the same members as the API's "quotient" object
 * (docs/misere.md), a dict, or None where no quotient covers the position
 * (normal play, not a heap game, or no quotient within the limits). */
#include "grundy_py.h"

PyObject *pg_quotient_dict(const gr_quotient_element *q)
{
    return Py_BuildValue("{s:s,s:I,s:O,s:I,s:I,s:i,s:i,s:i}", "element", q->word, "index", q->element, "P",
                         q->in_p ? Py_True : Py_False, "order", q->order, "p_count", q->pcount, "heaps", q->heaps,
                         "period", q->period, "preperiod", q->preperiod);
}
