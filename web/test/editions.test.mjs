// web/test/editions.test.mjs: every edition the start screen offers starts in Chromium at its
// fewest seats (the human against greedy bots), draws its board in its theme's art, and takes
// a turn by clicking; whole games to the end screen are game.test.mjs's, one per family.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from './harness.mjs';
import { setUp, start, waitTurn, playTurn, moveCount } from './util.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env.close(); });

test('every edition starts, draws its board and takes a turn by clicking', async () => {
  const probe = await env.page();
  await probe.waitForSelector('[data-test="start"]', { timeout: 30000 });
  const offered = await probe.$$eval('[data-test="edition"] option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  await probe.close();
  // the start screen offers every edition shipped in variants/
  const shipped = (await readdir(join(root, 'variants'), { withFileTypes: true }))
    .filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.deepEqual([...offered].sort(), shipped);
  for (const edition of offered) {
    const page = await env.page('?seed=5');
    await page.waitForSelector('[data-test="start"]', { timeout: 30000 });
    await page.selectOption('[data-test="edition"]', edition);
    const counts = await page.$$eval('[data-test="seat-count"] option', (os) => os.map((o) => Number(/** @type {HTMLOptionElement} */ (o).value)));
    const seats = Math.min(...counts);
    await start(page, edition, ['human', ...Array(seats - 1).fill('greedy')]);
    assert.equal(await waitTurn(page), 'turn', `${edition}: the human's turn comes`);
    // Micropul boards open with a start tile; Genial's open with the hexes of the board
    const drawn = await page.$$('[data-test="board"] [data-test="tile"], [data-test="board"] [data-test="hex"]');
    assert.ok(drawn.length >= 1, `${edition}: the board is drawn`);
    const before = await moveCount(page);
    const move = await playTurn(page);
    assert.ok((await moveCount(page)) > before, `${edition}: ${move} was taken`);
    assert.deepEqual(/** @type {any} */ (page).errors, [], edition);
    await page.close();
  }
});
