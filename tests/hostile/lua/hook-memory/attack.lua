-- Each call keeps what it made in a table the state holds on to: about 3 MB
-- an action (100 new strings of 30,000 bytes), until the state's cap stops it.
local base = string.rep("k", 30000)
local kept = {}
return {
    after_action = function(game, events)
        local t = {}
        for i = 1, 100 do t[i] = base .. i end
        kept[#kept + 1] = t
    end,
}
