-- Each action keeps about 2 MB of small tables, up to 66 of them (the state
-- then nearly full); after that, every refused allocation makes Lua mark
-- everything the state holds (a full collection, in C), while a pcall
-- catches each refusal and asks again.
local kept = {}
return {
    after_action = function(game, events)
        if #kept < 66 then
            for _ = 1, 2 do
                local t = {}
                for i = 1, 10000 do t[i] = {i} end
                kept[#kept + 1] = t
            end
        else
            while true do pcall(string.rep, "y", 60000) end
        end
    end,
}
