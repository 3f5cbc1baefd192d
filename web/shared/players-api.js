// The requests of the profile and leaderboard pages (docs/protocol.md, "Players" and "Ratings and leaderboards"),
// through web/api.js's request(); apart from it so that the pages that do not show players (the game page above
// all) do not load them.
import { request, ApiError, PLAYER } from '/api.js';

const player = (id) => `/api/players/${encodeURIComponent(id)}`;

/** GET /api/players/{id}: a player's public profile, or null when there is no such player (or it was deleted). */
export async function fetchPlayer(id) {
  try {
    const { data } = await request(player(id), { cache: 'no-store' });
    if (!data?.id) throw new ApiError('bad_answer');
    return data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * GET /api/players/{id}/games: a page of the player's games (GameSummary), newest first; `before` (Unix ms) and
 * `beforeId`, the `created` and `id` of the previous page's last game, ask for the page after it.
 * @param {string} id @param {number} [before] @param {string} [beforeId] @returns {Promise<any[]>}
 */
export async function fetchPlayerGames(id, before, beforeId) {
  const query = before === undefined ? ''
    : `?before=${encodeURIComponent(before)}${beforeId ? `&before_id=${encodeURIComponent(beforeId)}` : ''}`;
  const { data } = await request(`${player(id)}/games${query}`, { cache: 'no-store' });
  return Array.isArray(data) ? data : [];
}

/**
 * GET /api/players/{id}/rating-history: each variant's ratings after each rated game, oldest first (an empty
 * object when the server has none to give).
 * @param {string} id @returns {Promise<Record<string, Array<{ at: number, rating: number, game: string }>>>}
 */
export async function fetchRatingHistory(id) {
  try {
    const { data } = await request(`${player(id)}/rating-history`, { cache: 'no-store' });
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return {};
    throw e;
  }
}

/**
 * GET /api/leaderboard?variant=V: the best established ratings of the variant, in order.
 * @param {string} variant @returns {Promise<Array<{ player: { id: string, name: string }, rating: number, games: number }>>}
 */
export async function fetchLeaderboard(variant) {
  const { data } = await request(`/api/leaderboard?variant=${encodeURIComponent(variant)}`, { cache: 'no-store' });
  return Array.isArray(data) ? data : [];
}

/** DELETE /api/players/me: deletes this browser's player (its games stay, shown as a deleted player's). */
export async function deletePlayer() {
  await request('/api/players/me', { method: 'DELETE' });
  try {
    localStorage.removeItem(PLAYER);
  } catch {
    // nothing kept to forget
  }
}

/** Where this browser's player's data is downloaded as JSON (a link: the browser saves the answer). */
export const EXPORT_URL = '/api/players/me/export';
