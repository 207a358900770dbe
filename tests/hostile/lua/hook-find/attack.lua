-- The plain finds of load-find, after every action.
local s = string.rep("a", 60000)
return {
    after_action = function(game, events)
        for _ = 1, 140000 do s:find("ab", 1, true) end
    end,
}
