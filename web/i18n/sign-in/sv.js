// What signing in with a passkey says (web/shared/sign-in.js, which loads these words with itself, on the first
// click of the header's sign-in button: the pages, the game page above all, do not carry them), in Swedish.
export default {
  'signin.working': 'Väntar på din nyckel\u2026',
  'signin.cancelled': 'Ingen nyckel valdes, så inget har ändrats.',
  'signin.unknown': 'Den här nyckeln hör inte till någon spelare här. Den kanske har tagits bort, eller skapades för en annan webbplats.',
  'signin.unsupported': 'Den här webbläsaren kan inte använda nycklar. Öppna en inloggningslänk från din profil i stället.',
  'signin.unavailable': 'Nycklar fungerar bara när webbplatsen öppnas med sitt namn (till exempel localhost), inte med en sifferadress.',
  'signin.slow': 'För många inloggningsförsök just nu; vänta en minut och försök igen.',
  'signin.failed': 'Inloggningen fungerade inte ({code}); försök igen.',
};
