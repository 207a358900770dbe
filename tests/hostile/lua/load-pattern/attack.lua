-- Each ".-" multiplies the backtracking by about 4: with Lua's own matcher
-- this one call runs for minutes, in C where no instruction budget sees it.
local s = string.rep("a", 30)
s:find(string.rep(".-", 12) .. "b")
return {}
