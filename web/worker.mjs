// web/worker.mjs: the engine in a Web Worker: loads the wasm module from ./engine/ and answers
// each posted command line with the dispatcher's JSON reply (PROTOCOL.md), one at a time.

/** @typedef {{ HEAPU8: Uint8Array, _malloc(n: number): number, _free(p: number): void,
 *   _engine_new(dirs: number): number, _engine_command(e: number, line: number, len: number): number }} PulModule */

const base = new URL('./engine/', self.location.href);
const enc = new TextEncoder();
const dec = new TextDecoder();

/** @returns {Promise<{ mod: PulModule, engine: number }>} */
async function load() {
  // The two files are fetched here and handed over, so the module needs no XHR of its own
  // (a module worker has no importScripts, which emscripten's loader tests for).
  const get = (/** @type {string} */ name) => fetch(new URL(name, base)).then((r) => {
    if (!r.ok) throw new Error(name + ': ' + r.status);
    return r.arrayBuffer();
  });
  const [wasm, data] = await Promise.all([get('pul-web.wasm'), get('pul-web.data')]);
  const url = new URL('pul-web.mjs', base).href;
  const { default: createPul } = await import(/* @vite-ignore */ url);
  /** @type {PulModule} */
  const mod = await createPul({
    wasmBinary: wasm,
    getPreloadedPackage: () => data,
    locateFile: (/** @type {string} */ p) => new URL(p, base).href,
    print: () => {},
    printErr: () => {},
  });
  const engine = mod._engine_new(0);
  if (!engine) throw new Error('engine_new failed');
  return { mod, engine };
}

const ready = load();

// The command line's buffer in the engine's memory, kept from one command to the next
// (a malloc and a free per command were a tenth of a quick game's time in Chromium).
let linePtr = 0;
let lineCap = 0;

/** @param {PulModule} mod @param {number} engine @param {string} line @returns {string} */
function command(mod, engine, line) {
  const most = line.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
  if (most > lineCap) {
    if (linePtr) mod._free(linePtr);
    lineCap = Math.max(4096, most);
    linePtr = mod._malloc(lineCap);
    if (!linePtr) {
      lineCap = 0;
      throw new Error('the engine has no memory for a command line of ' + line.length + ' characters');
    }
  }
  const { written } = enc.encodeInto(line, mod.HEAPU8.subarray(linePtr, linePtr + lineCap));
  const reply = mod._engine_command(engine, linePtr, written ?? 0);
  const heap = mod.HEAPU8; // the heap may have grown during the command: a fresh view
  const end = heap.indexOf(0, reply); // the reply's NUL (a render is megabytes: not byte by byte in JS)
  return dec.decode(heap.subarray(reply, end));
}

self.onmessage = async (/** @type {MessageEvent<{id: number, line: string}>} */ ev) => {
  const { id, line } = ev.data;
  let text;
  try {
    const { mod, engine } = await ready;
    text = command(mod, engine, line);
  } catch (e) {
    text = JSON.stringify({ ok: false, error: 'engine_load', message: String(e) });
  }
  self.postMessage({ id, text });
};
