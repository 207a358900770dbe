-- players_3_4.lua: Micropul (and Farmopul) for three and four players.
--
-- Farmopul's rule book says rules for 3 and 4 players exist, but their text
-- is lost (RULES.md section 2), so these are pul's own. The editions
-- micropul-3p, micropul-4p, farmopul-3p and farmopul-4p play them; the setup
-- hook sets the rules of each game from its seat count, and final_scores
-- gives the later seats of a three-player game their points of compensation.
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
-- * First player. Moving first is worth something: the first player chooses
--   among the start tile's groups and the open board first. Under the rules
--   above without compensation, the greedy players won 36.8 / 30.3 / 32.8 %
--   of three-player games by seat, and 27.3 / 24.1 / 25.1 / 23.6 % of
--   four-player ones (10000 and 5000 games). One point at the end moves a
--   seat's win rate by about 4 to 5 points of percentage; a tile put into a
--   later seat's supply (2 points and a tile to play) by about 10, too much.
--   So the second and third players of a three-player game score 1 point
--   more at the end (greedy: 33.5 / 32.5 / 34.0 %); with four players the
--   first seat's edge is smaller than a point's worth, and no compensation is
--   given. Random players, who make nothing of moving first, show no such
--   edge (32.6 / 33.1 / 34.3 % without the point, 28.9 / 34.2 / 36.8 % with
--   it); we follow the greedy ones, who at least use their moves. BONUS
--   below holds the points by seat count, for strong bots to tune.
--
-- * Stones and points. Each seat keeps 3 stones, and a supply tile stays 2
--   points, a hand tile 1: closed groups still make about 30 % of a score with
--   three and four players, as with two (2 stones changed little).
--
-- * Losing. A player who starts a turn with no tile in hand or supply still
--   loses and ends the game, as in Micropul; the greedy players ran dry in
--   about 1 game in 100 with four players, fewer with three.

local HAND_SIZE = {[3] = 5, [4] = 4}

-- Points added at the end to each seat's score, by seat count.
local BONUS = {[3] = {0, 1, 1}, [4] = {0, 0, 0, 0}}

return {
    setup = function(game)
        local hand = HAND_SIZE[game:seats()]
        if not hand then return end
        game:set_rule("hand_size", hand)
        game:set_rule("hand_limit", 6)
        game:set_rule("stones", 3)
        game:set_rule("core_empty_end", "finish_round")
    end,

    final_scores = function(game, scores)
        local bonus = BONUS[game:seats()]
        if not bonus then return end
        for seat = 1, game:seats() do
            scores[seat] = scores[seat] + bonus[seat]
        end
        return scores
    end,
}
