// What signing in with a passkey says (web/shared/sign-in.js, which loads these words with itself, on the first
// click of the header's sign-in button: the pages, the game page above all, do not carry them), in Afrikaans.
export default {
  'signin.working': 'Wag vir jou wagwoordsleutel\u2026',
  'signin.cancelled': 'Geen wagwoordsleutel is gekies nie, dus het niks verander nie.',
  'signin.unknown': 'Hierdie wagwoordsleutel behoort aan geen speler hier nie. Dalk is dit verwyder, of vir \u2019n ander webwerf gemaak.',
  'signin.unsupported': 'Hierdie blaaier kan nie wagwoordsleutels gebruik nie. Maak eerder \u2019n aanmeldskakel van jou profiel oop.',
  'signin.unavailable': 'Wagwoordsleutels werk net as die webwerf by sy naam oopgemaak word (soos localhost), nie by \u2019n syferadres nie.',
  'signin.slow': 'Te veel aanmeldpogings op die oomblik; wag \u2019n minuut en probeer weer.',
  'signin.failed': 'Aanmelding het nie gewerk nie ({code}); probeer weer.',
};
