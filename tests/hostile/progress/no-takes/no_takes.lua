-- no_takes.lua: raises an error after any take, so that the move is refused
-- with the reason script_error and the game stops there.
return {
    after_action = function(game, events)
        for _, e in ipairs(events) do
            if e.kind == "took" then error("this edition allows no take") end
        end
    end,
}
