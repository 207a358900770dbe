// web/test/table.test.mjs: the table's interactions in Chromium: an illegal placement refused
// with the engine's reason, rotation through the legal orientations only, a claim with its
// group outlined, hot-seat hiding the other rack, a reload resuming the game, every language.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, start, waitTurn, handOver, playTurn, moveCount } from './util.mjs';
import { LANGS, entry, keys } from '../i18n.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env.close(); });

test('an illegal placement is refused with the engine\'s reason', async () => {
  const page = await env.page('?seed=3');
  await start(page, 'micropul', ['human', 'greedy']);
  await waitTurn(page);
  const n = (await page.$$('[data-test="rack-tile"]')).length;
  let refused = false;
  for (let i = 0; i < n && !refused; i++) {
    await page.click(`[data-test="rack-tile"][data-index="${i}"]`);
    const bad = await page.$('[data-test="cell"][data-legal="0"]');
    if (!bad) continue;
    await bad.click();
    await page.waitForSelector('#status[data-error="1"]');
    refused = true;
  }
  assert.ok(refused, 'some tile has an empty cell it may not go on');
  const reason = await page.getAttribute('#status', 'data-reason');
  assert.ok(['no_attachment', 'colour_conflict', 'not_adjacent', 'occupied'].includes(String(reason)), String(reason));
  assert.match(await page.innerText('#status'), /^Refused: \S/);
  assert.equal(await moveCount(page), 0, 'nothing was played');
  // a micropul that cannot take a stone: refused by the engine too (a catalyst or blank quadrant)
});

test('rotation cycles through the legal orientations only, then a claim shows its group', async () => {
  const page = await env.page('?seed=3');
  await start(page, 'micropul', ['human', 'human']);
  assert.equal(await handOver(page), 'turn');
  // a tile and a cell with at least two legal rotations
  const n = (await page.$$('[data-test="rack-tile"]')).length;
  /** @type {string[]} */
  let seen = [];
  for (let i = 0; i < n && seen.length < 2; i++) {
    await page.click(`[data-test="rack-tile"][data-index="${i}"]`);
    const cells = await page.$$eval('[data-test="cell"][data-legal="1"]', (cs) => cs.map((c) => [c.getAttribute('data-x'), c.getAttribute('data-y')]));
    for (const [x, y] of cells) {
      await page.click(`[data-test="cell"][data-x="${x}"][data-y="${y}"]`);
      const first = String(await page.getAttribute('[data-test="confirm"]', 'data-move'));
      seen = [first];
      if (await page.isDisabled('[data-test="rotate"]')) continue;
      for (let k = 0; k < 4; k++) {
        await page.click('[data-test="rotate"]');
        const m = String(await page.getAttribute('[data-test="confirm"]', 'data-move'));
        if (m === first) break;
        seen.push(m);
      }
      break;
    }
  }
  assert.ok(seen.length >= 2, 'a placement with two legal rotations');
  assert.equal(new Set(seen).size, seen.length, 'each legal rotation once per turn of the cycle');
  // the preview turns with the key R and with the wheel, staying on the listed rotations
  const rot0 = await page.getAttribute('[data-test="preview"]', 'data-rot');
  await page.keyboard.press('r');
  const rot1 = await page.getAttribute('[data-test="preview"]', 'data-rot');
  assert.notEqual(rot1, rot0);
  assert.ok(seen.includes(String(await page.getAttribute('[data-test="confirm"]', 'data-move'))));
  await page.hover('[data-test="preview"]', { force: true }).catch(() => {});
  await page.mouse.wheel(0, 100);
  assert.ok(seen.includes(String(await page.getAttribute('[data-test="confirm"]', 'data-move'))));
  await page.keyboard.press('Escape');
  // a claim on the start tile: the group outlined, its size and whether it is closed
  const q = await page.$('[data-test="quad"][data-claimable="1"]');
  assert.ok(q, 'a micropul of the start tile can take a stone');
  const claimMove = `s${await q.getAttribute('data-quad')}${await q.getAttribute('data-x')},${await q.getAttribute('data-y')}`;
  const [qq, qx, qy] = [await q.getAttribute('data-quad'), await q.getAttribute('data-x'), await q.getAttribute('data-y')];
  await q.click();
  await page.waitForSelector('[data-test="group-info"]');
  const size = Number(await page.getAttribute('[data-test="group-info"]', 'data-size'));
  assert.ok(size >= 1);
  assert.equal(await page.getAttribute('[data-test="group-info"]', 'data-closed'), '0');
  assert.match(await page.innerText('[data-test="group-info"]'), new RegExp(`Group of ${size} micropul, open`));
  assert.ok((await page.$$('[data-test="group-quad"]')).length >= size);
  assert.ok(await page.$(`[data-test="group-quad"][data-quad="${qq}"][data-x="${qx}"][data-y="${qy}"]`), 'the outline holds the micropul clicked');
  assert.equal(await page.getAttribute('[data-test="claim"]', 'data-move'), claimMove);
  await page.click('[data-test="claim"]');
  // hot-seat: the other seat's turn comes after the hand-over screen
  await page.waitForSelector('[data-test="handover"]');
  assert.equal(await handOver(page, 0), 'turn');
  assert.match(await page.innerText('[data-test="log"]'), new RegExp(claimMove));
  assert.equal((await page.$$('[data-test="stone"]')).length, 1);
});

test('hot-seat shows only the rack of the seat at the screen', async () => {
  const page = await env.page('?seed=8');
  await start(page, 'micropul', ['human', 'human']);
  await page.waitForSelector('[data-test="handover"]');
  assert.equal((await page.$$('[data-test="rack-tile"]')).length, 0, 'no tiles before the hand-over');
  assert.equal(await page.$('[data-test="board"]'), null);
  assert.equal(await handOver(page), 'turn');
  assert.equal(await page.getAttribute('[data-test="rack"]', 'data-seat'), '1');
  const one = await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item')));
  const move = await playTurn(page);
  await page.waitForSelector('[data-test="handover"]');
  const html = await page.content();
  assert.equal((await page.$$('[data-test="rack-tile"]')).length, 0, 'seat 1\'s rack is gone');
  assert.ok(!html.includes('data-test="rack"'));
  assert.equal(await handOver(page, 0), 'turn');
  assert.equal(await page.getAttribute('[data-test="rack"]', 'data-seat'), '2');
  const two = await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item')));
  const placed = /^(\d+)@/.exec(move)?.[1];
  for (const tile of one) if (tile !== placed) assert.ok(!two.includes(tile), `seat 1's tile ${tile} not shown to seat 2`);
  // a reload of a hot-seat game comes back to the hand-over screen, not to a rack
  await page.reload();
  await page.waitForSelector('[data-test="handover"]');
  assert.equal((await page.$$('[data-test="rack-tile"]')).length, 0);
});

test('a reload resumes the game where it was', async () => {
  const page = await env.page('?seed=21');
  await start(page, 'genial', ['human', 'random']);
  await waitTurn(page);
  for (let i = 0; i < 3; i++) {
    await playTurn(page);
    await waitTurn(page, (await moveCount(page)) - 1);
    while (!(await page.$('[data-test="actions"]'))) await waitTurn(page, await moveCount(page));
  }
  const moves = await moveCount(page);
  const log = await page.innerText('[data-test="log"]');
  const rack = await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item')));
  await page.reload();
  await waitTurn(page);
  assert.equal(await moveCount(page), moves);
  assert.equal(await page.innerText('[data-test="log"]'), log);
  assert.deepEqual(await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item'))), rack);
  await playTurn(page);
});

test('a turn by the keyboard alone: pick, cell, rotate, confirm', async () => {
  const page = await env.page('?seed=3');
  await start(page, 'micropul', ['human', 'greedy']);
  await waitTurn(page);
  const n = (await page.$$('[data-test="rack-tile"]')).length;
  let onCell = false;
  for (let i = 0; i < n && !onCell; i++) {
    await page.focus(`[data-test="rack-tile"][data-index="${i}"]`);
    await page.keyboard.press('Enter');
    onCell = await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset?.legal === '1');
  }
  assert.ok(onCell, 'picking a tile puts the focus on a legal cell');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-test="preview"]');
  assert.equal(await moveCount(page), 0, 'Enter on a cell previews, it does not place');
  const before = String(await page.getAttribute('[data-test="confirm"]', 'data-move'));
  await page.keyboard.press('r');
  const move = String(await page.getAttribute('[data-test="confirm"]', 'data-move'));
  assert.equal(move === before, await page.isDisabled('[data-test="rotate"]'), 'R turns the tile when it can turn');
  await page.keyboard.press('Enter');
  await waitTurn(page, 0);
  assert.match(await page.innerText('[data-test="log"]'), new RegExp(move.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('undo takes back the human move and the bot reply when nothing was drawn', async () => {
  const page = await env.page('?seed=5');
  await start(page, 'micropul', ['human', 'greedy']);
  await waitTurn(page);
  assert.ok(await page.isDisabled('[data-test="undo"]'), 'nothing to undo at the start');
  const rack = await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item')));
  const move = await playTurn(page);
  await waitTurn(page, 0);
  const n = await moveCount(page);
  const log = await page.$$eval('[data-test="log"] li', (li) => li.map((x) => x.textContent || ''));
  assert.equal(log.length, n);
  const drew = log.some((m) => /^\S+ [t+x]/.test(m));
  assert.equal(await page.isDisabled('[data-test="undo"]'), drew, `undo allowed exactly when nothing was drawn: ${log}`);
  assert.ok(!drew, `seed 5's bot reply draws nothing (${log}): the rest of the test needs it`);
  await page.click('[data-test="undo"]');
  await page.waitForFunction(() => document.querySelector('[data-test="table"]')?.getAttribute('data-moves') === '0');
  await waitTurn(page);
  assert.deepEqual(await page.$$eval('[data-test="rack-tile"]', (b) => b.map((x) => x.getAttribute('data-item'))), rack);
  assert.ok(!(await page.innerText('[data-test="log"]')).includes(move));
});

test('every text of the page exists in the four languages', () => {
  for (const k of keys()) {
    const e = entry(k);
    for (const l of LANGS) assert.ok(e && e[l] && e[l].trim(), `${k} in ${l}`);
  }
});

test('each language renders the start screen and the table', async () => {
  for (const l of LANGS) {
    const page = await env.page(`?seed=2&lang=${l}`);
    await page.waitForSelector('[data-test="start"]');
    assert.equal(await page.getAttribute('html', 'lang'), l);
    assert.equal((await page.innerText('[data-test="start"]')).trim(), entry('start')?.[l]);
    // the edition's title in that language (the engine's)
    const title = await page.$eval('[data-test="edition"] option[value="genial"]', (o) => o.textContent);
    assert.equal(title, { en: 'Six Tracks', ja: 'シックス・トラック', fr: 'Six pistes', es: 'Seis pistas' }[l]);
    await start(page, 'micropul', ['human', 'greedy']);
    await waitTurn(page);
    assert.equal((await page.innerText('[data-test="hint"]')).trim(), entry('hint')?.[l]);
    assert.ok((await page.innerText('#status')).startsWith(String(entry('yourTurn')?.[l]).split('{0}')[0]));
    await page.context().close();
  }
  // the language can change during a game
  const page = await env.page('?seed=2');
  await start(page, 'micropul', ['human', 'greedy']);
  await waitTurn(page);
  await page.selectOption('[data-test="lang"]', 'ja');
  assert.equal((await page.innerText('[data-test="hint"]')).trim(), entry('hint')?.ja);
});
