// web/test/screenshot.test.mjs: the board as Chromium draws it, against a stored reference
// picture (web/test/ref/), within a tolerance: at most 1% of the pixels may differ by more than
// 48 in a channel (anti-aliasing and font hinting vary between machines; a missing tile, a
// wrong rotation or lost art does not fit in that). PUL_WEB_UPDATE=1 rewrites the references.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setUp, start, waitTurn } from './util.mjs';

const refDir = join(dirname(fileURLToPath(import.meta.url)), 'ref');
/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env.close(); });

/** The fraction of pixels that differ, compared in the page's canvas.
 * @param {import('playwright-core').Page} page @param {Buffer} a @param {Buffer} b */
async function difference(page, a, b) {
  return page.evaluate(async ([x, y]) => {
    /** @param {string} s */
    const pixels = async (s) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + s;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
      g.drawImage(img, 0, 0);
      return { w: img.width, h: img.height, d: g.getImageData(0, 0, img.width, img.height).data };
    };
    const p = await pixels(x), q = await pixels(y);
    if (p.w !== q.w || p.h !== q.h) return 1;
    let bad = 0;
    for (let i = 0; i < p.d.length; i += 4) {
      const m = Math.max(Math.abs(p.d[i] - q.d[i]), Math.abs(p.d[i + 1] - q.d[i + 1]), Math.abs(p.d[i + 2] - q.d[i + 2]));
      if (m > 48) bad++;
    }
    return bad / (p.w * p.h);
  }, [a.toString('base64'), b.toString('base64')]);
}

for (const [variant, seed] of [['micropul', '7'], ['genial', '7']]) {
  test(`the ${variant} board matches its reference picture`, async () => {
    const page = await env.page(`?seed=${seed}&lang=en`);
    await start(page, variant, ['human', 'greedy']);
    await waitTurn(page);
    // a tile picked: the legal cells highlighted are in the picture too
    await page.click('[data-test="rack-tile"][data-index="0"]');
    const shot = await page.locator('[data-test="board"]').screenshot();
    const ref = join(refDir, `${variant}-board.png`);
    if (process.env.PUL_WEB_UPDATE === '1') await writeFile(ref, shot);
    assert.ok(existsSync(ref), `no reference ${ref}: run with PUL_WEB_UPDATE=1 and look at the picture`);
    const diff = await difference(page, shot, await readFile(ref));
    assert.ok(diff <= 0.01, `${(diff * 100).toFixed(2)}% of the pixels differ`);
    // the check can fail: the same board zoomed is not the reference
    await page.click('[data-test="zoom-in"]');
    const zoomed = await page.locator('[data-test="board"]').screenshot();
    assert.ok((await difference(page, zoomed, await readFile(ref))) > 0.01, 'a changed board is told apart');
  });
}
