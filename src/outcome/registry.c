/* The outcome rules by name. */
#include "grundy/outcome.h"
#include "grundy/players.h"
#include "grundy/block.h"
#include <stdio.h>
#include <string.h>

static const gr_outcome_rule *const registry[] = {
    &gr_outcome_normal,
    &gr_outcome_misere,
    &gr_outcome_players,
    &gr_outcome_block,
    &gr_outcome_block_position,
};

size_t gr_outcome_rule_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const gr_outcome_rule *gr_outcome_rule_at(size_t i)
{
    return i < gr_outcome_rule_count() ? registry[i] : NULL;
}

void gr_outcome_init_normal(gr_outcome *o)
{
    o->rule = &gr_outcome_normal;
    o->param = 0;
}

int gr_outcome_parse(gr_outcome *o, const char *name, int param, gr_error *err)
{
    for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++) {
        if (strcmp(registry[i]->name, name) == 0) {
            if (registry[i] == &gr_outcome_players && (param < 2 || param > GR_PLAYERS_MAX))
                return gr_fail(err, GR_EINPUT, "players=%d: the number of players must be from 2 to %d", param,
                               GR_PLAYERS_MAX);
            o->rule = registry[i];
            o->param = param;
            return GR_OK;
        }
    }
    return gr_fail(err, GR_EINPUT, "outcome rule '%s' is not available", name);
}

const char *gr_outcome_label(const gr_outcome *o, uint32_t score)
{
    return o->rule->label(o, score);
}

int gr_outcome_format(const gr_outcome *o, char *buf, size_t len)
{
    if (o->param) return snprintf(buf, len, "%s=%d", o->rule->name, o->param);
    return snprintf(buf, len, "%s", o->rule->name);
}
