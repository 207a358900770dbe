// web/test/harness.mjs: what the browser tests (web/test/*.test.mjs, under node --test)
// share: a static server over build-web/ (the page as `tools/dev web` assembles it) on a
// free port of 127.0.0.1, with web/test/ under /test/ (its pages/ are pages only the tests
// load: /test/pages/x.html reaches the engine at ../../engine/ as web/x.html does at engine/), and
// Debian's Chromium launched headless through playwright-core (no browser of its own).
//
//   import { openSession } from './harness.mjs';
//   const s = await openSession();            // server and browser, once per test file
//   after(() => s.close());
//   const { page, errors } = await s.newPage('index.html');
//
// The browser is /usr/bin/chromium, or the one PUL_CHROMIUM names.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The repository's root folder. */
export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The assembled page: web/ without its tests, and the wasm engine in engine/. */
export const buildWeb = join(root, 'build-web');
/** The tests' folder, served under /test/ (pages/ holds pages only the tests load). */
export const testDir = join(root, 'web', 'test');

/** Content types by file name extension: a browser refuses a module or a wasm
 *  stream served under another one. @type {Record<string, string>} */
export const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.pmn': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * @typedef {{ url: string, requests: string[], close: () => Promise<void> }} Server
 */

/**
 * A static server over dir on 127.0.0.1 and a free port, with each of mounts (a URL
 * prefix such as '/test/' to a folder) served from its own folder. Every request's path
 * is kept in requests, so a test can tell what the page fetched.
 * @param {{ dir?: string, mounts?: Record<string, string> }} [options]
 * @returns {Promise<Server>}
 */
export async function startServer({ dir = buildWeb, mounts = { '/test/': testDir } } = {}) {
  /** @type {string[]} */
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    requests.push(path);
    let base = dir, rest = path;
    for (const [prefix, folder] of Object.entries(mounts)) {
      if (path.startsWith(prefix)) {
        base = folder;
        rest = path.slice(prefix.length - 1);
      }
    }
    let file = resolve(join(base, rest));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('outside the served folder');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: ' + path);
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    close: () => new Promise((ok) => {
      server.closeAllConnections();
      server.close(() => ok(undefined));
    }),
  };
}

/** Debian's Chromium (apt's chromium; tools/dev installs it), or PUL_CHROMIUM. */
export function chromiumPath() {
  const path = process.env.PUL_CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`no Chromium at ${path}: install Debian's chromium (tools/dev web --test ` +
                    'does) or name one with PUL_CHROMIUM');
  }
  return path;
}

/**
 * Chromium, headless. --no-sandbox: CI runs as root, where Chromium's sandbox refuses to
 * start; --disable-gpu and --disable-dev-shm-usage: no GPU, and a small /dev/shm in
 * containers.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   context: import('playwright-core').BrowserContext,
 *   errors: string[],
 * }} OpenedPage
 * @typedef {{
 *   server: Server,
 *   browser: import('playwright-core').Browser,
 *   url: (path: string) => string,
 *   newPage: (path: string, options?: import('playwright-core').BrowserContextOptions) => Promise<OpenedPage>,
 *   close: () => Promise<void>,
 * }} Session
 */

/**
 * The server over build-web/ and the browser, for one test file. newPage(path) opens path
 * (relative to the page's root) in a context of its own (its own storage) and keeps every
 * uncaught exception and console error of the page and its workers in errors, for the test
 * to assert none happened.
 * @returns {Promise<Session>}
 */
export async function openSession() {
  if (!existsSync(join(buildWeb, 'engine', 'pul-web.wasm'))) {
    throw new Error(`${buildWeb} has no engine: run tools/dev web --build-only first`);
  }
  const server = await startServer();
  const browser = await launchBrowser();
  const url = (/** @type {string} */ path) => new URL(path, server.url).href;
  return {
    server,
    browser,
    url,
    async newPage(path, options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      const page = await context.newPage();
      /** @type {string[]} */
      const errors = [];
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
      page.on('worker', (w) => w.on('console', (m) => {
        if (m.type() === 'error') errors.push(`worker console: ${m.text()}`);
      }));
      await page.goto(url(path));
      return { page, context, errors };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
