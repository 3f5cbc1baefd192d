// The web client's dictionaries as the pages see them (web/i18n.js): the shared words of web/i18n/<lang>.js and, for
// a page with <body data-i18n-page="<page>">, its own of web/i18n/pages/<page>/<lang>.js.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

const I18N = join(ROOT, 'web', 'i18n');

/** One dictionary file, loaded as it is (the files under web/ are ES modules without a package.json saying so). */
async function load(path) {
  const src = readFileSync(join(I18N, path), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}

/** The words a page shows in a language: the shared ones, with its own when it has a dictionary (`page`). */
export async function words(lang, page = null) {
  return { ...(await load(`${lang}.js`)), ...(page ? await load(`pages/${page}/${lang}.js`) : {}) };
}

/** Every key of every dictionary (their English: the other languages have the same keys). */
export async function allKeys() {
  const keys = new Set(Object.keys(await load('en.js')));
  for (const page of readdirSync(join(I18N, 'pages'))) for (const k of Object.keys(await load(`pages/${page}/en.js`))) keys.add(k);
  return keys;
}
