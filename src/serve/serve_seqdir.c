/* A server's stored nim-sequences (serve_seqdir.h). The lookup runs in the
 * server's thread before the call goes to a worker, so that a worker is
 * handed a file it can read whole (the header has been looked at here) and
 * a request that the file does not cover is computed as before. */
#include "serve_seqdir.h"
#include "grundy/census.h"
#include "grundy/seqfile.h"
#include <stdio.h>
#include <string.h>

bool serve_census_rec(const gr_game *g, gr_census_rec *rec)
{
    char word[GR_CENSUS_RULES];
    gr_tb_code c;
    gr_error quiet;
    gr_error_clear(&quiet);
    if (strcmp(g->spec, "grundy-game") == 0) snprintf(word, sizeof word, "grundy-game");
    else if (!gr_tb_code_of(g, &c)) return false;
    else {
        char text[GR_CENSUS_RULES - 4];
        int w = gr_tb_format(&c, text, sizeof text);
        if (w < 0 || w >= (int)sizeof text) return false;
        snprintf(word, sizeof word, "tb:%s", text);
    }
    return gr_census_code(word, rec, &quiet) == GR_OK;
}

/* Every heap of the position below `count`. */
static bool covers(const gr_bigpos *pos, uint64_t count)
{
    for (int i = 0; i < pos->n; i++)
        if (mpz_cmp_ui(pos->p[i], count) >= 0) return false;
    return pos->n > 0;
}

bool serve_seqdir_file(const char *dir, const gr_api_request *req, char *path, size_t len)
{
    if (!dir || !req->rules) return false;
    if (req->verb != GR_API_VALUE && req->verb != GR_API_MOVES && req->verb != GR_API_PLAY) return false;
    if (req->outcome.rule != &gr_outcome_normal) return false;
    if (req->heap_method != GR_HEAP_AUTO && req->heap_method != GR_HEAP_FILE) return false;
    gr_game g = {0};
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_parse(&g, req->rules, &quiet) != GR_OK) return false;
    gr_census_rec rec;
    bool found = (g.flags & GR_RS_HEAPS) && serve_census_rec(&g, &rec);
    gr_game_release(&g);
    if (!found) return false;
    gr_census_file(dir, &rec, path, len);
    gr_seqfile_header h;
    uint64_t most;
    if (gr_seqfile_peek(path, &h, &most, &quiet) != GR_OK) return false;
    /* the file's own rules name the same file (kayles and tb:0.77 alike): a
     * file put there under another game's name is not taken */
    gr_game fg = {0};
    gr_census_rec frec;
    if (gr_game_parse(&fg, h.rules, &quiet) != GR_OK) return false;
    bool same = serve_census_rec(&fg, &frec) && strcmp(frec.rules, rec.rules) == 0;
    gr_game_release(&fg);
    return same && h.count <= most && covers(&req->pos, h.count);
}
