// web/test/pages/smoke-worker.mjs: the engine module of build-web/engine/ in a Web Worker,
// by the relative path the page uses: `pul engine` runs over three lines on its standard
// input, and the worker posts back its exit status and the JSON lines it printed.
import createPul from '../../engine/pul-web.mjs';

// The module finds its .wasm beside itself, but its data package (the editions) beside the
// worker's script unless locateFile says where: beside the module too.
const engine = new URL('../../engine/', import.meta.url);

const input = new TextEncoder().encode('info\nvariants\nquit\n');
let at = 0;
/** @type {string[]} */
const lines = [];
const pul = await createPul({
  locateFile: (/** @type {string} */ name) => new URL(name, engine).href,
  stdin: () => (at < input.length ? input[at++] : null),
  print: (/** @type {string} */ line) => lines.push(line),
  printErr: (/** @type {string} */ line) => lines.push('stderr: ' + line),
});
const status = pul.callMain(['engine']);
postMessage({ status, lines });
