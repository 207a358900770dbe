-- One comparison of two long strings that differ at the end is one
-- instruction, however long the strings: the CPU-time limit ends it. The
-- strings are as long as the sandbox allows (4 MB, else 60,000 bytes).
local function long(n)
    local ok, s = pcall(string.rep, "x", n)
    return ok and s or string.rep("x", 60000)
end
local a = long(4 << 20) .. "a"
local b = long(4 << 20) .. "b"
local n = 0
while true do
    if a < b then n = n + 1 end
end
