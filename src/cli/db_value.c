/* --db DIR on value: the answer read from a directory `grundy solve --out`
 * wrote, without search. */
#include "cli.h"
#include "grundy/tierdb.h"
#include <string.h>

int cli_db_value(const char *dir, const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, gr_answer *ans,
                 gr_error *err)
{
    if (strcmp(o->rule->name, "normal") != 0)
        return gr_fail(err, GR_EINPUT, "--db holds normal-play values; it cannot answer under %s", o->rule->name);
    gr_pos p;
    if (!gr_bigpos_to_pos(pos, &p)) return gr_fail(err, GR_EINPUT, "the position is too big for stored results");
    gr_tierdb_reader r;
    int rc = gr_tierdb_reader_open(&r, dir, err);
    if (rc) return rc;
    if (strcmp(r.db.rules, g->spec) != 0)
        rc = gr_fail(err, GR_EINPUT, "%s holds results for %s, not %s", dir, r.db.rules, g->spec);
    uint32_t v = 0;
    if (!rc) rc = gr_tierdb_reader_value(&r, &p, &v, err);
    if (!rc) {
        snprintf(ans->outcome, sizeof ans->outcome, "%s", v ? "N" : "P");
        ans->score = v;
        ans->has_value = true;
        mpz_set_ui(ans->value, v);
        ans->by_search = false;
        ans->method = "stored results";
    }
    gr_tierdb_reader_close(&r);
    return rc;
}
