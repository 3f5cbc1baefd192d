// What signing in with a passkey says (web/shared/sign-in.js, which loads these words with itself, on the first
// click of the header's sign-in button: the pages, the game page above all, do not carry them), in Kiswahili.
export default {
  'signin.working': 'Inasubiri ufunguo wako wa siri\u2026',
  'signin.cancelled': 'Hukuchagua ufunguo wa siri, kwa hiyo hakuna kilichobadilika.',
  'signin.unknown': 'Ufunguo huu wa siri si wa mchezaji yeyote hapa. Huenda uliondolewa, au uliundwa kwa tovuti nyingine.',
  'signin.unsupported': 'Kivinjari hiki hakiwezi kutumia funguo za siri. Badala yake fungua kiungo cha kuingia kutoka kwenye wasifu wako.',
  'signin.unavailable': 'Funguo za siri hufanya kazi tu tovuti ikifunguliwa kwa jina lake (kama localhost), si kwa anwani ya tarakimu.',
  'signin.slow': 'Majaribio mengi mno ya kuingia kwa sasa; subiri dakika moja kisha ujaribu tena.',
  'signin.failed': 'Kuingia hakukufaulu ({code}); jaribu tena.',
};
