// End-to-end test of `grundy serve` in Debian's chromium, driven by
// playwright-core: play a whole game of Sharing Nim from an N-position with
// the computer moving second (the person errs on purpose; the computer must
// win), a shared link that restores a game and the back button that undoes a
// move, the game menu as /api/games lists it, links replayed through the API
// (an illegal move, a malformed start, an unknown ruleset: a visible error
// and what the page shows instead; legal links to their position), Kayles,
// a subtraction game and misere Kayles (its quotient element and hint) to the end, open a table and the claim
// report, and save screenshots at desktop and phone width; no Content
// Security Policy violation on the way.
// Usage: node e2e.mjs PATH-TO-grundy OUTPUT-DIR
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [grundy, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
let passed = 0, failed = 0;
function check(cond, what) {
  if (cond) passed++;
  else { failed++; console.log(`FAIL: ${what}`); }
}

const server = spawn(grundy, ['serve', '--port', '0', '--threads', '4'], { stdio: ['ignore', 'ignore', 'pipe'] });
const base = await new Promise((resolve, reject) => {
  let err = '';
  const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 10000);
  server.stderr.on('data', (d) => {
    err += d;
    const m = /serving on (http:\/\/[^ ]+\/)/.exec(err);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  });
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(20000);
  const violations = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
  page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById('play-status').textContent.includes('Your move'));
  await page.screenshot({ path: `${outDir}/play-start.png` });

  // The person moves first from (3,5,9), an N-position, and always plays a
  // move that does not win; the computer, second, must win.
  for (let turn = 0; turn < 40; turn++) {
    const status = await page.textContent('#play-status');
    if (!status.includes('Your move')) break;
    const pos = await page.evaluate(() => game.pos.join(','));
    const moves = await (await fetch(`${base}api/moves?rules=sharing&pos=${pos}`)).json();
    const bad = moves.moves.find((m) => !m.winning);
    check(bad !== undefined || moves.moves.length === 0, `a non-winning move exists at ${pos}`);
    if (!bad) break;
    await page.click(`#board g[data-row="${bad.from}"]`);
    await page.click(`#board g[data-row="${bad.to}"]`);
    await page.click(`#amounts button[data-amount="${bad.amount}"]`);
    await page.waitForFunction(() => !game.busy && (document.getElementById('play-status').textContent.includes('Your move') || game.over));
  }
  const result = await page.getAttribute('#play-status', 'data-result');
  check(result === 'computer', `the computer wins (status: ${await page.textContent('#play-status')})`);
  await page.screenshot({ path: `${outDir}/play-end.png` });

  // A link keeps the game: after a round the URL holds the start and the
  // positions since; a new page opened on it resumes there, and the back
  // button undoes the round.
  await page.click('#play-new');
  await page.waitForFunction(() => !game.busy && game.history.length === 0 &&
    document.getElementById('play-status').textContent.includes('Your move'));
  await page.click('#board g[data-row="1"]');
  await page.click('#board g[data-row="0"]');
  await page.click('#amounts button[data-amount="1"]'); // (3,5,9) -> (4,4,9): the game goes on
  await page.waitForFunction(() => !game.busy && game.history.length === 2);
  const link = page.url(), mid = await page.evaluate(() => game.pos.join(','));
  check(/#rules=sharing&first=me&start=3,5,9&moves=4,4,9;\d+,\d+,\d+$/.test(link), `the URL keeps the game: ${link}`);
  const shared = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shared.goto(link);
  await shared.waitForFunction(() => !game.busy && document.getElementById('play-status').textContent.includes('Your move'));
  const restored = await shared.evaluate(() => `${game.pos.join(',')} ${game.history.length} ${personToMove()}`);
  check(restored === `${mid} 2 true`, `a shared link restores the game: ${restored} (want ${mid} 2 true)`);
  await shared.screenshot({ path: `${outDir}/phone-play-link.png` });
  await shared.click('#play-undo'); // no history entries of its own yet: Undo replays to the last turn
  await shared.waitForFunction(() => !game.busy && game.turn === 0);
  check(await shared.evaluate(() => game.pos.join(',')) === '3,5,9', 'Undo on a restored game goes back a round');
  await shared.close();
  await page.goBack();
  await page.waitForFunction(() => !game.busy && game.history.length === 0);
  const back = await page.evaluate(() => game.pos.join(','));
  check(back === '3,5,9', `the back button undoes the round: ${back}`);

  // The game menu is /api/games: one entry per ruleset, in its order.
  const catalog = await (await fetch(`${base}api/games`)).json();
  const menu = await page.evaluate(() => [...document.querySelectorAll('#play-rules option')].map((o) => o.value));
  check(catalog.length >= 7 && menu.join(' ') === catalog.map((g) => g.name).join(' '),
    `the game menu lists /api/games: ${menu.join(' ')} (the API: ${catalog.length})`);
  const rulesMenu = await page.evaluate(() => [...document.querySelectorAll('#play-outcome option')].map((o) => o.value));
  check(rulesMenu.join(' ') === catalog[0].outcome_rules.map((r) => r.flag || '').join(' '),
    `the outcome rules menu lists /api/games: ${rulesMenu.join(' ')}`);

  // Links are replayed through the API. `open` loads a link in a page of its
  // own and waits for the game to be ready (or stopped with an error).
  const open = async (hash) => {
    const p = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    p.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
    await p.goto(`${base}${hash}`);
    await p.waitForFunction(() => !game.busy && /Your move|Forbid|Error|No move left|win/.test(document.getElementById('play-status').textContent));
    return p;
  };
  const view = (p) => p.evaluate(() => ({ rules: game.rules, pos: game.pos.join(','), turns: game.history.length,
    error: document.getElementById('play-error').hidden ? '' : document.getElementById('play-error').textContent,
    board: document.getElementById('board').textContent, log: document.getElementById('play-log').textContent,
    hash: location.hash }));

  // An illegal move: piles do not grow in Nim. The page says which move, from
  // where, and that it shows the position before it; 9,9,9 is never shown.
  let lp = await open('#rules=nim&first=me&start=3,5,7&moves=9,9,9');
  let v = await view(lp);
  check(v.pos === '3,5,7' && v.turns === 0 && v.rules === 'nim', `illegal link: the position before the bad move (${v.pos}, ${v.turns} moves)`);
  check(/move 1 \(3 5 7 → 9 9 9\) is not legal in nim: .*Showing the position before it \(3 5 7\)/.test(v.error),
    `illegal link: the error says what and what is shown: ${v.error}`);
  check(!/\b9\b/.test(v.board) && !v.log.includes('9'), `illegal link: 9,9,9 is never shown (board: ${v.board})`);
  check(await lp.isVisible('#play-error'), 'illegal link: the error is visible');
  check(!v.hash.includes('9,9,9'), `illegal link: the URL no longer holds the bad move: ${v.hash}`);
  await lp.screenshot({ path: `${outDir}/link-illegal.png` });
  await lp.close();

  // A move after good ones that the library refuses for its own reason
  // (Sharing Nim: the receiving row may not end up bigger): the reason shown,
  // the good moves kept.
  lp = await open('#rules=sharing&first=computer&start=3,5,9&moves=4,4,9;0,8,9');
  v = await view(lp);
  check(v.pos === '4,4,9' && v.turns === 1, `refused second move: the game stops before it (${v.pos}, ${v.turns} moves)`);
  check(/move 2 \(4 4 9 → 0 8 9\) is not legal in sharing: illegal: afterwards pile 1 would be bigger than pile 0/.test(v.error),
    `refused second move: the library's reason is shown: ${v.error}`);
  await lp.close();

  // A malformed link and an unknown ruleset: the error names what was wrong
  // and the game the page shows instead.
  lp = await open('#rules=nim&first=me&start=-3,abc');
  v = await view(lp);
  check(v.rules === 'sharing' && v.pos === '3,5,9', `malformed link: falls back to sharing 3 5 9 (${v.rules} ${v.pos})`);
  check(/start "-3,abc" is not a position: .*Showing a new game instead: sharing 3 5 9/.test(v.error), `malformed link: the error: ${v.error}`);
  await lp.screenshot({ path: `${outDir}/link-malformed.png` });
  await lp.close();
  lp = await open('#rules=nosuchgame&first=me&start=3,5');
  v = await view(lp);
  check(v.rules === 'sharing' && /game \(nosuchgame, from 3 5\) is refused: .*nosuchgame.*Showing a new game instead/.test(v.error),
    `unknown ruleset: refused with the API's message and the fallback: ${v.error}`);
  await lp.close();

  lp = await open('#rules=nim&misere=1&players=3&first=me&start=3,5');
  v = await view(lp);
  check(v.rules === 'sharing' && /gives 2 outcome rules \(misere, players\).*Showing a new game instead/.test(v.error),
    `two outcome rules: refused with the fallback: ${v.error}`);
  await lp.close();

  // Legal links replay to their position: Nim (a take each), Kayles (a take
  // and a split, the empty heap dropped as /api/play drops it).
  lp = await open('#rules=nim&misere=1&first=me&start=3,5,7&moves=2,5,7;2,5,3');
  v = await view(lp);
  check(v.pos === '2,5,3' && v.turns === 2 && v.error === '' && (await lp.textContent('#play-status')).includes('Your move') &&
    await lp.inputValue('#play-outcome') === 'misere',
    `legal link: replayed to 2,5,3 under misere with the person to move (${v.pos}, ${v.turns}, error '${v.error}')`);
  await lp.close();
  lp = await open('#rules=tb:0.77&first=me&start=7,2&moves=3,2,3;3,3');
  v = await view(lp);
  check(v.pos === '3,3' && v.turns === 2 && v.error === '', `Kayles link: a split and a take replayed (${v.pos}, ${v.turns}, '${v.error}')`);
  await lp.close();

  // A position too big to list its moves: the person types the amount and
  // /api/play decides (Sharing Nim: no transfer to a bigger row).
  const big = `1${'0'.repeat(40)}`;
  lp = await open(`#rules=sharing&first=me&start=3,${big},9`);
  await lp.click('#board g[data-row="0"]');
  await lp.click('#board g[data-row="1"]');
  await lp.fill('#amounts input', '1');
  await lp.click('#amounts button');
  await lp.waitForFunction(() => !game.busy && document.getElementById('amounts').textContent.length > 0);
  const refused = await lp.textContent('#amounts');
  check(/^Not played: illegal: afterwards pile 1 would be bigger/.test(refused) && (await view(lp)).turns === 0,
    `a typed move the library refuses is not played: ${refused}`);
  await lp.click('#board g[data-row="1"]');
  await lp.click('#board g[data-row="0"]');
  await lp.fill('#amounts input', '5');
  await lp.click('#amounts button');
  await lp.waitForFunction(() => !game.busy && game.history.length === 2);
  v = await view(lp);
  check(v.turns === 2 && v.pos !== `8,${'9'.repeat(39)}5,9`, `a typed legal move is played and the computer replies: ${v.pos}`);
  check(v.log.includes(`you: move 5 from row 1 to row 0 → 8, ${'9'.repeat(39)}5, 9`), `the typed move's result is the library's: ${v.log.slice(0, 120)}`);
  await lp.close();

  // A hint on a fresh game names a winning move and says why.
  await page.click('#play-new');
  await page.waitForFunction(() => document.getElementById('play-status').textContent.includes('Your move'));
  await page.click('#play-hint');
  await page.waitForFunction(() => document.getElementById('play-hint-text').textContent.length > 0);
  const hint = await page.textContent('#play-hint-text');
  check(/^Winning: Move \d+ from row \d to row \d: afterwards rows \d and \d both hold \d+ .*Theorem P/.test(hint), `hint explains: ${hint}`);

  // Kayles from (7,5), an N-position: the person picks moves from the row's
  // list, splits included, never a winning one; the computer must win.
  await page.fill('#play-custom', 'tb:0.77');
  await page.fill('#play-pos', '7 5');
  await page.click('#play-new');
  // the status still says "Your move" from the last game until the new one's moves arrive
  await page.waitForFunction(() => game.moves && game.moves.ruleset === 'tb:0.77' && !game.busy &&
    document.getElementById('play-status').textContent.includes('Your move'));
  let splits = 0;
  for (let turn = 0; turn < 40; turn++) {
    const status = await page.textContent('#play-status');
    if (!status.includes('Your move')) break;
    const before = await page.evaluate(() => game.pos.slice());
    const moves = await (await fetch(`${base}api/moves?rules=tb:0.77&pos=${before.join(',')}`)).json();
    const bad = moves.moves.find((m) => !m.winning && m.kind === 'split') || moves.moves.find((m) => !m.winning);
    if (!bad) break;
    const parts = [bad.result[bad.from], ...bad.result.slice(before.length)];
    const key = bad.kind === 'split' ? `split:${bad.amount}:${parts.join('+')}` : `take:${bad.amount}`;
    splits += bad.kind === 'split';
    await page.click(`#board g[data-row="${bad.from}"]`);
    await page.click(`#amounts button[data-move="${key}"]`);
    await page.waitForFunction(() => !game.busy && (document.getElementById('play-status').textContent.includes('Your move') || game.over));
  }
  const kayles = await page.getAttribute('#play-status', 'data-result');
  check(kayles === 'computer', `Kayles: the computer wins (status: ${await page.textContent('#play-status')})`);
  check(splits > 0, `Kayles: the person's moves included splits (${splits})`);
  const log = await page.textContent('#play-log');
  check(/split the rest into|split row/.test(log), `Kayles: the log shows splits: ${log.slice(0, 200)}`);
  await page.screenshot({ path: `${outDir}/play-kayles.png` });

  // A subtraction game typed into "or rules": take 1, 3 or 4 from (7,5), an
  // N-position; the person never plays a winning move, the computer wins.
  await page.fill('#play-custom', 'subtraction:1,3,4');
  await page.fill('#play-pos', '7 5');
  await page.click('#play-new');
  await page.waitForFunction(() => game.moves && game.moves.ruleset === 'subtraction:1,3,4' && !game.busy &&
    document.getElementById('play-status').textContent.includes('Your move'));
  check((await page.textContent('#play-lead')).startsWith('Subtraction game: remove s tokens'), 'the subtraction game is explained (the API\'s summary)');
  for (let turn = 0; turn < 40; turn++) {
    const status = await page.textContent('#play-status');
    if (!status.includes('Your move')) break;
    const before = await page.evaluate(() => game.pos.slice());
    const moves = await (await fetch(`${base}api/moves?rules=subtraction:1,3,4&pos=${before.join(',')}`)).json();
    const bad = moves.moves.find((m) => !m.winning);
    if (!bad) break;
    await page.click(`#board g[data-row="${bad.from}"]`);
    await page.click(`#amounts button[data-move="take:${bad.amount}"]`);
    await page.waitForFunction(() => !game.busy && (document.getElementById('play-status').textContent.includes('Your move') || game.over));
  }
  const sub = await page.getAttribute('#play-status', 'data-result');
  check(sub === 'computer', `subtraction: the computer wins (status: ${await page.textContent('#play-status')})`);
  check(/#rules=subtraction:1,3,4&/.test(page.url()), `the URL names the typed rules: ${page.url()}`);
  await page.screenshot({ path: `${outDir}/play-subtraction.png` });
  await page.fill('#play-custom', '');

  // Misere Kayles from the page's preset (5,7,9), an N-position: the
  // position's element of the misere quotient is shown, the hint explains
  // the winning move by the element it leaves (a P-position of Q), and
  // the person, never playing a winning move, loses to the computer.
  await page.click('button.preset[data-rules="tb:0.77"]');
  await page.waitForFunction(() => game.moves && game.moves.ruleset === 'tb:0.77' && game.extra.misere === '1' &&
    !game.busy && document.getElementById('play-status').textContent.includes('Your move'));
  const qline = await page.textContent('#play-quotient');
  check(/^This position: element \S+ of the misère quotient Q \(order \d+, \d+ P elements; .*\), an N-position of Q/.test(qline),
    `misere Kayles: the position's element is shown: ${qline}`);
  await page.click('#play-hint');
  await page.waitForFunction(() => document.getElementById('play-hint-text').textContent.length > 0);
  const mhint = await page.textContent('#play-hint-text');
  check(/^Winning: .*: it leaves the sum at element \S+ of the misere quotient Q \(order \d+.*a P-position of Q/.test(mhint),
    `misere Kayles: the hint explains the move by its quotient element: ${mhint}`);
  for (let turn = 0; turn < 40; turn++) {
    const status = await page.textContent('#play-status');
    if (!status.includes('Your move')) break;
    const before = await page.evaluate(() => game.pos.slice());
    const moves = await (await fetch(`${base}api/moves?rules=tb:0.77&misere=1&pos=${before.join(',')}`)).json();
    const bad = moves.moves.find((m) => !m.winning);
    if (!bad) break;
    const parts = [bad.result[bad.from], ...bad.result.slice(before.length)];
    const key = bad.kind === 'split' ? `split:${bad.amount}:${parts.join('+')}` : `take:${bad.amount}`;
    await page.click(`#board g[data-row="${bad.from}"]`);
    await page.click(`#amounts button[data-move="${key}"]`);
    await page.waitForFunction(() => !game.busy && (document.getElementById('play-status').textContent.includes('Your move') || game.over));
  }
  const mis = await page.getAttribute('#play-status', 'data-result');
  check(mis === 'computer', `misere Kayles: the computer wins (status: ${await page.textContent('#play-status')})`);
  await page.screenshot({ path: `${outDir}/play-misere-kayles.png` });
  await page.selectOption('#play-outcome', '');
  await page.fill('#play-custom', '');

  // Sharing Nim on a directed triangle: the graph is drawn, and bottles move
  // only along its arrows (2 -> 0, never 2 -> 1).
  await page.fill('#play-custom', 'sharing:graph=0>1/1>2/2>0');
  await page.fill('#play-pos', '3 5 9');
  await page.click('#play-new');
  await page.waitForFunction(() => game.moves && game.moves.ruleset === 'sharing:graph=0>1/1>2/2>0' && !game.busy &&
    document.getElementById('play-status').textContent.includes('Your move'));
  check(await page.locator('#graph line.edge').count() === 3 && await page.isVisible('#graph'), 'graph: three arrows drawn');
  await page.click('#board g[data-row="2"]');
  await page.click('#board g[data-row="1"]');
  check((await page.textContent('#amounts')).startsWith('No legal move from row 2 to row 1'), 'graph: no move against the arrows');
  await page.click('#board g[data-row="2"]');
  await page.click('#board g[data-row="0"]');
  check(await page.locator('#amounts button[data-amount="3"]').count() === 1, 'graph: moves along an arrow are offered');
  await page.screenshot({ path: `${outDir}/play-graph.png`, fullPage: true });
  await page.fill('#play-custom', '');

  // Three players: the person in seat 0, the computer in seats 1 and 2;
  // the game is played to the end (the person takes one at a time) and the
  // loser is the one left without a move.
  await page.selectOption('#play-rules', 'nim');
  await page.fill('#play-pos', '3 4 5');
  await page.selectOption('#play-outcome', 'players');
  await page.fill('#play-outcome-n', '3');
  await page.click('#play-new');
  await page.waitForFunction(() => game.moves && game.seats === 3 && !game.busy &&
    document.getElementById('play-status').textContent.includes('Your move'));
  await page.click('#play-hint');
  await page.waitForFunction(() => document.getElementById('play-hint-text').textContent.length > 0);
  check(/Winning: .*class [A-Z], the move the players rule prescribes|lost against perfect play/.test(await page.textContent('#play-hint-text')),
    `three players: the hint explains: ${await page.textContent('#play-hint-text')}`);
  for (let turn = 0; turn < 40; turn++) {
    if (!(await page.textContent('#play-status')).includes('Your move')) break;
    const row = await page.evaluate(() => game.pos.findIndex((x) => x !== '0'));
    await page.click(`#board g[data-row="${row}"]`);
    await page.click('#amounts button[data-move="take:1"]');
    await page.waitForFunction(() => !game.busy && (document.getElementById('play-status').textContent.includes('Your move') || game.over));
  }
  const three = await page.textContent('#play-status');
  check(/No move left/.test(three), `three players: the game ends (${three})`);
  check((await page.textContent('#play-log')).includes('computer (seat 2)'), 'three players: seat 2 is played by the computer');
  check(/#rules=nim&players=3&/.test(page.url()), `three players: the URL keeps the rule: ${page.url()}`);
  await page.screenshot({ path: `${outDir}/play-three-players.png` });
  await page.selectOption('#play-outcome', '');

  // Blocking: Nim from (2,2,3) with block=1, the person first. Before each
  // of the person's moves the computer forbids one (shown); before each of
  // the computer's the person forbids one of its moves (buttons). Played to
  // the end with the person's first allowed move.
  await page.selectOption('#play-rules', 'nim');
  await page.fill('#play-pos', '2 2 3');
  await page.selectOption('#play-outcome', 'block');
  await page.fill('#play-outcome-n', '1');
  await page.click('#play-new');
  await page.waitForFunction(() => game.extra.block === '1' && !game.busy &&
    document.getElementById('play-status').textContent.includes('Your move'));
  const firstBan = await page.textContent('#play-bans');
  check(/^The computer forbids you: take \d from row \d\.$/.test(firstBan), `blocking: the computer's ban is shown: ${firstBan}`);
  await page.click('#play-hint');
  await page.waitForFunction(() => document.getElementById('play-hint-text').textContent.length > 0);
  const blockHint = await page.textContent('#play-hint-text');
  check(/of the blocking game|lost against perfect play/.test(blockHint), `blocking: the hint explains: ${blockHint}`);
  await page.screenshot({ path: `${outDir}/play-blocking-start.png` });
  let bansMade = 0;
  for (let turn = 0; turn < 60; turn++) {
    const status = await page.textContent('#play-status');
    if (status.includes('Forbid')) {
      if (!bansMade) await page.screenshot({ path: `${outDir}/play-blocking-ban.png` });
      await page.click('#amounts button[data-ban]:not([disabled])');
      bansMade++;
    } else if (status.includes('Your move')) {
      const m = await page.evaluate(() => legalMovesFromList()[0]);
      await page.click(`#board g[data-row="${m.from}"]`);
      await page.click(`#amounts button[data-move="take:${m.amount}"]`);
    } else break;
    await page.waitForFunction(() => !game.busy && (game.over || /Your move|Forbid/.test(document.getElementById('play-status').textContent)));
  }
  const blockEnd = await page.getAttribute('#play-status', 'data-result');
  check(blockEnd === 'computer' || blockEnd === 'human', `blocking: the game ends (${await page.textContent('#play-status')})`);
  check(bansMade > 0 && (await page.textContent('#play-log')).includes('you forbid'), `blocking: the person forbade ${bansMade} moves`);
  await page.screenshot({ path: `${outDir}/play-blocking.png` });
  await page.selectOption('#play-outcome', '');

  // Phone width: the page fits 390 pixels and plays.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.selectOption('#play-rules', 'sharing');
  await page.fill('#play-pos', '3 5 9');
  await page.click('#play-new');
  await page.waitForFunction(() => game.moves && game.moves.ruleset === 'sharing' && !game.busy);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  check(overflow <= 390, `the page fits a phone's width (${overflow} px)`);
  await page.screenshot({ path: `${outDir}/phone-play.png`, fullPage: true });
  await page.setViewportSize({ width: 1100, height: 900 });

  // The table: a heatmap with the value under the pointer.
  await page.click('button[data-tab="table"]');
  await page.fill('#table-max', '16');
  await page.click('#table-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('heat-legend').textContent.includes('G(0,a,b)'));
  const box = await page.locator('#heat').boundingBox();
  // cell (a=0, b=8): x = 36 + 8.5 size, y = (16 - 0 + 0.5) size, size = (720-44)/17 in canvas units
  const size = (720 - 44) / 17, scale = box.width / 720;
  await page.mouse.move(box.x + (36 + 8.5 * size) * scale, box.y + 16.5 * size * scale);
  const tip = await page.textContent('#heat-tip');
  check(tip === 'G(0,0,8) = 3', `tooltip under the pointer: ${tip}`);
  await page.screenshot({ path: `${outDir}/table.png` });

  // The claim report of seed 000.
  await page.click('button[data-tab="claims"]');
  await page.selectOption('#claims-seed', '000');
  await page.click('#claims-form button[type=submit]');
  await page.waitForFunction(() => /claims: \d+ hold/.test(document.getElementById('claims-status').textContent), null,
    { timeout: 60000 });
  const fails = await page.locator('#claims-report td.fails').count();
  const rows = await page.locator('#claims-report tr').count();
  check(rows >= 9 && fails >= 1, `claim report has ${rows - 1} claims, ${fails} failing`);
  await page.screenshot({ path: `${outDir}/claims.png`, fullPage: true });
  check(violations.length === 0, `no Content Security Policy violation or page error: ${violations.join(' | ')}`);
} catch (e) {
  failed++;
  console.log(`FAIL: ${e.message}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
