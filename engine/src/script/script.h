/*
** script.h: the Lua side of a variant's hooks, for script/ and its tests.
**
** A variant with scripts holds a ScriptProgram (the texts read once at load,
** checked by running them in a probe state, and the MicropulHooks table the
** rules call, hooked.h). Each game object gets a ScriptHost of its own, a
** sandboxed Lua state made from the program at its first hook call (kept in
** its GameEnv, game.h), so a variant is immutable and threads share it. api.c
** is the `game` object scripts see; scripts/README.md documents the Lua side
** for modders.
*/
#ifndef PUL_SCRIPT_H
#define PUL_SCRIPT_H

#include "genial_hooks.h"
#include "hooked.h"

/* What scripts may spend (meter.c enforces it, scripts/README.md
** section 6 tells modders):
** - per hook function call, and per script's first run: steps, each a Lua
**   instruction or library work priced like one, the same on every machine;
** - per hook call (all its handlers) and per script load, compiling
**   included: CPU time, the backstop for what the prices do not foresee;
** - the whole Lua state of a game object, at all times and across calls: bytes,
**   the largest single block (a table's part, the stack, a buffer) and the
**   longest string (each instruction on strings is then bounded: a
**   comparison, a conversion to a number). */
#define SCRIPT_INSTRUCTION_BUDGET 1000000
#define SCRIPT_CPU_LIMIT_MS 80
#define SCRIPT_MEMORY_CAP (64u << 20)
#define SCRIPT_BLOCK_MAX (256u << 10)
#define SCRIPT_STRING_MAX (64u << 10)
#define SCRIPT_API_VERSION 1

typedef struct ScriptHost ScriptHost;

/* ---------------------------------------------------------- host.c */

/* A sandboxed state holding the scripts info->script, in order, each read
** from its file and run once; it returns its table of hooks. NULL with err
** filled (file and line of the script) when one cannot be loaded. The state
** of a game object is made the same way from its variant's program. */
ScriptHost *script_host_new(const PulVariantInfo *info, const PulTileSet *ts, PulError *err);
/* The same for the hook points of family fam (script_host_new: Micropul's;
** ts may be NULL for a family without a tile set). */
ScriptHost *script_host_new_for(const Family *fam, const PulVariantInfo *info,
                                const PulTileSet *ts, PulError *err);
void script_host_free(ScriptHost *h);
/* The CPU-time limit of h's calls in ms (0: SCRIPT_CPU_LIMIT_MS): for the
** tests of the step budget, which must not meet the clock first on a slow
** build. */
void script_host_set_cpu_limit(ScriptHost *h, int ms);
unsigned script_hooks(const ScriptHost *h);               /* HOOK_* bits defined */
/* Bit f set: on_activate wants to hear of catalyst feature f (a function
** hook hears of all; a table of handlers keyed by feature name, only those). */
uint32_t script_activate_features(const ScriptHost *h);
/* The last error a hook raised (file: the script, line, message naming the hook). */
const PulError *script_last_error(const ScriptHost *h);
/* Bytes the Lua state holds now (at most SCRIPT_MEMORY_CAP). */
size_t script_memory(const ScriptHost *h);

/* The calls. Each returns PUL_OK, or fills *err (and the host's last error)
** with status PUL_ERR_SCRIPT and code script-error, script-budget or
** script-memory. The engine then puts the game back as it was. */
PulStatus script_setup(ScriptHost *h, HookCall *call, PulError *err);
PulStatus script_on_activate(ScriptHost *h, HookCall *call, MicropulActivation *act,
                             PulError *err);
PulStatus script_after_action(ScriptHost *h, HookCall *call, const PulEvents *done,
                              PulError *err);
PulStatus script_score_group(ScriptHost *h, HookCall *call, MicropulGroup *grp, PulError *err);
/* Genial's: half->points and b->count become what the handlers left. */
PulStatus script_score_placement(ScriptHost *h, HookCall *call, GenialHalf *half,
                                 PulError *err);
PulStatus script_on_bonus(ScriptHost *h, HookCall *call, GenialBonus *b, PulError *err);
/* scores: in the rules' totals, out the final ones; winners: out a bit per
** winning seat, or 0 to let the engine decide from the scores. */
PulStatus script_final_scores(ScriptHost *h, HookCall *call, int *scores, unsigned *winners,
                              PulError *err);
/* over: out true to end the game now. */
PulStatus script_is_over(ScriptHost *h, HookCall *call, bool *over, PulError *err);

/* ------------------------------------------------------- programs */

typedef struct ScriptProgram ScriptProgram;

/* The program of a variant's scripts (info->script, in order): each file read
** once and run in a probe state to check it and learn its hooks, exactly as a
** state is made (so the errors are the same), then the probe is closed. NULL
** with err filled (file and line of the script) when one cannot be loaded. */
ScriptProgram *script_program_new(const PulVariantInfo *info, const PulTileSet *ts, PulError *err);
/* The same for the hook points of family fam (script_program_new: Micropul's). */
ScriptProgram *script_program_new_for(const Family *fam, const PulVariantInfo *info,
                                      const PulTileSet *ts, PulError *err);
/* Its hooks table (hooked.h): NULL entries for the hooks it does not define. */
const MicropulHooks *script_program_hooks(const ScriptProgram *p);
/* Its family's table (MicropulHooks or GenialHooks), for the variant. */
const void *script_program_table(const ScriptProgram *p);
/* Freeing a program and the states made from it (hooks.h). */
extern const ScriptOps script_ops;
/* A game object's state, made from its variant's program if it has none yet
** (NULL with err filled when that fails). */
ScriptHost *script_state_of(PulGame *g, PulError *err);

#endif
