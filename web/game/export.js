// A finished game's export (`[data-role=export]` in the result): its record to download (GET
// /api/games/{id}/record), its link to share (the system's share sheet where there is one, else copied), a picture
// of its board drawn by the server (GET /api/games/{id}/board.svg, also the link preview's og:image), and the whole
// game on the analysis board (/analysis?game=ID imports the record). Loaded once the game is over.
import { $ } from '/common.js';
import { t } from '/i18n.js';

export class Export {
  /** @param {import('/types').Page} page */
  constructor(page) {
    this.page = page;
    const id = encodeURIComponent(page.gameId);
    const download = $('a[data-action=download-record]');
    download.href = `/api/games/${id}/record`;
    $('a[data-action=board-picture]').href = `/api/games/${id}/board.svg`;
    $('a[data-action=analyse-record]').href = `/analysis?game=${id}`;
    $('button[data-action=share-game]').addEventListener('click', () => this.share());
    this.id = id;
  }

  render() {
    const g = this.page.state.game;
    const box = $('[data-role=export]');
    box.hidden = !g || !g.result;
    if (box.hidden) return;
    // The file is named after the game: bao-kiswahili-ID.txt.
    $('a[data-action=download-record]').setAttribute('download', `bao-${g.variant}-${this.page.gameId}.txt`);
  }

  /** The game's public link: shared through the system's sheet where there is one, else copied. */
  async share() {
    const url = this.page.state.shareUrl || `${location.origin}/g/${this.id}`;
    const out = $('[data-role=export-status]');
    out.textContent = '';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Bao', text: t('export.shareText'), url });
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
    out.textContent = ok ? t('share.copied') : t('export.copyFailed', { url });
  }
}
