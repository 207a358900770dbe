// web/test/smoke.test.mjs: the assembled page folder (build-web/, tools/dev web) in a real
// browser: the wasm engine starts in a Web Worker of Chromium from the relative path a page
// uses, answers `info` and lists every shipped edition from its data package; and the
// server `tools/dev web` runs (python3 -m http.server) gives the engine's files the content
// types a browser needs; and the folder, copied into a subfolder of another static host,
// plays there from its own relative paths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, buildWeb, root } from './harness.mjs';
import { moveCount, playTurn, start, waitTurn } from './util.mjs';

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

/** The server tools/dev web runs (python3 -m http.server) over dir, on a free port, stopped
 * when the test t ends. @param {import('node:test').TestContext} t @param {string} dir
 * @returns {Promise<number>} the port */
async function pythonServer(t, dir) {
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1',
                                   '--directory', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => { server.kill(); });
  return new Promise((ok, fail) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const m = /port (\d+)/.exec(text);
      if (m) ok(Number(m[1]));
    });
    server.on('exit', (code) => fail(new Error(`python3 -m http.server exited (${code}): ${text}`)));
  });
}

test("tools/dev web's server serves .wasm as application/wasm and .mjs as text/javascript", async (t) => {
  const port = await pythonServer(t, buildWeb);
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

test('the page folder copied into a subfolder of another static host plays there', async (t) => {
  // Another host: a copy of build-web/ two folders deep, served by a server that knows
  // nothing of the page (no mounts, no rewriting), opened by its folder's URL.
  const site = mkdtempSync(join(tmpdir(), 'pul-host-'));
  t.after(() => rmSync(site, { recursive: true, force: true }));
  const folder = join(site, 'games', 'pul');
  cpSync(buildWeb, folder, { recursive: true });
  const port = await pythonServer(t, site);
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const fetched = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`http://127.0.0.1:${port}/games/pul/`);
  await start(page, 'micropul', ['human', 'greedy']);
  assert.equal(await waitTurn(page), 'turn');
  await page.waitForSelector('[data-test="board"]');
  // three turns of the seat at the screen (a catalyst's extra turn may come between)
  const before = await moveCount(page);
  for (let turn = 0; turn < 3; turn++) {
    const n = await moveCount(page);
    await playTurn(page);
    assert.equal(await waitTurn(page, n), 'turn');
  }
  assert.ok(await moveCount(page) >= before + 3, 'three moves were played');
  for (const f of ['pul-web.mjs', 'pul-web.wasm', 'pul-web.data']) {
    assert.ok(fetched.includes(`/games/pul/engine/${f}`), `the page fetched its engine's ${f} from its own folder`);
  }
  assert.deepEqual(fetched.filter((p) => !p.startsWith('/games/pul/')), [], 'nothing outside the folder');
  assert.deepEqual(errors, []);
});
