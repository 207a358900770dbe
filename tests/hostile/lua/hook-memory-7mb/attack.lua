-- The issue's attack: a 7 MB string kept after every action.
local kept = {}
return {
    after_action = function(game, events)
        kept[#kept + 1] = string.rep("m", 7 << 20)
    end,
}
