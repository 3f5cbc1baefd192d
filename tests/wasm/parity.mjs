// The parity test's browser side (crates/bao-wasm/tests/parity.rs runs it): every request of FILE answered by
// the module (web/engine/bao.wasm, loaded as the Web Worker loads it) must give the native answer's exact bytes.
// Usage: node tests/wasm/parity.mjs CASES.json MODULE.wasm
import { readFileSync } from 'node:fs';
import { instantiate } from '../../web/engine/module.js';

const [file, wasm] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(file, 'utf8'));
const engine = await instantiate(readFileSync(wasm));
let bad = 0;
for (const { request, answer } of cases) {
  const got = engine.call(request);
  if (got !== answer) {
    bad += 1;
    if (bad <= 5) console.error(`differs: ${request.slice(0, 200)}\n  native: ${answer.slice(0, 300)}\n  wasm:   ${got.slice(0, 300)}`);
  }
}
if (bad) {
  console.error(`${bad} of ${cases.length} answers differ`);
  process.exit(1);
}
console.log(`${cases.length} answers alike`);
