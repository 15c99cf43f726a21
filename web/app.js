// grundy's page: play against perfect play, explore positions, browse tables
// and the claim registry. Everything it knows comes from the JSON API
// (docs/api.md); sizes are kept as decimal strings and BigInt so that
// positions of any size work.
'use strict';
const $ = (id) => document.getElementById(id);

async function api(call, params) {
  const r = await fetch(`/api/${call}?${new URLSearchParams(params)}`);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

const str = (x) => String(x);
const posText = (p) => p.map(str).join(', ');
function parsePos(text) {
  const parts = text.trim().split(/[\s,]+/).filter(Boolean);
  if (!parts.length || !parts.every((t) => /^\d+$/.test(t))) throw new Error('rows must be non-negative whole numbers');
  return parts.map((t) => BigInt(t).toString());
}
function outcomeParams(sel) {
  if (!sel) return {};
  const [k, v] = sel.split('=');
  return { [k]: v };
}

// ---- tabs ----
for (const b of document.querySelectorAll('.tab')) {
  b.addEventListener('click', () => {
    for (const x of document.querySelectorAll('.tab')) x.classList.toggle('active', x === b);
    for (const p of document.querySelectorAll('.panel')) p.classList.toggle('active', p.id === b.dataset.tab);
  });
}

// ---- play ----
// turn: moves made since the start; seats: players (the person sits in seat
// 0 when moving first, else 1; the computer plays every other seat).
const game = { rules: 'sharing', extra: {}, start: [], pos: [], history: [], humanFirst: true,
  turn: 0, seats: 2, moves: null, selected: null, over: false, busy: false };
const seatToMove = () => game.turn % game.seats;
const personToMove = () => seatToMove() === (game.humanFirst ? 0 : 1);
const seatName = (s) => (s === (game.humanFirst ? 0 : 1) ? 'you' : game.seats > 2 ? `computer (seat ${s})` : 'computer');

// Games of heaps that split (take-and-break): a move may leave the row as
// several rows; a person picks the move from a list of the row's moves.
const HEAP_GAMES = ['tb:', 'split', 'grundy-game', 'subtraction'];
const isHeapGame = (rules) => HEAP_GAMES.some((h) => rules.startsWith(h));
const LEADS = {
  sharing: 'Two shop assistants even out rows of milk bottles: move bottles from one row to another, as long as the row you add to ends up no longer than the row you took from. Whoever makes the last move wins. You play against perfect play.',
  nim: 'Take any number of bottles from one row. Whoever takes the last bottle wins. You play against perfect play.',
  kim: 'Take bottles from one row, or move bottles from a row to a row at least as long. Whoever makes the last move wins.',
  'tb:0.77': 'Kayles: knock down one pin or two neighbouring pins; a row may break in two. Whoever makes the last move wins.',
  split: 'Take bottles from one row, or split a row into three non-empty rows (seed 004). Whoever makes the last move wins.',
  'grundy-game': "Grundy's game: split a row into two rows of different lengths. Whoever makes the last move wins.",
  'split:parts=2': "Lasker's Nim: take bottles from one row, or split a row into two non-empty rows. Whoever makes the last move wins.",
  'tb:0.07': "Dawson's Kayles: knock down two neighbouring pins; a row may break in two. Whoever makes the last move wins.",
  'subtraction:1,3,4': 'Take 1, 3 or 4 bottles from one row. Whoever makes the last move wins.',
  'kim:reading=R2': "Kim's game, strict reading: take bottles from one row, or move bottles to a strictly longer row.",
};
function leadOf(rules) {
  if (LEADS[rules]) return LEADS[rules];
  if (rules.startsWith('subtraction:')) return `Take ${rules.slice(12).split(',').join(', ')} bottles from one row (the amounts allowed). Whoever makes the last move wins.`;
  if (rules.startsWith('tb:')) return `The take-and-break game ${rules.slice(3)} (CGSuite's code): pick a move from the row's list; a row may break into several. Whoever makes the last move wins.`;
  if (graphEdges(rules)) return `${LEADS.sharing} Here bottles move only along the arrows of the graph below.`;
  if (rules.startsWith('sharing')) return LEADS.sharing;
  if (rules.startsWith('kim')) return LEADS.kim;
  return '';
}

// The rows a split leaves: the row moved from holds the first, the others
// are appended (as the rulesets list them), or the play API's own list.
function partsOf(m, before) {
  if (m.parts) return m.parts.map(str);
  return [m.result[m.from], ...m.result.slice(before.length)].map(str);
}
function withParts(m, before) { return m.kind === 'split' ? { ...m, parts: partsOf(m, before) } : m; }
// Empty rows are dropped in heap games, as `grundy play` drops them.
function compact(pos) {
  if (!isHeapGame(game.rules)) return pos;
  const left = pos.filter((x) => str(x) !== '0');
  return left.length ? left : ['0'];
}

function describeMove(m) {
  if (m.kind === 'transfer') return `move ${str(m.amount)} from row ${m.from} to row ${m.to}`;
  if (m.kind === 'split') {
    const into = (m.parts || []).join(' + ');
    return BigInt(m.amount) > 0n ? `take ${str(m.amount)} from row ${m.from} and split the rest into ${into}`
      : `split row ${m.from} into ${into}`;
  }
  return `take ${str(m.amount)} from row ${m.from}`;
}

function setStatus(text) { $('play-status').textContent = text; }
function logMove(who, m) {
  const li = document.createElement('li');
  li.textContent = `${who}: ${describeMove(m)} → ${posText(compact(m.result))}`;
  $('play-log').appendChild(li);
}

const SVGNS = 'http://www.w3.org/2000/svg';
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Rows of milk bottles; a row too long to draw bottle by bottle is a shelf
// with its count.
function drawBoard() {
  const svg = $('board');
  svg.innerHTML = '';
  // a phone's narrow board: shorter shelves, smaller bottles closer together
  const narrow = svg.clientWidth > 0 && svg.clientWidth < 600;
  const rowH = 64, width = narrow ? 400 : 900, maxDrawn = 40, left = narrow ? 96 : 200;
  const step = narrow ? Math.min(17, (width - left - 10) / maxDrawn) : 17, scale = narrow ? Math.min(1, step / 13) : 1;
  svg.setAttribute('viewBox', `0 0 ${width} ${game.pos.length * rowH + 10}`);
  game.pos.forEach((n, i) => {
    const g = el('g', { class: 'row-hit', 'data-row': i, transform: `translate(0, ${i * rowH + 5})` }, svg);
    el('rect', { class: 'shelf', x: 0, y: 0, width, height: rowH - 6, rx: 8,
      fill: game.selected === i ? '#dbe7ff' : '#fafbfd', stroke: game.selected === i ? '#2f6fde' : '#e1e5ec' }, g);
    const label = el('text', { x: narrow ? 6 : 12, y: 36, 'font-size': narrow ? 13 : 16, fill: '#1d2430' }, g);
    label.textContent = `row ${i}: ${n.length > 12 ? n.slice(0, 6) + '…' + n.slice(-4) + ` (${n.length} digits)` : n}`;
    const count = BigInt(n);
    if (count <= BigInt(maxDrawn)) {
      for (let k = 0; k < Number(count); k++) {
        const x = left + k * step, b = el('g', { transform: `translate(${x}, 8) scale(${scale} 1)` }, g);
        el('rect', { x: 3, y: 0, width: 6, height: 9, rx: 1.5, fill: '#9fb4d8' }, b);
        el('rect', { x: 0, y: 8, width: 12, height: 34, rx: 4, fill: '#ffffff', stroke: '#7f93b5', 'stroke-width': 1.4 }, b);
        el('rect', { x: 1.5, y: 20, width: 9, height: 12, rx: 2, fill: '#cfe0ff' }, b);
      }
    } else {
      const digits = n.length, frac = Math.min(1, Math.log10(Number(count > 10n ** 300n ? 10n ** 300n : count) + 1) / 12);
      el('rect', { x: left, y: 18, width: Math.max(40, (width - left - 20) * frac), height: 22, rx: 5, fill: '#cfe0ff', stroke: '#7f93b5' }, g);
      const t = el('text', { x: left + 10, y: 34, 'font-size': 13, fill: '#1d2430' }, g);
      t.textContent = digits > 15 ? `${digits}-digit row` : `${n} bottles`;
    }
    g.addEventListener('click', () => clickRow(i));
  });
  drawGraph();
}

// Under blocking the person's candidates leave out the moves the computer forbade.
// Sharing Nim on a graph: the rows are vertices and bottles move only along
// the edges ("0>1" one way, "0-1" both), drawn beside the board.
function graphEdges(rules) {
  const m = /(?:^|[:,])graph=([^,]+)/.exec(rules);
  if (!m) return null;
  const edges = [];
  for (const e of m[1].split('/')) {
    const d = /^(\d+)([>-])(\d+)$/.exec(e);
    if (!d) continue;
    edges.push([Number(d[1]), Number(d[3])]);
    if (d[2] === '-') edges.push([Number(d[3]), Number(d[1])]);
  }
  return edges;
}
function drawGraph() {
  const svg = $('graph'), edges = graphEdges(game.rules);
  svg.innerHTML = '';
  // an SVG element has no `hidden` property: the attribute it is
  if (!edges) return svg.setAttribute('hidden', '');
  svg.removeAttribute('hidden');
  const n = game.pos.length, r = 90, c = 130, at = (i) => [c + r * Math.sin(2 * Math.PI * i / n), c - r * Math.cos(2 * Math.PI * i / n)];
  svg.setAttribute('viewBox', '0 0 260 260');
  const defs = el('defs', {}, svg), mk = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#7f93b5' }, mk);
  for (const [a, b] of edges) {
    if (a >= n || b >= n) continue;
    const [x1, y1] = at(a), [x2, y2] = at(b), len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    // a two-way edge is two arrows side by side
    const ox = -uy * 4, oy = ux * 4;
    el('line', { class: 'edge', x1: x1 + ux * 24 + ox, y1: y1 + uy * 24 + oy, x2: x2 - ux * 24 + ox, y2: y2 - uy * 24 + oy,
      stroke: '#7f93b5', 'stroke-width': 2, 'marker-end': 'url(#arrow)' }, svg);
  }
  game.pos.forEach((v, i) => {
    const [x, y] = at(i);
    el('circle', { cx: x, cy: y, r: 22, fill: game.selected === i ? '#dbe7ff' : '#fff', stroke: '#2f6fde', 'stroke-width': 2 }, svg);
    const t = el('text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 13, fill: '#1d2430' }, svg);
    t.textContent = `${i}: ${v.length > 5 ? v.slice(0, 4) + '…' : v}`;
  });
}

function legalMovesFromList() {
  return game.moves && game.moves.listed === 'all' ? game.moves.moves.filter((m) => !isBanned(m)) : null;
}

function showAmounts(candidates, src, dst) {
  const box = $('amounts');
  box.innerHTML = '';
  if (candidates === null) {
    // beyond the listed moves (huge positions): type the amount
    const input = document.createElement('input');
    input.placeholder = 'amount';
    input.size = 12;
    const go = document.createElement('button');
    go.textContent = dst === null ? `take from row ${src}` : `move from row ${src} to row ${dst}`;
    go.addEventListener('click', () => humanMoveManual(src, dst, input.value));
    box.append(input, go);
    return;
  }
  for (const raw of candidates) {
    const m = withParts(raw, game.pos);
    const b = document.createElement('button');
    if (m.kind === 'split') {
      b.textContent = BigInt(m.amount) > 0n ? `take ${str(m.amount)}, split ${m.parts.join('+')}` : `split ${m.parts.join('+')}`;
      b.dataset.move = `split:${str(m.amount)}:${m.parts.join('+')}`;
    } else {
      b.textContent = dst === null ? `take ${str(m.amount)}` : `move ${str(m.amount)}`;
      b.dataset.move = `${m.kind}:${str(m.amount)}`;
    }
    b.dataset.amount = str(m.amount);
    b.addEventListener('click', () => humanMove(m));
    box.appendChild(b);
  }
}

function clickRow(i) {
  if (game.over || game.busy || !personToMove()) return;
  $('play-hint-text').textContent = '';
  const list = legalMovesFromList();
  if (game.selected === null || game.selected === i) {
    game.selected = game.selected === i ? null : i;
    drawBoard();
    if (game.selected === null) { $('amounts').innerHTML = ''; return; }
    const heaps = isHeapGame(game.rules);
    if (heaps && !list) {
      $('amounts').textContent = 'This position is too big to list its moves here: play it with grundy play in a terminal.';
      return;
    }
    const takes = list ? list.filter((m) => (m.kind === 'take' || m.kind === 'split') && m.from === i)
      : (game.rules.startsWith('nim') ? null : []);
    showAmounts(takes, i, null);
    if (takes && !takes.length) $('amounts').textContent = heaps ? 'This row has no move.' : 'Now click the row to move bottles to.';
    return;
  }
  const src = game.selected;
  game.selected = null;
  drawBoard();
  const transfers = list ? list.filter((m) => m.kind === 'transfer' && m.from === src && m.to === i) : null;
  if (transfers && !transfers.length) {
    $('amounts').textContent = `No legal move from row ${src} to row ${i}: the receiving row would end up longer.`;
    return;
  }
  showAmounts(transfers, src, i);
}

// A move typed by hand on a position too big to list: the result computed
// here and checked by the rule; the server then answers the new position.
function humanMoveManual(src, dst, amountText) {
  if (!/^\d+$/.test(amountText.trim())) { $('amounts').textContent = 'The amount must be a whole number.'; return; }
  const k = BigInt(amountText.trim()), p = game.pos.map((x) => BigInt(x));
  if (k < 1n) { $('amounts').textContent = 'Move at least one.'; return; }
  const q = p.slice();
  if (dst === null) {
    if (k > p[src]) { $('amounts').textContent = `Row ${src} has only ${p[src]}.`; return; }
    q[src] -= k;
  } else {
    if (game.rules.startsWith('sharing') && p[src] - k < p[dst] + k) {
      $('amounts').textContent = 'Illegal: the receiving row would end up longer than the source row.'; return;
    }
    q[src] -= k; q[dst] += k;
  }
  humanMove({ kind: dst === null ? 'take' : 'transfer', from: src, to: dst, amount: k.toString(), result: q.map(str) });
}

async function refreshMoves() {
  game.moves = await api('moves', { rules: game.rules, pos: game.pos.join(','), ...game.extra });
  return game.moves;
}

function gameOverIfTerminal() {
  const m = game.moves;
  if (m.listed === 'all' && m.moves.length === 0) {
    game.over = true;
    const misere = 'misere' in game.extra;
    if (game.seats > 2) {
      // the player to move cannot move and loses; everyone else does not
      const stuck = seatToMove(), humanLoses = personToMove();
      setStatus(humanLoses ? 'No move left for you: you lose.' : `No move left for seat ${stuck}: the computer there loses, you do not.`);
      $('play-status').dataset.result = humanLoses ? 'computer' : 'human';
      return true;
    }
    const humanLoses = personToMove() !== misere;
    setStatus(humanLoses ? 'No move left: the computer wins.' : 'No move left: you win!');
    $('play-status').dataset.result = humanLoses ? 'computer' : 'human';
    return true;
  }
  return false;
}

async function humanMove(m) {
  $('amounts').innerHTML = '';
  game.selected = null; /* a take is chosen with the row still selected */
  game.history.push(game.pos);
  game.pos = compact(m.result.map(str));
  logMove('you', m);
  game.turn++;
  game.bans = [];
  showBans();
  drawBoard();
  if (blocking()) await banPhase();
  else await computerTurn();
}

// ---- blocking (block=k, block-position=k) ----
// Before each move the other player forbids k of the mover's moves. The
// computer's bans and its moves come from /api/play, the same library as
// `grundy play --block K`: the person's bans go in as the script's lines.
const blocking = () => 'block' in game.extra || 'block-position' in game.extra;
const banCount = () => Number(game.extra.block || game.extra['block-position'] || 0);
const sameMove = (a, b) => a.kind === b.kind && a.from === b.from && (a.to ?? null) === (b.to ?? null) &&
  str(a.amount) === str(b.amount);
// block-position forbids the positions the banned moves lead to: compare results
function resultKey(m) {
  if (m.result) return m.result.map((x) => BigInt(x)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(',');
  const p = game.pos.map((x) => BigInt(x)), k = BigInt(m.amount);
  p[m.from] -= k;
  if (m.kind === 'transfer') p[m.to] += k;
  return resultKey({ result: p });
}
const isBanned = (m) => (game.bans || []).some((b) =>
  ('block-position' in game.extra ? resultKey({ ...b, result: undefined }) === resultKey(m) : sameMove(b, m)));
function notation(m) {
  if (m.kind === 'transfer') return `${m.from} ${m.to} ${str(m.amount)}`;
  if (m.kind === 'split') return `${m.from} = ${partsOf(m, game.pos).join(' ')}`;
  return `${m.from} ${str(m.amount)}`;
}
function playParams(first, input) {
  const q = { rules: game.rules, pos: game.pos.join(','), ...game.extra, first };
  if (input) q.input = input;
  return q;
}
function showBans(log = false) {
  const text = (game.bans || []).map(describeMove).join('; ');
  $('play-bans').textContent = text ? `The computer forbids you: ${text}.` : '';
  if (log && text) $('play-log').appendChild(Object.assign(document.createElement('li'), { textContent: `computer forbids: ${text}` }));
}
// The person's turn under blocking: the computer forbids first.
async function computerBans() {
  const r = await api('play', playParams('me'));
  game.bans = r.bans || [];
  showBans(true);
  if (r.over) return endByReply(r);
  setStatus('Your move: click a row.');
  return false;
}
function endByReply(r) {
  game.over = true;
  const humanLoses = r.by === 'person';
  setStatus(humanLoses ? 'Every move you have left is forbidden: the computer wins.' : 'The computer has no move left: you win!');
  $('play-status').dataset.result = humanLoses ? 'computer' : 'human';
  return true;
}
// The computer's turn under blocking: the person forbids k of its moves.
async function banPhase(push = true) {
  game.busy = true;
  try {
    const ms = await refreshMoves();
    if (gameOverIfTerminal()) return saveState(push);
    const want = Math.min(banCount(), ms.moves.length), chosen = [], said = [];
    setStatus(`Forbid ${want} of the computer's moves: click ${want === 1 ? 'one' : 'them'} below.`);
    const box = $('amounts');
    box.innerHTML = '';
    game.busy = false; /* waiting for the person, not for the server */
    await new Promise((resolve) => {
      for (const raw of ms.moves) {
        const m = withParts(raw, game.pos), b = document.createElement('button');
        b.textContent = `forbid: ${describeMove(m)}`;
        b.dataset.ban = notation(m);
        b.addEventListener('click', () => {
          chosen.push(`ban ${notation(m)}`);
          said.push(describeMove(m));
          b.disabled = true;
          if (chosen.length >= want) resolve();
        });
        box.appendChild(b);
      }
    });
    box.innerHTML = '';
    game.busy = true;
    setStatus('The computer is thinking…');
    const r = await api('play', playParams('computer', chosen.join('\n')));
    $('play-log').appendChild(Object.assign(document.createElement('li'),
      { textContent: `you forbid: ${said.join('; ')}` }));
    for (const mv of (r.moves || []).filter((x) => x.by === 'computer')) {
      const m = { kind: mv.kind, from: mv.from, to: mv.to, amount: str(mv.amount), parts: mv.parts, result: mv.position.map(str) };
      game.history.push(game.pos);
      game.pos = compact(m.result);
      logMove('computer', m);
      game.turn++;
    }
    drawBoard();
    game.bans = r.bans || [];
    showBans(true);
    await refreshMoves();
    if (!gameOverIfTerminal()) {
      if (r.over) endByReply(r);
      else setStatus('Your move: click a row.');
    }
    saveState(push);
  } catch (e) {
    setStatus(`Error: ${e.message}`);
  } finally {
    game.busy = false;
  }
}

function chooseComputerMove(ms) {
  if (ms.listed === 'all' || ms.moves.length) {
    const win = ms.moves.find((m) => m.winning);
    if (win) return win;
    // a lost position: prefer the option of highest value, which keeps the
    // game longest in the usual case and leaves the opponent most to find
    let best = null;
    for (const m of ms.moves) if (!best || (m.value !== null && Number(m.value) > Number(best.value))) best = m;
    if (best) return best;
  }
  // only winning moves are listed (a huge position) and there are none: any legal move
  const p = game.pos.map((x) => BigInt(x));
  let hi = 0, lo = 0;
  p.forEach((x, i) => { if (x > p[hi]) hi = i; if (x < p[lo]) lo = i; });
  const q = p.slice();
  if (game.rules.startsWith('sharing')) { q[hi] -= 1n; q[lo] += 1n; return { kind: 'transfer', from: hi, to: lo, amount: '1', result: q.map(str) }; }
  q[hi] -= 1n;
  return { kind: 'take', from: hi, amount: '1', result: q.map(str) };
}

// The computer's move comes from the same library as `grundy play`: the
// quickest win, or from a lost position the longest resistance. Should that
// call fail (a bound of the server), pick from the listed moves instead.
async function computerMove(ms) {
  try {
    const r = await api('play', { rules: game.rules, pos: game.pos.join(','), ...game.extra });
    const m = r.moves && r.moves[0];
    if (m) return { kind: m.kind, from: m.from, to: m.to, amount: str(m.amount), parts: m.parts, result: m.position.map(str) };
  } catch (e) { /* fall back below */ }
  return chooseComputerMove(ms);
}

// The computer plays every seat but the person's, one after another.
async function computerTurn(push = true) {
  game.busy = true;
  try {
    setStatus('The computer is thinking…');
    while (!personToMove()) {
      const ms = await refreshMoves();
      if (gameOverIfTerminal()) return saveState(push);
      const seat = seatToMove();
      const m = withParts(await computerMove(ms), game.pos);
      game.history.push(game.pos);
      game.pos = compact(m.result.map(str));
      logMove(seatName(seat), m);
      game.turn++;
      drawBoard();
    }
    await refreshMoves();
    if (!gameOverIfTerminal()) setStatus('Your move: click a row.');
    saveState(push);
  } catch (e) {
    setStatus(`Error: ${e.message}`);
  } finally {
    game.busy = false;
  }
}

function chosenRules() { return $('play-custom').value.trim() || $('play-rules').value; }

// ---- links that keep the game ----
// The URL's fragment holds the rules, the outcome rule, who moved first, the
// start and every position since: a link restores the position, and each
// of the person's turns is an entry of the browser's history, so the back
// button undoes a move.
let pushes = 0;
function stateHash() {
  const q = new URLSearchParams();
  q.set('rules', game.rules);
  for (const [k, v] of Object.entries(game.extra)) q.set(k, v);
  q.set('first', game.humanFirst ? 'me' : 'computer');
  q.set('start', game.start.join(','));
  const line = game.history.length ? [...game.history.slice(1), game.pos] : [];
  if (line.length) q.set('moves', line.map((p) => p.join(',')).join(';'));
  // commas, semicolons and colons need no escaping in a fragment: keep links readable
  return `#${q.toString().replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3A/g, ':')}`;
}
function saveState(push) {
  const h = stateHash();
  $('play-link').href = h;
  if (h === location.hash) return;
  if (push) history.pushState({ grundy: ++pushes }, '', h);
  else history.replaceState({ grundy: pushes }, '', h);
}
function restoreFrom(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const rules = q.get('rules'), start = q.get('start');
  if (!rules || !start) return false;
  let line, first;
  try {
    line = (q.get('moves') || '').split(';').filter(Boolean).map(parsePos);
    first = parsePos(start);
  } catch (e) { return false; }
  const known = [...$('play-rules').options].some((o) => o.value === rules);
  $('play-rules').value = known ? rules : $('play-rules').value;
  $('play-custom').value = known ? '' : rules;
  const rule = [...$('play-outcome').options].find((o) => o.value && q.get(o.value.split('=')[0]) === o.value.split('=')[1]);
  $('play-outcome').value = rule ? rule.value : '';
  $('play-first').checked = q.get('first') !== 'computer';
  $('play-pos').value = first.join(' ');
  startGame(first, line, false);
  return true;
}
window.addEventListener('resize', () => drawBoard());
window.addEventListener('popstate', () => {
  if (!restoreFrom(location.hash)) startGame(parsePos($('play-pos').value), null, false);
});

// A new game from pos; `line` (the positions after each move so far) resumes
// one from a link; `push` makes it an entry of the browser's history.
async function startGame(pos, line = null, push = true) {
  game.rules = chosenRules();
  $('play-lead').textContent = leadOf(game.rules);
  game.extra = outcomeParams($('play-outcome').value);
  game.humanFirst = $('play-first').checked;
  game.seats = Number(game.extra.players || 2);
  game.start = pos;
  game.pos = pos;
  game.history = [];
  game.over = false;
  game.selected = null;
  $('play-status').dataset.result = '';
  $('play-log').innerHTML = '';
  $('amounts').innerHTML = '';
  $('play-hint-text').textContent = '';
  game.turn = 0;
  for (const next of line || []) {
    game.history.push(game.pos);
    game.pos = next;
    const li = document.createElement('li');
    li.textContent = `${seatName(seatToMove())}: → ${posText(next)}`;
    $('play-log').appendChild(li);
    game.turn++;
  }
  game.bans = [];
  showBans();
  drawBoard();
  try {
    await refreshMoves();
    if (gameOverIfTerminal()) return saveState(push);
    if (blocking() && personToMove()) {
      await computerBans();
      saveState(push);
    } else if (blocking()) {
      await banPhase(push);
    } else if (personToMove()) {
      setStatus('Your move: click a row.');
      saveState(push);
    } else {
      await computerTurn(push);
    }
  } catch (e) {
    setStatus(`Error: ${e.message}`);
  }
}

$('play-rules').addEventListener('change', () => {
  $('play-custom').value = '';
  $('play-lead').textContent = leadOf($('play-rules').value);
});
$('play-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  try { startGame(parsePos($('play-pos').value)); } catch (e) { setStatus(e.message); }
});
$('play-restart').addEventListener('click', () => startGame(game.start));
$('play-link').addEventListener('click', async (ev) => {
  ev.preventDefault();
  const url = location.href;
  try { await navigator.clipboard.writeText(url); $('play-link').textContent = 'link copied'; } catch (e) { $('play-link').textContent = url; }
});
// Undo: back to the position before the person's last move, replayed from
// the start like a link (the log rebuilt, bans asked again); within the
// browser's history it is the back button.
$('play-undo').addEventListener('click', () => {
  if (game.busy || game.history.length === 0) return;
  if (history.state && history.state.grundy > 0) { history.back(); return; }
  const line = [...game.history.slice(1), game.pos], person = game.humanFirst ? 0 : 1;
  do line.pop(); while (line.length && line.length % game.seats !== person);
  startGame(game.start, line, false);
});

function whyWins(m) {
  if (blocking())
    return `it leads to a position that is lost for the player to move under blocking (seed 003): whatever ${banCount()} move${banCount() > 1 ? 's' : ''} they forbid you next, you keep a winning reply.`;
  if (game.seats > 2)
    return `it leads to a position of class ${m.outcome}, the best you can reach: with every player doing their best from there, ` +
      'the one who gets stuck is not you (seed 002: from a C-position the player to move loses, from an A-position they can move to a C-position, from a B-position to an A-position).';
  const r = m.result.map((x) => BigInt(x)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (game.rules === 'sharing' && r.length === 3 && !('misere' in game.extra)) {
    if (r[0] === r[1] && r[1] === r[2]) return 'it makes all three rows equal, so no move is left.';
    const d = r[0] === r[1] ? r[2] - r[0] : r[2] - r[0];
    let twos = 0, x = d;
    while (x % 2n === 0n) { x /= 2n; twos++; }
    return `it leaves two equal rows and a third differing by ${d} = 2^${twos} × ${x}, an even power of two times an odd number: ` +
      'a losing position for the player to move (seed 000, Theorem P), whatever they do you can restore such a position.';
  }
  if (game.rules === 'nim' && !('misere' in game.extra))
    return 'it leaves rows whose binary digits cancel out (nim-sum 0): every reply breaks that and you can restore it.';
  if (isHeapGame(game.rules) && !('misere' in game.extra))
    return "it leaves rows whose Grundy values cancel out (their XOR is 0): by the Sprague-Grundy theorem that position is lost for the player to move.";
  return 'it leads to a position where the player to move loses against perfect play.';
}

// The hint is the terminal's (`hint` in `grundy play`): the library names the
// move and says why it wins; the page words piles as rows. Should that call
// fail, the page explains from the listed moves itself.
$('play-hint').addEventListener('click', async () => {
  if (!game.moves || game.over || !personToMove()) return;
  try {
    const r = await api('play', playParams('me', 'hint'));
    if (r.hint && r.hint.why) {
      const why = r.hint.why.replace(/\bpiles\b/g, 'rows').replace(/\bpile\b/g, 'row');
      $('play-hint-text').textContent = r.hint.winning ? `Winning: ${why}` : `This position is lost against perfect play. ${why}`;
      return;
    }
  } catch (e) { /* explained from the listed moves below */ }
  const found = game.moves.moves.find((m) => m.winning && !isBanned(m));
  const win = found && withParts(found, game.pos);
  $('play-hint-text').textContent = win
    ? `Winning: ${describeMove(win)}, because ${whyWins(win)}`
    : 'This position is lost against perfect play: every move leads to a position where your opponent can win. Keep the game long and hope for a mistake.';
});

// ---- explore ----
$('explore-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const params = { rules: $('explore-rules').value.trim(), ...outcomeParams($('explore-outcome').value) };
  const table = $('explore-moves');
  table.innerHTML = '';
  try {
    params.pos = parsePos($('explore-pos').value).join(',');
    const v = await api('value', params);
    $('explore-value').textContent = `${v.outcome}${v.value !== null ? `, Grundy value ${v.value}` : ''} (${v.method})`;
    const ms = await api('moves', params);
    table.innerHTML = '<tr><th></th><th>move</th><th>result</th><th>outcome</th><th>value</th></tr>';
    for (const m of ms.moves) {
      const tr = document.createElement('tr');
      if (m.winning) tr.className = 'winning';
      for (const cell of [m.winning ? '★' : '', describeMove(withParts(m, ms.position)), posText(m.result), m.outcome, m.value === null ? '—' : str(m.value)]) {
        const td = document.createElement('td');
        td.textContent = cell;
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    if (ms.listed !== 'all') {
      const tr = document.createElement('tr');
      tr.innerHTML = `<td colspan="5">${ms.total_moves} moves in all; only the winning ones are listed.</td>`;
      table.appendChild(tr);
    }
  } catch (e) {
    $('explore-value').textContent = `Error: ${e.message}`;
  }
});

// ---- table heatmap ----
const heat = { rows: null, n: 0, max: 1, scale: 1, ox: 0, oy: 0, drag: null };
function colour(v, max) {
  // a perceptual ramp from dark blue through teal to yellow
  const t = max ? v / max : 0;
  const stops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  const x = t * (stops.length - 1), i = Math.min(stops.length - 2, Math.floor(x)), f = x - i;
  const c = stops[i].map((a, k) => Math.round(a + (stops[i + 1][k] - a) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}
function drawHeat() {
  const cv = $('heat'), ctx = cv.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, cv.width, cv.height);
  if (!heat.rows) return;
  const margin = 36, size = (cv.width - margin - 8) / (heat.n + 1) * heat.scale;
  ctx.save();
  ctx.translate(margin + heat.ox, heat.oy);
  for (let b = 0; b <= heat.n; b++) {
    const row = heat.rows[b];
    for (let a = 0; a <= b; a++) {
      const x = b * size, y = (heat.n - a) * size;
      if (x + size < -margin - heat.ox || x > cv.width - heat.ox || y + size < -heat.oy || y > cv.height - heat.oy) continue;
      ctx.fillStyle = colour(row[a], heat.max);
      ctx.fillRect(x, y, Math.ceil(size), Math.ceil(size));
      if (size >= 18) {
        ctx.fillStyle = row[a] > heat.max * 0.6 ? '#111' : '#fff';
        ctx.font = `${Math.min(14, size * 0.5)}px system-ui`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(row[a]), x + size / 2, y + size / 2);
      }
    }
  }
  // tick labels: a along the diagonal's left edge, b along the bottom row
  ctx.fillStyle = '#5b6678';
  ctx.font = '11px system-ui';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const every = Math.max(1, Math.ceil(28 / size));
  for (let k = 0; k <= heat.n; k += every) {
    ctx.fillText(String(k), k * size - 4, (heat.n - k) * size + size / 2);
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(String(k), k * size + size / 2, (heat.n + 1) * size + 3);
    ctx.restore();
  }
  ctx.restore();
  ctx.fillStyle = '#5b6678';
  ctx.font = '12px system-ui';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText('a ↑', 4, 14);
  ctx.fillText('b →', cv.width - 34, cv.height - 6);
}
function cellAt(ev) {
  const cv = $('heat'), r = cv.getBoundingClientRect();
  const margin = 36, size = (cv.width - margin - 8) / (heat.n + 1) * heat.scale;
  const x = (ev.clientX - r.left) * cv.width / r.width - margin - heat.ox, y = (ev.clientY - r.top) * cv.height / r.height - heat.oy;
  const b = Math.floor(x / size), a = heat.n - Math.floor(y / size);
  return a >= 0 && b >= a && b <= heat.n ? { a, b } : null;
}
$('heat').addEventListener('mousemove', (ev) => {
  const tip = $('heat-tip');
  if (heat.drag) { heat.ox = heat.drag.ox + ev.clientX - heat.drag.x; heat.oy = heat.drag.oy + ev.clientY - heat.drag.y; drawHeat(); }
  const c = heat.rows && cellAt(ev);
  if (!c) { tip.hidden = true; return; }
  tip.hidden = false;
  tip.textContent = `G(0,${c.a},${c.b}) = ${heat.rows[c.b][c.a]}`;
  tip.style.left = `${ev.offsetX + 14}px`;
  tip.style.top = `${ev.offsetY + 10}px`;
});
$('heat').addEventListener('mouseleave', () => { $('heat-tip').hidden = true; heat.drag = null; });
$('heat').addEventListener('mousedown', (ev) => { heat.drag = { x: ev.clientX, y: ev.clientY, ox: heat.ox, oy: heat.oy }; });
window.addEventListener('mouseup', () => { heat.drag = null; });
$('heat').addEventListener('wheel', (ev) => {
  ev.preventDefault();
  const f = ev.deltaY < 0 ? 1.25 : 0.8, r = $('heat').getBoundingClientRect();
  const mx = ev.clientX - r.left - 36, my = ev.clientY - r.top;
  heat.ox = mx - (mx - heat.ox) * f;
  heat.oy = my - (my - heat.oy) * f;
  heat.scale *= f;
  drawHeat();
}, { passive: false });
$('table-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  try {
    const params = { rules: 'sharing', max: $('table-max').value };
    if ($('table-stored').checked) params.stored = '1';
    const t = await api('table', params);
    heat.rows = t.rows;
    heat.n = t.max;
    heat.max = Math.max(1, ...t.rows.map((r) => Math.max(...r)));
    heat.scale = 1; heat.ox = 0; heat.oy = 0;
    drawHeat();
    const legend = $('heat-legend');
    legend.innerHTML = '';
    const lc = document.createElement('canvas');
    lc.width = 240; lc.height = 14;
    const lx = lc.getContext('2d');
    for (let i = 0; i < 240; i++) { lx.fillStyle = colour(i / 239 * heat.max, heat.max); lx.fillRect(i, 0, 1, 14); }
    legend.append('value 0', lc, `${heat.max}`, ` — G(0,a,b) for 0 ≤ a ≤ b ≤ ${t.max}; a = 0 is the bottom row`);
  } catch (e) {
    $('heat-legend').textContent = `Error: ${e.message}`;
  }
});

// ---- claims ----
$('claims-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const table = $('claims-report');
  table.innerHTML = '';
  $('claims-status').textContent = 'Checking…';
  try {
    const claims = await api('check', { id: $('claims-seed').value });
    const counts = { holds: 0, fails: 0, unchecked: 0 };
    table.innerHTML = '<tr><th>claim</th><th>statement</th><th>verdict</th><th>checked</th><th>counterexample / detail</th></tr>';
    for (const c of claims) {
      counts[c.status]++;
      const tr = document.createElement('tr');
      const cells = [c.id, c.statement + (c.reading ? ` (reading: ${c.reading})` : ''), c.status, c.range,
        (c.counterexample ? `(${c.counterexample.join(',')}) ` : '') + (c.detail || '')];
      cells.forEach((text, k) => {
        const td = document.createElement('td');
        td.textContent = text;
        if (k === 2) td.className = c.status;
        tr.appendChild(td);
      });
      table.appendChild(tr);
    }
    $('claims-status').textContent = `${claims.length} claims: ${counts.holds} hold, ${counts.fails} fail, ${counts.unchecked} unchecked`;
  } catch (e) {
    $('claims-status').textContent = `Error: ${e.message}`;
  }
});

if (!restoreFrom(location.hash)) startGame(parsePos($('play-pos').value), null, false);
