-- The sort of load-sort, after every action, on a shorter string (16,000
-- elements, so that it fits in a table; each read searches 16,000 bytes).
local s = string.rep("1", 16000)
return {
    after_action = function(game, events)
        local mt = getmetatable("")
        mt.__len = rawlen
        mt.__index = string.find
        mt.__newindex = rawequal
        table.sort(s, getmetatable)
    end,
}
