/*
** meter.h: what rule scripts may spend (meter.c): steps counted the
** same on every machine, a CPU-time deadline behind them, and memory.
**
** A step is one Lua instruction, or library work priced like one (the
** METER_* prices below). Every C function a script can reach is either
** constant-time or charges its work before or as it does it, so the step
** budget bounds a run whatever library functions it calls. The deadline is
** the backstop for what no price foresaw: it is looked at from the count
** hook and from every charge, so no Lua instruction and no library call
** runs long without the clock being read.
*/
#ifndef PUL_LUA_METER_H
#define PUL_LUA_METER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

/* Prices, in steps: a library call; string bytes read (converted,
** searched, compared) per step; an allocation, and bytes allocated per
** step (the allocator charges them: a copy into new memory costs no more
** than the memory; a small object costs its malloc, its free and the
** collector's work on it); an element a table function reads, writes or
** compares. Set so that a budget of any of them takes a few budgets of
** plain instructions at most (one is about 2 ms on a 2020s machine). */
#define METER_CALL 4
#define METER_BYTES 16
#define METER_ALLOC 16
#define METER_ALLOC_BYTES 4
#define METER_ELEMENT 2

/* Why a run stopped early (none, or the first reason found). */
typedef enum {
    METER_RUNNING = 0,
    METER_BUDGET,   /* past SCRIPT_INSTRUCTION_BUDGET steps */
    METER_DEADLINE, /* past SCRIPT_CPU_LIMIT_MS of CPU time */
} MeterStop;

/* Why the last allocation was refused (none, or the reason). */
typedef enum {
    METER_MEM_OK = 0,
    METER_MEM_CAP,   /* the state would hold more than SCRIPT_MEMORY_CAP */
    METER_MEM_BLOCK, /* one block larger than SCRIPT_BLOCK_MAX */
    METER_MEM_STRING,/* a string longer than SCRIPT_STRING_MAX */
} MeterMemory;

typedef struct Meter {
    lua_State *L;        /* once the state exists */
    size_t in_use;       /* bytes the state holds, at all times */
    size_t refused;      /* the size of the last block refused */
    MeterMemory memory;  /* why it was refused */
    /* Called when an allocation is refused, with the state as it is then
    ** (Lua calls no message handler for a memory error). */
    void (*on_refuse)(void *owner, lua_State *L);
    void *owner;
    /* The CPU-time limit of a call in ms; 0: SCRIPT_CPU_LIMIT_MS. Only the
    ** tests that pin the step budget raise it, so that a slow build
    ** (sanitizers) reaches the budget before the clock. */
    int cpu_limit_ms;
    /* The run under way: a hook function or a script's first run. */
    bool running;
    MeterStop stop;
    uint64_t spent;   /* steps so far */
    uint64_t check_at;/* look at the budget and the clock once spent reaches this */
    uint64_t alloc_check_at; /* the same, for the allocator's charges */
    int period;       /* instructions between two firings of the count hook */
    /* The call under way (a hook call, or a script load): its clock,
    ** started lazily (see meter.c). */
    int64_t wall_seen;
    int64_t cpu_start;
    bool late;        /* past the deadline */
    bool late_refused;/* and an allocation was refused for it */
} Meter;

/* The allocator of a metered state (ud: the Meter). It refuses growth
** past the state's cap, the block cap or the string cap at all times,
** charges a run for what it allocates, and refuses one allocation once a
** call is past its deadline. Shrinking never fails. */
void *meter_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
Meter *meter_of(lua_State *L);
/* A new Lua state that m meters (m all zero but for owner and on_refuse),
** not running: nothing charged until meter_run. NULL when out of memory. */
lua_State *meter_open(Meter *m);

/* A call starts: the clock of the deadline restarts. */
void meter_call(Meter *m);
/* A run starts or ends (the count hook is set and removed). */
void meter_run(Meter *m);
void meter_end(Meter *m);

/* Charge steps to the run under way (nothing between runs); raises the
** budget error when the budget or the deadline is passed. */
void meter_charge(lua_State *L, uint64_t steps);
/* The same with the meter at hand (m is meter_of(L)). */
void meter_charge_to(Meter *m, lua_State *L, uint64_t steps);
/* Steps the run may still take (all of a budget between runs). */
uint64_t meter_left(lua_State *L);
/* Charge for bytes of work. */
static inline void meter_bytes(lua_State *L, size_t bytes) {
    meter_charge(L, (uint64_t)bytes / METER_BYTES + 1);
}

/* Whether the call is past its deadline (reads the clock now and then;
** for C loops that cannot raise, like a chunk's reader). */
bool meter_late(Meter *m);

/* The CPU-time limit of a call in ms. */
int meter_cpu_limit_ms(const Meter *m);

/* What went wrong, for the host's messages. */
const char *meter_stop_message(const Meter *m, char *buf, size_t size);
const char *meter_memory_message(const Meter *m, char *buf, size_t size);

#endif
