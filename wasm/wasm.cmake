# wasm/wasm.cmake: the WebAssembly build's settings (tools/dev wasm configures it with
# emcmake in build-wasm/): the libraries of wasm/deps.cmake, and how emcc links.
include(${CMAKE_CURRENT_LIST_DIR}/deps.cmake)
# Installed editions are looked for in PUL_DATA_DIR (engine/src/load), which the web
# module's virtual file system holds at /usr/share/pul (wasm/CMakeLists.txt).
set(CMAKE_INSTALL_FULL_DATADIR /usr/share)

# Every executable (the pul command, the unit tests) runs under node: NODERAWFS gives it
# the machine's files and working directory, so it reads variants/ and records as the
# native build does, node_env.js gives it node's environment (PUL_PATH), and
# EXIT_RUNTIME its exit status. A target with the property PUL_WASM_WEB (the module a
# web page loads, wasm/CMakeLists.txt) has none of these: it runs in a browser's worker.
set(pul_node "$<NOT:$<BOOL:$<TARGET_PROPERTY:PUL_WASM_WEB>>>")
add_link_options(-sALLOW_MEMORY_GROWTH=1
                 "$<${pul_node}:-sNODERAWFS=1>" "$<${pul_node}:-sEXIT_RUNTIME=1>"
                 "$<${pul_node}:SHELL:--pre-js ${CMAKE_CURRENT_LIST_DIR}/node_env.js>")
# ctest runs the .js of each test under node (the toolchain's default adds
# --experimental-wasm-threads, a flag recent node refuses).
find_program(PUL_NODE node REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${PUL_NODE}" CACHE FILEPATH "runs the wasm executables" FORCE)
# emcc's JavaScript optimizer needs acorn, which Debian's emscripten gets from node-acorn
# in /usr/share/nodejs: Debian's node looks there, a node from elsewhere (nodesource) not.
if(EXISTS /usr/share/nodejs/acorn)
  set(CMAKE_C_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
endif()
