// What signing in with a passkey says (web/shared/sign-in.js, which loads these words with itself, on the first
// click of the header's sign-in button: the pages, the game page above all, do not carry them), in Dutch.
export default {
  'signin.working': 'Wachten op je toegangssleutel\u2026',
  'signin.cancelled': 'Er is geen toegangssleutel gekozen, dus er is niets veranderd.',
  'signin.unknown': 'Deze toegangssleutel hoort bij geen enkele speler hier. Misschien is hij verwijderd, of voor een andere site gemaakt.',
  'signin.unsupported': 'Deze browser kan geen toegangssleutels gebruiken. Open in plaats daarvan een inloglink vanaf je profiel.',
  'signin.unavailable': 'Toegangssleutels werken alleen als de site via zijn naam is geopend (zoals localhost), niet via een numeriek adres.',
  'signin.slow': 'Er is net te vaak geprobeerd in te loggen; wacht een minuut en probeer het opnieuw.',
  'signin.failed': 'Inloggen is niet gelukt ({code}); probeer het opnieuw.',
};
