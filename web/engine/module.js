// The engine module (bao.wasm, crates/bao-wasm) instantiated, with its one call: a JSON request's text in, the
// answer's text out. Shared by the Web Worker (worker.js) and the parity test (tests/wasm/parity.mjs).

/**
 * @param {BufferSource | Response | Promise<Response>} source the module's bytes, or its response (streamed)
 * @returns {Promise<{ call: (request: string) => string }>}
 */
export async function instantiate(source) {
  const imports = { bao: { now_ms: () => performance.now() } };
  const { instance } =
    source instanceof Response || source instanceof Promise
      ? await WebAssembly.instantiateStreaming(source, imports)
      : await WebAssembly.instantiate(/** @type {BufferSource} */ (source), imports);
  const x = /** @type {any} */ (instance.exports);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    call(request) {
      const bytes = encoder.encode(request);
      const at = x.bao_input(bytes.length);
      // The memory may have grown (and its buffer changed) since the last call: views are made afresh.
      new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
      const n = x.bao_request();
      return decoder.decode(new Uint8Array(x.memory.buffer, x.bao_output(), n));
    },
  };
}
