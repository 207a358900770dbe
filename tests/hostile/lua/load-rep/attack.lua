-- string.rep copies the empty string 2^62 times in C: forever. Then an
-- endless loop, so the script fails even where rep is quick.
local s = string.rep("", 1 << 62)
while true do end
