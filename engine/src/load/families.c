/*
** families.c: every rules family the engine has, by name. Adding a family
** (Genial, issue 13) added its table here and nowhere else in load/ or above.
*/
#include <string.h>

#include "families.h"
#include "genial_state.h"
#include "micropul.h"

static const Family *const families[] = {&micropul_family, &genial_family};
enum { NFAMILIES = (int)(sizeof families / sizeof families[0]) };

const Family *families_find(const char *name) {
    for (int i = 0; name && i < NFAMILIES; i++)
        if (strcmp(families[i]->name, name) == 0) return families[i];
    return NULL;
}

const Family *families_at(int i) { return i >= 0 && i < NFAMILIES ? families[i] : NULL; }

const Family *families_default(void) { return families[0]; }
