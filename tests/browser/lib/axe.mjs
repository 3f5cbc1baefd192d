// axe-core (the npm package) run inside a page: its source is evaluated through playwright-core's protocol
// connection, which the page's Content-Security-Policy does not govern, so the pages are audited exactly as
// served. Only the WCAG 2.1 A and AA rules run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The axe tags of the WCAG 2.0 and 2.1 success criteria at levels A and AA. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off for every page, each with the reason it cannot apply here. Empty: no rule is disabled.
 * An entry must say why, e.g. `{ 'rule-id': 'why this rule gives a false result on these pages' }`.
 * @type {Record<string, string>}
 */
export const DISABLED = {};

/**
 * Runs axe on the page as it stands and returns its violations, each as
 * `{ id, impact, help, nodes: [{ target, summary }] }`.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const rules = Object.fromEntries(Object.keys(DISABLED).map((id) => [id, { enabled: false }]));
  return page.evaluate(async (options) => {
    const r = await window.axe.run(document, options);
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, { runOnly: { type: 'tag', values: WCAG21_AA }, rules, resultTypes: ['violations'] });
}

/** One line per violated rule and node, for an assertion message. */
export function describe(violations) {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target}\n    ${(n.summary || '').replace(/\n/g, ' ')}`))
    .join('\n');
}

/** Relative luminance of an sRGB colour given as `rgb(r, g, b)` or `rgba(...)` (WCAG 2.1 definition). */
export function luminance(css) {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(css);
  if (!m) throw new Error(`not an rgb() colour: ${css}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => {
    const c = Number(x) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
