/* Fuzzes the ruleset and position parsers, and a bounded evaluation of what
 * they accept. Input: RULES, a newline, then the position text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *nl = strchr(text, '\n');
    const char *posText = "";
    if (nl) {
        *nl = '\0';
        posText = nl + 1;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    if (gr_game_parse(&g, text, &err) == GR_OK) {
        gr_error_clear(&err);
        if (gr_bigpos_parse(&pos, posText, &err) == GR_OK) {
            gr_outcome o;
            gr_outcome_init_normal(&o);
            if (text[0] && (text[0] & 1)) gr_outcome_parse(&o, "misere", 0, &err);
            /* small limits: the fuzzer looks for crashes, not for long searches */
            gr_limits lim = {.max_bytes = 32.0 * 1024 * 1024, .max_seconds = 0.02};
            gr_engine *e = gr_engine_new(&g, &o, &lim, &err);
            gr_answer ans;
            gr_answer_init(&ans);
            gr_error_clear(&err);
            if (e) gr_engine_value(e, &pos, &ans, &err);
            gr_answer_clear(&ans);
            gr_engine_free(e);
        }
        gr_game_release(&g);
    }
    gr_bigpos_clear(&pos);
    free(text);
    return 0;
}
