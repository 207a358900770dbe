# install.cmake: the ctest entry that installs this build into a temporary prefix and
# uses it from outside the tree (tests/install_test.sh); included from tests/CMakeLists.txt.
set(PUL_INSTALL_TEST_FLAGS "")
if(PUL_SANITIZE)
  # The installed libpul is instrumented, so the program linked to it must be too.
  set(PUL_INSTALL_TEST_FLAGS "-fsanitize=address,undefined")
endif()
add_test(NAME install
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install_test.sh ${CMAKE_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} "${PUL_INSTALL_TEST_FLAGS}")
