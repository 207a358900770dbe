-- score_flood.lua: a billion points to the first seat for every group that
-- closes, whoever owns it.
return {
    score_group = function(game, grp)
        return 1, 1000000000
    end,
}
