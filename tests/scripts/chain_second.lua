-- chain_second.lua: runs after chain_first.lua (tests/variants/hooks-chain):
-- its setup reads the hand size the first one set, and its on_activate
-- doubles the draw the first one raised.
return {
  setup = function(game)
    game:set_rule("stones", game:rule("stones") + 6 - game:rule("hand_size"))
  end,

  on_activate = function(game, act)
    act.draw = act.draw * 2
  end,
}
