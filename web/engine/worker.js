// The engine's Web Worker: the WebAssembly module (bao.wasm: bao-core and bao-ai, crates/bao-wasm) answering the
// page's requests one at a time, so that a search never freezes the page. A message `{ id, request }` (a request
// of crates/bao-wasm's docs, as an object) is answered `{ id, answer }`, or `{ id, failed }` when the module
// cannot run here. A search is cancelled by terminating the worker (engine.js starts another).
import { instantiate } from './module.js';

const url = new URL('./bao.wasm', import.meta.url);
const ready = instantiate(fetch(url)).catch(async () =>
  // A server that does not say `application/wasm` cannot be compiled from the stream: from the bytes then.
  instantiate(await (await fetch(url)).arrayBuffer()),
);

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const { id, request } = e.data;
  try {
    const engine = await ready;
    self.postMessage({ id, answer: JSON.parse(engine.call(JSON.stringify(request))) });
  } catch (err) {
    self.postMessage({ id, failed: String(err) });
  }
};
