// web/i18n.mjs: every text the page shows, in English, Japanese, French and Spanish.
// Edition titles and feature names come from the engine (variants, theme) already translated.

/** @typedef {'en'|'ja'|'fr'|'es'} Lang */

/** @type {Lang[]} */
export const LANGS = ['en', 'ja', 'fr', 'es'];

/** @type {Record<Lang, string>} */
export const LANG_NAMES = { en: 'English', ja: '日本語', fr: 'Français', es: 'Español' };

/** @type {Record<string, Record<Lang, string>>} */
const T = {
  title: { en: 'pul — game table', ja: 'pul — ゲームテーブル', fr: 'pul — table de jeu', es: 'pul — mesa de juego' },
  loading: { en: 'Loading the engine…', ja: 'エンジンを読み込み中…', fr: 'Chargement du moteur…', es: 'Cargando el motor…' },
  engineError: { en: 'The engine could not start: {0}', ja: 'エンジンを起動できません: {0}', fr: 'Le moteur n’a pas pu démarrer : {0}', es: 'El motor no pudo arrancar: {0}' },
  newGame: { en: 'New game', ja: '新しいゲーム', fr: 'Nouvelle partie', es: 'Nueva partida' },
  edition: { en: 'Edition', ja: 'エディション', fr: 'Édition', es: 'Edición' },
  players: { en: 'Players', ja: 'プレイヤー数', fr: 'Joueurs', es: 'Jugadores' },
  language: { en: 'Language', ja: '言語', fr: 'Langue', es: 'Idioma' },
  seat: { en: 'Seat {0}', ja: '席 {0}', fr: 'Place {0}', es: 'Asiento {0}' },
  human: { en: 'Human (you, or hot-seat)', ja: '人間（あなた、または交代制）', fr: 'Humain (vous, ou à tour de rôle)', es: 'Humano (tú, o por turnos)' },
  botRandom: { en: 'Bot: easy', ja: 'ボット: やさしい', fr: 'Robot : facile', es: 'Bot: fácil' },
  botGreedy: { en: 'Bot: medium', ja: 'ボット: ふつう', fr: 'Robot : moyen', es: 'Bot: medio' },
  botMcts: { en: 'Bot: hard', ja: 'ボット: むずかしい', fr: 'Robot : difficile', es: 'Bot: difícil' },
  bot: { en: 'bot', ja: 'ボット', fr: 'robot', es: 'bot' },
  start: { en: 'Start', ja: '開始', fr: 'Commencer', es: 'Empezar' },
  loadRecord: { en: 'Load a record to replay', ja: '棋譜を読み込んで再生', fr: 'Charger une partie à rejouer', es: 'Cargar una partida para repetirla' },
  yourTurn: { en: 'Your turn, seat {0}', ja: 'あなたの番です（席 {0}）', fr: 'À vous de jouer, place {0}', es: 'Tu turno, asiento {0}' },
  botThinking: { en: 'Seat {0} (bot) is thinking…', ja: '席 {0}（ボット）が考えています…', fr: 'La place {0} (robot) réfléchit…', es: 'El asiento {0} (bot) está pensando…' },
  pickTile: { en: 'Pick a tile, then a highlighted cell; rotate, then place it.', ja: 'タイルを選び、強調されたマスを選んで、回転して置いてください。', fr: 'Choisissez une tuile puis une case en surbrillance ; tournez-la, puis posez-la.', es: 'Elige una ficha y luego una casilla resaltada; gírala y colócala.' },
  pickCell: { en: 'Pick a highlighted cell for this tile.', ja: 'このタイルを置く強調されたマスを選んでください。', fr: 'Choisissez une case en surbrillance pour cette tuile.', es: 'Elige una casilla resaltada para esta ficha.' },
  extraTurn: { en: 'Extra turn: place, claim, take or pass.', ja: '追加手番: 配置、占有、取得、またはパス。', fr: 'Tour supplémentaire : posez, revendiquez, piochez ou passez.', es: 'Turno extra: coloca, reclama, toma o pasa.' },
  refillDue: { en: 'Refill or swap your rack.', ja: 'ラックを補充するか交換してください。', fr: 'Complétez ou échangez votre chevalet.', es: 'Rellena o cambia tu atril.' },
  bonus: { en: 'Bonus placement: place another tile.', ja: 'ボーナス: もう1枚置いてください。', fr: 'Pose bonus : posez une autre tuile.', es: 'Colocación extra: coloca otra ficha.' },
  rotate: { en: 'Rotate (R)', ja: '回転 (R)', fr: 'Tourner (R)', es: 'Girar (R)' },
  confirm: { en: 'Place (Enter)', ja: '置く (Enter)', fr: 'Poser (Entrée)', es: 'Colocar (Intro)' },
  cancel: { en: 'Cancel (Esc)', ja: '取消 (Esc)', fr: 'Annuler (Échap)', es: 'Cancelar (Esc)' },
  take: { en: 'Take a tile from the core', ja: '山からタイルを取る', fr: 'Prendre une tuile de la pioche', es: 'Tomar una ficha del mazo' },
  takeTile: { en: 'Take supply tile {0}', ja: '手持ちのタイル {0} を取る', fr: 'Prendre la tuile {0} de la réserve', es: 'Tomar la ficha {0} de la reserva' },
  pass: { en: 'Pass', ja: 'パス', fr: 'Passer', es: 'Pasar' },
  refill: { en: 'Refill the rack', ja: 'ラックを補充', fr: 'Compléter le chevalet', es: 'Rellenar el atril' },
  swap: { en: 'Swap the rack', ja: 'ラックを交換', fr: 'Échanger le chevalet', es: 'Cambiar el atril' },
  claim: { en: 'Put a stone on this group', ja: 'このグループにマーカーを置く', fr: 'Poser une pierre sur ce groupe', es: 'Poner una piedra en este grupo' },
  group: { en: 'Group of {0} micropul, {1}', ja: '{0} 個のマイクロプルのグループ（{1}）', fr: 'Groupe de {0} micropul, {1}', es: 'Grupo de {0} micropul, {1}' },
  closed: { en: 'closed', ja: '閉じている', fr: 'fermé', es: 'cerrado' },
  open: { en: 'open', ja: '開いている', fr: 'ouvert', es: 'abierto' },
  notClaimable: { en: 'This micropul cannot take a stone now.', ja: 'このマイクロプルには今マーカーを置けません。', fr: 'Ce micropul ne peut pas recevoir de pierre maintenant.', es: 'Este micropul no puede recibir una piedra ahora.' },
  hint: { en: 'Hint', ja: 'ヒント', fr: 'Conseil', es: 'Pista' },
  hintIs: { en: 'Hint: {0}', ja: 'ヒント: {0}', fr: 'Conseil : {0}', es: 'Pista: {0}' },
  undo: { en: 'Undo', ja: '取り消し', fr: 'Annuler le coup', es: 'Deshacer' },
  download: { en: 'Download the record', ja: '棋譜をダウンロード', fr: 'Télécharger la partie', es: 'Descargar la partida' },
  zoomIn: { en: 'Zoom in (+)', ja: '拡大 (+)', fr: 'Agrandir (+)', es: 'Acercar (+)' },
  zoomOut: { en: 'Zoom out (-)', ja: '縮小 (-)', fr: 'Réduire (-)', es: 'Alejar (-)' },
  fit: { en: 'Whole board (0)', ja: '盤面全体 (0)', fr: 'Plateau entier (0)', es: 'Tablero entero (0)' },
  handOver: { en: 'Hand the screen to seat {0}', ja: '席 {0} に画面を渡してください', fr: 'Passez l’écran à la place {0}', es: 'Pasa la pantalla al asiento {0}' },
  handOverBody: { en: 'The other tiles are hidden. Seat {0}: go on when only you can see the screen.', ja: '他の人のタイルは隠されています。席 {0} の人だけが画面を見られるときに進んでください。', fr: 'Les autres tuiles sont cachées. Place {0} : continuez quand vous seul voyez l’écran.', es: 'Las demás fichas están ocultas. Asiento {0}: continúa cuando solo tú veas la pantalla.' },
  ready: { en: 'I am seat {0}: show my tiles', ja: '私は席 {0}: タイルを表示', fr: 'Je suis la place {0} : montrer mes tuiles', es: 'Soy el asiento {0}: mostrar mis fichas' },
  gameOver: { en: 'Game over', ja: 'ゲーム終了', fr: 'Partie terminée', es: 'Fin de la partida' },
  winners: { en: 'Won by: {0}', ja: '勝者: {0}', fr: 'Victoire : {0}', es: 'Gana: {0}' },
  noWinner: { en: 'No winner', ja: '勝者なし', fr: 'Aucun vainqueur', es: 'Sin ganador' },
  score: { en: 'Score', ja: '得点', fr: 'Score', es: 'Puntos' },
  scores: { en: 'Scores', ja: '得点', fr: 'Scores', es: 'Puntuaciones' },
  total: { en: 'Total', ja: '合計', fr: 'Total', es: 'Total' },
  part_groups: { en: 'Closed groups', ja: '閉じたグループ', fr: 'Groupes fermés', es: 'Grupos cerrados' },
  part_supply: { en: 'Tiles in supply ({0})', ja: '手持ちのタイル（{0}）', fr: 'Tuiles en réserve ({0})', es: 'Fichas en reserva ({0})' },
  part_hand: { en: 'Tiles in hand ({0})', ja: '手札のタイル（{0}）', fr: 'Tuiles en main ({0})', es: 'Fichas en la mano ({0})' },
  part_scripts: { en: 'Rule scripts', ja: 'ルールスクリプト', fr: 'Scripts de règles', es: 'Scripts de reglas' },
  part_lowest_track: { en: 'Lowest track', ja: '最も低いトラック', fr: 'Piste la plus basse', es: 'Pista más baja' },
  part_other: { en: 'Other', ja: 'その他', fr: 'Autre', es: 'Otro' },
  log: { en: 'Moves', ja: '手順', fr: 'Coups', es: 'Jugadas' },
  hand: { en: 'Your hand', ja: 'あなたの手札', fr: 'Votre main', es: 'Tu mano' },
  rack: { en: 'Your rack', ja: 'あなたのラック', fr: 'Votre chevalet', es: 'Tu atril' },
  refused: { en: 'Refused: {0}', ja: '不可: {0}', fr: 'Refusé : {0}', es: 'Rechazado: {0}' },
  core: { en: 'Core: {0}', ja: '山: {0}', fr: 'Pioche : {0}', es: 'Mazo: {0}' },
  bag: { en: 'Bag: {0}', ja: '袋: {0}', fr: 'Sac : {0}', es: 'Bolsa: {0}' },
  seatInfo: { en: 'hand {0} · supply {1} · stones {2}', ja: '手札 {0} · 手持ち {1} · マーカー {2}', fr: 'main {0} · réserve {1} · pierres {2}', es: 'mano {0} · reserva {1} · piedras {2}' },
  rackCount: { en: 'rack {0}', ja: 'ラック {0}', fr: 'chevalet {0}', es: 'atril {0}' },
  tracks: { en: 'Tracks', ja: 'トラック', fr: 'Pistes', es: 'Pistas' },
  lowest: { en: 'lowest', ja: '最低', fr: 'la plus basse', es: 'la más baja' },
  replay: { en: 'Replay', ja: '再生', fr: 'Relecture', es: 'Repetición' },
  first: { en: 'First', ja: '最初', fr: 'Début', es: 'Inicio' },
  prev: { en: 'Back', ja: '戻る', fr: 'Précédent', es: 'Atrás' },
  next: { en: 'Forward', ja: '進む', fr: 'Suivant', es: 'Adelante' },
  last: { en: 'Last', ja: '最後', fr: 'Fin', es: 'Final' },
  moveOf: { en: 'Move {0} of {1}', ja: '{1} 手中 {0} 手目', fr: 'Coup {0} sur {1}', es: 'Jugada {0} de {1}' },
  toStart: { en: 'Back to the start screen', ja: '最初の画面へ', fr: 'Retour à l’accueil', es: 'Volver al inicio' },
  badRecord: { en: 'This record cannot be replayed: {0}', ja: 'この棋譜は再生できません: {0}', fr: 'Cette partie ne peut pas être rejouée : {0}', es: 'Esta partida no se puede repetir: {0}' },
  toMove: { en: 'Seat {0} to move', ja: '席 {0} の手番', fr: 'Place {0} au trait', es: 'Juega el asiento {0}' },
  drew: { en: 'drew', ja: '引いた', fr: 'a pioché', es: 'robó' },
  lastMark: { en: 'Marked: the moves since your last turn.', ja: '印: あなたの前の手番以降の手。', fr: 'Marqués : les coups depuis votre dernier tour.', es: 'Marcadas: las jugadas desde tu último turno.' },
  board: { en: 'Board', ja: '盤面', fr: 'Plateau', es: 'Tablero' },
  reason_core_empty: { en: 'the core is empty', ja: '山が尽きた', fr: 'la pioche est vide', es: 'el mazo está vacío' },
  reason_other: { en: 'end: {0}', ja: '終了: {0}', fr: 'fin : {0}', es: 'fin: {0}' },
};

/** @type {Lang} */
let current = 'en';

/** @param {string} l @returns {l is Lang} */
export function isLang(l) { return /** @type {string[]} */ (LANGS).includes(l); }

/** @param {Lang} l */
export function setLang(l) { current = l; }

/** @returns {Lang} */
export function lang() { return current; }

/** The text of key in the current language, {0}, {1}... replaced by args.
 * @param {string} key @param {...(string|number)} args @returns {string} */
export function t(key, ...args) {
  const e = T[key];
  const s = e ? e[current] : key;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

/** Every key with its four texts (the tests check that none is missing). */
export function keys() { return Object.keys(T); }

/** @param {string} key @returns {Record<Lang,string>|undefined} */
export function entry(key) { return T[key]; }
