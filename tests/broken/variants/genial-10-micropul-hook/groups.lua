-- A Micropul hook in a Genial edition: Genial has no groups to score.
return {
    score_group = function(game, group)
        return group.points * 2
    end,
}
