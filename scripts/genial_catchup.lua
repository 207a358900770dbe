-- genial_catchup.lua: a catch-up rule for Einfach Genial editions. A half that
-- scores on one of the placing seat's lowest tracks scores one point more, so
-- a seat that falls behind on a symbol catches up a little faster on it. A
-- half that scores nothing gains nothing, and a track at its end stays there
-- (the engine clamps it). The genial-catchup edition plays it.
--
-- The engine calls score_placement once per half of a placement, in written
-- order, before either half moves a track: both halves see the tracks as they
-- were before the placement. Only placements call Lua; refills, swaps and the
-- fast paths (legal moves, random actions) never do.

return {
    score_placement = function(game, half)
        if half.points == 0 then return end
        local tracks = game:tracks(half.seat)
        local low = math.huge
        for _, v in pairs(tracks) do
            if v < low then low = v end
        end
        if tracks[half.symbol] == low then return half.points + 1 end
    end,
}
