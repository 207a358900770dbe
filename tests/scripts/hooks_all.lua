-- hooks_all.lua: every hook, each with an effect on the game that
-- tests/unit/test_lua_sandbox.c (test_hooks_all_variant) checks. Played by
-- the test edition tests/variants/hooks-all.
return {
  -- Two stones each, and when the core runs out the turn is finished.
  setup = function(game)
    game:set_rule("stones", 2)
    game:set_rule("core_empty_end", "finish_turn")
  end,

  -- A one-dot draws one tile more; the cross gives no extra turn.
  on_activate = {
    ["one-dot"] = function(game, act) act.draw = act.draw + 1 end,
    cross = function(game, act) act.extra_turn = false end,
  },

  -- Whoever draws gets to see the last tile drawn.
  after_action = function(game, events)
    for _, e in ipairs(events) do
      if e.kind == "drew" and e.count > 0 then game:reveal(e.seat) end
    end
  end,

  -- A closed group is worth ten times its points to its owner.
  score_group = function(game, grp)
    if grp.owner then return grp.owner, grp.points * 10 end
  end,

  -- The game ends after the fifth action.
  is_over = function(game)
    return game:turns() >= 5
  end,

  -- Seat 1 gains 1000 points, yet seat 2 is the winner.
  final_scores = function(game, scores)
    scores[1] = scores[1] + 1000
    return scores, {2}
  end,
}
