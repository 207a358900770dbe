// web/app.mjs: the web table: start screen, the game loop (humans at the screen, bots through
// bestmove), the board and panels, hot-seat hand-over, end screen, saving, records and replay.
// Every rule is the engine's (the worker, PROTOCOL.md); the page shows and asks.

import { Engine } from './engine.mjs';
import { t, LANGS, LANG_NAMES, setLang, lang, isLang } from './i18n.mjs';
import {
  drawMicropul, drawGenial, QUADS, handPiece, rackPiece, symbolIcon,
  seatColour, seatShape, colour,
} from './board.mjs';

/** @typedef {import('./engine.mjs').Reply} Reply */
/** @typedef {import('./board.mjs').Box} Box */
/** @typedef {'human'|'random'|'greedy'|'mcts'} SeatKind */
/**
 * @typedef {Object} Game a game as saved in the browser's storage: enough to rebuild it
 * @property {string} variant
 * @property {number} seats
 * @property {string} seed
 * @property {SeatKind[]} kinds
 * @property {string[]} moves the moves as done (random draws resolved)
 * @property {number[]} movers the seat of each move
 * @property {number} viewer the seat at the screen
 * @property {boolean} handedOver whether the viewer has taken the screen (hot-seat)
 */
/**
 * @typedef {Object} Pick what the player at the screen has picked
 * @property {number} index position in the hand or rack
 * @property {number|null} tile Micropul tile
 * @property {string|null} kind Genial kind
 * @property {{x: number, y: number}|null} cell
 * @property {any[]} options the legal placements there (rotations or orientations)
 * @property {number} at the one shown
 */

const SAVE_KEY = 'pul-web-game';
const LANG_KEY = 'pul-web-lang';
const BOTS = /** @type {Record<string, string>} */ ({ random: 'random', greedy: 'greedy', mcts: 'mcts' });

const app = /** @type {HTMLElement} */ (document.getElementById('app'));
const statusEl = /** @type {HTMLElement} */ (document.getElementById('status'));
const langSel = /** @type {HTMLSelectElement} */ (document.getElementById('lang'));

const engine = new Engine('./worker.mjs');
/** @type {Reply|null} */ let variants = null;
/** @type {Game|null} */ let game = null;
/** @type {Reply|null} */ let theme = null;
/** @type {Reply|null} */ let status = null;
/** @type {Reply|null} */ let view = null;
/** @type {Reply|null} */ let moves = null;
/** @type {Pick|null} */ let pick = null;
/** @type {Reply|null} */ let claim = null;
/** @type {number[][]} */ let outline = [];
/** @type {string} */ let screen = 'loading';
let busy = false;
/** @type {{tags: string, moves: string[], at: number}|null} */ let replay = null;
/** the board's view: centre and zoom over the content box */
let pan = { cx: 0, cy: 0, zoom: 1 };
/** @type {Box} */ let box = { x: 0, y: 0, w: 100, h: 100 };
let fitted = false;

// ------------------------------------------------------------------ helpers

/** @param {unknown} s */
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  statusEl.textContent = text;
  statusEl.classList.toggle('error', error);
  statusEl.dataset.error = error ? '1' : '0';
}

/** @param {string} line @returns {Promise<Reply>} */
async function ask(line) {
  const r = await engine.cmd(line);
  if (!r.ok && r.error === 'engine_load') say(t('engineError', r.message || ''), true);
  return r;
}

function save() {
  if (game) localStorage.setItem(SAVE_KEY, JSON.stringify(game));
}

/** @param {number} seat */
function isHuman(seat) { return !!game && game.kinds[seat - 1] === 'human'; }
function humans() { return game ? game.kinds.filter((k) => k === 'human').length : 0; }

/** The title of an edition in the page's language. @param {string} id */
function title(id) {
  const v = variants?.variants?.find((/** @type {any} */ x) => x.id === id);
  return v?.title?.[lang()] || v?.title?.en || id;
}

/** A move as the seat at the screen may see it: another seat's draw shows no tiles.
 * @param {string} move @param {number} mover */
function shownMove(move, mover) {
  if (game && mover !== game.viewer && /^[t+x]/.test(move) && screen !== 'replay') return move[0] + ' (' + t('drew') + ')';
  return move;
}

/** The cells the moves since the viewer's last move were placed on. */
function markedCells() {
  /** @type {Set<string>} */
  const s = new Set();
  if (!game) return s;
  let i = game.moves.length - 1;
  while (i >= 0 && game.movers[i] !== game.viewer) {
    const m = /^[0-9a-z]+@(-?\d+),(-?\d+)/.exec(game.moves[i]);
    if (m) s.add(`${m[1]},${m[2]}`);
    i--;
  }
  return s;
}

// ------------------------------------------------------------------ language

function fillLangs() {
  langSel.innerHTML = LANGS.map((l) => `<option value="${l}"${l === lang() ? ' selected' : ''}>${esc(LANG_NAMES[l])}</option>`).join('');
  document.documentElement.lang = lang();
  const lbl = document.querySelector('[data-test="lang-label"]');
  if (lbl) lbl.textContent = t('language');
  const h = document.querySelector('[data-test="title"]');
  if (h) h.textContent = t('title');
  document.title = t('title');
}

langSel.addEventListener('change', () => {
  if (!isLang(langSel.value)) return;
  setLang(langSel.value);
  localStorage.setItem(LANG_KEY, langSel.value);
  fillLangs();
  redraw();
});

function redraw() {
  if (screen === 'start') showStart();
  else if (screen === 'handover') showHandOver();
  else if (screen === 'play' || screen === 'replay') drawTable();
}

// ------------------------------------------------------------------ start screen

function showStart() {
  screen = 'start';
  app.dataset.screen = 'start';
  const list = variants?.variants?.filter((/** @type {any} */ v) => !v.error) || [];
  const opts = list.map((/** @type {any} */ v) => `<option value="${esc(v.id)}" data-family="${esc(v.family)}">${esc(title(v.id))}</option>`).join('');
  app.innerHTML = `<div class="start" data-test="start-screen"><form>
    <label>${esc(t('edition'))} <select data-test="edition" name="edition">${opts}</select></label>
    <label>${esc(t('players'))} <select data-test="seat-count" name="seats"></select></label>
    <fieldset data-test="seats"></fieldset>
    <button type="submit" data-test="start">${esc(t('start'))}</button>
    <label>${esc(t('loadRecord'))} <input type="file" data-test="load-record" accept=".pmn,.txt,text/plain"></label>
  </form></div>`;
  const form = /** @type {HTMLFormElement} */ (app.querySelector('form'));
  const ed = /** @type {HTMLSelectElement} */ (form.querySelector('[data-test="edition"]'));
  const nsel = /** @type {HTMLSelectElement} */ (form.querySelector('[data-test="seat-count"]'));
  const fs = /** @type {HTMLElement} */ (form.querySelector('[data-test="seats"]'));
  const seatRows = () => {
    const n = Number(nsel.value) || 1;
    let h = '';
    for (let s = 1; s <= n; s++) {
      const def = s === 1 ? 'human' : 'greedy';
      h += `<label>${esc(t('seat', s))} <select data-test="seat-kind-${s}">` +
        [['human', t('human')], ['random', t('botRandom')], ['greedy', t('botGreedy')], ['mcts', t('botMcts')]]
          .map(([k, txt]) => `<option value="${k}"${k === def ? ' selected' : ''}>${esc(txt)}</option>`).join('') +
        '</select></label><br>';
    }
    fs.innerHTML = h;
  };
  const seatCounts = () => {
    const v = list.find((/** @type {any} */ x) => x.id === ed.value);
    const counts = v ? v.seats : [2];
    nsel.innerHTML = counts.map((/** @type {number} */ n) => `<option${n === 2 || counts.length === 1 ? ' selected' : ''}>${n}</option>`).join('');
    seatRows();
  };
  if (list.some((/** @type {any} */ v) => v.id === 'micropul')) ed.value = 'micropul';
  ed.addEventListener('change', seatCounts);
  nsel.addEventListener('change', seatRows);
  seatCounts();
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const n = Number(nsel.value);
    /** @type {SeatKind[]} */
    const kinds = [];
    for (let s = 1; s <= n; s++) {
      const sel = /** @type {HTMLSelectElement} */ (fs.querySelector(`[data-test="seat-kind-${s}"]`));
      kinds.push(/** @type {SeatKind} */ (sel.value));
    }
    const seedParam = new URLSearchParams(location.search).get('seed');
    const seed = seedParam && /^\d{1,19}$/.test(seedParam) ? seedParam : String(Math.floor(Math.random() * 2 ** 32));
    void startGame({ variant: ed.value, seats: n, seed, kinds, moves: [], movers: [], viewer: Math.max(1, kinds.indexOf('human') + 1), handedOver: false });
  });
  const file = /** @type {HTMLInputElement} */ (form.querySelector('[data-test="load-record"]'));
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) await startReplay(await f.text());
  });
  say('');
}

// ------------------------------------------------------------------ a game

/** Starts g (new, or saved and resumed): the engine rebuilds it from its seed and moves.
 * @param {Game} g */
async function startGame(g) {
  const line = `newgame ${g.variant} seats=${g.seats} seed=${g.seed}` + (g.moves.length ? ' moves ' + g.moves.join(' ') : '');
  const r = await ask(line);
  if (!r.ok) {
    say(t('refused', r.message || r.error || ''), true);
    localStorage.removeItem(SAVE_KEY);
    showStart();
    return;
  }
  game = g;
  status = r;
  theme = await ask('theme');
  if (!theme.ok) theme = null;
  replay = null;
  fitted = false;
  save();
  await advance();
}

/** Plays the bots' moves, then hands the screen to the human to move. */
async function advance() {
  if (!game || !status) return;
  busy = true;
  try {
    for (;;) {
      if (status.over) {
        await refresh(false);
        break;
      }
      const seat = status.to_move;
      if (!isHuman(seat)) {
        await refresh(false);
        say(t('botThinking', seat));
        await new Promise((r) => setTimeout(r, 30));
        const bm = await ask('bestmove ' + (BOTS[game.kinds[seat - 1]] || 'greedy'));
        if (!bm.ok) { say(t('refused', bm.message || ''), true); break; }
        const r = await ask('play ' + bm.move);
        if (!r.ok) { say(t('refused', r.message || ''), true); break; }
        record(r);
        continue;
      }
      if (humans() > 1 && (game.viewer !== seat || !game.handedOver)) {
        game.viewer = seat;
        game.handedOver = false;
        save();
        showHandOver();
        break;
      }
      game.viewer = seat;
      await refresh(true);
      break;
    }
  } finally {
    busy = false;
  }
}

/** Keeps a played move (the engine's reply to play). @param {Reply} r */
function record(r) {
  if (!game) return;
  game.moves.push(r.move);
  game.movers.push(r.seat);
  status = r;
  save();
}

/** Reads the viewer's state (and its legal moves when it is to move) and draws the table.
 * @param {boolean} withMoves */
async function refresh(withMoves) {
  if (!game) return;
  view = await ask(`state seat=${game.viewer}`);
  moves = withMoves && status && !status.over && status.to_move === game.viewer ? await ask('validmoves') : null;
  if (moves && !moves.ok) moves = null;
  pick = null; claim = null; outline = [];
  screen = 'play';
  drawTable();
  if (status?.over) say(t('gameOver'));
  else if (moves) say(turnText());
}

function turnText() {
  if (!view || !game) return '';
  let s = t('yourTurn', game.viewer) + ' ';
  if (view.phase === 'refill') s += t('refillDue');
  else if (view.phase === 'bonus') s += t('bonus');
  else if (view.extra_turn) s += t('extraTurn');
  else s += t('pickTile');
  return s;
}

function showHandOver() {
  if (!game) return;
  screen = 'handover';
  app.dataset.screen = 'handover';
  app.innerHTML = `<div class="handover" data-test="handover"><h2>${esc(t('handOver', game.viewer))}</h2>
    <p>${esc(t('handOverBody', game.viewer))}</p>
    <button data-test="handover-ready" autofocus>${esc(t('ready', game.viewer))}</button></div>`;
  say('');
  const b = /** @type {HTMLButtonElement} */ (app.querySelector('button'));
  b.focus();
  b.addEventListener('click', () => {
    if (!game) return;
    game.handedOver = true;
    save();
    void refresh(true);
  });
}

// ------------------------------------------------------------------ the table

function drawTable() {
  if (!game || !theme || !view) return;
  app.dataset.screen = screen;
  const genial = view.family === 'genial';
  const legal = legalCells();
  const marked = screen === 'replay' ? new Set() : markedCells();
  const drawn = genial
    ? drawGenial({ theme, state: view, legal, preview: genialPreview(), marked })
    : drawMicropul({ theme, state: view, legal, preview: microPreview(), outline, marked, claimable: claimable() });
  box = drawn.box;
  if (!fitted) { fit(); fitted = true; }
  const over = !!status?.over;
  app.innerHTML = `<div class="table" data-test="table" data-family="${esc(view.family)}" data-viewer="${game.viewer}"
      data-to-move="${view.to_move}" data-over="${over ? 1 : 0}" data-moves="${game.moves.length}">
    <div class="board-wrap">
      <svg class="board" data-test="board" role="group" aria-label="${esc(t('board'))}" xmlns="http://www.w3.org/2000/svg">${drawn.svg}</svg>
      <div class="board-tools">
        <button data-test="zoom-in" data-act="zoom-in" title="${esc(t('zoomIn'))}" aria-label="${esc(t('zoomIn'))}">+</button>
        <button data-test="zoom-out" data-act="zoom-out" title="${esc(t('zoomOut'))}" aria-label="${esc(t('zoomOut'))}">−</button>
        <button data-test="fit" data-act="fit" title="${esc(t('fit'))}" aria-label="${esc(t('fit'))}">⤢</button>
      </div>
    </div>
    <div class="side">${over && screen !== 'replay' ? endPanel() : ''}${replayPanel()}${actionPanel()}${rackPanel()}${seatsPanel()}${logPanel()}</div>
  </div>`;
  applyPan();
  wire();
}

/** @returns {Set<string>} */
function legalCells() {
  /** @type {Set<string>} */
  const s = new Set();
  if (!pick || !moves) return s;
  if (pick.tile !== null) {
    const e = moves.tiles.find((/** @type {any} */ x) => x.tile === pick?.tile);
    for (const c of e ? e.cells : []) s.add(`${c.x},${c.y}`);
  } else if (pick.kind !== null) {
    const e = moves.kinds.find((/** @type {any} */ x) => x.kind === pick?.kind);
    for (const c of e ? e.cells : []) {
      for (const o of c.orients) { s.add(`${c.q},${c.r}`); s.add(`${o.q2},${o.r2}`); }
    }
  }
  return s;
}

function claimable() {
  /** @type {Set<string>} */
  const s = new Set();
  for (const c of moves?.claims || []) s.add(`${c.x},${c.y},${c.quad}`);
  return s;
}

function microPreview() {
  if (!pick || !pick.cell || pick.tile === null || !pick.options.length) return null;
  return { tile: pick.tile, x: pick.cell.x, y: pick.cell.y, rot: pick.options[pick.at].rot };
}

function genialPreview() {
  if (!pick || !pick.cell || pick.kind === null || !pick.options.length) return null;
  const o = pick.options[pick.at];
  return { kind: o.move.slice(0, 2), q: o.q, r: o.r, q2: o.q2, r2: o.r2, first: o.first, second: o.second };
}

function actionPanel() {
  if (screen === 'replay' || !moves || !view || status?.over) return '';
  let h = '<section data-test="actions"><div>';
  if (pick && pick.cell && pick.options.length) {
    const o = pick.options[pick.at];
    const pts = Array.isArray(o.points) ? o.points.join('+') : o.points;
    h += `<button data-test="rotate" data-act="rotate"${pick.options.length < 2 ? ' disabled' : ''}>${esc(t('rotate'))}</button>` +
      `<button data-test="confirm" data-act="confirm" data-move="${esc(o.move)}">${esc(t('confirm'))}</button>` +
      `<button data-test="cancel" data-act="cancel">${esc(t('cancel'))}</button>` +
      (pts !== undefined ? ` <span data-test="points">${esc(t('score'))}: ${pts >= 0 && !Array.isArray(o.points) ? '+' : ''}${esc(pts)}</span>` : '');
  }
  if (claim) {
    h += `<p data-test="group-info" data-size="${claim.size}" data-closed="${claim.closed ? 1 : 0}">` +
      `${esc(t('group', claim.size, claim.closed ? t('closed') : t('open')))}</p>` +
      `<button data-test="claim" data-act="claim" data-move="${esc(claim.move)}">${esc(t('claim'))}</button>` +
      `<button data-test="cancel" data-act="cancel">${esc(t('cancel'))}</button>`;
  }
  h += '</div><div>';
  for (const tk of moves.takes || []) {
    h += `<button data-test="take" data-act="play" data-move="${esc(tk)}">${esc(tk === 't' ? t('take') : t('takeTile', tk.slice(1)))}</button>`;
  }
  if (moves.pass) h += `<button data-test="pass" data-act="play" data-move="pass">${esc(t('pass'))}</button>`;
  if (moves.refill) h += `<button data-test="refill" data-act="play" data-move="+">${esc(t('refill'))}</button>`;
  if (moves.swap) h += `<button data-test="swap" data-act="play" data-move="x">${esc(t('swap'))}</button>`;
  h += `</div><div><button data-test="hint" data-act="hint">${esc(t('hint'))}</button>` +
    `<button data-test="undo" data-act="undo"${undoCount() ? '' : ' disabled'}>${esc(t('undo'))}</button></div></section>`;
  return h;
}

function rackPanel() {
  if (!view || !theme || screen === 'replay' && !view.hand && !view.rack) return '';
  const genial = view.family === 'genial', th = theme;
  const items = genial ? view.rack : view.hand;
  const mine = status && !status.over && moves;
  let h = `<section data-test="rack" data-seat="${view.seat}"><h2>${esc(genial ? t('rack') : t('hand'))} · ${esc(t('seat', view.seat))}</h2><div class="rack">`;
  items.forEach((/** @type {any} */ it, /** @type {number} */ i) => {
    const picked = pick && pick.index === i;
    const label = genial ? it : String(it);
    h += `<button data-test="rack-tile" data-act="pick" data-index="${i}" data-item="${esc(label)}"${picked ? ' class="picked" aria-pressed="true"' : ''}` +
      `${mine ? '' : ' disabled'} aria-label="${esc(label)}" title="${esc(label)}">` +
      (genial ? rackPiece(th, it) : handPiece(th, it)) + '</button>';
  });
  return h + '</div></section>';
}

function seatsPanel() {
  if (!view || !theme) return '';
  const genial = view.family === 'genial';
  let h = `<section data-test="seats-panel">`;
  if (genial) h += `<p data-test="bag">${esc(t('bag', view.bag))}</p>`;
  else h += `<p data-test="core">${esc(t('core', view.core))}</p>`;
  for (let s = 1; s <= view.seats; s++) {
    const info = genial ? t('rackCount', view.racks[s - 1])
      : t('seatInfo', view.hands[s - 1], view.supplies[s - 1], view.stones_left[s - 1]);
    h += `<div class="seat-row${view.to_move === s ? ' to-move' : ''}" data-test="seat-info" data-seat="${s}">` +
      `<span class="shape" style="color:${seatColour(s)}">${seatShape(s)}</span>` +
      `<span>${esc(t('seat', s))}${game && !isHuman(s) ? ' (' + esc(t('bot')) + ')' : ''}</span> <b data-test="score">${esc(view.scores[s - 1])}</b> <small>${esc(info)}</small></div>`;
    if (genial) h += tracks(s);
  }
  return h + '</section>';
}

/** Genial's six tracks of a seat as bars, the lowest marked. @param {number} s */
function tracks(s) {
  if (!view || !theme) return '';
  const vals = /** @type {number[]} */ (view.tracks[s - 1]), th = theme;
  const low = Math.min(...vals);
  let h = `<div class="tracks" data-test="tracks" data-seat="${s}">`;
  vals.forEach((v, i) => {
    const f = theme?.features[i];
    const isLow = v === low;
    h += `<div class="track${isLow ? ' lowest' : ''}" data-test="${isLow ? 'track-lowest' : 'track'}" data-value="${v}" title="${esc(f?.name?.[lang()] || '')}${isLow ? ' — ' + esc(t('lowest')) : ''}">` +
      `${symbolIcon(th, f?.symbol || '')}<div class="bar"><span style="width:${Math.min(100, v / 18 * 100)}%;background:${colour(f?.colour || '')}"></span></div><b>${v}</b></div>`;
  });
  return h + '</div>';
}

function logPanel() {
  if (!game) return '';
  const list = screen === 'replay' && replay ? replay.moves : game.moves;
  let h = `<section><h2>${esc(t('log'))}</h2><ol class="log" data-test="log">`;
  list.forEach((m, i) => {
    const mover = screen === 'replay' ? 0 : game?.movers[i] || 0;
    const cur = screen === 'replay' && replay && i === replay.at - 1;
    h += `<li${cur ? ' class="current"' : ''}>${mover ? `<span style="color:${seatColour(mover)}">${seatShape(mover)}</span> ` : ''}${esc(shownMove(m, mover))}</li>`;
  });
  h += '</ol>';
  if (screen !== 'replay' && markedCells().size) h += `<p><small>${esc(t('lastMark'))}</small></p>`;
  return h + '</section>';
}

function endPanel() {
  if (!view || !status) return '';
  const w = /** @type {number[]} */ (view.winners || []);
  let h = `<section class="end" data-test="end-screen"><h2>${esc(t('gameOver'))}</h2>` +
    `<p data-test="winners">${esc(w.length ? t('winners', w.map((s) => t('seat', s)).join(', ')) : t('noWinner'))}</p>` +
    `<table data-test="breakdown"><tr><th></th>`;
  for (let s = 1; s <= view.seats; s++) h += `<th>${seatShape(s)} ${esc(t('seat', s))}</th>`;
  h += '</tr>';
  /** @type {any[][]} */
  const bd = view.breakdown || [];
  /** @type {string[]} */
  const parts = [];
  for (const seatParts of bd) for (const p of seatParts) if (!parts.includes(p.part)) parts.push(p.part);
  for (const part of parts) {
    h += `<tr><td>${esc(t('part_' + part, '').replace(/\s*[(（]\s*[)）]/, ''))}</td>`;
    for (let s = 0; s < view.seats; s++) {
      const p = (bd[s] || []).find((/** @type {any} */ x) => x.part === part);
      h += `<td>${p ? esc(p.points) + (p.count ? ` <small>(${esc(p.count)})</small>` : '') : ''}</td>`;
    }
    h += '</tr>';
  }
  h += `<tr><th>${esc(t('total'))}</th>` + view.scores.map((/** @type {number} */ x) => `<th data-test="final-score">${esc(x)}</th>`).join('') + '</tr></table>' +
    `<button data-test="download-record" data-act="download">${esc(t('download'))}</button>` +
    `<button data-test="new-game" data-act="new-game">${esc(t('newGame'))}</button></section>`;
  return h;
}

function replayPanel() {
  if (screen !== 'replay' || !replay) return '';
  return `<section data-test="replay"><h2>${esc(t('replay'))}</h2><p data-test="replay-at" data-at="${replay.at}">${esc(t('moveOf', replay.at, replay.moves.length))}</p>` +
    `<button data-test="replay-first" data-act="r-first">⏮ ${esc(t('first'))}</button><button data-test="replay-prev" data-act="r-prev">◀ ${esc(t('prev'))}</button>` +
    `<button data-test="replay-next" data-act="r-next">${esc(t('next'))} ▶</button><button data-test="replay-last" data-act="r-last">${esc(t('last'))} ⏭</button>` +
    `<br><button data-test="new-game" data-act="new-game">${esc(t('toStart'))}</button></section>`;
}

// ------------------------------------------------------------------ pan and zoom

function fit() { pan = { cx: box.x + box.w / 2, cy: box.y + box.h / 2, zoom: 1 }; }

function applyPan() {
  const svg = app.querySelector('svg.board');
  if (!svg) return;
  // the whole board stays reachable: the centre never leaves the content
  pan.zoom = Math.min(8, Math.max(0.5, pan.zoom));
  pan.cx = Math.min(box.x + box.w, Math.max(box.x, pan.cx));
  pan.cy = Math.min(box.y + box.h, Math.max(box.y, pan.cy));
  const w = box.w / pan.zoom, h = box.h / pan.zoom;
  svg.setAttribute('viewBox', `${pan.cx - w / 2} ${pan.cy - h / 2} ${w} ${h}`);
}

/** @param {number} f */
function zoom(f) { pan.zoom *= f; applyPan(); }

// ------------------------------------------------------------------ input

function wire() {
  const svg = /** @type {SVGSVGElement|null} */ (app.querySelector('svg.board'));
  if (svg) {
    let drag = /** @type {{x: number, y: number, cx: number, cy: number, moved: boolean}|null} */ (null);
    svg.addEventListener('pointerdown', (ev) => {
      drag = { x: ev.clientX, y: ev.clientY, cx: pan.cx, cy: pan.cy, moved: false };
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!drag || !(ev.buttons & 1)) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) < 6 && !drag.moved) return;
      drag.moved = true;
      const k = box.w / pan.zoom / Math.max(1, svg.clientWidth);
      pan.cx = drag.cx - dx * k; pan.cy = drag.cy - dy * k;
      applyPan();
    });
    svg.addEventListener('pointerup', (ev) => {
      const d = drag;
      drag = null;
      if (d && d.moved) return;
      const el = /** @type {Element} */ (ev.target);
      void boardClick(el);
    });
    svg.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      if (pick && pick.cell && !ev.ctrlKey) rotate(ev.deltaY > 0 ? 1 : -1);
      else zoom(ev.deltaY > 0 ? 1 / 1.2 : 1.2);
    }, { passive: false });
    svg.addEventListener('keydown', (ev) => {
      // the document's Enter (confirm) must not see the key that picked the cell
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ev.stopPropagation(); void boardClick(/** @type {Element} */ (ev.target)); }
    });
  }
  for (const b of app.querySelectorAll('button[data-act]')) {
    b.addEventListener('click', () => void act(/** @type {HTMLElement} */ (b)));
  }
}

/** @param {Element} el */
async function boardClick(el) {
  if (busy || !moves || !game || !view || screen !== 'play') return;
  const d = /** @type {HTMLElement} */ (/** @type {unknown} */ (el)).dataset || {};
  if (d.test === 'cell' && pick && pick.tile !== null) {
    const x = Number(d.x), y = Number(d.y);
    const e = moves.tiles.find((/** @type {any} */ tt) => tt.tile === pick?.tile);
    const c = e?.cells.find((/** @type {any} */ cc) => cc.x === x && cc.y === y);
    if (!c) { await play(`${pick.tile}@${x},${y}`); return; }
    pick.cell = { x, y }; pick.options = c.rots; pick.at = 0;
    drawTable();
    focusConfirm();
  } else if (d.test === 'hex' && pick && pick.kind !== null) {
    const q = Number(d.q), r = Number(d.r);
    const e = moves.kinds.find((/** @type {any} */ k) => k.kind === pick?.kind);
    /** @type {any[]} */
    const opts = [];
    for (const c of e ? e.cells : []) {
      for (const o of c.orients) {
        if ((c.q === q && c.r === r) || (o.q2 === q && o.r2 === r)) opts.push({ ...o, q: c.q, r: c.r });
      }
    }
    if (!opts.length) { await play(`${pick.kind}@${q},${r}e`); return; }
    pick.cell = { x: q, y: r }; pick.options = opts; pick.at = 0;
    drawTable();
    focusConfirm();
  } else if (d.test === 'quad') {
    const x = Number(d.x), y = Number(d.y), quad = String(d.quad);
    const c = (moves.claims || []).find((/** @type {any} */ cc) => cc.x === x && cc.y === y && cc.quad === quad);
    if (!c) {
      if (pick && pick.tile !== null) return; // a click on the board while placing
      await play(`s${quad}${x},${y}`);
      return;
    }
    pick = null;
    claim = c;
    // the engine's grouping: every quadrant of the group (validmoves' claims)
    outline = (c.quads || []).map((/** @type {any} */ g) => [g.x, g.y, QUADS.indexOf(g.quad)]);
    drawTable();
    /** @type {HTMLElement|null} */ (app.querySelector('[data-test="claim"]'))?.focus();
  }
}

function focusConfirm() {
  /** @type {HTMLElement|null} */ (app.querySelector('[data-test="confirm"]'))?.focus();
}

/** Shows the next legal orientation (only those the engine listed at the cell).
 * @param {number} step @param {string} [focus] the button that keeps the focus */
function rotate(step, focus = 'confirm') {
  if (!pick || !pick.cell || pick.options.length < 2) return;
  pick.at = (pick.at + step + pick.options.length) % pick.options.length;
  drawTable();
  /** @type {HTMLElement|null} */ (app.querySelector(`[data-test="${focus}"]`))?.focus();
}

/** @param {HTMLElement} b */
async function act(b) {
  const a = b.dataset.act;
  if (a === 'zoom-in') zoom(1.25);
  else if (a === 'zoom-out') zoom(0.8);
  else if (a === 'fit') { fit(); applyPan(); }
  else if (a === 'new-game') { localStorage.removeItem(SAVE_KEY); game = null; replay = null; showStart(); }
  else if (a === 'download') await download();
  else if (a?.startsWith('r-')) await replayStep(a);
  if (busy || screen !== 'play' || !moves || !view) return;
  if (a === 'pick') {
    const i = Number(b.dataset.index);
    const genial = view.family === 'genial';
    pick = { index: i, tile: genial ? null : view.hand[i], kind: genial ? view.rack[i] : null, cell: null, options: [], at: 0 };
    claim = null; outline = [];
    drawTable();
    say(t('pickCell'));
    /** @type {HTMLElement|null} */ (app.querySelector('[data-legal="1"]'))?.focus();
  } else if (a === 'rotate') rotate(1, 'rotate');
  else if (a === 'cancel') { pick = null; claim = null; outline = []; drawTable(); say(turnText()); }
  else if (a === 'confirm' || a === 'claim' || a === 'play') await play(String(b.dataset.move));
  else if (a === 'hint') await hint();
  else if (a === 'undo') await undo();
}

/** Plays a human move; a refusal is shown with the engine's reason. @param {string} move */
async function play(move) {
  if (busy) return;
  busy = true;
  const r = await ask('play ' + move);
  busy = false;
  if (!r.ok) {
    say(t('refused', r.message || r.error || ''), true);
    statusEl.dataset.reason = r.reason || r.error || '';
    return;
  }
  statusEl.dataset.reason = '';
  record(r);
  if (game) game.handedOver = humans() > 1 ? r.to_move === game.viewer && !r.over : true;
  await advance();
}

async function hint() {
  if (!moves || !view) return;
  busy = true;
  const r = await ask('bestmove greedy');
  busy = false;
  if (!r.ok) { say(t('refused', r.message || ''), true); return; }
  say(t('hintIs', r.move));
  statusEl.dataset.hint = r.move;
  // show a placement as picked, ready to confirm
  const list = view.family === 'genial' ? view.rack : view.hand;
  const groups = view.family === 'genial' ? moves.kinds : moves.tiles;
  for (const g of groups) {
    for (const c of g.cells) {
      /** @type {any[]} */
      const opts = view.family === 'genial' ? c.orients.map((/** @type {any} */ o) => ({ ...o, q: c.q, r: c.r })) : c.rots;
      const at = opts.findIndex((o) => o.move === r.move);
      if (at < 0) continue;
      const index = list.indexOf(view.family === 'genial' ? g.kind : g.tile);
      pick = { index, tile: view.family === 'genial' ? null : g.tile, kind: view.family === 'genial' ? g.kind : null,
        cell: view.family === 'genial' ? { x: c.q, y: c.r } : { x: c.x, y: c.y }, options: opts, at };
      drawTable();
      return;
    }
  }
}

/** How many moves undo takes back: the viewer's last move and the bots' after it, when none
 * of them drew a tile (a draw taken back could be drawn again differently: something hidden
 * would be at stake) and no other human moved since. 0 when undo is not allowed. */
function undoCount() {
  if (!game || status?.over) return 0;
  let i = game.moves.length - 1;
  while (i >= 0 && game.movers[i] !== game.viewer) {
    if (isHuman(game.movers[i])) return 0;
    i--;
  }
  if (i < 0) return 0;
  for (let k = i; k < game.moves.length; k++) if (/^[t+x]/.test(game.moves[k])) return 0;
  return game.moves.length - i;
}

async function undo() {
  const n = undoCount();
  if (!n || !game) return;
  busy = true;
  for (let k = 0; k < n; k++) {
    const r = await ask('undo');
    if (!r.ok) break;
    game.moves.pop(); game.movers.pop();
    status = r;
  }
  busy = false;
  save();
  await advance();
}

async function download() {
  const r = await ask('record');
  if (!r.ok || !game) return;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([r.pmn], { type: 'text/plain' }));
  a.download = `pul-${game.variant}-${game.seed}.pmn`;
  a.dataset.test = 'record-link';
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ------------------------------------------------------------------ replay

/** @param {string} pmn */
async function startReplay(pmn) {
  const r = await ask('load ' + JSON.stringify(pmn));
  if (!r.ok) { say(t('badRecord', r.message || r.error || ''), true); return; }
  const rec = await ask('record');
  if (!rec.ok) return;
  const text = String(rec.pmn);
  const cut = text.indexOf('\n\n');
  const tags = cut < 0 ? text : text.slice(0, cut + 2);
  const body = cut < 0 ? '' : text.slice(cut + 2);
  const list = body.split(/\s+/).filter((w) => w && !/^\d+\.$/.test(w) && !/^(\*|1-0|0-1|1\/2-1\/2)$/.test(w) && !w.startsWith('{'));
  game = { variant: r.variant, seats: r.seats, seed: r.seed, kinds: Array(r.seats).fill('human'), moves: list, movers: [], viewer: 1, handedOver: true };
  theme = await ask('theme');
  replay = { tags, moves: list, at: list.length };
  screen = 'replay';
  fitted = false;
  await replayShow();
}

async function replayShow() {
  if (!replay) return;
  const r = await ask('load ' + JSON.stringify(replay.tags + replay.moves.slice(0, replay.at).join(' ') + '\n'));
  if (!r.ok) { say(t('badRecord', r.message || ''), true); return; }
  status = r;
  view = await ask('state');
  moves = null; pick = null; claim = null; outline = [];
  if (game) game.viewer = view.seat;
  screen = 'replay';
  drawTable();
  say(t('moveOf', replay.at, replay.moves.length));
}

/** @param {string} a */
async function replayStep(a) {
  if (!replay) return;
  const n = replay.moves.length;
  replay.at = a === 'r-first' ? 0 : a === 'r-last' ? n : a === 'r-prev' ? Math.max(0, replay.at - 1) : Math.min(n, replay.at + 1);
  await replayShow();
}

// ------------------------------------------------------------------ keyboard

document.addEventListener('keydown', (ev) => {
  const tag = /** @type {HTMLElement} */ (ev.target).tagName;
  if (tag === 'SELECT' || tag === 'INPUT' || screen === 'start' || screen === 'handover') return;
  if (ev.key === 'r' || ev.key === 'R') rotate(1);
  else if (ev.key === 'Escape' && (pick || claim)) { pick = null; claim = null; outline = []; drawTable(); }
  else if (ev.key === '+' || ev.key === '=') zoom(1.25);
  else if (ev.key === '-') zoom(0.8);
  else if (ev.key === '0') { fit(); applyPan(); }
  else if (ev.key.startsWith('Arrow') && tag !== 'BUTTON') {
    const step = box.w / pan.zoom / 10;
    if (ev.key === 'ArrowLeft') pan.cx -= step;
    if (ev.key === 'ArrowRight') pan.cx += step;
    if (ev.key === 'ArrowUp') pan.cy -= step;
    if (ev.key === 'ArrowDown') pan.cy += step;
    applyPan();
  } else if (ev.key === 'Enter' && pick && pick.cell && tag !== 'BUTTON') {
    const b = /** @type {HTMLElement|null} */ (app.querySelector('[data-test="confirm"]'));
    if (b) void act(b);
  }
});

// ------------------------------------------------------------------ start

async function main() {
  const stored = localStorage.getItem(LANG_KEY) || '';
  const nav = (navigator.language || 'en').slice(0, 2);
  const param = new URLSearchParams(location.search).get('lang') || '';
  setLang(isLang(param) ? param : isLang(stored) ? stored : isLang(nav) ? nav : 'en');
  fillLangs();
  app.innerHTML = `<p data-test="loading">${esc(t('loading'))}</p>`;
  variants = await ask('variants');
  if (!variants.ok) return;
  const saved = localStorage.getItem(SAVE_KEY);
  if (saved) {
    try {
      /** @type {Game} */
      const g = JSON.parse(saved);
      if (g && typeof g.variant === 'string' && Array.isArray(g.moves)) {
        // a hot-seat game resumes at the hand-over screen: nobody's tiles show on a reload
        if (g.kinds.filter((k) => k === 'human').length > 1) g.handedOver = false;
        await startGame(g);
        return;
      }
    } catch (e) { /* a broken save: start afresh */ }
    localStorage.removeItem(SAVE_KEY);
  }
  showStart();
}

void main();
