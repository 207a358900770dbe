-- A plain find is one library call, however long the string: 140,000 of
-- them over 60,000 bytes fit an instruction budget that counts calls only.
local s = string.rep("a", 60000)
for _ = 1, 140000 do s:find("ab", 1, true) end
return {}
