// web/test/game.test.mjs: whole games against a bot by clicking, to the end screen, in both
// families; the record downloaded, loaded again and replayed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { setUp, start, waitTurn, playTurn, moveCount } from './util.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env.close(); });

/** Plays the human seat by clicking until the end screen; returns the number of turns.
 * @param {import('playwright-core').Page} page */
async function playToEnd(page) {
  let state = await waitTurn(page);
  let turns = 0;
  while (state === 'turn') {
    await playTurn(page);
    turns++;
    assert.ok(turns < 400, 'the game ends');
    state = await waitTurn(page, (await moveCount(page)) - 1);
    // the reply may still be the bots' turn: wait until the human's or the end
    if (state === 'turn' && !(await page.$('[data-test="actions"]'))) state = await waitTurn(page, await moveCount(page) - 1);
  }
  assert.equal(state, 'over');
  return turns;
}

test('a whole Micropul game against the bot, then its record replayed', async () => {
  const page = await env.page('?seed=11');
  await start(page, 'micropul', ['human', 'greedy']);
  const turns = await playToEnd(page);
  assert.ok(turns > 5, `played ${turns} turns`);
  const end = page.locator('[data-test="end-screen"]');
  assert.match(await end.locator('[data-test="winners"]').innerText(), /Seat|No winner/);
  // the breakdown's parts add up to the total of each seat
  const finals = await page.$$eval('[data-test="final-score"]', (els) => els.map((e) => Number(e.textContent)));
  assert.equal(finals.length, 2);
  const rows = await page.$$eval('[data-test="breakdown"] tr', (trs) => trs.slice(1, -1).map((tr) =>
    [...tr.querySelectorAll('td')].slice(1).map((td) => Number((td.textContent || '0').split(' ')[0]) || 0)));
  assert.ok(rows.length >= 2, 'the breakdown has parts');
  for (let s = 0; s < 2; s++) assert.equal(rows.reduce((a, r) => a + r[s], 0), finals[s]);
  const moves = await moveCount(page);
  // the record, downloaded
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="download-record"]')]);
  const file = await dl.path();
  const pmn = await readFile(String(file), 'utf8');
  assert.match(pmn, /^\[Variant "micropul"\]/);
  // loaded again from the start screen and replayed
  await page.click('[data-test="new-game"]');
  await page.setInputFiles('[data-test="load-record"]', String(file));
  await page.waitForSelector('[data-test="replay-at"]');
  assert.equal(await page.getAttribute('[data-test="replay-at"]', 'data-at'), String(moves));
  await page.click('[data-test="replay-first"]');
  await page.waitForSelector('[data-test="replay-at"][data-at="0"]');
  assert.equal((await page.$$('[data-test="tile"]')).length, 1, 'the start tile alone');
  await page.click('[data-test="replay-next"]');
  await page.waitForSelector('[data-test="replay-at"][data-at="1"]');
  assert.ok((await page.$$('[data-test="tile"]')).length + (await page.$$('[data-test="stone"]')).length >= 1);
  assert.deepEqual(/** @type {any} */ (page).errors, []);
});

test('a whole Six Tracks game against the bot, with tracks as bars', async () => {
  const page = await env.page('?seed=4');
  await start(page, 'genial', ['human', 'greedy']);
  await waitTurn(page);
  // six bars per seat, the lowest marked
  assert.equal((await page.$$('[data-test="tracks"][data-seat="1"] [data-test^="track"]')).length, 6);
  assert.ok((await page.$$('[data-test="tracks"][data-seat="1"] [data-test="track-lowest"]')).length >= 1);
  const turns = await playToEnd(page);
  assert.ok(turns > 5, `played ${turns} turns`);
  await page.waitForSelector('[data-test="breakdown"]');
  const finals = await page.$$eval('[data-test="final-score"]', (els) => els.map((e) => Number(e.textContent)));
  // Genial's score is the lowest track: the bars agree with it
  const lows = await page.$$eval('[data-test="tracks"]', (ts) => ts.map((t) =>
    Math.min(...[...t.querySelectorAll('[data-value]')].map((b) => Number(b.getAttribute('data-value'))))));
  assert.deepEqual(lows, finals);
  assert.deepEqual(/** @type {any} */ (page).errors, []);
});
