// Draws the game page from the state: the board, players and presence, the share panel, the result, the
// actions, the status line. render() redraws everything that depends on the state, so any change is shown by
// calling it; it never changes the state.
import { $ } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { movePit, other, hasHouses } from '/pits.js';
import { renderMoveList } from '/game/move-list.js';
import { sideName, statusLine, resultHeading, resultDetail, stageText } from '/game/words.js';

export class GameView {
  /**
   * @param {import('/game/state.js').GameState} state
   * @param {import('/board.js').Board} board
   * @param {import('/game/move-picker.js').MovePicker} picker draws the choices of a picked pit
   * @param {{ gameId: string, browse: (ply: number) => void }} opts
   */
  constructor(state, board, picker, { gameId, browse }) {
    this.state = state;
    this.board = board;
    this.picker = picker;
    this.gameId = gameId;
    this.browse = browse;
    this.status = ''; // the last text announced in the status line
    this.toastTimer = null;
    this.wireShare();
    onLanguage(() => {
      delete $('[data-role=qr]').dataset.done;
      this.status = '';
      this.render();
    });
  }

  render() {
    const { state } = this;
    const g = state.game;
    if (!g) return;
    document.body.dataset.seat = state.you;
    $('[data-role=loading]').hidden = true;
    $('[data-role=game]').hidden = false;
    this.board.setView(state.you === 'north' ? 'north' : 'south');
    $('[data-role=variant-name]').textContent = t(`variant.${g.variant}`);
    document.title = `${state.myTurn() && !state.pending ? '● ' : ''}${t(`variant.${g.variant}`)} · Bao`;
    $('[data-role=rules-link]').href = `/rules/${g.variant}.html`;
    $('[data-role=record-link]').href = `/api/games/${encodeURIComponent(this.gameId)}/record`;

    const pos = state.shownPosition();
    const stage = $('[data-role=stage]');
    stage.textContent = stageText(pos);
    stage.hidden = !stage.textContent; // no empty badge when the server names no stage
    const arrows = this.picker.drawChoices();
    // While a move is animated the animation draws the board.
    if (!state.animating) {
      this.board.render(pos, { legal: this.picker.legalByPit(), selected: this.picker.selected, arrows, last: this.lastMovePits(), seat: state.you });
    }
    // The moves this browser may play now, in the server's order (empty when it cannot move).
    $('[data-role=board]').dataset.legal = state.canPlay() ? g.legal.join(' ') : '';

    this.renderPlayers();
    this.renderShare();
    this.renderResult();
    this.renderActions();
    renderMoveList(state, this.browse);
    this.renderViewing();

    $('[data-role=legend-nyumba]').hidden = !hasHouses(g.variant);
    const input = $('input[data-role=move-input]');
    input.placeholder = t('input.placeholder').replace('A6L', g.variant === 'kimasai' ? 'B4' : 'A6L');
    if (!state.pending && !state.animating) {
      const want = statusLine(state);
      // An announcement that ends with the status line ("North played a5R. Your turn.") stays.
      if (this.status !== want && !this.status.endsWith(want)) this.announce(want);
    }
  }

  /** The start pit of the move that led to the position shown. */
  lastMovePits() {
    const ply = this.state.shownPly();
    const pit = ply > 0 && movePit(this.state.game.moves[ply - 1]);
    return new Set(pit ? [pit] : []);
  }

  renderPlayers() {
    const { state } = this;
    const g = state.game;
    const bottom = state.you === 'north' ? 'north' : 'south';
    for (const [role, side] of [['player-top', other(bottom)], ['player-bottom', bottom]]) {
      const el = $(`[data-role=${role}]`);
      const seat = g.seats[side];
      const taken = seat.taken !== false;
      const online = seat.kind === 'computer' || !!state.presence[side];
      el.querySelector('.dot').classList.toggle('on', taken && online);
      el.querySelector('.pname').textContent = `${sideName(state, side)} · ${taken ? t(online ? 'presence.online' : 'presence.offline') : t('presence.free')}`;
      el.classList.toggle('turn', !g.result && g.status === 'playing' && g.position.to_move === side);
      el.dataset.online = String(taken && online);
    }
    $('[data-role=watchers]').textContent = t('presence.watchers', { n: state.presence.watchers || 0 });
    $('[data-role=spectating]').hidden = state.you !== 'spectator';
  }

  /** While a seat is free: the share panel (link and QR code) for the player, the Join button for a visitor. */
  renderShare() {
    const { state } = this;
    const g = state.game;
    const free = !g.result && (g.status === 'waiting' || ['south', 'north'].some((s) => g.seats[s].taken === false));
    const share = $('[data-role=share]');
    share.hidden = !(free && state.you !== 'spectator');
    $('[data-role=joinbox]').hidden = !(free && state.you === 'spectator');
    if (share.hidden) return;
    const url = this.shareUrl();
    const input = $('[data-role=share-link]');
    if (input.value !== url) input.value = url;
    const qr = $('[data-role=qr]');
    if (!qr.dataset.done) {
      // Drawn by the server (GET /g/{id}/qr.svg): the same link, cached by the browser.
      const img = document.createElement('img');
      img.src = `/g/${encodeURIComponent(this.gameId)}/qr.svg`;
      img.alt = t('share.qr');
      qr.replaceChildren(img);
      qr.dataset.done = '1';
    }
    $('[data-action=share-link]').hidden = typeof navigator.share !== 'function';
  }

  shareUrl() {
    return this.state.shareUrl || `${location.origin}/g/${encodeURIComponent(this.gameId)}`;
  }

  wireShare() {
    $('[data-action=copy-link]').addEventListener('click', async () => {
      const out = $('[data-role=copy-status]');
      try {
        await navigator.clipboard.writeText(this.shareUrl());
        out.textContent = t('share.copied');
      } catch {
        // No clipboard API (plain http, or refused): the old way, from the selected input.
        $('[data-role=share-link]').select();
        let ok = false;
        try {
          ok = document.execCommand('copy');
        } catch {
          ok = false;
        }
        out.textContent = t(ok ? 'share.copied' : 'share.copyFailed');
      }
    });
    $('[data-action=share-link]').addEventListener('click', () => {
      navigator.share({ title: 'Bao', text: t('share.shareText'), url: this.shareUrl() }).catch(() => {});
    });
  }

  renderResult() {
    const res = $('[data-role=result]');
    const r = this.state.game.result;
    res.hidden = !r;
    if (!r) {
      delete res.dataset.winner;
      return;
    }
    // A draw has no winner: the attribute is left out rather than given a value ui.md does not list.
    if (r.winner) res.dataset.winner = r.winner;
    else delete res.dataset.winner;
    const strong = document.createElement('strong');
    strong.textContent = resultHeading(this.state);
    const why = document.createElement('span');
    why.textContent = resultDetail(this.state);
    res.replaceChildren(strong, why);
  }

  /** Resign while the game goes on; offer or accept a rematch once it is over. */
  renderActions() {
    const { state } = this;
    const g = state.game;
    const player = state.you !== 'spectator';
    $('[data-action=resign]').hidden = !(player && g.status === 'playing' && !g.result);
    const rematch = $('[data-action=rematch]');
    rematch.hidden = !(player && g.result);
    rematch.disabled = state.rematch.mine && !state.rematch.theirs;
    rematch.textContent = t(state.rematch.theirs ? 'rematch.accept' : 'rematch.offer');
    let text = '';
    if (player && g.result && state.rematch.theirs) text = t('rematch.theyOffer');
    else if (player && g.result && state.rematch.mine) text = t('rematch.offered');
    $('[data-role=rematch-text]').textContent = text;
    const link = $('[data-role=rematch-link]');
    link.hidden = !state.rematch.game;
    if (state.rematch.game) link.href = `/g/${encodeURIComponent(state.rematch.game)}`;
  }

  /** The bar saying which earlier position is shown, with the way back to the game. */
  renderViewing() {
    const n = this.state.browsing;
    $('[data-role=viewing]').hidden = n === null;
    if (n === null) return;
    $('[data-role=viewing-text]').textContent = n === 0 ? t('moves.start') : t('moves.viewing', { n, move: this.state.game.moves[n - 1] });
  }

  /** Says something in the status line, an ARIA live region. */
  announce(text) {
    this.status = text;
    const el = $('[data-role=status]');
    if (el.textContent !== text) el.textContent = text;
  }

  /** A message that goes away by itself. */
  toast(text) {
    const el = $('[data-role=toast]');
    el.textContent = text;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      el.textContent = '';
    }, 6000);
  }

  showConnection(open) {
    const el = $('[data-role=connection]');
    el.dataset.state = open ? 'open' : 'reconnecting';
    el.dataset.i18n = open ? 'conn.open' : 'conn.reconnecting';
    el.textContent = t(el.dataset.i18n);
    this.render();
  }

  showNotFound() {
    $('[data-role=loading]').hidden = true;
    $('[data-role=notfound]').hidden = false;
  }
}
