-- table.sort on a string (60,000 elements: its length) whose shared
-- metatable makes every read a search of 60,000 bytes: library functions as
-- metamethods run inside sort's C loop, where no instruction is counted.
local s = string.rep("1", 60000)
local mt = getmetatable("")
mt.__len = rawlen -- sort asks for one, though a string's length is its own
mt.__index = string.find
mt.__newindex = rawequal
table.sort(s, getmetatable) -- an order function that always says "not less"
return {}
