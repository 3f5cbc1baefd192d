// Draws the game page from the state: the board, players and presence, the share panel, the result, the
// actions, the status line. render() redraws everything that depends on the state, so any change is shown by
// calling it; it never changes the state.
import { $ } from '/common.js';
import { controlName } from '/shared/clock-format.js';
import { t, onLanguage } from '/i18n.js';
import { other, hasHouses } from '/shared/pits.js';
import { renderMoveList } from '/game/move-list.js';
import { moveMarks, renderNarration } from '/shared/narration.js';
import { Attention } from '/game/attention.js';
import { sideName, statusLine, resultHeading, resultDetail, stageText, stageHelp } from '/shared/words.js';

/** The rating every player starts a variant with (protocol.md, "Ratings and leaderboards"). */
const START_RATING = 1500;
/** How long a message next to the board stays. */
const MESSAGE_MS = 8000;

export class GameView {
  /**
   * @param {import('/game/state.js').GameState} state
   * @param {import('/shared/board.js').Board} board
   * @param {import('/shared/move-picker.js').MovePicker} picker draws the choices of a picked pit
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
    this.whyTimer = null;
    this.attention = new Attention(() => this.render());
    /** Parts drawn by modules of their own (clocks, takeback, quick messages): each has render(). */
    this.parts = [];
    this.wireShare();
    const help = $('[data-action=stage-help]');
    help.addEventListener('click', () => {
      const open = help.getAttribute('aria-expanded') !== 'true';
      help.setAttribute('aria-expanded', String(open));
      this.render();
    });
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
    this.attention.show(state.turn(), g.variant);
    $('a[data-role=rules-link]').href = `/rules/${g.variant}.html`;
    $('a[data-role=record-link]').href = `/api/games/${encodeURIComponent(this.gameId)}/record`;

    const pos = state.shownPosition();
    this.renderStage(pos);
    const arrows = this.picker.drawChoices();
    // While a move is animated the animation draws the board.
    if (!state.animating) {
      const turn = state.turn() === 'none' || state.browsing !== null ? null : g.position.to_move;
      this.board.render(pos, { legal: this.picker.legalByPit(), selected: this.picker.selected, arrows, last: this.lastMoveMarks(), seat: state.you, turn });
    }
    // The moves this browser may play now, in the server's order (empty when it cannot move).
    $('[data-role=board]').dataset.legal = state.canPlay() ? g.legal.join(' ') : '';

    this.renderPlayers();
    this.renderShare();
    this.renderResult();
    this.renderActions();
    renderMoveList(state, this.browse);
    renderNarration(state);
    this.renderViewing();

    $('[data-role=legend-nyumba]').hidden = !hasHouses(g.variant);
    // The move box is for the players of a game that goes on; never focused by itself (on a phone that would
    // open the keyboard over the board).
    $('[data-role=move-form]').hidden = state.you === 'spectator' || !!g.result || g.status === 'finished';
    const input = $('input[data-role=move-input]');
    input.placeholder = t('input.placeholder').replace('A6L', g.variant === 'kimasai' ? 'B4' : 'A6L');
    if (!state.pending && !state.animating) {
      const want = statusLine(state);
      // An announcement that ends with the status line ("North played a5R. Your turn.") stays.
      if (this.status !== want && !this.status.endsWith(want)) this.announce(want);
    }
    for (const part of this.parts) part.render();
  }

  /** The pits of the move that led to the position shown: start, sown, captured (its start only, without trace). */
  lastMoveMarks() {
    const ply = this.state.shownPly();
    if (ply <= 0) return new Map();
    const move = this.state.game.moves[ply - 1];
    const entry = this.state.traces[ply - 1];
    return moveMarks(move, entry && entry.move === move ? entry.trace : null);
  }

  /** The stage badge (not in Bao la Kujifunza, which has one stage) and its explanation behind the ? button; none
   * on the last position of a finished game (no stage is being played), shown again when stepping back. */
  renderStage(pos) {
    const stage = $('[data-role=stage]');
    const { game } = this.state;
    const over = !!game.result && this.state.shownPly() >= game.moves.length;
    stage.textContent = over ? '' : stageText(pos);
    stage.hidden = !stage.textContent; // no empty badge when the server names no stage
    const help = stageHelp(pos);
    const button = $('[data-action=stage-help]');
    button.hidden = !help || stage.hidden;
    const box = $('[data-role=stage-help]');
    box.textContent = help;
    box.hidden = button.hidden || button.getAttribute('aria-expanded') !== 'true';
    stage.title = help;
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
      // The name in its own element (`[data-role=player]`, ui.md), always as text; then the presence.
      const pname = el.querySelector('.pname');
      let who = /** @type {HTMLElement | null} */ (pname.querySelector('[data-role=player]'));
      if (!who) {
        who = document.createElement('span');
        who.dataset.role = 'player';
        const rating = document.createElement('span');
        rating.className = 'prating';
        pname.replaceChildren(who, rating, document.createElement('span'));
      }
      who.dataset.side = side;
      who.textContent = sideName(state, side);
      if (seat.player && !seat.player.deleted) who.dataset.player = seat.player.id;
      else delete who.dataset.player;
      // The rating only in a rated game (ui.md): in a casual one it is not at stake. Before a player's first rated
      // game of the variant the server has none (`null`): they start at Glicko-2's 1500, shown as provisional.
      const rated = g.rated && seat.player && !seat.player.deleted;
      const rating = rated ? (seat.player.rating ?? START_RATING) : null;
      if (rated) who.dataset.rating = String(rating);
      else delete who.dataset.rating;
      const ratingBox = /** @type {HTMLElement} */ (who.nextElementSibling);
      ratingBox.textContent = rated ? ` (${rating}${seat.player.rating == null ? '?' : ''})` : '';
      ratingBox.title = rated ? t('rating.title') : '';
      who.toggleAttribute('data-online', taken && online);
      /** @type {HTMLElement} */ (pname.lastElementChild).textContent = ` · ${taken ? t(online ? 'presence.online' : 'presence.offline') : t('presence.free')}`;
      el.classList.toggle('turn', !g.result && g.status === 'playing' && g.position.to_move === side);
      el.dataset.online = String(taken && online);
    }
    $('[data-role=watchers]').textContent = t('presence.watchers', { n: state.presence.watchers || 0 });
    // The computer's turn: it is searching (up to 1.5 s), which nothing else on the page would say.
    $('[data-role=thinking]').hidden = !!g.result || g.status !== 'playing' || g.seats[g.position.to_move]?.kind !== 'computer';
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
    // Who invites, and to what: the taken seat's player, the variant and the clock.
    const host = ['south', 'north'].map((s) => g.seats[s]).find((seat) => seat.taken !== false && seat.player && !seat.player.deleted);
    const invite = $('[data-role=join-invite]');
    invite.textContent = host
      ? t('join.invite', { name: host.player.name, variant: t('variant.' + g.variant), clock: controlName(g.control) })
      : '';
    invite.hidden = !host;
    if (share.hidden) return;
    const url = this.shareUrl();
    const input = $('input[data-role=share-link]');
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
        $('input[data-role=share-link]').select();
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

  /** The result, and inside it what comes next: the rematch (offered, or to accept), a new game. */
  renderResult() {
    const { state } = this;
    const g = state.game;
    const res = $('[data-role=result]');
    const r = g.result;
    res.hidden = !r;
    if (!r) {
      delete res.dataset.winner;
      return;
    }
    // A draw has no winner: the attribute is left out rather than given a value ui.md does not list.
    if (r.winner) res.dataset.winner = r.winner;
    else delete res.dataset.winner;
    $('[data-role=result-title]').textContent = resultHeading(state);
    $('[data-role=result-detail]').textContent = resultDetail(state);
    this.renderRatingChanges();
    const player = state.you !== 'spectator';
    const rematch = $('button[data-action=rematch]');
    rematch.hidden = !player || !!state.rematch.game;
    rematch.disabled = state.rematch.mine && !state.rematch.theirs;
    rematch.textContent = t(state.rematch.theirs ? 'rematch.accept' : 'rematch.offer');
    let text = '';
    if (player && state.rematch.theirs) text = t('rematch.theyOffer');
    else if (player && state.rematch.mine) text = t('rematch.offered');
    const offer = $('[data-role=rematch-text]');
    offer.textContent = text;
    offer.hidden = !text;
    res.classList.toggle('offered', player && state.rematch.theirs);
    const link = $('a[data-role=rematch-link]');
    link.hidden = !state.rematch.game;
    if (state.rematch.game) link.href = `/g/${encodeURIComponent(state.rematch.game)}`;
    $('a[data-action=new-game]').href = `/?variant=${encodeURIComponent(g.variant)}`;
  }

  /** A rated game's rating changes (game/ratings.js, loaded only once a rated game has them). */
  renderRatingChanges() {
    const box = $('[data-role=rating-changes]');
    if (!this.state.ratings) {
      box.hidden = true;
      return;
    }
    import('/game/ratings.js').then((m) => m.renderRatingChanges(box, this.state)).catch(() => {});
  }

  /** Brings the result box, with the opponent's rematch offer in it, into view. */
  showOffer() {
    const res = $('[data-role=result]');
    if (!res.hidden) res.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  /** Resign while the game goes on (confirmed by a second button); nothing once it is over. */
  renderActions() {
    const { state } = this;
    const g = state.game;
    const playing = state.you !== 'spectator' && g.status === 'playing' && !g.result;
    const confirm = $('[data-role=confirm-resign]');
    if (!playing) confirm.hidden = true;
    $('[data-action=resign]').hidden = !playing || !confirm.hidden;
  }

  /** The bar saying which earlier position is shown, with the way back to the game. */
  renderViewing() {
    const n = this.state.browsing;
    $('[data-role=viewing]').hidden = n === null;
    if (n === null) return;
    $('[data-role=viewing-text]').textContent = n === 0 ? t('moves.start') : t('moves.viewing', { n, move: this.state.game.moves[n - 1] });
  }

  /**
   * Says something in the status line, an ARIA live region: screen readers hear `text` at once, and it is shown
   * (ending what showing() put over it).
   */
  announce(text) {
    this.status = text;
    const said = $('[data-role=status] [data-part=said]');
    if (said.textContent !== text) said.textContent = text;
    this.showing('');
  }

  /**
   * While the board draws a move that announce() has already told in full ("North played a5L. Captured: …"),
   * the status line shows what the board is doing ("North plays a5L…") instead, for the eye only: the told
   * sentence stays in the live region for screen readers, so they hear the move once, as soon as it is
   * confirmed, and nothing more when the animation ends ('' shows the told sentence again).
   */
  showing(text) {
    const shown = $('[data-role=status] [data-part=shown]');
    if (shown.textContent !== text) shown.textContent = text;
    shown.hidden = !text;
    $('[data-role=status] [data-part=said]').classList.toggle('vh', !!text);
  }

  /** Says next to the board why a pit or move cannot be played ('' clears it); it goes away by itself. */
  explain(text, pit) {
    const el = $('[data-role=why]');
    el.textContent = text;
    el.hidden = !text;
    clearTimeout(this.whyTimer);
    if (!text) return;
    if (pit) this.board.deny(pit);
    this.whyTimer = setTimeout(() => this.explain(''), MESSAGE_MS);
  }

  /** A message that goes away by itself. */
  toast(text) {
    const el = $('[data-role=toast]');
    el.textContent = text;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      el.textContent = '';
    }, MESSAGE_MS);
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
