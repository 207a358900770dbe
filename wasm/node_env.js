// wasm/node_env.js: run before main in the wasm build's node executables (--pre-js): it
// gives getenv() node's environment (PUL_PATH, PUL_LANG, ...), which emscripten leaves
// out, and hands over the .wasm beside the .js as bytes: node 18 and later have a fetch
// that emscripten 3.1.6 would try on the file's path, and fail.
if (typeof process === 'object' && process.versions && process.versions.node) {
  Module['wasmBinary'] = require('fs').readFileSync(__filename.replace(/\.js$/, '.wasm'));
  Module['preRun'] = (Module['preRun'] || []).concat(function () {
    if (typeof ENV === 'object') Object.assign(ENV, process.env); // kept when getenv is used
  });
}
