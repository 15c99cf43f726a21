/* Fuzzes what `grundy play` reads from a person: the move notation, bans and
 * records, with the legality checks behind them. Input: RULES, a newline,
 * the position, a newline, then one move per line ("ban " first for a ban);
 * the whole input is also read as a record. A leading 1 plays under
 * block=1, a leading 2 under block-position=1. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/play.h"

static void play_lines(const gr_game *g, const gr_outcome *o, const gr_bigpos *pos, char *lines)
{
    gr_limits lim = {.max_bytes = 32.0 * 1024 * 1024, .max_seconds = 0.02};
    gr_error err;
    gr_error_clear(&err);
    gr_play *pl = gr_play_new(g, o, &lim, pos, &err);
    if (!pl) return;
    gr_play_move mv;
    gr_play_move_init(&mv);
    for (char *line = lines; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        bool ban = strncmp(line, "ban ", 4) == 0;
        gr_error_clear(&err);
        if (gr_play_parse_move(pl, line + (ban ? 4 : 0), &mv, &err) == GR_OK) {
            gr_error_clear(&err);
            if (ban) gr_play_ban(pl, &mv, &err);
            else gr_play_make(pl, &mv, &err);
            char *w = gr_play_move_words(&mv), *n = gr_play_move_notation(&mv);
            free(w);
            free(n);
        }
        if (!strcmp(line, "undo")) gr_play_undo(pl, 1);
        line = next;
    }
    char *rec = gr_play_record_text(pl, "me computer");
    free(rec);
    gr_play_move_clear(&mv);
    gr_play_free(pl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    gr_play_record rec;
    gr_error err;
    gr_error_clear(&err);
    gr_play_record_parse(&rec, text, &err);
    gr_play_record_free(&rec);
    char *pos_text = strchr(text, '\n');
    char *lines = pos_text ? strchr(pos_text + 1, '\n') : NULL;
    if (pos_text && lines) {
        *pos_text++ = '\0';
        *lines++ = '\0';
        gr_game g;
        gr_error_clear(&err);
        const char *rules = text + (text[0] == '1' || text[0] == '2');
        if (gr_game_parse(&g, rules, &err) == GR_OK) {
            gr_bigpos pos;
            gr_bigpos_init(&pos);
            gr_outcome o;
            gr_outcome_init_normal(&o);
            if (text[0] == '1') gr_outcome_parse(&o, "block", 1, &err);
            else if (text[0] == '2') gr_outcome_parse(&o, "block-position", 1, &err);
            gr_error_clear(&err);
            if (gr_bigpos_parse(&pos, pos_text, &err) == GR_OK && pos.n > 0 && pos.n <= 8) play_lines(&g, &o, &pos, lines);
            gr_bigpos_clear(&pos);
            gr_game_release(&g);
        }
    }
    free(text);
    return 0;
}
