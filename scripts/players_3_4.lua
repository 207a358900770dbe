-- players_3_4.lua: Micropul (and Farmopul) for three and four players.
--
-- Farmopul's rule book says rules for 3 and 4 players exist, but their text
-- is lost (RULES.md section 2), so these are pul's own. The editions
-- micropul-3p, micropul-4p, farmopul-3p and farmopul-4p play them; the setup
-- hook sets the rules of each game from its seat count.
-- Any other seat count keeps the edition's rules as they are.
--
-- The reasoning, with figures from simulations of a few thousand games
-- between simple players (random ones, and a one-move-ahead "greedy" player
-- that scores each legal action by the points it makes; both are weak
-- stand-ins for real players, to be checked by strong bots):
--
-- * Tiles. Micropul has 48 tiles: the start tile and a core of 47. Hands of
--   6 take 12 of them with two players and leave 35 to the core; with three
--   they take 18 (29 left), with four 24 (23 left). The game ends when the
--   core runs out, and it runs out through draws, at a rate that hardly
--   depends on how many play, so a smaller core means a shorter game for
--   everyone: with four hands of 6 the greedy players got 4 actions each
--   before the core ran out (26 each with two players). Hands of 5 for
--   three players and 4 for four leave 32 and 31 tiles in the core, nearly
--   the 35 of the two-player game; each seat then gets about 16 and 12
--   actions, and its share of the 47 tiles (about 16 and 12) is what it
--   plays. A player may still fill the hand up to 6 from the supply
--   (hand_limit stays 6), so the smaller deal limits the start, not the game.
--
-- * The end. With more seats, ending the game the moment the core runs out
--   gives the seats before the one that emptied it one turn more than the
--   others. core_empty_end is finish_round: the round is played to its end
--   (extra turns included), so every seat has had as many turns.
--
-- * First player. Moving first might be worth something: the first player
--   chooses among the start tile's groups and the open board first. The lab
--   (pul sim, 2000 games a rule set with the greedy bot, 300 with
--   mcts:iters=200; variants/README.md has the figures) found no first-seat
--   edge worth paying for: without compensation the MCTS players won
--   33.7 / 35.1 / 31.2 % of three-player games by seat (95% intervals about
--   +-5 points), and the greedy players favoured the later seats
--   (28.5 / 33.7 / 37.8 %), which a point for seats 2 and 3 only made worse
--   (24.4 / 35.7 / 39.9 %). Four-player games showed no steady order either
--   (MCTS 30.1 / 19.4 / 27.5 / 23.0 %, greedy 21.3 / 22.7 / 26.9 / 29.2 %).
--   So no seat gets points of compensation. A designer who wants some adds
--   a final_scores hook, for instance:
--       final_scores = function(game, scores)
--           scores[2] = scores[2] + 1
--           return scores
--       end
--
-- * Stones and points. Each seat keeps 3 stones, and a supply tile stays 2
--   points, a hand tile 1: closed groups still make about 30 % of a score with
--   three and four players, as with two (2 stones changed little).
--
-- * Losing. A player who starts a turn with no tile in hand or supply still
--   loses and ends the game, as in Micropul; the greedy players ran dry in
--   about 1 game in 100 with four players, fewer with three.

local HAND_SIZE = {[3] = 5, [4] = 4}


return {
    setup = function(game)
        local hand = HAND_SIZE[game:seats()]
        if not hand then return end
        game:set_rule("hand_size", hand)
        game:set_rule("hand_limit", 6)
        game:set_rule("stones", 3)
        game:set_rule("core_empty_end", "finish_round")
    end,
}
