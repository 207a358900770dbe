-- chain_first.lua: the first of two scripts with the same hooks (the test
-- edition tests/variants/hooks-chain); chain_second.lua runs after it and
-- sees what it left.
return {
  setup = function(game)
    game:set_rule("hand_size", 5)
  end,

  on_activate = {
    ["one-dot"] = function(game, act) act.draw = act.draw + 1 end,
    cross = function(game, act) act.draw = act.draw + 1 end,
  },
}
