/* How moves are written and read, and the record of a game: the notation a
 * person types, the words the computer says, and `grundy play --replay`'s
 * file. See docs/play.md. */
#include "play_internal.h"
#include "grundy/grow.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- parsing ---- */

#define MAX_TOKENS 48

typedef struct token {
    const char *s;
    size_t len;
    bool number;
} token;

static bool word_is(const token *t, const char *s)
{
    return strlen(s) == t->len && strncasecmp(t->s, s, t->len) == 0;
}

/* Words between numbers that only make the sentence read well. */
static bool filler(const token *t)
{
    static const char *const words[] = {"from", "to", "pile", "heap", "and", "the", "rest", "of"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(t, words[i])) return true;
    return false;
}

/* Splits text at spaces and commas; '=' is a token of its own. */
static int tokenize(const char *text, token *tok, int *n, gr_error *err)
{
    *n = 0;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == ',' || *s == '\r' || *s == '\n') s++;
        if (!*s) return GR_OK;
        if (*n == MAX_TOKENS) return gr_fail(err, GR_EINPUT, "too many words; type help for the notation");
        const char *w = s;
        if (*s == '=') s++;
        else
            while (*s && !strchr(" \t,\r\n=", *s)) s++;
        size_t len = (size_t)(s - w);
        bool number = isdigit((unsigned char)*w);
        for (size_t i = 0; number && i < len; i++)
            if (!isdigit((unsigned char)w[i]))
                return gr_fail(err, GR_EINPUT, "'%.*s' is not a number; type help for the notation",
                               len > 40 ? 40 : (int)len, w);
        tok[(*n)++] = (token){w, len, number};
    }
}

static int pile_number(const gr_play *pl, const token *t, int *out, gr_error *err)
{
    long v = 0;
    for (size_t i = 0; i < t->len && v < 1000000; i++) v = v * 10 + (t->s[i] - '0');
    if (t->len > 7 || v >= pl->pos.n)
        return gr_fail(err, GR_EINPUT, "there is no pile %.*s: piles are numbered 0 to %d",
                       t->len > 20 ? 20 : (int)t->len, t->s, pl->pos.n - 1);
    *out = (int)v;
    return GR_OK;
}

static int amount_of(const token *t, mpz_t out, gr_error *err)
{
    char *a = strndup(t->s, t->len);
    if (!a) return gr_fail_nomem(err);
    mpz_set_str(out, a, 10);
    free(a);
    return GR_OK;
}

/* A heap becomes the heaps `parts` (n of them): no part, or one part 0, takes
 * the whole heap; one part is a take; more are a split. `taken` is the amount
 * the person gave (NULL: whatever the parts leave over). */
static int heap_becomes(const gr_play *pl, int heap, const token *parts, int n, const token *taken,
                        gr_play_move *mv, gr_error *err)
{
    if (n > GR_PLAY_MAX_PARTS) return gr_fail(err, GR_EINPUT, "a move leaves at most %d heaps", GR_PLAY_MAX_PARTS);
    mpz_srcptr x = pl->pos.p[heap];
    mpz_t sum, v;
    mpz_inits(sum, v, NULL);
    int rc = GR_OK;
    mv->src = heap;
    mv->dst = -1;
    mv->nparts = 0;
    for (int j = 0; j < n && !rc; j++) {
        rc = amount_of(&parts[j], v, err);
        if (rc) break;
        if (n > 1 && mpz_sgn(v) == 0) rc = gr_fail(err, GR_EINPUT, "the heaps a split leaves are not empty");
        else if (n > 1) mpz_set(mv->part[mv->nparts++], v);
        mpz_add(sum, sum, v);
    }
    if (!rc && mpz_cmp(sum, x) > 0)
        rc = gr_fail(err, GR_EINPUT, "the parts add up to more than pile %d holds", heap);
    if (!rc) {
        mv->kind = n > 1 ? GR_MOVE_SPLIT : GR_MOVE_TAKE;
        if (taken) rc = amount_of(taken, mv->amount, err);
        else mpz_sub(mv->amount, x, sum);
        mpz_add(sum, sum, mv->amount);
        /* a split that leaves tokens over is refused with the move, which says why */
        if (!rc && mpz_cmp(sum, x) > 0)
            rc = gr_fail(err, GR_EINPUT, "the parts and the amount taken add up to more than pile %d holds", heap);
        else if (!rc && n <= 1 && mpz_cmp(sum, x) != 0)
            rc = gr_fail(err, GR_EINPUT, "taking that much from pile %d leaves a different heap", heap);
    }
    if (!rc && mv->kind == GR_MOVE_SPLIT) gr_play_sort_parts(mv);
    mpz_clears(sum, v, NULL);
    return rc;
}

/* "H = A B C", "split [pile] H into A, B and C", "take K from [pile] H and
 * split the rest into A and B". */
static int parse_split(const gr_play *pl, const token *tok, int n, int mark, gr_play_move *mv, gr_error *err)
{
    const token *num[2];
    int nn = 0;
    bool take = false;
    for (int i = 0; i < mark; i++) {
        if (tok[i].number) {
            if (nn == 2) return gr_fail(err, GR_EINPUT, "too many numbers before the parts; type help");
            num[nn++] = &tok[i];
        } else if (word_is(&tok[i], "take")) {
            take = true;
        } else if (!word_is(&tok[i], "split") && !filler(&tok[i])) {
            return gr_fail(err, GR_EINPUT, "'%.*s' is not a move or a command; type help",
                           tok[i].len > 40 ? 40 : (int)tok[i].len, tok[i].s);
        }
    }
    if (nn != (take ? 2 : 1))
        return gr_fail(err, GR_EINPUT, take ? "write take AMOUNT from HEAP and split the rest into PARTS"
                                            : "write HEAP = PARTS, e.g. 2 = 1 3 5");
    token parts[MAX_TOKENS];
    int np = 0;
    for (int i = mark + 1; i < n; i++) {
        if (tok[i].number) parts[np++] = tok[i];
        else if (!word_is(&tok[i], "and"))
            return gr_fail(err, GR_EINPUT, "'%.*s' is not a heap size", tok[i].len > 40 ? 40 : (int)tok[i].len,
                           tok[i].s);
    }
    int heap = 0; /* pile_number sets it on success; gcc -O3 cannot see that through gr_fail */
    int rc = pile_number(pl, num[nn - 1], &heap, err);
    if (rc) return rc;
    return heap_becomes(pl, heap, parts, np, take ? num[0] : NULL, mv, err);
}

int gr_play_parse_move(const gr_play *pl, const char *text, gr_play_move *mv, gr_error *err)
{
    token tok[MAX_TOKENS];
    int n;
    int rc = tokenize(text, tok, &n, err);
    if (rc) return rc;
    mv->nparts = 0;
    for (int i = 0; i < n; i++)
        if (word_is(&tok[i], "=") || word_is(&tok[i], "into")) return parse_split(pl, tok, n, i, mv, err);
    const token *num[3];
    int nn = 0, verb = 0; /* 1 take, 2 move */
    for (int i = 0; i < n; i++) {
        const token *t = &tok[i];
        if (t->number) {
            if (nn == 3) return gr_fail(err, GR_EINPUT, "too many numbers; type help for the notation");
            num[nn++] = t;
        } else if (nn == 0 && verb == 0 && word_is(t, "take")) {
            verb = 1;
        } else if (nn == 0 && verb == 0 && (word_is(t, "move") || word_is(t, "transfer"))) {
            verb = 2;
        } else if (verb && filler(t)) {
            continue;
        } else {
            return gr_fail(err, GR_EINPUT, "'%.*s' is not a move or a command; type help",
                           t->len > 40 ? 40 : (int)t->len, t->s);
        }
    }
    int order[3]; /* indices into num[] of src, dst (or -1), amount */
    if (verb == 1 || (verb == 0 && nn == 2)) {
        if (nn != 2) return gr_fail(err, GR_EINPUT, "a take needs a pile and an amount: PILE AMOUNT");
        mv->kind = GR_MOVE_TAKE;
        order[0] = verb ? 1 : 0, order[1] = -1, order[2] = verb ? 0 : 1;
    } else if (verb == 2 || (verb == 0 && nn == 3)) {
        if (nn != 3) return gr_fail(err, GR_EINPUT, "a transfer needs FROM TO AMOUNT");
        mv->kind = GR_MOVE_TRANSFER;
        order[0] = verb ? 1 : 0, order[1] = verb ? 2 : 1, order[2] = verb ? 0 : 2;
    } else {
        const char *want = pl->has_split && pl->has_take ? "PILE AMOUNT or PILE = PARTS"
                           : pl->has_split              ? "PILE = PARTS"
                           : pl->has_take && pl->has_transfer ? "PILE AMOUNT or FROM TO AMOUNT"
                           : pl->has_transfer           ? "FROM TO AMOUNT"
                                                        : "PILE AMOUNT";
        return gr_fail(err, GR_EINPUT, "expected %s; type help for the notation", want);
    }
    int pile[2] = {0, -1};
    for (int j = 0; j < 2; j++)
        if (order[j] >= 0 && (rc = pile_number(pl, num[order[j]], &pile[j], err))) return rc;
    mv->src = pile[0];
    mv->dst = pile[1];
    return amount_of(num[order[2]], mv->amount, err);
}

/* ---- words ---- */

/* "1, 3 and 5" or "1 3 5" */
static void put_parts(FILE *f, const gr_play_move *mv, bool words)
{
    for (int j = 0; j < mv->nparts; j++) {
        if (j) fputs(!words ? " " : j + 1 == mv->nparts ? " and " : ", ", f);
        mpz_out_str(f, 10, mv->part[j]);
    }
}

/* The text of an open_memstream, which is only complete once closed. */
static char *close_text(FILE *f, char **buf)
{
    if (fclose(f) != 0) {
        free(*buf);
        return NULL;
    }
    return *buf;
}

char *gr_play_move_words(const gr_play_move *mv)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    if (mv->kind == GR_MOVE_TAKE) {
        gmp_fprintf(f, "take %Zd from pile %d", mv->amount, mv->src);
    } else if (mv->kind == GR_MOVE_TRANSFER) {
        gmp_fprintf(f, "move %Zd from pile %d to pile %d", mv->amount, mv->src, mv->dst);
    } else {
        if (mpz_sgn(mv->amount)) gmp_fprintf(f, "take %Zd from pile %d and split the rest into ", mv->amount, mv->src);
        else fprintf(f, "split pile %d into ", mv->src);
        put_parts(f, mv, true);
    }
    return close_text(f, &buf);
}

char *gr_play_move_notation(const gr_play_move *mv)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    if (mv->kind == GR_MOVE_TAKE) {
        gmp_fprintf(f, "%d %Zd", mv->src, mv->amount);
    } else if (mv->kind == GR_MOVE_TRANSFER) {
        gmp_fprintf(f, "%d %d %Zd", mv->src, mv->dst, mv->amount);
    } else {
        fprintf(f, "%d = ", mv->src);
        put_parts(f, mv, false);
    }
    return close_text(f, &buf);
}

/* ---- records ---- */

char *gr_play_record_text(const gr_play *pl, const char *seats)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    char oc[64];
    gr_outcome_format(&pl->engine->outcome, oc, sizeof oc);
    fprintf(f, "# grundy play record 1\nrules %s\noutcome %s\nposition ", pl->game->spec, oc);
    for (int i = 0; i < pl->start.n; i++) {
        if (i) fputc(' ', f);
        mpz_out_str(f, 10, pl->start.p[i]);
    }
    fputc('\n', f);
    if (seats && *seats) fprintf(f, "seats %s\n", seats);
    for (size_t i = 0; i <= pl->nmoves; i++) {
        size_t end = i < pl->nmoves ? pl->ban_start[i + 1] : pl->nbans;
        for (size_t b = pl->ban_start[i]; b < end; b++) {
            char *m = gr_play_move_notation(&pl->bans[b]);
            fprintf(f, "ban %s\n", m ? m : "?");
            free(m);
        }
        if (i == pl->nmoves) break;
        char *m = gr_play_move_notation(&pl->moves[i]);
        fprintf(f, "move %s\n", m ? m : "?");
        free(m);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int gr_play_outcome_parse(gr_outcome *o, const char *text, gr_error *err)
{
    const char *eq = strchr(text, '=');
    if (!eq) return gr_outcome_parse(o, text, 0, err);
    char name[64];
    size_t n = (size_t)(eq - text);
    if (n >= sizeof name) return gr_fail(err, GR_EINPUT, "outcome '%.40s' is not known", text);
    memcpy(name, text, n);
    name[n] = '\0';
    char *end;
    long v = strtol(eq + 1, &end, 10);
    if (*end || v < 1 || v > 1000) return gr_fail(err, GR_EINPUT, "outcome '%.40s': bad number", text);
    return gr_outcome_parse(o, name, (int)v, err);
}

void gr_play_record_free(gr_play_record *rec)
{
    for (size_t i = 0; i < rec->nmoves; i++) free(rec->moves[i]);
    free(rec->moves);
    rec->moves = NULL;
    rec->nmoves = 0;
    gr_bigpos_clear(&rec->start);
}

int gr_play_record_parse(gr_play_record *rec, const char *text, gr_error *err)
{
    memset(rec, 0, sizeof *rec);
    gr_bigpos_init(&rec->start);
    snprintf(rec->outcome, sizeof rec->outcome, "normal");
    size_t cap = 0;
    int line = 0, rc = GR_OK;
    bool have_pos = false;
    const char *s = text;
    while (*s && !rc) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        line++;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ')) len--;
        const char *sp = memchr(s, ' ', len);
        size_t klen = sp ? (size_t)(sp - s) : len;
        const char *val = sp ? sp + 1 : s + len;
        size_t vlen = len - (size_t)(val - s);
        if (len == 0 || s[0] == '#') {
            /* comment or blank */
        } else if (klen == 5 && !memcmp(s, "rules", 5)) {
            if (vlen == 0 || vlen >= sizeof rec->rules) rc = gr_fail(err, GR_EINPUT, "record line %d: bad rules", line);
            else memcpy(rec->rules, val, vlen), rec->rules[vlen] = '\0';
        } else if (klen == 7 && !memcmp(s, "outcome", 7)) {
            if (vlen == 0 || vlen >= sizeof rec->outcome) rc = gr_fail(err, GR_EINPUT, "record line %d: bad outcome", line);
            else memcpy(rec->outcome, val, vlen), rec->outcome[vlen] = '\0';
        } else if (klen == 5 && !memcmp(s, "seats", 5)) {
            if (vlen >= sizeof rec->seats) rc = gr_fail(err, GR_EINPUT, "record line %d: seats line too long", line);
            else memcpy(rec->seats, val, vlen), rec->seats[vlen] = '\0';
        } else if (klen == 8 && !memcmp(s, "position", 8)) {
            char *v = strndup(val, vlen);
            if (!v) return gr_fail_nomem(err);
            rec->start.n = 0;
            rc = gr_bigpos_parse(&rec->start, v, err);
            free(v);
            have_pos = true;
        } else if ((klen == 4 && !memcmp(s, "move", 4)) || (klen == 3 && !memcmp(s, "ban", 3))) {
            if (!GR_GROW(rec->moves, cap, rec->nmoves + 1, 16)) return gr_fail_nomem(err);
            /* a ban keeps its keyword, so the replay tells them apart */
            rec->moves[rec->nmoves] = klen == 3 ? strndup(s, len) : strndup(val, vlen);
            if (!rec->moves[rec->nmoves]) return gr_fail_nomem(err);
            rec->nmoves++;
        } else {
            rc = gr_fail(err, GR_EINPUT, "record line %d: unknown line '%.*s'", line, (int)(klen > 30 ? 30 : klen), s);
        }
        s = e ? e + 1 : s + strlen(s);
    }
    if (!rc && !rec->rules[0]) rc = gr_fail(err, GR_EINPUT, "record has no 'rules' line");
    if (!rc && !have_pos) rc = gr_fail(err, GR_EINPUT, "record has no 'position' line");
    return rc;
}
