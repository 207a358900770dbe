-- test_lua_tables.lua: run by test_lua_libs.c in a plain Lua state where
-- `table` is Lua's own library and `mine` holds engine/src/script/tables.c's.
-- Each case runs on two equal tables, one per library: the results, the
-- tables afterwards (or the errors) must be the same. sort is compared on
-- orders without ties (Lua's sort is not stable, this one is), and for
-- stability on its own. Returns the number of cases, or raises a difference.

local cases = 0

local function dump(t)
    if type(t) ~= "table" then return type(t) .. ":" .. tostring(t) end
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
        if type(a) ~= type(b) then return type(a) < type(b) end
        return a < b
    end)
    local out = {}
    for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "=" .. tostring(t[k]) end
    return "{" .. table.concat(out, ",") .. "}"
end

local function show(t, ok, ...)
    local out = {ok and "ok" or "error", dump(t)}
    for i = 1, select("#", ...) do out[#out + 1] = dump((select(i, ...))) end
    return table.concat(out, " ")
end

local function copy(t)
    local c = {}
    for k, v in pairs(t) do c[k] = v end
    return c
end

-- f(lib, t) runs the case on table t with library lib.
local function same(what, t, f)
    cases = cases + 1
    local a, b = copy(t), copy(t)
    local theirs = show(a, pcall(f, table, a))
    local ours = show(b, pcall(f, mine, b))
    -- Lua 5.4.4 names the wrong argument of remove's position check (#1).
    theirs = theirs:gsub("bad argument #1 to 'remove' %(position", "bad argument #2 to 'remove' (position")
    if theirs ~= ours then
        error(string.format("%s on %s:\n  Lua:  %s\n  ours: %s", what, dump(t), theirs, ours), 0)
    end
end

local lists = {{}, {1}, {1, 2, 3}, {"a", "b", "c", "d", "e"}, {1, 2, nil, 4}, {x = 1, 2, 3}}
for _, t in ipairs(lists) do
    for _, pos in ipairs({-1, 0, 1, 2, 3, #t, #t + 1, #t + 2}) do
        same("insert " .. pos, t, function(lib, u) return lib.insert(u, pos, "new") end)
        same("remove " .. pos, t, function(lib, u) return lib.remove(u, pos) end)
    end
    same("insert", t, function(lib, u) return lib.insert(u, "end") end)
    same("insert 4 args", t, function(lib, u) return lib.insert(u, 1, 2, 3) end)
    same("remove", t, function(lib, u) return lib.remove(u) end)
    for _, r in ipairs({{1, 3, 2}, {1, 3, 3}, {2, 4, 1}, {1, #t, 0}, {3, 1, 1}, {1, 2, 5},
                        {-2, 1, 1}, {1, 0, 4}}) do
        same("move " .. table.concat(r, ","), t, function(lib, u) return lib.move(u, r[1], r[2], r[3]) end)
        same("move to another " .. table.concat(r, ","), t, function(lib, u)
            local dst = {9, 9, 9}
            return lib.move(u, r[1], r[2], r[3], dst)
        end)
    end
    for _, r in ipairs({{}, {","}, {", ", 2}, {"-", 2, 3}, {"", 3, 2}, {"x", -1, 1}}) do
        same("concat", t, function(lib, u) return lib.concat(u, table.unpack(r)) end)
    end
    for _, r in ipairs({{}, {2}, {2, 3}, {-1, 1}, {3, 2}, {1, 6}}) do
        same("unpack", t, function(lib, u) return lib.unpack(u, table.unpack(r)) end)
    end
end
same("concat of a table", {1, {}, 3}, function(lib, u) return lib.concat(u) end)
same("concat of numbers", {1, 2.5, 3}, function(lib, u) return lib.concat(u, "|") end)
same("pack", {}, function(lib, u) return lib.pack(1, nil, "x", nil) end)
same("pack nothing", {}, function(lib, u) return lib.pack() end)
same("move huge", {}, function(lib, u) return lib.move(u, -1, math.maxinteger, 1) end)
same("move wrap", {}, function(lib, u) return lib.move(u, 1, 10, math.maxinteger - 2) end)
same("insert non-table", {}, function(lib, u) return lib.insert(nil, 1) end)
same("sort non-function", {3, 2, 1}, function(lib, u) return lib.sort(u, 1) end)
same("sort mixed", {1, "x"}, function(lib, u) return lib.sort(u) end)

-- Through metamethods: a proxy that reads and writes another table.
local function proxy(backing)
    return setmetatable({}, {
        __index = function(_, k) return backing[k] end,
        __newindex = function(_, k, v) backing[k] = v end,
        __len = function() return #backing end,
    })
end
for _, op in ipairs({"insert", "remove", "concat", "unpack", "sort"}) do
    cases = cases + 1
    local a, b = {5, 3, 9, 1}, {5, 3, 9, 1}
    local ra = {pcall(table[op], proxy(a), op == "insert" and 2 or nil, op == "insert" and 7 or nil)}
    local rb = {pcall(mine[op], proxy(b), op == "insert" and 2 or nil, op == "insert" and 7 or nil)}
    if dump(a) .. dump(ra) ~= dump(b) .. dump(rb) then
        error(op .. " through a proxy: " .. dump(a) .. dump(ra) .. " vs " .. dump(b) .. dump(rb), 0)
    end
end

-- sort: random lists of distinct values, with and without an order function.
math.randomseed(7)
for n = 0, 40 do
    for _ = 1, 5 do
        local t, seen = {}, {}
        while #t < n do
            local v = math.random(1000)
            if not seen[v] then seen[v], t[#t + 1] = true, v end
        end
        same("sort", t, function(lib, u) return lib.sort(u) end)
        same("sort >", t, function(lib, u) return lib.sort(u, function(x, y) return x > y end) end)
        local s = {}
        for i, v in ipairs(t) do s[i] = "k" .. v end
        same("sort strings", s, function(lib, u) return lib.sort(u) end)
    end
end

-- Stable: equal keys keep their order.
local pairs_list = {}
for i = 1, 100 do pairs_list[i] = {key = i % 7, at = i} end
mine.sort(pairs_list, function(x, y) return x.key < y.key end)
for i = 2, #pairs_list do
    local x, y = pairs_list[i - 1], pairs_list[i]
    assert(x.key < y.key or (x.key == y.key and x.at < y.at), "sort is not stable")
end
cases = cases + 1

return cases
