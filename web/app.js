// grundy's page: play against perfect play, explore positions, browse tables
// and the claim registry. Everything it knows comes from the JSON API
// (docs/api.md, docs/page.md): the games, their options, their kinds of
// move and how each is written, and the outcome rules from /api/games;
// which moves are legal and what they lead to from /api/moves and
// /api/play. Sizes are kept as decimal strings and BigInt so that positions
// of any size work.
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

// ---- the catalogue: /api/games ----
// Each ruleset with its summary, options, flags, the kinds of move it has
// (with the notation `grundy play` reads for each) and the outcome rules
// (with the query key that asks for each and the range of its number).
let catalog = [];
const rulesetOf = (rules) => catalog.find((g) => g.name === rules.split(':')[0]) || null;
const kindsOf = (rules) => new Set((rulesetOf(rules)?.moves || []).map((k) => k.kind));
const outcomeRules = () => (catalog[0] ? catalog[0].outcome_rules : []);

function fillMenus() {
  const menu = $('play-rules');
  menu.innerHTML = '';
  for (const g of catalog) {
    const short = g.summary.split(':')[0];
    const o = Object.assign(document.createElement('option'), { value: g.name, title: g.summary,
      textContent: short.length > 48 || short === g.summary ? g.name : `${g.name}: ${short}` });
    menu.appendChild(o);
  }
  if (catalog.some((g) => g.name === menu.dataset.default)) menu.value = menu.dataset.default;
  for (const [sel, num] of [['play-outcome', 'play-outcome-n'], ['explore-outcome', 'explore-outcome-n']]) {
    const s = $(sel);
    s.innerHTML = '';
    for (const r of outcomeRules())
      s.appendChild(Object.assign(document.createElement('option'), { value: r.flag || '', title: r.summary, textContent: r.name }));
    s.addEventListener('change', () => showNumber(sel, num));
    showNumber(sel, num);
  }
  showRulesHelp();
}
// A rule that takes a number (players m, blocking k) shows a box for it.
function showNumber(sel, num) {
  const r = outcomeRules().find((x) => (x.flag || '') === $(sel).value), box = $(num);
  box.hidden = !(r && r.number);
  if (r && r.number) {
    box.min = r.number.min;
    box.max = r.number.max;
    if (!box.value || Number(box.value) < r.number.min || Number(box.value) > r.number.max) box.value = r.number.min;
  }
}
// The query words of the chosen outcome rule: misere=1, players=3, ...
function outcomeParams(sel, num) {
  const r = outcomeRules().find((x) => (x.flag || '') === $(sel).value);
  if (!r || !r.flag) return {};
  return { [r.flag]: r.number ? $(num).value.trim() : '1' };
}
function showRulesHelp() {
  const g = rulesetOf(chosenRules());
  // rules typed with options (tb:0.77) show their ruleset in the menu too
  if (g && $('play-custom').value.trim()) $('play-rules').value = g.name;
  $('play-rules-help').textContent = g && g.options ? `Options (type them into "or rules" as ${g.name}:…): ${g.options}` : '';
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

// The lead says what the game is, in the library's words.
function leadOf(rules) {
  const g = rulesetOf(rules);
  return g ? `${g.summary[0].toUpperCase()}${g.summary.slice(1)}. You play against perfect play.` : '';
}

// The rows a split leaves: the play API's and the moves API's own list, or
// the row moved from and the rows appended after it.
function partsOf(m, before) {
  if (m.parts) return m.parts.map(str);
  return [m.result[m.from], ...m.result.slice(before.length)].map(str);
}
function withParts(m, before) { return m.kind === 'split' ? { ...m, parts: partsOf(m, before) } : m; }

// A move in the notation /api/play reads, filled in from the ruleset's
// vocabulary (/api/games): P or F the row moved from, T the row moved to,
// K the amount, A B ... the rows a split leaves.
function notation(m, rules = game.rules, before = game.pos) {
  const v = (rulesetOf(rules)?.moves || []).find((k) => k.kind === m.kind);
  if (!v) throw new Error(`${rules} has no ${m.kind} moves`);
  const words = [];
  for (const w of v.notation.split(' ')) {
    if (w === 'P' || w === 'F') words.push(str(m.from));
    else if (w === 'T') words.push(str(m.to));
    else if (w === 'K') words.push(str(m.amount));
    else if (w === 'A') words.push(...partsOf(m, before));
    else if (!/^([B-Z]|\.\.\.)$/.test(w)) words.push(w);
  }
  return words.join(' ');
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
// A link that could not be followed as it was: what was wrong, and what the
// page shows instead.
function setNotice(text) {
  $('play-error').textContent = text || '';
  $('play-error').hidden = !text;
}
function logMove(who, m) {
  const li = document.createElement('li');
  li.textContent = `${who}: ${describeMove(m)} → ${posText(m.result)}`;
  $('play-log').appendChild(li);
}
// A move as /api/play reports it, in the page's shape.
const fromPlay = (mv) => ({ kind: mv.kind, from: mv.from, to: mv.to, amount: str(mv.amount), parts: mv.parts,
  result: mv.position.map(str) });
function applyMove(who, m) {
  game.history.push(game.pos);
  game.pos = m.result;
  logMove(who, m);
  game.turn++;
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

// A game played along the edges of a graph (an option graph=EDGES: "0>1"
// one way, "0-1" both ways, as the ruleset's options say) is drawn beside
// the board; which moves it allows is the API's to say.
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

// Under blocking the person's candidates leave out the moves the computer forbade.
function legalMovesFromList() {
  return game.moves && game.moves.listed === 'all' ? game.moves.moves.filter((m) => !isBanned(m)) : null;
}

function showAmounts(candidates, src, dst) {
  const box = $('amounts');
  box.innerHTML = '';
  if (candidates === null) {
    // beyond the listed moves (huge positions): type the amount; /api/play checks it
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

// A click on a row: the moves from it the API lists (takes and splits), or
// the second row of a transfer. The kinds of move come from /api/games.
function clickRow(i) {
  if (game.over || game.busy || !personToMove()) return;
  $('play-hint-text').textContent = '';
  const list = legalMovesFromList(), kinds = kindsOf(game.rules);
  if (game.selected === null || game.selected === i) {
    game.selected = game.selected === i ? null : i;
    drawBoard();
    if (game.selected === null) { $('amounts').innerHTML = ''; return; }
    if (!list) {
      if (kinds.has('take')) showAmounts(null, i, null);
      else $('amounts').textContent = kinds.has('transfer') ? 'Now click the row to move bottles to.'
        : 'This position is too big to list its moves here: play it with grundy play in a terminal.';
      return;
    }
    const fromRow = list.filter((m) => m.kind !== 'transfer' && m.from === i);
    showAmounts(fromRow, i, null);
    if (!fromRow.length) $('amounts').textContent = kinds.has('transfer') ? 'Now click the row to move bottles to.' : 'This row has no move.';
    return;
  }
  const src = game.selected;
  game.selected = null;
  drawBoard();
  if (!kinds.has('transfer')) {
    $('amounts').textContent = `No legal move from row ${src} to row ${i}: ${game.rules} moves no bottles between rows.`;
    return;
  }
  const transfers = list ? list.filter((m) => m.kind === 'transfer' && m.from === src && m.to === i) : null;
  if (transfers && !transfers.length) {
    $('amounts').textContent = `No legal move from row ${src} to row ${i}.`;
    return;
  }
  showAmounts(transfers, src, i);
}

// A move typed by hand on a position too big to list: /api/play checks it.
function humanMoveManual(src, dst, amountText) {
  if (!/^\d+$/.test(amountText.trim())) { $('amounts').textContent = 'The amount must be a whole number.'; return; }
  humanMove({ kind: dst === null ? 'take' : 'transfer', from: src, to: dst, amount: BigInt(amountText.trim()).toString() });
}

async function refreshMoves() {
  game.moves = await api('moves', { rules: game.rules, pos: game.pos.join(','), ...game.extra });
  $('play-quotient').textContent = game.moves.quotient ? `This position: ${quotientText(game.moves.quotient)}.` : '';
  return game.moves;
}

// ---- misere quotients ----
// An element of a misere quotient as the API gives it ("a^2 b"), written
// with superscripts (a²b); misere sums of heaps are P-positions exactly when
// their element lies in the quotient's P-portion (docs/misere.md).
const SUP = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const supWord = (w) => w.replace(/\^(\d+)/g, (_, d) => [...d].map((c) => SUP[Number(c)]).join('')).replace(/ /g, '');
function quotientText(q) {
  const cover = q.period ? `all heaps, period ${q.period}` : `heaps up to ${q.heaps}`;
  return `element ${supWord(q.element)} of the misère quotient Q (order ${q.order}, ${q.p_count} P elements; ${cover}), ` +
    (q.P ? 'a P-position of Q: lost for the player to move' : 'an N-position of Q: won for the player to move');
}
// The library's sentences write words with ^: "element a^2 b of ...".
const supSentence = (t) => t.replace(/element ([a-z](?:\^\d+)?(?: [a-z](?:\^\d+)?)*|1)(?= of| \(|,|\))/g, (_, w) => `element ${supWord(w)}`)
  .replace(/at ([a-z](?:\^\d+)?(?: [a-z](?:\^\d+)?)*|1), an N-position/, (_, w) => `at ${supWord(w)}, an N-position`);
for (const b of document.querySelectorAll('.preset')) {
  b.addEventListener('click', () => {
    $('play-custom').value = b.dataset.rules;
    $('play-pos').value = b.dataset.pos;
    const misere = outcomeRules().find((r) => r.flag === 'misere');
    if (misere) $('play-outcome').value = 'misere';
    showNumber('play-outcome', 'play-outcome-n');
    showRulesHelp();
    $('play-new').click();
  });
}

// No move left: the API's outcome of the position says whether the player
// to move (who cannot move) wins or loses under the outcome rule.
function gameOverIfTerminal() {
  const m = game.moves;
  if (m.listed === 'all' && m.moves.length === 0) {
    game.over = true;
    if (game.seats > 2) {
      // the player to move cannot move and loses; everyone else does not
      const stuck = seatToMove(), humanLoses = personToMove();
      setStatus(humanLoses ? 'No move left for you: you lose.' : `No move left for seat ${stuck}: the computer there loses, you do not.`);
      $('play-status').dataset.result = humanLoses ? 'computer' : 'human';
      return true;
    }
    const moverWins = m.outcome === 'N';
    const humanLoses = personToMove() !== moverWins;
    setStatus(humanLoses ? 'No move left: the computer wins.' : 'No move left: you win!');
    $('play-status').dataset.result = humanLoses ? 'computer' : 'human';
    return true;
  }
  return false;
}

// The person's move goes to /api/play, which checks it (under blocking,
// against the bans it made) and answers the position it leads to and the
// computer's replies.
async function humanMove(m) {
  $('amounts').innerHTML = '';
  game.selected = null; /* a take is chosen with the row still selected */
  game.busy = true;
  let r;
  try {
    r = await api('play', playParams('me', notation(m)));
  } catch (e) {
    game.busy = false;
    drawBoard();
    $('amounts').textContent = `Not played: ${e.message}`;
    return;
  }
  const played = r.moves || [], mine = played.find((x) => x.by === 'person');
  if (!mine) {
    game.busy = false;
    $('amounts').textContent = `Not played: ${r.error || 'the server did not take the move'}`;
    return;
  }
  applyMove('you', fromPlay(mine));
  game.bans = [];
  showBans();
  drawBoard();
  if (blocking()) await banPhase();
  else await computerTurn(true, played.filter((x) => x.by === 'computer').map(fromPlay));
}

// ---- blocking (block=k, block-position=k) ----
// Before each move the other player forbids k of the mover's moves. The
// computer's bans and its moves come from /api/play, the same library as
// `grundy play --block K`: the person's bans go in as the script's lines.
const blocking = () => 'block' in game.extra || 'block-position' in game.extra;
const banCount = () => Number(game.extra.block || game.extra['block-position'] || 0);
// block-position forbids the positions the banned moves lead to: the listed
// move a ban names gives that position
function sortedKey(p) { return p.map((x) => BigInt(x)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(','); }
function isBanned(m) {
  const bans = game.bans || [];
  if (!bans.length) return false;
  const mine = notation(m);
  if (!('block-position' in game.extra)) return bans.some((b) => b.notation === mine);
  const listed = (game.moves && game.moves.moves) || [];
  return bans.some((b) => {
    const hit = listed.find((x) => notation(x) === b.notation);
    return hit ? sortedKey(hit.result) === sortedKey(m.result) : b.notation === mine;
  });
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
    for (const mv of (r.moves || []).filter((x) => x.by === 'computer')) applyMove('computer', fromPlay(mv));
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

// Should /api/play fail (a bound of the server), the computer picks from
// the moves /api/moves listed: a winning one, else the option of highest
// value, which keeps the game longest in the usual case.
function chooseComputerMove(ms) {
  const win = ms.moves.find((m) => m.winning);
  if (win) return win;
  let best = null;
  for (const m of ms.moves) if (!best || (m.value !== null && Number(m.value) > Number(best.value))) best = m;
  if (best) return best;
  throw new Error('the server could not choose the computer\'s move in this position');
}

// The computer's move comes from the same library as `grundy play`: the
// quickest win, or from a lost position the longest resistance.
async function computerMove(ms) {
  try {
    const r = await api('play', { rules: game.rules, pos: game.pos.join(','), ...game.extra });
    const m = r.moves && r.moves[0];
    if (m) return fromPlay(m);
  } catch (e) { /* fall back below */ }
  return withParts(chooseComputerMove(ms), game.pos);
}

// The computer plays every seat but the person's, one after another;
// `ready` holds the replies /api/play already gave to the person's move.
async function computerTurn(push = true, ready = []) {
  game.busy = true;
  try {
    setStatus('The computer is thinking…');
    for (const m of ready) {
      if (personToMove()) break;
      applyMove(seatName(seatToMove()), m);
    }
    drawBoard();
    while (!personToMove()) {
      const ms = await refreshMoves();
      if (gameOverIfTerminal()) return saveState(push);
      const seat = seatToMove();
      applyMove(seatName(seat), await computerMove(ms));
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

// Which move leads from `before` to `after`: one /api/moves lists (its
// result equal, or equal once the empty rows a move leaves are dropped, as
// /api/play drops them in some games), else the take or transfer the
// ruleset's vocabulary writes for the difference. Only a guess at the
// notation: /api/play decides whether it is legal and where it leads.
function candidateMove(rules, before, after, listed, kinds) {
  const same = (a, b) => a.length === b.length && a.every((x, i) => str(x) === str(b[i]));
  const full = (p) => p.map(str).filter((x) => x !== '0');
  const hit = listed.find((m) => same(m.result, after)) || listed.find((m) => same(full(m.result), full(after)));
  if (hit) return withParts(hit, before);
  if (before.length !== after.length) return null;
  const d = before.map((x, i) => BigInt(after[i]) - BigInt(x)), moved = d.map((x, i) => i).filter((i) => d[i] !== 0n);
  if (moved.length === 1 && d[moved[0]] < 0n && kinds.has('take')) return { kind: 'take', from: moved[0], amount: str(-d[moved[0]]) };
  if (moved.length === 2 && kinds.has('transfer') && d[moved[0]] + d[moved[1]] === 0n) {
    const [from, to] = d[moved[0]] < 0n ? moved : [moved[1], moved[0]];
    return { kind: 'transfer', from, to, amount: str(d[to]) };
  }
  return null;
}
// Checks one move of a link through the API: null when /api/play plays it
// from `before` to exactly `after`, else why not.
async function checkStep(rules, before, after) {
  const kinds = kindsOf(rules);
  let listed = [];
  try {
    listed = (await api('moves', { rules, pos: before.join(',') })).moves;
  } catch (e) {
    return e.message;
  }
  const m = candidateMove(rules, before, after, listed, kinds);
  if (!m) return 'no move leads there';
  let r;
  try {
    r = await api('play', { rules, pos: before.join(','), first: 'me', input: notation(m, rules, before) });
  } catch (e) {
    return e.message;
  }
  const mine = (r.moves || []).find((x) => x.by === 'person');
  if (!mine) return r.error || 'the server did not play it';
  const got = mine.position.map(str);
  return got.join(',') === after.join(',') ? null : `${notation(m, rules, before)} leads to ${got.join(' ')}`;
}
// The first move of `line` the API refuses: {index, why}, or null.
async function replay(rules, start, line) {
  const whys = await Promise.all(line.map((after, i) => checkStep(rules, i ? line[i - 1] : start, after)));
  const index = whys.findIndex((w) => w !== null);
  return index < 0 ? null : { index, why: whys[index] };
}

// Each move of a link costs two calls: a link holds at most this many.
const MAX_REPLAY = 500;
// Follows a link: the game, its start and every move are checked through
// the API; a link that cannot be followed says what was wrong and what the
// page shows instead. Returns false when the fragment names no game.
async function restoreFrom(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  if (!q.has('rules') && !q.has('start')) return false;
  const rules = (q.get('rules') || '').trim(), startText = q.get('start') || '';
  const given = outcomeRules().filter((r) => r.flag && q.has(r.flag)), rule = given[0];
  const extra = rule ? { [rule.flag]: q.get(rule.flag) } : {};
  const ruleText = rule ? `, ${rule.flag}=${q.get(rule.flag)}` : '';
  const fallback = (why) => {
    $('play-rules').value = $('play-rules').dataset.default;
    $('play-custom').value = '';
    $('play-outcome').value = '';
    showNumber('play-outcome', 'play-outcome-n');
    $('play-first').checked = true;
    $('play-pos').value = $('play-pos').defaultValue;
    showRulesHelp();
    startGame(parsePos($('play-pos').value), null, false,
      `${why}. Showing a new game instead: ${chosenRules()} ${$('play-pos').value}.`);
    return true;
  };
  let start;
  try {
    start = parsePos(startText);
  } catch (e) {
    return fallback(`This link's start "${startText}" is not a position: ${e.message}`);
  }
  if (!rules) return fallback('This link names no game (rules=)');
  if (given.length > 1) return fallback(`This link gives ${given.length} outcome rules (${given.map((r) => r.flag).join(', ')}); a game has one`);
  const words = new Set(['rules', 'first', 'start', 'moves', ...given.map((r) => r.flag)]);
  const ignored = [...q.keys()].filter((k) => !words.has(k));
  if (q.has('first') && !['me', 'computer'].includes(q.get('first')))
    return fallback(`This link's first=${q.get('first')} is neither me nor computer`);
  try {
    await api('moves', { rules, pos: start.join(','), ...extra });
  } catch (e) {
    return fallback(`This link's game (${rules}${ruleText}, from ${start.join(' ')}) is refused: ${e.message}`);
  }
  let line = [], notice = null;
  const texts = (q.get('moves') || '').split(';').filter(Boolean);
  if (texts.length > MAX_REPLAY) {
    notice = `This link holds ${texts.length} moves; the page replays the first ${MAX_REPLAY}.`;
    texts.length = MAX_REPLAY;
  }
  for (const [i, t] of texts.entries()) {
    try {
      line.push(parsePos(t));
    } catch (e) {
      notice = `This link's move ${i + 1} ("${t}") is not a position (${e.message}): showing the position before it.`;
      break;
    }
  }
  setStatus('Checking the link\'s moves…');
  const bad = await replay(rules, start, line);
  if (bad) {
    const before = bad.index ? line[bad.index - 1] : start;
    notice = `This link's move ${bad.index + 1} (${before.join(' ')} → ${line[bad.index].join(' ')}) is not legal in ${rules}: ` +
      `${bad.why}. Showing the position before it (${before.join(' ')}).`;
    line = line.slice(0, bad.index);
  }
  if (ignored.length) notice = `${notice ? `${notice} ` : ''}This link's ${ignored.map((k) => `"${k}"`).join(', ')} ` +
    `${ignored.length > 1 ? 'are' : 'is'} not a word of a link (rules, first, start, moves, an outcome rule): ignored.`;
  const known = [...$('play-rules').options].some((o) => o.value === rules);
  if (known) $('play-rules').value = rules;
  $('play-custom').value = known ? '' : rules;
  $('play-outcome').value = rule ? rule.flag : '';
  showNumber('play-outcome', 'play-outcome-n');
  if (rule && rule.number) $('play-outcome-n').value = q.get(rule.flag);
  $('play-first').checked = q.get('first') !== 'computer';
  $('play-pos').value = start.join(' ');
  showRulesHelp();
  startGame(start, line, false, notice);
  return true;
}
window.addEventListener('resize', () => drawBoard());
window.addEventListener('popstate', async () => {
  if (!(await restoreFrom(location.hash))) startGame(parsePos($('play-pos').value), null, false);
});

// A new game from pos; `line` (the positions after each move so far, checked
// by the API) resumes one from a link; `push` makes it an entry of the
// browser's history; `notice` says why a link was not followed as it was.
async function startGame(pos, line = null, push = true, notice = null) {
  setNotice(notice);
  game.rules = chosenRules();
  $('play-lead').textContent = leadOf(game.rules);
  game.extra = outcomeParams('play-outcome', 'play-outcome-n');
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
  showRulesHelp();
});
$('play-custom').addEventListener('input', showRulesHelp);
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

// Why a move wins, when the library's hint could not be had: from the
// outcome rule and the ruleset's flags (/api/games), never its name.
function whyWins(m) {
  if (blocking())
    return `it leads to a position that is lost for the player to move under blocking (seed 003): whatever ${banCount()} move${banCount() > 1 ? 's' : ''} they forbid you next, you keep a winning reply.`;
  if (game.seats > 2)
    return `it leads to a position of class ${m.outcome}, the best you can reach: with every player doing their best from there, ` +
      'the one who gets stuck is not you (seed 002: from a C-position the player to move loses, from an A-position they can move to a C-position, from a B-position to an A-position).';
  const heaps = (rulesetOf(game.rules)?.flags || []).includes('heaps');
  if (heaps && Object.keys(game.extra).length === 0)
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
      const why = supSentence(r.hint.why.replace(/\bpiles\b/g, 'rows').replace(/\bpile\b/g, 'row'));
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
  const params = { rules: $('explore-rules').value.trim(), ...outcomeParams('explore-outcome', 'explore-outcome-n') };
  const table = $('explore-moves');
  table.innerHTML = '';
  try {
    params.pos = parsePos($('explore-pos').value).join(',');
    const v = await api('value', params);
    $('explore-value').textContent = `${v.outcome}${v.value !== null ? `, Grundy value ${v.value}` : ''} (${v.method})` +
      (v.quotient ? `; ${quotientText(v.quotient)}` : '');
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

// The catalogue first: the menus, the notation and the outcome rules come from it.
(async () => {
  try {
    catalog = await api('games');
  } catch (e) {
    setStatus(`Error: the list of games could not be read from the server: ${e.message}`);
    return;
  }
  fillMenus();
  if (!(await restoreFrom(location.hash))) startGame(parsePos($('play-pos').value), null, false);
})();
