// web/test/util.mjs: what the table's browser tests share: the harness's session (a server
// over build-web/ and Chromium) per file, a fresh page per test, and the clicks of a turn.
import { openSession } from './harness.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** The server over build-web/ and Chromium, for one test file; page(query) opens the table
 * in a context of its own (its own storage), its uncaught errors kept in page.errors. */
export async function setUp() {
  const session = await openSession();
  return {
    session,
    /** @param {string} [query] @returns {Promise<Page>} */
    async page(query = '') {
      const { page, errors } = await session.newPage('index.html' + query, { acceptDownloads: true });
      /** @type {any} */ (page).errors = errors;
      return page;
    },
    async close() { await session.close(); },
  };
}

/** Starts a game from the start screen. @param {Page} page @param {string} variant
 * @param {string[]} kinds each seat's choice (human, random, greedy, mcts) */
export async function start(page, variant, kinds) {
  await page.waitForSelector('[data-test="start"]', { timeout: 30000 });
  await page.selectOption('[data-test="edition"]', variant);
  await page.selectOption('[data-test="seat-count"]', String(kinds.length));
  for (let s = 1; s <= kinds.length; s++) await page.selectOption(`[data-test="seat-kind-${s}"]`, kinds[s - 1]);
  await page.click('[data-test="start"]');
}

/** Clicks the hand-over screen's button and waits for the table of the seat it names (more
 * than `after` moves played). The screen stays up until the engine has answered the page, so a
 * look right after the click still sees it: waitTurn alone would answer 'handover' at once, and
 * on a busy machine the test would then look at a table not drawn yet.
 * @param {Page} page @param {number} [after] @returns {Promise<'turn'|'over'|'handover'>} */
export async function handOver(page, after = -1) {
  await page.click('[data-test="handover-ready"]');
  await page.waitForSelector('[data-test="handover"]', { state: 'detached', timeout: 60000 });
  return waitTurn(page, after);
}

/** Waits until the human at the screen is to move (or the game is over) after more than
 * `after` moves. @param {Page} page @param {number} after @returns {Promise<'turn'|'over'|'handover'>} */
export async function waitTurn(page, after = -1) {
  const h = await page.waitForFunction((n) => {
    if (document.querySelector('[data-test="handover"]')) return 'handover';
    const tb = /** @type {HTMLElement|null} */ (document.querySelector('[data-test="table"]'));
    if (!tb || Number(tb.dataset.moves) <= n) return false;
    if (document.querySelector('[data-test="end-screen"]')) return 'over';
    return document.querySelector('[data-test="actions"]') ? 'turn' : false;
  }, after, { timeout: 60000, polling: 50 });
  return /** @type {any} */ (await h.jsonValue());
}

/** @param {Page} page */
export async function moveCount(page) {
  return Number(await page.getAttribute('[data-test="table"]', 'data-moves'));
}

/** Waits until the page has taken a move after `before` moves (or shows the hand-over
 * screen): until then the table on screen still offers the move just clicked, and a second
 * look would click it again. @param {Page} page @param {number} before */
async function moved(page, before) {
  await page.waitForFunction((k) => Number(document.querySelector('[data-test="table"]')?.getAttribute('data-moves')) > k
    || !!document.querySelector('[data-test="handover"]'), before);
}

/** One human turn by clicking: a refill when due, else the first tile of the rack that has a
 * legal cell, placed at its first legal cell; else a take or a pass. Returns the move played.
 * @param {Page} page */
export async function playTurn(page) {
  const before = await moveCount(page);
  for (const b of ['refill']) {
    if (await page.$(`[data-test="${b}"]`)) {
      await page.click(`[data-test="${b}"]`);
      await moved(page, before);
      return b;
    }
  }
  const n = (await page.$$('[data-test="rack-tile"]')).length;
  for (let i = 0; i < n; i++) {
    await page.click(`[data-test="rack-tile"][data-index="${i}"]`);
    const cell = await page.$('[data-legal="1"]');
    if (!cell) continue;
    await cell.click();
    await page.waitForSelector('[data-test="confirm"]');
    const move = String(await page.getAttribute('[data-test="confirm"]', 'data-move'));
    await page.click('[data-test="confirm"]');
    await moved(page, before);
    return move;
  }
  for (const b of ['take', 'pass', 'swap']) {
    if (await page.$(`[data-test="${b}"]`)) {
      await page.click(`[data-test="${b}"]`);
      await moved(page, before);
      return b;
    }
  }
  throw new Error('no move to click');
}
