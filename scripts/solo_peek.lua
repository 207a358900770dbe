-- solo_peek.lua: the designer's use for the cross in solo Micropul (RULES.md,
-- "Solo"). In the base solo rules an activated cross does nothing; with this
-- script it shows the player one tile of their own supply that they have not
-- seen yet: the one drawn most recently, so that a game record needs no extra
-- random choice to replay it. A tile seen this way may be taken from the
-- supply by name (a take of "t17"); a random take still draws among the tiles
-- not seen. The micropul-solo-peek edition plays it.
--
-- The peek replaces the cross's extra turn, it does not add to it: the handler
-- sets act.extra_turn to false, so the cross gives no extra turn even in an
-- edition that turns solo_extra_turn on, or one that seats two players.
--
-- The engine runs every on_activate handler of a placement before it draws
-- that placement's tiles (a handler may change how many are drawn), so the
-- peek sees the supply as it was before the placement: a tile that a dot of
-- the same placement draws cannot be peeked at yet. When every supply tile is
-- already known, or the supply is empty, the cross shows nothing.
--
-- Only the cross calls Lua (a table of handlers keyed by feature name), so
-- the other catalysts cost nothing.

return {
    on_activate = {
        cross = function(game, act)
            act.extra_turn = false
            game:reveal(act.seat)
        end,
    },
}
