// web/board.mjs: the board as SVG from the theme's art (the engine's `theme` and `state`
// replies): Micropul's square tiles of four quadrants, Genial's hexes; the cells a front end
// clicks carry data-test attributes. Only drawing: the rules stay in the engine.

/** @typedef {import('./engine.mjs').Reply} Reply */
/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {{tile: number, rot: number, x: number, y: number}} Placed */
/** @typedef {{x: number, y: number, quad: string, seat: number}} Stone */
/** @typedef {{kind: string, q: number, r: number, q2: number, r2: number, first: string, second: string}} GPlaced */

export const QUADS = ['nw', 'ne', 'sw', 'se'];
export const SEAT_COLOURS = ['#c0392b', '#1f6fb2', '#1e8449', '#7d3c98'];
const SEAT_SHAPES = ['●', '■', '▲', '◆'];
const TILE = 60;
const HEX = 24;

/** Terminal colour names some themes give (for text), as screen colours. */
const NAMED = /** @type {Record<string,string>} */ ({
  'bright-red': '#d9442e', red: '#b03a2e', 'bright-green': '#3f9a4a', green: '#2e7d32',
  'bright-blue': '#2f6fc0', blue: '#1f4e99', 'bright-yellow': '#f2cf2e', yellow: '#c9a21c',
  'bright-magenta': '#8e44ad', magenta: '#7d3c98', 'bright-cyan': '#2aa1b3', cyan: '#1b7f8c',
  'bright-white': '#f6f1e3', white: '#e0e0e0', 'bright-black': '#555', black: '#222',
});

/** @param {string} c @returns {string} */
export function colour(c) {
  if (/^#[0-9a-fA-F]{3,8}$/.test(c)) return c;
  return NAMED[c] || '#888';
}

/** @param {number} seat 1-based @returns {string} */
export function seatColour(seat) { return SEAT_COLOURS[(seat - 1) % SEAT_COLOURS.length]; }
/** @param {number} seat 1-based @returns {string} the shape that tells seats apart without colour */
export function seatShape(seat) { return SEAT_SHAPES[(seat - 1) % SEAT_SHAPES.length]; }

/** Art of a feature scaled into a square.
 * @param {string} art @param {number} x @param {number} y @param {number} size */
function art(art, x, y, size) {
  return `<g transform="translate(${x} ${y}) scale(${size})">${art}</g>`;
}

/** The features of a Micropul tile at rotation rot, by board quadrant (nw ne sw se).
 * @param {number[]} q @param {number} rot */
export function rotQuads(q, rot) {
  let r = q.slice();
  for (let i = 0; i < (rot & 3); i++) r = [r[2], r[0], r[3], r[1]];
  return r;
}

// ----------------------------------------------------------------- Micropul

/** One Micropul tile drawn at the origin, a TILE square.
 * @param {Reply} theme @param {number} id @param {number} rot */
export function microTile(theme, id, rot) {
  const tile = theme.tiles.find((/** @type {any} */ t) => t.id === id);
  if (!tile) return '';
  const h = TILE / 2;
  let s = `<rect class="tile-bg" x="1" y="1" width="${TILE - 2}" height="${TILE - 2}" rx="4"/>`;
  if (tile.big) {
    s += art(theme.parts.big.art, 0, 0, TILE);
    const f = theme.features[tile.quads[0]];
    if (f) s += art(f.art, h / 2, h / 2, h);
    if (tile.centre !== undefined && theme.features[tile.centre])
      s += art(theme.features[tile.centre].art, h * 0.7, h * 0.7, h * 0.6);
    return s;
  }
  const q = rotQuads(tile.quads, rot);
  for (let i = 0; i < 4; i++) {
    const f = theme.features[q[i]];
    if (f) s += art(f.art, (i & 1) * h, (i >> 1) * h, h);
  }
  return s;
}

/**
 * @typedef {Object} MicroView
 * @property {Reply} theme
 * @property {Reply} state
 * @property {Set<string>} legal cells "x,y" where the picked tile may go
 * @property {{tile: number, x: number, y: number, rot: number} | null} preview
 * @property {number[][]} outline quadrants [x, y, qi] of the group shown
 * @property {Set<string>} marked cells "x,y" of the moves since the viewer's last turn
 * @property {Set<string>} claimable quadrants "x,y,quad" a stone may go on now
 */

/** @param {MicroView} v @returns {{svg: string, box: Box}} */
export function drawMicropul(v) {
  const board = /** @type {Placed[]} */ (v.state.board);
  const taken = new Set(board.map((p) => `${p.x},${p.y}`));
  let minx = 0, miny = 0, maxx = 0, maxy = 0;
  /** @type {Set<string>} */
  const empty = new Set();
  for (const p of board) {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const k = `${p.x + dx},${p.y + dy}`;
      if (!taken.has(k)) empty.add(k);
    }
  }
  for (const k of v.legal) if (!taken.has(k)) empty.add(k);
  let s = '<g class="cells">';
  for (const k of empty) {
    const [x, y] = k.split(',').map(Number);
    minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y);
    const legal = v.legal.has(k);
    s += `<rect class="cell${legal ? ' legal' : ''}" data-test="cell" data-x="${x}" data-y="${y}"` +
      ` data-legal="${legal ? 1 : 0}" tabindex="${legal ? 0 : -1}" role="button" aria-label="${x},${y}"` +
      ` x="${x * TILE + 2}" y="${y * TILE + 2}" width="${TILE - 4}" height="${TILE - 4}" rx="6"/>`;
  }
  s += '</g><g class="tiles">';
  for (const p of board) {
    minx = Math.min(minx, p.x); maxx = Math.max(maxx, p.x); miny = Math.min(miny, p.y); maxy = Math.max(maxy, p.y);
    s += `<g class="tile${v.marked.has(`${p.x},${p.y}`) ? ' marked' : ''}" data-test="tile" data-x="${p.x}" data-y="${p.y}"` +
      ` data-tile="${p.tile}" transform="translate(${p.x * TILE} ${p.y * TILE})">` +
      microTile(v.theme, p.tile, p.rot) + '</g>';
  }
  for (const k of v.marked) {
    const [x, y] = k.split(',').map(Number);
    if (taken.has(k)) s += `<rect class="last-move" data-test="last-move" x="${x * TILE + 1}" y="${y * TILE + 1}" width="${TILE - 2}" height="${TILE - 2}" rx="4"/>`;
  }
  s += '</g><g class="stones">';
  for (const st of /** @type {Stone[]} */ (v.state.stones)) {
    const qi = QUADS.indexOf(st.quad), h = TILE / 2;
    const x = st.x * TILE + (qi & 1) * h, y = st.y * TILE + (qi >> 1) * h;
    s += `<g class="stone" data-test="stone" data-seat="${st.seat}" style="color:${seatColour(st.seat)}">` +
      art(v.theme.parts.stone.art, x + 3, y + 3, h - 6) +
      `<text x="${x + h / 2}" y="${y + h / 2 + 4}" class="stone-mark">${seatShape(st.seat)}</text></g>`;
  }
  s += '</g><g class="outline">';
  for (const [x, y, qi] of v.outline) {
    const h = TILE / 2;
    s += `<rect class="group-quad" data-test="group-quad" data-x="${x}" data-y="${y}" data-quad="${QUADS[qi]}" x="${x * TILE + (qi & 1) * h + 1}" y="${y * TILE + (qi >> 1) * h + 1}" width="${h - 2}" height="${h - 2}" rx="3"/>`;
  }
  s += '</g>';
  if (v.preview) {
    const p = v.preview;
    s += `<g class="preview" data-test="preview" data-rot="${p.rot}" transform="translate(${p.x * TILE} ${p.y * TILE})">` +
      microTile(v.theme, p.tile, p.rot) + `<rect class="preview-frame" x="1" y="1" width="${TILE - 2}" height="${TILE - 2}" rx="4"/></g>`;
  }
  // the quadrants a click claims, over everything
  s += '<g class="quads">';
  for (const p of board) {
    for (let i = 0; i < 4; i++) {
      const h = TILE / 2, k = `${p.x},${p.y},${QUADS[i]}`;
      const c = v.claimable.has(k);
      s += `<rect class="quad${c ? ' claimable' : ''}" data-test="quad" data-x="${p.x}" data-y="${p.y}" data-quad="${QUADS[i]}"` +
        ` data-claimable="${c ? 1 : 0}" tabindex="${c ? 0 : -1}" x="${p.x * TILE + (i & 1) * h}" y="${p.y * TILE + (i >> 1) * h}" width="${h}" height="${h}"/>`;
    }
  }
  s += '</g>';
  return { svg: s, box: { x: (minx - 1) * TILE, y: (miny - 1) * TILE, w: (maxx - minx + 3) * TILE, h: (maxy - miny + 3) * TILE } };
}

// ----------------------------------------------------------------- Genial

/** @param {number} q @param {number} r @returns {[number, number]} the centre of a pointy-top hex */
export function hexCentre(q, r) { return [HEX * Math.sqrt(3) * (q + r / 2), HEX * 1.5 * r]; }

/** @param {number} cx @param {number} cy @param {number} size */
function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** @param {Reply} theme @param {string} letter */
function symbolArt(theme, letter) {
  const f = theme.features.find((/** @type {any} */ x) => x.symbol === letter);
  return f ? f.art : '';
}

/** A Genial tile's two hexes (a placed one or the preview).
 * @param {Reply} theme @param {GPlaced} p @param {string} cls */
function genialPiece(theme, p, cls) {
  const [x1, y1] = hexCentre(p.q, p.r), [x2, y2] = hexCentre(p.q2, p.r2);
  const a = HEX * 0.62;
  return `<g class="${cls}" data-q="${p.q}" data-r="${p.r}" data-q2="${p.q2}" data-r2="${p.r2}">` +
    `<polygon class="piece-hex" points="${hexPoints(x1, y1, HEX - 1.5)}"/><polygon class="piece-hex" points="${hexPoints(x2, y2, HEX - 1.5)}"/>` +
    `<line class="piece-join" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>` +
    art(symbolArt(theme, p.first), x1 - a, y1 - a, 2 * a) + art(symbolArt(theme, p.second), x2 - a, y2 - a, 2 * a) + '</g>';
}

/**
 * @typedef {Object} GenialView
 * @property {Reply} theme
 * @property {Reply} state
 * @property {Set<string>} legal cells "q,r" a placement of the picked kind covers
 * @property {GPlaced | null} preview
 * @property {Set<string>} marked cells of the moves since the viewer's last turn
 */

/** @param {GenialView} v @returns {{svg: string, box: Box}} */
export function drawGenial(v) {
  const seats = v.state.seats;
  const ar = v.theme.board.area_radius;
  const radius = ar[seats] || ar[ar.length - 1] || v.theme.board.radius;
  /** @type {Map<string, string>} */
  const printed = new Map();
  for (const p of v.theme.board.printed) printed.set(`${p.q},${p.r}`, p.symbol);
  let s = '<g class="hexes">';
  for (let q = -radius; q <= radius; q++) {
    for (let r = -radius; r <= radius; r++) {
      if (Math.abs(q) + Math.abs(r) + Math.abs(q + r) > 2 * radius) continue;
      const [cx, cy] = hexCentre(q, r), k = `${q},${r}`;
      const legal = v.legal.has(k);
      s += `<polygon class="hex${legal ? ' legal' : ''}" data-test="hex" data-q="${q}" data-r="${r}" data-legal="${legal ? 1 : 0}"` +
        ` tabindex="${legal ? 0 : -1}" role="button" aria-label="${q},${r}" points="${hexPoints(cx, cy, HEX - 1)}"/>`;
      const sym = printed.get(k);
      if (sym) s += `<g class="printed">${art(symbolArt(v.theme, sym), cx - HEX * 0.6, cy - HEX * 0.6, HEX * 1.2)}</g>`;
    }
  }
  s += '</g><g class="pieces">';
  for (const p of /** @type {GPlaced[]} */ (v.state.board)) {
    const m = v.marked.has(`${p.q},${p.r}`);
    s += genialPiece(v.theme, p, 'piece' + (m ? ' marked' : ''));
    if (m) {
      const [x1, y1] = hexCentre(p.q, p.r), [x2, y2] = hexCentre(p.q2, p.r2);
      s += `<polygon class="last-move" data-test="last-move" points="${hexPoints(x1, y1, HEX - 3)}"/><polygon class="last-move" points="${hexPoints(x2, y2, HEX - 3)}"/>`;
    }
  }
  s += '</g>';
  if (v.preview) {
    const p = v.preview;
    s += genialPiece(v.theme, p, 'preview').replace('class="preview"', `class="preview" data-test="preview" data-move="${p.kind}"`);
  }
  const w = HEX * Math.sqrt(3) * (2 * radius + 2), h = HEX * 1.5 * (2 * radius) + HEX * 3;
  return { svg: s, box: { x: -w / 2, y: -h / 2, w, h } };
}

/** A Genial tile of a rack (two symbols side by side) as a small SVG.
 * @param {Reply} theme @param {string} kind */
export function rackPiece(theme, kind) {
  return `<svg viewBox="0 0 80 40" width="64" height="32" aria-hidden="true"><rect class="tile-bg" x="1" y="1" width="78" height="38" rx="8"/>` +
    art(symbolArt(theme, kind[0]), 4, 4, 32) + art(symbolArt(theme, kind[1]), 44, 4, 32) + '</svg>';
}

/** A Micropul tile of a hand as a small SVG. @param {Reply} theme @param {number} id */
export function handPiece(theme, id) {
  return `<svg viewBox="0 0 ${TILE} ${TILE}" width="48" height="48" aria-hidden="true">${microTile(theme, id, 0)}</svg>`;
}

/** The art of a Genial symbol as a small SVG. @param {Reply} theme @param {string} letter */
export function symbolIcon(theme, letter) {
  return `<svg viewBox="0 0 1 1" width="18" height="18" aria-hidden="true">${symbolArt(theme, letter)}</svg>`;
}
