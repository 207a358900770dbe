-- evil.lua: a hook that fails after every action with a message built to
-- drive the terminal that prints it: OSC 52 (write the clipboard), OSC 0 (the
-- window title), CSI 2J (clear the screen), CSI as the C1 byte, a bidi
-- override, bytes that are not UTF-8, and a line break with a fake prompt.
return {
    after_action = function(game, events)
        error("\27]52;c;ZXZpbA==\7\27]0;pwned\7\27[2J\194\155" .. "31m\226\128\174" ..
              "\255\254 gone\r\n\27[2KSeat 1> ", 0)
    end,
}
