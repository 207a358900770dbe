# cli.cmake: the ctest entry for the pul command seen from outside (tests/cli_test.sh):
# help, exit codes, play replayed by referee, bench --json; included from tests/CMakeLists.txt.
add_test(NAME cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli_test.sh $<TARGET_FILE:pul-cli>)
set_tests_properties(cli PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# check_test.sh: pul check and pul variants (exit codes, error lines, figures counted from the YAML).
add_test(NAME check COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_test.sh $<TARGET_FILE:pul-cli>
                            ${PROJECT_SOURCE_DIR})
set_tests_properties(check PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")

# sim_test.sh: pul sim and pul sim merge (determinism over threads and shards, A/B, the report).
add_test(NAME sim COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/sim_test.sh $<TARGET_FILE:pul-cli>)
set_tests_properties(sim PROPERTIES ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
