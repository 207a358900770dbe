// web/test/smoke.test.mjs: the assembled page folder (build-web/, tools/dev web) in a real
// browser: the wasm engine starts in a Web Worker of Chromium from the relative path a page
// uses, answers `info` and lists every shipped edition from its data package; and the
// server `tools/dev web` runs (python3 -m http.server) gives the engine's files the content
// types a browser needs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSession, buildWeb, root } from './harness.mjs';

/** @type {import('./harness.mjs').Session} */
let session;
before(async () => { session = await openSession(); });
after(async () => { await session?.close(); });

test('the wasm engine answers info and variants in a Web Worker in Chromium', async () => {
  const { page, errors } = await session.newPage('test/pages/smoke.html');
  await page.waitForSelector('#out[data-done="yes"]', { state: 'attached', timeout: 120_000 });
  const result = JSON.parse((await page.textContent('#out')) ?? '{}');
  assert.equal(result.error, undefined, 'the worker failed');
  assert.equal(result.status, 0, `pul engine's exit status; it printed:\n${result.lines?.join('\n')}`);
  const replies = result.lines.map((/** @type {string} */ l) => JSON.parse(l));
  assert.equal(replies.length, 3, 'one reply per line: info, variants, quit');

  const [info, variants, quit] = replies;
  assert.equal(info.ok, true);
  assert.equal(info.cmd, 'info');
  assert.equal(info.name, 'pul');
  assert.equal(info.protocol, 1);
  for (const cmd of ['newgame', 'play', 'validmoves', 'bestmove', 'state', 'render']) {
    assert.ok(info.commands.includes(cmd), `info lists ${cmd}`);
  }

  // every edition of variants/, from the data package beside the module, none broken
  const shipped = readdirSync(join(root, 'variants'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'variants', d.name, 'variant.yaml')))
    .map((d) => d.name).sort();
  assert.equal(variants.ok, true);
  assert.deepEqual(variants.variants.map((/** @type {{id: string}} */ v) => v.id).sort(), shipped);
  for (const v of variants.variants) assert.equal(v.error, undefined, `${v.id}: ${v.error}`);
  assert.ok(variants.variants.some((/** @type {{family: string}} */ v) => v.family === 'genial'));
  assert.equal(quit.ok, true);

  // fetched beside the module, by relative paths
  for (const f of ['/engine/pul-web.mjs', '/engine/pul-web.wasm', '/engine/pul-web.data']) {
    assert.ok(session.server.requests.includes(f), `the page fetched ${f}`);
  }
  assert.deepEqual(errors, []);
});

test("tools/dev web's server serves .wasm as application/wasm and .mjs as text/javascript", async (t) => {
  // the command tools/dev web runs, on a free port
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1',
                                   '--directory', buildWeb], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => { server.kill(); });
  const port = await new Promise((ok, fail) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const m = /port (\d+)/.exec(text);
      if (m) ok(Number(m[1]));
    });
    server.on('exit', (code) => fail(new Error(`python3 -m http.server exited (${code}): ${text}`)));
  });
  /** @type {Record<string, RegExp>} */
  const want = {
    'engine/pul-web.wasm': /^application\/wasm$/,
    'engine/pul-web.mjs': /^text\/javascript(;|$)/,
  };
  for (const [path, type] of Object.entries(want)) {
    const res = await fetch(`http://127.0.0.1:${port}/${path}`);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', type, path);
    await res.arrayBuffer();
  }
});
