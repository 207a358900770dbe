/*
** genial_make.c: the family table's make slot. It alone names the table
** (genial_family, genial.c), so the rest of the family links, and its unit
** tests run, before the table exists (they make variants of a test table
** through genial_variant_new).
*/
#include "genial_state.h"

PulVariant *genial_make(const char *name, const FamilyData *data, const void *rules,
                        PulError *err) {
    return genial_variant_new(&genial_family, name, data, rules, err);
}
