/* The value verb: the outcome and Grundy value of a position. A verb of the
 * answer layer is three pieces, as here: the call (engine -> reply), and its
 * two renderings (reply -> JSON, reply -> text); copy this file to add one. */
#include "api_internal.h"

int gr_api_value(gr_engine *e, const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    /* the heap method and file are this call's: a kept engine forgets them */
    gr_engine_heap_source(e, req->heap_method, req->in);
    gr_engine_heap_progress(e, req->progress, req->progress_ctx);
    int rc = gr_engine_value(e, &rep->pos, &rep->here, err);
    if (!rc) gr_api_quotient_fill(e, rep);
    gr_engine_heap_source(e, GR_HEAP_AUTO, NULL);
    gr_engine_heap_progress(e, NULL, NULL);
    return rc;
}

void gr_api_render_value(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_answer *ans = &rep->here;
    if (format == GR_API_JSON) {
        gr_buf_puts(b, "{\"ruleset\":");
        gr_buf_json_string(b, rep->rules);
        gr_buf_puts(b, ",\"position\":");
        gr_buf_json_bigpos(b, &rep->pos);
        gr_buf_puts(b, ",\"outcome\":");
        gr_buf_json_string(b, ans->outcome);
        gr_buf_puts(b, ",\"value\":");
        if (ans->has_value) gr_buf_json_mpz(b, ans->value);
        else gr_buf_puts(b, "null");
        gr_buf_puts(b, ",\"method\":");
        gr_buf_json_string(b, ans->method);
        gr_api_quotient_json(b, rep);
        if (ans->value_needs_search)
            gr_buf_puts(b, ",\"note\":\"the exact value needs search, which is out of reach here\"");
        gr_buf_puts(b, "}\n");
        return;
    }
    gr_buf_puts(b, ans->outcome);
    if (ans->has_value) {
        gr_buf_puts(b, "  value ");
        gr_buf_mpz(b, ans->value);
    } else if (ans->value_needs_search) {
        gr_buf_puts(b, "  value unknown (needs search, out of reach here)");
    }
    gr_buf_printf(b, "  (%s)\n", ans->method);
}

void gr_api_quotient_fill(gr_engine *e, gr_api_reply *rep)
{
    rep->has_quot = gr_engine_quotient_element(e, &rep->pos, &rep->quot);
}

void gr_api_quotient_json(gr_buf *b, const gr_api_reply *rep)
{
    if (!rep->has_quot) return;
    const gr_quotient_element *q = &rep->quot;
    gr_buf_puts(b, ",\"quotient\":{\"element\":");
    gr_buf_json_string(b, q->word);
    gr_buf_printf(b, ",\"index\":%u,\"P\":%s,\"order\":%u,\"p_count\":%u,\"heaps\":%d,\"period\":%d,\"preperiod\":%d}",
                  q->element, q->in_p ? "true" : "false", q->order, q->pcount, q->heaps, q->period, q->preperiod);
}
