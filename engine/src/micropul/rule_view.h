/*
** rule_view.h: Micropul's rule parameters as the tools read them through a
** variant or a game (rule_view.c): seat range, values, the base's values.
*/
#ifndef PUL_RULE_VIEW_H
#define PUL_RULE_VIEW_H

#include "game.h"

void rule_view_players(const PulVariant *v, int *min, int *max);
int rule_view_nparams(const PulVariant *v);
const PulParamInfo *rule_view_param(const PulVariant *v, int i);
int rule_view_rule(const PulVariant *v, int i);
int rule_view_rule_default(const PulVariant *v, int i);
int rule_view_game_rule(const PulGame *g, int i);

#endif
