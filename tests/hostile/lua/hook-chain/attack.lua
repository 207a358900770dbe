-- Each read walks 1990 tables inside one instruction (Lua allows chains of
-- 2000): uncharged work that only the CPU-time limit stops.
local t = {v = 1}
for _ = 1, 1990 do t = setmetatable({}, {__index = t}) end
return {
    after_action = function(game, events)
        local n = 0
        while true do n = n + (t.missing or 0) end
    end,
}
