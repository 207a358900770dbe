// web/test/serve.mjs: a minimal stand-in for the browser tests' harness: a static server of
// the page (web/) with the engine (build-wasm/wasm/) under /engine/, or of an assembled
// build-web/ when there is one, and Debian's chromium through playwright-core.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, extname, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
const TYPES = /** @type {Record<string,string>} */ ({
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.json': 'application/json', '.svg': 'image/svg+xml',
});

/** Where the page and the engine come from. */
export function roots() {
  const built = process.env.PUL_WEB_ROOT || join(repo, 'build-web');
  if (existsSync(join(built, 'engine', 'pul-web.wasm')) && existsSync(join(built, 'index.html')))
    return { page: built, engine: join(built, 'engine') };
  return { page: join(repo, 'web'), engine: process.env.PUL_WEB_ENGINE || join(repo, 'build-wasm', 'wasm') };
}

/** @returns {Promise<{url: string, close: () => Promise<void>, bytes: () => number}>} */
export async function serve() {
  const { page, engine } = roots();
  let sent = 0;
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url || '/', 'http://x').pathname);
    const file = path.startsWith('/engine/') ? join(engine, path.slice(8))
      : join(page, path === '/' ? 'index.html' : path);
    try {
      if (path.includes('..') || !(await stat(file)).isFile()) throw new Error('no');
      const body = await readFile(file);
      sent += body.length;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(null)));
  const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${addr.port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
    bytes: () => sent,
  };
}

/** Debian's chromium, headless. */
export async function launch() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.PUL_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
}
