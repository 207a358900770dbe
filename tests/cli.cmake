# cli.cmake: the ctest entry for the pul command seen from outside (tests/cli_test.sh):
# help, exit codes, play replayed by referee, bench --json; included from tests/CMakeLists.txt.
add_test(NAME cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli_test.sh $<TARGET_FILE:pul-cli>)
set_tests_properties(cli PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# check_test.sh: pul check and pul variants (exit codes, error lines, figures counted from the YAML).
add_test(NAME check COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_test.sh $<TARGET_FILE:pul-cli>
                            ${PROJECT_SOURCE_DIR})
set_tests_properties(check PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# sim_test.sh: pul sim and pul sim merge (determinism over threads and shards, A/B, the report).
add_test(NAME sim COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/sim_test.sh $<TARGET_FILE:pul-cli>
                            ${PROJECT_SOURCE_DIR})
set_tests_properties(sim PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# render_test.py: pul render (SVG parsed, reference pictures in tests/render/ compared byte for
# byte, PNG size, errors). LSAN_OPTIONS: fontconfig's cache, kept by librsvg's pango, is never
# freed (tests/lsan.supp says why); it only matters under -DPUL_SANITIZE=ON.
if(Python3_Interpreter_FOUND)
  add_test(NAME render COMMAND ${Python3_EXECUTABLE} tests/render_test.py --pul $<TARGET_FILE:pul-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(render PROPERTIES ENVIRONMENT
      "PUL_PATH=${PROJECT_SOURCE_DIR}/variants;LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

# render_genial_test.py: pul render of the Einfach Genial family (the SVG held against the
# position tests/genial_ref.py reaches from the same record: cells, play area, printed symbols,
# tiles, the last tile, tracks, racks; the tile sheet; references in tests/render/genial*.svg;
# PNG size and Japanese glyphs; errors). It imports render_test.py's checks.
if(Python3_Interpreter_FOUND)
  add_test(NAME render_genial COMMAND ${Python3_EXECUTABLE} tests/render_genial_test.py
                                      --pul $<TARGET_FILE:pul-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(render_genial PROPERTIES ENVIRONMENT
      "PUL_PATH=${PROJECT_SOURCE_DIR}/variants;LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

# play_test.py: interactive pul play through a pseudo-terminal and a pipe (whole games, hot-seat,
# SIGKILL and resume, the four languages, the message table, bad options).
add_test(NAME play COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/play_test.py $<TARGET_FILE:pul-cli>
                           ${PROJECT_SOURCE_DIR})
set_tests_properties(play PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
# The same script's comfort group: screens fitted to 80x24 and 60 columns, the difficulty
# levels, hint's number, r N's cells, and line editing when the build has libedit.
add_test(NAME play_comfort COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/play_test.py
                                   $<TARGET_FILE:pul-cli> ${PROJECT_SOURCE_DIR} comfort)
set_tests_properties(play_comfort PROPERTIES ENVIRONMENT
                     "PUL_PATH=${PROJECT_SOURCE_DIR}/variants;PUL_LINE_EDITING=${PUL_LINE_EDITING_LIB}")

# play_genial_test.py: pul play of the Einfach Genial editions through a pseudo-terminal and a pipe
# (whole games against a bot and hot-seat, no other seat's rack or draws shown, the screens fitted
# to 80x24 and 40x20, the list's points, hint, undo and its refusals, faithful resume, languages).
add_test(NAME play_genial COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/play_genial_test.py
                                  $<TARGET_FILE:pul-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(play_genial PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# replay_test.py: pul replay through pipes and a pseudo-terminal (keys, stepping back restores the
# screen), --at N against stepping, the messages in four languages, bad records.
if(Python3_Interpreter_FOUND)
  add_test(NAME replay COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/replay_test.py
                               --cmd $<TARGET_FILE:pul-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(replay PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
endif()

# reach_test.sh: the build's pul finds the shipped editions from any folder (a copy elsewhere
# does not), and pul render warns when no installed font draws a PNG's words. PUL_PATH unset.
add_test(NAME reach COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/reach_test.sh $<TARGET_FILE:pul-cli>
                            ${PROJECT_SOURCE_DIR})

# words_test.py: the words pul shows (issue 11, item 5): refusals and play messages in the
# edition's words in four languages, one Japanese word for seat and extra turn, columns aligned
# by terminal cells, replay ending with the score breakdown, a solo end with its score, and
# every text table complete with the same conversions and placeholders.
if(Python3_Interpreter_FOUND)
  add_test(NAME words COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/words_test.py
                              $<TARGET_FILE:pul-cli> ${PROJECT_SOURCE_DIR}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(words PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
endif()

# board_test.py: the terminal board says what it means (issue 11, item 2): the legend in the
# theme's words and the session's language within 80 columns, big tiles in their micropul's
# colour, one dot per one-dot catalyst, claims naming their group, seat colours alike in the
# status lines and on the board, the last tile underlined, the scoring groups at the end.
if(Python3_Interpreter_FOUND)
  add_test(NAME board COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/board_test.py
                              $<TARGET_FILE:pul-cli> ${PROJECT_SOURCE_DIR}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(board PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
endif()
