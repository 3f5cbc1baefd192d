// A finished game's export (`[data-role=export]`, in the result): its record to download (GET
// /api/games/{id}/record), its link to share (the system's share sheet where there is one, else copied), a picture
// of its board drawn by the server (GET /api/games/{id}/board.svg, also the link preview's og:image), and the whole
// game on the analysis board (/analysis?game=ID imports the record). Loaded once the game is over, with its words
// (web/i18n/export/<lang>.js) and look (export.css): a game in play carries none of it.
import { t, lang, onLanguage } from '/i18n.js';

/** @type {{ lang: string, words: Record<string, string> } | null} */
let dictionary = null;

/** This module's words in the page's language (English for a key it lacks). */
async function loadWords() {
  const l = lang();
  if (dictionary && dictionary.lang === l) return;
  const [mine, en] = await Promise.all([import(`/i18n/export/${l}.js`).catch(() => null), import('/i18n/export/en.js')]);
  dictionary = { lang: l, words: { ...en.default, ...mine?.default } };
}

/** A word of this module, `{name}`s filled. */
function w(key, params = {}) {
  const s = (dictionary && dictionary.words[key]) ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

export class Export {
  /** @param {import('/types').Page} page */
  constructor(page) {
    this.page = page;
    const id = encodeURIComponent(page.gameId);
    this.id = id;
    const look = document.createElement('link');
    look.rel = 'stylesheet';
    look.href = '/game/export.css';
    document.head.append(look);
    // Static markup: no text from elsewhere goes into it (the words are set as text in render()).
    const box = document.createElement('div');
    box.className = 'export';
    box.dataset.role = 'export';
    box.setAttribute('role', 'group');
    box.hidden = true;
    box.innerHTML = `
      <a class="button" data-action="download-record" href="/api/games/${id}/record" download></a>
      <button type="button" data-action="share-game"></button>
      <a class="button" data-action="board-picture" href="/api/games/${id}/board.svg" target="_blank" rel="noopener"></a>
      <a class="button" data-action="analyse-record" href="/analysis?game=${id}"></a>
      <span class="hint" data-role="export-status" aria-live="polite"></span>`;
    const result = document.querySelector('[data-role=result]');
    const actions = result && result.querySelector('.result-actions');
    if (actions) actions.after(box);
    else if (result) result.append(box);
    this.box = box;
    box.querySelector('button[data-action=share-game]').addEventListener('click', () => this.share());
    const redraw = () => loadWords().then(() => this.render());
    onLanguage(redraw);
    redraw();
  }

  render() {
    const g = this.page.state.game;
    const box = this.box;
    // Shown once the game is over and this module's words are there (no button without its name).
    box.hidden = !g || !g.result || !dictionary;
    if (box.hidden) return;
    box.setAttribute('aria-label', w('export.title'));
    const text = (sel, key) => {
      const el = box.querySelector(sel);
      if (el.textContent !== w(key)) el.textContent = w(key);
    };
    text('a[data-action=download-record]', 'export.download');
    text('button[data-action=share-game]', 'export.share');
    text('a[data-action=board-picture]', 'export.picture');
    text('a[data-action=analyse-record]', 'export.analyse');
    // The file is named after the game: bao-kiswahili-ID.txt.
    box.querySelector('a[data-action=download-record]').setAttribute('download', `bao-${g.variant}-${this.page.gameId}.txt`);
  }

  /** The game's public link: shared through the system's sheet where there is one, else copied. */
  async share() {
    const url = this.page.state.shareUrl || `${location.origin}/g/${this.id}`;
    const out = this.box.querySelector('[data-role=export-status]');
    out.textContent = '';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Bao', text: w('export.shareText'), url });
        return;
      } catch (e) {
        // Dismissed by the player: nothing to say. Refused otherwise: the link is copied instead.
        if (e && e.name === 'AbortError') return;
      }
    }
    let ok = false;
    try {
      await navigator.clipboard.writeText(url);
      ok = true;
    } catch {
      ok = false;
    }
    out.textContent = ok ? t('share.copied') : w('export.copyFailed', { url });
  }
}
