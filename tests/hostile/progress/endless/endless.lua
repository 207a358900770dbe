-- endless.lua: every action earns the seat another extra turn, and a pass is
-- always legal in an extra turn; setup turns off the two rules that would
-- still end the game (an empty hand and supply loses; the game ends when the
-- core is empty), so by the rules the game never ends.
return {
    setup = function(game)
        game:set_rule("no_tiles_loses", false)
        game:set_rule("core_empty_end", "finish_turn")
    end,
    after_action = function(game, events)
        game:extra_turn()
    end,
}
