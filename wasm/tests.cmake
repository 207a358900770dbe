# wasm/tests.cmake: the WebAssembly build's tests, under node (ctest runs each .js with
# CMAKE_CROSSCOMPILING_EMULATOR). The unit tests come from tests/CMakeLists.txt (one program,
# pul_unit_tests.js), all but
# test_script_threads: the wasm engine is built without threads (a web page's worker
# runs one game at a time, and threads in wasm need SharedArrayBuffer, which a static
# host without cross-origin isolation headers does not give), so pthread_create fails
# there. Left out too: test_checks, which forks a child to watch an assertion abort it
# (no fork in wasm), and test_edition_roots, whose test_refused makes a FIFO and expects
# it refused as not a regular file (node's file system, under NODERAWFS, reads it as an
# empty file: the load still fails, with missing-field). The record tests below run the
# wasm pul (tools/pul.js) under node.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(PUL_NATIVE_PUL "" CACHE FILEPATH
    "a native pul (build/tools/pul): the wasm pul's referee must print the same bytes")
set(wasm_pul "${PUL_NODE} $<TARGET_FILE:pul-cli>")

# The shared conformance records, against their expected lines, as the native build runs them.
# Only without a native pul to compare with: wasm.same-as-native below referees these same
# records (tests/conformance) and compares every byte with the native pul, whose own
# conformance tests hold it to the expected lines; running both spent half a minute of
# CI's 15 on node start-ups.
if(NOT PUL_NATIVE_PUL)
  foreach(dir scenarios random solo variants)
    add_test(NAME wasm.conformance.${dir}
             COMMAND ${Python3_EXECUTABLE} tests/conformance/compare.py --legal --jobs 2
                     --cmd "${wasm_pul} referee" --dir tests/conformance/${dir}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    list(APPEND wasm_record_tests wasm.conformance.${dir})
  endforeach()
  foreach(dir random scenarios)
    add_test(NAME wasm.conformance.genial.${dir}
             COMMAND ${Python3_EXECUTABLE} tests/conformance/genial/compare_genial.py --legal
                     --jobs 2 --cmd "${wasm_pul} referee" --dir tests/conformance/genial/${dir}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    list(APPEND wasm_record_tests wasm.conformance.genial.${dir})
  endforeach()
  set_tests_properties(${wasm_record_tests} PROPERTIES
                       ENVIRONMENT "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
endif()
# Every record of tests/ refereed by the native pul and by the wasm pul: standard
# output, standard error and exit status must be the same bytes.
if(PUL_NATIVE_PUL)
  add_test(NAME wasm.same-as-native
           COMMAND ${Python3_EXECUTABLE} wasm/same_output.py --native ${PUL_NATIVE_PUL}
                   --wasm "${wasm_pul}" --jobs 2 tests/conformance tests/scenarios
                   tests/scenarios-genial tests/scenarios-scripts tests/unreadable
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(wasm.same-as-native PROPERTIES ENVIRONMENT
      "PUL_PATH=${PROJECT_SOURCE_DIR}/variants:${PROJECT_SOURCE_DIR}/tests/variants")
  # pul sim on the wasm build's one thread gives the native pul's rows, in both families.
  add_test(NAME wasm.same-sim
           COMMAND ${Python3_EXECUTABLE} wasm/same_sim.py --native ${PUL_NATIVE_PUL}
                   --wasm "${wasm_pul}" micropul genial --games 12 --bots random,greedy --swap
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(wasm.same-sim PROPERTIES ENVIRONMENT
      "PUL_PATH=${PROJECT_SOURCE_DIR}/variants")
  # The web module with its data package (wasm/CMakeLists.txt), as a worker loads it:
  # the shared conformance records refereed inside it, against the native pul.
  file(GLOB_RECURSE web_records CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}
       ${PROJECT_SOURCE_DIR}/tests/conformance/*.pmn)
  add_test(NAME wasm.web-module
           COMMAND ${PUL_NODE} wasm/web_test.mjs $<TARGET_FILE:pul-web> ${PUL_NATIVE_PUL}
                   ${web_records}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endif()
# The executables link wasm/node_env.js in (wasm.cmake): relink them when it changes.
set_property(TARGET pul_unit_tests APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/wasm/node_env.js)
# The test program is linked with binaryen's -O1 passes, not the release's -O3: its code
# is compiled at -O3 as the engine's is, and -O3's whole-program passes over every unit
# test took more of CI's time than they save running them (the pul command and the web
# module, which the record tests and the page run, keep -O3).
target_link_options(pul_unit_tests PRIVATE -O1)
# Its static data (the tests' action lists of PUL_MAX_ACTIONS entries each, about half a
# megabyte apiece) and the 5 MB stack must fit the initial memory: emcc's default, 16 MB,
# stopped holding them at 20 such lists. Growth still serves what the tests allocate.
target_link_options(pul_unit_tests PRIVATE -sINITIAL_MEMORY=33554432)
set_property(TARGET pul-cli APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/wasm/node_env.js)
