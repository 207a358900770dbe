# wasm/deps.cmake: libyaml and Lua 5.4 for the WebAssembly build, compiled from the
# source trees of Debian's source packages (`apt-get source`, which tools/dev wasm runs):
# the versions and patches of the native build's libyaml-dev and liblua5.4-dev, built
# by emcc as static libraries. They stand in for the PkgConfig::YAML and PkgConfig::LUA
# targets a native build gets from pkg-config, so engine/, tools/ and tests/ link as
# they do natively. Included before add_compile_options(): the pul warnings (-Werror)
# are for our code, not for theirs.
set(PUL_WASM_YAML_SRC "" CACHE PATH "libyaml's unpacked Debian source tree (apt-get source libyaml)")
set(PUL_WASM_LUA_SRC "" CACHE PATH "Lua 5.4's unpacked Debian source tree (apt-get source lua5.4)")
foreach(v YAML LUA)
  if(NOT EXISTS "${PUL_WASM_${v}_SRC}/debian/changelog")
    message(FATAL_ERROR "the wasm build needs PUL_WASM_${v}_SRC, a Debian source tree "
                        "(apt-get source); tools/dev wasm fetches it and sets it")
  endif()
endforeach()

# libyaml: its src/*.c with the version its own CMakeLists.txt sets (Debian builds it
# with autotools, which define the same four macros in config.h).
file(STRINGS "${PUL_WASM_YAML_SRC}/CMakeLists.txt" yaml_sets REGEX "^set \\(YAML_VERSION_(MAJOR|MINOR|PATCH) ")
foreach(line ${yaml_sets})
  string(REGEX REPLACE "^set \\((YAML_VERSION_[A-Z]+) ([0-9]+)\\)$" "\\1=\\2" def "${line}")
  list(APPEND yaml_defs ${def})
  string(REGEX REPLACE "^.* ([0-9]+)\\)$" "\\1" num "${line}")
  list(APPEND yaml_version ${num})
endforeach()
list(LENGTH yaml_version n)
if(NOT n EQUAL 3)
  message(FATAL_ERROR "no YAML_VERSION_MAJOR/MINOR/PATCH in ${PUL_WASM_YAML_SRC}/CMakeLists.txt")
endif()
string(REPLACE ";" "." yaml_version "${yaml_version}")
file(GLOB yaml_srcs "${PUL_WASM_YAML_SRC}/src/*.c")
add_library(pul_wasm_yaml STATIC ${yaml_srcs})
target_compile_definitions(pul_wasm_yaml PRIVATE ${yaml_defs} YAML_VERSION_STRING="${yaml_version}"
                           PUBLIC YAML_DECLARE_STATIC)
target_include_directories(pul_wasm_yaml PUBLIC "${PUL_WASM_YAML_SRC}/include")
# gnu, as Debian compiles it (autotools and gcc's default): strdup is not in strict C.
set_target_properties(pul_wasm_yaml PROPERTIES C_EXTENSIONS ON)
add_library(PkgConfig::YAML ALIAS pul_wasm_yaml)

# Lua: the library's files of src/ (not the lua and luac programs), as debian/rules
# builds them (gnu99, LUA_COMPAT_5_3), with POSIX but no dlopen (C modules cannot be
# loaded into a wasm module; the rule-script sandbox has no require anyway). The
# patched luaconf.h includes the header debian/rules writes for the multiarch path.
file(GLOB lua_srcs "${PUL_WASM_LUA_SRC}/src/*.c")
list(REMOVE_ITEM lua_srcs "${PUL_WASM_LUA_SRC}/src/lua.c" "${PUL_WASM_LUA_SRC}/src/luac.c")
set(lua_gen "${CMAKE_BINARY_DIR}/wasm-deps/lua")
file(WRITE "${lua_gen}/lua5.4-deb-multiarch.h.new"
     "#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH \"wasm32-emscripten\"\n#endif\n")
file(COPY_FILE "${lua_gen}/lua5.4-deb-multiarch.h.new" "${lua_gen}/lua5.4-deb-multiarch.h" ONLY_IF_DIFFERENT)
add_library(pul_wasm_lua STATIC ${lua_srcs})
set_target_properties(pul_wasm_lua PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
target_compile_definitions(pul_wasm_lua PRIVATE LUA_COMPAT_5_3 LUA_USE_POSIX)
target_include_directories(pul_wasm_lua PUBLIC "${lua_gen}" "${PUL_WASM_LUA_SRC}/src")
add_library(PkgConfig::LUA ALIAS pul_wasm_lua)

foreach(v YAML LUA)
  file(STRINGS "${PUL_WASM_${v}_SRC}/debian/changelog" head LIMIT_COUNT 1)
  string(REGEX REPLACE "^([^ ]+) \\(([^)]+)\\).*$" "\\1 \\2" head "${head}")
  message(STATUS "wasm: ${head} from Debian's source package (${PUL_WASM_${v}_SRC})")
endforeach()
