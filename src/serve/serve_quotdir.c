/* A server's saved misere quotients (serve_quotdir.h). As with stored
 * sequences the lookup runs in the server's thread before the call goes
 * to a worker: the file's head (game, heaps, phi; its checksum checked,
 * its table not parsed) is read here to check its game and its heaps, so
 * a worker is handed only a file that answers the position. The table is
 * the worker's to load, once while the file is unchanged (api/engines.c). */
#include "serve_quotdir.h"
#include "serve_seqdir.h"
#include "grundy/misere.h"
#include <stdio.h>
#include <string.h>

/* DIR/<census name>.grq: the sequence file's name with its extension changed. */
static bool quot_name(const char *dir, const gr_census_rec *rec, char *path, size_t len)
{
    gr_census_file(dir, rec, path, len);
    size_t n = strlen(path);
    if (n < 4 || n + 1 >= len || strcmp(path + n - 4, ".grs") != 0) return false;
    path[n - 1] = 'q';
    return true;
}

/* Every heap of the position within the quotient: all heaps once phi is
 * proved periodic, else the heaps 0..heaps it was built for. */
static bool covers(const gr_mquot *q, const gr_bigpos *pos)
{
    if (pos->n <= 0) return false;
    if (q->period > 0) return true;
    for (int i = 0; i < pos->n; i++)
        if (mpz_sgn(pos->p[i]) < 0 || mpz_cmp_ui(pos->p[i], (unsigned long)q->heaps) > 0) return false;
    return true;
}

bool serve_quotdir_file(const char *dir, const gr_api_request *req, char *path, size_t len)
{
    if (!dir || !req->rules || req->quotient) return false;
    if (req->verb != GR_API_VALUE && req->verb != GR_API_MOVES && req->verb != GR_API_PLAY) return false;
    if (req->outcome.rule != &gr_outcome_misere) return false;
    gr_game g = {0};
    gr_error quiet;
    gr_error_clear(&quiet);
    if (gr_game_parse(&g, req->rules, &quiet) != GR_OK) return false;
    gr_census_rec rec;
    bool found = (g.flags & GR_RS_HEAPS) && serve_census_rec(&g, &rec);
    gr_game_release(&g);
    if (!found || !quot_name(dir, &rec, path, len)) return false;
    gr_mquot q;
    memset(&q, 0, sizeof q);
    if (gr_mquot_load_head(&q, path, &quiet) != GR_OK) return false;
    /* the file's own game names the same file: a file put there under
     * another game's name is not taken (another spelling of the same game,
     * tb:.77 for tb:0.77, is: the engine takes it, gr_mquot_same_game) */
    gr_game fg = {0};
    gr_census_rec frec;
    bool same = false;
    if (gr_game_parse(&fg, q.game, &quiet) == GR_OK) {
        same = (fg.flags & GR_RS_HEAPS) && serve_census_rec(&fg, &frec) && strcmp(frec.rules, rec.rules) == 0;
        /* the period is not saved but proved again on load, as the engine does */
        if (same && q.period == 0) gr_mquot_periodicity(&q, &fg);
        gr_game_release(&fg);
    }
    bool ok = same && covers(&q, &req->pos);
    gr_mquot_free(&q);
    return ok;
}
