// What signing in with a passkey says (web/shared/sign-in.js, which loads these words with itself, on the first
// click of the header's sign-in button: the pages, the game page above all, do not carry them), in English.
export default {
  'signin.working': 'Waiting for your passkey\u2026',
  'signin.cancelled': 'No passkey was chosen, so nothing changed.',
  'signin.unknown': 'This passkey does not belong to any player here. Perhaps it was removed, or made for another site.',
  'signin.unsupported': 'This browser cannot use passkeys. Open a sign-in link from your profile instead.',
  'signin.unavailable': 'Passkeys only work when the site is opened by its name (such as localhost), not by a numeric address.',
  'signin.slow': 'Too many sign-in attempts just now; wait a minute and try again.',
  'signin.failed': 'Signing in did not work ({code}); try again.',
};
