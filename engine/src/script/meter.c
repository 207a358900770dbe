/*
** meter.c: the budget, the deadline and the memory of a rule scripts'
** Lua state (meter.h says what each is for).
**
** Steps are counted by the count hook, every HOOK_PERIOD instructions, and
** by the charges of library functions and of the allocator. The budget is
** compared and the deadline looked at whenever CHECK_STEPS more have been
** spent, so between two looks there are at most a few hundred bounded
** steps. Reading the thread's CPU clock is a system call (microseconds on
** some machines), so it is read only when the coarse wall clock has moved
** on since the last look: CPU time cannot pass faster than wall time. It
** is first read once a run has taken CPU_START_STEPS steps (or, compiling,
** once the wall clock ticked), so a short call never reads it at all; the
** CPU time before that first read is not counted.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <lauxlib.h>

#include "meter.h"
#include "script.h"
#include "mem.h"

/* The count hook fires every HOOK_PERIOD instructions; the budget and the
** clock are looked at every CHECK_STEPS steps charged, and after every
** ALLOC_CHECK_STEPS steps of allocations (the allocator cannot raise: it
** makes the count hook fire at the next instruction, which costs a walk
** of the call stack in lua_sethook, so not at every allocation). */
enum { HOOK_PERIOD = 256, CHECK_STEPS = 256, ALLOC_CHECK_STEPS = 16384 };

/* A run that reaches this many steps reads the CPU clock at once, so the
** time not counted is that of a few hundred steps, not a tick of the wall
** clock; a shorter run never reads it. */
enum { CPU_START_STEPS = 1024 };

/* Emscripten's clock_gettime knows neither the coarse clock nor a thread's CPU
** clock: a wasm engine runs alone on its web worker's thread, so its monotonic
** clock stands in for both (else no deadline would ever come). Wall time runs
** faster than the thread's CPU time whenever the machine is busy, so there the
** limit is given CPU_LIMIT_SCALE times the room: the step budget bounds a
** script's work anyway, and the deadline is the backstop for work no price
** foresees, which still ends within a fraction of a second. */
#if defined(CLOCK_MONOTONIC_COARSE) && !defined(__EMSCRIPTEN__)
#define WALL_CLOCK CLOCK_MONOTONIC_COARSE
#else
#define WALL_CLOCK CLOCK_MONOTONIC
#endif
#ifdef __EMSCRIPTEN__
#define CPU_CLOCK CLOCK_MONOTONIC
#define CPU_LIMIT_SCALE 4
#else
#define CPU_CLOCK CLOCK_THREAD_CPUTIME_ID
#define CPU_LIMIT_SCALE 1
#endif
#define NS_PER_MS INT64_C(1000000)

/* An emergency collection (what Lua does when an allocation is refused)
** marks everything the state holds: charge it as steps. */
#define REFUSAL_BYTES_PER_STEP 32

/* What a run leaves free below the cap for Lua to recover from its errors
** (see meter_alloc). */
#define RESERVE (1u << 20)

/* Room for a header beyond a block's content: a string's, or the few
** spare slots of the call stack (so a stack of 16384 slots fits). */
#define HEADER_ROOM 1024

static int64_t clock_ns(clockid_t id) {
    struct timespec t;
    if (clock_gettime(id, &t) != 0) return -1;
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

Meter *meter_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

int meter_cpu_limit_ms(const Meter *m) {
    return m->cpu_limit_ms > 0 ? m->cpu_limit_ms : SCRIPT_CPU_LIMIT_MS;
}

bool meter_late(Meter *m) {
    if (m->late) return true;
    int64_t w = clock_ns(WALL_CLOCK);
    if (w < 0) return false; /* no clock: the budget alone bounds the run */
    if (m->wall_seen == 0) {
        m->wall_seen = w;
        return false;
    }
    if (w - m->wall_seen < NS_PER_MS) return false;
    m->wall_seen = w;
    int64_t c = clock_ns(CPU_CLOCK);
    if (c < 0) return false;
    if (m->cpu_start < 0)
        m->cpu_start = c;
    else if (c - m->cpu_start >= (int64_t)meter_cpu_limit_ms(m) * CPU_LIMIT_SCALE * NS_PER_MS)
        m->late = true;
    return m->late;
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* Make the count hook fire at the next instruction (the allocator cannot
** raise, and a C function may be running: this is how it gets a look
** soon). lua_sethook is safe to call from anywhere, even a signal handler,
** so also from inside an allocation. */
static void check_soon(Meter *m) {
    if (!m->L || m->period == 1) return;
    m->period = 1;
    lua_sethook(m->L, count_hook, LUA_MASKCOUNT, 1);
}

/* Raise the budget error if the run is past its budget or its deadline;
** else set when to look next. */
static void check(lua_State *L, Meter *m) {
    if (m->stop == METER_RUNNING) {
        if (m->cpu_start < 0 && m->spent >= CPU_START_STEPS)
            m->cpu_start = clock_ns(CPU_CLOCK);
        if (m->spent > SCRIPT_INSTRUCTION_BUDGET)
            m->stop = METER_BUDGET;
        else if (meter_late(m))
            m->stop = METER_DEADLINE;
        else {
            m->check_at = m->spent + CHECK_STEPS;
            if (m->check_at > SCRIPT_INSTRUCTION_BUDGET + 1)
                m->check_at = SCRIPT_INSTRUCTION_BUDGET + 1;
            return;
        }
    }
    /* From now on every instruction fails, so a pcall in the script cannot
    ** swallow the error and loop on. */
    m->period = 1;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    char msg[160];
    lua_pushstring(L, meter_stop_message(m, msg, sizeof msg));
    lua_error(L);
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    Meter *m = meter_of(L);
    m->spent += (uint64_t)m->period;
    if (m->period != HOOK_PERIOD && m->stop == METER_RUNNING) {
        m->period = HOOK_PERIOD;
        lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_PERIOD);
    }
    if (m->spent >= m->check_at || m->stop != METER_RUNNING) check(L, m);
}

void *meter_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    Meter *m = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        mem_free(ptr);
        m->in_use -= old;
        return NULL;
    }
    if (nsize > old) {
        /* A run's own growth stops RESERVE short of the cap until its first
        ** refusal, so that Lua recovering from the error (it shrinks the
        ** stack by allocating a smaller one) is not refused too: each
        ** refusal costs a full collection. */
        size_t cap = SCRIPT_MEMORY_CAP;
        if (m->running && m->memory == METER_MEM_OK) cap -= RESERVE;
        /* A new object comes with its type in osize: a string's size is
        ** its length and a small header. */
        MeterMemory why = !ptr && osize == LUA_TSTRING && nsize > SCRIPT_STRING_MAX + HEADER_ROOM
                              ? METER_MEM_STRING
                          : nsize > SCRIPT_BLOCK_MAX + HEADER_ROOM ? METER_MEM_BLOCK
                          : m->in_use >= cap || nsize - old > cap - m->in_use ? METER_MEM_CAP
                                                                             : METER_MEM_OK;
        /* Past the deadline, one allocation is refused, to stop a C loop that
        ** allocates; the count hook stops the script at its next instruction. */
        bool stop_loop = m->late && !m->late_refused;
        if (why != METER_MEM_OK || stop_loop) {
            if (why != METER_MEM_OK) {
                m->memory = why;
                m->refused = nsize;
            } else {
                m->late_refused = true;
            }
            if (m->running) {
                m->spent += m->in_use / REFUSAL_BYTES_PER_STEP;
                check_soon(m);
            }
            if (m->on_refuse && m->L) m->on_refuse(m->owner, m->L);
            return NULL;
        }
        if (m->running) {
            m->spent += METER_ALLOC + (nsize - old) / METER_ALLOC_BYTES;
            if (m->spent >= m->alloc_check_at) {
                m->alloc_check_at = m->spent + ALLOC_CHECK_STEPS;
                check_soon(m);
            }
        }
    }
    void *p = mem_realloc(ptr, nsize);
    if (!p) return nsize <= old ? ptr : NULL; /* a shrink that failed: the old block still fits */
    m->in_use = m->in_use - old + nsize;
    return p;
}

lua_State *meter_open(Meter *m) {
    m->cpu_start = -1; /* no call under way: no clock */
    m->L = lua_newstate(meter_alloc, m);
    return m->L;
}

void meter_call(Meter *m) {
    m->wall_seen = 0;
    m->cpu_start = -1;
    m->late = false;
    m->late_refused = false;
    m->memory = METER_MEM_OK;
    m->refused = 0;
}

void meter_run(Meter *m) {
    m->running = true;
    m->stop = METER_RUNNING;
    m->spent = 0;
    m->check_at = CHECK_STEPS;
    m->alloc_check_at = ALLOC_CHECK_STEPS;
    m->memory = METER_MEM_OK;
    m->refused = 0;
    m->period = HOOK_PERIOD;
    lua_sethook(m->L, count_hook, LUA_MASKCOUNT, HOOK_PERIOD);
}

void meter_end(Meter *m) {
    m->running = false;
    lua_sethook(m->L, NULL, 0, 0);
}

void meter_charge(lua_State *L, uint64_t steps) { meter_charge_to(meter_of(L), L, steps); }

void meter_charge_to(Meter *m, lua_State *L, uint64_t steps) {
    if (!m->running) return;
    m->spent = steps > UINT64_MAX - m->spent ? UINT64_MAX : m->spent + steps;
    if (m->spent >= m->check_at || m->stop != METER_RUNNING) check(L, m);
}

uint64_t meter_left(lua_State *L) {
    const Meter *m = meter_of(L);
    if (!m->running) return SCRIPT_INSTRUCTION_BUDGET;
    return m->spent < SCRIPT_INSTRUCTION_BUDGET ? SCRIPT_INSTRUCTION_BUDGET - m->spent : 0;
}

const char *meter_stop_message(const Meter *m, char *buf, size_t size) {
    if (m->stop == METER_DEADLINE || (m->stop == METER_RUNNING && m->late))
        snprintf(buf, size, "ran past its time limit of %d ms of %s (an endless loop?)",
                 meter_cpu_limit_ms(m) * CPU_LIMIT_SCALE,
                 CPU_LIMIT_SCALE == 1 ? "CPU" : "time, its thread's CPU time being unknown here");
    else
        snprintf(buf, size,
                 "ran past its budget of %d instructions (library work counts too: an "
                 "endless loop?)",
                 SCRIPT_INSTRUCTION_BUDGET);
    return buf;
}

const char *meter_memory_message(const Meter *m, char *buf, size_t size) {
    if (m->memory == METER_MEM_STRING)
        snprintf(buf, size,
                 "made a string of about %zu bytes: a string may be at most %u KiB long",
                 m->refused, (unsigned)(SCRIPT_STRING_MAX >> 10));
    else if (m->memory == METER_MEM_BLOCK)
        snprintf(buf, size,
                 "asked for a block of %zu bytes: a table, the call stack or a string being "
                 "built may take at most %u KiB (a runaway recursion, or a table or string too "
                 "large?)",
                 m->refused, (unsigned)(SCRIPT_BLOCK_MAX >> 10));
    else if (m->memory == METER_MEM_CAP)
        snprintf(buf, size,
                 "the rule scripts' state would hold more than its cap of %u MiB (the memory "
                 "of all the edition's scripts, kept across hook calls: tables or strings "
                 "kept in globals or upvalues grow it)",
                 (unsigned)(SCRIPT_MEMORY_CAP >> 20));
    else
        snprintf(buf, size, "out of memory");
    return buf;
}
