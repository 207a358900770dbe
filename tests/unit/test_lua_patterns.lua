-- test_lua_patterns.lua: run by test_lua_libs.c in a plain Lua state
-- where `string` is Lua's own library and `mine` holds engine/src/script/strings.c's
-- find, match, gmatch, gsub and rep. Every case runs through both, and the
-- results (or the error messages) must be the same. Returns the number of
-- cases run, or raises the first difference.

local cases = 0

local function show(ok, ...)
    local out = {ok and "ok" or "error"}
    for i = 1, select("#", ...) do
        local v = select(i, ...)
        out[#out + 1] = type(v) .. ":" .. tostring(v)
    end
    return table.concat(out, " ")
end

-- Call f from both libraries with the same arguments and compare.
local function same(name, ...)
    cases = cases + 1
    local theirs = show(pcall(string[name], ...))
    local ours = show(pcall(mine[name], ...))
    if theirs ~= ours then
        local args = {}
        for i = 1, select("#", ...) do args[#args + 1] = string.format("%q", tostring(select(i, ...))) end
        error(string.format("%s(%s):\n  Lua:  %s\n  ours: %s", name, table.concat(args, ", "),
                            theirs, ours), 0)
    end
end

-- gmatch: every match (at most 200), or the error.
local function all_matches(lib, s, p, init)
    local out = {}
    local ok, err = pcall(function()
        local n = 0
        for a, b, c in lib.gmatch(s, p, init) do
            n = n + 1
            out[#out + 1] = tostring(a) .. "|" .. tostring(b) .. "|" .. tostring(c)
            if n == 200 then break end
        end
    end)
    if not ok then return "error " .. err end
    return table.concat(out, ",")
end

local function same_gmatch(s, p, init)
    cases = cases + 1
    local theirs, ours = all_matches(string, s, p, init), all_matches(mine, s, p, init)
    if theirs ~= ours then
        error(string.format("gmatch(%q, %q, %s):\n  Lua:  %s\n  ours: %s", s, p, tostring(init),
                            theirs, ours), 0)
    end
end

-- A replacement function that keeps some matches and changes others.
local function repl_fn(a, b)
    if a == nil then return nil end
    if type(a) == "number" then return a % 2 == 0 and a or false end
    if #a % 3 == 0 then return nil end
    if #a % 3 == 1 then return "<" .. a .. ">" end
    return #a
end
local repl_table = setmetatable({a = "A", ab = false, [""] = "E", [1] = "one", [3] = 3},
                                {__index = function(t, k) if k == "x" then return "X!" end end})

local function check(s, p)
    same("find", s, p)
    same("match", s, p)
    for _, init in ipairs({2, -2, 0, #s, #s + 1, #s + 2, -100}) do
        same("find", s, p, init)
        same("match", s, p, init)
    end
    same("find", s, p, 1, true)
    same("find", s, p, 3, true)
    same_gmatch(s, p)
    same_gmatch(s, p, 2)
    same_gmatch(s, p, -3)
    for _, r in ipairs({"[%0]", "%1-%2", "%%", "x%1y", "", "%", "%x", "%3", "%9"}) do
        same("gsub", s, p, r)
    end
    same("gsub", s, p, "<%0>", 2)
    same("gsub", s, p, "-", 0)
    same("gsub", s, p, repl_table)
    same("gsub", s, p, repl_fn)
    same("gsub", s, p, 7)
end

-- Patterns written by hand, one feature each and some together.
local subjects = {
    "", "a", "hello world", "  indented\tline\n", "key = value; other=42", "f(a(b)c)d",
    "THE quick Brown fox", "x1y22z333", "[]]^$%-.", "aaa", "ababab", "\0a\0b", "caf\195\169",
    "\128\255\1\127", "one, two,,three", "(((", ")))", "a.b.c", "2024-01-02", "$x$", "^^",
}
local patterns = {
    "", "a", "b", ".", "..", "a*", "a+", "a-", "a?", ".-b", ".*b", "^a", "a$", "^$", "^", "$",
    "%a+", "%d+", "%s+", "%w+", "%x+", "%p+", "%u+", "%l+", "%c", "%g+", "%A+", "%D", "%S+",
    "%W", "%X+", "%P", "%U", "%L", "%C+", "%G", "%.", "%%", "%z", "%Z", "%]", "[abc]", "[^abc]",
    "[a-c]+", "[%a_][%w_]*", "[]]", "[^]]+", "[a-]", "[-a]", "[%-]", "[%]]", "[^%s]+", "[%d.]+",
    "[\128-\255]+", "(a)", "(a)(b)", "()a()", "(a*(.)%w(%s*))", "(%a+) = (%w+)", "(a)%1",
    "(a+)b%1", "((a)b)%2", "%b()", "%b((", "%bxy", "%f[%w]%w+", "%f[%W]", "%f[%a]", "%f[^%z]",
    "%f[%z]", "(.-)%s", "^(%w+)", "(%w+)$", "[%s,]+", "%s*(.-)%s*$", "(h)(e)(l)(l)(o)",
    "a-b", "a-$", ".-$", "^(.-)b", "%d%d%d%d%-%d%d%-%d%d", "%$x%$", "%^", "^^", "$$", "x$y",
    "[^%a%d]", "[%W%d]", "[a%-z]", "[%%]", "()", "(()a())", "(a?)", "((a))", "[^]", "[]",
    "[a", "%", "(", ")", "a)", "(a", "%1", "(a)%2", "%0", "%b", "%ba", "%f", "%fa", "%f[a",
    "[%", "[a-", "(()", ".-.-.-b", string.rep("(", 33), string.rep("a?", 50),
}
for _, s in ipairs(subjects) do
    for _, p in ipairs(patterns) do check(s, p) end
end

-- Random patterns from pieces, on random subjects (a fixed seed: the same cases every run).
math.randomseed(20240501)
local atoms = {
    "a", "b", "c", ".", "%a", "%d", "%s", "%w", "%x", "%p", "%u", "%l", "%A", "%S", "%.", "%%",
    "[ab]", "[^ab]", "[a-c]", "[%d%s]", "[]a]", "[^%w]", "%b()", "%bab", "%f[%w]", "%f[%s]",
    "%1", "%2", "(", ")", "()", "$", "^", "-", "x", "%(",
}
local quantifiers = {"", "", "", "*", "+", "-", "?"}
local letters = {"a", "b", "c", " ", "(", ")", "1", "2", "x", ".", "-", "%", "A", "\n", "\200"}
local function random_pattern()
    local out = {}
    if math.random(5) == 1 then out[1] = "^" end
    for _ = 1, math.random(0, 6) do
        out[#out + 1] = atoms[math.random(#atoms)] .. quantifiers[math.random(#quantifiers)]
    end
    if math.random(6) == 1 then out[#out + 1] = "$" end
    return table.concat(out)
end
local function random_subject()
    local out = {}
    for i = 1, math.random(0, 16) do out[i] = letters[math.random(#letters)] end
    return table.concat(out)
end
for _ = 1, 3000 do
    check(random_subject(), random_pattern())
end

-- rep, whose copying is this project's own.
for _, args in ipairs({{"ab", 3}, {"ab", 3, ","}, {"", 5, "-"}, {"x", 0}, {"x", -1, ","},
                       {"", 1 << 20}, {"abc", 1}, {"abc", 1, "sep"}, {"a", 7, ""}, {"ab", 2, "\0"}}) do
    same("rep", table.unpack(args))
end

return cases
