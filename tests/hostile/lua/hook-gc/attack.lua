-- Each action keeps about 2 MB, much of it in small tables, for 28 actions
-- (the state then nearly full); after that, every refused allocation makes
-- Lua mark everything the state holds (a full collection, in C), while a
-- pcall catches each refusal and asks again.
local base = string.rep("g", 30000)
local kept, calls = {}, 0
return {
    after_action = function(game, events)
        calls = calls + 1
        if calls <= 28 then
            local t = {}
            for i = 1, 5000 do t[i] = {i} end
            for i = 1, 60 do t[5000 + i] = base .. i end
            kept[calls] = t
        else
            while true do pcall(string.rep, "y", 60000) end
        end
    end,
}
