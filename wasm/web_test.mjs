// wasm/web_test.mjs: the web module (pul-web.mjs, its .wasm and its .data) as a page's
// worker loads it, under node: the editions come from its data package, not from the
// disk (no PUL_PATH, no NODERAWFS). Every record given is written into the module's
// file system and refereed there, one callMain each, in one instance; the output and
// exit status must be those of the native pul on the same record, byte for byte.
//
// usage: node wasm/web_test.mjs BUILD-WASM/wasm/pul-web.mjs NATIVE_PUL RECORD...
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [modulePath, nativePul, ...records] = process.argv.slice(2);
if (!modulePath || !nativePul || records.length === 0) {
  console.error('usage: node wasm/web_test.mjs PUL-WEB.mjs NATIVE_PUL RECORD...');
  process.exit(2);
}
const { default: createPul } = await import(modulePath);
let out = [];
const pul = await createPul({
  // node's fetch cannot read a path, so the two files are handed over as bytes
  wasmBinary: readFileSync(modulePath.replace(/\.mjs$/, '.wasm')),
  getPreloadedPackage: (name) => readFileSync(modulePath.replace(/[^/]*$/, name)).buffer,
  print: (line) => out.push(line),
  printErr: (line) => out.push('stderr: ' + line),
});

// The native pul with only the shipped editions of the source tree (as the web module has).
function native(record) {
  try {
    return { rc: 0, text: execFileSync(nativePul, ['referee', '--legal', record],
                                       { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { rc: e.status, text: e.stdout };
  }
}

let same = 0;
for (const record of records) {
  const inside = '/tmp/' + basename(record);
  pul.FS.writeFile(inside, readFileSync(record));
  out = [];
  const rc = pul.callMain(['referee', '--legal', inside]);
  const web = out.filter((l) => !l.startsWith('stderr: ')).map((l) => l + '\n').join('');
  const want = native(record);
  if (rc === want.rc && web === want.text) {
    same++;
  } else {
    console.log(`DIFFERENT ${record}: exit ${rc} (native ${want.rc})`);
    const a = web.split('\n'), b = want.text.split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    console.log(`  line ${i + 1}:\n  web    ${a[i]}\n  native ${b[i]}`);
    console.log(out.filter((l) => l.startsWith('stderr: ')).slice(0, 3).join('\n'));
  }
}
console.log(`same ${same}/${records.length}`);
process.exit(same === records.length ? 0 : 1);
