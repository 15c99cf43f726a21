/* The one list of rulesets. A new ruleset is one file and one line here. */
#include "grundy/ruleset.h"
#include <string.h>

extern const gr_ruleset gr_rules_nim;
extern const gr_ruleset gr_rules_sharing;
extern const gr_ruleset gr_rules_kim;
extern const gr_ruleset gr_rules_subtraction;
extern const gr_ruleset gr_rules_split;
extern const gr_ruleset gr_rules_tb;
extern const gr_ruleset gr_rules_grundy_game;

static const gr_ruleset *const registry[] = {
    &gr_rules_nim,
    &gr_rules_sharing,
    &gr_rules_kim,
    &gr_rules_subtraction,
    &gr_rules_split,
    &gr_rules_tb,
    &gr_rules_grundy_game,
};

size_t gr_ruleset_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const gr_ruleset *gr_ruleset_at(size_t i)
{
    return i < gr_ruleset_count() ? registry[i] : NULL;
}

const gr_ruleset *gr_ruleset_find(const char *name, size_t len)
{
    for (size_t i = 0; i < gr_ruleset_count(); i++)
        if (strlen(registry[i]->name) == len && memcmp(registry[i]->name, name, len) == 0)
            return registry[i];
    return NULL;
}
