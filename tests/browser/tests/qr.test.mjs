// The QR encoder of web/qr.js, decoded with jsQR (an independent decoder) for many texts and both levels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { encode } from '../../../web/qr.js';

function rasterize(qr, scale = 4, border = 4) {
  const n = (qr.size + border * 2) * scale;
  const data = new Uint8ClampedArray(n * n * 4).fill(255);
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.modules[y][x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + border) * scale + dy) * n + (x + border) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  return { data, n };
}

function decode(qr) {
  const { data, n } = rasterize(qr);
  const r = jsQR(data, n, n, { inversionAttempts: 'dontInvert' });
  return r && r.data;
}

test('known size for a short text: "HELLO" at level M is version 1 (21x21)', () => {
  const qr = encode('HELLO', { ecl: 'M' });
  assert.equal(qr.version, 1);
  assert.equal(qr.size, 21);
  assert.equal(decode(qr), 'HELLO');
});

test('share links of every length up to version 6 decode back, levels L and M', () => {
  for (const ecl of ['L', 'M']) {
    for (let len = 1; len <= 130; len += 7) {
      const text = `https://bao.example.org/g/${'xY9_-'.repeat(30).slice(0, len)}`;
      const qr = encode(text, { ecl });
      assert.ok(qr.version <= 10);
      assert.equal(decode(qr), text, `${ecl} len ${text.length} version ${qr.version}`);
    }
  }
});

test('every version 1..6 at level M is produced and decodes', () => {
  const seen = new Set();
  for (let v = 1; v <= 6; v++) {
    const qr = encode('/g/abc', { ecl: 'M', minVersion: v });
    seen.add(qr.version);
    assert.equal(qr.size, qr.version * 4 + 17);
    assert.equal(decode(qr), '/g/abc');
  }
  assert.deepEqual([...seen], [1, 2, 3, 4, 5, 6]);
});

test('UTF-8 text in byte mode', () => {
  const qr = encode('Bao · Zanzibar ✓', { ecl: 'M' });
  assert.equal(decode(qr), 'Bao · Zanzibar ✓');
});
