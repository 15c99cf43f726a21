/* The closed forms, asked in order. */
#include "grundy/theory.h"

extern const gr_closed_form gr_theory_nim;
extern const gr_closed_form gr_theory_nim_misere;
extern const gr_closed_form gr_theory_sharing3;
extern const gr_closed_form gr_theory_nim_players;
extern const gr_closed_form gr_theory_kim1;
extern const gr_closed_form gr_theory_block3;
extern const gr_closed_form gr_theory_split;

static const gr_closed_form *const registry[] = {
    &gr_theory_nim,
    &gr_theory_nim_misere,
    &gr_theory_sharing3,
    &gr_theory_nim_players,
    &gr_theory_kim1,
    &gr_theory_block3,
    &gr_theory_split,
};

const gr_closed_form *gr_closed_form_find(const gr_game *g, const gr_outcome *o, int npiles)
{
    for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++)
        if (registry[i]->applies(g, o, npiles)) return registry[i];
    return NULL;
}
