// Makes the web app's icons (web/icons/*.png, named in web/manifest.webmanifest) from web/logo.svg: Chromium draws
// the logo at each size, pngquant makes the PNGs small. Run: `node make-icons.mjs` (needs pngquant), then commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, launchBrowser } from './lib/harness.mjs';

const svg = readFileSync(join(ROOT, 'web/logo.svg'), 'utf8');
const icons = [
  // `any`: the logo alone on a transparent ground, as large as it goes.
  { file: 'icon-192.png', size: 192, scale: 1, ground: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, ground: 'transparent' },
  // `maskable`: the launcher crops to a shape within the middle 80%; the logo keeps to the middle 60%, on the
  // board's light wood so that no crop shows a transparent edge.
  { file: 'maskable-512.png', size: 512, scale: 0.6, ground: '#efe3c9' },
];

const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = Math.round(icon.size * icon.scale);
    const img = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:${icon.ground};display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px">` +
        `<img src="${img}" width="${inner}" height="${inner}"></body>`,
    );
    await page.waitForFunction(() => document.images[0].complete);
    const png = await page.screenshot({ omitBackground: icon.ground === 'transparent' });
    const out = join(ROOT, 'web/icons', icon.file);
    writeFileSync(out, png);
    const q = spawnSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--output', out, '16', out], { stdio: 'inherit' });
    if (q.status !== 0 && q.status !== 98 && q.status !== 99) throw new Error(`pngquant ${icon.file}: ${q.status}`);
    await page.close();
  }
} finally {
  await browser.close();
}
