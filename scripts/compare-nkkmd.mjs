#!/usr/bin/env node
// Level 8 (hard) against nkkmd's Bao la Kiswahili program at its strongest level ("expert"), at equal time per
// move, from paired openings (issue 39, point 4; figures in docs/benchmarks.md). A measurement, not a test: it needs
// a checkout of https://github.com/nkkmd/bao-la-kiswahili-game (MIT), whose code is loaded from there at run time
// and never copied here.
//
//   node scripts/compare-nkkmd.mjs --nkkmd /path/to/bao-la-kiswahili-game [--pairs 50] [--ms 300] [--seed 1]
//
// Both engines run in this one process, one after the other, each with the same time per move: ours is the
// project's WebAssembly module (web/engine/bao.wasm: bao-core and bao-ai, level "8" with `think_ms`), theirs
// `BaoAI.analyzeMove(state, "expert", …, { timeLimitMs, maxDepth: 12 })` (its standard device tier's depth cap).
// Our rules are the judge. The two programs' moves are matched by the positions they lead to (their move
// objects and our notation need no translation): a move of theirs that none of our legal moves matches, or one of
// ours that none of theirs matches, is a rules difference, and the game is set aside (listed, not counted).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiate } from '../web/engine/module.js';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((out, a, i, all) => (a.startsWith('--') ? [...out, [a.slice(2), all[i + 1]]] : out), []),
);
if (!args.nkkmd) {
  console.error('usage: node scripts/compare-nkkmd.mjs --nkkmd DIR [--pairs 50] [--ms 300] [--seed 1] [--opening-plies 4] [--max-plies 400]');
  process.exit(2);
}
const PAIRS = Number(args.pairs ?? 50);
const MS = Number(args.ms ?? 300);
const OPENING_PLIES = Number(args['opening-plies'] ?? 4);
const MAX_PLIES = Number(args['max-plies'] ?? 400);
let seed = BigInt(args.seed ?? 1);

const here = dirname(fileURLToPath(import.meta.url));
const engine = await instantiate(readFileSync(join(here, '../web/engine/bao.wasm')));
const ours = (req) => {
  const a = JSON.parse(engine.call(JSON.stringify(req)));
  if (a.error) throw new Error(`${req.op}: ${a.error} ${a.message ?? ''}`);
  return a;
};
const require = createRequire(import.meta.url);
const pub = join(args.nkkmd, 'public');
globalThis.BaoEngine = require(join(pub, 'engine.js'));
globalThis.BaoAIWeights = require(join(pub, 'ai-weights.js'));
const E = globalThis.BaoEngine;
const AI = require(join(pub, 'ai.js'));

/** A seeded generator (splitmix64), for the openings and nkkmd's random choices. */
function rand() {
  seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
}

const SIDES = ['south', 'north'];
/** What both programs must agree on: every pit, both hands, whose move, and the nyumba while hands hold seeds. */
function keyOfOurs(p) {
  const namua = p.south.hand > 0 || p.north.hand > 0;
  const side = (s) => [s.front.join(','), s.back.join(','), s.hand, namua ? s.house : '-'].join('/');
  return `${p.to_move}|${side(p.south)}|${side(p.north)}|${p.result ? p.result.winner : ''}`;
}
function keyOfTheirs(st) {
  const namua = st.reserve[0] > 0 || st.reserve[1] > 0;
  const side = (i) => [st.pits[i][E.FRONT].join(','), st.pits[i][E.BACK].join(','), st.reserve[i], namua ? st.houseOwned[i] : '-'].join('/');
  const winner = st.winner === null ? '' : SIDES[st.winner];
  return `${SIDES[st.player]}|${side(0)}|${side(1)}|${winner}`;
}
// A finished game is compared by its winner only: the programs differ on whose turn it is after the last move,
// and on a seed still in flight when a move empties a front row (ours returns it to the mover's hand, nkkmd's
// drops it: its board then holds 63).
const settled = (k) => (k.endsWith('|') ? k : `won by ${k.slice(k.lastIndexOf('|') + 1)}`);

/** Our legal moves of `p` with the position each leads to. */
const ourMoves = (p) => ours({ op: 'analyse', position: p }).legal;
/** Their moves of `st` (a nyumba's stop or safari as two) with the state each leads to. */
const theirMoves = (st) => E.moveVariants(st).map((m) => ({ m, st: E.applyMove(st, m).state }));

/** The pair (our move, their move) that lead to the same position, for our move `mv` or their move `tm`. */
function match(p, st, { mv, tm }) {
  const mine = ourMoves(p);
  const theirs = theirMoves(st);
  if (mv) {
    const m = mine.find((x) => x.move === mv);
    const t = theirs.find((x) => settled(keyOfTheirs(x.st)) === settled(keyOfOurs(m.position)));
    return t ? { p: m.position, st: t.st, mv } : null;
  }
  const next = E.applyMove(st, tm).state;
  const m = mine.find((x) => settled(keyOfOurs(x.position)) === settled(keyOfTheirs(next)));
  return m ? { p: m.position, st: next, mv: m.move } : null;
}

const start = ours({ op: 'start', variant: 'kiswahili' }).position ?? ours({ op: 'start', variant: 'kiswahili' });
if (keyOfOurs(start) !== keyOfTheirs(E.initialState())) throw new Error('the two start positions differ');

/** `OPENING_PLIES` random moves from the start that both programs play alike (null when they part). */
function opening() {
  let p = start;
  let st = E.initialState();
  const moves = [];
  for (let i = 0; i < OPENING_PLIES; i += 1) {
    const legal = ourMoves(p);
    const mv = legal[Math.floor(rand() * legal.length)].move;
    const m = match(p, st, { mv });
    if (!m) return null;
    ({ p, st } = m);
    moves.push(mv);
  }
  return { p, st, moves };
}

/** One game from `o`, our level 8 playing `oursSide`: 1, ½ or 0 for ours, or a rules difference. */
function game(o, oursSide) {
  let { p, st } = o;
  const moves = [...o.moves];
  const stats = { ourMs: 0, theirMs: 0, ourMoves: 0, theirMoves: 0, theirDepth: 0 };
  while (!p.result && moves.length < MAX_PLIES) {
    const t0 = performance.now();
    let m;
    if (p.to_move === oursSide) {
      const a = ours({ op: 'move', position: p, level: '8', think_ms: MS, seed: moves.length });
      stats.ourMs += performance.now() - t0;
      stats.ourMoves += 1;
      m = match(p, st, { mv: a.move });
      if (!m) return { difference: { position: p, move: a.move, by: 'level 8', moves } };
    } else {
      const a = AI.analyzeMove(st, 'expert', rand, { timeLimitMs: MS, maxDepth: 12 });
      stats.theirMs += performance.now() - t0;
      stats.theirMoves += 1;
      stats.theirDepth += a.stats.completedDepth ?? 0;
      m = match(p, st, { tm: a.move });
      if (!m) return { difference: { position: p, move: a.move, by: 'nkkmd', moves } };
    }
    ({ p, st } = m);
    moves.push(m.mv);
    if (settled(keyOfOurs(p)) !== settled(keyOfTheirs(st))) return { difference: { position: p, after: m.mv, by: 'positions', moves } };
  }
  const points = !p.result ? 0.5 : p.result.winner === oursSide ? 1 : 0;
  return { points, plies: moves.length, stats };
}

const results = [];
const differences = [];
const totals = { ourMs: 0, theirMs: 0, ourMoves: 0, theirMoves: 0, theirDepth: 0 };
let pairsPlayed = 0;
let tries = 0;
const t0 = Date.now();
while (pairsPlayed < PAIRS && tries < PAIRS * 5) {
  tries += 1;
  const o = opening();
  if (!o) continue;
  const pair = [game(o, 'south'), game(o, 'north')];
  const diff = pair.find((g) => g.difference);
  if (diff) {
    differences.push(diff.difference);
    console.log(`opening ${o.moves.join(' ')}: rules difference, set aside: ${JSON.stringify({ by: diff.difference.by, move: diff.difference.move ?? diff.difference.after, ply: diff.difference.moves.length })}`);
    continue;
  }
  pairsPlayed += 1;
  for (const g of pair) {
    results.push(g.points);
    for (const k of Object.keys(totals)) totals[k] += g.stats[k];
  }
  const score = results.reduce((a, b) => a + b, 0);
  console.log(`pair ${pairsPlayed}/${PAIRS} (${o.moves.join(' ')}): ${pair.map((g) => g.points).join(' + ')}; level 8 ${score}/${results.length} so far, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const n = results.length;
const wins = results.filter((x) => x === 1).length;
const draws = results.filter((x) => x === 0.5).length;
const score = results.reduce((a, b) => a + b, 0) / Math.max(n, 1);
// The interval over pairs (a pair's two games share their opening).
const pairScores = [];
for (let i = 0; i + 1 < n; i += 2) pairScores.push((results[i] + results[i + 1]) / 2);
const mean = pairScores.reduce((a, b) => a + b, 0) / Math.max(pairScores.length, 1);
const sd = Math.sqrt(pairScores.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(pairScores.length - 1, 1));
const half = (1.96 * sd) / Math.sqrt(Math.max(pairScores.length, 1));
const elo = (s) => (s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1));
console.log(`\nlevel 8 vs nkkmd expert, Kiswahili, ${MS} ms a move each, ${pairsPlayed} paired openings (${OPENING_PLIES} random plies):`);
console.log(`  level 8: ${wins} wins, ${draws} draws, ${n - wins - draws} losses of ${n}; score ${(100 * score).toFixed(1)}% [${(100 * (mean - half)).toFixed(1)}, ${(100 * (mean + half)).toFixed(1)}] (95%, over pairs)`);
console.log(`  Elo difference about ${elo(score).toFixed(0)} [${elo(mean - half).toFixed(0)}, ${elo(mean + half).toFixed(0)}]`);
console.log(`  mean time a move: level 8 ${(totals.ourMs / Math.max(totals.ourMoves, 1)).toFixed(0)} ms, nkkmd ${(totals.theirMs / Math.max(totals.theirMoves, 1)).toFixed(0)} ms; nkkmd's mean completed depth ${(totals.theirDepth / Math.max(totals.theirMoves, 1)).toFixed(1)}`);
console.log(`  openings set aside for a rules difference: ${differences.length}`);
for (const d of differences.slice(0, 10)) console.log(`    ${JSON.stringify(d)}`);
