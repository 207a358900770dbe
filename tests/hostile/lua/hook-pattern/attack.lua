-- The backtracking pattern of load-pattern, when a game starts.
return {
    setup = function(game)
        local s = string.rep("a", 30)
        s:find(string.rep(".-", 12) .. "b")
    end,
}
