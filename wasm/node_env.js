// wasm/node_env.js: run before main in the wasm build's node executables (--pre-js), it
// gives getenv() node's environment (PUL_PATH, PUL_LANG, ...), which emscripten leaves out.
Module['preRun'] = (Module['preRun'] || []).concat(function () {
  if (typeof process === 'object' && process.env) Object.assign(ENV, process.env);
});
